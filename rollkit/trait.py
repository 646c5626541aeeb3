"""trait: 2d12 + MOD (+ EXP when Adept) against a Threshold.

Prowess rolls extra d12 and keeps the best two, Stagger keeps the worst two;
a miss is priced in Chance by how far it fell short. Source: seed 001,
"Trait Checks" (chapter 3). Rulings are listed in ``RULINGS``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, Literal

from ._check import CheckBase
from ._dist import Distribution, convolve, listed
from ._fields import param
from ._limits import Limit
from ._roll import Dice, Die, Roll
from ._rulings import Ruling
from ._validate import boolean, choice, integer, within

__all__ = [
    "Check", "Contest", "Side", "THRESHOLDS", "OUTCOMES", "CAPS", "TIES",
    "mod_for", "exp_for_level", "stack_cap", "failure_degree", "difficulty",
    "MAX_MOD", "MAX_THRESHOLD", "MAX_EXP", "MAX_EXTRA", "MAX_SCORE", "MAX_LEVEL",
    "SYSTEM", "RULINGS", "CHECKS", "LIMITS",
]

SYSTEM = "trait"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
SIDES = 12
"""Every die is a d12; two of them are kept."""

THRESHOLDS: dict[str, int] = {
    "Novice": 5, "Easy": 10, "Standard": 15, "Challenging": 20, "Tough": 25, "Expert": 30,
}
"""The named Thresholds ("Thresholds" table); any other whole number may be set too."""

OUTCOMES: tuple[str, ...] = ("critical failure", "moderate failure", "low failure", "success")
"""Outcomes of a check, worst to best ("When you fail")."""

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
    Limit(SYSTEM, "MAX_MOD", MAX_MOD,
          "MOD is accepted from -MAX_MOD to MAX_MOD (LimitError beyond)."),
    Limit(SYSTEM, "MAX_THRESHOLD", MAX_THRESHOLD,
          "A Threshold is accepted from -MAX_THRESHOLD to MAX_THRESHOLD (LimitError beyond)."),
    Limit(SYSTEM, "MAX_EXP", MAX_EXP,
          "EXP is accepted from 0 to MAX_EXP (LimitError beyond)."),
    Limit(SYSTEM, "MAX_EXTRA", MAX_EXTRA,
          "Prowess and Stagger are each accepted up to MAX_EXTRA (LimitError beyond)."),
    Limit(SYSTEM, "MAX_SCORE", MAX_SCORE,
          "A trait score for ``mod_for`` is accepted from 0 to MAX_SCORE."),
    Limit(SYSTEM, "MAX_LEVEL", MAX_LEVEL,
          "A level for ``exp_for_level`` is accepted from 1 to MAX_LEVEL."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""


# ----------------------------------------------------------------- helpers

def _bounded(name: str, value: Any, bound: int, *, low: int | None = None) -> int:
    return within(name, value, bound, low=low)


def mod_for(*, score: int) -> int:
    """MOD of a trait score: its tens, rounded down (Sneak 51 gives +5; "The roll").

    Ruling trait-mod-from-score: scores below 0 are refused.
    """
    return _bounded("score", score, MAX_SCORE, low=0) // 10


def exp_for_level(*, level: int) -> int:
    """EXP at a level, as level // 2: the fit of ruling trait-exp-by-level."""
    return _bounded("level", level, MAX_LEVEL, low=1) // 2


def stack_cap(*, exp: int, cap: str = "online") -> int | None:
    """Most Prowess (and most Stagger) that counts ("Prowess and Stagger", Draft).

    ``"draft"``: half EXP rounded down; ``"online"``: the same but at least 1;
    ``"none"``: no cap (``None``). Ruling trait-stack-cap-floor.
    """
    exp = _bounded("exp", exp, MAX_EXP, low=0)
    cap = choice("cap", cap, CAPS)
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
    if missed < 5:
        return ("Low", 1)
    if missed <= 10:
        return ("Moderate", 2)
    return ("Critical", 3)


def difficulty(*, threshold: int) -> str | None:
    """The name of a Threshold from the table, or None for an unnamed one."""
    threshold = integer("threshold", threshold)
    for name, value in THRESHOLDS.items():
        if value == threshold:
            return name
    return None


