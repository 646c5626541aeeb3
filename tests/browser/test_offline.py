"""Offline use: the service worker the build step writes (docs_tools/offline.py, sw.js at the
site's root) keeps the site after one visit, so pages open and widgets roll with the network
off; a new build replaces the kept copy and the page offers to reload."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from docs_tools.sitebuild import offline
from rollkit._params import build
from rollkit._registry import BUILT_IN
from scripts.serve_static import serve
from tests.browser.axe import violations
from tests.browser.pages import (
    ARTIFACTS,
    CSP,
    KEPT,
    READY_MS,
    all_pages,
    instant_click,
    kept_whole,
    open_page,
    roll_widget,
    type_seed,
    widget_pages,
)
from tests.helpers.site import Site, free_port

# The reader's data saver, for a page's scripts (Chromium has none to turn on from a test).
SAVING_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"
PAGE_SYSTEMS = "[...new Set([...document.querySelectorAll('[data-rollkit-widget]')].map((w) => w.dataset.rollkitWidget))]"


@contextmanager
def _served(directory: Path, prefix: str = "/", port: int = 0, **options: object) -> Iterator[Site]:
    server = serve(directory, port=port, prefix=prefix, **options)  # type: ignore[arg-type]
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}{prefix}", directory)
    finally:
        server.shutdown()
        server.server_close()


def _faces(page: object, index: int) -> tuple[str, str]:
    """What widget ``index`` shows for its last roll, and CPython's faces for that roll."""
    widget = page.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    shown = widget.evaluate(
        "(w) => ({ check: w.dataset.check, params: w.rollkit.params(), seed: w.dataset.seed,"
        " faces: w.dataset.faces })"
    )
    want = build(shown["check"], shown["params"]).roll(seed=int(shown["seed"])).faces
    return shown["faces"], ",".join(map(str, want))


def test_the_manifest_keeps_pages_assets_and_runtime(tmp_path: Path) -> None:
    files = {
        "index.html": "home",
        "hits/index.html": "hits",
        "404.html": "missing",
        "sitemap.xml": "<urlset/>",
        "sitemap.xml.gz": "gz",
        "assets/rollkit.mjs": "js",
        "assets/rollkit.mjs.br": "br",
        "assets/javascripts/bundle.js.map": "map",
        "assets/javascripts/lunr/min/lunr.de.min.js": "de",
        "search/search_index.json": "{}",
        "pyodide/pyodide-lock.json": "{}",
        "pyodide/pyodide.asm.wasm": "wasm",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    first = offline.write(tmp_path)
    kept = offline.manifest(tmp_path)
    assert first == tmp_path / "sw.js"
    assert sorted(kept["files"]) == [
        "./",
        "404.html",
        "assets/rollkit.mjs",
        "hits/",
        "pyodide/pyodide-lock.json",  # type: ignore[call-overload]
        "pyodide/pyodide.asm.wasm",
        "search/search_index.json",
        "sitemap.xml",
    ]
    assert kept["runtime"] == ["pyodide/pyodide-lock.json", "pyodide/pyodide.asm.wasm"]
    assert kept["fallback"] == "404.html"
    assert json.dumps(kept, indent=1, sort_keys=True) in first.read_text()
    offline.write(tmp_path)  # its own sw.js is not one of the kept files
    assert offline.manifest(tmp_path) == kept
    (tmp_path / "hits" / "index.html").write_text("hits, second build")
    changed = offline.manifest(tmp_path)
    assert changed["version"] != kept["version"]
    assert [k for k in kept["files"] if kept["files"][k] != changed["files"][k]] == ["hits/"]  # type: ignore[index]


def test_offline_after_one_visit_from_a_sub_path_under_a_strict_csp(
    browser: object, subpath_site: Site
) -> None:
    """One visit to a widget page keeps the site; offline, every page opens, another page's
    widget rolls CPython's dice and a shared link (?rk=...) opens and replays its roll."""
    assert (subpath_site.directory / "sw.js").exists()  # written by the build step
    with _served(subpath_site.directory, "/rollkit/", headers={"Content-Security-Policy": CSP}) as served:
        page = open_page(browser, served, offline_copy=True)
        blocked: list[str] = []  # scripts or workers the policy refused (data: icons do not count)
        page.on("console", lambda m: blocked.append(m.text))  # type: ignore[attr-defined]
        pages = widget_pages(served)
        page.goto(served.url(pages[0]))  # type: ignore[attr-defined]
        cache = kept_whole(page, served.directory)
        scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")  # type: ignore[attr-defined]
        assert scope == served.base and urlsplit(scope).path == "/rollkit/"
        assert cache == f"rollkit-offline /rollkit/ {offline.manifest(served.directory)['version']}"

        page.context.set_offline(True)  # type: ignore[attr-defined]
        for path in all_pages(served):
            answer = page.goto(served.url(path), wait_until="commit")  # type: ignore[attr-defined]
            assert answer.ok and answer.from_service_worker, path
        answer = page.goto(served.url(pages[-1]))  # type: ignore[attr-defined]
        assert answer.from_service_worker
        shown = roll_widget(page, 0, 2024)
        assert shown["error"] == ""
        got, want = _faces(page, 0)
        assert got == want
        widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
        type_seed(widget, 77)
        widget.get_by_role("button", name="Roll", exact=True).click()
        widget.locator('xpath=self::*[@data-seed="77"]').wait_for(timeout=READY_MS)
        link = widget.evaluate("(w) => w.rollkit.link()")
        assert "?rk=" in link and "seed=77" in link and "p." in link
        answer = page.goto(link)  # type: ignore[attr-defined]
        assert answer.from_service_worker
        restored = page.locator(f"#{urlsplit(link).fragment}")  # type: ignore[attr-defined]
        restored.locator('xpath=self::*[@data-seed="77"]').wait_for(timeout=READY_MS)
        index = page.evaluate(
            "(id) => [...document.querySelectorAll('[data-rollkit-widget]')]"  # type: ignore[attr-defined]
            ".indexOf(document.getElementById(id))",
            urlsplit(link).fragment,
        )
        got, want = _faces(page, index)
        assert got == want
        assert page.locator(".rk-update").count() == 0  # type: ignore[attr-defined]  # no new build: no notice
        assert [m for m in blocked if "script-src" in m or "worker-src" in m] == []
        assert page.rollkit_errors == []  # type: ignore[attr-defined]
        page.context.close()  # type: ignore[attr-defined]


@pytest.fixture
def two_builds(site: Site, tmp_path: Path) -> tuple[Path, Path]:
    """The site, and a second build of it that differs in one page (its sw.js rewritten)."""
    one, two = tmp_path / "one", tmp_path / "two"
    shutil.copytree(site.directory, one)
    shutil.copytree(site.directory, two)
    page = two / "compare" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("<head>", "<head><!-- second build -->", 1))
    for stale in page.parent.glob("index.html.*"):  # its precompressed copies, if any
        stale.unlink()
    # a runtime file at a new address, as a new content-hashed runtime folder holds it
    wasm = next(two.rglob("pyodide.asm.wasm"))
    (two / "moved").mkdir()
    shutil.copy2(wasm, two / "moved" / wasm.name)
    offline.write(two)
    later = (one / "sw.js").stat().st_mtime + 10  # a later build: the server's Last-Modified says so
    for changed in (page, two / "moved" / wasm.name, two / "sw.js"):
        os.utime(changed, (later, later))
    return one, two


