"""One shape for every system: the same file roles, the name set once, rulings declared one
way, limits declared as data and held to the exported constants (DEVELOPERS.md, "Conventions
for a system package")."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from types import ModuleType

import pytest

import rollkit
from rollkit._limits import Limit, limits
from rollkit._rulings import Ruling
from rollkit._words import Words

SYSTEMS = list(rollkit.SYSTEMS.items())
IDS = [name for name, _ in SYSTEMS]

ROLES = {"_rules", "_maths", "_checks", "_rulings", "_glossary"}
"""The modules every system package has."""
NOTATION = "_notation"
"""An optional role besides check modules: reading the rules' written notation."""
SHEET = "_sheet"
"""An optional role: the system's character sheet (``SHEET``) and the checks it fills."""


def _files(module: ModuleType) -> dict[str, Path]:
    """The package's modules by name ("__init__", "_rules", ...)."""
    assert module.__file__ and Path(module.__file__).name == "__init__.py", module
    return {path.stem: path for path in sorted(Path(module.__file__).parent.glob("*.py"))}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_every_system_is_a_package_with_the_same_file_roles(name: str, module: ModuleType) -> None:
    files = set(_files(module)) - {"__init__"}
    assert ROLES <= files, ROLES - files
    kinds = {f"_{kind}": cls for kind, cls in module.CHECKS.items() if kind != "check"}
    assert files - ROLES <= set(kinds) | {NOTATION, SHEET}, files - ROLES - set(kinds)
    for kind, cls in module.CHECKS.items():  # each class in _checks or its kind's own module
        home = f"_{kind}" if f"_{kind}" in files else "_checks"
        assert cls.__module__ == f"{module.__name__}.{home}", (kind, cls.__module__)
    for role in files:
        importlib.import_module(f"{module.__name__}.{role}")


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_imports_go_one_way(name: str, module: ModuleType) -> None:
    """``_rules`` <- ``_maths`` <- ``_checks`` <- ``_<kind>`` <- ``_notation`` <- ``_sheet``;
    ``_rulings`` and ``_glossary`` read ``_rules`` only."""
    files = _files(module)
    kinds = sorted(set(files) - ROLES - {"__init__", NOTATION, SHEET})
    order = ["_rules", "_maths", "_checks", *kinds, NOTATION, SHEET]
    for role, path in files.items():
        if role == "__init__":
            continue
        allowed = {"_rules"} if role in ("_rulings", "_glossary") else set(order[: order.index(role)])
        used = {
            f"_{node.module.lstrip('_')}"
            for node in ast.walk(_tree(path))
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
        assert used <= allowed, (role, used - allowed)


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_every_system_exports_its_name_words_checks_rulings_and_limits(name: str, module: ModuleType) -> None:
    for exported in module.__all__:
        assert hasattr(module, exported), (name, exported)
    limits_first = len(module.__all__) - 5 - len(module.LIMITS)
    assert module.__all__[limits_first:] == [
        *(n for n in module.__all__ if n.startswith("MAX_")),
        "SYSTEM",
        "WORDS",
        "CHECKS",
        "RULINGS",
        "LIMITS",
    ], module.__all__
    rules = importlib.import_module(f"{module.__name__}._rules")
    rulings = importlib.import_module(f"{module.__name__}._rulings")
    assert module.SYSTEM == rules.SYSTEM == name
    assert module.LIMITS is rules.LIMITS and module.RULINGS is rulings.RULINGS
    assert module.WORDS is rules.WORDS and isinstance(module.WORDS, Words)
    for cls in module.CHECKS.values():
        assert cls.system is module.SYSTEM, cls
    assert all(isinstance(r, Ruling) and r.system is module.SYSTEM for r in module.RULINGS)
    assert module.__doc__ and module.__doc__.startswith(f"{name}: ") and "seed 00" in module.__doc__


def _names_a_value(node: ast.Constant, parent: ast.AST) -> bool:
    """Whether the literal names the value beside it, as in ``choice("again", self.again, ...)``
    or the detail ``("hits", hits)``: a parameter that shares the system's name."""
    siblings = (
        parent.args
        if isinstance(parent, ast.Call)
        else (parent.elts if isinstance(parent, ast.Tuple) else [])
    )
    after = siblings[siblings.index(node) + 1 :][:1] if node in siblings else []
    return any(getattr(n, "attr", getattr(n, "id", None)) == node.value for n in after)


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_the_system_name_is_written_once(name: str, module: ModuleType) -> None:
    """No string literal in the package is the system's name but SYSTEM's definition in
    ``_rules`` (a parameter of the same name, like again's ``again``, is not the name, nor is
    such a parameter named in a check's ``monotone`` fields)."""
    defined, literal = [], []
    for role, path in _files(module).items():
        tree = _tree(path)
        fields = {
            id(n)
            for a in ast.walk(tree)
            if isinstance(a, ast.AnnAssign) and getattr(a.target, "id", "") == "monotone"
            for n in ast.walk(a)
        }
        for parent in ast.walk(tree):
            for node in ast.iter_child_nodes(parent):
                if not (isinstance(node, ast.Constant) and node.value == name) or id(node) in fields:
                    continue
                if (
                    isinstance(parent, ast.Assign)
                    and parent in tree.body
                    and [getattr(t, "id", "") for t in parent.targets] == ["SYSTEM"]
                ):
                    defined.append(role)
                elif not _names_a_value(node, parent):
                    literal.append((role, node.lineno))
    assert defined == ["_rules"] and not literal, (defined, literal)


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_rulings_are_declared_one_way(name: str, module: ModuleType) -> None:
    """RULINGS is a tuple of plain ``Ruling(...)`` calls, every field by keyword, in the
    dataclass's order, with ``system=SYSTEM``; no helper builds them."""
    tree = _tree(_files(module)["_rulings"])
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))]
    [value] = [
        n.value
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "RULINGS"
    ]
    assert isinstance(value, ast.Tuple) and len(value.elts) == len(module.RULINGS)
    fields = list(Ruling.__dataclass_fields__)
    for call in value.elts:
        assert isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Ruling"
        assert not call.args and [k.arg for k in call.keywords] == fields, ast.dump(call)[:200]
        system = next(k.value for k in call.keywords if k.arg == "system")
        assert isinstance(system, ast.Name) and system.id == "SYSTEM"


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_limits_are_declared_in_the_rules_module(name: str, module: ModuleType) -> None:
    """Every ``MAX_*`` constant is assigned in ``_rules`` and nowhere else in the package."""
    where = {
        (role, t.id)
        for role, path in _files(module).items()
        for node in _tree(path).body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name) and t.id.startswith("MAX_")
    }
    assert {role for role, _ in where} == {"_rules"}, where
    assert {n for _, n in where} == {limit.name for limit in module.LIMITS}


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_limits_are_exactly_the_exported_max_constants(name: str, module: ModuleType) -> None:
    exported = [n for n in module.__all__ if n.startswith("MAX_")]
    declared = [limit.name for limit in module.LIMITS]
    assert len(declared) == len(set(declared)), declared
    assert set(declared) == set(exported), set(declared) ^ set(exported)
    for limit in module.LIMITS:
        assert isinstance(limit, Limit)
        assert limit.system == module.SYSTEM == name
        value = getattr(module, limit.name)
        assert limit.value == value and type(value) is int, limit
        assert len(limit.description) > 10 and limit.description == " ".join(limit.description.split()), limit


def test_limits_gathers_every_system_in_order() -> None:
    assert limits() == tuple(limit for _, module in SYSTEMS for limit in module.LIMITS)
