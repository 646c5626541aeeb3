"""Browser tests: the built site served on 127.0.0.1, driven in Debian's Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev venv only")
pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")

from scripts.serve_static import serve  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
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


def build_site(tmp: Path, base: str) -> Path:
    out = tmp / "site"
    env = {**os.environ, "ROLLKIT_SITE_URL": base, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def _served(tmp: Path, prefix: str, **options: object) -> Iterator[Site]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}{prefix}"
    directory = build_site(tmp, base)
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
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: scripts/setup installs Debian's chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
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
