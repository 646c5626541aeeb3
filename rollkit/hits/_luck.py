"""Luck checks: the unspent Fate pool rolled as a Static Check at 6+ (section "Luck Checks")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .._fields import declare, param, sharing
from ._checks import BOUGHT, TN, Check, FromCheck
from ._rules import (
    LUCK_THRESHOLD,
    LUCK_TNS,
    MAX_ROLLED,
    SYSTEM,
    check_bought,
    check_validation,
    max_bought,
)

__all__ = ["Luck"]


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "validation", "keyword")
class Luck(FromCheck):
    """Roll the unspent Fate pool (``fate`` dice) at 6+ against the Sage's ``tn``.

    The text's comparisons for TN 1 to 4 are descriptive only; the exact odds
    depend on the Fate pool (ruling hits-luck-odds). A Luck Check is a Static
    Check, so it may buy hits and have a Validation Die like any Check (ruling
    hits-buying-validation-kinds). The tally is the Hits.
    """

    # The Validation Die and its keyword are the plain check's fields (``sharing``, after
    # these); ``FromCheck`` declares their types.

    system: ClassVar[str] = SYSTEM
    monotone: ClassVar[frozenset[str]] = frozenset({"fate", "tn", "validation"})
    role: ClassVar[str] = "fate"
    fate: int = param(
        "Fate Pool", hint="your current, unspent Fate, rolled at 6+", low=0, high=MAX_ROLLED, limit="high"
    )
    tn: int = declare(replace(TN, hint="Hits needed, set by the Sage"))
    bought: int = declare(replace(BOUGHT, high=max_bought(dice=MAX_ROLLED)), default=0)

    def _check_rules(self) -> None:
        check_bought(
            "bought", self.bought, self.fate, f"fate={self.fate}", f"a Fate Pool of {self.fate} dice"
        )
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
