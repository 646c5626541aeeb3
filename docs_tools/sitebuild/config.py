"""The build's configuration of rollkit's runtime: one generated module, read by the page module
and the worker.

``docs/assets/rollkit/config.mjs`` is the configuration of a site without its runtime (a bare
mkdocs or Zensical build). ``install`` makes the site's own, ``make(files, wheel)`` with
``runtime`` set to its folder, and bundles ``module(config)`` in that module's place into the
page module and the worker (``docs_tools.sitebuild.bundle``):

- ``runtime``: the runtime's folder below the site's root, ``pyodide/<hash>/``; the page module
  starts the worker there, and the worker loads Pyodide from beside itself;
- ``files``: each file of that folder the worker loads (Pyodide's, the lock file, the wheel) with
  its integrity (``sha256-<base64>``), which the browser checks as it downloads the ones the
  worker asks to check;
- ``wheel``: the wheel's ``file`` name and ``path``, its place on Pyodide's ``sys.path``;
- ``parts``: the wheel cut in parts (``docs_tools.sitebuild.parts``), each a ``file`` name and
  its ``path`` in Pyodide's file system: the ``core`` (on ``sys.path`` at the wheel's own path),
  ``systems`` by name, each downloaded when the page names it, or later, and ``rarer`` with the
  ``modules`` it holds, downloaded later; ``None`` in a build without them;
- ``later``: the rest of the standard library (``file``, its ``path`` in Pyodide's file system
  and the top-level ``names`` only it holds), which the worker fetches on the first import of
  one of them; ``None`` when the standard library is npm's whole zip;
- ``sizes``: each file the first roll downloads, ``[its size, the bytes the server sends]``
  (its best compressed copy), for the progress the widget shows while Python loads;
- ``snapshot``: the memory snapshot's ``file`` name (``None`` when the build made none), which
  the worker restores only when the service worker already keeps it (``snapshot``);
- ``later``, ``parts``, ``sizes`` and ``snapshot`` are in the worker's copy only (``WORKER_ONLY``: the page module's
  leaves them empty);
- ``worker``: in the page module only, the worker's integrity (the worker cannot name its own),
  which the page checks before it starts the worker.

The browser checks every file the worker loads against its integrity here; the wheel's is the
lock file's sha256 for it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from docs_tools.sitebuild import wheel_path
from docs_tools.sitebuild.parts import Parts

SOURCE = "assets/rollkit/config.mjs"  # in the site (and in docs/): the module it replaces
NAME = "CONFIG"
_BUNDLED = re.compile(rf"^const {NAME} = (\{{.*\}});$", re.M)

__all__ = ["make", "module", "read", "integrity", "SOURCE", "WORKER_ONLY"]


# What only the worker reads, left out of the page module's copy (the page before Python stays small).
WORKER_ONLY: dict[str, Any] = {"later": None, "parts": None, "sizes": {}, "snapshot": None}


def integrity(data: bytes) -> str:
    """The browser's integrity value for ``data`` (Subresource Integrity, SHA-256)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def make(
    files: dict[str, str],
    wheel: str,
    runtime: str | None = None,
    *,
    later: tuple[str, tuple[str, ...]] | None = None,
    parts: Parts | None = None,
    sizes: dict[str, tuple[int, int]] | None = None,
    snapshot: str | None = None,
) -> dict[str, Any]:
    """The configuration of a runtime of ``files`` (name: integrity) with the wheel ``wheel``,
    the later standard library ``later`` (its file name and the names only it holds), the
    wheel's ``parts``, the first roll's files' ``sizes`` and the memory snapshot ``snapshot`` (its file name)."""
    if wheel not in files:
        raise RuntimeError(f"the runtime's files do not include the wheel {wheel}")
    for name in (later[0] if later else None, *(parts.names() if parts else ()), snapshot):
        if name and name not in files:
            raise RuntimeError(f"the runtime's files do not include {name}")
    return {
        "runtime": runtime,
        "files": dict(sorted(files.items())),
        "wheel": {"file": wheel, "path": wheel_path(wheel)},
        "later": {"file": later[0], "path": wheel_path(later[0]), "names": list(later[1])} if later else None,
        "parts": {
            "core": {"file": parts.core, "path": wheel_path(wheel)},
            "systems": {
                name: {"file": file, "path": wheel_path(file)} for name, file in parts.systems.items()
            },
            "rarer": {"file": parts.rarer, "path": wheel_path(parts.rarer), "modules": list(parts.modules)},
        }
        if parts
        else None,
        "sizes": {name: list(size) for name, size in sorted((sizes or {}).items())},
        "snapshot": {"file": snapshot} if snapshot else None,
        "worker": None,
    }


def module(config: dict[str, Any]) -> str:
    """The configuration as the module the page module and the worker import (on one line)."""
    return (
        "// The configuration of rollkit's runtime, made by the build (docs_tools.sitebuild.config).\n"
        f"export const {NAME} = {json.dumps(config, sort_keys=True)};\n"
    )


def read(bundled: Path) -> dict[str, Any]:
    """The configuration a bundle (a built site's ``assets/rollkit.mjs``, or its worker) holds."""
    found = _BUNDLED.findall(bundled.read_text(encoding="utf-8"))
    if len(found) != 1:
        raise RuntimeError(f"{bundled} holds {len(found)} configurations, not one")
    config: dict[str, Any] = json.loads(found[0])
    return config
