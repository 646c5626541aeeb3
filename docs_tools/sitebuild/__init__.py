"""The site's build, in named steps: build the pages with mkdocs or Zensical, then put the
browser runtime (Pyodide, the rollkit wheel, the lock file) into the built site.

    python -m docs_tools.sitebuild [--zensical] [--site-dir DIR] [--config-file FILE]

``scripts/build``, ``scripts/serve``, the tests and the browser benchmark all build through
this one command, so both builders give the same site. ``orchestrator`` runs the steps, one
module each, in this order:

- ``builder``: mkdocs or Zensical, strict, into the site folder.
- ``app``: the web-app manifest and its icons (drawn in Python), so the site installs as an app.
- ``search``: each search result under a system's pages names its system ("Botch (Hits)").
- ``wheel``: the rollkit wheel of the working tree, each module's bytecode for Pyodide's Python
  in place of its source (compiled by Pyodide under Node).
- ``stdlib``: Pyodide's standard library cut in two: the modules its start-up, rollkit and the
  pages' examples import, compiled the same way (npm's zip is source only), and the rest, which
  the worker fetches on the first import from it.
- ``snapshot``: a Pyodide memory snapshot with rollkit imported, which returning and offline
  visits restore (a first visit never downloads it; the service worker keeps it afterwards).
- ``install``: the runtime's content-hashed folder ``pyodide/<hash>/`` (Pyodide's files, the
  wheel and its ``parts`` for the worker (rollkit's core, and a zip a system: a page's first
  roll downloads its own systems' rules only), the lock file and rollkit's worker), and the build's configuration (``config``) bundled
  into the page module and the worker (``bundle``): none of rollkit's shipped files is patched.
- ``compress``: ``.br`` and ``.gz`` copies of every large file.
- ``offline``: the service worker at the site's root, listing the finished site.

What the steps keep between builds is in the user's cache folder, through one helper (``cache``); the
Node programs they run are ``node/*.mjs``, each with its Python in a ``.py`` file beside it, and
they start rollkit in Pyodide as the site's worker does, through ``docs/assets/rollkit/boot.mjs``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME_HOME = "pyodide"  # the site's folder of runtimes: pyodide/<hash>/
HASH_LENGTH = 16  # hex digits; scripts/serve_static.py's IMMUTABLE matches this folder
# Where the worker (and the build's Node programs) write the wheel in Pyodide's file system, to
# put it on sys.path as it is: zipimport reads it, nothing is unpacked.
WHEEL_FOLDER = "/lib"

__all__ = ["ROOT", "NPM_PYODIDE", "RUNTIME_HOME", "HASH_LENGTH", "WHEEL_FOLDER", "runtime_dir", "wheel_path"]


def wheel_path(name: str) -> str:
    """The place of the wheel ``name`` in Pyodide's file system (on ``sys.path``)."""
    return f"{WHEEL_FOLDER}/{name}"


def runtime_dir(site_dir: Path) -> Path:
    """The runtime's folder in a built site, ``pyodide/<hash>/`` (the one holding the lock file)."""
    found = sorted((Path(site_dir) / RUNTIME_HOME).glob("*/pyodide-lock.json"))
    if len(found) != 1:
        raise RuntimeError(f"{site_dir} holds {len(found)} runtimes, not one, under {RUNTIME_HOME}/")
    return found[0].parent
