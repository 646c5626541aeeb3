"""The rules site as the tests build and serve it: the build step (``python -m
docs_tools.sitebuild``, as ``scripts/build`` does) into a folder, served on 127.0.0.1 by
``scripts/serve_static.py``. Shared by the session fixtures of ``tests/conftest.py`` and
``tests/browser/conftest.py``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scripts.serve_static import serve

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
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


def build_site(tmp: Path, base: str, builder: str = "mkdocs", *, pdf: bool = False) -> Path:
    """The site built for ``base`` by the build step (``scripts/build``'s) with ``builder``; the
    print pages' PDFs only with ``pdf`` (Chromium prints them: a minute the other builds skip)."""
    out = tmp / "site"
    command = [sys.executable, "-m", "docs_tools.sitebuild", "--site-dir", str(out)]
    done = subprocess.run(
        command + (["--zensical"] if builder == "zensical" else []),
        cwd=ROOT,
        env={**os.environ, "ROLLKIT_SITE_URL": base, **({} if pdf else {"ROLLKIT_PDF": "0"})},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def served(
    tmp: Path, prefix: str, builder: str = "mkdocs", *, pdf: bool = False, **options: object
) -> Iterator[Site]:
    """The site built in ``tmp`` for http://127.0.0.1:PORT``prefix`` (with its PDFs if ``pdf``)
    and served there (from as soon as it is built) until the generator is closed."""
    port = free_port()
    base = f"http://127.0.0.1:{port}{prefix}"
    directory = build_site(tmp, base, builder, pdf=pdf)
    server = serve(directory, port=port, prefix=prefix, **options)  # type: ignore[arg-type]
    try:
        yield Site(base, directory)
    finally:
        server.shutdown()
        server.server_close()
