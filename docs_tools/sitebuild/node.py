"""The build's Node programs (``node/*.mjs``): Pyodide from ``node_modules``, under Node.

Each program keeps its Python in a ``.py`` file of the same name beside it, which it runs in
Pyodide and calls with its arguments; one that starts rollkit does so through the site's own
boot module, ``docs/assets/rollkit/boot.mjs``, as the site's worker does.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from docs_tools.sitebuild import ROOT

PROGRAMS = Path(__file__).with_name("node")
SHARED = (PROGRAMS / "pyodide.mjs", ROOT / "docs" / "assets" / "rollkit" / "boot.mjs")
TIMEOUT_S = 300

__all__ = ["run", "sources", "PROGRAMS"]


def sources(program: str) -> tuple[Path, ...]:
    """The files ``program`` (``compile_wheel``) is made of, for the keys of what it makes."""
    return (PROGRAMS / f"{program}.mjs", PROGRAMS / f"{program}.py", *SHARED)


def run(program: str, *args: str, doing: str) -> str:
    """Run ``node/<program>.mjs`` with ``args``; its output, or ``RuntimeError`` saying what
    ``doing`` failed on (the program's last error line)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is not installed (scripts/setup installs it)")
    try:
        done = subprocess.run(
            [node, str(PROGRAMS / f"{program}.mjs"), *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=TIMEOUT_S,
        )
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(f"Pyodide could not {doing} within {TIMEOUT_S} s") from error
    if done.returncode != 0:
        said = [
            line.strip() for line in done.stderr.splitlines() if re.match(r"\s*\w+(Error|Exception): ", line)
        ]
        raise RuntimeError(f"Pyodide could not {doing}: {(said or [done.stderr.strip()[-300:]])[-1]}")
    return done.stdout
