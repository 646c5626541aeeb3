"""The trait check: one roller against a Threshold, and the helpers a contest shares."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, ClassVar

from .._check import MAX_SEED, _resolved, _rolled
from .._choices import Choosing, Offer
from .._choices import Hand as HandBase
from .._dist import Distribution
from .._errors import RulesError
from .._fields import Param, declare, param
from .._format import fraction, percent
from .._roll import Dice, Die, Roll
from .._validate import describe, integer
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
    _cost,
    _make_side,
    _outcome_name,
    difficulty,
    failure_degree,
)

__all__ = ["Check", "Hand"]

_SUCCESSES = ("success", BOUGHT_SUCCESS)
"""The outcomes of a check that count as success (ruling trait-bought-success)."""
PAY, KEEP = "pay", "keep"
"""The choices after a missed check, as written: pay its Chance, or keep the failure."""


def _choice(adjustments: str | None) -> str | None:
    """The player's choice after the dice as written ("pay" or "keep"), checked; None for none."""
    if adjustments is None:
        return None
    if not isinstance(adjustments, str) or adjustments.strip().lower() not in (PAY, KEEP):
        raise RulesError(
            f"adjustments={describe(adjustments)} is not allowed: after a trait check the choice is"
            f" {PAY!r} (pay the miss's Chance) or {KEEP!r} (keep the failure)",
            said="after the dice, pay the Chance a miss costs or keep the failure.",
        )
    return adjustments.strip().lower()


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
class Check(Choosing):
    """A trait check: 2d12 + ``mod`` (+ ``exp`` when ``adept``) reaching ``threshold``.

    ``prowess``/``stagger`` roll extra d12, keeping the best/worst two; Adept
    adds one Prowess; each side is capped (``cap``, from ``exp``) and then one
    Prowess cancels one Stagger. A miss has a degree and a Chance cost;
    ``spend`` is the most Chance the player would pay after the roll, and a
    miss that costs no more becomes a "success with a Complication", which
    ``chance()`` counts as a success. After the dice the player may choose
    otherwise: ``roll(adjustments="pay")`` buys a miss ``spend`` would not, "keep"
    declines one it would (``hand`` gives the dice first). Source: "The roll",
    "Prowess and Stagger", "When you fail". Rulings trait-reach-equal,
    trait-adept-prowess, trait-stack-cap-floor, trait-cap-before-cancel,
    trait-failure-band-edges, trait-spend-limit, trait-bought-success.
    """

    written: ClassVar[str] = (
        "after a miss, your own choice instead of Chance to spend: 'pay' the Chance it costs for a"
        " success with a Complication, or 'keep' the failure"
    )
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
        far=True,
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

    def roll(
        self, *, seed: int | None = None, rng: random.Random | None = None, adjustments: str | None = None
    ) -> Roll:
        """Roll (see ``CheckBase.roll``); after a miss, ``adjustments`` "pay" or "keep" is the
        player's choice instead of ``spend`` (ruling trait-spend-limit)."""
        return _rolled(partial(self._played, choice=_choice(adjustments)), seed=seed, rng=rng)

    def resolve(self, faces: Iterable[int], *, adjustments: str | None = None) -> Roll:
        """Replay dice rolled at the table, with the player's choice after them ("pay", "keep")."""
        return _resolved(partial(self._played, choice=_choice(adjustments)), faces)

    def hand(self, *, seed: int | None = None, faces: Iterable[int] | None = None) -> Hand:
        """The dice before the choice: from ``seed`` (the dice ``roll(seed=)`` shows; a fresh seed
        when neither is given) or the ``faces`` rolled at the table."""
        if faces is not None:
            if seed is not None:
                raise RulesError("seed and faces are not allowed together: give one of them")
            rolled = tuple(self.resolve(faces).faces)
            return Hand(check=self, rolled=rolled)
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        seed = integer("seed", seed, low=0, high=MAX_SEED)
        return Hand(check=self, rolled=self.roll(seed=seed).faces, seed=seed)

    def chosen_words(self, roll: Roll) -> str:
        """The chance of a roll whose miss the player paid or kept against ``spend``: the chance
        of that outcome with the Chance to spend the choice amounts to (``roll.reckoned``)."""
        p = roll.probability
        return (
            f"With {roll.reckoned}, as you chose after the dice, this outcome had a {percent(p)}"
            f" chance ({fraction(p)}). rollkit's odds for these values assume"
            f" Chance to spend {self.spend}."
        )

    def _play(self, dice: Dice) -> Roll:
        return self._played(dice, None)

    def _policy(self, choice: str | None, cost: int) -> Check:
        """The check a choice after the dice amounts to: paying a miss that costs ``cost`` is a
        Chance to spend of at least ``cost``, keeping it one below ``cost``."""
        if choice is None:
            return self
        limit = max(self.spend, cost) if choice == PAY else min(self.spend, cost - 1)
        return dataclasses.replace(self, spend=limit)

    def reckoned_outcomes(self, roll: Roll) -> Distribution:
        """The outcomes a roll's chance is reckoned among: with the Chance to spend the player's
        choice after the dice amounts to."""
        info = dict(roll.details)
        after = info.get("after_the_dice")
        choice = None if after is None else PAY if str(after).startswith("paid") else KEEP
        return self._policy(choice, int(str(info["chance_cost"]))).outcomes()

    def _played(self, dice: Dice, choice: str | None) -> Roll:
        """The roll: the dice, then the miss bought or kept by ``spend``, or by the player's
        ``choice`` after the dice ("pay", "keep"), said as the Chance to spend it amounts to."""
        side = self._side
        logged, total = _roll_side(dice, side, "")
        missed = self.threshold - total
        degree, cost = failure_degree(missed=missed)
        if choice is not None and missed <= 0:
            raise RulesError(
                f"adjustments={choice!r} is not allowed: the total {total} reached the Threshold"
                f" {self.threshold}, so there is no miss to pay for or keep",
                said=f"the total {total} reached the Threshold: there is no miss to pay for.",
            )
        policy = self._policy(choice, cost)
        outcome = _outcome_name(missed, policy.spend)
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
            + ((("after_the_dice", _after(choice, cost)),) if choice is not None else ())
        )
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=logged,
            tally=total,
            outcome=outcome,
            success=outcome in _SUCCESSES,
            probability=policy.outcomes()[outcome],
            details=details,
            chosen=policy.spend != self.spend,
            reckoned=f"Chance to spend {policy.spend}" if policy.spend != self.spend else "",
        )


