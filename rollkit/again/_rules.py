"""The again rules: the name, limits, faces, again values, botch modes, DCs and outcome names.

From "Types of Rolls" (seed 003): Rolling the Dice, Critical Rolls, Static,
Mitigated and Opposed Rolls.
"""

from __future__ import annotations

from typing import Literal, get_args

from .._limits import Limit

SYSTEM = "again"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
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
DEFENDER_WINS, TIE, ACTIVE_WINS = "defender wins", "tie: defender wins", "active side wins"
OPPOSED_OUTCOMES = (DEFENDER_WINS, TIE, ACTIVE_WINS)
"""Outcomes of ``Opposed`` from the active side's view, worst to best."""
