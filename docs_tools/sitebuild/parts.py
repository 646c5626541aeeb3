"""The site's wheel cut in parts for the worker: rollkit's core, and one zip a system.

A page's first roll needs rollkit's core (the engine, the widgets' protocol and views) and the
systems of that page only: the worker downloads the core and the page's systems' parts, and
each other system's part in the background once Python is ready, or when code first imports
it (``boot.mjs`` ``laterZip``). Each part is a zip of the wheel's own entries, stored as they
are (their bytecode, for the build's brotli and gzip copies), read by zipimport where it lies:
the core holds every entry but the systems' packages (``rollkit/<system>/``), each system's
part that package. The whole wheel stays beside them for Pyodide's lock file and for a Python
restored from the memory snapshot (made with it, every system imported).
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from rollkit._registry import BUILT_IN

__all__ = ["Parts", "cut"]


@dataclass(frozen=True)
class Parts:
    """The file names of a wheel's parts: ``core``, and ``systems`` by system name."""

    core: str
    systems: dict[str, str]

    def names(self) -> tuple[str, ...]:
        """Every part's file name, the core first."""
        return (self.core, *self.systems.values())


def _system(name: str) -> str | None:
    """The system whose package holds the wheel entry ``name``, or None (the core's)."""
    top, _, rest = name.partition("/")
    package = rest.partition("/")[0]
    return package if top == "rollkit" and package in BUILT_IN and "/" in rest else None


def cut(wheel: Path, folder: Path) -> Parts:
    """Write the parts of ``wheel`` into ``folder`` (named after its project and version:
    ``rollkit-0.1.0-core.zip``, ``rollkit-0.1.0-hits.zip`` ...) and return their names."""
    stem = "-".join(wheel.name.split("-")[:2])
    parts = Parts(f"{stem}-core.zip", {name: f"{stem}-{name}.zip" for name in BUILT_IN})
    with zipfile.ZipFile(wheel) as whole:
        entries = [(info, whole.read(info)) for info in whole.infolist()]
    for system, name in ((None, parts.core), *parts.systems.items()):
        with zipfile.ZipFile(folder / name, "w", zipfile.ZIP_STORED) as part:
            for info, data in entries:
                if _system(info.filename) == system:
                    info.compress_type = zipfile.ZIP_STORED
                    part.writestr(info, data)
    return parts
