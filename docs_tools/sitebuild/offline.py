"""Offline use: the site's service worker, written by the build step into the site's root.

    offline.write(site_dir)  # the build's last step (docs_tools.sitebuild.orchestrator)

``sw.js`` is ``docs_tools/sitebuild/sw.js`` with its manifest filled in: the build's version (a hash
of every kept file and of the worker's own code), each kept file with the SHA-256 of its
content (the service worker keeps a file only when its content has that hash), the runtime's files (kept on first use only under the reader's data saver) and
the page shown for an unknown address while offline. ``assets/rollkit.mjs`` registers it
from ``../sw.js``, so its scope is the site's root, also under a sub-path.

Kept: every page (``hits/index.html`` as ``hits/``, the address a reader opens), ``404.html``,
every asset, the search index, the sitemap (instant navigation reads it) and the Python
runtime (the folder holding ``pyodide-lock.json``: Pyodide, the rollkit wheel, the lock
file and rollkit's worker). Not kept: precompressed copies (``.gz``, ``.br``, ``.zst``: the
browser asks for the file itself), source maps, search's language packs
(``assets/javascripts/lunr/``: an English site never loads them) and the print pages and their
PDFs (``print/``: megabytes a reader prints, if ever, online).

What keeping the site costs a reader (``sizes``: downloaded and kept, bytes) is written into
the pages that say it (``fill_sizes``), before the compressed copies and the manifest.

Kept later, in the background: the memory snapshot (``background``), fetched by the service
worker when a page asks for it once its Python is ready, never under data saver; the worker
restores it only once it is kept, so a first visit never downloads it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

from docs_tools.sitebuild.compress import sent
from docs_tools.sitebuild.snapshot import SNAPSHOT

NAME = "sw.js"
TEMPLATE = Path(__file__).with_name("sw.js")
FALLBACK = "404.html"
SKIPPED_SUFFIXES = (".gz", ".br", ".zst", ".map")
SKIPPED_FOLDERS = ("assets/javascripts/lunr/", "print/")
_SIZE = re.compile(r'<span data-rollkit-size="([^"]*)">[^<]*</span>')
PLACEHOLDER = '/* MANIFEST */ { version: "", files: {}, background: {}, runtime: [], fallback: "404.html" }'

__all__ = ["manifest", "sizes", "fill_sizes", "write", "NAME"]


def _address(relative: str) -> str:
    """The address a file is asked for by, relative to the site's root."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def _kept(relative: str) -> bool:
    return (
        relative != NAME
        and not relative.endswith(SKIPPED_SUFFIXES)
        and not relative.startswith(SKIPPED_FOLDERS)
    )


def _kept_files(site_dir: Path) -> Iterator[tuple[str, Path]]:
    """Each file the service worker keeps (``background`` too), by its address."""
    for path in sorted(site_dir.rglob("*")):
        relative = path.relative_to(site_dir).as_posix()
        if path.is_file() and _kept(relative):
            yield _address(relative), path


def _runtime(site_dir: Path) -> tuple[str, ...]:
    """The addresses of the runtime's folders (each holding a ``pyodide-lock.json``)."""
    return tuple(
        lock.parent.relative_to(site_dir).as_posix() + "/" for lock in site_dir.rglob("pyodide-lock.json")
    )


def manifest(site_dir: Path) -> dict[str, object]:
    """What ``sw.js`` keeps for the site in ``site_dir``: version, files, background (kept later),
    runtime, fallback."""
    site_dir = Path(site_dir)
    files: dict[str, str] = {}
    background: dict[str, str] = {}
    for address, path in _kept_files(site_dir):
        kept = background if path.name == SNAPSHOT else files
        kept[address] = hashlib.sha256(path.read_bytes()).hexdigest()
    runtime = _runtime(site_dir)
    version = hashlib.sha256(TEMPLATE.read_bytes())
    version.update(json.dumps([files, background], sort_keys=True).encode())
    return {
        "version": version.hexdigest()[:16],
        "files": files,
        "background": background,
        "runtime": [name for name in files if name.startswith(runtime)],
        "fallback": FALLBACK if FALLBACK in files else "./",
    }


def sizes(site_dir: Path) -> dict[str, int]:
    """What keeping the site in ``site_dir`` costs a reader, in bytes: ``download``, what the
    service worker downloads (each file as the server sends it, its smallest copy), of which
    ``python`` for the runtime and ``first`` for everything else (all that data saver keeps
    at first); ``kept``, the files on the reader's device; ``snapshot`` and
    ``snapshot-download``, the memory snapshot kept later (0 without one)."""
    site_dir = Path(site_dir)
    runtime = _runtime(site_dir)
    found = dict.fromkeys(("download", "python", "first", "kept", "snapshot", "snapshot-download"), 0)
    for address, path in _kept_files(site_dir):
        raw, download = path.stat().st_size, sent(path)
        if path.name == SNAPSHOT:
            found["snapshot"] += raw
            found["snapshot-download"] += download
            continue
        found["kept"] += raw
        found["download"] += download
        found["python" if address.startswith(runtime) else "first"] += download
    return found


def fill_sizes(site_dir: Path) -> int:
    """Write ``sizes`` into the built pages (each ``<span data-rollkit-size="KEY">``, its text
    the size in megabytes); returns how many were filled. Raises ``RuntimeError`` for a key
    that is no size. Run before the compressed copies and the manifest, which cover the pages."""
    site_dir = Path(site_dir)
    found = sizes(site_dir)
    filled = 0

    def size(match: re.Match[str]) -> str:
        nonlocal filled
        key = match.group(1)
        if key not in found:
            raise RuntimeError(f'a page asks for the size "{key}": the sizes are {", ".join(found)}')
        filled += 1
        return f'<span data-rollkit-size="{key}">{found[key] / 1e6:.1f} MB</span>'

    for page in sorted(site_dir.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if "data-rollkit-size" in html:
            page.write_text(_SIZE.sub(size, html), encoding="utf-8")
    return filled


def write(site_dir: Path) -> Path:
    """Write ``sw.js`` into ``site_dir`` for the files it now holds; returns its path."""
    template = TEMPLATE.read_text(encoding="utf-8")
    if template.count(PLACEHOLDER) != 1:
        raise RuntimeError(f"{TEMPLATE} must hold its empty manifest exactly once: {PLACEHOLDER}")
    text = json.dumps(manifest(site_dir), indent=1, sort_keys=True)
    target = Path(site_dir) / NAME
    target.write_text(template.replace(PLACEHOLDER, text), encoding="utf-8")
    return target
