"""Browser tests: the built site served on 127.0.0.1, driven in Chromium.

The site is built by the build step (``python -m docs_tools.sitebuild``, as ``scripts/build``
does), with mkdocs for ``site`` and ``subpath_site`` and with Zensical for ``zensical_site``.
Chromium is ``$ROLLKIT_CHROMIUM`` or ``$CHROME_PATH``, else the first of ``chromium``,
``chromium-browser``, ``google-chrome`` on PATH; without one the browser tests are skipped
with the reason (and fail under ``CI``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev venv only")
pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")

from scripts.serve_static import serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ENV = ("ROLLKIT_CHROMIUM", "CHROME_PATH")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = ROOT / "artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Site:
    """A built site being served: its base URL and every request the browser made."""

    base: str
    directory: Path
    requests: list[str] = field(default_factory=list)

    def url(self, page: str = "") -> str:
        return self.base + page


def find_chromium() -> tuple[str | None, str]:
    """Chromium's path, or None and why none was found."""
    for name in CHROMIUM_ENV:
        if value := os.environ.get(name):
            found = shutil.which(value)
            return (found, "") if found else (None, f"${name}={value} is not an executable")
    for name in CHROMIUM_NAMES:
        if found := shutil.which(name):
            return found, ""
    return None, (
        f"no Chromium: set ${CHROMIUM_ENV[0]} (or ${CHROMIUM_ENV[1]}) to one, or put"
        f" {', '.join(CHROMIUM_NAMES)} on PATH (scripts/setup installs Debian's chromium)"
    )


def build_site(tmp: Path, base: str, builder: str = "mkdocs") -> Path:
    """The site built for ``base`` by the build step (``scripts/build``'s) with ``builder``."""
    out = tmp / "site"
    command = [sys.executable, "-m", "docs_tools.sitebuild", "--site-dir", str(out)]
    done = subprocess.run(
        command + (["--zensical"] if builder == "zensical" else []),
        cwd=ROOT,
        env={**os.environ, "ROLLKIT_SITE_URL": base},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _served(tmp: Path, prefix: str, builder: str = "mkdocs", **options: object) -> Iterator[Site]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}{prefix}"
    directory = build_site(tmp, base, builder)
    server = serve(directory, port=port, prefix=prefix, **options)  # type: ignore[arg-type]
    try:
        yield Site(base, directory)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built for, and served at, http://127.0.0.1:PORT/."""
    yield from _served(tmp_path_factory.mktemp("root"), "/")


@pytest.fixture(scope="session")
def subpath_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built for, and served at, http://127.0.0.1:PORT/rollkit/ (a Pages project site)."""
    yield from _served(tmp_path_factory.mktemp("sub"), "/rollkit/")


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built with Zensical (same build step), served at http://127.0.0.1:PORT/."""
    try:
        import zensical  # noqa: F401
    except ImportError:
        _missing("zensical is not installed: scripts/setup installs it into .venv")
    yield from _served(tmp_path_factory.mktemp("zensical"), "/", "zensical")


def _missing(message: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    chromium, why = find_chromium()
    if chromium is None:
        _missing(why)
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=ARGS)
        yield launched
        launched.close()


READY_MS = 90_000  # a cold Pyodide boot on a loaded 2-core machine, with room to spare
_OPENED: list[object] = []  # contexts a test opened: closed when it ends (their workers stop)


@pytest.fixture(autouse=True)
def _close_contexts() -> Iterator[None]:
    opened = len(_OPENED)
    yield
    while len(_OPENED) > opened:
        _OPENED.pop().close()  # type: ignore[attr-defined]


def new_context(browser: object, **options: object) -> object:
    """A browser context (own cache, own service workers), closed when the test ends."""
    context = browser.new_context(**options)  # type: ignore[attr-defined]
    _OPENED.append(context)
    return context


def track(page: object, site: Site) -> object:
    """``page`` recording its requests in ``site.requests`` and its errors in ``page.rollkit_errors``."""
    page.on("request", lambda request: site.requests.append(request.url))  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))  # type: ignore[attr-defined]
    page.rollkit_errors = errors  # type: ignore[attr-defined]
    return page


def open_page(browser: object, site: Site) -> object:
    """A fresh page (own context, cold cache) that records requests and fails on page errors;
    its context is closed when the test ends."""
    return track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), site)  # type: ignore[attr-defined]


def instant_go(page: object, site: Site, path: str) -> None:
    """Follow a link the way a reader does, so Material's instant navigation handles it."""
    instant_click(page, site, path)
    instant_wait(page, site, path)


def instant_click(page: object, site: Site, path: str) -> None:
    """``instant_go``'s first half: the link clicked (so that several pages can move at once)."""
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
        except playwright_api.Error:  # left broken by a failed test: load it again
            _go_home(page, site)
    page.rollkit_errors.clear()  # type: ignore[attr-defined]
    return page


@pytest.fixture(scope="session")
def _live_tab(browser: object, site: Site) -> Iterator[object]:
    yield from live_tab(browser, site)


@pytest.fixture
def live_page(_live_tab: object, site: Site) -> object:
    """One desktop page of ``site`` shared by the tests that ask for it, so that Python boots
    once for all of them: on the home page with Python started (perhaps still booting); a
    test moves it by instant navigation only, so the next one finds the same Python.
    ``rollkit_errors`` holds the page errors of the test that asked."""
    return reset_live(_live_tab, site)


def load_each(tabs: list[object], urls: list[str]) -> Iterator[tuple[object, str]]:
    """Each URL opened by a full page load, ``len(tabs)`` at a time (one in each tab); yields
    ``(tab, url)`` once that load has started, the whole batch started before the first yield."""
    for start in range(0, len(urls), len(tabs)):
        batch = list(zip(tabs, urls[start : start + len(tabs)], strict=False))
        for tab, url in batch:
            tab.goto(url, wait_until="commit")  # type: ignore[attr-defined]
        yield from batch


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(ROOT / "build" / "test-sites", ignore_errors=True)
