"""The Hits check: a pool of d10 against a Threshold and a TN, with buying hits and validation;
the rolling helpers every Hits check shares."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._errors import LimitError, RulesError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import choice, describe, integer
from ._maths import _check_chance, _check_outcomes, binomial, tally_distribution
from ._rules import (
    DAMAGE_THRESHOLDS,
    DEGREES,
    MAX_POOL,
    MAX_ROLLED,
    MAX_TN,
    SYSTEM,
    Degree,
    _pool,
    attribute_dice,
    attribute_threshold,
    check_threshold,
    check_tn,
    degree_index,
    max_bought,
    training_dice,
)

__all__ = ["Check", "roll_pool", "degree_details"]


def roll_pool(dice: Dice, n: int, threshold: int, role: str) -> tuple[list[Die], int]:
    """Roll n d10 at ``threshold``+; each die is logged under ``role``. Returns (dice, hits)."""
    rolled = []
    for _ in range(n):
        face = dice.next(10)
        hit = face >= threshold
        rolled.append(Die(face, 10, role, "hit" if hit else "miss", int(hit)))
    return rolled, sum(d.value for d in rolled)


def degree_details(hits: int, tn: int) -> tuple[Degree, tuple[tuple[str, object], ...]]:
    """The table 7A row and the Roll details for a number of Hits against a TN."""
    effect = hits - tn
    row = DEGREES[degree_index(effect)]
    details: list[tuple[str, object]] = [("hits", hits), ("tn", tn), ("effect", effect)]
    if effect < 0:
        details.append(("botch", -effect))
    details += [("degree", row.name), ("description", row.description)]
    return row, tuple(details)


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """Roll ``dice`` d10; each at ``threshold`` or more is a Hit; Hits >= ``tn`` succeed.

    Section "The Check". Effect = Hits - TN (0 is still a success); below the
    TN it is a Botch; outcomes are the bands of table 7A. ``bought`` groups of
    ten dice are not rolled but add ``hits_per_ten(threshold)`` Hits each
    (section "Buying Hits"; at least 10 dice must still be rolled).
    ``validation`` (2 to 10, 0 = none) makes the last rolled die also a
    Validation Die against that second Threshold (section "Validation Dice";
    rulings hits-validation-die-position and hits-validation-success). The
    tally is the total of Hits. From a character sheet: ``Check.attribute``,
    ``Check.skill``, ``Check.knowledge``, ``Check.static``, ``Check.damage``;
    ``Check.buying`` buys every group of ten it can.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "Hits"
    target: ClassVar[str] = "tn"
    dice: int = param("Dice Pool", hint="d10s in the pool, bought groups included", low=0, high=MAX_POOL)
    threshold: int = param("Threshold (x+)", hint="a die showing this or more is a Hit", low=1, high=10)
    tn: int = param("Target Number (TN)", hint="Hits needed to succeed", low=0, high=MAX_TN)
    bought: int = param(
        "Bought groups",
        hint="groups of ten dice set aside for sure Hits",
        low=0,
        high=max_bought(dice=MAX_POOL),
        default=0,
    )
    validation: int = param(
        "Validation Die (x+)", hint="the second Threshold of one die (0: none)", low=0, high=10, default=0
    )

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0, limit=MAX_POOL)
        check_threshold("threshold", self.threshold)
        check_tn("tn", self.tn)
        integer("bought", self.bought, low=0)
        if self.bought > max_bought(dice=self.dice):
            raise RulesError(
                f"bought={describe(self.bought)} is not allowed: with dice={self.dice} bought"
                f" must be from 0 to {max_bought(dice=self.dice)} (groups of ten bought, leaving"
                " at least 10 dice to roll)"
            )
        if self.rolled > MAX_ROLLED:
            raise LimitError(
                f"dice={self.dice} is too large: rollkit rolls at most {MAX_ROLLED} dice in one"
                f" check (buy hits with bought=... to roll fewer; with this pool bought can go"
                f" up to {max_bought(dice=self.dice)})"
            )
        integer(
            "validation",
            self.validation,
            low=0,
            high=10,
            allowed="0 (no validation die) or a Threshold from 2 to 10",
        )
        if self.validation == 1:
            raise RulesError(
                "validation=1 is not allowed: validation must be 0 (no validation die) or a"
                " Threshold from 2 to 10 (1+ would always pass)"
            )
        if self.validation and self.rolled == 0:
            raise RulesError(
                f"validation={self.validation} is not allowed with dice=0: the validation die"
                " is one of the rolled dice"
            )

    # -- builders -----------------------------------------------------------------------

    @classmethod
    def attribute(cls, *, level: int, tn: int, modifier: int = 0) -> Check:
        """An Attribute Check: the Attribute Level gives both pool and Threshold."""
        dice = attribute_dice(level=level)
        return cls(dice=_pool(dice, modifier), threshold=attribute_threshold(level=level), tn=tn)

    @classmethod
    def skill(cls, *, attribute: int, training: str, focus: int = 0, tn: int, modifier: int = 0) -> Check:
        """A Skill (Action) Check: Training + Focus + the governing Attribute's dice.

        Section "Dice Pool in a Skill Check"; the Threshold comes from the
        Attribute. Untrained, it is an Attribute Check: Focus dice are not added
        (ruling hits-untrained-action).
        """
        trained = training_dice(training=training)
        focus = integer("focus", focus, low=0, allowed="a Focus Level of 0 or more")
        base = attribute_dice(level=attribute)
        if trained:
            base += trained + focus
        return cls(dice=_pool(base, modifier), threshold=attribute_threshold(level=attribute), tn=tn)

    @classmethod
    def knowledge(cls, *, intellect: int, rating: int, tn: int, modifier: int = 0) -> Check:
        """A Knowledge Check: Intellect Attribute Check plus 2 dice per Knowledge Rating (0-5)."""
        rating = integer("rating", rating, low=0, high=5, allowed="a Knowledge Rating from 0 to 5")
        base = attribute_dice(level=intellect) + 2 * rating
        return cls(dice=_pool(base, modifier), threshold=attribute_threshold(level=intellect), tn=tn)

    @classmethod
    def static(cls, *, dice: int, tn: int, threshold: int = 6) -> Check:
        """A Static Check: a fixed pool at 6+ unless its description says otherwise.

        Ruling hits-static-threshold.
        """
        return cls(dice=dice, threshold=threshold, tn=tn)

    @classmethod
    def damage(
        cls, *, power: int, hardness: int, threshold: int | None = None, damage: str | None = None
    ) -> Check:
        """A Damage Check: the attack's Power and Threshold against the armour's Hardness.

        Without the attack's own ``threshold``, the rule of thumb for ``damage``
        is used: "cutting" 7+, "piercing" 6+ (ruling hits-damage-threshold).
        """
        if threshold is None:
            if damage is None:
                raise RulesError(
                    "threshold=None is not allowed with damage=None: give the attack's threshold"
                    f" or a damage type ({', '.join(repr(k) for k in DAMAGE_THRESHOLDS)})"
                )
            threshold = DAMAGE_THRESHOLDS[choice("damage", damage, tuple(DAMAGE_THRESHOLDS))]
        elif damage is not None:
            choice("damage", damage, tuple(DAMAGE_THRESHOLDS))
        return cls(dice=power, threshold=threshold, tn=hardness)

    @classmethod
    def buying(cls, *, dice: int, threshold: int, tn: int, validation: int = 0) -> Check:
        """The same check buying as many groups of ten as allowed (section "Buying Hits")."""
        return cls(dice=dice, threshold=threshold, tn=tn, bought=max_bought(dice=dice), validation=validation)

    # -- sizes --------------------------------------------------------------------------

    @property
    def rolled(self) -> int:
        """Dice actually rolled (the pool less the bought groups)."""
        return self.dice - 10 * self.bought

    @property
    def bought_hits(self) -> int:
        """Hits bought by the groups of ten set aside."""
        return self.bought * (11 - self.threshold)

    # -- exact odds ---------------------------------------------------------------------

    def outcomes(self) -> Distribution:
        """Table 7A bands worst to best; with validation, all failed rows before passed rows."""
        t, b = self.threshold, self.bought
        return _check_outcomes(self.dice - 10 * b, t, self.tn - b * (11 - t), self.validation)

    def success_from(self) -> int | None:
        """TN Hits, unless a validation die also has to pass."""
        return None if self.validation else self.tn

    def chance(self) -> Fraction:
        """P(Hits >= TN), and with validation the validation die passing too."""
        t, b = self.threshold, self.bought
        return _check_chance(self.dice - 10 * b, t, self.tn - b * (11 - t), self.validation)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Total Hits (bought ones included); above ``bound`` goes to the tail."""
        return tally_distribution(
            binomial(self.rolled, self.threshold), self.bought_hits, 10**self.rolled, bound
        )

    def effects(self) -> Distribution:
        """Effect (Hits - TN; negative = Botch) with its exact probability."""
        return tally_distribution(
            binomial(self.rolled, self.threshold), self.bought_hits - self.tn, 10**self.rolled, None
        )

    # -- rolling ------------------------------------------------------------------------

    def _play(self, dice: Dice) -> Roll:
        plain = self.rolled - (1 if self.validation else 0)
        log, hits = roll_pool(dice, plain, self.threshold, "pool")
        passed = True
        if self.validation:
            face = dice.next(10)
            hit = face >= self.threshold
            passed = face >= self.validation
            log.append(
                Die(
                    face,
                    10,
                    "validation",
                    "hit" if hit else "miss",
                    int(hit),
                    f"validation {self.validation}+: {'passed' if passed else 'failed'}",
                )
            )
            hits += int(hit)
        hits += self.bought_hits
        row, details = degree_details(hits, self.tn)
        extra: list[tuple[str, object]] = []
        if self.bought:
            extra.append(("bought hits", self.bought_hits))
        outcome = row.label
        if self.validation:
            state = "passed" if passed else "failed"
            extra.append(("validation", state))
            outcome = f"{outcome}, validation {state}"
        return Roll(
            self.system,
            self.describe(),
            tuple(log),
            hits,
            outcome,
            row.success and passed,
            self.outcomes()[outcome],
            details=details + tuple(extra),
        )