def _after(choice: str, cost: int) -> str:
    """The player's choice after the dice, for the roll's log."""
    return f"paid {cost} Chance" if choice == PAY else f"kept the failure (paying would cost {cost} Chance)"


@dataclass(frozen=True)
class Hand(HandBase):
    """The dice of one trait check before the player's choice: after a miss, pay the Chance it
    costs for a success with a Complication, or keep the failure ("When you fail"). No die is
    moved; ``offers`` are the choices, the one ``spend`` would make marked as rollkit's plan."""

    check: Check
    rolled: tuple[int, ...]
    seed: int | None = None
    choice: str = ""

    def _roll(self, choice: str | None = None) -> Roll:
        return self.check.resolve(self.rolled, adjustments=choice)

    @property
    def faces(self) -> tuple[int, ...]:
        return self.rolled

    def missed(self) -> int:
        """How far the total fell short of the Threshold (0 or less: reached)."""
        return self.check.threshold - self._roll().tally

    def cost(self) -> int:
        return _cost(self.missed())

    def counts(self) -> tuple[str, ...]:
        return tuple(d.counts for d in self._roll().dice)

    def why_not(self, die: int, by: int) -> str:
        return "a trait die is never moved: pay Chance or keep the failure"

    def moved(self, die: int, by: int) -> Hand:
        raise RulesError(
            f"die {die} cannot move {by:+d}: a trait check's dice are never moved",
            said="a trait die is never moved: pay Chance or keep the failure instead.",
        )

    def chosen(self, written: str) -> Hand:
        return dataclasses.replace(self, choice=_choice(written) or "" if written else "")

    def written(self) -> str:
        return self.choice

    def planned(self) -> Hand:
        """The choice ``spend`` makes: pay when the miss costs no more."""
        pays = self.missed() > 0 and self.cost() <= self.check.spend
        return dataclasses.replace(self, choice=PAY if pays else KEEP if self.missed() > 0 else "")

    def said(self) -> str:
        if not self.choice:
            return ""
        return f"pay {self.cost()} Chance" if self.choice == PAY else "keep the failure"

    def chance(self) -> Fraction:
        return Fraction(int(self.finish().success))

    def finish(self) -> Roll:
        choice = self.choice or None
        if self.seed is not None:
            return self.check.roll(seed=self.seed, adjustments=choice)
        return self._roll(choice)

    def open(self) -> bool:
        """Whether the choice is still to make: the total missed and nothing was chosen."""
        return self.missed() > 0 and not self.choice

    def moves(self) -> bool:
        return False

    def offers(self) -> tuple[Offer, ...]:
        """Pay the miss's Chance, or keep the failure; the one ``spend`` makes is rollkit's plan."""
        plan = self.planned().choice
        degree = self._roll(KEEP).outcome
        return (
            Offer(
                "plan" if plan == PAY else PAY,
                f"Spend {self.cost()} Chance: success with a Complication",
                True,
            ),
            Offer("plan" if plan == KEEP else KEEP, f"Keep the {degree}"),
        )

    def help(self) -> str:
        cost = self.cost()
        return (
            f"You missed the Threshold by {self.missed()}: spending {cost} Chance turns the failure into"
            " a success, and the Game Master adds a Complication."
        )

    def to_spend(self) -> str:
        return ""

    def next_step(self) -> str:
        return f"Spend {self.cost()} Chance"

    def summary(self) -> str:
        roll = self._roll(KEEP)
        return (
            f"Failure so far: total {roll.tally} against Threshold {self.check.threshold}, a {roll.outcome}."
        )
