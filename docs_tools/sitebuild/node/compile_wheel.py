"""Run in Pyodide under Node by ``compile_wheel.mjs``: a wheel's modules compiled for its Python."""

import ast
import importlib.util
import marshal
import pathlib
import sys

UNCHECKED_HASH = (0b01).to_bytes(4, "little")  # a hash-based .pyc whose source is never checked


class _Docstrings(ast.NodeTransformer):
    """Each module's and function's docstring taken out (nothing in the browser reads them); a
    class keeps its own, as ``dataclass`` would otherwise write one from the class's signature
    at every import (``python -OO`` drops them all, which made rollkit's start-up slower)."""

    def _drop(self, node: ast.AST) -> ast.AST:
        self.generic_visit(node)
        body = node.body  # type: ignore[attr-defined]
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]  # type: ignore[attr-defined]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _drop


def compile_tree(source: str, target: str, home: str) -> str:
    """Compile every module under ``source`` into ``target``, each ``.pyc`` where its source is
    (zipimport looks for it beside the source: the site puts the wheel itself on sys.path), named
    in tracebacks by its place inside the wheel at ``home`` and checked by nothing but its own
    hash mark (unchecked-hash: a wheel's files never change), without the docstrings of its
    modules and functions (``_Docstrings``: a sixth less to download). Returns Python's cache tag."""
    source_dir, target_dir = pathlib.Path(source), pathlib.Path(target)
    for path in sorted(source_dir.rglob("*.py")):
        relative = path.relative_to(source_dir)
        (target_dir / relative.parent).mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        tree = _Docstrings().visit(ast.parse(data, filename=str(path)))
        code = compile(tree, f"{home}/{relative.as_posix()}", "exec", dont_inherit=True)
        header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(data)
        (target_dir / relative.with_suffix(".pyc")).write_bytes(header + marshal.dumps(code))
    return str(sys.implementation.cache_tag)
