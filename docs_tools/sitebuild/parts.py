"""The site's wheel cut in parts for the worker: rollkit's core, a zip a system, and the rarer.

A page's first roll needs rollkit's core (the engine, the widgets' protocol and views) and the
systems of that page only: the worker downloads the core and the page's systems' parts, and
the other parts in the background once Python is ready, or when code first imports from one
(``boot.mjs`` ``laterZip``). The ``rarer`` part holds what only the rarer requests import (a
character, an edited example run: ``RARER_MODULES``), the command line (never run in a
browser) and the wheel's metadata (never read there); "What do I need?" and a chance against
a field stay in the core, as every refusal of a reader's value reads their fields. Each part is a zip of the wheel's own entries, stored as they are (their bytecode, for
the build's brotli and gzip copies), read by zipimport where it lies; the core holds every
entry the others do not. The whole wheel stays beside them for Pyodide's lock file and for a
Python restored from the memory snapshot (made with it, every system imported).
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from rollkit._registry import BUILT_IN

__all__ = ["Parts", "cut", "RARER_MODULES"]

RARER = "rarer"  # the part of the rarer requests' modules, the command line and the metadata
RARER_MODULES = ("rollkit._sheet", "rollkit.web._sheet", "rollkit.web._run")  # a character, a run
COMMAND_LINE = ("rollkit.__main__", "rollkit._cli")  # and every module whose name goes on from these


@dataclass(frozen=True)
class Parts:
    """The file names of a wheel's parts: ``core``, ``systems`` by system name, and ``rarer``
    with the ``modules`` it holds."""

    core: str
    systems: dict[str, str]
    rarer: str
    modules: tuple[str, ...]

    def names(self) -> tuple[str, ...]:
        """Every part's file name, the core first."""
        return (self.core, *self.systems.values(), self.rarer)


def _module(entry: str) -> str | None:
    """The module a wheel entry (``rollkit/web/_run.pyc``) is the bytecode of, else None."""
    if not entry.endswith(".pyc"):
        return None
    return entry.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")


def _rarer(entry: str) -> bool:
    module = _module(entry)
    if module is None:
        return ".dist-info/" in entry
    return module in RARER_MODULES or module.startswith(COMMAND_LINE)


def _part(entry: str) -> str | None:
    """The system whose package holds the wheel entry ``entry``, ``RARER``, or None (the core)."""
    top, _, rest = entry.partition("/")
    package = rest.partition("/")[0]
    if top == "rollkit" and package in BUILT_IN and "/" in rest:
        return package
    return RARER if _rarer(entry) else None


def cut(wheel: Path, folder: Path) -> Parts:
    """Write the parts of ``wheel`` into ``folder`` (named after its project and version:
    ``rollkit-0.1.0-core.zip``, ``rollkit-0.1.0-hits.zip`` ..., ``rollkit-0.1.0-rarer.zip``) and
    return their names."""
    stem = "-".join(wheel.name.split("-")[:2])
    with zipfile.ZipFile(wheel) as whole:
        entries = [(info, whole.read(info)) for info in whole.infolist()]
    modules = tuple(
        sorted(m for info, _ in entries if _part(info.filename) == RARER and (m := _module(info.filename)))
    )
    parts = Parts(
        f"{stem}-core.zip", {name: f"{stem}-{name}.zip" for name in BUILT_IN}, f"{stem}-{RARER}.zip", modules
    )
    for which, name in ((None, parts.core), *parts.systems.items(), (RARER, parts.rarer)):
        with zipfile.ZipFile(folder / name, "w", zipfile.ZIP_STORED) as part:
            for info, data in entries:
                if _part(info.filename) == which:
                    info.compress_type = zipfile.ZIP_STORED
                    part.writestr(info, data)
    return parts
