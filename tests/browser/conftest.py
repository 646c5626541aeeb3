"""Browser tests: the built site served on 127.0.0.1, driven in Chromium.

The site is built by the build step (``python -m docs_tools.sitebuild``, as ``scripts/build``
does), with mkdocs for ``site`` (in ``tests/conftest.py``: the build the site tests read too)
and ``subpath_site``, and with Zensical for ``zensical_site``. What the tests share to drive
its pages is in ``pages.py`` (and the smoke tests both builders' sites pass in ``smoke.py``).
Chromium is ``$ROLLKIT_CHROMIUM`` or ``$CHROME_PATH``, else the first of ``chromium``,
``chromium-browser``, ``google-chrome`` on PATH; without one the browser tests are skipped
with the reason (and fail under ``CI``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev venv only")
pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")

from tests.browser.pages import OPENED, live_tab, reset_live  # noqa: E402
from tests.helpers.site import ROOT, Site, served  # noqa: E402

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


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built with Zensical (same build step), served at http://127.0.0.1:PORT/."""
    try:
        import zensical  # noqa: F401
    except ImportError:
        _missing("zensical is not installed: scripts/setup installs it into .venv")
    yield from served(tmp_path_factory.mktemp("zensical"), "/", "zensical")


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


@pytest.fixture
def profile_context(browser: object, tmp_path: Path) -> Iterator[object]:
    """A context with its own profile on disk: a window that is not incognito, as Chromium's
    installability check asks (``browser``'s contexts are all incognito), closed after."""
    context = browser.browser_type.launch_persistent_context(  # type: ignore[attr-defined]
        str(tmp_path / "profile"),
        executable_path=find_chromium()[0],
        args=ARGS,
        viewport={"width": 1200, "height": 900},
    )
    yield context
    context.close()


@pytest.fixture(autouse=True)
def _close_contexts() -> Iterator[None]:
    opened = len(OPENED)
    yield
    while len(OPENED) > opened:
        OPENED.pop().close()  # type: ignore[attr-defined]


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


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(ROOT / "build" / "test-sites", ignore_errors=True)
