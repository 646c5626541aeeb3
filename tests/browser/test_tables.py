"""Build-time tables in Chromium: the exact fractions one keypress (or tap) away, with and
without JavaScript, on a phone, light and dark, with no serious axe finding."""

from __future__ import annotations

import pytest

from tests.browser import axe
from tests.helpers.site import Site

PAGE = "compare/"  # a real page with a wide table of chances and no widget to wait for
PHONE = {"width": 390, "height": 844}
BOX = ".rollkit-show-exact"

# For the table after the first checkbox: each probability cell's title, the text of its
# fraction span, whether that span is shown, and whether it fits on one line.
CELLS = """() => {
    const table = document.querySelector('.rollkit-show-exact').parentElement.querySelector('table');
    return [...table.querySelectorAll('.rollkit-p')].map((cell) => {
        const frac = cell.querySelector('.rollkit-frac');
        const rect = frac.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(frac).lineHeight) || 20;
        return { title: cell.getAttribute('title'), frac: frac.textContent, text: cell.innerText,
                 shown: frac.checkVisibility() && rect.height > 0, oneLine: rect.height < 1.5 * line,
                 nowrap: getComputedStyle(frac).whiteSpace === 'nowrap'
                         && getComputedStyle(cell).whiteSpace === 'nowrap' };
    });
}"""


def tab_to_checkbox(page: object, limit: int = 200) -> None:
    """Press Tab until the first "Show exact fractions" checkbox has the keyboard focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        if page.evaluate(f"document.activeElement.matches('{BOX}')"):  # type: ignore[attr-defined]
            return
    raise AssertionError(f"Tab never reached the checkbox in {limit} presses")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_space_on_the_checkbox_shows_each_exact_fraction(browser: object, site: Site, scheme: str) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(site.url(PAGE))
        box = page.locator(BOX).first
        label = page.locator(f"label[for='{box.get_attribute('id')}']")
        assert label.inner_text().strip() == "Show exact fractions" and label.is_visible()
        before = page.evaluate(CELLS)
        assert len(before) >= 10 and not any(c["shown"] for c in before), before[:2]
        assert all(c["text"].strip().endswith("%") for c in before), before[:2]  # the percentage alone

        tab_to_checkbox(page)
        outline = box.evaluate("(e) => getComputedStyle(e).outlineStyle")
        assert outline == "solid", "the focused checkbox shows no focus outline"
        page.keyboard.press("Space")
        assert box.is_checked()
        after = page.evaluate(CELLS)
        assert all(c["shown"] and c["oneLine"] and c["nowrap"] for c in after), [
            c for c in after if not (c["shown"] and c["oneLine"] and c["nowrap"])
        ][:3]
        assert [c["frac"] for c in after] == [c["title"] for c in after]
        assert all(c["text"].split("\n")[-1].strip() == c["title"] for c in after), after[:2]

        # wider now: where it scrolls at 390px, the table stays a named, focusable region
        page.wait_for_function("""() => { const w = document.querySelector('.rollkit-show-exact')
            .parentElement.querySelector('.md-typeset__scrollwrap');
            return w.scrollWidth <= w.clientWidth + 1 || w.getAttribute('tabindex') === '0'; }""")
        region = page.locator(".rollkit-table:has(.rollkit-show-exact) .md-typeset__scrollwrap").first
        if region.evaluate("(w) => w.scrollWidth > w.clientWidth + 1"):
            assert region.get_attribute("role") == "region" and region.get_attribute("aria-label")
            page.keyboard.press("Tab")
            assert region.evaluate("(w) => document.activeElement === w")

        found = axe.violations(page)
        assert not found, axe.report(found)

        box.focus()
        page.keyboard.press("Space")
        assert not any(c["shown"] for c in page.evaluate(CELLS))
    finally:
        context.close()


def test_the_fractions_show_without_javascript_by_key_and_by_tap(browser: object, site: Site) -> None:
    context = browser.new_context(
        viewport=PHONE,
        java_script_enabled=False,  # type: ignore[attr-defined]
        has_touch=True,
        is_mobile=True,
    )
    try:
        page = context.new_page()
        page.goto(site.url(PAGE))
        assert page.locator(".md-typeset__scrollwrap").count() == 0  # Material's script did not run
        assert not any(c["shown"] for c in page.evaluate(CELLS))
        tab_to_checkbox(page)
        page.keyboard.press("Space")
        after = page.evaluate(CELLS)
        assert all(c["shown"] and c["oneLine"] for c in after) and [c["frac"] for c in after] == [
            c["title"] for c in after
        ]
        page.locator(BOX).first.tap()
        assert not any(c["shown"] for c in page.evaluate(CELLS))
        page.locator(f"label[for='{page.locator(BOX).first.get_attribute('id')}']").tap()
        assert all(c["shown"] for c in page.evaluate(CELLS))
    finally:
        context.close()
