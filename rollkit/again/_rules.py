"""The again rules: the name, limits, faces, again values, botch modes, DCs, outcome names and
the dice pool from the character sheet.

From "Types of Rolls" (seed 003): Rolling the Dice, Critical Rolls, Roll Types (Static,
Mitigated and Opposed Rolls).
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from .._errors import RulesError
from .._fields import Param
from .._limits import Limit
from .._words import Words

SYSTEM = "again"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
WORDS = Words(name="Again", title="Again (d10, 8+)", acronyms={"dc": "DC"})
"""What Again calls things (roll sentences, die marks, the site's titles)."""
SUCCESS_FACE = 8
"""A die showing this or more is a success (Rolling the Dice)."""
AGAIN_VALUES = (10, 9, 8)
"""10-again is the default; 9-again and 8-again come from powers."""
_AGAIN_WORDS = tuple((n, f"{n}-again") for n in AGAIN_VALUES)
CRITICAL_SUCCESSES = 5
"""Successes that make a critical success (Critical Success)."""
BOTCH_FACE = 1
"""The botch die shows this for a critical failure (Critical Failure)."""
Botch = Literal["failure", "zero", "none"]
BOTCH_MODES: tuple[str, ...] = get_args(Botch)
"""When the botch die is rolled: after any failure, only after 0 successes, never."""
_BOTCH_WORDS = (("failure", "after any failure"), ("zero", "only with no successes"), ("none", "never"))
BOTCH_FACES = tuple(range(BOTCH_FACE, 11))
"""How many faces of the botch die botch, counted up from 1: 1 by the rule; a power that makes
botches likelier widens it (ruling again-botch-powers)."""
_BOTCH_FACES_WORDS = (
    (1, "a 1 (the rule)"),
    (2, "1 or 2"),
    *((n, f"1 to {n}") for n in BOTCH_FACES[2:-1]),
    (10, "any face"),
)
DIFFICULTIES: dict[int, str] = dict(
    enumerate(("Easy", "Moderate", "Challenging", "Hard", "Extremely Hard"), start=1)
)
"""The DC table of Static Rolls: DC value to its name."""

MAX_DICE = 1000
MAX_DC = 1000
MAX_BOUND = 2000
MAX_OPPOSED_DICE = 100
MAX_OPPOSED_BOUND = 400
LIMITS: tuple[Limit, ...] = (
    Limit(
        SYSTEM,
        "MAX_DICE",
        MAX_DICE,
        "Largest pool (``Check``, ``Mitigated``) whose exact odds rollkit computes.",
    ),
    Limit(SYSTEM, "MAX_DC", MAX_DC, "Largest DC whose exact odds rollkit computes."),
    Limit(
        SYSTEM,
        "MAX_BOUND",
        MAX_BOUND,
        "Largest ``bound`` accepted by ``Check`` / ``Mitigated`` ``distribution``.",
    ),
    Limit(
        SYSTEM, "MAX_OPPOSED_DICE", MAX_OPPOSED_DICE, "Largest pool on either side of an ``Opposed`` roll."
    ),
    Limit(
        SYSTEM,
        "MAX_OPPOSED_BOUND",
        MAX_OPPOSED_BOUND,
        "Largest ``bound`` accepted by ``Opposed.distribution``.",
    ),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS = (
    "critical failure",
    "failure",
    "success",
    "critical success",
)
OUTCOMES = (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)
"""Outcomes of ``Check`` and ``Mitigated``, worst to best."""
FAILED_CRITICAL = "failure with a critical success"
BOTCHED_CRITICAL = "critical failure with a critical success"
"""A failed static roll of 5 or more successes (a DC above 5, or 5 to beat), without and with a
botch: listed by ``Check.outcomes`` only then, below a success (ruling
again-critical-success-needs-success)."""
DEFENDER_WINS, TIE, ACTIVE_WINS = "defender wins", "tie: defender wins", "active side wins"
OPPOSED_OUTCOMES = (DEFENDER_WINS, TIE, ACTIVE_WINS)
"""The results of ``Opposed`` from the active side's view, worst to best; each outcome is one of
them, then any critical successes and the loser's botch (ruling again-opposed-binary)."""

Critical = Literal["any", "success"]
CRITICAL_READINGS: tuple[str, ...] = get_args(Critical)
"""Which rolls of 5 or more successes are critical successes: any roll (the rule), or only one
that succeeds (ruling again-critical-success-needs-success)."""
_CRITICAL_WORDS = (("any", "any roll of 5 or more successes"), ("success", "only a success"))
OpposedCritical = Literal["any", "success", "none"]
OPPOSED_CRITICAL_READINGS: tuple[str, ...] = get_args(OpposedCritical)
"""The readings of an opposed roll's criticals: either side's roll of 5 or more successes, only
the winner's, or none (ruling again-opposed-binary)."""
_OPPOSED_CRITICAL_WORDS = (
    ("any", "either side's roll of 5 or more"),
    ("success", "only the winner's"),
    ("none", "none: win or lose only"),
)
_OPPOSED_CRITICALS = {
    (True, False): "active side critical",
    (False, True): "defender critical",
    (True, True): "both critical",
}
_OPPOSED_BOTCHES = {"active": "active side botches", "defending": "defender botches"}


def _opposed_name(result: str, criticals: tuple[bool, bool], botched: str) -> str:
    """An opposed outcome in words: the result, then whose rolls are critical successes, then
    who botched ("active" or "defending"; "" for nobody)."""
    parts = [result, _OPPOSED_CRITICALS.get(criticals, ""), _OPPOSED_BOTCHES.get(botched, "")]
    return ", ".join(part for part in parts if part)


def _opposed_rank(result: str, criticals: tuple[bool, bool], botched: str) -> tuple[int, int, int]:
    """Where an opposed outcome stands, worst to best for the active side: the result first,
    then the active side's botch (worst) or the defender's (best), then whose critical."""
    botch_rank = {"active": 0, "": 1, "defending": 2}[botched]
    critical_rank = {(False, True): 0, (False, False): 1, (True, True): 2, (True, False): 3}[criticals]
    return OPPOSED_OUTCOMES.index(result), botch_rank, critical_rank


# --- the character sheet's entries ------------------------------------------------------------

STAT = Param("Core Statistic", hint="the Stat for the action, such as Charisma", low=0)
"""A Core Statistic, as ``dice_pool`` checks it and the sheet kinds declare it."""
SKILL = Param("Skill ranks", hint="your ranks in the Skill that applies, 0 if none", low=0)
"""The ranks of a Skill, as ``dice_pool`` checks them and the sheet kinds declare them."""
WEAPON = Param("Base weapon dice", hint="the weapon's own dice, added to the blow", low=0)
"""A weapon's base dice, as ``dice_pool`` checks them and ``MitigatedSkill`` declares them."""
MODIFIER = Param("Bonuses and penalties", hint="dice added less dice taken away (night, daylight ...)")
"""Bonuses less penalties (any whole number), as ``dice_pool`` checks them and the sheet kinds
declare them."""


def dice_pool(*, stat: int, skill: int, weapon: int = 0, modifier: int = 0) -> int:
    """The dice pool from the character sheet: a Core Statistic plus the ranks of the Skill the
    action calls for, plus a weapon's base dice for a blow, plus bonuses less penalties (Roll
    Types; Mitigated Rolls).

    ``stat``, ``skill`` and ``weapon`` are whole numbers from 0; ``modifier`` is any whole
    number. The sum may be 0 or less: the check then rolls one die (ruling again-pool-floor).
    Ruling again-sheet-pool.
    """
    return _sheet_pool("", stat, skill, weapon, modifier)


def _sheet_pool(side: str, stat: int, skill: int, weapon: int, modifier: int) -> int:
    """``dice_pool`` with each field's name after ``side`` ("against_") in its errors."""
    _entry(STAT, f"{side}stat", stat)
    _entry(SKILL, f"{side}skill", skill)
    _entry(WEAPON, f"{side}weapon", weapon)
    _entry(MODIFIER, f"{side}modifier", modifier)
    return stat + skill + weapon + modifier


def _entry(declared: Param, name: str, value: Any) -> int:
    """``value`` if ``declared`` allows it, else its error about the field ``name``."""
    try:
        return declared.check(name, value)
    except RulesError as error:
        raise error.about(name) from None
