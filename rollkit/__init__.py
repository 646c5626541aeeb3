"""rollkit: exact odds and replayable rolls for five tabletop dice systems.

Each system is a package named after its rules: ``rollkit.ninefold``,
``rollkit.trait``, ``rollkit.hits``, ``rollkit.again`` and ``rollkit.critdice``.
They load on first use, so ``import rollkit`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _registry
from ._check import CheckBase
from ._dist import Distribution
from ._errors import LimitError, NotationError, ParameterTypeError, RulesError
from ._registry import register
from ._roll import Die, Roll
from ._rulings import Ruling
from ._words import Tally, Words

if TYPE_CHECKING:
    from types import ModuleType

    from . import again, critdice, hits, ninefold, trait
    from ._need import Need, need
    from ._sheet import Character

    SYSTEMS: dict[str, ModuleType]
    RULINGS: tuple[Ruling, ...]

__version__ = "0.1.0"

__all__ = [
    "SYSTEMS",
    "RULINGS",
    "CheckBase",
    "Character",
    "Distribution",
    "Die",
    "Roll",
    "Ruling",
    "Tally",
    "Words",
    "register",
    "need",
    "Need",
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
    """The system modules, ``SYSTEMS`` (by name), ``RULINGS`` (every ruling), ``Character``
    and ``need``/``Need``, on demand, from the registry (``rollkit.register`` adds a system)."""
    if name in ("need", "Need"):
        from . import _need

        return getattr(_need, name)
    if name == "Character":
        from ._sheet import Character

        return Character
    if name == "SYSTEMS":
        return _registry.systems()
    if name == "RULINGS":
        return tuple(r for module in _registry.systems().values() for r in module.RULINGS)
    if name in _registry.names():
        return _registry.system(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
