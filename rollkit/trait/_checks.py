"""The trait checks: one roller against a Threshold, and a contest of two rollers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._fields import Param, declare, param
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._maths import _bound, _check_outcomes, _contest_margins, _contest_outcomes, _totals
from ._rules import (
    BOUGHT_SUCCESS,
    CAP,
    EXP,
    HIGHEST_COST,
    MAX_THRESHOLD,
    MOD,
    PROWESS,
    SIDES,
    STAGGER,
    SYSTEM,
    Cap,
    Side,
    Ties,
    _bought_reach,
    _contest_name,
    _make_side,
    _outcome_name,
    difficulty,
    failure_degree,
)

__all__ = ["Check", "Contest"]

_SUCCESSES = ("success", BOUGHT_SUCCESS)
"""The outcomes of a check that count as success (ruling trait-bought-success)."""


def _roller(declared: Param, label: str, hint: str, default: Any = dataclasses.MISSING) -> Any:
    """One contest roller's field: ``declared`` (its range, from ``_rules``) in that roller's words."""
    return declare(dataclasses.replace(declared, label=label, hint=hint), default=default)


def _roll_side(dice: Dice, side: Side, who: str, note: str = "") -> tuple[tuple[Die, ...], int]:
    """Roll one side's d12 in order; mark the kept two (earlier die wins a tie)."""
    faces = [dice.next(SIDES) for _ in range(side.dice)]
    order = sorted(
        range(len(faces)), key=(lambda i: (-faces[i], i)) if side.highest else (lambda i: (faces[i], i))
    )
    keep = set(order[:2])
    extra = "prowess" if side.net > 0 else "stagger"
    logged = tuple(
        Die(
            face=f,
            sides=SIDES,
            role=who + ("pool" if i < 2 else extra),
            counts="kept" if i in keep else "dropped",
            value=f if i in keep else 0,
            note=note,
        )
        for i, f in enumerate(faces)
    )
    return logged, sum(faces[i] for i in keep) + side.bonus


