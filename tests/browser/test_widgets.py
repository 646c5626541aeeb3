"""Every widget on every page, live in Chromium, against rollkit in CPython."""

from __future__ import annotations

import html as html_lib
import json
import re
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rollkit import RulesError
from rollkit._params import build
from rollkit._view import odds_view, roll_view, to_html
from tests.browser.conftest import Site, open_page, screenshot

READY_MS = 90_000  # a cold Pyodide boot on a loaded 2-core machine, with room to spare


def widget_pages(site: Site) -> list[str]:
    """Paths (relative to the site's base) of every page that holds a widget."""
    pages = []
    for html in sorted(site.directory.rglob("*.html")):
        if "data-rollkit-widget" in html.read_text(encoding="utf-8"):
            rel = html.relative_to(site.directory).as_posix()
            pages.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return pages


def instant_go(page: object, site: Site, path: str) -> None:
    """Follow a link the way a reader does, so Material's instant navigation handles it."""
    page.evaluate(
        """(url) => { document.querySelector('article').dataset.oldPage = '1';
        const a = document.createElement('a'); a.href = url;
        document.querySelector('.md-content').append(a); a.click(); }""",
        site.url(path),
    )  # type: ignore[attr-defined]
    page.wait_for_url(site.url(path))  # type: ignore[attr-defined]
    page.wait_for_function("""() => !document.querySelector('article[data-old-page]') &&
        [...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)""")  # type: ignore[attr-defined]


def roll_widget(page: object, index: int, seed: int) -> dict[str, object]:
    """Roll widget ``index`` with ``seed``; return what it shows and the parameters it used."""
    widget = page.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    widget.evaluate("(w) => { delete w.dataset.seed; }")
    widget.locator(".rk-seed input").fill(str(seed))
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(  # type: ignore[attr-defined]
        """([i, seed]) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];
            return w.dataset.seed === String(seed) || !w.querySelector('.rk-error').hidden; }""",
        arg=[index, seed],
        timeout=READY_MS,
    )
    if widget.get_attribute("data-pending") == "1":  # dice waiting for the player's choices
        widget.locator('.rk-finish[data-spend="plan"]').click()  # rollkit's plan: check.roll(seed)
        page.wait_for_function(  # type: ignore[attr-defined]
            "(i) => !document.querySelectorAll('[data-rollkit-widget]')[i].dataset.pending",
            arg=index,
            timeout=READY_MS,
        )
    return widget.evaluate("""(w) => ({ check: w.dataset.check, params: w.rollkit.params(),
        faces: w.dataset.faces, error: w.querySelector('.rk-error').hidden ? '' :
        w.querySelector('.rk-error').textContent, summary: w.querySelector('.rk-result').textContent })""")


def test_widgets_are_prerendered_with_exact_odds(site: Site) -> None:
    """Before any script runs, each widget shows rollkit's exact chance and its controls."""
    pages = widget_pages(site)
    assert pages, "no page has a widget"
    count = 0
    for path in pages:
        html = (
            site.directory / (path + "index.html" if path.endswith("/") or not path else path)
        ).read_text()
        for match in re.finditer(r'data-check="([^"]+)" data-state="([^"]+)" data-chance="([^"]+)"', html):
            state = json.loads(html_lib.unescape(match.group(2)))
            check = build(state["check"], state["params"])
            assert match.group(3) == str(check.chance()), (path, state)
            block = html[match.end() : html.index('class="rk-python"', match.end())]
            assert 'role="alert"' in block and ">Roll</button>" in block
            # the page shows exactly what the worker's renderer gives for these values
            expected = to_html(odds_view(check, title=state["title"], shown=tuple(state["shown"]))["tree"])
            assert expected in block, (path, state)
            assert '<fieldset class="rk-controls" disabled>' in block  # until the script binds it
            count += 1
    assert count >= 10


