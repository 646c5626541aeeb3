"""rollkit: exact odds and replayable rolls for five tabletop dice systems.

Each system is a package named after its rules: ``rollkit.ninefold``,
``rollkit.trait``, ``rollkit.hits``, ``rollkit.again`` and ``rollkit.critdice``.
They load on first use, so ``import rollkit`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._check import CheckBase
from ._dist import Distribution
from ._errors import LimitError, NotationError, ParameterTypeError, RulesError
from ._roll import Die, Roll
from ._rulings import Ruling

if TYPE_CHECKING:
    from types import ModuleType

    from . import again, critdice, hits, ninefold, trait

    SYSTEMS: dict[str, ModuleType]
    RULINGS: tuple[Ruling, ...]

__version__ = "0.1.0"

_SYSTEM_NAMES = ("ninefold", "trait", "hits", "again", "critdice")

__all__ = [
    "SYSTEMS",
    "RULINGS",
    "CheckBase",
    "Distribution",
    "Die",
    "Roll",
    "Ruling",
    "RulesError",
    "ParameterTypeError",
    "LimitError",
    "NotationError",
    "ninefold",
    "trait",
    "hits",
    "again",
    "critdice",
    "__version__",
]


def __getattr__(name: str) -> Any:
    """The system modules, ``SYSTEMS`` (by name) and ``RULINGS`` (every ruling), on demand."""
    if name in _SYSTEM_NAMES:
        return importlib.import_module(f".{name}", __name__)
    if name == "SYSTEMS":
        value: Any = {n: importlib.import_module(f".{n}", __name__) for n in _SYSTEM_NAMES}
    elif name == "RULINGS":
        value = tuple(r for module in __getattr__("SYSTEMS").values() for r in module.RULINGS)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
