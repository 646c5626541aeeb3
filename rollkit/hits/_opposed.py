"""Opposed checks: the defender's Hits are the TN (section "TN from Opposed Hits")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .._dist import Distribution
from .._errors import LimitError
from .._fields import declare, like, param
from .._roll import Dice, Roll
from .._words import Tally
from ._checks import BOUGHT, Check, Validated, degree_details, roll_pool, roll_validated
from ._maths import opposed_effects, opposed_split, tally_distribution
from ._rules import (
    MAX_OPPOSED_DICE,
    SYSTEM,
    THRESHOLD,
    Keyword,
    attribute_dice,
    attribute_threshold,
    check_bought,
    check_validation,
    max_bought,
)

__all__ = ["Opposed"]


@dataclass(frozen=True, kw_only=True)
class Opposed(Validated):
    """``dice`` at ``threshold``+ against the Hits of ``against_dice`` at ``against_threshold``+.

    The defender rolls first and their Hits become the TN; equal Hits succeed
    with Effect 0, as in every Check (ruling hits-opposed-ties). Each side may
    buy groups of ten from its own pool at its own Threshold (``bought``,
    ``against_bought``; ruling hits-opposed-buying), chosen before the defender
    rolls (ruling hits-opposed-split-before). Only the acting side has a
    Validation Die (``validation``, ``keyword``; ruling hits-opposed-validation).
    The tally is the Effect (actor's Hits minus defender's Hits, negative = Botch).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("Effect", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"dice", "threshold", "against_dice", "against_threshold", "validation"}
    )
    dice: int = param(
        "Dice Pool",
        hint="your d10s, whose Hits must reach the defender's",
        low=0,
        high=MAX_OPPOSED_DICE,
        limit="high",
    )
    threshold: int = declare(replace(THRESHOLD, hint="a die of yours showing this or more is a Hit"))
    against_dice: int = param(
        "Defender's Dice Pool",
        hint="the defender's d10s, whose Hits set your TN",
        low=0,
        high=MAX_OPPOSED_DICE,
        limit="high",
    )
    against_threshold: int = declare(
        replace(
            THRESHOLD,
            label="Defender's Threshold (x+)",
            hint="a defender's die showing this or more is a Hit",
        )
    )
    bought: int = declare(replace(BOUGHT, high=max_bought(dice=MAX_OPPOSED_DICE)), default=0)
    against_bought: int = declare(
        replace(
            BOUGHT,
            label="Defender's bought groups",
            hint="the defender's groups of ten set aside for sure Hits",
            high=max_bought(dice=MAX_OPPOSED_DICE),
        ),
        default=0,
    )
    validation: int = like(Check, "validation")
    keyword: Keyword = like(Check, "keyword")

    def _check_rules(self) -> None:
        total = self.dice + self.against_dice
        if total > MAX_OPPOSED_DICE:
            raise LimitError(
                f"dice={self.dice} with against_dice={self.against_dice} is too large: rollkit"
                f" computes opposed checks exactly up to {MAX_OPPOSED_DICE} dice on both sides"
                " together",
                field="dice",
                said=f"{self.dice} dice with the {self.against_dice} of {{against_dice}} are {total},"
                f" too many to work out exactly; at most {MAX_OPPOSED_DICE} on both sides together.",
            )
        check_bought("bought", self.bought, self.dice, f"dice={self.dice}", f"a pool of {self.dice} dice")
        check_bought(
            "against_bought",
            self.against_bought,
            self.against_dice,
            f"against_dice={self.against_dice}",
            f"the defender's pool of {self.against_dice} dice",
        )
        check_validation(self.validation, self.keyword, self.rolled)

    @classmethod
    def attributes(cls, *, level: int, against: int) -> Opposed:
        """An opposed Attribute Check such as ``COR:STR``: each level gives pool and Threshold."""
        return cls(
            dice=attribute_dice(level=level),
            threshold=attribute_threshold(level=level),
            against_dice=attribute_dice(level=against),
            against_threshold=attribute_threshold(level=against),
        )

    @property
    def rolled(self) -> int:
        """The acting side's dice actually rolled (its pool less the bought groups)."""
        return self.dice - 10 * self.bought

    @property
    def against_rolled(self) -> int:
        """The defender's dice actually rolled."""
        return self.against_dice - 10 * self.against_bought

    def _first(self) -> int:
        """The actor's bought Hits less the defender's: the Effect when every rolled die misses."""
        return self.bought * (11 - self.threshold) - self.against_bought * (11 - self.against_threshold)

    def _bands(self) -> tuple[Any, ...]:
        return (
            opposed_split,
            self.rolled,
            self.threshold,
            self.against_rolled,
            self.against_threshold,
            self.validation,
            self._first(),
        )

    def _least(self) -> int:
        """An Effect of 0: equal Hits go to the actor."""
        return 0

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The Effect, from the fewest to the most Hits apart; above ``bound`` goes to the tail."""
        return tally_distribution(
            opposed_effects(self.rolled, self.threshold, self.against_rolled, self.against_threshold),
            self._first() - self.against_rolled,
            10 ** (self.rolled + self.against_rolled),
            bound,
        )

    def _play(self, dice: Dice) -> Roll:
        defence, tn = roll_pool(dice, self.against_rolled, self.against_threshold, "opposing")
        attack, hits, passed = roll_validated(dice, self.rolled, self.threshold, self.validation, "pool")
        tn += self.against_bought * (11 - self.against_threshold)
        hits += self.bought * (11 - self.threshold)
        row, details = degree_details(hits, tn)
        outcome, success, validated = self._settle(row, passed)
        bought = tuple(
            (name, groups * (11 - t))
            for name, groups, t in (
                ("opposing bought hits", self.against_bought, self.against_threshold),
                ("bought hits", self.bought, self.threshold),
            )
            if groups
        )
        return Roll(
            self.system,
            self.describe(),
            tuple(defence + attack),
            hits - tn,
            outcome,
            success,
            self.outcomes()[outcome],
            details=(("opposing hits", tn),) + details + bought + validated,
        )
