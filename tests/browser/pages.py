"""Driving the site's pages in Chromium, for every browser test: a fresh page or context
(closed when the test ends), instant navigation as a reader follows a link, one page shared
by several tests, the pages that hold a widget and rolling one, and the strict policy of the
tests that serve the site under a Content-Security-Policy.

The fixtures that give these a browser and a built site are in ``conftest.py``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from docs_tools.sitebuild import offline
from scripts.serve_static import serve
from tests.helpers.site import ROOT, Site

ARTIFACTS = ROOT / "artifacts"
READY_MS = 90_000  # a cold Pyodide boot on a loaded 2-core machine, with room to spare
OPENED: list[object] = []  # contexts a test opened: closed when it ends (their workers stop)


def new_context(browser: object, *, offline_copy: bool = False, **options: object) -> object:
    """A browser context (own cache), closed when the test ends.

    Its service worker is blocked unless ``offline_copy``: the site's worker keeps the whole
    site once a page has loaded and paused, two to three seconds of CPU in every fresh context,
    which the tests of other things would spend for nothing (a third of a short test, on two
    cores). The tests of the offline copy ask for it; the page several tests share
    (``live_tab``) and the accessibility walk open their contexts themselves and keep it, so
    that the widgets are also driven with the worker controlling the page."""
    if not offline_copy:
        options.setdefault("service_workers", "block")
    context = browser.new_context(**options)  # type: ignore[attr-defined]
    OPENED.append(context)
    return context


def track(page: object, site: Site) -> object:
    """``page`` recording its requests in ``site.requests`` and its errors in ``page.rollkit_errors``."""
    page.on("request", lambda request: site.requests.append(request.url))  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))  # type: ignore[attr-defined]
    page.rollkit_errors = errors  # type: ignore[attr-defined]
    return page


def open_page(browser: object, site: Site, *, offline_copy: bool = False) -> object:
    """A fresh page (own context, cold cache, service worker as ``new_context``'s) that records
    requests and fails on page errors; its context is closed when the test ends."""
    context = new_context(browser, offline_copy=offline_copy, viewport={"width": 1200, "height": 900})
    return track(context.new_page(), site)  # type: ignore[attr-defined]


def instant_go(page: object, site: Site, path: str) -> None:
    """Follow a link the way a reader does, so Material's instant navigation handles it."""
    instant_click(page, site, path)
    instant_wait(page, site, path)


# Material's instant navigation takes a click only once it has the site's sitemap (it drops
# clicks until then, and the browser follows the link with a whole page load, which starts
# Python over): the sitemap's response is in the page's resource timing by then.
SITEMAP_LOADED = """() => performance.getEntriesByType('resource')
    .some((entry) => new URL(entry.name).pathname.endsWith('/sitemap.xml') && entry.responseEnd > 0)"""


def instant_click(page: object, site: Site, path: str) -> None:
    """``instant_go``'s first half: the link clicked (so that several pages can move at once),
    once the page's instant navigation can take it."""
    page.wait_for_function(SITEMAP_LOADED)  # type: ignore[attr-defined]
    page.evaluate(
        """(url) => { document.querySelector('article').dataset.oldPage = '1';
        const a = document.createElement('a'); a.href = url;
        document.querySelector('.md-content').append(a); a.click(); }""",
        site.url(path),
    )  # type: ignore[attr-defined]


def instant_wait(page: object, site: Site, path: str) -> None:
    """``instant_go``'s second half: the new page shown, its widgets bound."""
    page.wait_for_url(site.url(path))  # type: ignore[attr-defined]
    page.wait_for_function("""() => !document.querySelector('article[data-old-page]') &&
        [...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)""")  # type: ignore[attr-defined]


def live_tab(browser: object, site: Site) -> Iterator[object]:
    """A desktop page of ``site`` for several tests to share (see ``live_page``), closed after."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
    page = track(context.new_page(), site)
    _go_home(page, site)
    yield page
    context.close()


def _go_home(page: object, site: Site) -> None:
    page.goto(site.url())  # type: ignore[attr-defined]
    page.evaluate("() => { window.rollkitWidgets.start().catch(() => null); }")  # type: ignore[attr-defined]


def reset_live(page: object, site: Site) -> object:
    """The shared ``page`` back on the home page (by instant navigation: Python stays), its
    errors list emptied for the test that now uses it."""
    if page.url != site.url():  # type: ignore[attr-defined]
        try:
            instant_go(page, site, "")
        except PlaywrightError:  # left broken by a failed test: load it again
            _go_home(page, site)
    page.rollkit_errors.clear()  # type: ignore[attr-defined]
    return page


def load_each(tabs: list[object], urls: list[str]) -> Iterator[tuple[object, str]]:
    """Each URL opened by a full page load, ``len(tabs)`` at a time (one in each tab); yields
    ``(tab, url)`` once that load has started, the whole batch started before the first yield."""
    for start in range(0, len(urls), len(tabs)):
        batch = list(zip(tabs, urls[start : start + len(tabs)], strict=False))
        for tab, url in batch:
            tab.goto(url, wait_until="commit")  # type: ignore[attr-defined]
        yield from batch


# The page has the whole site kept: its service worker controls it, and the one cache of this
# site holds every file of the manifest (plus the cache's own copy of the manifest).
KEPT = """async ([count]) => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || !navigator.serviceWorker.controller) return false;
    const names = await caches.keys();
    if (names.length !== 1) return false;
    const keys = await (await caches.open(names[0])).keys(); // the snapshot, kept later, aside
    return keys.filter((r) => !r.url.endsWith("/python_snapshot.bin")).length === count + 1; }"""


def kept_whole(page: object, site_dir: Path) -> str:
    """Wait until the site in ``site_dir`` is kept whole; returns the cache's name."""
    count = len(offline.manifest(site_dir)["files"])  # type: ignore[arg-type]
    for _ in range(READY_MS // 200):  # wait_for_function would take the pending promise as true
        if page.evaluate(KEPT, [count]):  # type: ignore[attr-defined]
            return page.evaluate("async () => (await caches.keys())[0]")  # type: ignore[attr-defined]
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    raise AssertionError(f"the site in {site_dir} was not kept whole")


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


def widget_pages(site: Site) -> list[str]:
    """Paths (relative to the site's base) of every page that holds a widget (the print pages'
    widgets, copies without a script, are tests/browser/test_print.py's)."""
    pages = []
    for html in sorted(site.directory.rglob("*.html")):
        if html.relative_to(site.directory).parts[0] == "print":
            continue
        if "data-rollkit-widget" in html.read_text(encoding="utf-8"):
            rel = html.relative_to(site.directory).as_posix()
            pages.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return pages


def type_seed(widget: object, seed: int | str) -> None:
    """Type ``seed`` into widget's Seed box, opening the option that holds it first (as a reader
    does: its summary clicked; the box is made as the fold opens)."""
    option = widget.locator(".rk-seed-option")  # type: ignore[attr-defined]
    if not option.evaluate("(d) => d.open"):
        option.locator("summary").click()
    widget.locator(".rk-seed input").fill(str(seed))  # type: ignore[attr-defined]


def roll_widget(page: object, index: int, seed: int) -> dict[str, object]:
    """Roll widget ``index`` with ``seed``; return what it shows, the parameters it used and the
    fields it shows."""
    widget = page.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    widget.evaluate("(w) => { delete w.dataset.seed; }")
    type_seed(widget, seed)
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
        shown: JSON.parse(w.dataset.state).shown,
        faces: w.dataset.faces, error: w.querySelector('.rk-error').hidden ? '' :
        w.querySelector('.rk-error').textContent, summary: w.querySelector('.rk-result').textContent })""")


def all_pages(site: Site) -> list[str]:
    """The site's pages (not the print pages, which hold copies of them)."""
    return sorted(
        p.relative_to(site.directory).as_posix()[: -len("index.html")]
        for p in site.directory.rglob("index.html")
        if p.relative_to(site.directory).parts[0] != "print"
    )


