"""The trait rules: the name, limits, Thresholds, outcome names, caps and ties, and the
rules' small formulas (MOD, EXP, stacking cap, degrees of failure, one roller's side).

From "Trait Checks" (seed 001, chapter 3); the fields every trait check shares, each
declared once (``MOD``, ``EXP``, ``PROWESS``, ``STAGGER``, ``CAP``), with the range it accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .._errors import RulesError
from .._fields import Param
from .._limits import Limit
from .._validate import choice, integer, within
from .._words import Words

SYSTEM = "trait"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
WORDS = Words(
    name="Trait checks",
    title="Trait checks",
    acronyms={"mod": "MOD", "exp": "EXP"},
    details={
        "stack_cap": "Stacking cap",
        "actor_stack_cap": "Actor's stacking cap",
        "resister_stack_cap": "Resister's stacking cap",
    },
)
"""What the Trait rules call things (roll sentences, die marks, the site's titles)."""
SIDES = 12
"""Every die is a d12; two of them are kept."""

THRESHOLDS: dict[str, int] = {
    "Novice": 5,
    "Easy": 10,
    "Standard": 15,
    "Challenging": 20,
    "Tough": 25,
    "Expert": 30,
}
"""The named Thresholds ("Thresholds" table); any other whole number may be set too."""

OUTCOMES: tuple[str, ...] = ("critical failure", "moderate failure", "low failure", "success")
"""Outcomes of a check that spends no Chance, worst to best ("When you fail")."""
BOUGHT_SUCCESS = "success with a Complication"
"""A miss turned into a success with Chance ("When you fail"). With Chance to spend above 0
it is listed between "low failure" and "success": ruling trait-bought-success."""
HIGHEST_COST = 3
"""What the dearest miss (Critical) costs in Chance, so Chance to spend runs 0 to 3."""
_BANDS: tuple[tuple[int, str, int], ...] = ((4, "Low", 1), (10, "Moderate", 2))
"""The bounded degrees of failure: (largest miss in the band, degree, Chance cost); a miss
past the last band is Critical and costs ``HIGHEST_COST``. Ruling trait-failure-band-edges."""

Cap = Literal["online", "draft", "none"]
CAPS: tuple[str, ...] = ("online", "draft", "none")
"""How far Prowess and Stagger stack: see ``stack_cap`` and ruling trait-stack-cap-floor."""
_CAP_WORDS = (("online", "half EXP, at least 1"), ("draft", "half EXP (Draft)"), ("none", "no cap"))

Ties = Literal["resister", "actor", "standoff", "reroll"]
TIES: tuple[str, ...] = ("resister", "actor", "standoff", "reroll")
"""Who takes equal totals in a contest: see ruling trait-contest-ties."""

MAX_MOD = 100
MAX_THRESHOLD = 1000
MAX_EXP = 100
MAX_EXTRA = 1000
MAX_SCORE = 1000
MAX_LEVEL = 200
LIMITS: tuple[Limit, ...] = (
    Limit(SYSTEM, "MAX_MOD", MAX_MOD, "MOD is accepted from -MAX_MOD to MAX_MOD (LimitError beyond)."),
    Limit(
        SYSTEM,
        "MAX_THRESHOLD",
        MAX_THRESHOLD,
        "A Threshold is accepted from -MAX_THRESHOLD to MAX_THRESHOLD (LimitError beyond).",
    ),
    Limit(SYSTEM, "MAX_EXP", MAX_EXP, "EXP is accepted from 0 to MAX_EXP (LimitError beyond)."),
    Limit(
        SYSTEM,
        "MAX_EXTRA",
        MAX_EXTRA,
        "Prowess and Stagger are each accepted up to MAX_EXTRA (LimitError beyond).",
    ),
    Limit(SYSTEM, "MAX_SCORE", MAX_SCORE, "A trait score for ``mod_for`` is accepted from 0 to MAX_SCORE."),
    Limit(SYSTEM, "MAX_LEVEL", MAX_LEVEL, "A level for ``exp_for_level`` is accepted from 1 to MAX_LEVEL."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

# --- one roller's fields, declared once -------------------------------------------------------
# Each kind words them for its own roller (a contest's "Actor's MOD", "Resister's MOD"); the
# range is the same everywhere: the rules' ends are a RulesError, rollkit's a LimitError.

MOD = Param(
    "MOD", hint="the Trait's MOD, added to the two kept dice", low=-MAX_MOD, high=MAX_MOD, limit="both"
)
"""A roller's MOD: -``MAX_MOD`` to ``MAX_MOD``, a limit of exact computing at both ends."""
EXP = Param("EXP", hint="added to the total when Adept", low=0, high=MAX_EXP, limit="high")
"""A roller's EXP, as every check declares it and ``stack_cap`` checks it."""
PROWESS = Param(
    "Prowess", hint="extra d12s, keeping the best two", low=0, high=MAX_EXTRA, limit="high", far=True
)
"""A roller's Prowess: extra d12 kept from the top."""
STAGGER = Param(
    "Stagger", hint="extra d12s, keeping the worst two", low=0, high=MAX_EXTRA, limit="high", far=True
)
"""A roller's Stagger: extra d12 kept from the bottom."""
CAP = Param("Stacking cap", hint="how far Prowess and Stagger stack, from EXP", options=_CAP_WORDS)
"""How far Prowess and Stagger stack (one of ``CAPS``, said as ``_CAP_WORDS``)."""
SCORE = Param("Score", hint="the Trait's score; its tens are the MOD", low=0, high=MAX_SCORE, limit="high")
"""A Trait's score, as ``mod_for`` checks it and a Persona's sheet declares it."""


def _bounded(name: str, value: Any, bound: int, *, low: int | None = None) -> int:
    return within(name, value, bound, low=low)


def mod_for(*, score: int) -> int:
    """MOD of a trait score: its tens, rounded down (Sneak 51 gives +5; "The roll").

    Ruling trait-mod-from-score: scores below 0 are refused.
    """
    try:
        return SCORE.check("score", score) // 10
    except RulesError as error:
        raise error.about("score") from None


def exp_for_level(*, level: int) -> int:
    """EXP at a level, as level // 2: the fit of ruling trait-exp-by-level."""
    return _bounded("level", level, MAX_LEVEL, low=1) // 2


def stack_cap(*, exp: int, cap: str = "online") -> int | None:
    """Most Prowess (and most Stagger) that counts ("Prowess and Stagger", Draft).

    ``"draft"``: half EXP rounded down; ``"online"``: the same but at least 1;
    ``"none"``: no cap (``None``). Ruling trait-stack-cap-floor.
    """
    try:
        exp = EXP.check("exp", exp)
    except RulesError as error:
        raise error.about("exp") from None
    return _stack_cap(exp, choice("cap", cap, CAPS))


def _stack_cap(exp: int, cap: str) -> int | None:
    """``stack_cap`` of values already checked (a check's fields)."""
    if cap == "none":
        return None
    return exp // 2 if cap == "draft" else max(1, exp // 2)


def failure_degree(*, missed: int) -> tuple[str | None, int]:
    """Degree of a miss and its Chance cost ("When you fail").

    Missed by 1-4: Low, 1; by 5-10: Moderate, 2; by 11 or more: Critical, 3.
    Not missed (0 or less): (None, 0). Ruling trait-failure-band-edges.
    """
    missed = integer("missed", missed)
    if missed <= 0:
        return (None, 0)
    return next(
        ((degree, cost) for most, degree, cost in _BANDS if missed <= most), ("Critical", HIGHEST_COST)
    )


def difficulty(*, threshold: int) -> str | None:
    """The name of a Threshold from the table, or None for an unnamed one."""
    threshold = integer("threshold", threshold)
    for name, value in THRESHOLDS.items():
        if value == threshold:
            return name
    return None


def _cost(missed: int) -> int:
    """The Chance a miss costs to buy (0 when the Threshold is reached)."""
    if missed <= 0:
        return 0
    return next((cost for most, _, cost in _BANDS if missed <= most), HIGHEST_COST)


def _outcome_name(missed: int, spend: int) -> str:
    """The outcome of a total ``missed`` short, buying any miss that costs ``spend`` or less."""
    cost = _cost(missed)
    return BOUGHT_SUCCESS if 0 < cost <= spend else OUTCOMES[len(OUTCOMES) - 1 - cost]


def _outcome_names(spend: int) -> tuple[str, ...]:
    """The outcomes listed, worst to best: the bought success only when ``spend`` is above 0."""
    return OUTCOMES if not spend else (*OUTCOMES[:-1], BOUGHT_SUCCESS, OUTCOMES[-1])


def _bought_reach(spend: int) -> int | None:
    """The largest miss that ``spend`` buys (0: none; None: every miss). Ruling trait-spend-limit."""
    if spend >= HIGHEST_COST:
        return None
    return max((most for most, _, cost in _BANDS if cost <= spend), default=0)


def _contest_name(margin: int, ties: str) -> str:
    if margin > 0:
        return "win"
    if margin < 0:
        return "lose"
    return {"resister": "lose", "actor": "win", "standoff": "tie", "reroll": "tie"}[ties]


# --- one roller's side ---------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """What one roller brings, after the stacking cap (read-only summary).

    ``bonus`` is MOD plus EXP when Adept; ``prowess`` (Adept's one included)
    and ``stagger`` are what is left after ``cap`` (None: no cap).
    """

    bonus: int
    cap: int | None
    prowess: int
    stagger: int

    @property
    def net(self) -> int:
        """Prowess minus Stagger: one of each cancels."""
        return self.prowess - self.stagger

    @property
    def dice(self) -> int:
        """How many d12 are rolled: two plus one per net Prowess or Stagger."""
        return 2 + abs(self.net)

    @property
    def highest(self) -> bool:
        """True when the best two are kept (no net Stagger)."""
        return self.net >= 0


def _make_side(mod: int, exp: int, adept: bool, prowess: int, stagger: int, cap: str) -> Side:
    """One roller's side from fields already checked: the cap (from EXP) on each of Prowess,
    Adept's one included, and Stagger, before one of each cancels (ruling
    trait-cap-before-cancel)."""
    limit = _stack_cap(exp, cap)
    raw = prowess + (1 if adept else 0)
    if limit is not None:
        raw, stagger = min(raw, limit), min(stagger, limit)
    return Side(bonus=mod + (exp if adept else 0), cap=limit, prowess=raw, stagger=stagger)


# --- Chance in a contest ----------------------------------------------------------------------

BOUGHT_WIN = "win with a Complication"
"""A contest the actor did not win, turned into a win with Chance: listed between "tie" (or
"lose") and "win" whenever the actor has Chance to spend (ruling trait-contest-chance)."""
CHANCE = Param(
    "Chance to spend",
    hint="the most Chance the roller would pay to turn a failure into a success",
    low=0,
    high=HIGHEST_COST,
    why="no miss costs more Chance",
)
"""The most Chance one roller would pay after the dice, 0 to ``HIGHEST_COST``."""


def _contest_need(ties: str) -> int:
    """The smallest margin that wins the actor the contest: 0 when ties go to the actor, else 1."""
    return 0 if ties == "actor" else 1


def _contest_outcome(margin: int, ties: str, spend: int) -> str:
    """The outcome of a contest decided by ``margin``, the actor buying any result short of a
    win that costs ``spend`` Chance or less: its miss is how far the actor's total fell short
    of the least that wins (ruling trait-contest-chance)."""
    cost = _cost(_contest_need(ties) - margin)
    return BOUGHT_WIN if 0 < cost <= spend else _contest_name(margin, ties)


def _contest_names(ties: str, spend: int) -> tuple[str, ...]:
    """The outcomes a contest lists, worst to best: "tie" only in a standoff the actor cannot
    buy (a tie misses a win by 1, which 1 Chance buys), the bought win only with Chance."""
    names = ("lose", "tie", "win") if ties == "standoff" and not spend else ("lose", "win")
    return (*names[:-1], BOUGHT_WIN, names[-1]) if spend else names
