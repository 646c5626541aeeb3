"""Group checks: helpers roll against TN 1 and their summed Effect changes the leader's pool."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._errors import LimitError, ParameterTypeError, RulesError
from .._fields import Param, param
from .._roll import Dice, Roll
from .._validate import choice, describe, integer
from ._checks import degree_details, roll_pool
from ._maths import bands, group_weights, outcome_distribution, tally_distribution
from ._rules import (
    DEGREES,
    HELPER_TN,
    KINDS,
    MAX_GROUP_DICE,
    MAX_HELPERS,
    MAX_TN,
    SYSTEM,
    Kind,
    attribute_dice,
    attribute_threshold,
    check_threshold,
    check_tn,
    knowledge_helper_allowed,
)

__all__ = ["Group"]


def _helpers(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, (tuple, list)):
        raise ParameterTypeError(
            f"helpers={describe(value)} is not allowed: helpers must be a tuple of"
            f" (dice, threshold) pairs ({type(value).__name__} given)"
        )
    if len(value) > MAX_HELPERS:
        raise LimitError(
            f"helpers has {len(value)} entries, which is too many: rollkit takes up to {MAX_HELPERS} helpers"
        )
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ParameterTypeError(
                f"helpers[{i}]={describe(pair)} is not allowed: each helper must be a (dice, threshold) pair"
            )
        out.append(
            (
                integer(f"helpers[{i}] dice", pair[0], low=0),
                check_threshold(f"helpers[{i}] threshold", pair[1]),
            )
        )
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class Group(CheckBase):
    """A group check: each helper rolls (dice, threshold) against TN 1 first.

    Section "Group Checks". Each helper's Effect (a Botch counts as -1) is
    added up and the leader rolls ``dice`` plus that total, never below 0 dice
    (ruling hits-group-pool-below-zero), against ``tn``. Botches stay in the
    total. ``kind`` names the check; Static and Luck checks cannot be group
    checks. The tally is the leader's Hits.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "Hits"
    target: ClassVar[str] = "tn"
    dice: int = param(
        "Leader's Dice Pool", hint="the leader's d10s before the helpers' Effect", low=0, high=MAX_GROUP_DICE
    )
    threshold: int = param(
        "Leader's Threshold (x+)", hint="a leader's die showing this or more is a Hit", low=1, high=10
    )
    tn: int = param("Target Number (TN)", hint="Hits the leader needs to succeed", low=0, high=MAX_TN)
    helpers: tuple[tuple[int, int], ...] = param(
        "Supporting PCs",
        hint="each helper's Dice Pool and Threshold, rolled against TN 1",
        item="helper",
        most=MAX_HELPERS,
        default=(),
        parts=(
            Param("Dice Pool", low=0, high=MAX_GROUP_DICE, start=3),
            Param("Threshold (x+)", low=1, high=10, start=7),
        ),
    )
    kind: Kind = param(
        "Type of Check",
        hint="what the group rolls (never a Static or Luck Check)",
        options=tuple((k, f"{k.capitalize()} Check") for k in KINDS[:4]),
        default="action",
    )

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0)
        check_threshold("threshold", self.threshold)
        check_tn("tn", self.tn)
        object.__setattr__(self, "helpers", _helpers(self.helpers))
        choice("kind", self.kind, KINDS)
        if self.kind in ("static", "luck"):
            raise RulesError(
                f"kind={self.kind!r} is not allowed: a group check cannot be a Static or Luck"
                f" check (kind must be one of {', '.join(repr(k) for k in KINDS[:4])})"
            )
        total = self.dice + sum(n for n, _ in self.helpers)
        if total > MAX_GROUP_DICE:
            raise LimitError(
                f"dice={self.dice} with {total - self.dice} helper dice is too large: rollkit"
                f" computes group checks exactly up to {MAX_GROUP_DICE} dice in all"
            )

    @classmethod
    def knowledge(
        cls, *, intellect: int, rating: int, tn: int, helpers: tuple[tuple[int, int], ...] = ()
    ) -> Group:
        """A Knowledge group check; ``helpers`` are (Intellect, Knowledge Rating) pairs.

        A helper whose rating is below 1 or more than 1 below the leader's is
        refused (ruling hits-group-knowledge-limit).
        """
        rating = integer("rating", rating, low=0, high=5, allowed="a Knowledge Rating from 0 to 5")
        pools = []
        for i, pair in enumerate(_pairs(helpers)):
            level, theirs = pair
            if not knowledge_helper_allowed(lead=rating, helper=theirs):
                raise RulesError(
                    f"helpers[{i}]={describe(pair)} is not allowed: a helper's Knowledge Rating"
                    f" must be at least {max(1, rating - 1)} (1 or more, and within 1 of the"
                    f" leader's {rating})"
                )
            pools.append((attribute_dice(level=level) + 2 * theirs, attribute_threshold(level=level)))
        return cls(
            dice=attribute_dice(level=intellect) + 2 * rating,
            threshold=attribute_threshold(level=intellect),
            tn=tn,
            helpers=tuple(pools),
            kind="knowledge",
        )

    def _weights(self) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        return group_weights(self.dice, self.threshold, self.helpers)

    def _denominator(self) -> int:
        dice: int = sum(n for n, _ in self.helpers) + self._weights()[2]
        return int(10**dice)

    def outcomes(self) -> Distribution:
        """Table 7A bands of the leader's Effect, worst to best."""
        return outcome_distribution(bands(self._weights()[1], -self.tn), self._denominator())

    def success_from(self) -> int | None:
        """The leader's TN."""
        return self.tn

    def chance(self) -> Fraction:
        """P(the leader's Hits >= TN)."""
        weights = bands(self._weights()[1], -self.tn)
        return Fraction(sum(w for w, d in zip(weights, DEGREES) if d.success), self._denominator())

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The leader's Hits; above ``bound`` goes to the tail."""
        return tally_distribution(self._weights()[1], 0, self._denominator(), bound)

    def bonus(self) -> Distribution:
        """The helpers' summed Effect: the dice added to (or taken from) the leader's pool."""
        total = self._weights()[0]
        return tally_distribution(total, -len(self.helpers), 10 ** sum(n for n, _ in self.helpers), None)

    def _play(self, dice: Dice) -> Roll:
        log = []
        effects = []
        for i, (n, t) in enumerate(self.helpers, 1):
            rolled, hits = roll_pool(dice, n, t, f"helper {i}")
            log += rolled
            effects.append(hits - HELPER_TN)
        bonus = sum(effects)
        pool = max(0, self.dice + bonus)
        rolled, hits = roll_pool(dice, pool, self.threshold, "leader")
        log += rolled
        row, details = degree_details(hits, self.tn)
        return Roll(
            self.system,
            self.describe(),
            tuple(log),
            hits,
            row.label,
            row.success,
            self.outcomes()[row.label],
            details=(("helper effects", tuple(effects)), ("bonus dice", bonus), ("leader dice", pool))
            + details,
        )


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, (tuple, list)):
        raise ParameterTypeError(
            f"helpers={describe(value)} is not allowed: helpers must be a tuple of"
            f" (intellect, rating) pairs ({type(value).__name__} given)"
        )
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ParameterTypeError(
                f"helpers[{i}]={describe(pair)} is not allowed: each helper must be an"
                " (intellect, rating) pair"
            )
        out.append(
            (
                integer(f"helpers[{i}] intellect", pair[0], low=1),
                integer(
                    f"helpers[{i}] rating", pair[1], low=0, high=5, allowed="a Knowledge Rating from 0 to 5"
                ),
            )
        )
    return tuple(out)
