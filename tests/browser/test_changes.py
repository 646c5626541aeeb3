"""What changed, in the browser: a widget's shared link records the build it came from (``b=``)
and its chance (``c=``); opened on a build whose chance for those values differs, the widget says
so with both numbers; a link from this build says nothing. A rule section's mark links to its
entry on the What changed page."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from docs_tools.changes import CHANGED
from docs_tools.sitebuild import runtime_dir
from tests.browser.axe import finish, start, violations
from tests.browser.pages import ARTIFACTS, READY_MS, open_page
from tests.helpers.site import Site

PAGE = "trait/"
# The odds view Python sent, not the one the build wrote into the page: marked as the build's
# before the page module's first answer can arrive (the worker takes seconds to start).
MARK_PRERENDERED = """document.addEventListener('DOMContentLoaded', () => {
    for (const view of document.querySelectorAll('.rk-odds-view')) view.dataset.prerendered = '1'; });"""


def _with(link: str, **values: str) -> str:
    parts = urlsplit(link)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    return urlunsplit(parts._replace(query=urlencode({**query, **values})))


def _opened(page: object, link: str) -> object:
    """The widget ``link`` opens, once Python's odds for its values are on screen."""
    page.goto(link)  # type: ignore[attr-defined]
    widget = page.locator(f"#{urlsplit(link).fragment}")  # type: ignore[attr-defined]
    widget.locator(".rk-odds-view:not([data-prerendered])").wait_for(state="attached", timeout=READY_MS)
    return widget


def test_a_link_of_an_earlier_build_says_its_chance_changed_and_one_of_this_build_says_nothing(
    browser: object, site: Site
) -> None:
    page = open_page(browser, site)
    page.add_init_script(MARK_PRERENDERED)  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    widget.wait_for()
    page.wait_for_function("() => document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    link = widget.evaluate("(w) => w.rollkit.link()")
    query = parse_qs(urlsplit(link).query)
    build = runtime_dir(site.directory).name  # pyodide/<hash>/
    chance = widget.get_attribute("data-chance")
    assert query["b"] == [build] and query["c"] == [chance] and "/" in chance

    same = _opened(page, link)  # this build's link: nothing to say
    assert same.locator(".rk-link-changed").count() == 0
    now = same.locator(".rk-chance .rk-p").text_content()

    unchanged = _opened(page, _with(link, b="0123456789abcdef"))  # another build, the same chance
    assert unchanged.locator(".rk-link-changed").count() == 0

    changed = _opened(page, _with(link, b="0123456789abcdef", c="1/7"))
    note = changed.locator(".rk-link-changed")
    assert note.inner_text() == (
        "This link was made on an earlier version of the site, when these values had a 14.29% (1/7)"
        f" chance of success; the rules changed since: now {now} ({chance})."
    )
    found = violations(page)
    assert found == [], found
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.emulate_media(color_scheme="dark")  # type: ignore[attr-defined]
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    note.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "screenshots" / "link-changed-dark-phone.png"))  # type: ignore[attr-defined]
    start(page, within=f"#{urlsplit(link).fragment}")  # the widget at phone width, dark
    found = finish(page)
    assert found == [], found

    unknown = _opened(page, _with(link, b="0123456789abcdef", c=""))
    assert (
        unknown.locator(".rk-link-changed")
        .inner_text()
        .startswith("This link was made on an earlier version of the site; the chance it showed is not known")
    )
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_changed_rule_is_marked_with_a_link_to_its_entry(browser: object, site: Site) -> None:
    change = CHANGED[0]
    page = open_page(browser, site)
    stem = change.page.removesuffix(".md")
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.goto(
        site.url(stem.removesuffix("index") if stem.endswith("index") else f"{stem}/") + f"#{change.anchor}"
    )  # type: ignore[attr-defined]
    mark = page.locator(f"#{change.anchor} ~ .rk-changed").first  # type: ignore[attr-defined]
    assert mark.inner_text().startswith("Changed 1 December 2026: ")
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "screenshots" / "changed-mark-phone.png"))  # type: ignore[attr-defined]
    found = violations(page)
    assert found == [], found
    mark.get_by_role("link", name="Changed 1 December 2026").click()
    page.wait_for_url("**/changes/#changed-*")  # type: ignore[attr-defined]
    entry = page.locator(f"#{urlsplit(page.url).fragment}")  # type: ignore[attr-defined]
    assert entry.evaluate("(h) => h.tagName") == "H3" and entry.is_visible()
    assert violations(page) == []  # the What changed page
