"""Opposed checks: the defender's Hits are the TN (section "TN from Opposed Hits")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple

from .._dist import Distribution
from .._errors import LimitError, RulesError
from .._fields import declare, fields, like, param
from .._roll import Dice, Roll
from .._words import Tally
from ._checks import (
    BOUGHT,
    Check,
    Validated,
    degree_details,
    roll_pool,
    roll_validated,
)
from ._maths import opposed_effects, opposed_split, tally_distribution
from ._rules import (
    LEVEL,
    MAX_OPPOSED_DICE,
    SYSTEM,
    THRESHOLD,
    Keyword,
    _checked,
    _pool,
    attribute_dice,
    attribute_threshold,
    check_bought,
    check_validation,
    max_bought,
    side_skill_dice,
    skill_dice,
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
    def attributes(
        cls,
        *,
        level: int,
        against: int,
        modifier: int = 0,
        against_modifier: int = 0,
        bought: int = 0,
        against_bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Opposed:
        """An opposed Attribute Check such as ``COR:STR``: each level gives pool and Threshold,
        with each side's situational dice (never below 0) and the options of ``Opposed``."""
        return _from_sheets(
            cls,
            _Side(
                f"level={level} and modifier={modifier}",
                f"{{level}} {level} and {{modifier}} {modifier}",
                "modifier",
                _pool(attribute_dice(level=level), modifier),
                attribute_threshold(level=level),
            ),
            _Side(
                f"against={against} and against_modifier={against_modifier}",
                f"{{against}} {against} and {{against_modifier}} {against_modifier}",
                "against_modifier",
                _pool(attribute_dice(level=_checked(LEVEL, "against", against)), against_modifier),
                attribute_threshold(level=against),
            ),
            bought=bought,
            against_bought=against_bought,
            validation=validation,
            keyword=keyword,
        )

    @classmethod
    def skills(
        cls,
        *,
        attribute: int,
        training: str,
        focus: int = 0,
        modifier: int = 0,
        against_attribute: int,
        against_training: str,
        against_focus: int = 0,
        against_modifier: int = 0,
        bought: int = 0,
        against_bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Opposed:
        """A Skill Check against the defender's Skill Check, such as ``Persuade (Con):Cunning
        (Discern)``: each side's pool is Training + Focus + its Attribute's dice (untrained:
        the Attribute's alone, ruling hits-untrained-action), its Threshold the Attribute's
        (section "TN from Opposed Hits")."""
        return _from_sheets(
            cls,
            _Side(
                f"attribute={attribute}, training={training!r}, focus={focus} and modifier={modifier}",
                f"{{attribute}} {attribute}, {{training}} {training}, {{focus}} {focus} and"
                f" {{modifier}} {modifier}",
                "modifier",
                _pool(skill_dice(attribute=attribute, training=training, focus=focus), modifier),
                attribute_threshold(level=attribute),
            ),
            _Side(
                f"against_attribute={against_attribute}, against_training={against_training!r},"
                f" against_focus={against_focus} and against_modifier={against_modifier}",
                f"{{against_attribute}} {against_attribute}, {{against_training}} {against_training},"
                f" {{against_focus}} {against_focus} and {{against_modifier}} {against_modifier}",
                "against_modifier",
                _pool(
                    side_skill_dice("against_", against_attribute, against_training, against_focus),
                    against_modifier,
                ),
                attribute_threshold(level=against_attribute),
            ),
            bought=bought,
            against_bought=against_bought,
            validation=validation,
            keyword=keyword,
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


class _Side(NamedTuple):
    """One side of an opposed check from a character sheet: the entries in Python (``given``)
    and in the rules' words (``words``), the entry to change for a pool too large (``blame``),
    and the pool and Threshold they make."""

    given: str
    words: str
    blame: str
    dice: int
    threshold: int


def _from_sheets(cls: type[Opposed], actor: _Side, defender: _Side, **shared: Any) -> Opposed:
    """An opposed check of two pools from character sheets. The values passed on as they are
    (``shared``: bought groups, Validation Die and keyword) are checked first, as ``Opposed``
    declares them; an error that only a pool causes names the sheet entries that made it."""
    declared = {f.name: f for f in fields(Opposed)}
    for name, value in shared.items():
        declared[name].check(value)
    check_validation(shared["validation"], shared["keyword"], None)
    try:
        return cls(
            dice=actor.dice,
            threshold=actor.threshold,
            against_dice=defender.dice,
            against_threshold=defender.threshold,
            **shared,
        )
    except RulesError as error:  # a LimitError stays one
        side = defender if error.field in ("against_bought", "against_dice") else actor
        field, said = error.field, error.said
        if field not in shared:  # a pool, or both together, too large
            field = side.blame
            said = (
                f"{actor.dice} dice from {actor.words}, and {defender.dice} from {defender.words}: too"
                f" many to work out exactly (at most {MAX_OPPOSED_DICE} on both sides together)."
            )
        give = "give" if " and " in side.given else "gives"
        raise type(error)(f"{side.given} {give} {side.dice} dice: {error}", field=field, said=said) from error
