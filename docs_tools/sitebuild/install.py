"""The build's install step: the browser runtime into the built site, and the build's
configuration into its page module and worker.

- Pyodide's runtime files come from npm ``pyodide`` (pinned in package.json, installed by
  ``npm ci``), so the site never asks a CDN for anything; its standard library is the ``stdlib``
  step's (the first roll's part, and the rest for later).
- ``pyodide lockfile add-wheels`` registers the wheel, with its sha256, in the site's
  ``pyodide-lock.json``, which lists only what the site serves; the worker loads the wheel's
  parts (``parts``: the core, and a page's systems) and the whole wheel only with the snapshot.
- All of it goes into ``pyodide/<hash>/`` with rollkit's worker, the hash covering every file
  there: a file there never changes, so a server may let browsers keep it for a year.
- The configuration (``config``: that folder, each file in it with its integrity, the wheel's
  name and place) is bundled (``bundle``) into the worker in that folder and into the page
  module, ``assets/rollkit.mjs``, with the modules they import; ``assets/rollkit/``, their
  sources, is dropped. ``assets/rollkit-worker.mjs`` stays as one line that imports the worker in
  the runtime's folder, for a page an older build left in a browser's cache.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from docs_tools.sitebuild import HASH_LENGTH, NPM_PYODIDE, RUNTIME_HOME, config, parts
from docs_tools.sitebuild.bundle import bundle
from docs_tools.sitebuild.compress import sent
from docs_tools.sitebuild.stdlib import STDLIB, Library

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB)  # Pyodide's files the site serves
LOCK = "pyodide-lock.json"
PAGE_MODULE = "assets/rollkit.mjs"
WORKER = "assets/rollkit-worker.mjs"
MODULES = "assets/rollkit"  # the modules the page module and the worker import
WORKER_NAME = Path(WORKER).name  # in the runtime's folder too

__all__ = ["install", "RUNTIME", "LOCK", "PAGE_MODULE", "WORKER"]


def _lock(folder: Path, wheel_name: str) -> None:
    """Write ``folder``'s ``pyodide-lock.json``: Pyodide's own, listing only the rollkit wheel
    (already in ``folder``) with its sha256 (``pyodide lockfile add-wheels``), checked against the
    wheel."""
    upstream = json.loads((NPM_PYODIDE / LOCK).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / LOCK
        bare.write_text(json.dumps({**upstream, "packages": {}}), encoding="utf-8")
        cli = Path(sys.executable).with_name("pyodide")
        done = subprocess.run(
            [
                str(cli),
                "lockfile",
                "add-wheels",
                "--input",
                str(bare),
                "--output",
                str(folder / LOCK),
                "--base-path",
                str(folder),
                str(folder / wheel_name),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"pyodide lockfile add-wheels failed: {done.stderr.strip()[-500:]}")
    lock = json.loads((folder / LOCK).read_text(encoding="utf-8"))
    entry = lock["packages"].get("rollkit")
    if not entry or entry["file_name"] != wheel_name:
        raise RuntimeError(f"the site's {LOCK} does not list {wheel_name}")
    if hashlib.sha256((folder / wheel_name).read_bytes()).hexdigest() != entry["sha256"]:
        raise RuntimeError(f"the rollkit wheel does not match the sha256 in {LOCK}")


def _wheel_integrity(folder: Path, wheel_name: str) -> str:
    """The wheel's integrity as the lock file gives it (its sha256, which ``_lock`` checked
    against the wheel): the browser checks the wheel against the lock file's own hash."""
    lock = json.loads((folder / LOCK).read_text(encoding="utf-8"))
    return "sha256-" + base64.b64encode(bytes.fromhex(lock["packages"]["rollkit"]["sha256"])).decode()


def install(site_dir: Path, built: Path, library: Library, snapshot: Path | None = None) -> Path:
    """Put the runtime (Pyodide's files with the standard library ``library``, the wheel ``built``,
    the lock file, the memory snapshot ``snapshot`` if any, and the worker) into
    ``site_dir/pyodide/<hash>/`` and bundle the page module and the worker with the build's
    configuration; returns that folder."""
    missing = [name for name in (*RUNTIME, LOCK) if not (NPM_PYODIDE / name).exists()]
    if missing:
        raise RuntimeError(
            f"node_modules/pyodide lacks {', '.join(missing)}: run scripts/setup (it runs npm ci)"
        )
    for module in (WORKER, PAGE_MODULE, config.SOURCE):
        if not (site_dir / module).exists():
            raise RuntimeError(f"the site has no {module} (docs/{module}) to load the runtime")
    home = site_dir / RUNTIME_HOME
    if home.exists():  # an earlier build's runtime
        shutil.rmtree(home)
    scratch = home / "scratch"
    scratch.mkdir(parents=True)
    shutil.copy2(built, scratch / built.name)
    _lock(scratch, built.name)  # checked against the wheel: its integrity below is the lock file's sha256
    for name in RUNTIME:
        shutil.copy2(library.core if name == STDLIB else NPM_PYODIDE / name, scratch / name)
    cut = parts.cut(scratch / built.name, scratch)  # the worker's: the core, then a page's systems
    # what a first roll may download (the core and its page's systems of the parts), their sizes
    # for the progress shown
    first = (*RUNTIME, LOCK, *cut.names())
    sizes = {name: ((scratch / name).stat().st_size, sent(scratch / name)) for name in first}
    if library.later:
        shutil.copy2(library.later, scratch / library.later.name)
    later = (library.later.name, library.names) if library.later else None
    if snapshot:  # never part of the first roll: kept by the service worker after it (snapshot.py)
        shutil.copy2(snapshot, scratch / snapshot.name)
    extra = (*((library.later.name,) if library.later else ()), *((snapshot.name,) if snapshot else ()))
    kept = (*RUNTIME, LOCK, *cut.names(), *extra)
    files = {name: config.integrity((scratch / name).read_bytes()) for name in kept}
    files[built.name] = _wheel_integrity(scratch, built.name)  # the lock file's sha256: one hash, not two
    made = config.make(
        files, built.name, later=later, parts=cut, sizes=sizes, snapshot=snapshot.name if snapshot else None
    )
    source = site_dir / config.SOURCE

    def bundled(entry_module: str, runtime: str | None) -> str:
        return bundle(site_dir / entry_module, {source: config.module({**made, "runtime": runtime})})

    # The folder's name: a hash of its files and of the worker as bundled without that name
    # (the worker names its folder, so the folder's name cannot cover it whole).
    digest = hashlib.sha256(json.dumps(made, sort_keys=True).encode() + bundled(WORKER, None).encode())
    runtime = f"{RUNTIME_HOME}/{digest.hexdigest()[:HASH_LENGTH]}/"
    worker = bundled(WORKER, runtime)
    page = bundle(
        site_dir / PAGE_MODULE,
        {
            source: config.module(
                {
                    **made,
                    **config.WORKER_ONLY,
                    "runtime": runtime,
                    "worker": config.integrity(worker.encode()),
                }
            )
        },
    )
    target = site_dir / runtime
    scratch.rename(target)
    (target / WORKER_NAME).write_text(worker, encoding="utf-8")
    (site_dir / PAGE_MODULE).write_text(page, encoding="utf-8")
    (site_dir / WORKER).write_text(
        "// rollkit's worker is in the runtime's folder; a page an older build left in a cache starts it here.\n"
        f'import "../{runtime}{WORKER_NAME}";\n',
        encoding="utf-8",
    )
    shutil.rmtree(site_dir / MODULES)
    return target
