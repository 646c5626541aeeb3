"""critdice: d12 pools against a Success Number, with chains of Critical Dice (seed 004).

Each standard die at or above the Success Number (SN, default 8) is one
success, a 1 takes one away, and a 12 also rolls a Critical Die. A critical
die adds 1 success below the SN and 2 at or above it, and each 12 on it rolls
one more, with no limit. Legendary ranks and Focus points move standard dice
by one point each after the roll and before the critical dice: the player's own
choices (``Adjustment``, ``Hand``, ``roll``/``resolve(adjustments=...)``), or rollkit's
plan (``best_adjustments``), which all odds assume.

Exact maths: one critical die's successes have the generating function
``C(z) = A(z) / (1 - z**v / 12)`` (``A`` the faces 1..11, ``v`` what a 12
counts), so a roll is a table of (base successes, critical dice) from the
standard dice, then a Horner sum in ``C(z)``: integers over powers of 12.
With points to spend, the adjustment policy (``best_adjustments``) depends
only on the sorted costs of the few dice it could raise, so the odds sum
over those cost profiles instead of over every face combination.
"""

from __future__ import annotations

from .._dist import TAIL_BELOW
from .._lazy import lazy
from ._checks import Check, Hand, SkillCheck, StatCheck
from ._glossary import GLOSSARY

# Importable as before though not in __all__: each outcome name.
from ._rules import (  # noqa: F401
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEFAULT_SN,
    FAILURE,
    FOCUS,
    LEGENDARY,
    LIMITS,
    MAX_ADJUSTED_DICE,
    MAX_BOUND,
    MAX_CRITICAL,
    MAX_DICE,
    MAX_POINTS,
    MAX_SN,
    MAX_WRITTEN,
    MIN_SN,
    OUTCOMES,
    PHYSICAL_CRITICAL_DICE,
    PHYSICAL_STANDARD_DICE,
    SIDES,
    SUCCESS,
    SYSTEM,
    WORDS,
    Adjustment,
    adjustments,
    best_adjustments,
    skill_pool,
    stat_pool,
)
from ._rulings import RULINGS

CHECKS: dict[str, type] = {"check": Check, "skill": SkillCheck, "stat": StatCheck}
"""The check classes by the name the command line uses."""

__all__ = [
    "Check",
    "SkillCheck",
    "StatCheck",
    "skill_pool",
    "stat_pool",
    "best_adjustments",
    "Adjustment",
    "adjustments",
    "Hand",
    "LEGENDARY",
    "FOCUS",
    "OUTCOMES",
    "SIDES",
    "DEFAULT_SN",
    "MIN_SN",
    "PHYSICAL_STANDARD_DICE",
    "PHYSICAL_CRITICAL_DICE",
    "TAIL_BELOW",
    "SHEET",
    "GLOSSARY",
    "MAX_SN",
    "MAX_DICE",
    "MAX_ADJUSTED_DICE",
    "MAX_POINTS",
    "MAX_CRITICAL",
    "MAX_BOUND",
    "MAX_WRITTEN",
    "SYSTEM",
    "WORDS",
    "CHECKS",
    "RULINGS",
    "LIMITS",
]


TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._sheet import SHEET

# The system's sheet (its characters' values) loads on first use: a roll needs none of it.
__getattr__, __dir__ = lazy(globals(), {"SHEET": "_sheet"})