def _side_details(prefix: str, side: Side) -> tuple[tuple[str, Any], ...]:
    return (
        (prefix + "bonus", side.bonus),
        (prefix + "stack_cap", side.cap),
        (prefix + "prowess", side.prowess),
        (prefix + "stagger", side.stagger),
        (prefix + "dice_rolled", side.dice),
    )


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A trait check: 2d12 + ``mod`` (+ ``exp`` when ``adept``) reaching ``threshold``.

    ``prowess``/``stagger`` roll extra d12, keeping the best/worst two; Adept
    adds one Prowess; each side is capped (``cap``, from ``exp``) and then one
    Prowess cancels one Stagger. A miss has a degree and a Chance cost;
    ``spend`` is the most Chance the player would pay after the roll, and a
    miss that costs no more becomes a "success with a Complication", which
    ``chance()`` counts as a success. Source: "The roll", "Prowess and
    Stagger", "When you fail". Rulings trait-reach-equal, trait-adept-prowess,
    trait-stack-cap-floor, trait-cap-before-cancel, trait-failure-band-edges,
    trait-spend-limit, trait-bought-success.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("total", score=True)
    target: ClassVar[str] = "threshold"
    monotone: ClassVar[frozenset[str]] = frozenset({"mod", "threshold", "prowess", "stagger", "spend"})
    mod: int = declare(MOD)
    threshold: int = param(
        "Threshold",
        hint="the total to reach (15 is Standard)",
        low=-MAX_THRESHOLD,
        high=MAX_THRESHOLD,
        limit="both",
    )
    exp: int = declare(EXP, default=0)
    adept: bool = param("Adept", hint="adds EXP and one Prowess", default=False)
    prowess: int = declare(PROWESS, default=0)
    stagger: int = declare(STAGGER, default=0)
    cap: Cap = declare(CAP, default="online")
    spend: int = param(
        "Chance to spend",
        hint="the most Chance you would pay to turn a miss into a success",
        low=0,
        high=HIGHEST_COST,
        why="no miss costs more Chance",
        default=0,
    )
    _side: Side = field(init=False, repr=False, compare=False)

    def _check_rules(self) -> None:
        """The stacking cap (from ``exp`` and ``cap``) on Prowess, Adept's one included, and on
        Stagger, before they cancel: the side every chance and roll uses. It refuses nothing;
        each field alone is checked by its declaration."""
        side = _make_side(self.mod, self.exp, self.adept, self.prowess, self.stagger, self.cap)
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
        """Critical, Moderate and Low failure, (success with a Complication,) success."""
        side = self._side
        return _check_outcomes(side.dice, side.highest, self.threshold - side.bonus, self.spend)

    def success_from(self) -> int | None:
        """The Threshold, less the largest miss ``spend`` buys (the lowest total when every
        miss is bought): ruling trait-bought-success."""
        reach = _bought_reach(self.spend)
        return self._side.bonus + 2 if reach is None else self.threshold - reach

    def success_includes(self) -> str:
        """With Chance to spend, a miss bought with it counts as success."""
        return "a miss bought with Chance" if self.spend else ""

    def chance(self) -> Fraction:
        """The exact chance of success: the total reaches the Threshold, or the miss is
        bought with ``spend`` Chance or less (ruling trait-bought-success)."""
        return sum((p for name, p in self.outcomes().items() if name in _SUCCESSES), Fraction(0))

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The total (kept dice + bonus); with ``bound``, totals above it form the tail."""
        side = self._side
        return _totals(side.dice, side.highest, side.bonus, _bound(bound))

    def _play(self, dice: Dice) -> Roll:
        side = self._side
        logged, total = _roll_side(dice, side, "")
        missed = self.threshold - total
        degree, cost = failure_degree(missed=missed)
        outcome = _outcome_name(missed, self.spend)
        bought = outcome == BOUGHT_SUCCESS
        kept = tuple(d.face for d in logged if d.counts == "kept")
        details = (
            (
                ("threshold", self.threshold),
                ("difficulty", difficulty(threshold=self.threshold)),
                ("mod", self.mod),
                ("exp_added", side.bonus - self.mod),
            )
            + _side_details("", side)
            + (
                ("kept", kept),
                ("margin", total - self.threshold),
                ("missed_by", max(0, missed)),
                ("degree", degree),
                ("chance_cost", cost),
                ("spend", self.spend),
                ("chance_spent", cost if bought else 0),
                ("complication", bought),
            )
        )
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=logged,
            tally=total,
            outcome=outcome,
            success=outcome in _SUCCESSES,
            probability=self.outcomes()[outcome],
            details=details,
        )


@dataclass(frozen=True, kw_only=True)
class Contest(CheckBase):
    """A contested check: the actor and the resister each roll a trait check.

    The higher total wins ("Contested checks"); ``against_*`` are the
    resister's fields, ``cap`` applies to both. The tally is the margin,
    actor's total minus resister's. Equal totals follow ``ties`` (ruling
    trait-contest-ties): ``"resister"`` (default) they hold, ``"actor"`` the
    actor wins, ``"standoff"`` a "tie" outcome, ``"reroll"`` both roll again.
    No Chance is spent on a lost contest (ruling trait-contest-no-chance).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"mod", "prowess", "stagger", "against_mod", "against_prowess", "against_stagger"}
    )
    mod: int = _roller(MOD, "Actor's MOD", "the acting side's Trait MOD")
    exp: int = _roller(EXP, "Actor's EXP", "added to the actor's total when Adept", default=0)
    adept: bool = param("Actor is Adept", hint="the actor adds EXP and one Prowess", default=False)
    prowess: int = _roller(
        PROWESS, "Actor's Prowess", "the actor's extra d12s, keeping the best two", default=0
    )
    stagger: int = _roller(
        STAGGER, "Actor's Stagger", "the actor's extra d12s, keeping the worst two", default=0
    )
    against_mod: int = _roller(MOD, "Resister's MOD", "the opposing side's Trait MOD")
    against_exp: int = _roller(EXP, "Resister's EXP", "added to the resister's total when Adept", default=0)
    against_adept: bool = param(
        "Resister is Adept", hint="the resister adds EXP and one Prowess", default=False
    )
    against_prowess: int = _roller(
        PROWESS, "Resister's Prowess", "the resister's extra d12s, keeping the best two", default=0
    )
    against_stagger: int = _roller(
        STAGGER, "Resister's Stagger", "the resister's extra d12s, keeping the worst two", default=0
    )
    cap: Cap = _roller(CAP, CAP.label, "how far Prowess and Stagger stack, for both sides", default="online")
    ties: Ties = param(
        "Equal totals",
        hint="who takes a tie, or a standoff or a reroll",
        options=(
            ("resister", "the resister holds"),
            ("actor", "the actor wins"),
            ("standoff", "a standoff"),
            ("reroll", "both roll again"),
        ),
        default="resister",
    )
    _sides: tuple[Side, Side] = field(init=False, repr=False, compare=False)

    def _check_rules(self) -> None:
        """Each side's stacking cap (from its EXP and the shared ``cap``) on its Prowess, Adept's
        one included, and its Stagger, before they cancel. It refuses nothing; each field alone
        is checked by its declaration."""
        actor = _make_side(self.mod, self.exp, self.adept, self.prowess, self.stagger, self.cap)
        resister = _make_side(
            self.against_mod,
            self.against_exp,
            self.against_adept,
            self.against_prowess,
            self.against_stagger,
            self.cap,
        )
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
        details = (
            (
                ("actor_total", total),
                ("resister_total", against),
                ("margin", margin),
                ("tie", margin == 0),
                ("ties", self.ties),
                ("rounds", rounds),
            )
            + _side_details("actor_", actor)
            + _side_details("resister_", resister)
        )
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=logged,
            tally=margin,
            outcome=outcome,
            success=outcome == "win",
            probability=self.outcomes()[outcome],
            details=details,
        )
