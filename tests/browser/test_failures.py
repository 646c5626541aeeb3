"""Hostile conditions: a strict CSP, a runtime that fails to load, errors and runaway work."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest

from docs_tools.sitebuild import config, runtime_dir
from rollkit._params import build
from tests.browser.pages import (
    READY_MS,
    expose_pyodide,
    instant_go,
    open_page,
    run_in_worker,
    serve_changed_worker,
    serve_copy,
    type_seed,
    wait_rolled,
    widget_pages,
)
from tests.browser.smoke import all_widgets_work_under_a_strict_csp
from tests.helpers.site import Site


def test_all_widgets_work_under_a_strict_csp(browser: object, site: Site, tmp_path: Path) -> None:
    all_widgets_work_under_a_strict_csp(browser, site, tmp_path)


def test_a_runtime_that_fails_to_load_leaves_the_page_intact(
    browser: object, site: Site, tmp_path: Path
) -> None:
    for served in serve_copy(site, tmp_path, block=(r"/pyodide/\w+/pyodide\.asm\.wasm$",)):
        page = open_page(browser, served)
        page.goto(served.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
        widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
        before = widget.locator(".rk-chance").text_content()  # its odds may not be rendered yet (theme.css)
        assert before and "%" in before, before
        widget.get_by_role("button", name="Roll", exact=True).click()
        widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
        assert "unavailable" in widget.locator(".rk-error").inner_text()
        assert "unavailable" in widget.locator(".rk-status").inner_text()
        assert widget.locator(".rk-chance").text_content() == before  # the exact odds stay
        assert page.locator("h1").first.is_visible()  # type: ignore[attr-defined]
        # the page's state is said once, by its first widget; every widget knows it as data
        others = page.locator("[data-rollkit-widget]")  # type: ignore[attr-defined]
        assert others.count() >= 2
        assert all(others.nth(i).get_attribute("data-status") == "failed" for i in range(others.count()))
        # text_content: the widgets far below are not rendered yet (theme.css), innerText is ""
        said = [others.nth(i).locator(".rk-status").text_content() or "" for i in range(1, others.count())]
        assert said == [""] * (others.count() - 1), said


def test_a_runtime_that_failed_to_download_is_tried_again_on_the_next_roll(
    browser: object, site: Site
) -> None:
    """A download cut off (the network gone) leaves the widgets unavailable, saying that Roll
    tries again; once the network is back, the next Roll starts Python and rolls, and the page
    becomes live again."""
    page = open_page(browser, site)
    network = {"up": False}

    def wasm(route: object) -> None:
        if network["up"]:
            route.continue_()  # type: ignore[attr-defined]
        else:
            route.abort()  # type: ignore[attr-defined]

    page.context.route("**/pyodide.asm.wasm", wasm)  # type: ignore[attr-defined]  # the worker's requests too
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, 7)
    widget.get_by_role("button", name="Roll", exact=True).click()
    widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
    assert "unavailable" in widget.locator(".rk-error").inner_text()
    status = widget.locator(".rk-status").inner_text()
    assert "unavailable" in status and status.endswith("Press Roll to try again."), status
    assert widget.get_attribute("data-seed") is None
    boots = int(page.evaluate("document.documentElement.dataset.rollkitBoots"))  # type: ignore[attr-defined]
    network["up"] = True
    widget.get_by_role("button", name="Roll", exact=True).click()
    wait_rolled(widget, 7)
    assert widget.locator(".rk-error").is_hidden()
    assert widget.get_attribute("data-status") == "ready"
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == str(boots + 1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("part", ["core", "the page's system"])
def test_a_part_of_rollkit_that_does_not_match_its_sha256_is_refused(
    browser: object, site: Site, tmp_path: Path, part: str
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site.directory, copy)
    runtime = runtime_dir(copy)
    page_path = widget_pages(site)[0]
    parts = config.read(runtime / "rollkit-worker.mjs")["parts"]
    system = re.search(
        r'data-rollkit-widget="([^"]+)"', (copy / page_path / "index.html").read_text(encoding="utf-8")
    )
    assert system
    # still a zip zipimport reads, but not the one whose sha256 the build (and so the worker) names
    changed = runtime / (parts["core"] if part == "core" else parts["systems"][system.group(1)])["file"]
    with zipfile.ZipFile(changed, "a") as zf:
        zf.comment = b"changed after the build"
    for copy_of_it in runtime.glob(f"{changed.name}.*"):  # the build's compressed copies: of the old one
        copy_of_it.unlink()
    for served in serve_copy(Site(site.base, copy), tmp_path):
        page = open_page(browser, served)
        page.goto(served.url(page_path))  # type: ignore[attr-defined]
        widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
        widget.get_by_role("button", name="Roll", exact=True).click()
        widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
        said = widget.locator(".rk-error").inner_text()
        assert "unavailable" in said and "not the file this site was built with" in said, said
        assert widget.get_attribute("data-seed") is None
        assert (widget.locator(".rk-chance strong").text_content() or "").endswith("%")


def _ready_page(browser: object, site: Site) -> object:
    page = open_page(browser, site)
    serve_changed_worker(page, expose_pyodide)
    pages = [
        p
        for p in widget_pages(site)
        if (site.directory / p / "index.html").read_text().count("data-rollkit-widget=") >= 2
    ]
    page.goto(site.url(pages[0]))  # type: ignore[attr-defined]
    page.locator("[data-rollkit-widget]").first.locator(".rk-roll").click()  # type: ignore[attr-defined]
    page.locator("html[data-rollkit-ready]").wait_for(state="attached", timeout=READY_MS)  # type: ignore[attr-defined]
    return page


def test_an_exception_in_the_worker_stays_in_its_widget(browser: object, site: Site) -> None:
    page = _ready_page(browser, site)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)  # type: ignore[attr-defined]
    run_in_worker(
        page,
        "import rollkit.web._protocol as p\ndef broken(*a, **k):\n    raise ZeroDivisionError('injected')\np.odds_view = broken",
    )
    first, second = page.locator("[data-rollkit-widget]").nth(0), page.locator("[data-rollkit-widget]").nth(1)  # type: ignore[attr-defined]
    field = first.locator(".rk-fields input[type=number]").first
    field.fill(str(int(field.input_value()) + 1))
    first.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
    shown = first.locator(".rk-error").inner_text()
    assert "bug" in shown and "not a mistake in your values" in shown  # never blamed on the reader
    assert any("ZeroDivisionError: injected" in line for line in console), console
    type_seed(second, 99)
    second.get_by_role("button", name="Roll", exact=True).click()
    wait_rolled(second, 99)
    assert second.locator(".rk-error").is_hidden()


def test_a_runaway_computation_can_be_stopped_and_the_widget_recovers(browser: object, site: Site) -> None:
    page = _ready_page(browser, site)
    run_in_worker(
        page,
        "import rollkit.web._protocol as p\ndef forever(*a, **k):\n    while True:\n        pass\np.odds_view = forever",
    )
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    field = widget.locator(".rk-fields input[type=number]").first
    value = int(field.input_value())
    field.fill(str(value + 1))
    stop = widget.get_by_role("button", name="Stop", exact=True)
    stop.wait_for(state="visible", timeout=READY_MS)
    stop.click()
    widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
    assert "Stopped" in widget.locator(".rk-error").inner_text()
    field.fill(str(value))  # a fresh worker answers
    params = widget.evaluate("(w) => w.rollkit.params()")
    want = str(build(widget.get_attribute("data-check"), params).chance())
    # the value is back to the page's own, so data-chance never changed: wait for the answer itself
    widget.locator(".rk-error").wait_for(state="hidden", timeout=READY_MS)
    assert widget.get_attribute("data-chance") == want
    assert widget.locator(".rk-stale-note").is_hidden()
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "2"  # type: ignore[attr-defined]


TAMPERED = {
    "the wasm": r"/pyodide/\w+/pyodide\.asm\.wasm$",
    "the wasm cut short": r"/pyodide/\w+/pyodide\.asm\.wasm$",
    "the standard library": r"/pyodide/\w+/python_stdlib\.zip$",
    "pyodide.mjs": r"/pyodide/\w+/pyodide\.mjs$",
    "pyodide.asm.mjs": r"/pyodide/\w+/pyodide\.asm\.mjs$",
    "rollkit's worker": r"/pyodide/\w+/rollkit-worker\.mjs$",
}


@pytest.mark.parametrize("what", list(TAMPERED))
def test_a_runtime_file_that_is_not_the_one_built_is_refused_at_once(
    browser: object, site: Site, what: str
) -> None:
    """Each file the worker loads (and the worker itself, from the page) is checked against the
    hash the build recorded: a changed byte, or a file cut short but served whole (200 OK), is
    refused with a message saying so within seconds, not left loading."""
    pattern = re.compile(TAMPERED[what])

    def tamper(route: object) -> None:
        response = route.fetch()  # type: ignore[attr-defined]
        body = response.body()
        if what.endswith("cut short"):
            changed = body[: len(body) // 2]
        else:
            changed = body[:-1] + bytes([body[-1] ^ 1])
        route.fulfill(response=response, body=changed)  # type: ignore[attr-defined]

    page = open_page(browser, site)
    page.route(pattern, tamper)  # type: ignore[attr-defined]
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Roll", exact=True).click()
    widget.locator(".rk-error:not([hidden])").wait_for(timeout=20_000)  # not the 120 s boot limit
    said = widget.locator(".rk-error").inner_text()
    assert "unavailable" in said and "not the file this site was built with" in said, (what, said)
    assert widget.get_attribute("data-seed") is None  # nothing rolled
    page.close()  # type: ignore[attr-defined]


def test_rules_that_cannot_be_downloaded_are_said_so_and_the_next_roll_gets_them(
    browser: object, site: Site
) -> None:
    """A system's part that cannot be downloaded (the network gone after Python was ready) is
    said as that, not as a bug in rollkit, and the next roll asks for it again."""
    page = open_page(browser, site)
    blocked = [True]
    page.context.route(  # type: ignore[attr-defined]
        "**/*-trait.zip", lambda route: route.abort() if blocked[0] else route.continue_()
    )
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    page.wait_for_timeout(2500)  # type: ignore[attr-defined]  # the other parts asked for in the background
    instant_go(page, site, "trait/")
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, 11)
    widget.get_by_role("button", name="Roll", exact=True).click()
    widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)
    said = widget.locator(".rk-error").inner_text()
    assert "Could not download the rules for trait" in said and "bug" not in said, said
    assert widget.get_attribute("data-seed") is None
    blocked[0] = False
    widget.get_by_role("button", name="Roll", exact=True).click()
    wait_rolled(widget, 11)
    assert widget.locator(".rk-error").is_hidden()
