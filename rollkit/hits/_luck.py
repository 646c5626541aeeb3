"""Luck checks: the unspent Fate pool rolled as a Static Check at 6+ (section "Luck Checks")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .._fields import param
from .._validate import integer
from ._checks import Check, FromCheck, bought_param, keyword_param, validation_param
from ._rules import (
    LUCK_THRESHOLD,
    LUCK_TNS,
    MAX_ROLLED,
    MAX_TN,
    SYSTEM,
    Keyword,
    check_bought,
    check_tn,
    check_validation,
    max_bought,
)

__all__ = ["Luck"]


@dataclass(frozen=True, kw_only=True)
class Luck(FromCheck):
    """Roll the unspent Fate pool (``fate`` dice) at 6+ against the Sage's ``tn``.

    The text's comparisons for TN 1 to 4 are descriptive only; the exact odds
    depend on the Fate pool (ruling hits-luck-odds). A Luck Check is a Static
    Check, so it may buy hits and have a Validation Die like any Check (ruling
    hits-buying-validation-kinds). The tally is the Hits.
    """

    system: ClassVar[str] = SYSTEM
    role: ClassVar[str] = "fate"
    fate: int = param("Fate Pool", hint="your current, unspent Fate, rolled at 6+", low=0, high=MAX_ROLLED)
    tn: int = param("Target Number (TN)", hint="Hits needed, set by the Sage", low=0, high=MAX_TN)
    bought: int = bought_param(high=max_bought(dice=MAX_ROLLED))
    validation: int = validation_param()
    keyword: Keyword = keyword_param()

    def __post_init__(self) -> None:
        integer("bought", self.bought, low=0, high=max_bought(dice=MAX_ROLLED))
        integer("fate", self.fate, low=0, limit=MAX_ROLLED)
        check_tn("tn", self.tn)
        check_bought("bought", self.bought, self.fate, f"fate={self.fate}")
        check_validation(self.validation, self.keyword, self.fate - 10 * self.bought)

    @property
    def described(self) -> str | None:
        """The text's description of this TN (TN 4 and above: unheard of), or None for TN 0."""
        if self.tn == 0:
            return None
        return LUCK_TNS[min(self.tn, 4)][0]

    def _plain(self) -> Check:
        return Check(
            dice=self.fate,
            threshold=LUCK_THRESHOLD,
            tn=self.tn,
            bought=self.bought,
            validation=self.validation,
            keyword=self.keyword,
        )