def test_every_widget_rolls_like_cpython_with_one_boot(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    pages = widget_pages(site)
    page.goto(site.url())  # type: ignore[attr-defined]
    page.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
    reloads: list[str] = []  # a full page load where instant navigation should swap the content
    page.on("load", lambda: reloads.append(page.url))  # type: ignore[attr-defined]
    rolled = 0
    for path in pages:
        instant_go(page, site, path)
        count = page.locator("[data-rollkit-widget]").count()  # type: ignore[attr-defined]
        for index in range(count):
            seed = 1000 + rolled
            shown = roll_widget(page, index, seed)
            assert shown["error"] == "", (path, index, shown["error"])
            check = build(str(shown["check"]), dict(shown["params"]))  # type: ignore[arg-type]
            expected = check.roll(seed=seed)
            assert shown["faces"] == ",".join(map(str, expected.faces)), (path, index)
            assert shown["summary"] == roll_view(check, expected)["summary"], (path, index)
            rolled += 1
    assert page.evaluate("window.__samePage") is True, reloads  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
    assert rolled >= 10


def _first_number_field(page: object) -> tuple[object, str, str]:
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    field = widget.locator(".rk-fields input[type=number]").first
    return widget, field, field.input_value()


def test_editing_a_parameter_updates_the_exact_odds(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    for path in widget_pages(site)[:4]:
        page.goto(site.url(path))  # type: ignore[attr-defined]
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
                assert Fraction(want) == Fraction(widget.locator(".rk-chance .rk-exact").inner_text())
                assert widget.locator(".rk-odds.rk-stale").count() == 0
                assert widget.locator(".rk-stale-note").is_hidden()


def test_a_bad_parameter_shows_the_error_and_the_widget_recovers(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
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
    page.wait_for_timeout(400)
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


def test_huge_pools_show_honest_short_numbers(browser: object, site: Site) -> None:
    """1000 dice: no error, >99.99% rather than 100%, long fractions shortened with a copy button."""
    page = open_page(browser, site)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
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
    assert widget.locator(".rk-chance strong").inner_text() == ">99.99%"
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


def test_a_copied_link_restores_the_values(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    widget = page.locator('[data-check="hits"]:has(input[name=dice]:not([type=hidden]))').first  # type: ignore[attr-defined]
    widget.locator("input[name=dice]").fill("9")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Copy link").click()
    page.wait_for_function("() => document.querySelector('.rk-live').textContent.includes('copied')")  # type: ignore[attr-defined]
    href = page.evaluate("navigator.clipboard.readText()")  # type: ignore[attr-defined]
    assert "p.dice=9" in href and "seed=" not in href
    other = open_page(browser, site)
    other.goto(href)  # type: ignore[attr-defined]
    restored = other.locator(f"#{widget.get_attribute('id')}")  # type: ignore[attr-defined]
    other.wait_for_function("([id]) => document.getElementById(id).rollkit", arg=[widget.get_attribute("id")])  # type: ignore[attr-defined]
    assert restored.locator("input[name=dice]").input_value() == "9"


def test_replay_link_rolls_the_same_roll(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
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


def all_pages(site: Site) -> list[str]:
    return sorted(
        p.relative_to(site.directory).as_posix()[: -len("index.html")]
        for p in site.directory.rglob("index.html")
    )


def test_no_request_leaves_the_site(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    pages = all_pages(site)
    assert len(pages) >= 20
    for path in pages:
        page.goto(site.url(path))  # type: ignore[attr-defined]
    page.locator("[data-rollkit-widget] .rk-roll").first.click()  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site.base))
    outside = [u for u in site.requests if not (u.startswith(origin) or u.startswith(("data:", "blob:")))]
    assert outside == []


@pytest.mark.parametrize("system", ["ninefold", "trait", "hits", "again", "critdice"])
def test_screenshot_of_each_system_page(browser: object, site: Site, system: str) -> None:
    page = open_page(browser, site)
    page.goto(site.url(f"{system}/"))  # type: ignore[attr-defined]
    assert page.locator("h1").first.is_visible()  # type: ignore[attr-defined]
    path = screenshot(page, system)
    assert path.stat().st_size > 10_000


def test_pages_read_well_with_javascript_off(browser: object, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site.url(widget_pages(site)[0]))
    widget = page.locator("[data-rollkit-widget]").first
    roll = widget.get_by_role("button", name="Roll", exact=True)
    assert roll.is_visible() and roll.is_disabled()
    assert widget.locator(".rk-fields input").first.is_disabled()
    assert "Rolling needs JavaScript" in widget.locator(".rk-nojs").inner_text()
    assert widget.locator(".rk-nojs").is_visible()
    assert widget.locator(".rk-chance strong").inner_text().endswith("%")
    assert widget.locator(".rk-chart svg").count() == 1
    screenshot(page, "javascript-off")
    context.close()


def test_phone_width_and_dark_scheme(browser: object, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")  # type: ignore[attr-defined]
    page = context.new_page()
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
    page.wait_for_timeout(800)  # the smooth scroll
    summary = widget.locator(".rk-result")
    assert summary.inner_text().strip().startswith(("Success", "Failure"))
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    screenshot(page, "phone-dark")
    context.close()


def test_artifacts_folder_is_ignored_by_git() -> None:
    assert "/artifacts/" in (Path(__file__).resolve().parents[2] / ".gitignore").read_text()


# -- every widget, the states the reader-experience issue names -------------------------------

_OUTER = "(n) => n.outerHTML"
_PARSED = """(html) => { const t = document.createElement('template'); t.innerHTML = html;
    return t.content.firstElementChild.outerHTML; }"""  # the test's own parse of CPython's HTML


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


def test_each_widget_live_edit_stale_range_and_link(browser: object, site: Site) -> None:
    """For every widget: the live view equals the pre-rendered one; an edit marks the odds
    stale, then shows CPython's fresh odds in CPython's view; one past a field's range marks
    that field with a message naming the range; its copied link restores the values."""
    page = open_page(browser, site)
    page.goto(site.url())  # type: ignore[attr-defined]
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
            where = (path, index, widget.get_attribute("data-check"))
            state = json.loads(widget.get_attribute("data-state"))
            view = widget.locator(".rk-odds-view")
            before = view.evaluate(_OUTER)
            widget.evaluate("(w) => w.rollkit.updateOdds()")  # the same values, answered live
            assert view.evaluate(_OUTER) == before, where

            fields = widget.locator(".rk-fields input[type=number][name]")
            edited = None
            for i in range(fields.count()):
                field = fields.nth(i)
                low, high = field.get_attribute("min"), field.get_attribute("max")
                params = widget.evaluate("(w) => w.rollkit.params()")
                name = field.get_attribute("name")
                edited = _neighbour(
                    state["check"],
                    params,
                    name,
                    int(field.input_value()),
                    None if low is None else int(low),
                    None if high is None else int(high),
                )
                if edited is not None:
                    break
            assert edited is not None, where
            widget.evaluate("""(w) => { w.__sawStale = false; const odds = w.querySelector('.rk-odds');
                new MutationObserver(() => { if (odds.classList.contains('rk-stale') &&
                    !w.querySelector('.rk-stale-note').hidden) w.__sawStale = true; })
                .observe(odds, { attributes: true }); }""")
            field.fill(str(edited[0]))
            widget.evaluate(
                """(w, want) => new Promise((done) => { const check = () =>
                w.dataset.chance === want && !w.querySelector('.rk-odds').classList.contains('rk-stale')
                ? done() : setTimeout(check, 20); check(); })""",
                edited[1],
            )
            assert widget.evaluate("(w) => w.__sawStale"), where
            params = widget.evaluate("(w) => w.rollkit.params()")
            check = build(state["check"], params)
            want = to_html(odds_view(check, shown=tuple(state["shown"]))["tree"])
            assert view.evaluate(_OUTER) == page.evaluate(_PARSED, want), where  # type: ignore[attr-defined]
            links.append((widget.evaluate("(w) => w.rollkit.link()"), widget.get_attribute("id"), params))

            ranged = widget.locator(".rk-fields input[type=number][name][max]").first
            if ranged.count():
                low, high = ranged.get_attribute("min"), ranged.get_attribute("max")
                kept = ranged.input_value()
                ranged.fill(str(int(high) + 1))
                ranged.evaluate("""(f) => new Promise((done) => { const check = () =>
                    f.getAttribute('aria-invalid') === 'true' ? done() : setTimeout(check, 20); check(); })""")
                message = widget.locator(f"#{ranged.get_attribute('id')}-error")
                span = f"from {low} to {high}" if low is not None else f"of at most {high}"
                assert message.is_visible() and span in message.inner_text(), (where, message.inner_text())
                assert f"{high}" in message.inner_text() and "out of range" in message.inner_text()
                ranged.fill(kept)
                ranged.evaluate("""(f) => new Promise((done) => { const check = () =>
                    !f.hasAttribute('aria-invalid') ? done() : setTimeout(check, 20); check(); })""")
            visited += 1
    assert visited == found and visited >= 40
    # Each link opened cold restores its widget's values before Python runs (the worker is blocked).
    context = browser.new_context()  # type: ignore[attr-defined]
    context.route("**/rollkit-worker.mjs", lambda route: route.abort())
    other = context.new_page()
    for href, widget_id, params in links:
        other.goto(href)
        other.wait_for_function("([id]) => document.getElementById(id).rollkit", arg=[widget_id])
        restored = other.locator(f"#{widget_id}").evaluate("(w) => w.rollkit.params()")
        assert restored == params, href
    context.close()
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_list_parameters_are_edited_as_rows(browser: object, site: Site) -> None:
    """Supporting PCs: Add and Remove rows, an entry's mistake marked on that entry, and a
    copied link that rebuilds the rows."""
    page = open_page(browser, site)
    page.goto(site.url("hits/special-checks/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-check="hits.group"]')  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-check=\"hits.group\"]').rollkit")  # type: ignore[attr-defined]
    hidden = widget.locator("input[name=helpers]")
    assert hidden.input_value() == "8:6,6:7,3:7,7:7"
    rows = widget.locator(".rk-rows > .rk-row")
    assert rows.count() == 4 and rows.nth(1).locator(".rk-entry").inner_text() == "Helper 2"
    widget.get_by_role("button", name="Add a helper").click()
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
        widget.locator(".rk-list .rk-field-error").inner_text()
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
    stats = page.locator('[data-check="critdice.skill"]')  # type: ignore[attr-defined]
    page.goto(site.url("critdice/"))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-check=\"critdice.skill\"]').rollkit")  # type: ignore[attr-defined]
    assert stats.get_by_role("button", name="Add a stat").is_disabled()  # one or two Stats
    stats.get_by_role("button", name="Remove Stat 1").click()
    assert stats.get_by_role("button", name="Remove Stat 1").is_disabled()  # at least one
    assert stats.locator("input[name=stats]").input_value() == "5"


def test_every_widget_on_a_phone_shows_its_result_in_view(browser: object, site: Site) -> None:
    """390x844: Roll tapped where it sits mid-screen; the summary is then inside the screen."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        reduced_motion="reduce",  # type: ignore[attr-defined]
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.goto(site.url())
    rolled = found = 0
    for path in widget_pages(site):
        instant_go(page, site, path)
        widgets = page.locator("[data-rollkit-widget]")
        found += widgets.count()
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            widget.evaluate("(w) => { delete w.dataset.seed; }")
            roll = widget.get_by_role("button", name="Roll", exact=True)
            roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
            roll.tap()
            widget.evaluate("""(w) => new Promise((done) => { const check = () =>
                w.dataset.seed || !w.querySelector('.rk-error').hidden ? done() : setTimeout(check, 20);
                check(); })""")
            box = widget.locator(".rk-result").bounding_box()
            assert box is not None and box["height"] > 0, (path, index)
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (path, index, box)
            assert page.evaluate("document.body.scrollWidth") <= 391, (
                path,
                index,
            )  # nothing wider than the phone
            rolled += 1
    assert rolled == found and rolled >= 40
    context.close()


def test_every_widget_without_javascript_is_disabled_with_the_note(browser: object, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    checked = 0
    for path in widget_pages(site):
        page.goto(site.url(path))
        for widget in page.locator("[data-rollkit-widget]").all():
            where = (path, widget.get_attribute("id"))
            assert widget.get_by_role("button", name="Roll", exact=True).is_disabled(), where
            for control in widget.locator(
                ".rk-fields input:not([type=hidden]), .rk-fields select, .rk-fields button"
            ).all():
                assert control.is_disabled(), where
            assert (
                widget.locator(".rk-pin").is_disabled() and widget.locator(".rk-view").first.is_disabled()
            ), where
            note = widget.locator(".rk-nojs")
            assert note.is_visible() and "Rolling needs JavaScript" in note.inner_text(), where
            assert widget.locator(".rk-chance strong").inner_text().endswith("%"), where
            checked += 1
    assert checked >= 40
    context.close()
