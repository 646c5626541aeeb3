"""The Hits check: a pool of d10 against a Threshold and a TN, with buying hits and validation;
the check kinds built from a character sheet; the rolling helpers every Hits check shares."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from .._check import CheckBase, FromSheet
from .._dist import Distribution
from .._errors import LimitError, RulesError
from .._fields import Param, declare, fields, like, param, sharing
from .._roll import Dice, Die, Roll
from .._validate import choice
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
    FOCUS,
    KEYWORD_WORDS,
    LEVEL,
    MAX_POOL,
    MAX_ROLLED,
    MAX_TN,
    MISFIRE,
    MODIFIER,
    RATING,
    SYSTEM,
    THRESHOLD,
    TRAINING_WORDS,
    VALIDATION_WORDS,
    Degree,
    Keyword,
    Training,
    _checked,
    _pool,
    attribute_dice,
    attribute_threshold,
    check_bought,
    check_validation,
    degree_index,
    max_bought,
    skill_dice,
    training_dice,
)

__all__ = [
    "Check",
    "AttributeCheck",
    "SkillCheck",
    "KnowledgeCheck",
    "Validated",
    "FromValidated",
    "FromCheck",
    "check_rolled",
    "roll_pool",
    "roll_validated",
    "degree_details",
    "HITS",
    "TN",
    "POOL",
    "POWER",
    "BOUGHT",
    "VALIDATION",
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


def check_rolled(name: str, dice: int, rolled: int, bought: str) -> None:
    """The pool ``name`` of ``dice`` rolls ``rolled`` of them: at most ``MAX_ROLLED``, or a
    ``LimitError`` saying how many groups of ten (the field ``bought``) would roll fewer."""
    if rolled > MAX_ROLLED:
        most = max_bought(dice=dice)
        raise LimitError(
            f"{name}={dice} is too large: rollkit rolls at most {MAX_ROLLED} dice in one"
            f" check (buy hits with {bought}=... to roll fewer; with this pool {bought} can go"
            f" up to {most})",
            field=name,
            said=f"{rolled} dice to roll are too many to work out exactly (at most"
            f" {MAX_ROLLED}); buy groups of ten with {{{bought}}} to roll fewer (up to {most} from"
            " this pool).",
        )


# -- what the kinds of check share ---------------------------------------------------

HITS = Tally("Hits", one="Hit")
"""The tally of a Hits check: the Hits, bought ones included."""
TN = Param("Target Number (TN)", hint="Hits needed to succeed", low=0, high=MAX_TN, limit="high", far=True)
"""The Target Number, as ``Check`` declares it; other kinds take it with their own hint."""
BOUGHT = Param(
    "Bought groups", hint="groups of ten dice set aside for sure Hits", low=0, high=max_bought(dice=MAX_POOL)
)
"""Groups of ten bought from ``Check``'s pool; other kinds take it with the most their own
pools allow (and their own label)."""
VALIDATION = Param(
    "Validation Die (x+)",
    hint="a second Threshold for one rolled die",
    low=0,
    high=10,
    options=VALIDATION_WORDS,
    why="0 for no Validation Die, else a Threshold from 2 to 10",
)
"""The second Threshold of one rolled die (1 is refused by ``check_validation``)."""


POOL = Param("Dice Pool", hint="d10s in the pool, bought groups included", low=0, high=MAX_POOL, limit="high")
"""A Check's Dice Pool; a Damage Check's is the attack's Power (``POWER``)."""
POWER = replace(POOL, label="Power", hint="the Damage Check's d10s, from the weapon or attack")
"""The Dice Pool of a Damage Check, as ``Check.damage`` checks it and ``Attack`` declares it."""


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
                "validation=0: this check has no Validation Die; give validation a Threshold from 2 to 10",
                field="validation",
                said="this check has no Validation Die; give it a Threshold from 2 to 10.",
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


