"""The build's one cache: what a step keeps between builds, each entry a folder
``<cache>/<kind>/<key>/`` named by a hash of what it is made of (``key``).

``<cache>`` (``CACHE``) is ``$ROLLKIT_BUILD_CACHE`` when set, else ``rollkit/build`` in the
user's cache folder (``$XDG_CACHE_HOME``, ``~/.cache``): an entry is named by the content of
everything it is made of, never by where the checkout is, so every checkout on a machine (a
clean clone for CI too) shares what another has made, as pip's and npm's caches are shared.

    folder = cached("stdlib", key(npm_zip, wheel, program), make, keep=2)

``make(folder)`` writes the entry into a fresh folder, which is moved into place whole once it
returns: a build that fails, or runs at the same time as another, never leaves half an entry.
Builds at the same time (the tests' two processes) make an entry once: the second waits for the
first's. Each kind keeps its ``keep`` most recently used entries.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

CACHE = Path(
    os.environ.get("ROLLKIT_BUILD_CACHE")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rollkit" / "build"
)

__all__ = ["cached", "key", "CACHE"]


def key(*parts: bytes | str | Path) -> str:
    """A hash of ``parts``: bytes and text as they are, a path by its content."""
    digest = hashlib.sha256()
    for part in parts:
        data = (
            part.read_bytes() if isinstance(part, Path) else part.encode() if isinstance(part, str) else part
        )
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()[:24]


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:  # pruned by a build running at the same time
        return 0.0


def cached(kind: str, name: str, make: Callable[[Path], None], *, keep: int) -> Path:
    """The entry ``build/<kind>/<name>/``, made by ``make(folder)`` unless the cache holds it;
    nothing is kept when ``make`` raises."""
    home = CACHE / kind
    entry = home / name
    if entry.is_dir():
        os.utime(entry)  # used: kept longer
        return entry
    home.mkdir(parents=True, exist_ok=True)
    with (home / f".{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another build making this entry: wait for it
        try:
            if not entry.is_dir():
                _make(entry, make)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            (home / f".{name}.lock").unlink(missing_ok=True)
    _prune(home, keep)
    return entry


def _make(entry: Path, make: Callable[[Path], None]) -> None:
    if entry.exists():  # a file of an older layout of the cache, under the same name
        entry.unlink()
    scratch = Path(tempfile.mkdtemp(prefix=f".{entry.name}-", dir=entry.parent))
    try:
        make(scratch)
        try:
            scratch.rename(entry)
        except OSError:  # another build made it meanwhile
            if not entry.is_dir():
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _prune(home: Path, keep: int) -> None:
    entries = []
    for path in home.iterdir():
        if path.name.startswith("."):  # another build's scratch folder
            continue
        if path.is_dir():
            entries.append(path)
        else:  # not an entry of this cache (an older layout's file)
            path.unlink(missing_ok=True)
    for old in sorted(entries, key=_mtime)[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
