"""The site's build step: build with mkdocs or Zensical, then put the browser runtime
(Pyodide, the rollkit wheel, the lock file) into the built site.

    python -m docs_tools.runtime [--zensical] [--site-dir DIR] [--config-file FILE]

``scripts/build``, ``scripts/serve``, the browser tests and the browser benchmark all
build through ``build`` (this command), so both builders give the same site.

- Pyodide's runtime files come from npm ``pyodide`` (pinned in package.json,
  installed by ``npm ci``), so the site never asks a CDN for anything.
- The rollkit wheel is built from the working tree (``pip wheel``), cached by a
  hash of the sources. Pyodide itself, under Node, then compiles every module of it for
  Pyodide's Python (``compile_wheel``): the site's wheel carries each module's ``.pyc``
  beside its source, where zipimport looks, so the browser does not compile them (about
  100 ms). Without Node (or when the compile fails) the build says so and ships the wheel
  as built.
- ``pyodide lockfile add-wheels`` registers it, with its sha256, in the site's
  ``pyodide-lock.json``, which lists only what the site serves. The worker is given the
  wheel's name, that sha256 (the integrity the browser checks the download against) and
  its place in Pyodide's file system (``WHEEL_FOLDER``): it puts the wheel on ``sys.path``
  as it is, where Pyodide's ``loadPackage`` would unpack it (about 150 ms).
- Pyodide's standard library zip (npm's ships only sources, which Python compiles at every
  start: about a second of a cold start) goes out with the modules Pyodide's own start-up and
  rollkit import compiled, by Pyodide under Node (``stdlib``), in place of their sources and
  stored uncompressed, so that the build's brotli copy of the zip compresses them (2.9 MB to
  download as brotli against npm's 2.5 MB; 3.2 MB as gzip); the rest as npm has it. Cached in
  ``build/stdlib/`` by what it is made of; without Node the build says so and ships npm's zip.
- All of it goes into ``pyodide/<hash>/``, with rollkit's worker (``rollkit-worker.mjs``,
  loading Pyodide from ``./``), the hash covering the runtime files, the wheel, the
  upstream lock file and the worker: a file there never changes, so a server may let
  browsers keep it for a year. The built site's ``assets/rollkit.mjs`` starts the worker
  in that folder (``point``); ``assets/rollkit-worker.mjs`` stays, pointed at the folder
  (``pin``), for a page an older build left in a browser's cache. The worker in ``docs/``
  says ``../pyodide/``.
- Pyodide, under Node, also makes a memory snapshot of itself (over that standard library)
  with rollkit (from that very wheel, on ``sys.path`` as the worker puts it) imported, and
  checks it (``snapshot``: two instances restored from it and reseeded roll exactly as
  CPython does, and draw different seeds). It goes into the folder as
  ``rollkit-snapshot.bin``, named in the folder's worker with its sha256, which the browser
  checks as it downloads it; the worker restores Python from it when it is kept from an
  earlier visit or the connection is fast, and boots normally on any failure. Snapshots are
  cached in ``build/snapshot/`` by what they are made of. Without Node the build says so and
  ships no snapshot.
- Then every large text and wasm file gets precompressed copies (``docs_tools.compress``).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from docs_tools import compress, offline

ROOT = Path(__file__).resolve().parent.parent
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CACHE = ROOT / "build" / "wheel"
# Where the worker (and the snapshot's maker) write the wheel in Pyodide's file system, to put
# it on sys.path as it is: zipimport reads it, nothing is unpacked.
WHEEL_FOLDER = "/lib"
BUILDERS = ("mkdocs", "zensical")
SITE_DIR_ENV = "ROLLKIT_SITE_DIR"  # mkdocs.yml's site_dir, for Zensical (it has no --site-dir)
RUNTIME_HOME = "pyodide"  # the site's folder of runtimes: pyodide/<hash>/
HASH_LENGTH = 16  # hex digits; scripts/serve_static.py's IMMUTABLE matches this folder
WORKER = "assets/rollkit-worker.mjs"
PAGE_MODULE = "assets/rollkit.mjs"  # starts the worker: new URL("./rollkit-worker.mjs", import.meta.url)
_WORKER_URL = re.compile(r"""(["'])\./rollkit-worker\.mjs\1""")
_UNPINNED = re.compile(rf"""(["'])\.\./{RUNTIME_HOME}/(?![0-9a-f]{{{HASH_LENGTH}}}/)""")

NODE_TIMEOUT_S = 300
# Both Node scripts below end with this: an error is told in its last lines only (Node would
# print Pyodide's minified source with it, more than a pipe holds).
_SAID_JS = """
function said(error) {
  const lines = String(error && error.message ? error.message : error).split("\\n").filter(Boolean);
  process.stderr.write(lines.slice(-3).join("\\n") + "\\n");
  process.exitCode = 1;
}
"""
# Run by Node: Pyodide (from node_modules) compiles the unpacked wheel in argv[2] into
# argv[3], each module's .pyc beside its source (where zipimport looks for it: the site puts
# the wheel itself on sys.path), named in tracebacks by its place inside the wheel at argv[4]
# and checked by nothing but its own hash mark (unchecked-hash: a wheel's files never
# change). Prints the tag.
_COMPILE_JS = """
process.on("uncaughtException", said);
process.on("unhandledRejection", said);
const [pyodideDir, source, target, home] = process.argv.slice(1);
const { pathToFileURL } = await import("node:url");
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {} });
pyodide.mountNodeFS("/source", source);
pyodide.mountNodeFS("/target", target);
pyodide.globals.set("home", home);
console.log(pyodide.runPython(`
import pathlib, py_compile, sys
source, target = pathlib.Path("/source"), pathlib.Path("/target")
for path in sorted(source.rglob("*.py")):
    relative = path.relative_to(source)
    (target / relative.parent).mkdir(parents=True, exist_ok=True)
    py_compile.compile(
        str(path),
        cfile=str(target / relative.with_suffix(".pyc")),
        dfile=f"{home}/{relative.as_posix()}",
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
sys.implementation.cache_tag
`));
"""

# Python run under Node by the two scripts below, as the worker starts rollkit: the wheel
# (written at ``path``) on sys.path, then every module of rollkit imported.
_IMPORT_ROLLKIT = """
import importlib, pkgutil, sys
sys.path.insert(0, path)
import rollkit
for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
    if not found.name.endswith(".__main__"):
        importlib.import_module(found.name)
from rollkit._params import request
del found, path
"""

STDLIB = "python_stdlib.zip"
STDLIB_CACHE = ROOT / "build" / "stdlib"
# Run by Node: Pyodide boots, puts the wheel in argv[2] on sys.path at argv[3] as the worker
# does and imports every module of rollkit; then every module of the standard library zip then
# imported (Pyodide's own start-up and rollkit's) is compiled, and argv[4] is written: that zip
# with those modules as unchecked-hash .pyc instead of their source (zipimport reads the .pyc;
# Python would compile the source at every start), stored uncompressed (the build's brotli and
# gzip copies of the zip compress them better than zip's own deflate), the rest as it was.
# Prints the count.
_STDLIB_JS = (
    """
process.on("uncaughtException", said);
process.on("unhandledRejection", said);
const [pyodideDir, wheel, path, target] = process.argv.slice(1);
const fs = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {} });
pyodide.FS.writeFile(path, fs.readFileSync(wheel));
pyodide.FS.writeFile("/tmp/source.zip", fs.readFileSync(pyodideDir + "/python_stdlib.zip"));
pyodide.globals.set("path", path);
pyodide.runPython(`"""
    + _IMPORT_ROLLKIT
    + """`);
console.log(pyodide.runPython(`
import importlib.util, marshal, sys, zipfile
home = next(p for p in sys.path if p.endswith("python%d%d.zip" % sys.version_info[:2])) + "/"
used = {m.__file__[len(home):] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(home) and m.__file__.endswith(".py")}
with zipfile.ZipFile("/tmp/source.zip") as source, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in source.infolist():
        data = source.read(info)
        if info.filename not in used:
            out.writestr(info, data)
            continue
        code = compile(data, home + info.filename, "exec", dont_inherit=True)
        pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
        compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        out.writestr(compiled, pyc + marshal.dumps(code), zipfile.ZIP_STORED)
len(used)
`));
fs.writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
"""
)

SNAPSHOT = "rollkit-snapshot.bin"
SNAPSHOT_CACHE = ROOT / "build" / "snapshot"
MADE_KEEP = 2  # standard libraries and snapshots kept in their caches, the most recently used
_WHEEL_SLOT = "/* WHEEL */ null"  # in the worker; the build puts the wheel, its sha256 and place there
_SNAPSHOT_SLOT = "/* SNAPSHOT */ null"  # in the worker; the build puts the file and its sha256 there
# What the worker runs after restoring: the random module's state is in the snapshot, the
# same for every reader, so it draws a fresh seed from the browser (os.urandom).
RESEED = "import random; random.seed()"
# The seeded roll a restored snapshot must answer exactly as CPython does.
CHECK_ROLL = {"op": "roll", "check": "hits", "params": {"dice": "5", "threshold": "7", "tn": "1"}, "seed": 7}
# Run by Node: Pyodide boots, puts the wheel in argv[2] on sys.path at argv[7] as the worker
# does, imports every module of rollkit (the wheel's file is gone after a restore) and writes
# its memory snapshot to argv[3]; then two fresh instances restored from it, reseeded as the
# worker reseeds them, answer argv[4] (a seeded roll) and an unseeded one. Prints their answers.
_SNAPSHOT_JS = (
    """
process.on("uncaughtException", said);
process.on("unhandledRejection", said);
const [pyodideDir, wheel, target, seeded, unseeded, reseed, path, stdLibURL] = process.argv.slice(1);
const fs = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const indexURL = pyodideDir + "/";
const maker = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true, stdout: () => {} });
maker.FS.writeFile(path, fs.readFileSync(wheel));
maker.globals.set("path", path);
maker.runPython(`"""
    + _IMPORT_ROLLKIT
    + """`);
maker.runPython("import gc; gc.collect()");
fs.writeFileSync(target, maker.makeMemorySnapshot());
const answers = [];
for (const _ of [1, 2]) {
  const restored = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: fs.readFileSync(target), stdout: () => {} });
  restored.runPython(reseed);
  const request = restored.runPython("from rollkit._params import request; request");
  answers.push([request(seeded), request(unseeded)]);
}
console.log(JSON.stringify(answers));
"""
)

__all__ = [
    "build",
    "install",
    "wheel",
    "compile_wheel",
    "stdlib",
    "snapshot",
    "pin",
    "point",
    "runtime_dir",
    "BUILDERS",
]


def _sources_hash() -> str:
    digest = hashlib.sha256(b"built from a copy")  # not from a wheel of build/lib's leftovers
    for path in sorted([ROOT / "pyproject.toml", *(ROOT / "rollkit").rglob("*")]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def wheel() -> Path:
    """The rollkit wheel for the current sources (built once per change), with bytecode for
    Pyodide's Python when Node can compile it (``compile_wheel``), else as built (said on stderr)."""
    plain = _plain_wheel()
    version = json.loads((NPM_PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    how = hashlib.sha256(_COMPILE_JS.encode()).hexdigest()[:8]
    compiled = plain.parent / f"pyodide-{version}-{how}" / plain.name
    if not compiled.exists():
        compiled.parent.mkdir(exist_ok=True)
        try:
            compile_wheel(plain, compiled)
        except RuntimeError as error:
            print(
                f"build: {error}: the site's wheel carries no bytecode (the browser compiles rollkit"
                " at start-up, about 100 ms more)",
                file=sys.stderr,
            )
            return plain
    return compiled


def _plain_wheel() -> Path:
    folder = CACHE / _sources_hash()
    found = sorted(folder.glob("rollkit-*.whl"))
    if found:
        return found[0]
    if CACHE.exists():
        shutil.rmtree(CACHE)
    folder.mkdir(parents=True)
    # Built from a copy of the sources: setuptools would take files that are gone from the
    # working tree out of the project's own build/lib/ into the wheel.
    with tempfile.TemporaryDirectory(prefix="rollkit-wheel-") as tmp:
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / name, Path(tmp) / name)
        shutil.copytree(ROOT / "rollkit", Path(tmp) / "rollkit", ignore=shutil.ignore_patterns("__pycache__"))
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "--disable-pip-version-check",
                "-w",
                str(folder),
                tmp,
            ],
            check=True,
            capture_output=True,
            text=True,
        )
    return sorted(folder.glob("rollkit-*.whl"))[0]


def _node(node: str, script: str, *args: str, doing: str) -> str:
    """Run ``script`` (with ``_SAID_JS``) in Node with ``args``; its output, or ``RuntimeError``
    saying what ``doing`` failed on (its last error line)."""
    try:
        done = subprocess.run(
            [node, "--input-type=module", "-e", script + _SAID_JS, *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=NODE_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(f"Pyodide could not {doing} within {NODE_TIMEOUT_S} s") from error
    if done.returncode != 0:
        said = [
            line.strip() for line in done.stderr.splitlines() if re.match(r"\s*\w+(Error|Exception): ", line)
        ]
        raise RuntimeError(f"Pyodide could not {doing}: {(said or [done.stderr.strip()[-300:]])[-1]}")
    return done.stdout


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(plain: Path, target: Path) -> str:
    """Write ``target``: the wheel ``plain`` with every module also compiled by Pyodide's Python
    (run under Node), each ``.pyc`` beside its source (zipimport reads no ``__pycache__``), its
    RECORD listing them; returns Python's cache tag (such as ``cpython-314``). Raises
    ``RuntimeError`` when Node or the compile fails."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is not installed (scripts/setup installs it)")
    with tempfile.TemporaryDirectory(prefix="rollkit-pyc-") as tmp:
        source, compiled = Path(tmp) / "source", Path(tmp) / "compiled"
        compiled.mkdir()
        with zipfile.ZipFile(plain) as zf:
            zf.extractall(source)
            entries = [(info, zf.read(info)) for info in zf.infolist()]
        out = _node(
            node,
            _COMPILE_JS,
            str(NPM_PYODIDE),
            str(source),
            str(compiled),
            f"{WHEEL_FOLDER}/{target.name}",
            doing="compile the wheel",
        )
        tag = out.strip().splitlines()[-1]
        pycs = sorted(p for p in compiled.rglob("*.pyc"))
        if not pycs:
            raise RuntimeError("Pyodide compiled no module of the wheel")
        record_name, record = next(
            (info.filename, data) for info, data in entries if info.filename.endswith(".dist-info/RECORD")
        )
        added = [(p.relative_to(compiled).as_posix(), p.read_bytes()) for p in pycs]
        lines = [
            line for line in record.decode("utf-8").splitlines() if line and not line.startswith(record_name)
        ]
        lines += [_record_line(name, data) for name, data in added] + [f"{record_name},,"]
        partial = target.with_name(target.name + ".tmp")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
            for info, data in entries:
                if info.filename != record_name:
                    out.writestr(info, data)
            for name, data in added:
                out.writestr(
                    zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED
                )
            out.writestr(
                zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0)),
                "\n".join(lines) + "\n",
                zipfile.ZIP_DEFLATED,
            )
        os.replace(partial, target)
        return tag


def _cached(folder: Path, key: str, suffix: str, make: Callable[[Path], None]) -> Path:
    """``folder/<key><suffix>``, made by ``make(partial)`` unless the cache holds it (the
    ``MADE_KEEP`` most recently used are kept); nothing is kept when ``make`` raises."""
    made = folder / f"{key}{suffix}"
    if made.exists():
        os.utime(made)  # used: kept longer
        return made
    folder.mkdir(parents=True, exist_ok=True)
    partial = made.with_name(f"{key}-{os.getpid()}.tmp")
    try:
        make(partial)
        os.replace(partial, made)
    finally:
        partial.unlink(missing_ok=True)
    for old in sorted(folder.glob(f"*{suffix}"), key=lambda p: p.stat().st_mtime)[:-MADE_KEEP]:
        old.unlink(missing_ok=True)
    return made


def stdlib(built: Path) -> Path:
    """Pyodide's standard library zip with the modules its start-up and rollkit (from ``built``)
    import compiled by Pyodide's Python under Node (cached by what it is made of); npm's zip as it
    is, said on stderr, when Node or the compile fails."""
    npm = NPM_PYODIDE / STDLIB
    key = hashlib.sha256(_STDLIB_JS.encode() + built.name.encode())
    for path in (npm, NPM_PYODIDE / "pyodide.asm.wasm", built):
        key.update(path.read_bytes())

    def make(partial: Path) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("Node.js is not installed (scripts/setup installs it)")
        where = f"{WHEEL_FOLDER}/{built.name}"
        _node(
            node,
            _STDLIB_JS,
            str(NPM_PYODIDE),
            str(built),
            where,
            str(partial),
            doing="compile its standard library",
        )

    try:
        return _cached(STDLIB_CACHE, key.hexdigest()[:24], ".zip", make)
    except RuntimeError as error:
        print(
            f"build: {error}: the site's standard library is npm's, as it is (Python compiles the"
            " modules it imports at every start, about a second)",
            file=sys.stderr,
        )
        return npm


class SnapshotFailed(RuntimeError):
    """A snapshot was made but fails its check: the build stops rather than ship it."""


def snapshot(built: Path, library: Path) -> Path:
    """A Pyodide memory snapshot with rollkit from ``built`` imported, over the standard library
    zip ``library`` (cached by what it is made of), verified when made: two instances restored
    from it and reseeded answer a seeded roll exactly as CPython does, and unseeded rolls with
    different seeds. Raises ``SnapshotFailed`` when it fails that check, ``RuntimeError`` when
    it cannot be made (no Node, a module of rollkit that does not import in Pyodide)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is not installed (scripts/setup installs it)")
    key = hashlib.sha256(_SNAPSHOT_JS.encode() + RESEED.encode())
    for path in (*(NPM_PYODIDE / name for name in RUNTIME if name != STDLIB), library, built):
        key.update(path.read_bytes())
    key.update(f"{WHEEL_FOLDER}/{built.name}".encode())
    seeded = json.dumps(CHECK_ROLL)

    def make(partial: Path) -> None:
        out = _node(
            node,
            _SNAPSHOT_JS,
            str(NPM_PYODIDE),
            str(built),
            str(partial),
            seeded,
            json.dumps({**CHECK_ROLL, "seed": None}),
            RESEED,
            f"{WHEEL_FOLDER}/{built.name}",
            str(library),
            doing="make a snapshot",
        )
        from rollkit._params import request  # the build's CPython, from the same sources

        answers = json.loads(out.strip().splitlines()[-1])
        want = json.loads(request(seeded))
        for restored, unseeded in answers:
            if json.loads(restored) != want:
                raise SnapshotFailed(
                    f"a restored snapshot rolled {restored[:200]}, CPython {json.dumps(want)[:200]}"
                )
            if not json.loads(unseeded).get("ok"):
                raise SnapshotFailed(f"a restored snapshot could not roll unseeded: {unseeded[:200]}")
        seeds = {json.loads(unseeded)["result"]["seed"] for _, unseeded in answers}
        if len(seeds) != len(answers):
            raise SnapshotFailed(
                f"two restored snapshots rolled the same unseeded seed {seeds}: not reseeded"
            )

    return _cached(SNAPSHOT_CACHE, key.hexdigest()[:24], ".bin", make)


def _with_snapshot(worker: str, built: Path, library: Path, target: Path) -> str:
    """The worker with the snapshot's file name and sha256 in its slot, the snapshot copied to
    ``target``; or the worker as it is (normal boot only) when no snapshot can be made."""
    if _SNAPSHOT_SLOT not in worker or json.dumps(RESEED) not in worker:
        raise RuntimeError(
            f"{WORKER} has no {_SNAPSHOT_SLOT} for the snapshot, or does not reseed with {RESEED!r}"
        )
    try:
        made = snapshot(built, library)
    except SnapshotFailed:
        raise
    except RuntimeError as error:
        print(f"build: {error}: the site ships no memory snapshot (Python boots normally)", file=sys.stderr)
        return worker
    shutil.copyfile(made, target / SNAPSHOT)
    integrity = "sha256-" + base64.b64encode(hashlib.sha256(made.read_bytes()).digest()).decode()
    return worker.replace(_SNAPSHOT_SLOT, json.dumps({"file": SNAPSHOT, "integrity": integrity}))


def _runtime_hash(shipped: list[Path], worker: str) -> str:
    digest = hashlib.sha256()
    for path in shipped:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(b"rollkit-worker.mjs\0" + worker.encode())
    return digest.hexdigest()[:HASH_LENGTH]


def runtime_dir(site_dir: Path) -> Path:
    """The runtime's folder in a built site, ``pyodide/<hash>/`` (the one holding the lock file)."""
    found = sorted((Path(site_dir) / RUNTIME_HOME).glob("*/pyodide-lock.json"))
    if len(found) != 1:
        raise RuntimeError(f"{site_dir} holds {len(found)} runtimes, not one, under {RUNTIME_HOME}/")
    return found[0].parent


def pin(module: Path, site_dir: Path) -> None:
    """Point a built module that loads Pyodide from ``../pyodide/`` at the site's runtime folder."""
    text = module.read_text(encoding="utf-8")
    version = runtime_dir(site_dir).name
    pinned, count = _UNPINNED.subn(rf"\g<1>../{RUNTIME_HOME}/{version}/", text)
    if not count and f"../{RUNTIME_HOME}/{version}/" not in text:
        raise RuntimeError(f"{module} names no ../{RUNTIME_HOME}/ to point at {RUNTIME_HOME}/{version}/")
    module.write_text(pinned, encoding="utf-8")


def point(module: Path, folder: str) -> None:
    """Have a built page module start the worker in the runtime's ``folder`` (``pyodide/<hash>/``)
    instead of ``./rollkit-worker.mjs`` beside it."""
    text = module.read_text(encoding="utf-8")
    pointed, count = _WORKER_URL.subn(rf"\g<1>../{folder}/rollkit-worker.mjs\g<1>", text)
    if count != 1:
        raise RuntimeError(
            f"{module} names ./rollkit-worker.mjs {count} times, not once: cannot point it at {folder}/"
        )
    module.write_text(pointed, encoding="utf-8")


def _lock(folder: Path, wheel_name: str) -> dict[str, object]:
    """Write ``folder``'s ``pyodide-lock.json``: Pyodide's own, listing only the rollkit wheel
    (already in ``folder``) with its sha256 (``pyodide lockfile add-wheels``); returns rollkit's
    entry, checked against the wheel."""
    upstream = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "pyodide-lock.json"
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
                str(folder / "pyodide-lock.json"),
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
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"].get("rollkit")
    if not entry or entry["file_name"] != wheel_name:
        raise RuntimeError(f"the site's pyodide-lock.json does not list {wheel_name}")
    if hashlib.sha256((folder / wheel_name).read_bytes()).hexdigest() != entry["sha256"]:
        raise RuntimeError("the rollkit wheel does not match the sha256 in pyodide-lock.json")
    return entry


def _with_wheel(worker: str, entry: dict[str, object]) -> str:
    """The worker with the wheel's file name, the lock file's sha256 for it (as the integrity the
    browser checks the download against) and its place on Pyodide's ``sys.path`` in its slot."""
    if _WHEEL_SLOT not in worker:
        raise RuntimeError(f"{WORKER} has no {_WHEEL_SLOT} for the rollkit wheel")
    name = str(entry["file_name"])
    integrity = "sha256-" + base64.b64encode(bytes.fromhex(str(entry["sha256"]))).decode()
    found = {"file": name, "integrity": integrity, "path": f"{WHEEL_FOLDER}/{name}"}
    return worker.replace(_WHEEL_SLOT, json.dumps(found))


def install(site_dir: Path) -> Path:
    """Copy the runtime, the wheel and the worker into ``site_dir/pyodide/<hash>/``, write its lock
    file and point the site's page module (and the old worker address) at it; returns that folder."""
    missing = [name for name in (*RUNTIME, "pyodide-lock.json") if not (NPM_PYODIDE / name).exists()]
    if missing:
        raise RuntimeError(
            f"node_modules/pyodide lacks {', '.join(missing)}: run scripts/setup (it runs npm ci)"
        )
    for module in (WORKER, PAGE_MODULE):
        if not (site_dir / module).exists():
            raise RuntimeError(f"the site has no {module} (docs/{module}) to load the runtime")
    # the worker in the runtime's folder loads Pyodide from beside it
    worker, count = _UNPINNED.subn(r"\g<1>./", (site_dir / WORKER).read_text(encoding="utf-8"))
    if not count:
        raise RuntimeError(f"{WORKER} names no ../{RUNTIME_HOME}/ to load Pyodide from")
    built = wheel()
    home = site_dir / RUNTIME_HOME
    if home.exists():  # an earlier build's runtime
        shutil.rmtree(home)
    scratch = home / "scratch"
    scratch.mkdir(parents=True)
    shutil.copy2(built, scratch / built.name)
    entry = _lock(scratch, built.name)
    worker = _with_wheel(worker, entry)
    library = stdlib(built)
    worker = _with_snapshot(worker, built, library, scratch)
    runtime = {name: library if name == STDLIB else NPM_PYODIDE / name for name in RUNTIME}
    shipped = [*runtime.values(), built, NPM_PYODIDE / "pyodide-lock.json"]
    target = home / _runtime_hash(shipped, worker)  # the worker names the snapshot's sha256
    scratch.rename(target)
    (target / Path(WORKER).name).write_text(worker, encoding="utf-8")
    for name, source in runtime.items():
        shutil.copy2(source, target / name)
    old = site_dir / WORKER  # for pages an older build left in a cache: no snapshot, the same wheel
    old.write_text(_with_wheel(old.read_text(encoding="utf-8"), entry), encoding="utf-8")
    pin(old, site_dir)
    point(site_dir / PAGE_MODULE, target.relative_to(site_dir).as_posix())
    return target


_FENCE_FAILED = re.compile(r"((?:\S+\.md(?::\d+)?|an unknown page): \S+ fence failed: .*)")


def _run(command: list[str], env: dict[str, str], builder: str) -> None:
    done = subprocess.run(
        command, env=env, check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    sys.stderr.write(done.stdout)
    if done.returncode != 0:
        # Zensical reports a failing fence inside a traceback: repeat the fence's own line last
        fences = dict.fromkeys(m.group(1) for m in map(_FENCE_FAILED.search, done.stdout.splitlines()) if m)
        raise RuntimeError("; ".join([f"{builder} build failed (exit status {done.returncode})", *fences]))


def build(
    site_dir: Path | None = None, *, builder: str = "mkdocs", config: Path = ROOT / "mkdocs.yml"
) -> Path:
    """Build the site strictly with ``builder`` into ``site_dir`` (default: ``site/`` beside
    ``config``, emptied first), then ``install`` the runtime into it; returns ``site_dir``.

    Raises ``RuntimeError`` when the builder fails (its own output says why: a broken fence
    names its page and line) or the runtime cannot be installed.
    """
    if builder not in BUILDERS:
        raise ValueError(f"builder must be one of {', '.join(BUILDERS)}, not {builder!r}")
    config = config.resolve()
    project = config.parent
    site_dir = (site_dir or project / "site").resolve()
    if project.is_relative_to(site_dir):
        raise RuntimeError(f"the site cannot go into {site_dir}: it holds {config.name}")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if builder == "mkdocs":
        _run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--clean",
                "--config-file",
                str(config),
                "--site-dir",
                str(site_dir),
            ],
            env,
            builder,
        )
    else:
        # Zensical writes only inside the config's folder and keeps what a site folder held:
        # build into a fresh folder under build/ and move it into place. --clean drops its page
        # cache (.cache/), which knows nothing of rollkit's sources.
        (project / "build").mkdir(exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="zensical-", dir=project / "build"))
        try:
            _run(
                [
                    sys.executable,
                    "-m",
                    "zensical",
                    "build",
                    "--strict",
                    "--clean",
                    "--config-file",
                    str(config),
                ],
                {**env, SITE_DIR_ENV: str(scratch.relative_to(project) / "site")},
                builder,
            )
            if not (scratch / "site" / "index.html").exists():
                raise RuntimeError(
                    f"zensical wrote no site into {scratch / 'site'}: {config.name} must set"
                    f" site_dir: !ENV [{SITE_DIR_ENV}, site]"
                )
            if site_dir.exists():
                shutil.rmtree(site_dir)
            site_dir.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(scratch / "site", site_dir)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    install(site_dir)
    compress.precompress(site_dir)
    offline.write(site_dir)  # last: the service worker lists the finished site's files
    return site_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m docs_tools.runtime",
        description="Build the rules site, then put the browser runtime into it.",
    )
    parser.add_argument(
        "--zensical",
        dest="builder",
        action="store_const",
        const="zensical",
        default="mkdocs",
        help="build with Zensical instead of mkdocs",
    )
    parser.add_argument("-d", "--site-dir", type=Path, help="where the site goes (default: site/)")
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    options = parser.parse_args(argv)
    try:
        built = build(options.site_dir, builder=options.builder, config=options.config_file)
    except RuntimeError as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    print(f"build: {options.builder} built {built} with the browser runtime", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
