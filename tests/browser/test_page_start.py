"""What the theme's bundle changes as it starts (at the end of a page), made before the page is
styled instead (``docs/assets/early.js``, ``docs/assets/csp/md-palette.js`` with
``overrides/partials/palette.html``): each change the bundle made itself restyled every element
the browser had already styled, three to five times on a long rules page. The colour scheme's
toggle, now ours, still switches by click and by Enter, keeps the reader's choice and survives
instant navigation; every link's address is whole once the page has loaded (instant navigation
relies on it), and no stylesheet is fetched twice."""

from __future__ import annotations

import pytest

from tests.browser.pages import instant_go, new_context, track
from tests.helpers.site import Site

# Run before the page's own scripts: records each change of <html>'s class (with whether <body>
# existed yet), each change of a colour-scheme <meta>'s content (with whether the page's content
# had been parsed yet), and each link address the theme's bundle rewrote (in the header and
# the navigation, parsed before the first frame, or further down).
WATCH = """(() => {
    const start = { htmlClass: [], schemeMeta: [], bundleLinks: [] };
    window.__start = start;
    new MutationObserver((records) => {
        // a write of the same value is a record too: only a change restyles anything
        records.forEach((record, i) => {
            const target = record.target;
            const later = records.slice(i + 1).find((next) => next.target === target && next.attributeName === record.attributeName);
            const after = later ? later.oldValue : target.getAttribute(record.attributeName);
            if (after === record.oldValue) return;
            if (target === document.documentElement && record.attributeName === 'class') {
                start.htmlClass.push({ value: after, body: document.body !== null });
            } else if (target.localName === 'meta' && target.name === 'color-scheme') {
                start.schemeMeta.push({ value: after, content: document.querySelector('.md-content') !== null });
            }
        });
    }).observe(document, { attributes: true, attributeOldValue: true, attributeFilter: ['class', 'content'], subtree: true });
    const href = Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, 'href');
    Object.defineProperty(HTMLAnchorElement.prototype, 'href', { ...href, set(value) {
        const before = this.getAttribute('href');
        href.set.call(this, value);
        const script = (document.currentScript && document.currentScript.src) || '';
        if (script.includes('/javascripts/bundle.') && this.getAttribute('href') !== before) {
            start.bundleLinks.push(this.closest('.md-header, .md-sidebar') ? 'top' : 'further down');
        }
    } });
})();"""

WHOLE = r"/^(?:[a-z]+:)?\/\//i"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_starts_without_restyling_the_page(browser: object, site: Site, scheme: str) -> None:
    context = new_context(browser, viewport={"width": 412, "height": 823}, color_scheme=scheme)
    context.add_init_script(WATCH)  # type: ignore[attr-defined]
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    stylesheets: list[str] = []
    page.on("request", lambda r: stylesheets.append(r.url) if r.resource_type == "stylesheet" else None)  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function("window.document$ !== undefined")  # type: ignore[attr-defined]
    page.wait_for_load_state("load")  # type: ignore[attr-defined]
    start = page.evaluate("window.__start")  # type: ignore[attr-defined]
    assert start["htmlClass"], "the page's classes never changed: early.js did not run"
    assert all(not change["body"] for change in start["htmlClass"]), start["htmlClass"]
    assert set(page.evaluate("[...document.documentElement.classList]")) >= {"js", "js-focus-visible"}  # type: ignore[attr-defined]
    want = scheme  # the <meta> names the scheme the page shows
    assert start["schemeMeta"] == [{"value": want, "content": False}], start["schemeMeta"]
    assert page.evaluate(
        "[...document.querySelectorAll('meta[name=color-scheme]')].map((m) => m.content)"
    ) == [want]  # type: ignore[attr-defined]
    assert "top" not in start["bundleLinks"], start["bundleLinks"]
    relative = page.evaluate(  # type: ignore[attr-defined]
        f"[...document.querySelectorAll('[href]')].map((e) => e.getAttribute('href')).filter((h) => !{WHOLE}.test(h))"
    )
    assert relative == []
    assert len(stylesheets) == len(set(stylesheets)) >= 4, stylesheets
    assert page.locator("[data-md-component=palette]").count() == 0  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def _scheme(page: object) -> list[object]:
    return page.evaluate(  # type: ignore[attr-defined,no-any-return]
        """() => [document.body.dataset.mdColorScheme, document.querySelector('meta[name=color-scheme]').content,
        [...document.querySelectorAll('[data-rollkit-palette] label')].map((label) => label.hidden)]"""
    )


def test_the_colour_toggle_switches_keeps_and_follows_instant_navigation(browser: object, site: Site) -> None:
    """Until the reader chooses, the page follows the system's scheme; a choice (click, Enter,
    arrow keys) is kept across reloads and instant navigation."""
    context = new_context(browser, viewport={"width": 1200, "height": 900}, color_scheme="light")
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    assert _scheme(page) == ["default", "light", [False, True]]  # the system's scheme, its way out shown
    page.emulate_media(color_scheme="dark")  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    assert _scheme(page) == ["slate", "dark", [True, False]]  # no choice made: the system's, again
    page.emulate_media(color_scheme="light")  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    assert _scheme(page) == ["default", "light", [False, True]]
    page.get_by_title("Switch to the dark scheme").click()  # type: ignore[attr-defined]
    assert _scheme(page) == ["slate", "dark", [True, False]]
    page.reload()  # type: ignore[attr-defined]
    assert _scheme(page) == ["slate", "dark", [True, False]]  # the reader's choice, kept
    page.wait_for_function("window.document$ !== undefined")  # type: ignore[attr-defined]
    instant_go(page, site, "again/")
    assert _scheme(page) == ["slate", "dark", [True, False]]
    page.locator("[data-rollkit-palette] input:checked").focus()  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert _scheme(page) == ["default", "light", [False, True]]
    assert page.evaluate("document.activeElement.id") == "__palette_0"  # type: ignore[attr-defined]
    page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    assert _scheme(page) == ["slate", "dark", [True, False]]
    page.keyboard.press("ArrowLeft")  # type: ignore[attr-defined]
    page.reload()  # type: ignore[attr-defined]
    assert _scheme(page) == ["default", "light", [False, True]]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
