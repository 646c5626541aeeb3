"""trait: 2d12 + MOD (+ EXP when Adept) against a Threshold.

Prowess rolls extra d12 and keeps the best two, Stagger keeps the worst two;
a miss is priced in Chance by how far it fell short, and a player may pay it
after the roll to succeed with a Complication, in a contest too. Source: seed 001,
"Trait Checks" (chapter 3). Rulings are listed in ``RULINGS``.
"""

from __future__ import annotations

from .._lazy import lazy
from ._checks import Check
from ._contest import Contest
from ._glossary import GLOSSARY

# Importable as before though not in __all__: the die size and the fields' types.
from ._rules import (  # noqa: F401
    BOUGHT_SUCCESS,
    BOUGHT_WIN,
    CAPS,
    HIGHEST_COST,
    LIMITS,
    MAX_EXP,
    MAX_EXTRA,
    MAX_LEVEL,
    MAX_MOD,
    MAX_SCORE,
    MAX_THRESHOLD,
    OUTCOMES,
    SIDES,
    SYSTEM,
    THRESHOLDS,
    TIES,
    WORDS,
    Cap,
    Side,
    Ties,
    difficulty,
    exp_for_level,
    failure_degree,
    mod_for,
    stack_cap,
)
from ._rulings import RULINGS

CHECKS: dict[str, type] = {"check": Check, "contest": Contest}
"""The check classes by the name the command line uses."""

__all__ = [
    "Check",
    "Contest",
    "Side",
    "mod_for",
    "exp_for_level",
    "stack_cap",
    "failure_degree",
    "difficulty",
    "THRESHOLDS",
    "OUTCOMES",
    "BOUGHT_SUCCESS",
    "BOUGHT_WIN",
    "HIGHEST_COST",
    "CAPS",
    "TIES",
    "SHEET",
    "GLOSSARY",
    "MAX_MOD",
    "MAX_THRESHOLD",
    "MAX_EXP",
    "MAX_EXTRA",
    "MAX_SCORE",
    "MAX_LEVEL",
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
