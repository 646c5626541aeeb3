"""The lock files (``requirements/<extra>.txt``, written by scripts/lock) against pyproject.toml:
the check scripts/check runs (``scripts/lockfile.py check``) passes on the real files and fails,
offline, on each kind of planted disagreement."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scripts import lockfile

ROOT = lockfile.ROOT


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of what the check reads: pyproject.toml, requirements/ and the checker itself."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT / "requirements", tmp_path / "requirements")
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "lockfile.py", tmp_path / "scripts")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _first_test_pin() -> tuple[str, str]:
    """The first ``name==version`` of the test extra, as pyproject.toml writes it, and its name."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    text = next(r for r in pyproject["project"]["optional-dependencies"]["test"] if "==" in r)
    return text, text.split("==")[0]


def _check(root: Path) -> subprocess.CompletedProcess[str]:
    script = root / "scripts" / "lockfile.py"
    return subprocess.run([sys.executable, str(script), "check"], capture_output=True, text=True, check=False)


def test_the_real_locks_agree_with_pyproject() -> None:
    assert lockfile.problems() == []
    done = _check(ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_an_edited_requirement_fails_in_every_lock_that_holds_it(project: Path) -> None:
    written, name = _first_test_pin()
    _edit(project / "pyproject.toml", f'"{written}"', f'"{name}==0.0.1"')
    found = lockfile.problems(project)
    for lock in ("requirements/test.txt", "requirements/dev.txt"):  # dev holds rollkit[test]
        assert f"{lock} pins {written}, pyproject.toml asks for {name}==0.0.1" in found
        assert f"{lock} was made from other requirements than pyproject.toml's" in found


def test_scripts_check_says_in_one_line_what_to_run(project: Path) -> None:
    written, name = _first_test_pin()
    assert _check(project).returncode == 0
    _edit(project / "pyproject.toml", f'"{written}"', f'"{name}==0.0.1"')
    done = _check(project)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.endswith(": run scripts/lock\n")
    assert done.stderr.startswith(f"lock: requirements/dev.txt pins {written}, ")


def test_a_new_and_a_removed_requirement_fail(project: Path) -> None:
    written, _ = _first_test_pin()
    _edit(project / "pyproject.toml", f'"{written}",', f'"{written}",\n    "no-such-package==1.0",')
    found = lockfile.problems(project)
    assert "requirements/test.txt has no no-such-package (pyproject.toml: no-such-package==1.0)" in found
    shutil.copy(ROOT / "pyproject.toml", project)
    _edit(project / "pyproject.toml", f'"{written}",', "")  # still pinned, but no longer asked for
    assert lockfile.problems(project) == [
        "requirements/dev.txt was made from other requirements than pyproject.toml's",
        "requirements/test.txt was made from other requirements than pyproject.toml's",
    ]


def test_an_edited_pin_fails(project: Path) -> None:
    written, name = _first_test_pin()
    _edit(project / "requirements" / "test.txt", f"\n{written} \\", f"\n{name}==0.0.1 \\")
    assert lockfile.problems(project) == [
        f"requirements/test.txt pins {name}==0.0.1, pyproject.toml asks for {written}"
    ]


def test_the_build_requirements_and_pip_are_locked_too(project: Path) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert lockfile.tools(pyproject) == [*pyproject["build-system"]["requires"], "pip"]
    (setuptools,) = pyproject["build-system"]["requires"]
    _edit(project / "pyproject.toml", f'requires = ["{setuptools}"]', 'requires = ["setuptools>=9999"]')
    found = lockfile.problems(project)
    assert sum("asks for setuptools>=9999" in line for line in found) == 2
    for lock in ("test", "dev"):
        _edit(project / "requirements" / f"{lock}.txt", "\npip==", "\nnot-pip==")
    assert sum(line.endswith(" has no pip (pyproject.toml: pip)") for line in lockfile.problems(project)) == 2


def test_comments_and_order_in_pyproject_do_not_matter(project: Path) -> None:
    written, _ = _first_test_pin()
    _edit(project / "pyproject.toml", f'    "{written}",\n', "")
    _edit(project / "pyproject.toml", "\n]\n# Everything", f'\n    "{written}",  # moved\n]\n# Everything')
    assert lockfile.problems(project) == []


def test_a_missing_or_a_stray_lock_fails(project: Path) -> None:
    (project / "requirements" / "test.txt").rename(project / "requirements" / "old.txt")
    assert lockfile.problems(project) == [
        "requirements/old.txt locks no extra of pyproject.toml",
        "requirements/test.txt is missing",
    ]


@pytest.mark.parametrize("extra", ["test", "dev"])
def test_every_pin_is_a_wheel_with_its_hashes(extra: str) -> None:
    text = (ROOT / "requirements" / f"{extra}.txt").read_text(encoding="utf-8")
    assert "\n--only-binary :all:\n" in text  # nothing is built, so no unpinned build requirement
    lines = text.splitlines()
    pins = [n for n, line in enumerate(lines) if line and not line.startswith((" ", "#", "-"))]
    assert len(pins) == len(lockfile.pins(text)) > 10
    for n in pins:
        assert lines[n].endswith(" \\") and lines[n + 1].startswith("    --hash=sha256:"), lines[n]
