"""rollkit: exact odds and replayable rolls for five tabletop dice systems.

Each system is a module named after its rules: ``rollkit.ninefold``,
``rollkit.trait``, ``rollkit.hits``, ``rollkit.again`` and ``rollkit.critdice``.
"""

from __future__ import annotations

from . import again, critdice, hits, ninefold, trait
from ._check import CheckBase
from ._dist import Distribution
from ._errors import LimitError, NotationError, ParameterTypeError, RulesError
from ._roll import Die, Roll
from ._rulings import Ruling

__version__ = "0.1.0"

SYSTEMS = {m.__name__.rsplit(".", 1)[1]: m for m in (ninefold, trait, hits, again, critdice)}
"""The five system modules by name."""

RULINGS: tuple[Ruling, ...] = tuple(r for m in SYSTEMS.values() for r in m.RULINGS)
"""Every ruling rollkit makes, in system order."""

__all__ = [
    "SYSTEMS", "RULINGS", "CheckBase", "Distribution", "Die", "Roll", "Ruling",
    "RulesError", "ParameterTypeError", "LimitError", "NotationError",
    "ninefold", "trait", "hits", "again", "critdice", "__version__",
]
