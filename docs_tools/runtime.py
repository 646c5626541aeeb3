"""Put the browser runtime into the built site: Pyodide, the rollkit wheel, the lock file.

- Pyodide's five runtime files come from npm ``pyodide`` (pinned in package.json,
  installed by ``npm ci``), so the site never asks a CDN for anything.
- The rollkit wheel is built from the working tree (``pip wheel``), cached by a
  hash of the sources.
- ``pyodide lockfile add-wheels`` registers it, with its sha256, in the site's
  ``pyodide-lock.json``, which lists only what the site serves.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CACHE = ROOT / "build" / "wheel"

__all__ = ["install", "wheel"]


def _sources_hash() -> str:
    digest = hashlib.sha256()
    for path in sorted([ROOT / "pyproject.toml", *(ROOT / "rollkit").rglob("*")]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def wheel() -> Path:
    """The rollkit wheel for the current sources (built once per change)."""
    folder = CACHE / _sources_hash()
    found = sorted(folder.glob("rollkit-*.whl"))
    if found:
        return found[0]
    if CACHE.exists():
        shutil.rmtree(CACHE)
    folder.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--disable-pip-version-check", "-w", str(folder),
                    str(ROOT)], check=True, capture_output=True, text=True)
    return sorted(folder.glob("rollkit-*.whl"))[0]


def install(site_dir: Path) -> Path:
    """Copy the runtime and the wheel into ``site_dir/pyodide/`` and write its lock file."""
    missing = [name for name in (*RUNTIME, "pyodide-lock.json") if not (NPM_PYODIDE / name).exists()]
    if missing:
        raise RuntimeError(f"node_modules/pyodide lacks {', '.join(missing)}: run scripts/setup"
                           " (it runs npm ci)")
    target = site_dir / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        shutil.copy2(NPM_PYODIDE / name, target / name)
    built = wheel()
    for old in target.glob("rollkit-*.whl"):
        old.unlink()
    shutil.copy2(built, target / built.name)
    upstream = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "pyodide-lock.json"
        bare.write_text(json.dumps({**upstream, "packages": {}}), encoding="utf-8")
        cli = Path(sys.executable).with_name("pyodide")
        done = subprocess.run([str(cli), "lockfile", "add-wheels", "--input", str(bare),
                               "--output", str(target / "pyodide-lock.json"), "--base-path",
                               str(target), str(target / built.name)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"pyodide lockfile add-wheels failed: {done.stderr.strip()[-500:]}")
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"].get("rollkit")
    if not entry or entry["file_name"] != built.name:
        raise RuntimeError(f"the site's pyodide-lock.json does not list {built.name}")
    if hashlib.sha256((target / built.name).read_bytes()).hexdigest() != entry["sha256"]:
        raise RuntimeError("the rollkit wheel does not match the sha256 in pyodide-lock.json")
    return target
