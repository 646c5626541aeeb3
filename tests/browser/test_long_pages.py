"""Long rules pages in Chromium: the browser skips the layout of blocks far off screen while
the page loads (theme.css, content-visibility), and nothing a reader does notices."""

from __future__ import annotations

import re

import pytest

from tests.browser.pages import new_context
from tests.helpers.site import Site

PHONE = {"width": 390, "height": 844}

# Each tab set of the page: whether the block holding it is skipped now (not rendered), and
# which of its tabs is selected, by label.
TAB_SETS = """() => [...document.querySelectorAll('.tabbed-set')].map((set) => ({
    skipped: !set.firstElementChild.checkVisibility({ contentVisibilityAuto: true }),
    selected: document.querySelector(`label[for="${set.querySelector(':scope > input:checked').id}"]`).textContent.trim(),
}))"""


WHOLE = "() => document.documentElement.dataset.rollkitLayout === 'whole'"

# Run in the page before its own scripts: which blocks the page may skip, and whether each
# is skipped, as they are when the page has been parsed.
AT_PARSED = """document.addEventListener('DOMContentLoaded', () => {
    window.__rkBlocks = [...document.querySelectorAll('.md-typeset > *')]
        .filter((block) => getComputedStyle(block).contentVisibility === 'auto')
        .map((block) => ({ widget: block.matches('[data-rollkit-widget]'),
                           skipped: !block.firstElementChild.checkVisibility({ contentVisibilityAuto: true }) }));
    // a widget's odds are skipped on their own (the last widget's, far below)
    const odds = [...document.querySelectorAll('.md-typeset > .rollkit-widget > .rk-odds')].at(-1);
    window.__rkOdds = { auto: getComputedStyle(odds).contentVisibility,
                        skipped: !odds.firstElementChild.checkVisibility({ contentVisibilityAuto: true }) };
});"""


def phone(browser: object, site: Site, path: str, *, init: str = "") -> object:
    context = new_context(browser, viewport=PHONE)
    if init:
        context.add_init_script(init)  # type: ignore[attr-defined]
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(site.url(path))
    page.wait_for_load_state("load")
    return page


def test_far_blocks_are_skipped_while_the_page_loads_then_shown(browser: object, site: Site) -> None:
    """While the page loads, the blocks far below are not laid out; once it has loaded they are
    shown one by one, and then the page's length no longer changes as the reader scrolls."""
    page = phone(browser, site, "hits/", init=AT_PARSED)
    blocks = page.evaluate("window.__rkBlocks")  # type: ignore[attr-defined]
    assert sum(block["widget"] for block in blocks) >= 5, blocks
    assert sum(block["skipped"] for block in blocks) >= 10, blocks
    assert not blocks[0]["skipped"], "the first block, on screen, is not rendered"
    assert page.evaluate("window.__rkOdds") == {"auto": "auto", "skipped": True}  # type: ignore[attr-defined]
    page.wait_for_function(WHOLE, timeout=10_000)  # type: ignore[attr-defined]
    still = page.evaluate(  # type: ignore[attr-defined]
        """() => [...document.querySelectorAll('.md-typeset > *, .md-typeset > * > pre, .rollkit-widget > .rk-odds')]
            .filter((block) => getComputedStyle(block).contentVisibility !== 'visible').length"""
    )
    assert still == 0
    height = page.evaluate("document.documentElement.scrollHeight")  # type: ignore[attr-defined]
    page.keyboard.press("End")  # type: ignore[attr-defined]
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    assert page.evaluate("[document.documentElement.scrollHeight, scrollY + innerHeight]") == [height, height]  # type: ignore[attr-defined]


def test_a_chosen_tab_is_chosen_in_every_set_also_far_ones(browser: object, site: Site) -> None:
    """Linked tabs: picking "Python" in the first worked example shows Python in every
    example of the page, also in those not rendered at that moment (skipped while far below:
    the theme's own switching compares rendered text, which they do not have)."""
    page = phone(browser, site, "critdice/")
    page.wait_for_function(WHOLE, timeout=10_000)  # type: ignore[attr-defined]
    unrendered = page.evaluate(  # type: ignore[attr-defined]
        """() => [...document.querySelectorAll('.md-typeset > *')].filter((b) => b.querySelector('.tabbed-set'))
            .slice(1).map((block) => { block.style.contentVisibility = 'hidden';
                return block.querySelector('.tabbed-labels label').innerText; })"""
    )
    assert len(unrendered) >= 3 and set(unrendered) == {""}, unrendered
    sets = page.evaluate(TAB_SETS)  # type: ignore[attr-defined]
    assert len(sets) >= 4 and sum(s["skipped"] for s in sets) >= 3, sets
    assert {s["selected"] for s in sets} == {"Result"}, sets
    page.locator(".tabbed-set").first.get_by_text("Python", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        f"({TAB_SETS})().every((set) => set.selected === 'Python')", timeout=5000
    )
    assert page.evaluate("window.__md_get('__tabs')")[0] == "Python"  # type: ignore[attr-defined]