def _first_build_kept(browser: object, one: Path) -> tuple[object, int, str]:
    """A page that opened the first build until its copy was kept, its port and the copy."""
    port = free_port()
    page = open_page(browser, Site(f"http://127.0.0.1:{port}/", one), offline_copy=True)
    with _served(one, port=port) as served:
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]
        kept = kept_whole(page, one)
    return page, port, kept


def test_a_new_build_replaces_the_kept_copy_and_offers_a_reload(
    browser: object, two_builds: tuple[Path, Path]
) -> None:
    one, two = two_builds
    page, port, old = _first_build_kept(browser, one)
    # the second build, at the same address; the runtime did not change, so the new build
    # copies it from the old cache, also to a new address: a download of it would fail
    with _served(two, port=port, block=(r"/pyodide/", r"/moved/")) as served:
        page.goto(served.url("rulings/"))  # type: ignore[attr-defined]  # the old build answers, and looks for a new one
        notice = page.locator(".rk-update")  # type: ignore[attr-defined]
        notice.wait_for(state="visible", timeout=READY_MS)
        assert (
            notice.get_attribute("role") == "region" and notice.get_attribute("aria-label") == "Site update"
        )
        assert "A new version of this site is ready" in notice.inner_text()
        assert "new version" in page.locator(".rk-live").text_content()  # type: ignore[attr-defined]  # said politely
        assert "second build" not in page.content()  # type: ignore[attr-defined]  # nothing reloaded by itself
        assert violations(page) == []
        (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "update-notice.png"))  # type: ignore[attr-defined]
        # last in the page: from the page's end, Shift+Tab reaches "Not now", then Reload
        page.evaluate("document.activeElement && document.activeElement.blur()")  # type: ignore[attr-defined]
        page.keyboard.press("Shift+Tab")  # type: ignore[attr-defined]
        page.keyboard.press("Shift+Tab")  # type: ignore[attr-defined]
        assert page.evaluate("document.activeElement.textContent") == "Reload"  # type: ignore[attr-defined]
        with page.expect_navigation():  # type: ignore[attr-defined]
            page.keyboard.press("Enter")  # type: ignore[attr-defined]
        new = kept_whole(page, two)
        assert new != old and new.endswith(offline.manifest(two)["version"])  # type: ignore[operator]
        assert page.evaluate("async () => await caches.keys()") == [new]  # type: ignore[attr-defined]  # the old copy is gone
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]
        assert "<!-- second build -->" in page.content()  # type: ignore[attr-defined]
        size = (two / "moved" / "pyodide.asm.wasm").stat().st_size
        moved = page.evaluate("""async () => { const answer = await fetch('../moved/pyodide.asm.wasm');
            return [answer.url, (await answer.arrayBuffer()).byteLength]; }""")  # type: ignore[attr-defined]
        assert moved == [served.url("moved/pyodide.asm.wasm"), size]
        assert page.locator(".rk-update").count() == 0  # type: ignore[attr-defined]
    page.context.close()  # type: ignore[attr-defined]


