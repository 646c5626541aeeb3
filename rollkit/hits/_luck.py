"""Luck checks: the unspent Fate pool rolled as a Static Check at 6+ (section "Luck Checks")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._fields import param
from .._roll import Dice, Roll
from .._validate import integer
from ._checks import degree_details, roll_pool
from ._maths import binomial, check_bands, outcome_distribution, tally_distribution
from ._rules import DEGREES, LUCK_THRESHOLD, LUCK_TNS, MAX_ROLLED, MAX_TN, SYSTEM, check_tn

__all__ = ["Luck"]


@dataclass(frozen=True, kw_only=True)
class Luck(CheckBase):
    """Roll the unspent Fate pool (``fate`` dice) at 6+ against the Sage's ``tn``.

    The text's comparisons for TN 1 to 4 are descriptive only; the exact odds
    depend on the Fate pool (ruling hits-luck-odds). The tally is the Hits.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "Hits"
    target: ClassVar[str] = "tn"
    fate: int = param("Fate Pool", hint="your current, unspent Fate, rolled at 6+", low=0, high=MAX_ROLLED)
    tn: int = param("Target Number (TN)", hint="Hits needed, set by the Sage", low=0, high=MAX_TN)

    def __post_init__(self) -> None:
        integer("fate", self.fate, low=0, limit=MAX_ROLLED)
        check_tn("tn", self.tn)

    @property
    def described(self) -> str | None:
        """The text's description of this TN (TN 4 and above: unheard of), or None for TN 0."""
        if self.tn == 0:
            return None
        return LUCK_TNS[min(self.tn, 4)][0]

    def _bands(self) -> tuple[int, ...]:
        return check_bands(self.fate, LUCK_THRESHOLD, self.tn)

    def outcomes(self) -> Distribution:
        """Table 7A bands, worst to best."""
        return outcome_distribution(self._bands(), 10**self.fate)

    def success_from(self) -> int | None:
        """TN Hits."""
        return self.tn

    def chance(self) -> Fraction:
        """P(Hits >= TN) with ``fate`` dice at 6+, i.e. P(at least tn heads of fate coins)."""
        return Fraction(sum(w for w, d in zip(self._bands(), DEGREES) if d.success), 10**self.fate)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Hits on the Fate dice; above ``bound`` goes to the tail."""
        return tally_distribution(binomial(self.fate, LUCK_THRESHOLD), 0, 10**self.fate, bound)

    def _play(self, dice: Dice) -> Roll:
        log, hits = roll_pool(dice, self.fate, LUCK_THRESHOLD, "fate")
        row, details = degree_details(hits, self.tn)
        return Roll(
            self.system,
            self.describe(),
            tuple(log),
            hits,
            row.label,
            row.success,
            self.outcomes()[row.label],
            details=details,
        )
