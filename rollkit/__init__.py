"""rollkit: exact odds and replayable rolls for five tabletop dice systems.

Each system is a package named after its rules: ``rollkit.ninefold``,
``rollkit.trait``, ``rollkit.hits``, ``rollkit.again`` and ``rollkit.critdice``.
They load on first use, and so does every other name here but the errors, so
``import rollkit`` stays fast: ``from rollkit import Distribution`` imports what it names.
"""

from __future__ import annotations

from ._errors import LimitError, NotationError, ParameterTypeError, RulesError
from ._lazy import lazy

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a tenth of the import)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from . import again, critdice, hits, ninefold, trait
    from ._check import CheckBase
    from ._dist import Distribution
    from ._need import Need, need
    from ._registry import register
    from ._roll import Die, Roll
    from ._rulings import Ruling
    from ._sheet import Character
    from ._words import Tally, Words

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

_LAZY = {
    "CheckBase": "_check",
    "Character": "_sheet",
    "Distribution": "_dist",
    "Die": "_roll",
    "Roll": "_roll",
    "Ruling": "_rulings",
    "Tally": "_words",
    "Words": "_words",
    "register": "_registry",
    "need": "_need",
    "Need": "_need",
}
"""The names imported on first use, and the module that holds each."""


def _systems(name: str) -> Any:
    """``SYSTEMS`` (by name), ``RULINGS`` (every ruling) and the system modules, from the
    registry (``rollkit.register`` adds a system)."""
    from importlib import import_module

    _registry = import_module(f"{__name__}._registry")  # not "from . import": that asks here again
    if name == "SYSTEMS":
        return _registry.systems()
    if name == "RULINGS":
        return tuple(r for module in _registry.systems().values() for r in module.RULINGS)
    if name in _registry.names():
        return _registry.system(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The names of _LAZY (each kept here once found), then the systems, SYSTEMS and RULINGS.
__getattr__, __dir__ = lazy(globals(), _LAZY, _systems)
