"""The site under test: built by the project's one build entry point (``scripts/build``)
into a temporary directory, with the benchmark's own pages copied next to it."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from html import unescape as html_unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from benchmarks import ROOT
from benchmarks.browser.probes import PAGES
from docs_tools.sitebuild import NPM_PYODIDE, config, wheel
from docs_tools.sitebuild.install import PAGE_MODULE
from docs_tools.sitebuild.stdlib import STDLIB

BUILD = ROOT / "scripts" / "build"


def build_site(out: Path, base: str) -> float:
    """``ROLLKIT_SITE_URL=base scripts/build --site-dir out`` plus the bench pages (told where the
    runtime's ``pyodide/<hash>/`` is by the build's configuration); seconds taken."""
    began = time.perf_counter()
    done = subprocess.run(
        [str(BUILD), "--site-dir", str(out)],
        cwd=ROOT,
        env={**os.environ, "ROLLKIT_SITE_URL": base},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"scripts/build failed:\n{done.stdout}{done.stderr}")
    shutil.copytree(PAGES, out, dirs_exist_ok=True)
    bare = out / "bench-bare"
    # The site's configuration (its runtime folder, each file's hash, the wheel), read from its
    # page module, and the site's boot module: the bare worker starts rollkit as the site's does.
    (bare / "runtime.json").write_text(json.dumps(config.read(out / PAGE_MODULE)), encoding="utf-8")
    shutil.copy2(ROOT / "docs" / "assets" / "rollkit" / "boot.mjs", bare / "boot.mjs")
    # The bare boot is Pyodide as npm ships it: its own standard library, not the site's compiled one.
    shutil.copy2(NPM_PYODIDE / STDLIB, bare / STDLIB)
    # rollkit's sources, for the what-if of compiling them (the site's wheel carries none).
    shutil.copy2(wheel.plain_wheel(), bare / "sources.whl")
    # The bare worker's first request: a roll of the first system, as a widget would send it.
    (bare / "request.json").write_text(json.dumps(sample_requests(out)[0]), encoding="utf-8")
    return time.perf_counter() - began


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def local_file(site: Path, base: str, url: str) -> Path | None:
    if not url.startswith(base):
        return None
    rel = urlsplit(url).path[len(urlsplit(base).path) :]
    path = site / rel
    if rel == "" or rel.endswith("/"):
        path = path / "index.html"
    return path if path.is_file() else None


def widget_pages(site: Path, base: str) -> list[str]:
    """Absolute URLs of the pages holding a widget, in the order of the site's nav (not the print
    pages: their widgets are printed ones, and instant navigation does not lead there)."""
    home = (site / "index.html").read_text(encoding="utf-8")
    order: list[str] = []
    for href in re.findall(r'href="([^"#]*)" class="md-nav__link', home):
        url = urljoin(base, href)
        if url not in order:
            order.append(url)
    with_widgets = []
    for html in site.rglob("index.html"):
        if "data-rollkit-widget" in html.read_text(encoding="utf-8"):
            rel = html.parent.relative_to(site).as_posix()
            if rel == "print" or rel.startswith("print/"):
                continue
            with_widgets.append(base if rel == "." else f"{base}{rel}/")
    return sorted(with_widgets, key=lambda u: (order.index(u) if u in order else len(order), u))


def next_page(site: Path, base: str, url: str) -> str:
    path = local_file(site, base, url)
    html = path.read_text(encoding="utf-8") if path else ""
    found = re.search(r'<link rel="next" href="([^"]+)"', html)
    if not found:
        sys.exit(f"{url} has no next page")
    return urljoin(url, found.group(1))


def sample_requests(site: Path) -> list[dict[str, Any]]:
    """One roll request per system, from the first widget of each system in the built site."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(site.rglob("index.html")):
        for check, state in re.findall(
            r'data-check="([^"]+)" data-state="([^"]+)"', path.read_text(encoding="utf-8")
        ):
            params = json.loads(html_unescape(state))["params"]
            found.setdefault(check.split(".")[0], {"op": "roll", "check": check, "params": params, "seed": 7})
    return list(found.values())
