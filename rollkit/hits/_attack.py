"""An attack and the Damage Check it lets through: one play, from the attack's dice to the
wound (sections "Damage Check", "TN from Hardness", "Effect in a Damage Check" and
"Validation Dice")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution
from .._fields import declare, like
from .._roll import Dice, Roll
from .._words import Tally
from ._checks import BOUGHT, POOL, POWER, TN, Check, check_rolled, degree_details, roll_pool, roll_validated
from ._maths import AttackWeights, attack_weights, outcome_distribution, tally_distribution
from ._rules import (
    ATTACK_MISSED,
    ATTACK_OUTCOMES,
    DAMAGE_NONE,
    MISFIRE,
    SYSTEM,
    THRESHOLD,
    Keyword,
    check_bought,
)

__all__ = ["Attack"]


@dataclass(frozen=True, kw_only=True)
class Attack(CheckBase):
    """An attack Check (``dice`` at ``threshold``+ against the defence ``tn``), then, when it
    succeeds, the Damage Check (``power`` dice at ``damage_threshold``+ against ``hardness``).

    The Damage Check is rolled only after an attack whose Hits reach the defence, eff:0
    included (ruling hits-attack-then-damage). The attack's Validation Die (``validation``,
    ``keyword``) is one of the attack's dice, as in the arquebus example: under Misfire a
    failed die means no Damage Check and no damage; with no keyword it is only reported.
    The attack's Effect is not spent (Maneuvers are the player's choice, ruling
    hits-choices-after-the-roll). Each Check buys Hits from its own pool (``bought``,
    ``damage_bought``). The tally is the damage: the Damage Check's Effect, 0 when it is a
    Botch or eff:0, or when no Damage Check is made; the play succeeds when it deals damage
    (ruling hits-damage-effect).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("damage", score=True)
    dice: int = declare(
        replace(POOL, label="Attack Dice Pool", hint="the attack's d10s (Skill, Focus and Attribute dice)")
    )
    threshold: int = declare(
        replace(THRESHOLD, label="Attack Threshold (x+)", hint="an attack die showing this or more is a Hit")
    )
    tn: int = declare(
        replace(TN, label="Defence (TN)", hint="the defence the attack must reach (Evasion ...)")
    )
    bought: int = declare(replace(BOUGHT, label="Attack bought groups"), default=0)
    validation: int = like(Check, "validation")
    keyword: Keyword = like(Check, "keyword")
    power: int = declare(POWER)
    damage_threshold: int = declare(
        replace(
            THRESHOLD,
            label="Damage Threshold (x+)",
            hint="Hits on the damage dice: usually cutting 7+, piercing 6+",
        )
    )
    hardness: int = declare(
        replace(TN, label="Hardness", hint="the armour's Hardness: the Damage Check's TN")
    )
    damage_bought: int = declare(
        replace(
            BOUGHT, label="Damage bought groups", hint="groups of ten of the Power set aside for sure Hits"
        ),
        default=0,
    )

    def _check_rules(self) -> None:
        self.attack_check()  # its mistakes name the attack's fields, which Check's share
        check_bought(
            "damage_bought",
            self.damage_bought,
            self.power,
            f"power={self.power}",
            f"a Power of {self.power} dice",
        )
        check_rolled("power", self.power, self.power - 10 * self.damage_bought, "damage_bought")

    # -- the two Checks -----------------------------------------------------------------

    def attack_check(self) -> Check:
        """The attack alone: its Hits against the defence, with its Validation Die."""
        return Check(
            dice=self.dice,
            threshold=self.threshold,
            tn=self.tn,
            bought=self.bought,
            validation=self.validation,
            keyword=self.keyword,
        )

    def damage_check(self) -> Check:
        """The Damage Check alone, as if the attack had got through (``Check.damage``)."""
        return Check.damage(
            power=self.power,
            hardness=self.hardness,
            threshold=self.damage_threshold,
            bought=self.damage_bought,
        )

    # -- exact odds ---------------------------------------------------------------------

    def _weights(self) -> AttackWeights:
        attack, damage = self.attack_check(), self.damage_check()
        return attack_weights(
            attack.rolled,
            self.threshold,
            self.validation,
            self.tn - attack.bought_hits,
            self.keyword,
            damage.rolled,
            self.damage_threshold,
            self.hardness - damage.bought_hits,
        )

    def outcomes(self) -> Distribution:
        """Under Misfire "Misfire (no damage)" first; then "Attack missed (no Damage Check)";
        then the Damage Check's bands of table 7A ("Damage: DoS 2 (Normal Success)"), with
        eff:0 apart from the rest of DoS 1 (``DAMAGE_NONE``)."""
        w = self._weights()
        labels = ((MISFIRE,) if self.keyword == "misfire" else ()) + ATTACK_OUTCOMES
        return outcome_distribution(w.outcomes, 10**w.exponent, labels)

    def chance(self) -> Fraction:
        """P(some damage): the attack gets through and the Damage Check has Effect 1 or more."""
        w = self._weights()
        return Fraction(w.success, 10**w.exponent)

    def success_from(self) -> int | None:
        """Damage 1: a play succeeds when it deals damage."""
        return 1

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The damage: 0 with no Damage Check or none of its Effect, else its Effect; above
        ``bound`` goes to the tail."""
        w = self._weights()
        return tally_distribution(w.damage, 0, 10**w.exponent, bound)

    def got_through(self) -> Fraction:
        """P(the attack lets the Damage Check be rolled): its Hits reach the defence and,
        under Misfire, its Validation Die passes."""
        return self.attack_check().chance()

    def validation_outcomes(self) -> Distribution:
        """The attack's Validation Check alone: "validation failed", then "validation passed"."""
        return self.attack_check().validation_outcomes()

    # -- rolling ------------------------------------------------------------------------

    def _play(self, dice: Dice) -> Roll:
        attack, damage = self.attack_check(), self.damage_check()
        log, hits, passed = roll_validated(dice, attack.rolled, self.threshold, self.validation, "pool")
        hits += attack.bought_hits
        details: list[tuple[str, object]] = [
            ("attack hits", hits),
            ("tn", self.tn),
            ("attack effect", hits - self.tn),
        ]
        if self.bought:
            details.append(("attack bought hits", attack.bought_hits))
        if passed is not None:
            result = "passed" if passed else "failed"
            details += [
                ("validation", result),
                ("chance of that validation", attack.validation_outcomes()[f"validation {result}"]),
            ]
        if self.keyword == "misfire" and passed is False:
            outcome, success, tally = MISFIRE, False, 0
            details.append(("damage check", "not rolled: the weapon misfired"))
        elif hits < self.tn:
            outcome, success, tally = ATTACK_MISSED, False, 0
            details.append(("damage check", "not rolled: the attack missed"))
        else:
            rolled, damage_hits = roll_pool(dice, damage.rolled, self.damage_threshold, "damage")
            log += rolled
            damage_hits += damage.bought_hits
            row, degree = degree_details(damage_hits, self.hardness)
            effect = damage_hits - self.hardness
            outcome = DAMAGE_NONE if effect == 0 else f"Damage: {row.label}"
            success, tally = effect >= 1, max(0, effect)
            named = dict(degree)
            details += [("damage hits", damage_hits), ("hardness", self.hardness), ("damage effect", effect)]
            if self.damage_bought:
                details.append(("damage bought hits", damage.bought_hits))
            details += [("degree", named["degree"]), ("description", named["description"])]
        details.append(("damage", tally))
        return Roll(
            self.system,
            self.describe(),
            tuple(log),
            tally,
            outcome,
            success,
            self.outcomes()[outcome],
            details=tuple(details),
        )
