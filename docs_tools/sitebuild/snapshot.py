"""The build's snapshot step: a Pyodide memory snapshot with rollkit imported, for returning
and offline visits.

Restoring a snapshot starts Python in a fraction of a normal boot, but it is 4.5 MB more to
download: a first visit never asks for it. Made under Node (``node/make_snapshot.mjs``) over
the site's own standard library, rollkit started from the site's wheel as the worker starts it
(``docs/assets/rollkit/boot.mjs``) and every system imported; checked when made: two Pythons
restored from it as the worker restores one (``restoreRollkit``: the wheel written again, the
random module reseeded) roll a seeded roll's dice exactly as CPython does, and unseeded rolls with
different seeds. The service worker keeps it in the background once a visit's Python is ready
(never under data saver); the worker restores it only when the service worker already holds
it and it matches its hash. Cached in ``<cache>/snapshot/`` by what it is made of; when it cannot
be made the build says so and the site ships none (Python boots normally).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from docs_tools.sitebuild import NPM_PYODIDE, node, wheel_path
from docs_tools.sitebuild.cache import cached, key

SNAPSHOT = "python_snapshot.bin"
KEEP = 2  # snapshots kept in the cache, the most recently used
CHECK: dict[str, Any] = {
    "op": "roll",
    "check": "hits",
    "params": {"dice": "5", "threshold": "7", "tn": "1"},
    "seed": 7,
}
UNSEEDED = {**CHECK, "seed": None}

__all__ = ["snapshot", "SnapshotFailed", "SNAPSHOT", "CHECK"]


class SnapshotFailed(RuntimeError):
    """A snapshot was made but fails its check: the build stops rather than ship it."""


def _checked(answers: list[list[dict[str, Any]]]) -> None:
    from rollkit._params import build  # the build's CPython, from the same sources

    want = list(build(CHECK["check"], CHECK["params"]).roll(seed=CHECK["seed"]).faces)
    for seeded, unseeded in answers:
        if not seeded.get("ok") or seeded["result"]["faces"] != want:
            raise SnapshotFailed(f"a restored snapshot rolled {json.dumps(seeded)[:200]}, CPython {want}")
        if not unseeded.get("ok"):
            raise SnapshotFailed(f"a restored snapshot could not roll unseeded: {json.dumps(unseeded)[:200]}")
    if len({unseeded["result"]["seed"] for _, unseeded in answers}) != len(answers):
        raise SnapshotFailed("two Pythons restored from the snapshot rolled with the same seed")


def snapshot(built: Path, core: Path) -> Path | None:
    """The memory snapshot of Pyodide over the standard library ``core`` with rollkit from the
    wheel ``built`` (see the module's docstring), or ``None``, said on stderr, when it cannot be
    made (no Node, an import that fails in Pyodide). Raises ``SnapshotFailed`` when a snapshot
    made fails its check."""
    made = key(
        NPM_PYODIDE / "pyodide.mjs",
        NPM_PYODIDE / "pyodide.asm.mjs",
        NPM_PYODIDE / "pyodide.asm.wasm",
        core,
        built,
        built.name,
        json.dumps([CHECK, UNSEEDED]),
        *node.sources("make_snapshot"),
    )

    def make(folder: Path) -> None:
        out = node.run(
            "make_snapshot",
            str(built),
            wheel_path(built.name),
            str(core),
            str(folder / SNAPSHOT),
            json.dumps([CHECK, UNSEEDED]),
            doing="make a memory snapshot",
        )
        _checked(json.loads(out.strip().splitlines()[-1]))

    try:
        return cached("snapshot", made, make, keep=KEEP) / SNAPSHOT
    except SnapshotFailed:
        raise
    except RuntimeError as error:
        print(f"build: {error}: the site ships no memory snapshot (Python boots normally)", file=sys.stderr)
        return None
