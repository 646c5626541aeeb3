"""Every widget on every page, live in Chromium, against rollkit in CPython."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rollkit import RulesError
from rollkit._fields import fields
from rollkit._params import build, find
from rollkit._registry import BUILT_IN
from rollkit.web import odds_view, to_html
from tests.browser.pages import (
    READY_MS,
    instant_go,
    load_each,
    new_context,
    open_page,
    roll_widget,
    screenshot,
    widget_pages,
)
from tests.browser.smoke import no_request_leaves, roll_every_widget, widgets_are_prerendered_with_exact_odds
from tests.helpers.site import Site

# Material's search index and worker: not what a page load here is about (a link's values).
SEARCH = re.compile(r"/search/search_index\.json$|/workers/search\.[^/]*\.js$")


def test_widgets_are_prerendered_with_exact_odds(site: Site) -> None:
    widgets_are_prerendered_with_exact_odds(site)


def test_every_widget_rolls_like_cpython_with_one_boot(live_page: object, site: Site) -> None:
    roll_every_widget(live_page, site)


def _first_number_field(page: object) -> tuple[object, str, str]:
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    field = widget.locator(".rk-fields input[type=number]").first
    return widget, field, field.input_value()


def test_editing_a_parameter_updates_the_exact_odds(live_page: object, site: Site) -> None:
    page = live_page
    for path in widget_pages(site)[:4]:
        instant_go(page, site, path)
        widget, field, value = _first_number_field(page)
        name = field.get_attribute("name")
        params = widget.evaluate("(w) => w.rollkit.params()")
        for new in (int(value) + 1, max(int(value) - 1, 0)):
            field.fill(str(new))
            params[name] = str(new)
            try:
                want: str | None = str(build(widget.get_attribute("data-check"), params).chance())
            except RulesError:
                want = None
            page.wait_for_function(  # type: ignore[attr-defined]
                """([want]) => { const w = document.querySelector('[data-rollkit-widget]');
                    return want === null ? !w.querySelector('.rk-error').hidden
                                         : w.dataset.chance === want && w.querySelector('.rk-error').hidden; }""",
                arg=[want],
                timeout=READY_MS,
            )
            if want is not None:
                assert Fraction(want) == Fraction(widget.locator(".rk-chance .rk-exact").text_content() or "")
                assert widget.locator(".rk-odds.rk-stale").count() == 0
                assert widget.locator(".rk-stale-note").is_hidden()


def test_a_bad_parameter_shows_the_error_and_the_widget_recovers(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, widget_pages(site)[0])
    widget, field, value = _first_number_field(page)
    hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>"\u202e'
    field = widget.locator(f"#{field.get_attribute('id')}")  # by id: its type changes next
    field.evaluate("(f) => { f.type = 'text'; }")
    field.fill(hostile)
    error = widget.locator(".rk-error")
    error.wait_for(state="visible", timeout=READY_MS)
    assert '<img src=x onerror="window.__pwned=1">' in error.inner_text()  # shown as text
    assert field.get_attribute("aria-invalid") == "true"  # tied to its field
    field_error = widget.locator(f"#{field.get_attribute('id')}-error")
    assert field_error.is_visible() and field_error.inner_text() == error.inner_text()
    assert f"{field.get_attribute('id')}-error" in field.get_attribute("aria-describedby")
    assert widget.locator(".rk-stale-note").is_visible()
    assert widget.locator(".rk-error img, .rk-error script").count() == 0
    assert page.evaluate("window.__pwned") is None  # type: ignore[attr-defined]
    field.fill("\u2603" * 20_000)  # a very long, non-ASCII value: refused, shown short
    error.wait_for(state="visible", timeout=READY_MS)
    page.locator("[data-rollkit-widget] .rk-error", has_text="\u2603").first.wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    assert len(error.inner_text()) < 400
    field.fill(value)
    error.wait_for(state="hidden", timeout=READY_MS)
    assert field.get_attribute("aria-invalid") is None
    shown = roll_widget(page, 0, 4242)
    assert shown["error"] == ""
    assert shown["faces"] == ",".join(
        map(str, build(str(shown["check"]), dict(shown["params"])).roll(seed=4242).faces)
    )  # type: ignore[arg-type]


def test_huge_pools_show_honest_short_numbers(live_page: object, site: Site) -> None:
    """1000 dice: no error, >99.99% rather than 100%, long fractions shortened with a copy button."""
    page = live_page
    instant_go(page, site, "hits/")
    widget = page.locator('[data-check="hits"]:has(input[name=dice]:not([type=hidden]))').first  # type: ignore[attr-defined]
    widget.locator("input[name=dice]").fill("1000")
    params = widget.evaluate("(w) => w.rollkit.params()")
    check = build("hits", params)
    page.wait_for_function(
        "([want]) => document.querySelector('[data-check=\"hits\"][data-chance=\"' + want + '\"]')",  # type: ignore[attr-defined]
        arg=[str(check.chance())],
        timeout=READY_MS,
    )
    assert widget.locator(".rk-error").is_hidden()
    assert widget.locator(".rk-chance strong").text_content() == ">99.99%"
    cells = widget.locator(".rk-outcomes td").all_inner_texts()
    assert cells and max(len(c) for c in cells) < 80, max(cells, key=len)
    assert "100.00%" not in cells and "0.00%" not in cells
    copy = widget.locator(".rk-copy").first
    assert Fraction(copy.get_attribute("data-copy")) in {p for _, p in check.outcomes().items()} | {
        check.chance()
    }


def test_edited_odds_are_marked_stale_until_fresh(browser: object, site: Site) -> None:
    """While Python loads, an edited widget says its odds belong to the old values."""
    page = open_page(browser, site)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    widget = page.locator('[data-check="hits"]:has(input[name=dice]:not([type=hidden]))').first  # type: ignore[attr-defined]
    old = widget.locator(".rk-values").inner_text()
    widget.locator("input[name=dice]").fill("8")
    note = widget.locator(".rk-stale-note")
    assert note.is_visible() and old in note.inner_text() and "Out of date" in note.inner_text()
    assert widget.locator(".rk-odds.rk-stale").count() == 1
    params = widget.evaluate("(w) => w.rollkit.params()")
    page.wait_for_function(
        "([want]) => [...document.querySelectorAll('[data-check=\"hits\"]')].some((w) => w.dataset.chance === want)",  # type: ignore[attr-defined]
        arg=[str(build("hits", params).chance())],
        timeout=READY_MS,
    )
    assert note.is_hidden() and widget.locator(".rk-odds.rk-stale").count() == 0
    assert "Dice Pool 8" in widget.locator(".rk-values").inner_text()
    assert "Dice Pool 8" in widget.locator(".rk-title").inner_text()  # the page's title no longer fits


def test_a_copied_link_restores_the_values(browser: object, live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, "hits/")
    widget = page.locator('[data-check="hits"]:has(input[name=dice]:not([type=hidden]))').first  # type: ignore[attr-defined]
    widget.locator("input[name=dice]").fill("9")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])  # type: ignore[attr-defined]
    # the page's one status region outlives instant navigation: empty it, so "copied" is this copy's
    page.evaluate("document.querySelectorAll('.rk-live').forEach((r) => { r.textContent = ''; })")  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Copy link").click()
    page.wait_for_function("() => document.querySelector('.rk-live').textContent.includes('copied')")  # type: ignore[attr-defined]
    href = page.evaluate("navigator.clipboard.readText()")  # type: ignore[attr-defined]
    assert "p.dice=9" in href and "seed=" not in href
    other = open_page(browser, site)
    other.goto(href)  # type: ignore[attr-defined]
    restored = other.locator(f"#{widget.get_attribute('id')}")  # type: ignore[attr-defined]
    other.wait_for_function("([id]) => document.getElementById(id).rollkit", arg=[widget.get_attribute("id")])  # type: ignore[attr-defined]
    assert restored.locator("input[name=dice]").input_value() == "9"


def test_replay_link_rolls_the_same_roll(browser: object, live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, widget_pages(site)[0])
    first = roll_widget(page, 0, 777)
    href = page.locator("[data-rollkit-widget]").first.evaluate("(w) => w.rollkit.link()")  # type: ignore[attr-defined]
    other = open_page(browser, site)
    other.goto(href)  # type: ignore[attr-defined]
    other.wait_for_function(
        "document.querySelector('[data-rollkit-widget]').dataset.seed === '777'",  # type: ignore[attr-defined]
        timeout=READY_MS,
    )
    assert other.locator("[data-rollkit-widget]").first.get_attribute("data-faces") == first["faces"]  # type: ignore[attr-defined]


def test_everything_works_from_a_sub_path(browser: object, subpath_site: Site) -> None:
    site = subpath_site
    assert urlsplit(site.base).path == "/rollkit/"
    page = open_page(browser, site)
    page.goto(site.url())  # type: ignore[attr-defined]
    pages = widget_pages(site)
    for path in (pages[0], pages[-1]):
        instant_go(page, site, path)
        shown = roll_widget(page, 0, 31337)
        assert shown["error"] == ""
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert all(urlsplit(u).path.startswith("/rollkit/") for u in site.requests if u.startswith("http"))


def test_no_request_leaves_the_site(browser: object, live_page: object, site: Site) -> None:
    no_request_leaves(browser, live_page, site)


@pytest.mark.parametrize("system", BUILT_IN)
def test_screenshot_of_each_system_page(live_page: object, site: Site, system: str) -> None:
    page = live_page
    instant_go(page, site, f"{system}/")
    assert page.locator("h1").first.is_visible()  # type: ignore[attr-defined]
    path = screenshot(page, system)
    assert path.stat().st_size > 10_000


def test_pages_read_well_with_javascript_off(browser: object, site: Site) -> None:
    page = new_context(browser, java_script_enabled=False).new_page()  # type: ignore[attr-defined]
    page.goto(site.url(widget_pages(site)[0]))
    widget = page.locator("[data-rollkit-widget]").first
    roll = widget.get_by_role("button", name="Roll", exact=True)
    assert roll.is_visible() and roll.is_disabled()
    assert widget.locator(".rk-fields input").first.is_disabled()
    # text_content: a block far below is not rendered until the reader scrolls near (theme.css),
    # and the browser gives its innerText as ""
    assert "Rolling needs JavaScript" in (widget.locator(".rk-nojs").text_content() or "")
    assert widget.locator(".rk-nojs").is_visible()
    assert (widget.locator(".rk-chance strong").text_content() or "").endswith("%")
    assert widget.locator(".rk-chart svg").count() == 1
    screenshot(page, "javascript-off")


# Resolves once the page has not scrolled for six frames and the element is inside the
# window, or after two seconds whatever it shows (the assertions then say what is wrong).
SETTLED_IN_VIEW = """(e) => new Promise((done) => { let last = null, still = 0; const began = performance.now();
    const frame = () => { const y = window.scrollY, box = e.getBoundingClientRect();
        still = y === last ? still + 1 : 0; last = y;
        const seen = box.top >= 0 && box.bottom <= window.innerHeight;
        if ((still >= 6 && seen) || performance.now() - began > 2000) done(); else requestAnimationFrame(frame); };
    requestAnimationFrame(frame); })"""


def test_phone_width_and_dark_scheme(browser: object, site: Site) -> None:
    page = new_context(browser, viewport={"width": 390, "height": 844}, color_scheme="dark").new_page()  # type: ignore[attr-defined]
    page.goto(site.url(widget_pages(site)[0]))
    widget = page.locator("[data-rollkit-widget]").first
    box = widget.bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.evaluate("document.body.scrollWidth") <= 390 + 1
    roll = widget.get_by_role("button", name="Roll", exact=True)
    roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")  # Roll mid-screen, as a reader taps it
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")
    roll.click()
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS)
    summary = widget.locator(".rk-result")
    summary.evaluate(SETTLED_IN_VIEW)  # the smooth scroll
    assert summary.inner_text().strip().startswith(("Success", "Failure"))
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    screenshot(page, "phone-dark")


# Records each change of <body>'s switching mark with a link's transition at that moment.
_WATCH_SWITCH = """() => { window.switches = [];
    new MutationObserver(() => window.switches.push([document.body.hasAttribute('data-md-color-switching'),
        getComputedStyle(document.querySelector('.md-content .md-typeset a')).transitionDuration]))
        .observe(document.body, {attributes: true, attributeFilter: ['data-md-color-switching']}); }"""


def test_a_colour_switch_plays_no_transition_and_a_page_load_sets_no_mark(
    browser: object, site: Site
) -> None:
    page = new_context(browser).new_page()  # type: ignore[attr-defined]
    page.goto(site.url(""))
    page.wait_for_function("window.document$ !== undefined")  # Material's script ran
    assert page.evaluate("document.body.hasAttribute('data-md-color-switching')") is False
    moving = page.evaluate(
        "getComputedStyle(document.querySelector('.md-content .md-typeset a')).transitionDuration"
    )
    assert moving != "0s", moving  # Material's links ease their colour: the switch must stop that
    page.evaluate(_WATCH_SWITCH)
    page.get_by_title("Switch to the dark scheme").click()
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate' && window.switches.length === 2")
    assert page.evaluate("window.switches") == [[True, "0s"], [False, moving]]


def test_artifacts_folder_is_ignored_by_git() -> None:
    assert "/artifacts/" in (Path(__file__).resolve().parents[2] / ".gitignore").read_text()


# -- every widget, the states the reader-experience issue names -------------------------------

# The test's own parse of CPython's HTML, to compare with the live view's outerHTML.
_PARSED = """(html) => { const t = document.createElement('template'); t.innerHTML = html;
    return t.content.firstElementChild.outerHTML; }"""

# Widget w as built: its check, state and id; its odds view before and after the same values
# are answered live; its shown number fields ([name, value, min, max]) and parameters. From
# then on it records whether its odds were seen marked stale with the note shown.
_BEGIN = """async (w) => {
    const before = w.querySelector('.rk-odds-view').outerHTML;
    await w.rollkit.updateOdds();
    const after = w.querySelector('.rk-odds-view').outerHTML;
    w.__sawStale = false; const odds = w.querySelector('.rk-odds');
    new MutationObserver(() => { if (odds.classList.contains('rk-stale') &&
        !w.querySelector('.rk-stale-note').hidden) w.__sawStale = true; })
    .observe(odds, { attributes: true });
    return { check: w.dataset.check, state: w.dataset.state, id: w.id, before, after, params: w.rollkit.params(),
             fields: [...w.querySelectorAll('.rk-fields input[type=number][name]')].map((f) =>
                 [f.name, f.value, f.getAttribute('min'), f.getAttribute('max')]) }; }"""

# Once widget w shows the chance ``want`` and no stale odds: what it then shows, and its
# first number field with a maximum ([id, value, min, max], or null).
_FRESH = """(w, want) => new Promise((done) => { const check = () =>
    w.dataset.chance === want && !w.querySelector('.rk-odds').classList.contains('rk-stale')
    ? done() : setTimeout(check, 20); check(); }).then(() => {
    const ranged = w.querySelector('.rk-fields input[type=number][name][max]');
    return { sawStale: w.__sawStale, params: w.rollkit.params(), view: w.querySelector('.rk-odds-view').outerHTML,
             link: w.rollkit.link(), id: w.id,
             ranged: ranged && [ranged.id, ranged.value, ranged.getAttribute('min'), ranged.getAttribute('max')] }; })"""

# Once field f is marked invalid: whether its own message is visible (a box, not visibility:
# hidden, as Playwright's is_visible) and its text.
_INVALID = """(f) => new Promise((done) => { const check = () =>
    f.getAttribute('aria-invalid') === 'true' ? done() : setTimeout(check, 20); check(); }).then(() => {
    const m = document.getElementById(`${f.id}-error`), box = m.getBoundingClientRect();
    return { visible: box.width > 0 && box.height > 0 && getComputedStyle(m).visibility !== 'hidden',
             text: m.innerText }; })"""

_VALID = """(f) => new Promise((done) => { const check = () =>
    !f.hasAttribute('aria-invalid') ? done() : setTimeout(check, 20); check(); })"""


def _neighbour(
    check_name: str, params: dict[str, str], name: str, value: int, low: int | None, high: int | None
) -> tuple[int, str] | None:
    """A value next to ``value`` that the check accepts, with its exact chance (CPython)."""
    for new in (value + 1, value - 1, value + 5, value - 5, value + 10, value - 10):
        if (low is not None and new < low) or (high is not None and new > high):
            continue
        try:
            return new, str(build(check_name, {**params, name: str(new)}).chance())
        except RulesError:
            continue
    return None


def _first_edit(
    check_name: str, params: dict[str, str], fields: list[tuple[str, str, str | None, str | None]]
) -> tuple[int, int, str] | None:
    """The first number field (by index) with a neighbouring value the check accepts: that value
    and its exact chance."""
    for i, (name, value, low, high) in enumerate(fields):
        found = _neighbour(
            check_name,
            params,
            name,
            int(value),
            None if low is None else int(low),
            None if high is None else int(high),
        )
        if found is not None:
            return i, *found
    return None


def test_each_widget_live_edit_stale_range_and_link(browser: object, live_page: object, site: Site) -> None:
    """For every widget: the live view equals the pre-rendered one; an edit marks the odds
    stale, then shows CPython's fresh odds in CPython's view; one past a field's range marks
    that field with a message naming the range; its copied link restores the values."""
    page = live_page
    links: list[tuple[str, str, dict[str, str]]] = []
    visited = found = 0
    for path in widget_pages(site):
        instant_go(page, site, path)
        page.evaluate("window.rollkitWidgets.start()")  # type: ignore[attr-defined]  # widgets may lie far below
        page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
        widgets = page.locator("[data-rollkit-widget]")  # type: ignore[attr-defined]
        found += widgets.count()
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            begun = widget.evaluate(_BEGIN)  # the same values, answered live
            where = (path, index, begun["check"])
            state = json.loads(begun["state"])
            assert begun["after"] == begun["before"], where

            edited = _first_edit(state["check"], begun["params"], begun["fields"])
            assert edited is not None, where
            i, new_value, new_chance = edited
            widget.locator(".rk-fields input[type=number][name]").nth(i).fill(str(new_value))
            fresh = widget.evaluate(_FRESH, new_chance)
            assert fresh["sawStale"], where
            params = fresh["params"]
            check = build(state["check"], params)
            want = to_html(odds_view(check, shown=tuple(state["shown"])).tree)
            assert fresh["view"] == page.evaluate(_PARSED, want), where  # type: ignore[attr-defined]
            links.append((fresh["link"], fresh["id"], params))

            if fresh["ranged"] is not None:
                ranged = widget.locator(".rk-fields input[type=number][name][max]").first
                control, kept, low, high = fresh["ranged"]
                ranged.fill(str(int(high) + 1))
                message = ranged.evaluate(_INVALID)
                span = f"from {low} to {high}" if low is not None else f"of at most {high}"
                assert message["visible"] and span in message["text"], (where, message["text"])
                declared = next(f for f in fields(find(state["check"])) if control.endswith(f"-{f.name}"))
                beyond = "too large to work out exactly" if declared.param.limit else "out of range"
                assert f"{high}" in message["text"] and beyond in message["text"], (where, message["text"])
                ranged.fill(kept)
                ranged.evaluate(_VALID)
            visited += 1
    assert visited == found and visited >= 40
    # Each link opened cold restores its widget's values before Python runs (the worker is
    # blocked), two pages loading at once; the search index, which no link needs, is not loaded.
    context = new_context(browser)
    context.route("**/rollkit-worker.mjs", lambda route: route.abort())  # type: ignore[attr-defined]
    context.route(SEARCH, lambda route: route.abort())  # type: ignore[attr-defined]
    tabs = [context.new_page(), context.new_page()]  # type: ignore[attr-defined]
    wanted = {href: (widget_id, params) for href, widget_id, params in links}
    assert len(wanted) == len(links)
    for other, href in load_each(tabs, list(wanted)):
        widget_id, params = wanted[href]
        other.wait_for_function("([id]) => document.getElementById(id)?.rollkit", arg=[widget_id])  # type: ignore[attr-defined]
        restored = other.locator(f"#{widget_id}").evaluate("(w) => w.rollkit.params()")  # type: ignore[attr-defined]
        assert restored == params, href
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_list_parameters_are_edited_as_rows(browser: object, live_page: object, site: Site) -> None:
    """Supporting PCs: Add and Remove rows, an entry's mistake marked on that entry, and a
    copied link that rebuilds the rows."""
    page = live_page
    instant_go(page, site, "hits/special-checks/")
    widget = page.locator('[data-check="hits.group"]')  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-check=\"hits.group\"]').rollkit")  # type: ignore[attr-defined]
    helpers = widget.locator(".rk-list:has(input[name=helpers])")  # not the helpers' Knowledge Ratings
    hidden = widget.locator("input[name=helpers]")
    assert hidden.input_value() == "8:6,6:7,3:7,7:7"
    rows = helpers.locator(".rk-rows > .rk-row")
    assert rows.count() == 4 and rows.nth(1).locator(".rk-entry").text_content() == "Helper 2"
    helpers.get_by_role("button", name="Add a helper").click()
    assert rows.count() == 5 and hidden.input_value() == "8:6,6:7,3:7,7:7,3:7"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Helper 5, Dice Pool"  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Remove Helper 2").click()
    assert hidden.input_value() == "8:6,3:7,7:7,3:7"
    assert rows.nth(1).locator(".rk-entry").inner_text() == "Helper 2"  # renumbered
    params = widget.evaluate("(w) => w.rollkit.params()")
    page.wait_for_function(
        "([want]) => document.querySelector('[data-check=\"hits.group\"]').dataset.chance === want",  # type: ignore[attr-defined]
        arg=[str(build("hits.group", params).chance())],
        timeout=READY_MS,
    )
    threshold = widget.get_by_label("Helper 3, Threshold (x+)")
    threshold.fill("11")
    page.wait_for_function(
        "document.querySelector('[aria-label=\"Helper 3, Threshold (x+)\"]').getAttribute('aria-invalid') === 'true'",  # type: ignore[attr-defined]
        timeout=READY_MS,
    )
    assert (
        helpers.locator(".rk-field-error").inner_text()
        == "Supporting PCs, helper 3, Threshold (x+): 11 is out of range; enter a whole number from 1 to 10."
    )
    threshold.fill("7")
    href = widget.evaluate("(w) => w.rollkit.link()")
    assert "p.helpers=8%3A6%2C3%3A7%2C7%3A7%2C3%3A7" in href
    other = open_page(browser, site)
    other.goto(href)  # type: ignore[attr-defined]
    other.wait_for_function("document.querySelector('[data-check=\"hits.group\"]').rollkit")  # type: ignore[attr-defined]
    again = other.locator('[data-check="hits.group"]')  # type: ignore[attr-defined]
    assert again.locator(".rk-rows > .rk-row").count() == 4
    assert [again.get_by_label(f"Helper {i}, Dice Pool").input_value() for i in (1, 2, 3, 4)] == [
        "8",
        "3",
        "7",
        "3",
    ]
    stats = page.locator('[data-check="critdice.skill"]').first  # type: ignore[attr-defined]
    instant_go(page, site, "critdice/")
    page.wait_for_function("document.querySelector('[data-check=\"critdice.skill\"]').rollkit")  # type: ignore[attr-defined]
    assert stats.get_by_role("button", name="Add a stat").is_disabled()  # one or two Stats
    stats.get_by_role("button", name="Remove Stat 1").click()
    assert stats.get_by_role("button", name="Remove Stat 1").is_disabled()  # at least one
    assert stats.locator("input[name=stats]").input_value() == "5"


def test_every_widget_on_a_phone_shows_its_result_in_view(browser: object, site: Site) -> None:
    """390x844: Roll tapped where it sits mid-screen; the summary is then inside the screen."""
    page = new_context(
        browser,
        viewport={"width": 390, "height": 844},
        reduced_motion="reduce",
        has_touch=True,
        is_mobile=True,
    ).new_page()  # type: ignore[attr-defined]
    page.goto(site.url())
    rolled = found = 0
    for path in widget_pages(site):
        instant_go(page, site, path)
        widgets = page.locator("[data-rollkit-widget]")
        found += widgets.count()
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            roll = widget.get_by_role("button", name="Roll", exact=True)
            roll.evaluate("""(b) => { delete b.closest('[data-rollkit-widget]').dataset.seed;
                b.scrollIntoView({block: 'center'}); }""")
            roll.tap()
            shown = widget.evaluate("""(w) => new Promise((done) => { const check = () =>
                w.dataset.seed || !w.querySelector('.rk-error').hidden ? done() : setTimeout(check, 20);
                check(); }).then(() => { const box = w.querySelector('.rk-result').getBoundingClientRect();
                return { y: box.y, height: box.height, wide: document.body.scrollWidth }; })""")
            assert shown["height"] > 0, (path, index)
            assert shown["y"] >= 0 and shown["y"] + shown["height"] <= 844, (path, index, shown)
            assert shown["wide"] <= 391, (path, index)  # nothing wider than the phone
            rolled += 1
    assert rolled == found and rolled >= 40


# Each widget of the page: its id, whether each control (Roll, the shown fields and their
# buttons, Pin, the first view choice) is disabled, and its no-JavaScript note and chance.
# Disabled and visible as Playwright has them: disabled itself or by its fieldset; a box,
# not visibility: hidden.
# (Text as textContent: a widget far below is not rendered until the reader scrolls near it,
# theme.css, and the browser gives its innerText as "".)
_WITHOUT_JS = """() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => {
    const text = (e) => e.textContent.replace(/\\s+/g, ' ').trim();
    const off = (e) => !!e && e.matches(':disabled');
    const note = w.querySelector('.rk-nojs'), box = note.getBoundingClientRect();
    return { id: w.id,
             controls: [...w.querySelectorAll('.rk-fields input:not([type=hidden]), .rk-fields select, .rk-fields button')].map(off),
             pin: off(w.querySelector('.rk-pin')), view: off(w.querySelector('.rk-view')),
             note: box.width > 0 && box.height > 0 && getComputedStyle(note).visibility !== 'hidden',
             says: text(note), chance: text(w.querySelector('.rk-chance strong')) }; })"""


def test_every_widget_without_javascript_is_disabled_with_the_note(browser: object, site: Site) -> None:
    context = new_context(browser, java_script_enabled=False)
    tabs = [context.new_page(), context.new_page()]  # type: ignore[attr-defined]  # two loads at once
    checked = 0
    for page, url in load_each(tabs, [site.url(path) for path in widget_pages(site)]):
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        rolls = page.locator("[data-rollkit-widget]").get_by_role("button", name="Roll", exact=True)  # type: ignore[attr-defined]
        widgets = page.evaluate(_WITHOUT_JS)  # type: ignore[attr-defined]
        assert rolls.count() == len(widgets) > 0, url
        assert rolls.evaluate_all("(bs) => bs.map((b) => b.matches(':disabled'))") == [True] * len(widgets), (
            url
        )
        for widget in widgets:
            where = (url, widget["id"])
            assert all(widget["controls"]), where
            assert widget["pin"] and widget["view"], where
            assert widget["note"] and "Rolling needs JavaScript" in widget["says"], where
            assert widget["chance"].endswith("%"), where
            checked += 1
    assert checked >= 40