# The policy of the tests that serve the site under a Content-Security-Policy.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self' 'unsafe-inline'"
)


def serve_copy(site: Site, tmp: Path, **options: object) -> Iterator[Site]:
    server = serve(site.directory, port=0, **options)  # type: ignore[arg-type]
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}/", site.directory)
    finally:
        server.shutdown()
        server.server_close()


def wait_rolled(widget: object, seed: int) -> None:
    widget.locator(f'xpath=self::*[@data-seed="{seed}"]').wait_for(timeout=READY_MS)  # type: ignore[attr-defined]


def serve_changed_worker(page: object, change: Callable[[str], str]) -> None:
    """Serve rollkit's worker with ``change`` made to it, and the page module naming the changed
    worker's integrity, so that the page still starts it: a test's own hook into the worker
    (the shipped one has none). Only in a context without the site's service worker
    (``new_context``'s default): once that worker controls the page, it answers a restart's
    request with the shipped worker it keeps, which the changed integrity refuses (the page then
    says Python is unavailable; under load the service worker takes control sooner)."""
    changed: dict[str, str] = {}

    def worker(route: object) -> None:
        response = route.fetch()  # type: ignore[attr-defined]
        body = change(response.text())
        changed["integrity"] = "sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        route.fulfill(response=response, body=body)  # type: ignore[attr-defined]

    def module(route: object) -> None:
        response = route.fetch()  # type: ignore[attr-defined]
        text = response.text()
        if not changed:  # the worker's new integrity, known before the page starts it
            found = re.search(r'"runtime": "([^"]+)"', text)
            assert found, "the page module names no runtime"
            base = route.request.url.rsplit("/assets/", 1)[0]  # type: ignore[attr-defined]
            fetched = page.request.get(f"{base}/{found[1]}rollkit-worker.mjs")  # type: ignore[attr-defined]
            body = change(fetched.text())
            changed["integrity"] = (
                "sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            )
        text = re.sub(r'"worker": "sha256-[^"]+"', f'"worker": "{changed["integrity"]}"', text)
        route.fulfill(response=response, body=text)  # type: ignore[attr-defined]

    page.route("**/pyodide/*/rollkit-worker.mjs", worker)  # type: ignore[attr-defined]
    page.route("**/assets/rollkit.mjs", module)  # type: ignore[attr-defined]


def expose_pyodide(worker: str) -> str:
    """The worker with one line added that hands Pyodide to the test (the shipped worker has
    no such hook): ``serve_changed_worker(page, expose_pyodide)``, then ``run_in_worker``."""
    body = worker.replace(
        "  const booted = performance.now();",
        "  self.testPyodide = pyodide;\n  const booted = performance.now();",
        1,
    )
    assert "self.testPyodide" in body
    return body


def run_in_worker(page: object, python: str) -> None:
    """Run ``python`` in the page's rollkit worker (served by ``expose_pyodide``), not search's."""
    *_, worker = (w for w in page.workers if "rollkit-worker" in w.url)  # type: ignore[attr-defined]
    worker.evaluate("(code) => self.testPyodide.runPython(code)", python)  # the newest, after a restart