def test_with_data_saver_python_is_kept_on_first_use(browser: object, site: Site, tmp_path: Path) -> None:
    """Under Save-Data the install keeps everything but the runtime, and a widget's first use
    keeps what it downloads: the runtime but the later part of the standard library, the whole
    wheel (only a snapshot uses it), the rules of the systems the page does not use and
    rollkit's rarer part (the test above rolls from a kept runtime). Chromium has no data saver to turn on from a test,
    so this copy's service worker is told it is on, and its pages are told so too."""
    copy = tmp_path / "site"
    shutil.copytree(site.directory, copy)
    worker = copy / "sw.js"
    text = worker.read_text(encoding="utf-8")
    assert text.count("self.navigator.connection?.saveData === true") == 1
    worker.write_text(text.replace("self.navigator.connection?.saveData === true", "true"), encoding="utf-8")
    kept = offline.manifest(copy)
    runtime = len(kept["runtime"])  # type: ignore[arg-type]
    assert runtime >= 6
    with _served(copy) as served:
        page = open_page(browser, served, offline_copy=True)
        page.context.add_init_script(SAVING_DATA)  # type: ignore[attr-defined]
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]  # no widget: Python never starts
        for _ in range(READY_MS // 200):
            if page.evaluate(KEPT, [len(kept["files"]) - runtime]):  # type: ignore[attr-defined, arg-type]
                break
            page.wait_for_timeout(200)  # type: ignore[attr-defined]
        else:
            raise AssertionError("the pages were not kept")
        pages = widget_pages(served)
        page.goto(served.url(pages[0]))  # type: ignore[attr-defined]
        page.locator("[data-rollkit-widget] .rk-roll").first.click()  # type: ignore[attr-defined]
        page.locator("html[data-rollkit-ready]").wait_for(state="attached", timeout=READY_MS)  # type: ignore[attr-defined]
        used = set(page.evaluate(PAGE_SYSTEMS))  # type: ignore[attr-defined]
        unused = [name for name in BUILT_IN if name not in used]
        assert used and unused
        # the runtime the first roll downloaded through the service worker, kept: all of it but
        # the later part of the standard library (kept when code first imports from it), the
        # whole wheel, the other systems' parts and rollkit's rarer part (each kept when a page
        # first uses it)
        for _ in range(READY_MS // 200):
            if page.evaluate(KEPT, [len(kept["files"]) - 3 - len(unused)]):  # type: ignore[attr-defined, arg-type]
                break
            page.wait_for_timeout(200)  # type: ignore[attr-defined]
        else:
            raise AssertionError("the runtime was not kept on first use")
        page.wait_for_timeout(2500)  # type: ignore[attr-defined]  # past the worker's background imports
        cached = page.evaluate(
            "async () => (await (await caches.open((await caches.keys())[0])).keys()).map((r) => r.url)"
        )  # type: ignore[attr-defined]
        assert [url for url in cached if url.endswith(tuple(f"-{name}.zip" for name in used))]
        assert not [
            url for url in cached if url.endswith(tuple(f"-{name}.zip" for name in [*unused, "rarer"]))
        ]
        assert not [url for url in cached if url.endswith(".whl")]
        assert not [url for url in cached if url.endswith("/python_stdlib_later.zip")]
        assert not [url for url in cached if url.endswith("/python_snapshot.bin")]  # never under data saver
        page.context.close()  # type: ignore[attr-defined]


def test_zensical_builds_are_kept_too(browser: object, zensical_site: Site) -> None:
    """The same build step gives the Zensical site its service worker: it keeps the site whole."""
    kept = offline.manifest(zensical_site.directory)
    assert "search.json" in kept["files"] and kept["runtime"]  # type: ignore[operator]
    page = open_page(browser, zensical_site, offline_copy=True)
    page.goto(zensical_site.url("compare/"))  # type: ignore[attr-defined]
    assert kept_whole(page, zensical_site.directory).endswith(str(kept["version"]))
    page.context.set_offline(True)  # type: ignore[attr-defined]
    assert page.goto(zensical_site.url("rulings/?from=offline")).from_service_worker  # type: ignore[attr-defined]
    page.context.close()  # type: ignore[attr-defined]


def test_a_tab_left_open_is_never_run_by_an_older_builds_scripts(
    browser: object, two_builds: tuple[Path, Path]
) -> None:
    """A tab of the old build stays open while another tab moves the site to the new one: its
    next page change is a full load of the new build's page (said on it), not the old build's
    scripts driving the new build's page."""
    one, two = two_builds
    updater, port, _ = _first_build_kept(browser, one)
    with _served(two, port=port) as served:
        left = updater.context.new_page()  # type: ignore[attr-defined]
        left.goto(served.url("rulings/"))  # old build's page, from the old copy
        left.wait_for_function("!!window.document$")
        left.evaluate("window.__samePage = true")
        updater.goto(served.url("rulings/"))  # type: ignore[attr-defined]
        updater.locator(".rk-update").wait_for(state="visible", timeout=READY_MS)  # type: ignore[attr-defined]
        with updater.expect_navigation():  # type: ignore[attr-defined]
            updater.locator(".rk-update-reload").click()  # type: ignore[attr-defined]
        kept_whole(updater, two)
        left.wait_for_function("navigator.serviceWorker.controller !== null")
        with left.expect_navigation():  # the page change, followed through instant navigation, reloads
            instant_click(left, served, "compare/")
        left.wait_for_load_state("load")
        assert left.evaluate("window.__samePage === undefined")  # a full load: no old script runs it
        assert "<!-- second build -->" in left.content()
        notice = left.locator(".rk-update")
        notice.wait_for(state="visible", timeout=READY_MS)
        assert "updated in another tab" in notice.inner_text()
        assert violations(left) == []
    updater.context.close()  # type: ignore[attr-defined]


def test_a_file_that_is_not_the_one_built_is_never_kept_nor_reused(
    browser: object, site: Site, tmp_path: Path
) -> None:
    """The service worker keeps a file only when its content has the hash its manifest names:
    one bad download fails the install (nothing kept; the next visit tries again), and a bad copy
    an older cache holds is never copied into a new build's."""
    bad = tmp_path / "bad"
    shutil.copytree(site.directory, bad)
    style = bad / "assets" / "rollkit.css"
    for copy in style.parent.glob("rollkit.css.*"):
        copy.unlink()
    good = style.read_bytes()
    style.write_bytes(good + b"\n/* changed after the build: not the file sw.js lists */\n")
    with _served(bad) as served:
        page = open_page(browser, served, offline_copy=True)
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            """async () => { const r = await navigator.serviceWorker.getRegistration();
                return r && !r.installing && !r.waiting && !r.active; }""",
            timeout=READY_MS,
            polling=200,
        )
        assert page.evaluate("async () => await caches.keys()") == []  # type: ignore[attr-defined]
        page.context.close()  # type: ignore[attr-defined]
    style.write_bytes(good)  # the same build, served right this time, after an older cache kept a bad copy
    with _served(bad) as served:
        page = open_page(browser, served, offline_copy=True)
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]
        listed = offline.manifest(bad)["files"]["assets/rollkit.css"]  # type: ignore[index]
        page.evaluate(  # type: ignore[attr-defined]
            """async ([hash, base]) => { const cache = await caches.open('rollkit-offline / older');
                await cache.put(new URL('assets/rollkit.css', base).href,
                  new Response('poisoned', { headers: { 'content-type': 'text/css' } }));
                await cache.put(new URL('rollkit-offline-manifest.json', base).href,
                  new Response(JSON.stringify({ files: { 'assets/rollkit.css': hash } }))); }""",
            [listed, served.base],
        )
        name = kept_whole(page, bad)
        assert name == f"rollkit-offline / {offline.manifest(bad)['version']}"
        kept = page.evaluate(  # type: ignore[attr-defined]
            "async ([name, url]) => await (await (await caches.open(name)).match(url, { ignoreVary: true })).text()",
            [name, served.url("assets/rollkit.css")],
        )
        assert kept.encode() == good
        page.context.close()  # type: ignore[attr-defined]
