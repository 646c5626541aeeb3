"""Glossary terms in Chromium: a term's definition opens when Tab reaches it and when it is
tapped at phone width, inside the viewport and over the text (nothing moves), Escape hides it,
axe finds nothing with it open, and it reads in dark mode (a screenshot to look at)."""

from __future__ import annotations

from rollkit import _registry
from tests.browser import axe
from tests.browser.pages import ARTIFACTS, new_context, track
from tests.helpers.site import Site

PAGE = "hits/"
TN = next(t for t in _registry.glossary("hits") if t.id == "hits-tn")
TERM = f"article [data-rollkit-term='{TN.id}']"
WHOLE = "() => document.documentElement.dataset.rollkitLayout === 'whole'"

# The focused element: its term id, and whether its definition is shown, where, and what it says
FOCUSED = """() => { const el = document.activeElement; const term = el && el.closest('.rk-term');
    if (!term) return null;
    const def = document.getElementById(term.getAttribute('aria-describedby'));
    const box = def.getBoundingClientRect(), at = term.getBoundingClientRect();
    return { term: term.dataset.rollkitTerm, onTerm: el === term, link: el.tagName === 'A' ? el.textContent : '',
             shown: def.checkVisibility(), text: def.textContent, inside: term.contains(def),
             left: box.left, right: box.right, top: box.top, bottom: box.bottom, termBottom: at.bottom,
             width: innerWidth, height: innerHeight }; }"""

# Where each block of the article is, up to the first widget after the term (a widget may grow
# once a tap starts Python): a definition that opens must not move any of them
LAYOUT = """(term) => { const out = [];
    for (const b of document.querySelector('article').children) {
        if (b.matches('.rollkit-widget') && (term.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
        const r = b.getBoundingClientRect(); out.push([r.top + scrollY, r.left, r.height]);
    }
    return out; }"""
