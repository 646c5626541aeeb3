"""The lock files against pyproject.toml, offline: ``python scripts/lockfile.py check`` (run by
scripts/check) exits 1 with one line naming what disagrees, when a lock no longer matches.

``requirements/<extra>.txt`` is every package the venv of that extra holds, pinned with hashes
for every Python scripts/setup may pick: the extra's requirements (``rollkit[test]`` included),
the ``[build-system]`` requirements (setuptools: rollkit is installed editable with
``--no-build-isolation``) and pip itself. scripts/lock writes them with uv and then stamps each
with the sha256 of the requirements it was made from (``header``); ``check`` compares both
that stamp and every pin against pyproject.toml, so it needs no network and no resolver.
"""

from __future__ import annotations

import hashlib
import re
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
INSTALLER = "pip"  # locked too: scripts/setup installs the lock with the lock's own pip
STAMP = re.compile(r"^# made from pyproject\.toml requirements with sha256 ([0-9a-f]{64})$", re.M)
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", re.M)  # a pin; a marker or "\\" may follow


def _pyproject(root: Path) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))


def tools(pyproject: dict) -> list[str]:
    """What installing needs beside the extra: the build-system requirements and pip."""
    return [*pyproject["build-system"]["requires"], INSTALLER]


def requirements(pyproject: dict, extra: str) -> list[Requirement]:
    """Every requirement a lock of ``extra`` must satisfy, self-references (``rollkit[test]``) followed."""
    project = pyproject["project"]
    found: list[Requirement] = []
    todo, seen = [extra], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        for text in project["optional-dependencies"][name]:
            req = Requirement(text)
            if canonicalize_name(req.name) == canonicalize_name(project["name"]):
                todo += sorted(req.extras - seen)
            else:
                found.append(req)
    found += [Requirement(text) for text in [*project["dependencies"], *tools(pyproject)]]
    return found


def digest(pyproject: dict, extra: str) -> str:
    """sha256 of what a lock of ``extra`` is made from: its requirements and requires-python."""
    made_from = sorted({str(req) for req in requirements(pyproject, extra)})
    made_from.append(f"requires-python {pyproject['project'].get('requires-python', '')}")
    return hashlib.sha256("\n".join(made_from).encode()).hexdigest()


def pins(text: str) -> list[tuple[str, str]]:
    """(canonical name, version) of every ``name==version`` line of a lock (one per marker)."""
    return [(canonicalize_name(name), version) for name, version in PIN.findall(text)]


def problems(root: Path = ROOT) -> list[str]:
    """What disagrees between pyproject.toml and the lock files, one sentence each."""
    pyproject = _pyproject(root)
    extras = sorted(pyproject["project"]["optional-dependencies"])
    found = [
        f"requirements/{path.name} locks no extra of pyproject.toml"
        for path in sorted((root / "requirements").glob("*.txt"))
        if path.stem not in extras
    ]
    for extra in extras:
        lock = f"requirements/{extra}.txt"
        if not (root / lock).is_file():
            found.append(f"{lock} is missing")
            continue
        text = (root / lock).read_text(encoding="utf-8")
        locked = pins(text)
        for req in requirements(pyproject, extra):
            versions = [version for name, version in locked if name == canonicalize_name(req.name)]
            if not versions and req.marker is None:
                found.append(f"{lock} has no {req.name} (pyproject.toml: {req})")
            found += [
                f"{lock} pins {req.name}=={version}, pyproject.toml asks for {req}"
                for version in versions
                if not req.specifier.contains(version, prereleases=True)
            ]
        stamp = STAMP.search(text)
        if stamp is None or stamp[1] != digest(pyproject, extra):
            found.append(f"{lock} was made from other requirements than pyproject.toml's")
    return found


def header(extra: str, python: str, root: Path = ROOT) -> str:
    """The comment scripts/lock puts at the top of ``requirements/<extra>.txt``."""
    return (
        f"# The {extra!r} extra for Python >= {python}, with the build-system requirements and pip,\n"
        "# pinned with hashes for every platform (uv's universal resolution). Written by scripts/lock,\n"
        "# installed by scripts/setup (uv pip --require-hashes); scripts/check fails when pyproject.toml changed.\n"
        f"# made from pyproject.toml requirements with sha256 {digest(_pyproject(root), extra)}\n"
    )


def main(argv: list[str]) -> int:
    match argv:
        case ["check"]:
            found = problems()
            if found:
                more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
                print(f"lock: {found[0]}{more}: run scripts/lock", file=sys.stderr)
                return 1
            return 0
        case ["tools"]:
            print("\n".join(tools(_pyproject(ROOT))))
            return 0
        case ["header", extra, python, path]:
            lock = Path(path)
            lock.write_text(header(extra, python) + lock.read_text(encoding="utf-8"), encoding="utf-8")
            return 0
    print("usage: lockfile.py check | tools | header EXTRA PYTHON PATH", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
