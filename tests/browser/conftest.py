"""Browser tests: the built site served on 127.0.0.1, driven in Chromium.

The site is built by the build step (``python -m docs_tools.runtime``, as ``scripts/build``
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
    command = [sys.executable, "-m", "docs_tools.runtime", "--site-dir", str(out)]
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


def open_page(browser: object, site: Site) -> object:
    """A fresh page (own context, cold cache) that records requests and fails on page errors."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.on("request", lambda request: site.requests.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.rollkit_errors = errors  # type: ignore[attr-defined]
    return page


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(ROOT / "build" / "test-sites", ignore_errors=True)