def _outcome_index(missed: int) -> int:
    if missed <= 0:
        return 3
    if missed < 5:
        return 2
    return 1 if missed <= 10 else 0


# ------------------------------------------------------------- exact maths

@lru_cache(maxsize=256)
def _sum_weights(dice: int, highest: bool) -> tuple[int, ...]:
    """Ways, out of 12**dice, for each sum 2..24 of the two kept dice.

    Keeping the highest two: both kept show ``a`` when at least two dice show
    ``a`` and none more; kept ``a > b`` when one die shows ``a`` and the other
    dice top out at exactly ``b``. The lowest two mirror this (face -> 13 - face).
    """
    n = dice
    below = [k ** (n - 1) for k in range(SIDES + 1)]  # k**(n-1): n-1 dice all <= k
    exactly = [0] + [below[k] - below[k - 1] for k in range(1, SIDES + 1)]
    weights = [0] * (2 * SIDES - 1)
    for a in range(1, SIDES + 1):
        weights[2 * a - 2] += a * below[a] - (a - 1) * below[a - 1] - n * below[a - 1]
        for b in range(1, a):
            weights[a + b - 2] += n * exactly[b]
    if not highest:
        weights.reverse()
    return tuple(weights)


@lru_cache(maxsize=1024)
def _check_outcomes(dice: int, highest: bool, need: int) -> Distribution:
    """Outcomes when the two kept dice must sum to ``need`` (Threshold - bonus)."""
    weights = [0, 0, 0, 0]
    for i, ways in enumerate(_sum_weights(dice, highest)):
        weights[_outcome_index(need - (i + 2))] += ways
    return Distribution.from_weights(list(zip(OUTCOMES, weights)), SIDES ** dice)


@lru_cache(maxsize=256)
def _diff_weights(dice: int, highest: bool, dice_b: int, highest_b: bool) -> tuple[int, ...]:
    """Ways, out of 12**(dice + dice_b), for each kept-sum difference -22..22."""
    # the difference a - b is a sum with b's weights reversed (index 0 is -22)
    return tuple(convolve(_sum_weights(dice, highest), _sum_weights(dice_b, highest_b)[::-1]))


def _bound(bound: Any) -> int | None:
    """A whole number, checked before it keys a cache (``listed`` checks its range)."""
    return None if bound is None else integer("bound", bound)


@lru_cache(maxsize=256)
def _totals(dice: int, highest: bool, bonus: int, bound: int | None) -> Distribution:
    """The total of a check: kept sum plus ``bonus``."""
    pairs = [(i + 2 + bonus, w) for i, w in enumerate(_sum_weights(dice, highest))]
    return listed(pairs, SIDES ** dice, bound)


@lru_cache(maxsize=256)
def _margins(dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int,
             reroll: bool) -> tuple[tuple[tuple[int, int], ...], int]:
    """(margin, ways) pairs of a contest and their denominator; a reroll drops ties."""
    weights = _diff_weights(dice, highest, dice_b, highest_b)
    pairs = tuple((i - 2 * SIDES + 2 + shift, w) for i, w in enumerate(weights))
    denominator = SIDES ** (dice + dice_b)
    if reroll:
        denominator -= sum(w for m, w in pairs if m == 0)
        pairs = tuple((m, 0 if m == 0 else w) for m, w in pairs)
    return pairs, denominator


def _contest_name(margin: int, ties: str) -> str:
    if margin > 0:
        return "win"
    if margin < 0:
        return "lose"
    return {"resister": "lose", "actor": "win", "standoff": "tie", "reroll": "tie"}[ties]


@lru_cache(maxsize=256)
def _contest_outcomes(dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int,
                      ties: str) -> Distribution:
    pairs, denominator = _margins(dice, highest, dice_b, highest_b, shift, ties == "reroll")
    weights = dict.fromkeys(("lose", "tie", "win") if ties == "standoff" else ("lose", "win"), 0)
    for margin, ways in pairs:
        if ways:
            weights[_contest_name(margin, ties)] += ways
    return Distribution.from_weights(weights, denominator)


@lru_cache(maxsize=256)
def _contest_margins(dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int,
                     reroll: bool, bound: int | None) -> Distribution:
    pairs, denominator = _margins(dice, highest, dice_b, highest_b, shift, reroll)
    return listed(list(pairs), denominator, bound)