# The term at the foot of the screen, its definition's place below the fold
TO_FOOT = "(t) => window.scrollBy(0, t.getBoundingClientRect().bottom - innerHeight + 4)"
IN_VIEW = """(t) => { const r = t.querySelector('.rk-term-def').getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def test_tab_opens_a_definition_and_escape_hides_it(browser: object, site: Site) -> None:
    page = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    page.wait_for_function(WHOLE)  # type: ignore[attr-defined]
    term = page.locator(TERM).first  # type: ignore[attr-defined]
    # From the last link before the article's first term, Tab from term to term (each opening
    # its definition, then reaching its rule's link) until the TN's first use
    page.locator("article .rk-term").first.evaluate(  # type: ignore[attr-defined]
        """(first) => { const stops = [...document.querySelectorAll('article a[href]')]
            .filter((a) => a.checkVisibility() && !a.closest('.rk-term')
                && (a.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING));
            stops[stops.length - 1].focus(); }"""
    )
    assert page.evaluate(FOCUSED) is None  # type: ignore[attr-defined]
    before = page.locator(TERM).first.evaluate(LAYOUT)  # type: ignore[attr-defined]
    assert len(before) >= 5
    shown = None
    terms = 0
    for _ in range(60):
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        shown = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
        if shown is None:  # a link of the prose
            continue
        assert shown["shown"], shown  # a term, or its definition's link: the definition open
        terms += shown["onTerm"]
        if shown["term"] == TN.id and shown["onTerm"]:
            break
    assert terms >= 3  # the page's first terms were tab stops on the way
    assert shown is not None and shown["term"] == TN.id and shown["onTerm"] and shown["shown"], shown
    assert TN.definition in shown["text"] and shown["inside"]
    assert shown["top"] >= shown["termBottom"], shown  # below the term's line, not over it
    assert page.locator(TERM).first.evaluate(LAYOUT) == before  # type: ignore[attr-defined]
    description = term.evaluate(
        "(t) => document.getElementById(t.getAttribute('aria-describedby')).textContent"
    )
    assert TN.definition in description
    found = axe.violations(page)
    assert not found, axe.report(found)
    # Tab goes on into the definition, to its rule's link, and the definition stays open
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    inside = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    assert inside is not None and inside["link"].startswith("Rule: ") and inside["shown"], inside
    page.keyboard.press("Shift+Tab")  # type: ignore[attr-defined]
    page.keyboard.press("Escape")  # type: ignore[attr-defined]
    closed = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    assert closed is not None and closed["onTerm"] and not closed["shown"], closed
    page.keyboard.press("Tab")  # type: ignore[attr-defined]  # a hidden definition's link is no tab stop
    assert (page.evaluate(FOCUSED) or {}).get("link", "") == ""  # type: ignore[attr-defined]
    page.keyboard.press("Shift+Tab")  # type: ignore[attr-defined]  # back on the term: open again
    again = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    assert again is not None and again["term"] == TN.id and again["shown"], again
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def _phone(browser: object, site: Site, *, scheme: str, script: bool = True) -> object:
    context = new_context(
        browser,
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,
        has_touch=True,
        is_mobile=True,
        java_script_enabled=script,
    )
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    return page


def test_a_tap_opens_a_definition_inside_a_phone_screen_in_dark_mode(browser: object, site: Site) -> None:
    page = _phone(browser, site, scheme="dark")
    page.wait_for_function(WHOLE)  # type: ignore[attr-defined]
    scheme = page.evaluate("() => document.querySelector('[data-md-color-scheme]').dataset.mdColorScheme")  # type: ignore[attr-defined]
    assert scheme == "slate"
    term = page.locator(TERM).first  # type: ignore[attr-defined]
    term.evaluate(TO_FOOT)
    before = term.evaluate(LAYOUT)
    assert len(before) >= 5
    term.tap()
    page.wait_for_function(f"() => ({IN_VIEW})(document.querySelector(`{TERM}`))", timeout=5000)  # type: ignore[attr-defined]
    shown = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    assert shown is not None and shown["term"] == TN.id and shown["shown"], shown
    assert 0 <= shown["left"] and shown["right"] <= shown["width"], shown  # inside the screen's width
    assert shown["top"] >= shown["termBottom"] and shown["bottom"] <= shown["height"], shown
    assert term.evaluate(LAYOUT) == before  # scrolled to, nothing moved
    colours = page.locator(TERM).first.evaluate(  # type: ignore[attr-defined]
        """(t) => { const s = getComputedStyle(t.querySelector('.rk-term-def'));
            return [s.backgroundColor, s.color]; }"""
    )
    assert colours[0] != colours[1] and colours[0] != "rgba(0, 0, 0, 0)", colours
    found = axe.violations(page)
    assert not found, axe.report(found)
    path = ARTIFACTS / "screenshots" / "glossary-phone-dark.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_tap_opens_a_definition_without_javascript(browser: object, site: Site) -> None:
    page = _phone(browser, site, scheme="light", script=False)
    term = page.locator(TERM).first  # type: ignore[attr-defined]
    definition = term.locator(".rk-term-def")
    assert not definition.is_visible()
    term.tap()
    assert definition.is_visible() and TN.definition in definition.inner_text()
    path = ARTIFACTS / "screenshots" / "glossary-phone-light-nojs.png"
    page.screenshot(path=str(path))  # type: ignore[attr-defined]


def test_search_finds_the_definition_first(browser: object, site: Site) -> None:
    """Spelled out as the chapter's own heading spells it, a term still leads to its glossary entry."""
    page = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    search = page.locator("input.md-search__input")  # type: ignore[attr-defined]
    search.click()
    search.press_sequentially("Target Number", delay=30)  # as typed: Material searches on keys
    first = page.locator(".md-search-result__item").first  # type: ignore[attr-defined]
    first.wait_for(timeout=30_000)
    links = first.locator("a").evaluate_all(
        "(links) => links.map((a) => new URL(a.href).pathname + new URL(a.href).hash)"
    )
    assert links[0] == "/hits/glossary/" and f"/hits/glossary/#{TN.id}" in links, links
    assert TN.definition[:40] in first.inner_text()
