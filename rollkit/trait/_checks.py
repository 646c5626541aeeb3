"""The trait check: one roller against a Threshold, and the helpers a contest shares."""

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
from ._maths import _bound, _check_outcomes, _totals
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
    _bought_reach,
    _make_side,
    _outcome_name,
    difficulty,
    failure_degree,
)

__all__ = ["Check"]

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