# ------------------------------------------------------------------ sides

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


def _make_side(prefix: str, mod: Any, exp: Any, adept: Any, prowess: Any, stagger: Any,
               cap: Any) -> Side:
    """Validate one roller's fields and apply the cap to each side, then cancel."""
    mod = _bounded(prefix + "mod", mod, MAX_MOD)
    exp = _bounded(prefix + "exp", exp, MAX_EXP, low=0)
    adept = boolean(prefix + "adept", adept)
    prowess = _bounded(prefix + "prowess", prowess, MAX_EXTRA, low=0)
    stagger = _bounded(prefix + "stagger", stagger, MAX_EXTRA, low=0)
    limit = stack_cap(exp=exp, cap=cap)
    raw = prowess + (1 if adept else 0)
    if limit is not None:
        raw, stagger = min(raw, limit), min(stagger, limit)
    return Side(bonus=mod + (exp if adept else 0), cap=limit, prowess=raw, stagger=stagger)


def _roll_side(dice: Dice, side: Side, who: str, note: str = "") -> tuple[tuple[Die, ...], int]:
    """Roll one side's d12 in order; mark the kept two (earlier die wins a tie)."""
    faces = [dice.next(SIDES) for _ in range(side.dice)]
    order = sorted(range(len(faces)),
                   key=(lambda i: (-faces[i], i)) if side.highest else (lambda i: (faces[i], i)))
    keep = set(order[:2])
    extra = "prowess" if side.net > 0 else "stagger"
    logged = tuple(
        Die(face=f, sides=SIDES, role=who + ("pool" if i < 2 else extra),
            counts="kept" if i in keep else "dropped", value=f if i in keep else 0, note=note)
        for i, f in enumerate(faces)
    )
    return logged, sum(faces[i] for i in keep) + side.bonus


def _side_details(prefix: str, side: Side) -> tuple[tuple[str, Any], ...]:
    return ((prefix + "bonus", side.bonus), (prefix + "stack_cap", side.cap),
            (prefix + "prowess", side.prowess), (prefix + "stagger", side.stagger),
            (prefix + "dice_rolled", side.dice))


# ------------------------------------------------------------------ checks

@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A trait check: 2d12 + ``mod`` (+ ``exp`` when ``adept``) reaching ``threshold``.

    ``prowess``/``stagger`` roll extra d12, keeping the best/worst two; Adept
    adds one Prowess; each side is capped (``cap``, from ``exp``) and then one
    Prowess cancels one Stagger. A miss has a degree and a Chance cost.
    Source: "The roll", "Prowess and Stagger", "When you fail". Rulings
    trait-reach-equal, trait-adept-prowess, trait-stack-cap-floor,
    trait-cap-before-cancel, trait-failure-band-edges.
    """

    system: ClassVar[str] = "trait"
    tally_name: ClassVar[str] = "total"
    target: ClassVar[str] = "threshold"
    mod: int = param("MOD", hint="the Trait's MOD, added to the two kept dice", low=-MAX_MOD,
                     high=MAX_MOD)
    threshold: int = param("Threshold", hint="the total to reach (15 is Standard)",
                           low=-MAX_THRESHOLD, high=MAX_THRESHOLD)
    exp: int = param("EXP", hint="added to the total when Adept", low=0, high=MAX_EXP, default=0)
    adept: bool = param("Adept", hint="adds EXP and one Prowess", default=False)
    prowess: int = param("Prowess", hint="extra d12s, keeping the best two", low=0,
                         high=MAX_EXTRA, default=0)
    stagger: int = param("Stagger", hint="extra d12s, keeping the worst two", low=0,
                         high=MAX_EXTRA, default=0)
    cap: Cap = param("Stacking cap", hint="how far Prowess and Stagger stack, from EXP",
                     options=_CAP_WORDS, default="online")
    _side: Side = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        side = _make_side("", self.mod, self.exp, self.adept, self.prowess, self.stagger, self.cap)
        _bounded("threshold", self.threshold, MAX_THRESHOLD)
        object.__setattr__(self, "_side", side)

    @property
    def side(self) -> Side:
        """The roller after the cap: bonus, Prowess, Stagger, dice rolled."""
        return self._side

    @property
    def stack_cap(self) -> int | None:
        return self._side.cap

    @property
    def effective_prowess(self) -> int:
        return self._side.prowess

    @property
    def effective_stagger(self) -> int:
        return self._side.stagger

    @property
    def dice_rolled(self) -> int:
        return self._side.dice

    def outcomes(self) -> Distribution:
        """Critical, Moderate and Low failure and success, worst to best."""
        side = self._side
        return _check_outcomes(side.dice, side.highest, self.threshold - side.bonus)

    def success_from(self) -> int | None:
        """The Threshold."""
        return self.threshold

    def chance(self) -> Fraction:
        """The exact chance that the total reaches the Threshold."""
        return self.outcomes()["success"]

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The total (kept dice + bonus); with ``bound``, totals above it form the tail."""
        side = self._side
        return _totals(side.dice, side.highest, side.bonus, _bound(bound))

    def _play(self, dice: Dice) -> Roll:
        side = self._side
        logged, total = _roll_side(dice, side, "")
        missed = self.threshold - total
        degree, cost = failure_degree(missed=missed)
        outcome = OUTCOMES[_outcome_index(missed)]
        kept = tuple(d.face for d in logged if d.counts == "kept")
        details = (
            ("threshold", self.threshold), ("difficulty", difficulty(threshold=self.threshold)),
            ("mod", self.mod), ("exp_added", side.bonus - self.mod),
        ) + _side_details("", side) + (
            ("kept", kept), ("margin", total - self.threshold), ("missed_by", max(0, missed)),
            ("degree", degree), ("chance_cost", cost),
        )
        return Roll(system=self.system, check=self.describe(), dice=logged, tally=total,
                    outcome=outcome, success=outcome == "success",
                    probability=self.outcomes()[outcome], details=details)


