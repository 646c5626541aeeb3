"""The trait contest: two rollers' trait checks, the higher total winning, with the actor's
Chance to buy a contest it did not win (seed 001, "Contested checks"; "When you fail")."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._fields import param
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._checks import _roll_side, _roller, _side_details
from ._maths import _bound, _contest_margins, _contest_outcomes
from ._rules import (
    BOUGHT_WIN,
    CAP,
    CHANCE,
    EXP,
    MOD,
    PROWESS,
    SIDES,
    STAGGER,
    SYSTEM,
    Cap,
    Side,
    Ties,
    _bought_reach,
    _contest_need,
    _contest_outcome,
    _make_side,
    failure_degree,
)

__all__ = ["Contest"]


@dataclass(frozen=True, kw_only=True)
class Contest(CheckBase):
    """A contested check: the actor and the resister each roll a trait check.

    The higher total wins ("Contested checks"); ``against_*`` are the
    resister's fields, ``cap`` applies to both. The tally is the margin,
    actor's total minus resister's. Equal totals follow ``ties`` (ruling
    trait-contest-ties): ``"resister"`` (default) they hold, ``"actor"`` the
    actor wins, ``"standoff"`` a "tie" outcome, ``"reroll"`` both roll again.
    ``spend`` is the most Chance the actor would pay after the dice: a result
    short of a win misses the least total that wins by some points, priced as
    a miss of a Threshold, and one that costs no more becomes a "win with a
    Complication", which ``chance()`` counts (rulings trait-contest-chance,
    trait-chance-pool). The resister's Chance is the same contest seen from
    its side: swap the sides, and ``ties="actor"`` for ``"resister"``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
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
    spend: int = _roller(
        CHANCE,
        "Actor's Chance to spend",
        "the most Chance the actor would pay to buy a win",
        default=0,
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
        """Lose, (tie,) (win with a Complication,) win for the actor, worst to best."""
        return _contest_outcomes(*self._key(), self.ties, self.spend)

    def success_from(self) -> int | None:
        """A margin of 1, or 0 when ties go to the actor (ruling trait-contest-ties), less the
        largest miss ``spend`` buys (the lowest margin when it buys every miss)."""
        reach = _bought_reach(self.spend)
        if reach is None:
            actor, resister = self._sides
            return actor.bonus + 2 - (resister.bonus + 2 * SIDES)
        return _contest_need(self.ties) - reach

    def success_includes(self) -> str:
        """With Chance to spend, a contest bought with it counts as a win."""
        return "a win bought with Chance" if self.spend else ""

    def chance(self) -> Fraction:
        """The exact chance that the actor wins, on the dice or with Chance."""
        out = self.outcomes()
        return out["win"] + (out[BOUGHT_WIN] if self.spend else Fraction(0))

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
        outcome = _contest_outcome(margin, self.ties, self.spend)
        bought = outcome == BOUGHT_WIN
        missed = max(0, _contest_need(self.ties) - margin)
        degree, cost = failure_degree(missed=missed)
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
            + (
                ("missed_by", missed),
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
            tally=margin,
            outcome=outcome,
            success=outcome in ("win", BOUGHT_WIN),
            probability=self.outcomes()[outcome],
            details=details,
        )
