"""The rules sources' own tables and worked examples, one ``Item`` each, and the checks over
a system's inventory (``tests/systems/<system>/sources.py``) that its ``test_source.py`` runs.

An item names the seed section it comes from (a heading of the seed, checked here), says
what the source states in our words (no run of ``RUN`` words from the seed), and lists the
tests that hold rollkit to the numbers the source prints: ``path::function`` for a test
function, or ``docs/page.md::text`` for a pycon doctest on a page holding ``text``. An
erratum or ruling that overrides the printed numbers is named by its id.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import pytest

from rollkit import _registry

ROOT = Path(__file__).resolve().parents[2]


def _seeds() -> Path:
    """../shared/seeds from the project's root (shared/README.md), beside a folder above a
    worktree, or beside the checkout a clone was made from (a clean clone elsewhere, as CI's)."""
    places = [ROOT]
    try:
        origin = subprocess.run(
            ["git", "-C", str(ROOT), "config", "--get", "remote.origin.url"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:  # no git: the checkout's own folders only
        origin = ""
    if origin and Path(origin).is_dir():  # a local path, not a URL
        places.append(Path(origin).resolve())
    found = (
        p / "shared" / "seeds" for place in places for p in place.parents if (p / "shared" / "seeds").is_dir()
    )
    return next(found, ROOT / "missing")


SEEDS = _seeds()
RUN = 8  # words in a row that our text may not share with a seed

Kind = Literal["table", "example", "statement"]
Before = Literal["replayed", "part", "erratum"]


@dataclass(frozen=True, kw_only=True)
class Item:
    """One table or worked example of a rules source, and where it is tested.

    ``before`` is how it stood when the inventory was first taken (issue 24): replayed with
    the source's numbers; replayed only in part (a number of it was not compared with the
    source's, in rollkit or in a table the site builds from rollkit); or an erratum recorded
    as a ruling.
    """

    id: str
    kind: Kind
    section: str
    states: str
    tested: tuple[str, ...]
    before: Before = "replayed"
    ruling: str | None = None


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, punctuation dropped."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'"))


def runs(text: str) -> set[tuple[str, ...]]:
    """Every run of ``RUN`` words in ``text`` (lower case, punctuation dropped)."""
    found = words(text)
    return {tuple(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


@cache
def seed_text(system: str) -> str:
    """The seed the system's package cites in its docstring ("seed 003"); skips without seeds."""
    number = re.search(r"seed (\d{3})", _registry.system(system).__doc__ or "")
    assert number, f"{system}'s docstring cites no seed"
    if not SEEDS.is_dir():  # as the other tests that read the sources: a clone without them
        pytest.skip("the rules sources (../shared/seeds) are not beside this checkout")
    [path] = SEEDS.glob(f"{number.group(1)}_*.txt") or [SEEDS / f"{number.group(1)}_*.txt (no such seed)"]
    return path.read_text(encoding="utf-8")


def headings(text: str) -> set[str]:
    """The seed's lines that can be headings: short lines, without a trailing ``#``."""
    lines = (line.strip().rstrip("#").strip() for line in text.splitlines())
    return {line for line in lines if line and len(line) <= 60}


def _functions(path: Path) -> set[str]:
    return {
        n.name for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.FunctionDef)
    }


def _pycon_holds(page: Path, text: str) -> bool:
    from docs_tools.mdfences import scan

    fences = scan(page.read_text(encoding="utf-8"))[0]
    return any(f.info.split()[:1] == ["pycon"] and text in f.body for f in fences)


def problems(items: tuple[Item, ...], *, system: str, seed: str) -> list[str]:
    """What is wrong with a system's inventory: an item with no test, a test that is not
    there, a section the seed does not have, a ruling that does not exist, copied words."""
    found: list[str] = []
    ids = [i.id for i in items]
    found += [f"{i}: listed twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    sections = headings(seed)
    copied = runs(seed)
    rulings = {r.id for r in _registry.system(system).RULINGS}
    for item in items:
        if not item.id.startswith(f"{system}-"):
            found.append(f"{item.id}: the id does not start with {system}-")
        if item.section not in sections:
            found.append(f"{item.id}: the seed has no section {item.section!r}")
        if runs(item.states) & copied:
            found.append(f"{item.id}: 'states' copies the seed: {sorted(runs(item.states) & copied)[0]}")
        if item.before == "erratum" and item.ruling is None:
            found.append(f"{item.id}: an erratum names the ruling that overrides it")
        if item.ruling is not None and item.ruling not in rulings:
            found.append(f"{item.id}: no ruling {item.ruling!r} in {system}.RULINGS")
        if not item.tested:
            found.append(f"{item.id}: no test")
        for where in item.tested:
            path, _, name = where.partition("::")
            file = ROOT / path
            test = path.startswith("tests/") and path.endswith(".py")
            page = path.startswith("docs/") and path.endswith(".md")
            if not name or not file.is_file() or not (test or page):
                found.append(f"{item.id}: {where} is not a test file's function or a page's doctest")
            elif test and name not in _functions(file):
                found.append(f"{item.id}: {path} has no function {name}")
            elif page and not _pycon_holds(file, name):
                found.append(f"{item.id}: no pycon block on {path} holds {name!r}")
    return found


def prose(module: Path) -> str:
    """The words of ``module`` that are ours to write: its docstrings and comments (the data
    typed from a source, numbers and table rows, is the source's facts and may match it)."""
    text = module.read_text(encoding="utf-8")
    nodes = [
        n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Module | ast.FunctionDef | ast.ClassDef)
    ]
    docs = [ast.get_docstring(n) or "" for n in nodes]
    comments = [
        t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT
    ]
    return "\n".join(docs + comments)


def undocumented(module: Path, items: tuple[Item, ...]) -> list[str]:
    """The tests in ``module`` that an item lists but whose docstring does not name the
    item's seed section."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    docs = {n.name: ast.get_docstring(n) or "" for n in tree.body if isinstance(n, ast.FunctionDef)}
    here = str(module.relative_to(ROOT)) if module.is_relative_to(ROOT) else str(module)
    found = []
    for item in items:
        for where in item.tested:
            path, _, name = where.partition("::")
            if path == here and item.section not in docs.get(name, ""):
                found.append(f"{name}: its docstring does not name section {item.section!r} ({item.id})")
    return found


def checked(items: tuple[Item, ...], *, system: str, module: Path) -> list[str]:
    """Everything wrong with a system's inventory and its ``test_source.py`` (``module``):
    ``problems``, ``undocumented``, and any run of the seed's words in the module's prose."""
    seed = seed_text(system)
    copied = sorted(runs(prose(module)) & runs(seed))
    return [
        *problems(items, system=system, seed=seed),
        *undocumented(module, items),
        *(f"{module.name} copies the seed: {' '.join(run)}" for run in copied),
    ]


def site_table(page: str, needle: str) -> list[list[Any]]:
    """The rows (header first) of the one ```` ```rollkit-table ```` on ``docs/<page>`` whose
    code holds ``needle``, as the build computes them."""
    pytest.importorskip("pymdownx", reason="the docs venv renders the site's tables")
    from docs_tools.fences import evaluate
    from docs_tools.mdfences import scan

    fences = scan((ROOT / "docs" / page).read_text(encoding="utf-8"))[0]
    found = [f for f in fences if f.info.split()[:1] == ["rollkit-table"] and needle in f.body]
    assert len(found) == 1, f"{len(found)} rollkit-table fences on {page} hold {needle!r}, not one"
    return [list(row) for row in evaluate(found[0].body)]
