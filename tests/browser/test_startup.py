"""Python starts only when wanted, and a Roll pressed before the page script runs is kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rollkit._params import build
from scripts.serve_static import serve
from tests.browser.pages import READY_MS, instant_go, open_page, type_seed, widget_pages
from tests.helpers.site import ROOT, Site


def _far_widget_page(site: Site) -> str:
    """A widget page whose first widget is far below the first screen."""
    for path in widget_pages(site):
        html = (site.directory / path / "index.html").read_text(encoding="utf-8")
        if html.index("data-rollkit-widget") > 40_000:
            return path
    raise AssertionError("no page has its first widget far down")


def test_python_waits_until_a_widget_comes_near(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))  # type: ignore[attr-defined]
    page.goto(site.url(_far_widget_page(site)))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    page.wait_for_timeout(1500)  # idle time passes: nothing starts for a widget out of reach
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") is None  # type: ignore[attr-defined]
    assert asked and not [u for u in asked if "/pyodide/" in u]
    page.locator("[data-rollkit-widget]").first.scroll_into_view_if_needed()  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]


def test_data_saver_starts_python_only_on_use(browser: object, site: Site) -> None:
    context = browser.new_context()  # type: ignore[attr-defined]
    context.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
    page = context.new_page()
    page.goto(site.url("hits/"))
    widget = page.locator("[data-rollkit-widget]").first
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")
    page.wait_for_timeout(1500)
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") is None
    assert "Data saver is on" in widget.locator(".rk-status").inner_text()
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS)
    context.close()


def _roll(page: object, seed: str = "") -> object:
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, seed)
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS
    )
    return widget


def test_a_roll_pressed_before_the_script_binds_is_kept(browser: object, site: Site) -> None:
    """rollkit.mjs held back for two seconds: Roll is enabled by the early script, and the
    press made meanwhile rolls once the widget is bound."""
    page = open_page(browser, site)
    held: list[object] = []
    page.route("**/assets/rollkit.mjs", lambda route: held.append(route))  # type: ignore[attr-defined]
    page.goto(site.url("hits/"), wait_until="commit")  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    roll = widget.get_by_role("button", name="Roll", exact=True)
    roll.wait_for()
    page.wait_for_function("!document.querySelector('[data-rollkit-widget] .rk-roll').disabled")  # type: ignore[attr-defined]
    type_seed(widget, 321)
    roll.click()
    assert widget.get_attribute("data-roll-pending") == "1"
    assert "your roll follows" in widget.locator(".rk-status").inner_text()
    page.wait_for_function("() => true")  # type: ignore[attr-defined]
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)  # type: ignore[attr-defined]
    assert held, "the page never asked for rollkit.mjs"
    held[0].continue_()  # type: ignore[attr-defined]
    page.wait_for_function(
        "document.querySelector('[data-rollkit-widget]').dataset.seed === '321'",  # type: ignore[attr-defined]
        timeout=READY_MS,
    )
    params = widget.evaluate("(w) => w.rollkit.params()")
    faces = build(widget.get_attribute("data-check"), params).roll(seed=321).faces
    assert widget.get_attribute("data-faces") == ",".join(map(str, faces))


# Every request a page sends rollkit's worker, in order (search's worker gets other messages).
_RECORD_REQUESTS = """
(() => {
  const post = Worker.prototype.postMessage;
  window.rkAsked = [];
  Worker.prototype.postMessage = function (message) {
    if (message && message.request) window.rkAsked.push(message.request);
    if (message && message.page) window.rkPage = message.page;
    return post.call(this, message);
  };
})();
"""


def _not_yet_rolled(
    widgets: object, rolled: list[tuple[str, dict[str, str]]]
) -> list[tuple[str, dict[str, str]]]:
    """(check, values) of each widget whose values were not rolled yet, once each, in page order."""
    out: list[tuple[str, dict[str, str]]] = []
    for i in range(widgets.count()):  # type: ignore[attr-defined]
        widget = widgets.nth(i)  # type: ignore[attr-defined]
        found = (widget.get_attribute("data-check"), json.loads(widget.get_attribute("data-state"))["params"])
        if found not in rolled + out:
            out.append(found)
    return out


def test_once_python_is_ready_each_widget_rolls_once_unseen_after_the_readers_roll(
    browser: object, site: Site
) -> None:
    page = open_page(browser, site)
    page.add_init_script(_RECORD_REQUESTS)  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    widgets = page.locator("[data-rollkit-widget]")  # type: ignore[attr-defined]
    count = widgets.count()
    assert count >= 3
    type_seed(widgets.nth(1), 5)  # its values as the page gives them
    widgets.nth(1).get_by_role("button", name="Roll", exact=True).click()  # starts Python
    page.wait_for_function("window.rkAsked.length >= 1", timeout=READY_MS)  # type: ignore[attr-defined]
    mine = page.evaluate("window.rkAsked")[0]  # type: ignore[attr-defined]
    assert mine["check"] == widgets.nth(1).get_attribute("data-check") and mine["seed"] == "5"
    # the worker's first message names the page's systems and its first widget's values, which
    # the worker rolls once before it is ready (no request of the page's)
    told = page.evaluate("window.rkPage")  # type: ignore[attr-defined]
    systems = {widgets.nth(i).get_attribute("data-rollkit-widget") for i in range(count)}
    assert sorted(told["systems"]) == sorted(systems)
    first = (
        widgets.nth(0).get_attribute("data-check"),
        json.loads(widgets.nth(0).get_attribute("data-state"))["params"],
    )
    assert (told["roll"]["op"], told["roll"]["check"], told["roll"]["params"]) == ("roll", *first)
    assert told["roll"]["seed"] == 1 and told["roll"]["log"]  # as a Roll asks, with the log's context
    assert page.evaluate("window.rollkitWidgets.state.timings.firstRoll") > 0  # type: ignore[attr-defined]
    expected = _not_yet_rolled(widgets, [(mine["check"], mine["params"]), first])
    assert len(expected) == count - 2  # the reader's widget and the first are rolled already
    page.wait_for_function(f"window.rkAsked.length >= {1 + len(expected)}", timeout=READY_MS)  # type: ignore[attr-defined]
    page.wait_for_timeout(1500)  # type: ignore[attr-defined]
    asked = page.evaluate("window.rkAsked")  # type: ignore[attr-defined]
    assert asked[1:] == [
        {"op": "roll", "check": check, "params": params, "seed": 1, "choose": True}
        for check, params in expected
    ]
    assert widgets.nth(1).get_attribute("data-seed") == "5"  # the reader's roll is answered
    shown = [widgets.nth(i).get_attribute("data-seed") for i in range(count) if i != 1]
    assert shown == [None] * (count - 1)  # the background rolls are never shown
    # the next page's widgets, by instant navigation: the same, for the values not yet rolled
    before = len(asked)
    instant_go(page, site, "hits/special-checks/")
    others = page.locator("[data-rollkit-widget]")  # type: ignore[attr-defined]
    # the worker is told the new page's systems at once, to import those it has not yet
    told = page.evaluate("window.rkPage")  # type: ignore[attr-defined]
    systems = {others.nth(i).get_attribute("data-rollkit-widget") for i in range(others.count())}
    assert sorted(told) == ["systems"] and sorted(told["systems"]) == sorted(systems)
    expected = _not_yet_rolled(others, [(a["check"], a["params"]) for a in asked])
    assert expected
    page.wait_for_function(f"window.rkAsked.length >= {before + len(expected)}", timeout=READY_MS)  # type: ignore[attr-defined]
    page.wait_for_timeout(1500)  # type: ignore[attr-defined]
    later = page.evaluate("window.rkAsked")[before:]  # type: ignore[attr-defined]
    assert [(a["check"], a["params"]) for a in later] == expected and all(a["seed"] == 1 for a in later)


def test_a_bare_build_runs_the_modules_as_they_are_and_keeps_its_odds(
    browser: object, tmp_path: Path
) -> None:
    """A bare mkdocs build (no build step, so no runtime and no bundle): the page module imports
    the modules of assets/rollkit/ as they are and binds the widgets, which keep the odds they
    were built with and say why they cannot roll."""
    out = tmp_path / "bare"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    server = serve(out, port=0)
    try:
        site = Site(f"http://127.0.0.1:{server.server_port}/", out)
        page = open_page(browser, site)
        page.goto(site.url("hits/"))  # type: ignore[attr-defined]
        widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
        page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
        odds = widget.locator(".rk-chance").text_content()  # its odds may not be rendered (theme.css)
        assert odds and "%" in odds, odds
        widget.get_by_role("button", name="Roll", exact=True).click()
        widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
        assert "this site was built without its Python runtime" in widget.locator(".rk-error").inner_text()
        assert "unavailable" in widget.locator(".rk-status").inner_text()
        assert (
            widget.locator(".rk-chance").text_content() == odds and widget.get_attribute("data-seed") is None
        )
        modules = {u.rsplit("/", 1)[-1] for u in site.requests if "/assets/rollkit/" in u}
        assert {p.name for p in (ROOT / "docs" / "assets" / "rollkit").glob("*.mjs")} - modules == {
            "boot.mjs"
        }
        assert not [u for u in site.requests if "/pyodide/" in u or "rollkit-worker" in u]
        assert page.rollkit_errors == []  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
