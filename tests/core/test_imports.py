"""No import cycle inside rollkit: the core never imports a system or the web layer, a system
imports only the core, the web layer imports the core (and finds systems in the registry)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "rollkit"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every rollkit module ``path`` imports, at the top or inside a function."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("rollkit")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("rollkit"):
                continue
            found.add(target)
            for alias in node.names:  # "from . import _registry" imports a module
                if (ROOT.parent / Path(*f"{target}.{alias.name}".split("."))).with_suffix(".py").exists():
                    found.add(f"{target}.{alias.name}")
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in ROOT.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in modules} for name, path in modules.items()}


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle (as a path of module names), or [] when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if not state.get(nxt) and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(edges):
        if not state.get(start) and (found := visit(start)):
            return found
    return []


def test_no_module_of_rollkit_imports_itself_back() -> None:
    edges = graph()
    assert "rollkit.web._views" in edges and "rollkit._said" in edges["rollkit.web._views"]
    edges_without_root = {k: {m for m in v if m != "rollkit"} for k, v in edges.items()}
    assert _cycle(edges_without_root) == []


def test_the_check_finds_a_planted_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_the_core_imports_no_system_and_no_web_layer() -> None:
    systems = ("rollkit.ninefold", "rollkit.trait", "rollkit.hits", "rollkit.again", "rollkit.critdice")
    for name, imported in graph().items():
        if name.count(".") == 1 and name.split(".")[1].startswith("_"):  # rollkit._x: the core
            assert not [m for m in imported if m.startswith((*systems, "rollkit.web"))], name
        if name.startswith(systems):
            assert not [m for m in imported if m.startswith("rollkit.web")], name


def _loaded_after(code: str) -> set[str]:
    """The rollkit modules a fresh interpreter holds after running ``code``."""
    import subprocess
    import sys

    shown = "import sys; print(' '.join(m for m in sys.modules if m.startswith('rollkit')))"
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\n{shown}"], capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


def test_import_rollkit_loads_only_the_errors_and_each_name_on_first_use() -> None:
    assert _loaded_after("import rollkit") == {"rollkit", "rollkit._errors", "rollkit._lazy"}
    assert _loaded_after("from rollkit import Distribution") == {
        "rollkit",
        "rollkit._errors",
        "rollkit._lazy",
        "rollkit._dist",
        "rollkit._format",
        "rollkit._validate",
    }
    import rollkit

    for name, module in rollkit._LAZY.items():
        assert getattr(rollkit, name) is getattr(__import__(f"rollkit.{module}", fromlist=[name]), name)


def test_the_web_layer_loads_what_the_rarer_requests_need_on_their_first_use() -> None:
    from rollkit import web

    later = {m for m in web.LATER if m.startswith("rollkit")}
    assert later == {
        "rollkit._sheet",
        "rollkit.web._against",
        "rollkit.web._need",
        "rollkit.web._run",
        "rollkit.web._sheet",
    }
    assert not _loaded_after("import rollkit.web") & later
    odds = "import json, rollkit.web as w; w.request(json.dumps({'op': 'odds', 'check': 'hits', 'params': {'dice': 5, 'threshold': 7, 'tn': 3}}))"
    assert not _loaded_after(odds) & later  # a system's sheet too: it loads on first use
    for name, module in web._LAZY.items():
        assert getattr(web, name) is getattr(__import__(f"rollkit.web.{module}", fromlist=[name]), name)


def test_a_systems_sheet_loads_on_first_use_and_is_its_modules() -> None:
    import importlib

    import rollkit

    for name in rollkit.SYSTEMS:
        assert f"rollkit.{name}._sheet" not in _loaded_after(f"import rollkit.{name}"), name
        module = importlib.import_module(f"rollkit.{name}")
        assert "SHEET" in dir(module) and "SHEET" in module.__all__, name
        assert module.SHEET is importlib.import_module(f"rollkit.{name}._sheet").SHEET, name
