"""Precompressed copies of a built site's large files, for a server that negotiates them.

    compress.precompress(site_dir)  # the build step calls it once the site is complete

Every text or WebAssembly file (or zip, see below) of at least ``MIN_SIZE`` bytes
gets ``NAME.gz`` beside it (gzip, level 9, no name or time in the header, so a build is
byte-for-byte repeatable), and
``NAME.br`` too when the ``brotli`` package is importable (it is in the dev extra). A copy
that would not save at least ``MIN_SAVING`` of the file is not written. Already-compressed
formats (images) are left alone; so is a zip of deflated entries, by that rule, but the site's
``python_stdlib.zip`` and its wheel store their compiled modules uncompressed for these copies.

``scripts/serve_static.py`` (and so ``scripts/serve``, the browser tests and the benchmark)
answers a request for ``NAME`` with the best copy the browser accepts (br, then gzip) and
``Content-Encoding``; nginx's ``gzip_static``/``brotli_static``, Caddy's ``precompressed``
and most CDNs do the same. A host that ignores the copies serves the files as before.

Compressing the Pyodide runtime takes over a second and it rarely changes, so copies of
files over ``CACHE_MIN`` bytes are kept in the build's cache (``<cache>/compressed/``) by the hash of
their content.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

try:  # in the dev extra (pyproject.toml); a build without it writes .gz copies only
    import brotli  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - depends on the environment
    brotli = None

from docs_tools.sitebuild.cache import cached

CACHE_MIN = 512 * 1024  # bytes: the runtime's files; pages change with every edit
BEST_MIN = 1024 * 1024  # bytes: the first roll's large files, compressed at brotli's best
BEST_MAX = 16 * 1024 * 1024  # bytes: larger (the memory snapshot, 31 MB, never the first roll's) at 9
CACHE_KEEP = 24  # copies kept in the cache, the most recently used
CACHE_VERSION = 3  # part of a cached copy's name: raised when the compression settings change

MIN_SIZE = 1024  # bytes: below this a copy saves less than a packet's worth
MIN_SAVING = 0.1  # a copy must be at least this much smaller than the file
SUFFIXES = frozenset(
    {
        ".html",
        ".css",
        ".js",
        ".mjs",
        ".json",
        ".map",
        ".svg",
        ".xml",
        ".txt",
        ".wasm",
        ".webmanifest",
        ".zip",
        ".whl",  # the site's wheel stores its entries for these copies
        ".bin",  # the memory snapshot: Python's memory, mostly zeros (31 MB, 4.2 MB as brotli)
    }
)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(data: bytes) -> bytes:
    # About the best quality that takes seconds, not minutes, on a two-core machine (a fresh
    # checkout, as in CI, compresses the runtime once): 10 for the pages (7% less than 9), 9 for
    # the runtime's large files, but 11 for the wasm, the first roll's largest download, which
    # only a new Pyodide changes (12% less, 370 KB on a phone network; half a minute, once).
    # The memory snapshot (31 MB, kept in the background) at 9: 11 would take minutes.
    quality = 11 if BEST_MIN <= len(data) < BEST_MAX else 10 if len(data) < CACHE_MIN else 9
    return bytes(brotli.compress(data, quality=quality))


ENCODERS: dict[str, tuple[str, Callable[[bytes], bytes]]] = {"gzip": (".gz", _gzip)}
"""Content-Encoding -> (the copy's suffix, compress); br first when available."""
if brotli is not None:  # pragma: no cover - depends on the environment
    ENCODERS = {"br": (".br", _brotli), **ENCODERS}

__all__ = ["precompress", "sent", "wanted", "Compressed", "ENCODERS", "MIN_SIZE", "SUFFIXES"]


@dataclass(frozen=True)
class Compressed:
    """One file and the size of each copy written beside it (by Content-Encoding)."""

    path: Path
    size: int
    copies: dict[str, int]


def wanted(path: Path, size: int, *, min_size: int = MIN_SIZE) -> bool:
    """Whether ``path`` (of ``size`` bytes) gets compressed copies."""
    return path.suffix.lower() in SUFFIXES and size >= min_size


def _cached(data: bytes, suffix: str, encode: Callable[[bytes], bytes]) -> bytes:
    if len(data) < CACHE_MIN:
        return encode(data)
    name = f"{hashlib.sha256(data).hexdigest()}-v{CACHE_VERSION}{suffix}"

    def make(folder: Path) -> None:
        (folder / "copy").write_bytes(encode(data))

    return (cached("compressed", name, make, keep=CACHE_KEEP) / "copy").read_bytes()


def sent(path: Path) -> int:
    """The bytes a server that negotiates the build's copies sends for the file ``path`` to a
    browser that takes any of them: its smallest copy that ``precompress`` writes, else itself."""
    data = path.read_bytes()
    sizes = [len(data)]
    if wanted(path, len(data)):
        for suffix, encode in ENCODERS.values():
            done = len(_cached(data, suffix, encode))
            if done <= len(data) * (1 - MIN_SAVING):
                sizes.append(done)
    return min(sizes)


def precompress(site_dir: Path, *, min_size: int = MIN_SIZE) -> list[Compressed]:
    """Write the compressed copies of every ``wanted`` file under ``site_dir``; returns them."""
    written: list[Compressed] = []
    for path in sorted(Path(site_dir).rglob("*")):
        if not path.is_file() or not wanted(path, path.stat().st_size, min_size=min_size):
            continue
        data = path.read_bytes()
        copies: dict[str, int] = {}
        for encoding, (suffix, encode) in ENCODERS.items():
            done = _cached(data, suffix, encode)
            if len(done) <= len(data) * (1 - MIN_SAVING):
                copy = path.with_name(path.name + suffix)
                copy.write_bytes(done)
                shutil.copystat(path, copy)  # the same Last-Modified whichever copy is served
                copies[encoding] = len(done)
        if copies:
            written.append(Compressed(path, len(data), copies))
    return written
