"""The build's wheel step: the rollkit wheel of the working tree, for Pyodide.

The wheel is built from a copy of the sources (``pip wheel``), then Pyodide itself, under Node,
compiles every module of it for Pyodide's Python (``compile_wheel``): the site's wheel carries
each module's ``.pyc`` in place of its source, where zipimport looks, so the browser does not
compile them (about 100 ms) nor download sources it never reads; its entries are stored
uncompressed, so that the build's brotli and gzip copies of it compress them together. Both are cached (``<cache>/wheel/``, ``<cache>/wheel-pyodide/``) by what they
are made of. Without Node (or when the compile fails) the build says so and ships the wheel as
built.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from docs_tools.sitebuild import NPM_PYODIDE, ROOT, node, wheel_path
from docs_tools.sitebuild.cache import cached, key

KEEP = 2  # wheels kept in each cache, the most recently used
LAYOUT = b"bytecode in place of sources, stored"  # part of the compiled wheel's key

__all__ = ["wheel", "plain_wheel", "compile_wheel"]


def wheel() -> Path:
    """The rollkit wheel for the current sources, with bytecode for Pyodide's Python when Node
    can compile it (``compile_wheel``), else as built (said on stderr)."""
    plain = plain_wheel()
    version = json.loads((NPM_PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    made = key(plain, plain.name, version, LAYOUT, *node.sources("compile_wheel"))

    def make(folder: Path) -> None:
        compile_wheel(plain, folder / plain.name)

    try:
        return cached("wheel-pyodide", made, make, keep=KEEP) / plain.name
    except RuntimeError as error:
        print(
            f"build: {error}: the site's wheel carries no bytecode (the browser compiles rollkit"
            " at start-up, about 100 ms more)",
            file=sys.stderr,
        )
        return plain


def _sources() -> list[Path]:
    return [
        path
        for path in sorted([ROOT / "pyproject.toml", *(ROOT / "rollkit").rglob("*")])
        if path.is_file() and "__pycache__" not in path.parts
    ]


def plain_wheel() -> Path:
    """The wheel ``pip wheel`` builds from a copy of the working tree's sources (cached by them)."""
    made = key(b"built from a copy", *(part for p in _sources() for part in (str(p.relative_to(ROOT)), p)))
    return sorted(cached("wheel", made, _pip_wheel, keep=KEEP).glob("rollkit-*.whl"))[0]


def _pip_wheel(folder: Path) -> None:
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


BROWSER_NEVER_READS = ("py.typed",)  # beside the sources, which the bytecode replaces


def _never_read(name: str) -> bool:
    return name.rsplit("/", 1)[-1] in BROWSER_NEVER_READS


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(plain: Path, target: Path) -> str:
    """Write ``target``: the wheel ``plain`` with every module compiled by Pyodide's Python
    (run under Node: ``node/compile_wheel.mjs``), each ``.pyc`` where its source was (zipimport
    reads no ``__pycache__``) and the source left out (``BROWSER_NEVER_READS``), every entry
    stored, its RECORD listing what it holds; returns Python's cache tag (such as
    ``cpython-314``). Raises ``RuntimeError`` when Node or the compile fails."""
    with tempfile.TemporaryDirectory(prefix="rollkit-pyc-") as tmp:
        source, compiled = Path(tmp) / "source", Path(tmp) / "compiled"
        compiled.mkdir()
        with zipfile.ZipFile(plain) as zf:
            zf.extractall(source)
            entries = [(info, zf.read(info)) for info in zf.infolist()]
        out = node.run(
            "compile_wheel", str(source), str(compiled), wheel_path(target.name), doing="compile the wheel"
        )
        tag = out.strip().splitlines()[-1]
        pycs = sorted(p for p in compiled.rglob("*.pyc"))
        if not pycs:
            raise RuntimeError("Pyodide compiled no module of the wheel")
        record_name, record = next(
            (info.filename, data) for info, data in entries if info.filename.endswith(".dist-info/RECORD")
        )
        added = [(p.relative_to(compiled).as_posix(), p.read_bytes()) for p in pycs]
        replaced = {name.removesuffix("c") for name, _ in added}
        entries = [(i, d) for i, d in entries if i.filename not in replaced and not _never_read(i.filename)]
        kept = {info.filename for info, _ in entries}
        lines = [
            line
            for line in record.decode("utf-8").splitlines()
            if line and not line.startswith(record_name) and line.split(",")[0] in kept
        ]
        lines += [_record_line(name, data) for name, data in added] + [f"{record_name},,"]
        partial = target.with_name(target.name + ".tmp")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED) as out_zip:
            for info, data in entries:
                if info.filename != record_name:
                    info.compress_type = zipfile.ZIP_STORED
                    out_zip.writestr(info, data)
            for name, data in added:
                out_zip.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
            out_zip.writestr(
                zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0)), "\n".join(lines) + "\n"
            )
        os.replace(partial, target)
        return tag