def _from_sheet(
    cls: type[Check], given: str, words: str, blame: str, dice: int, threshold: int, **shared: Any
) -> Check:
    """A check of ``dice`` from a character sheet. The values passed on as they are (``shared``:
    the TN, bought groups, Validation Die and keyword) are checked first, as ``Check`` declares
    them; an error that only this pool causes (bought groups or a Validation Die it cannot have,
    a pool too large) names the sheet entries that made it: ``given`` in Python, ``words`` in
    the rules' words, and ``blame`` is the entry to change for a pool too large."""
    declared = {f.name: f for f in fields(Check)}
    for name, value in shared.items():
        declared[name].check(value)
    check_validation(shared["validation"], shared["keyword"], None)
    try:
        return cls(dice=dice, threshold=threshold, **shared)
    except RulesError as error:  # a LimitError stays one
        field, said = error.field, error.said
        if field not in shared:  # the pool itself is too large
            field = blame
            why = f"too many for one Dice Pool (at most {MAX_POOL})." if dice > MAX_POOL else error.said
            said = f"{words} {'give' if ' and ' in words else 'gives'} {dice} dice: {why}"
        give = "give" if " and " in given else "gives"
        raise type(error)(f"{given} {give} {dice} dice: {error}", field=field, said=said) from error


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
    tally: ClassVar[Tally] = HITS
    target: ClassVar[str] = "tn"
    monotone: ClassVar[frozenset[str]] = frozenset({"dice", "threshold", "tn", "validation"})
    dice: int = declare(POOL)
    threshold: int = declare(THRESHOLD)
    tn: int = declare(TN)
    bought: int = declare(BOUGHT, default=0)
    validation: int = declare(VALIDATION, default=0)
    keyword: Keyword = param(
        "Validation keyword", hint="what a failed Validation Die does", options=KEYWORD_WORDS, default="none"
    )

    @classmethod
    def hint_range(cls, name: str, fixed: Mapping[str, Any]) -> str | None:
        """The Dice Pool a widget can roll: at most ``MAX_ROLLED`` dice once bought groups are
        set aside (ten dice each)."""
        if name != "dice":
            return None
        if "bought" in fixed:
            return f"0 to {min(MAX_POOL, MAX_ROLLED + 10 * fixed['bought'])}"
        return f"0 to {MAX_ROLLED} rolled, and 10 more for each bought group"

    def _check_rules(self) -> None:
        if self.bought:
            check_bought("bought", self.bought, self.dice, f"dice={self.dice}", f"a pool of {self.dice} dice")
        check_rolled("dice", self.dice, self.rolled, "bought")
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
            f"{{level}} {level} and {{modifier}} {modifier}",
            "modifier",
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
        base = skill_dice(attribute=attribute, training=training, focus=focus)
        trained = training_dice(training=training)
        return _from_sheet(
            cls,
            f"attribute={attribute}, training={training!r}, focus={focus} and modifier={modifier}",
            f"{{attribute}} {attribute}, {{training}} {training}, {{focus}} {focus} and"
            f" {{modifier}} {modifier}",
            "focus" if trained and focus > modifier else "modifier",
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
        intellect = _checked(LEVEL, "intellect", intellect)
        rating = _checked(RATING, "rating", rating)
        return _from_sheet(
            cls,
            f"intellect={intellect}, rating={rating} and modifier={modifier}",
            f"{{intellect}} {intellect}, {{rating}} {rating} and {{modifier}} {modifier}",
            "modifier",
            _pool(attribute_dice(level=intellect) + 2 * rating, modifier),
            attribute_threshold(level=intellect),
            tn=tn,
            bought=bought,
            validation=validation,
            keyword=keyword,
        )

    @classmethod
    def static(
        cls,
        *,
        dice: int,
        tn: int,
        threshold: int = 6,
        bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Check:
        """A Static Check: a fixed pool at 6+ unless its description says otherwise.

        Ruling hits-static-threshold; it buys Hits and has a Validation Die like any
        Check (ruling hits-buying-validation-kinds).
        """
        return cls(
            dice=dice, threshold=threshold, tn=tn, bought=bought, validation=validation, keyword=keyword
        )

    @classmethod
    def damage(
        cls,
        *,
        power: int,
        hardness: int,
        threshold: int | None = None,
        damage: str | None = None,
        bought: int = 0,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Check:
        """A Damage Check: the attack's Power and Threshold against the armour's Hardness.

        Without the attack's own ``threshold``, the rule of thumb for ``damage``
        is used: "cutting" 7+, "piercing" 6+ (ruling hits-damage-threshold). It buys
        Hits and has a Validation Die like any Check (ruling hits-buying-validation-kinds).
        """
        power = _checked(POWER, "power", power)
        hardness = _checked(TN, "hardness", hardness)
        if threshold is None:
            if damage is None:
                raise RulesError(
                    "threshold=None is not allowed with damage=None: give the attack's threshold"
                    f" or a damage type ({', '.join(repr(k) for k in DAMAGE_THRESHOLDS)})",
                    field="threshold",
                    said=f"give the attack's Threshold, or a damage type ({' or '.join(DAMAGE_THRESHOLDS)}).",
                )
            threshold = DAMAGE_THRESHOLDS[choice("damage", damage, tuple(DAMAGE_THRESHOLDS))]
        elif damage is not None:
            choice("damage", damage, tuple(DAMAGE_THRESHOLDS))
        return _from_sheet(
            cls,
            f"power={power}",
            f"{{power}} {power}",
            "power",
            power,
            threshold,
            tn=hardness,
            bought=bought,
            validation=validation,
            keyword=keyword,
        )

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


class FromValidated(FromSheet):
    """A kind of check whose odds and rolls are those of the ``Validated`` check that
    ``_plain()`` builds, with the Validation Die's odds too (``hits.opposed_skills``,
    ``hits.knowledge_group`` and every ``FromCheck``)."""

    validation: int
    keyword: Keyword

    def _plain(self) -> Validated:  # pragma: no cover - abstract
        raise NotImplementedError

    def _given(self) -> dict[str, Any]:
        """Every field by name, for a kind whose fields are its builder's arguments."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def validation_outcomes(self) -> Distribution:
        """The Validation Check alone (see ``Validated.validation_outcomes``)."""
        return self._plain().validation_outcomes()

    def outcomes_with_validation(self) -> Distribution:
        """Each band with the validation failed, then passed."""
        return self._plain().outcomes_with_validation()


class FromCheck(FromValidated):
    """A kind of check whose odds and rolls are those of the plain ``Check`` that
    ``_plain()`` builds (from a character sheet, or a Luck Check's Fate pool), with the
    Validation Die's odds too. Each has the plain check's Validation Die and keyword
    (``sharing``); their types are declared here."""

    tally: ClassVar[Tally] = HITS
    target: ClassVar[str] = "tn"
    role: ClassVar[str] = "pool"
    """How the dice of a roll are logged."""

    def _plain(self) -> Check:  # pragma: no cover - abstract
        raise NotImplementedError

    def effects(self) -> Distribution:
        """Effect (Hits - TN; negative = Botch) with its exact probability."""
        return self._plain().effects()

    def _play(self, dice: Dice) -> Roll:
        return self._plain()._play_as(dice, self.role, self.describe())


class _Sheet(FromCheck):
    """A check kind from character-sheet entries, with a TN, situational dice, bought
    groups and a Validation Die; ``_plain()`` passes them on to the ``Check`` classmethod.
    The TN, bought groups, Validation Die and keyword are the plain check's fields
    (``like``, ``sharing``); the types of those it shares are declared here."""

    tn: int
    modifier: int
    bought: int

    def _check_rules(self) -> None:
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


# Each sheet kind's TN comes before its situational dice, which the plain check does not
# have: ``sharing`` adds fields after the kind's own, so the TN is taken with ``like``.


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "bought", "validation", "keyword")
class AttributeCheck(_Sheet):
    """An Attribute Check with flat fields (``hits.attribute`` for the command line and widgets).

    The same odds and rolls as ``Check.attribute(...)`` with these fields, which is
    the way to build one in Python (section "Dice Pool in an Attribute Check").
    """

    system: ClassVar[str] = SYSTEM
    monotone: ClassVar[frozenset[str]] = frozenset({"level", "tn", "modifier", "validation"})
    level: int = declare(LEVEL)
    tn: int = like(Check, "tn")
    modifier: int = declare(MODIFIER, default=0)

    def _plain(self) -> Check:
        return Check.attribute(level=self.level, **self._shared())


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "bought", "validation", "keyword")
class SkillCheck(_Sheet):
    """A Skill (Action) Check with flat fields (``hits.skill`` for the command line and widgets).

    The same odds and rolls as ``Check.skill(...)`` with these fields, which is the
    way to build one in Python (section "Dice Pool in a Skill Check"; ruling
    hits-untrained-action).
    """

    system: ClassVar[str] = SYSTEM
    monotone: ClassVar[frozenset[str]] = frozenset({"attribute", "focus", "tn", "modifier", "validation"})
    attribute: int = declare(replace(LEVEL, hint="the Skill's Attribute: its dice and Threshold"))
    training: Training = param(
        "Skill Training",
        hint="dice from Training; Untrained uses the Attribute alone",
        options=TRAINING_WORDS,
    )
    focus: int = declare(FOCUS, default=0)
    tn: int = like(Check, "tn")
    modifier: int = declare(MODIFIER, default=0)

    def _plain(self) -> Check:
        return Check.skill(
            attribute=self.attribute, training=self.training, focus=self.focus, **self._shared()
        )


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "bought", "validation", "keyword")
class KnowledgeCheck(_Sheet):
    """A Knowledge Check with flat fields (``hits.knowledge`` for the command line and widgets).

    The same odds and rolls as ``Check.knowledge(...)`` with these fields, which is
    the way to build one in Python (section "Attribute Check and Knowledge Check").
    """

    system: ClassVar[str] = SYSTEM
    monotone: ClassVar[frozenset[str]] = frozenset({"intellect", "rating", "tn", "modifier", "validation"})
    intellect: int = declare(
        replace(LEVEL, label="Intellect", hint="the Attribute Level: its dice and Threshold")
    )
    rating: int = declare(RATING)
    tn: int = like(Check, "tn")
    modifier: int = declare(MODIFIER, default=0)

    def _plain(self) -> Check:
        return Check.knowledge(intellect=self.intellect, rating=self.rating, **self._shared())