@dataclass(frozen=True, kw_only=True)
class Contest(CheckBase):
    """A contested check: the actor and the resister each roll a trait check.

    The higher total wins ("Contested checks"); ``against_*`` are the
    resister's fields, ``cap`` applies to both. The tally is the margin,
    actor's total minus resister's. Equal totals follow ``ties`` (ruling
    trait-contest-ties): ``"resister"`` (default) they hold, ``"actor"`` the
    actor wins, ``"standoff"`` a "tie" outcome, ``"reroll"`` both roll again.
    """

    system: ClassVar[str] = "trait"
    tally_name: ClassVar[str] = "margin"
    mod: int = param("Actor's MOD", hint="the acting side's Trait MOD", low=-MAX_MOD,
                     high=MAX_MOD)
    exp: int = param("Actor's EXP", hint="added to the actor's total when Adept", low=0,
                     high=MAX_EXP, default=0)
    adept: bool = param("Actor is Adept", hint="the actor adds EXP and one Prowess",
                        default=False)
    prowess: int = param("Actor's Prowess", hint="the actor's extra d12s, keeping the best two",
                         low=0, high=MAX_EXTRA, default=0)
    stagger: int = param("Actor's Stagger", hint="the actor's extra d12s, keeping the worst two",
                         low=0, high=MAX_EXTRA, default=0)
    against_mod: int = param("Resister's MOD", hint="the opposing side's Trait MOD",
                             low=-MAX_MOD, high=MAX_MOD)
    against_exp: int = param("Resister's EXP", hint="added to the resister's total when Adept",
                             low=0, high=MAX_EXP, default=0)
    against_adept: bool = param("Resister is Adept", hint="the resister adds EXP and one"
                                " Prowess", default=False)
    against_prowess: int = param("Resister's Prowess", hint="the resister's extra d12s, keeping"
                                 " the best two", low=0, high=MAX_EXTRA, default=0)
    against_stagger: int = param("Resister's Stagger", hint="the resister's extra d12s, keeping"
                                 " the worst two", low=0, high=MAX_EXTRA, default=0)
    cap: Cap = param("Stacking cap", hint="how far Prowess and Stagger stack, for both sides",
                     options=_CAP_WORDS, default="online")
    ties: Ties = param("Equal totals", hint="who takes a tie, or a standoff or a reroll",
                       options=(("resister", "the resister holds"), ("actor", "the actor wins"),
                                ("standoff", "a standoff"), ("reroll", "both roll again")),
                       default="resister")
    _sides: tuple[Side, Side] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        actor = _make_side("", self.mod, self.exp, self.adept, self.prowess, self.stagger,
                           self.cap)
        resister = _make_side("against_", self.against_mod, self.against_exp,
                              self.against_adept, self.against_prowess, self.against_stagger,
                              self.cap)
        choice("ties", self.ties, TIES)
        object.__setattr__(self, "_sides", (actor, resister))

    @property
    def actor(self) -> Side:
        return self._sides[0]

    @property
    def resister(self) -> Side:
        return self._sides[1]

    def _key(self) -> tuple[int, bool, int, bool, int]:
        a, r = self._sides
        return (a.dice, a.highest, r.dice, r.highest, a.bonus - r.bonus)

    def outcomes(self) -> Distribution:
        """Lose, (tie,) win for the actor, worst to best."""
        return _contest_outcomes(*self._key(), self.ties)

    def success_from(self) -> int | None:
        """A margin of 1, or 0 when ties go to the actor (ruling trait-contest-ties)."""
        return 0 if self.ties == "actor" else 1

    def chance(self) -> Fraction:
        """The exact chance that the actor wins."""
        return self.outcomes()["win"]

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The margin (actor minus resister) of the deciding round."""
        return _contest_margins(*self._key(), self.ties == "reroll", _bound(bound))

    def _play(self, dice: Dice) -> Roll:
        actor, resister = self._sides
        logged: tuple[Die, ...] = ()
        rounds = 0
        while True:
            rounds += 1
            note = f"round {rounds}" if self.ties == "reroll" else ""
            mine, total = _roll_side(dice, actor, "actor ", note)
            theirs, against = _roll_side(dice, resister, "resister ", note)
            logged += mine + theirs
            if total != against or self.ties != "reroll":
                break
        margin = total - against
        outcome = _contest_name(margin, self.ties)
        details = (("actor_total", total), ("resister_total", against), ("margin", margin),
                   ("tie", margin == 0), ("ties", self.ties), ("rounds", rounds)
                   ) + _side_details("actor_", actor) + _side_details("resister_", resister)
        return Roll(system=self.system, check=self.describe(), dice=logged, tally=margin,
                    outcome=outcome, success=outcome == "win",
                    probability=self.outcomes()[outcome], details=details)


CHECKS: dict[str, type] = {"check": Check, "contest": Contest}


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="trait-reach-equal", system="trait", section="The roll",
        title="Reaching the Threshold counts as success",
        source="A check succeeds when the total gets to the Threshold; the Sneak example"
               " calls 18 against 15 a win, which is three points over.",
        ruling="A total equal to the Threshold succeeds: success is total >= Threshold.",
        why="Reaching a number includes landing on it, and the example never tests the"
            " edge. The edge matters: MOD 0 against Standard 15 succeeds 55/144 of the"
            " time with >= but 45/144 with >, the 10/144 of totals of exactly 15.",
    ),
    Ruling(
        id="trait-mod-from-score", system="trait", section="The roll (Sneak example)",
        title="MOD is the tens of the Trait score",
        source="No rule turns a trait score into a MOD; the only pair given is a Sneak"
               " of 51 with a MOD of +5.",
        ruling="MOD = score // 10, the tens of the score rounded down (mod_for). Scores"
               " run from 0 to 1000; a negative score is refused (RulesError).",
        why="51 -> 5 fits tenths rounded down, but also rounding to nearest; the two part"
            " at 55-59 (58 gives 5 rounded down, 6 to nearest). Rounding down is what a"
            " player reads off the tens digit. The text shows no negative score, and"
            " flooring one would give -1 for a score of -1.",
    ),
    Ruling(
        id="trait-exp-by-level", system="trait", section="Prowess and Stagger (Draft)",
        title="EXP by level: half the level, rounded down",
        source="The stacking cap is tied to level: nothing for levels 1-3, then 1 at"
               " level 6, 3 at level 12 and 5 at level 20; the EXP-by-level table is not"
               " in the chapter.",
        ruling="Checks take exp itself. exp_for_level(level=) offers EXP = level // 2,"
               " which meets every point given.",
        why="With EXP = level // 2 the cap exp // 2 is 0 for levels 1-3 (EXP 0, 1, 1),"
            " 1 at level 6 (EXP 3), 3 at level 12 (EXP 6) and 5 at level 20 (EXP 10)."
            " Other tables fit as well (EXP 2 also gives cap 1 at level 6), so the"
            " helper is a fit for the examples, not a rule.",
    ),
    Ruling(
        id="trait-stack-cap-floor", system="trait", section="Prowess and Stagger (Draft)",
        title="The stacking cap: half EXP, at least 1 online",
        source="The draft caps Prowess and Stagger each at half EXP rounded down, notes"
               " that this is 0 at the lowest levels, and says the online table keeps"
               " the cap at 1 or more.",
        ruling="cap='online' (default) is max(1, exp // 2); cap='draft' is exp // 2 as"
               " written; cap='none' has no cap. Extra Prowess or Stagger past the cap"
               " is ignored, not an error; the numbers that count are in the check's"
               " properties and the roll's details.",
        why="Read literally, a cap of 0 would leave a low-level Persona no Prowess at"
            " all, not even from being Adept. MOD 0, EXP 1, one Prowess against 15:"
            " 55/144 (38.2%) under the draft cap, 1115/1728 (64.5%) with the online floor.",
    ),
    Ruling(
        id="trait-cap-before-cancel", system="trait", section="Prowess and Stagger",
        title="Cap each side, then cancel Prowess against Stagger",
        source="Each of Prowess and Stagger stacks only up to the cap, and one of each"
               " cancel; the order of the two steps is not given.",
        ruling="Cap Prowess and Stagger separately first, then cancel one for one.",
        why="The cap is stated for each of the two, so it bounds what a roller can hold"
            " before they meet. EXP 2 (cap 1), Prowess 3 and Stagger 1 against 15 with"
            " MOD 0: capping first gives plain 2d12, 55/144; cancelling first would"
            " leave Prowess 2, capped to 1, and 1115/1728.",
    ),
    Ruling(
        id="trait-adept-prowess", system="trait", section="The roll; Prowess and Stagger",
        title="Adept adds EXP and one Prowess",
        source="Being Adept adds EXP to the roll, and the Prowess list names being Adept"
               " as one place Prowess comes from.",
        ruling="adept=True adds EXP to the total and also one Prowess, which counts"
               " toward the cap like any other.",
        why="The text gives both effects in two sections and neither excludes the"
            " other. MOD 3, EXP 4, Adept, against 20: 449/576 (78.0%) with the Prowess"
            " die, 13/24 (54.2%) with EXP alone.",
    ),
    Ruling(
        id="trait-failure-band-edges", system="trait", section="When you fail",
        title="Where Low, Moderate and Critical failures begin",
        source="A miss by under 5 is Low (1 Chance), by 5 to 10 Moderate (2), by over"
               " 10 Critical (3).",
        ruling="Missing by 1-4 is Low, by 5-10 Moderate (both ends included), by 11 or"
               " more Critical; a total at the Threshold is a success, not a miss.",
        why="Totals are whole numbers, so reading 5 to 10 inclusively leaves no gap and"
            " no overlap. The edges carry weight: MOD 0 against 15 misses by exactly 5"
            " with 1/16 and by exactly 10 with 1/36.",
    ),
    Ruling(
        id="trait-contest-ties", system="trait", section="Contested checks",
        title="A tied contest goes to the resisting side by default",
        source="Both sides roll and the higher total wins; equal totals are not covered.",
        ruling="Contest(ties=...) decides: 'resister' (default) the actor must beat the"
               " resisting side, so a tie holds; 'actor' a tie goes to the actor;"
               " 'standoff' a tie is its own outcome; 'reroll' both roll again until"
               " the totals differ.",
        why="Ties are common: two plain 2d12 rolls with equal MODs tie 289/5184 (5.6%)"
            " of the time, so the actor wins 4895/10368 (47.2%) if ties hold, 5473/10368"
            " (52.8%) if they go to the actor, and 1/2 on a reroll. Holding on a tie"
            " matches how most contested systems treat the side that acts.",
    ),
)
