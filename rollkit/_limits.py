"""The sizes beyond which rollkit refuses (``LimitError``) rather than compute for too long.

Each limit is a ``MAX_*`` constant exported by its system module; its description
is the docstring written under the constant.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from functools import cache

__all__ = ["Limit", "limits"]


@dataclass(frozen=True)
class Limit:
    system: str
    name: str
    value: int
    description: str


def _described(module: object) -> dict[str, str]:
    """Constant name -> the docstring right under its assignment, in module and submodules."""
    found: dict[str, str] = {}
    modules = [module] + [m for m in vars(module).values()
                          if inspect.ismodule(m) and m.__name__.startswith(module.__name__ + ".")]  # type: ignore[attr-defined]
    for mod in modules:
        try:
            tree = ast.parse(inspect.getsource(mod))
        except (OSError, TypeError):
            continue
        body = tree.body
        for stmt, after in zip(body, body[1:]):
            targets = [t.id for t in getattr(stmt, "targets", [getattr(stmt, "target", None)])
                       if isinstance(t, ast.Name)]
            if (targets and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)):
                for name in targets:
                    found.setdefault(name, " ".join(after.value.value.split()))
    return found


@cache
def limits() -> tuple[Limit, ...]:
    """Every limit of every system, with its value and what it bounds."""
    from . import SYSTEMS

    out = []
    for system, module in SYSTEMS.items():
        described = _described(module)
        for name in module.__all__:
            if name.startswith("MAX_"):
                out.append(Limit(system, name, getattr(module, name), described.get(name, "")))
    return tuple(out)
