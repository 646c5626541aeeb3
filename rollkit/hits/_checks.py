"""The Hits check: a pool of d10 against a Threshold and a TN, with buying hits and validation;
the check kinds built from a character sheet; the rolling helpers every Hits check shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from .._check import CheckBase, FromSheet
from .._dist import Distribution
from .._errors import LimitError, RulesError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import choice, integer
from .._words import Tally
from ._maths import (
    Bands,
    binomial,
    check_split,
    split_chance,
    split_joint,
    split_outcomes,
    split_validation,
    tally_distribution,
)
from ._rules import (
    DAMAGE_THRESHOLDS,
    DEGREES,
    KEYWORD_WORDS,
    MAX_ATTRIBUTE,
    MAX_POOL,
    MAX_ROLLED,
    MAX_TN,
    MISFIRE,
    SYSTEM,
    TRAINING,
    TRAINING_WORDS,
    VALIDATION_WORDS,
    Degree,
    Keyword,
    Training,
    _pool,
    attribute_dice,
    attribute_threshold,
    check_bought,
    check_level,
    check_threshold,
    check_tn,
    check_validation,
    degree_index,
    max_bought,
    training_dice,
)

__all__ = [
    "Check",
    "AttributeCheck",
    "SkillCheck",
    "KnowledgeCheck",
    "Validated",
    "FromCheck",
    "roll_pool",
    "roll_validated",
    "degree_details",
    "bought_param",
    "validation_param",
    "keyword_param",
]


def roll_pool(dice: Dice, n: int, threshold: int, role: str) -> tuple[list[Die], int]:
    """Roll n d10 at ``threshold``+; each die is logged under ``role``. Returns (dice, hits)."""
    rolled = []
    for _ in range(n):
        face = dice.next(10)
        hit = face >= threshold
        rolled.append(Die(face, 10, role, "hit" if hit else "miss", int(hit)))
    return rolled, sum(d.value for d in rolled)


def roll_validated(
    dice: Dice, n: int, threshold: int, validation: int, role: str
) -> tuple[list[Die], int, bool | None]:
    """Roll n d10 at ``threshold``+; with a ``validation`` Threshold the last of them is
    also the Validation Die (ruling hits-validation-die-position).

    Returns (dice, hits, passed): ``passed`` is None without a validation die, and
    False when it is asked for but no die is rolled (ruling hits-group-validation-no-dice).
    """
    if not validation or n == 0:
        rolled, hits = roll_pool(dice, n, threshold, role)
        return rolled, hits, (False if validation else None)
    rolled, hits = roll_pool(dice, n - 1, threshold, role)
    face = dice.next(10)
    hit, passed = face >= threshold, face >= validation
    note = f"validation {validation}+: {'passed' if passed else 'failed'}"
    rolled.append(Die(face, 10, "validation", "hit" if hit else "miss", int(hit), note))
    return rolled, hits + int(hit), passed


# Cached on plain parameters: a ``_maths`` function and its arguments (``Validated._bands``).


def _split(key: tuple[Any, ...]) -> Bands:
    function: Callable[..., Bands] = key[0]
    return function(*key[1:])


@lru_cache(maxsize=1024)
def _outcomes(key: tuple[Any, ...], keyword: str) -> Distribution:
    return split_outcomes(_split(key), keyword)


@lru_cache(maxsize=1024)
def _chance(key: tuple[Any, ...], keyword: str) -> Fraction:
    return split_chance(_split(key), keyword)


@lru_cache(maxsize=256)
def _validation(key: tuple[Any, ...]) -> Distribution:
    return split_validation(_split(key))


@lru_cache(maxsize=256)
def _joint(key: tuple[Any, ...]) -> Distribution:
    return split_joint(_split(key))


def degree_details(hits: int, tn: int) -> tuple[Degree, tuple[tuple[str, object], ...]]:
    """The table 7A row and the Roll details for a number of Hits against a TN."""
    effect = hits - tn
    row = DEGREES[degree_index(effect)]
    details: list[tuple[str, object]] = [("hits", hits), ("tn", tn), ("effect", effect)]
    if effect < 0:
        details.append(("botch", -effect))
    details += [("degree", row.name), ("description", row.description)]
    return row, tuple(details)


# -- fields every kind of check shares ---------------------------------------------------


def bought_param(
    label: str = "Bought groups",
    high: int = max_bought(dice=MAX_POOL),
    hint: str = "groups of ten dice set aside for sure Hits",
) -> Any:
    """The groups of ten set aside for sure Hits (a fresh dataclass field each call)."""
    return param(label, hint=hint, low=0, high=high, default=0)


def validation_param(label: str = "Validation Die (x+)") -> Any:
    """The second Threshold of one rolled die (a fresh dataclass field each call)."""
    return param(
        label,
        hint="a second Threshold for one rolled die",
        low=0,
        high=10,
        options=VALIDATION_WORDS,
        default=0,
    )


def _tn_param() -> Any:
    """The Target Number of a check (a fresh dataclass field each call)."""
    return param("Target Number (TN)", hint="Hits needed to succeed", low=0, high=MAX_TN)


def _modifier_param() -> Any:
    """Situational dice on a pool from the sheet (a fresh dataclass field each call)."""
    return param("Situational dice", hint="dice added or taken away (never below 0)", default=0)


def keyword_param() -> Any:
    """What a failed Validation Die does (a fresh dataclass field each call)."""
    return param(
        "Validation keyword",
        hint="what a failed Validation Die does",
        options=KEYWORD_WORDS,
        default="none",
    )


class Validated(CheckBase):
    """A Hits check that may read one rolled die as a Validation Die (section "Validation Dice").

    The Validation Check is reported apart, with its own exact odds
    (``validation_outcomes()``); what a failure does belongs to the keyword that
    asked for the die (ruling hits-validation-keyword): ``"none"`` only reports
    it, ``"misfire"`` makes the check a failure with the outcome "Misfire (no
    damage)", whatever the Hits. Subclasses give ``_bands()``: a ``_maths``
    function returning the band weights split by the die, and its plain arguments.
    """

    validation: int
    keyword: Keyword

    def _bands(self) -> tuple[Any, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _least(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def outcomes(self) -> Distribution:
        """Table 7A bands worst to best; under Misfire, "Misfire (no damage)" first."""
        return _outcomes(self._bands(), self.keyword)

    def chance(self) -> Fraction:
        """P(the Hits reach the TN), and under Misfire the Validation Die passing too."""
        return _chance(self._bands(), self.keyword)

    def success_from(self) -> int | None:
        """The least tally that succeeds, unless Misfire makes the Validation Die count too."""
        return None if self.keyword == "misfire" else self._least()

    def _validated(self) -> tuple[Any, ...]:
        if not self.validation:
            raise RulesError(
                "validation=0: this check has no Validation Die; give validation a Threshold from 2 to 10"
            )
        return self._bands()

    def validation_outcomes(self) -> Distribution:
        """The Validation Check alone: "validation failed", then "validation passed"."""
        return _validation(self._validated())

    def outcomes_with_validation(self) -> Distribution:
        """Each band of table 7A with the validation failed, then each with it passed."""
        return _joint(self._validated())

    def _settle(self, row: Degree, passed: bool | None) -> tuple[str, bool, tuple[tuple[str, object], ...]]:
        """The outcome, success and validation details of a roll that landed in ``row``."""
        if passed is None:
            return row.label, row.success, ()
        result = "validation passed" if passed else "validation failed"
        details = (
            ("validation", "passed" if passed else "failed"),
            ("chance of that validation", self.validation_outcomes()[result]),
        )
        if self.keyword == "misfire" and not passed:
            return MISFIRE, False, details
        return row.label, row.success, details


def _from_sheet(cls: type[Check], given: str, dice: int, threshold: int, **fields: Any) -> Check:
    """A check of ``dice`` from a character sheet: an error that only this pool causes
    (bought groups, a validation die, its size) names the sheet entries ``given``."""
    check_tn("tn", fields["tn"])
    integer("bought", fields["bought"], low=0, high=max_bought(dice=MAX_POOL))
    check_validation(fields["validation"], fields["keyword"], None)
    try:
        return cls(dice=dice, threshold=threshold, **fields)
    except RulesError as error:  # a LimitError stays one
        raise type(error)(f"{given} give {dice} dice: {error}") from error


@dataclass(frozen=True, kw_only=True)
class Check(Validated):
    """Roll ``dice`` d10; each at ``threshold`` or more is a Hit; Hits >= ``tn`` succeed.

    Section "The Check". Effect = Hits - TN (0 is still a success); below the
    TN it is a Botch; outcomes are the bands of table 7A. ``bought`` groups of
    ten dice are not rolled but add ``hits_per_ten(threshold)`` Hits each
    (section "Buying Hits"; at least 10 dice must still be rolled).
    ``validation`` (2 to 10, 0 = none) makes the last rolled die also a
    Validation Die against that second Threshold (section "Validation Dice";
    ruling hits-validation-die-position), reported apart; ``keyword`` says what
    a failure does (ruling hits-validation-keyword: ``"none"`` reports it only,
    ``"misfire"`` fails the check). The tally is the total of Hits. From a
    character sheet: ``Check.attribute``, ``Check.skill``, ``Check.knowledge``,
    ``Check.static``, ``Check.damage``; ``Check.buying`` buys every group of
    ten it can.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("Hits", one="Hit")
    target: ClassVar[str] = "tn"
    dice: int = param("Dice Pool", hint="d10s in the pool, bought groups included", low=0, high=MAX_POOL)
    threshold: int = param("Threshold (x+)", hint="a die showing this or more is a Hit", low=1, high=10)
    tn: int = _tn_param()
    bought: int = bought_param()
    validation: int = validation_param()
    keyword: Keyword = keyword_param()

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0, limit=MAX_POOL)
        check_threshold("threshold", self.threshold)
        check_tn("tn", self.tn)
        check_bought("bought", self.bought, self.dice, f"dice={self.dice}")
        if self.rolled > MAX_ROLLED:
            raise LimitError(
                f"dice={self.dice} is too large: rollkit rolls at most {MAX_ROLLED} dice in one"
                f" check (buy hits with bought=... to roll fewer; with this pool bought can go"
                f" up to {max_bought(dice=self.dice)})"
            )
        check_validation(self.validation, self.keyword, self.rolled)

    # -- builders -----------------------------------------------------------------------

    @classmethod
    def attribute(
        cls,
        *,
        level: int,
        tn: int,
        modifier: int = 0,
        bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Check:
        """An Attribute Check: the Attribute Level gives both pool and Threshold."""
        return _from_sheet(
            cls,
            f"level={level} and modifier={modifier}",
            _pool(attribute_dice(level=level), modifier),
            attribute_threshold(level=level),
            tn=tn,
            bought=bought,
            validation=validation,
            keyword=keyword,
        )

    @classmethod
    def skill(
        cls,
        *,
        attribute: int,
        training: str,
        focus: int = 0,
        tn: int,
        modifier: int = 0,
        bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Check:
        """A Skill (Action) Check: Training + Focus + the governing Attribute's dice.

        Section "Dice Pool in a Skill Check"; the Threshold comes from the
        Attribute. Untrained, it is an Attribute Check: Focus dice are not added
        (ruling hits-untrained-action).
        """
        attribute = check_level("attribute", attribute)
        trained = training_dice(training=training)
        focus = integer("focus", focus, low=0, allowed="a Focus Level of 0 or more")
        base = attribute_dice(level=attribute)
        if trained:
            base += trained + focus
        return _from_sheet(
            cls,
            f"attribute={attribute}, training={training!r}, focus={focus} and modifier={modifier}",
            _pool(base, modifier),
            attribute_threshold(level=attribute),
            tn=tn,
            bought=bought,
            validation=validation,
            keyword=keyword,
        )

    @classmethod
    def knowledge(
        cls,
        *,
        intellect: int,
        rating: int,
        tn: int,
        modifier: int = 0,
        bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Check:
        """A Knowledge Check: Intellect Attribute Check plus 2 dice per Knowledge Rating (0-5)."""
        intellect = check_level("intellect", intellect)
        rating = integer("rating", rating, low=0, high=5, allowed="a Knowledge Rating from 0 to 5")
        return _from_sheet(
            cls,
            f"intellect={intellect}, rating={rating} and modifier={modifier}",
            _pool(attribute_dice(level=intellect) + 2 * rating, modifier),
            attribute_threshold(level=intellect),
            tn=tn,
            bought=bought,
            validation=validation,
            keyword=keyword,
        )

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
    def buying(
        cls, *, dice: int, threshold: int, tn: int, validation: int = 0, keyword: Keyword = "none"
    ) -> Check:
        """The same check buying as many groups of ten as allowed (section "Buying Hits")."""
        return cls(
            dice=dice,
            threshold=threshold,
            tn=tn,
            bought=max_bought(dice=dice),
            validation=validation,
            keyword=keyword,
        )

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

    def _bands(self) -> tuple[Any, ...]:
        return (check_split, self.rolled, self.threshold, self.validation, self.tn - self.bought_hits)

    def _least(self) -> int:
        return self.tn

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
        return self._play_as(dice, "pool", self.describe())

    def _play_as(self, dice: Dice, role: str, check: str) -> Roll:
        """Roll this check, its dice logged under ``role``, the Roll naming ``check``."""
        log, hits, passed = roll_validated(dice, self.rolled, self.threshold, self.validation, role)
        hits += self.bought_hits
        row, details = degree_details(hits, self.tn)
        outcome, success, validated = self._settle(row, passed)
        bought = (("bought hits", self.bought_hits),) if self.bought else ()
        return Roll(
            self.system,
            check,
            tuple(log),
            hits,
            outcome,
            success,
            self.outcomes()[outcome],
            details=details + bought + validated,
        )


# -- kinds of check from a character sheet ---------------------------------------------


class FromCheck(FromSheet):
    """A kind of check whose odds and rolls are those of the plain ``Check`` that
    ``_plain()`` builds (from a character sheet, or a Luck Check's Fate pool), with the
    Validation Die's odds too."""

    tally: ClassVar[Tally] = Tally("Hits", one="Hit")
    target: ClassVar[str] = "tn"
    role: ClassVar[str] = "pool"
    """How the dice of a roll are logged."""

    def _plain(self) -> Check:  # pragma: no cover - abstract
        raise NotImplementedError

    def effects(self) -> Distribution:
        """Effect (Hits - TN; negative = Botch) with its exact probability."""
        return self._plain().effects()

    def validation_outcomes(self) -> Distribution:
        """The Validation Check alone (see ``Check.validation_outcomes``)."""
        return self._plain().validation_outcomes()

    def outcomes_with_validation(self) -> Distribution:
        """Each band with the validation failed, then passed."""
        return self._plain().outcomes_with_validation()

    def _play(self, dice: Dice) -> Roll:
        return self._plain()._play_as(dice, self.role, self.describe())


class _Sheet(FromCheck):
    """A check kind from character-sheet entries, with a TN, situational dice, bought
    groups and a Validation Die; ``_plain()`` passes them on to the ``Check`` classmethod."""

    tn: int
    modifier: int
    bought: int
    validation: int
    keyword: Keyword

    def __post_init__(self) -> None:
        self._plain()

    def _shared(self) -> dict[str, Any]:
        """The fields every sheet kind hands to its classmethod unchanged."""
        return {
            "tn": self.tn,
            "modifier": self.modifier,
            "bought": self.bought,
            "validation": self.validation,
            "keyword": self.keyword,
        }


@dataclass(frozen=True, kw_only=True)
class AttributeCheck(_Sheet):
    """An Attribute Check with flat fields (``hits.attribute`` for the command line and widgets).

    The same odds and rolls as ``Check.attribute(...)`` with these fields, which is
    the way to build one in Python (section "Dice Pool in an Attribute Check").
    """

    system: ClassVar[str] = SYSTEM
    level: int = param(
        "Attribute Level", hint="gives both the Dice Pool and the Threshold", low=1, high=MAX_ATTRIBUTE
    )
    tn: int = _tn_param()
    modifier: int = _modifier_param()
    bought: int = bought_param()
    validation: int = validation_param()
    keyword: Keyword = keyword_param()

    def _plain(self) -> Check:
        return Check.attribute(level=self.level, **self._shared())


@dataclass(frozen=True, kw_only=True)
class SkillCheck(_Sheet):
    """A Skill (Action) Check with flat fields (``hits.skill`` for the command line and widgets).

    The same odds and rolls as ``Check.skill(...)`` with these fields, which is the
    way to build one in Python (section "Dice Pool in a Skill Check"; ruling
    hits-untrained-action).
    """

    system: ClassVar[str] = SYSTEM
    attribute: int = param(
        "Attribute Level", hint="the Skill's Attribute: its dice and Threshold", low=1, high=MAX_ATTRIBUTE
    )
    training: Training = param(
        "Skill Training",
        hint="dice from Training; Untrained uses the Attribute alone",
        options=TRAINING_WORDS,
    )
    focus: int = param("Focus Level", hint="one die per level, when a Focus applies", low=0, default=0)
    tn: int = _tn_param()
    modifier: int = _modifier_param()
    bought: int = bought_param()
    validation: int = validation_param()
    keyword: Keyword = keyword_param()

    def _plain(self) -> Check:
        choice("training", self.training, tuple(TRAINING))
        return Check.skill(
            attribute=self.attribute, training=self.training, focus=self.focus, **self._shared()
        )


@dataclass(frozen=True, kw_only=True)
class KnowledgeCheck(_Sheet):
    """A Knowledge Check with flat fields (``hits.knowledge`` for the command line and widgets).

    The same odds and rolls as ``Check.knowledge(...)`` with these fields, which is
    the way to build one in Python (section "Attribute Check and Knowledge Check").
    """

    system: ClassVar[str] = SYSTEM
    intellect: int = param(
        "Intellect", hint="the Attribute Level: its dice and Threshold", low=1, high=MAX_ATTRIBUTE
    )
    rating: int = param("Knowledge Rating", hint="two more dice per level of the topic", low=0, high=5)
    tn: int = _tn_param()
    modifier: int = _modifier_param()
    bought: int = bought_param()
    validation: int = validation_param()
    keyword: Keyword = keyword_param()

    def _plain(self) -> Check:
        return Check.knowledge(intellect=self.intellect, rating=self.rating, **self._shared())
