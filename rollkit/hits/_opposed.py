"""Opposed checks: the defender's Hits are the TN (section "TN from Opposed Hits")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._errors import LimitError
from .._fields import param
from .._roll import Dice, Roll
from .._validate import integer
from ._checks import degree_details, roll_pool
from ._maths import opposed_bands, opposed_effects, outcome_distribution, tally_distribution
from ._rules import (
    DEGREES,
    MAX_OPPOSED_DICE,
    SYSTEM,
    attribute_dice,
    attribute_threshold,
    check_threshold,
)

__all__ = ["Opposed"]


@dataclass(frozen=True, kw_only=True)
class Opposed(CheckBase):
    """``dice`` at ``threshold``+ against the Hits of ``against_dice`` at ``against_threshold``+.

    The defender rolls first and their Hits become the TN; equal Hits succeed
    with Effect 0, as in every Check (ruling hits-opposed-ties). The tally is
    the Effect (actor's Hits minus defender's Hits, negative = Botch).
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "Effect"
    dice: int = param(
        "Dice Pool", hint="your d10s, whose Hits must reach the defender's", low=0, high=MAX_OPPOSED_DICE
    )
    threshold: int = param(
        "Threshold (x+)", hint="a die of yours showing this or more is a Hit", low=1, high=10
    )
    against_dice: int = param(
        "Defender's Dice Pool",
        hint="the defender's d10s, whose Hits set your TN",
        low=0,
        high=MAX_OPPOSED_DICE,
    )
    against_threshold: int = param(
        "Defender's Threshold (x+)", hint="a defender's die showing this or more is a Hit", low=1, high=10
    )

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0)
        check_threshold("threshold", self.threshold)
        integer("against_dice", self.against_dice, low=0)
        check_threshold("against_threshold", self.against_threshold)
        if self.dice + self.against_dice > MAX_OPPOSED_DICE:
            raise LimitError(
                f"dice={self.dice} with against_dice={self.against_dice} is too large: rollkit"
                f" computes opposed checks exactly up to {MAX_OPPOSED_DICE} dice on both sides"
                " together"
            )

    @classmethod
    def attributes(cls, *, level: int, against: int) -> Opposed:
        """An opposed Attribute Check such as ``COR:STR``: each level gives pool and Threshold."""
        return cls(
            dice=attribute_dice(level=level),
            threshold=attribute_threshold(level=level),
            against_dice=attribute_dice(level=against),
            against_threshold=attribute_threshold(level=against),
        )

    def _key(self) -> tuple[int, int, int, int]:
        return self.dice, self.threshold, self.against_dice, self.against_threshold

    def outcomes(self) -> Distribution:
        """Table 7A bands of the Effect, worst to best."""
        return outcome_distribution(opposed_bands(*self._key()), 10 ** (self.dice + self.against_dice))

    def success_from(self) -> int | None:
        """An Effect of 0: equal Hits go to the actor."""
        return 0

    def chance(self) -> Fraction:
        """P(actor's Hits >= defender's Hits)."""
        wins = sum(w for w, d in zip(opposed_bands(*self._key()), DEGREES) if d.success)
        return Fraction(wins, 10 ** (self.dice + self.against_dice))

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The Effect, from -against_dice to dice; above ``bound`` goes to the tail."""
        return tally_distribution(
            opposed_effects(*self._key()), -self.against_dice, 10 ** (self.dice + self.against_dice), bound
        )

    def _play(self, dice: Dice) -> Roll:
        defence, tn = roll_pool(dice, self.against_dice, self.against_threshold, "opposing")
        attack, hits = roll_pool(dice, self.dice, self.threshold, "pool")
        row, details = degree_details(hits, tn)
        return Roll(
            self.system,
            self.describe(),
            tuple(defence + attack),
            hits - tn,
            row.label,
            row.success,
            self.outcomes()[row.label],
            details=(("opposing hits", tn),) + details,
        )
