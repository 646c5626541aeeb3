"""ninefold: a percentage chance to pass, rolled on a die that can express it.

From the Ninefold "Roll Checks" page (seed 000): toPass = Stat + Skills + Buff - Debuff
(percentage points, also built from its parts: Skill paths that never stack, lists of Buff
and Debuff Bonuses; ``skill`` and ``defender`` are those kinds), dice thresholds, offence then defence as two rolls, typed
resistances, the effect dice rolled once the checks let an action through (``damage``),
percentage DCs with an outcome margin on any die that converts to a percentile roll, and
critical bands read from the unmodified die of any size (a confirmation roll where a band is
not whole faces). Rulings are in ``RULINGS``.
"""

from __future__ import annotations

from .._lazy import lazy
from ._checks import Check, MentalicStat, PercentageCheck, SkillCheck
from ._contest import Contest
from ._damage import Damage
from ._defender import DefenderContest
from ._glossary import GLOSSARY
from ._rules import (
    CHECK_OUTCOMES,
    COMMON_DICE,
    CONTEST_OUTCOMES,
    CONVENTIONS,
    CRITICALS,
    LIMITS,
    MAX_DAMAGE,
    MAX_EFFECT_DICE,
    MAX_PARTS,
    MAX_POINTS,
    MAX_SIDES,
    MAX_TYPES,
    REDUCED,
    SYSTEM,
    WORDS,
    Immune,
    clamp_chance,
    defence_to_pass,
    effect_dice_after,
    expressing_dice,
    threshold_chance,
    threshold_for,
    threshold_table,
    to_pass,
)
from ._rulings import RULINGS

CHECKS: dict[str, type] = {
    "check": Check,
    "percentage": PercentageCheck,
    "contest": Contest,
    "mentalic": MentalicStat,
    "skill": SkillCheck,
    "defender": DefenderContest,
    "damage": Damage,
}
"""The check classes by the name the command line uses."""

__all__ = [
    "Check",
    "PercentageCheck",
    "Contest",
    "MentalicStat",
    "SkillCheck",
    "DefenderContest",
    "Damage",
    "Immune",
    "to_pass",
    "defence_to_pass",
    "clamp_chance",
    "threshold_chance",
    "threshold_for",
    "threshold_table",
    "expressing_dice",
    "effect_dice_after",
    "COMMON_DICE",
    "CONVENTIONS",
    "CRITICALS",
    "REDUCED",
    "CHECK_OUTCOMES",
    "CONTEST_OUTCOMES",
    "SHEET",
    "GLOSSARY",
    "MAX_POINTS",
    "MAX_SIDES",
    "MAX_EFFECT_DICE",
    "MAX_DAMAGE",
    "MAX_TYPES",
    "MAX_PARTS",
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