# The page's layout two ways, once its script has shown every box it skipped while loading:
# each such box laid out as it was while skipped and on screen (with the containment that
# skipping brings), and as an ordinary box. For each: where every top-level block (a table block: each of its children)
# sits, and which rendered elements reach out of a skipping box (they would be cut off).
LAYOUT = """(contained) => {
    const boxes = [...document.querySelectorAll('.md-typeset *')].filter((e) => e.style.contentVisibility === 'visible');
    for (const box of boxes) {
        box.style.contain = contained ? 'layout paint style' : 'none';
    }
    const blocks = [...document.querySelectorAll('.md-typeset > *')]
        .flatMap((b) => b.matches('.rollkit-table') ? [...b.children] : [b]);
    const at = blocks.map((b) => { const r = b.getBoundingClientRect();
        return `${b.tagName}.${b.className} ${Math.round(r.left)},${Math.round(r.top + scrollY)} ${Math.round(r.width)}x${Math.round(r.height)}`; });
    const out = [];
    for (const box of boxes) {
        const r = box.getBoundingClientRect();
        for (const e of box.querySelectorAll('*')) {
            let inner = e.parentElement, scrolled = false;
            for (; inner && inner !== box; inner = inner.parentElement) {
                const s = getComputedStyle(inner);
                if (s.overflowX !== 'visible' || s.overflowY !== 'visible') { scrolled = true; break; }
            }
            const q = e.getBoundingClientRect();
            if (scrolled || (q.width === 0 && q.height === 0) || !e.checkVisibility({ visibilityProperty: true })) continue;
            if (q.left < r.left - 0.5 || q.right > r.right + 0.5 || q.top < r.top - 0.5 || q.bottom > r.bottom + 0.5) {
                out.push(`${e.tagName}.${e.className} in ${box.tagName}.${box.className}`);
            }
        }
    }
    return { boxes: boxes.length, at, out: [...new Set(out)] };
}"""

LONG_PAGES = ("hits/", "again/", "critdice/", "ninefold/", "trait/", "hits/odds/", "compare/", "")


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1200, "height": 900}], ids=["phone", "desktop"])
def test_skipping_moves_nothing_and_cuts_nothing_off(
    browser: object, site: Site, viewport: dict[str, int]
) -> None:
    page = new_context(browser, viewport=viewport).new_page()  # type: ignore[attr-defined]
    for path in LONG_PAGES:
        page.goto(site.url(path))
        page.wait_for_function(WHOLE, timeout=10_000)
        plain = page.evaluate(LAYOUT, False)
        skipping = page.evaluate(LAYOUT, True)
        assert skipping["boxes"] >= 1, (path, skipping["boxes"])
        moved = [(a, b) for a, b in zip(plain["at"], skipping["at"], strict=True) if a != b]
        assert not moved, (path, moved[:5])
        assert not skipping["out"], (path, skipping["out"][:10])


def test_the_first_paint_waits_for_the_opening_of_the_page(site: Site) -> None:
    """Each page's first paint waits (rel=expect) for its first heading under the title, so that
    it shows the title and the opening paragraphs at once; every such heading exists."""
    waited = {}
    for html in sorted(site.directory.rglob("index.html")):
        text = html.read_text(encoding="utf-8")
        found = re.findall(r'<link rel="expect" href="#([^"]+)" blocking="render">', text)
        article = text[text.index("<article") :] if "<article" in text else ""
        headings = re.findall(r"<h2 id=\"([^\"]+)\"", article)
        if found:
            assert len(found) == 1 and headings and found[0] == headings[0], (html, found, headings[:1])
            waited[html.parent.relative_to(site.directory).as_posix()] = found[0]
    assert waited.get("hits") == "a-check-step-by-step" and len(waited) >= 15, waited
