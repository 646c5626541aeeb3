"""A phone reader moves through a long chapter: its "On this page" fold is on the first screen
at 390x844, opens by keyboard and touch, and each of its links brings its section on screen.
On a wide screen, where the theme's own contents stand beside the text, the fold is hidden."""

from __future__ import annotations

from rollkit import _registry
from tests.browser import axe
from tests.browser.pages import new_context, screenshot
from tests.helpers.site import ROOT, Site

PHONE = {"width": 390, "height": 844}
DOCS = ROOT / "docs"
CHAPTERS = sorted(
    p.relative_to(DOCS).as_posix().removesuffix(".md").removesuffix("index")
    for s in _registry.names()
    for p in (DOCS / s).glob("*.md")
)
FOLD = "[data-rollkit-contents]"


def _phone(browser: object) -> object:
    """A page at 390x844 with touch; its context is closed when the test ends."""
    return new_context(browser, viewport=PHONE, has_touch=True, is_mobile=True).new_page()  # type: ignore[attr-defined]


def test_every_chapter_has_its_contents_on_the_first_screen(browser: object, site: Site) -> None:
    phone = _phone(browser)
    for path in CHAPTERS:
        phone.goto(site.url(path))  # type: ignore[attr-defined]
        summary = phone.locator(f"{FOLD} > summary")  # type: ignore[attr-defined]
        assert summary.is_visible(), path
        box = summary.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (path, box)
        assert box["height"] >= 44, (path, box)  # a target a thumb finds
    assert len(CHAPTERS) >= 16


def test_a_contents_link_brings_its_section_on_screen(browser: object, site: Site) -> None:
    phone = _phone(browser)
    phone.goto(site.url("ninefold/"))  # type: ignore[attr-defined]
    summary = phone.locator(f"{FOLD} > summary")  # type: ignore[attr-defined]
    summary.tap()
    links = phone.locator(f"{FOLD} a")  # type: ignore[attr-defined]
    assert links.count() >= 5 and links.last.is_visible()
    screenshot(phone, "contents-open-390")
    last = links.nth(links.count() - 1)
    target = (last.get_attribute("href") or "").partition("#")[2]  # the theme makes it absolute
    last.tap()
    heading = phone.locator(f'[id="{target}"]')  # type: ignore[attr-defined]
    phone.wait_for_function(  # type: ignore[attr-defined]
        "(id) => { const r = document.getElementById(id).getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; }",
        arg=target,
    )
    assert heading.is_visible() and phone.url.endswith("#" + target)  # type: ignore[attr-defined]


def test_the_contents_open_by_keyboard(browser: object, site: Site) -> None:
    phone = _phone(browser)
    phone.goto(site.url("hits/"))  # type: ignore[attr-defined]
    summary = phone.locator(f"{FOLD} > summary")  # type: ignore[attr-defined]
    summary.focus()
    phone.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert phone.locator(FOLD).evaluate("(d) => d.open")  # type: ignore[attr-defined]
    phone.keyboard.press("Tab")  # type: ignore[attr-defined]
    focused = phone.evaluate("document.activeElement.closest('[data-rollkit-contents]') !== null")  # type: ignore[attr-defined]
    assert focused, "the first link of the contents takes the focus next"


def test_a_wide_screen_shows_the_theme_contents_instead(browser: object, site: Site) -> None:
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))
    assert page.locator(FOLD).count() == 1 and page.locator(FOLD).is_hidden()
    assert page.locator(".md-sidebar--secondary .md-nav").first.is_visible()


def test_the_open_contents_pass_axe_in_both_schemes(browser: object, site: Site) -> None:
    for scheme in ("light", "dark"):
        page = new_context(browser, viewport=PHONE, color_scheme=scheme).new_page()  # type: ignore[attr-defined]
        page.goto(site.url("critdice/"))
        page.locator(f"{FOLD} > summary").click()
        found = axe.violations(page)
        assert found == [], f"axe ({scheme}), the contents open:\n" + axe.report(found)
