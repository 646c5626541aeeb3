"""Group checks: helpers roll against TN 1 and their summed Effect changes the leader's pool."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .._dist import Distribution
from .._errors import LimitError, ParameterTypeError, RulesError
from .._fields import Param, declare, like, param
from .._roll import Dice, Die, Roll
from .._validate import describe, integer
from .._words import Tally
from ._checks import BOUGHT, HITS, TN, VALIDATION, Check, Validated, degree_details, roll_pool, roll_validated
from ._maths import GroupWeights, group_split, group_weights, tally_distribution
from ._rules import (
    HELPER_TN,
    KINDS,
    MAX_GROUP_DICE,
    MAX_HELPERS,
    RATING,
    SYSTEM,
    THRESHOLD,
    Keyword,
    Kind,
    _checked,
    attribute_dice,
    attribute_threshold,
    check_validation,
    knowledge_helper_allowed,
    knowledge_helpers,
    max_bought,
)

__all__ = ["Group"]


@dataclass(frozen=True, kw_only=True)
class Group(Validated):
    """A group check: each helper rolls (dice, threshold) against TN 1 first.

    Section "Group Checks". Each helper's Effect (a Botch counts as -1) is
    added up and the leader rolls ``dice`` plus that total, never below 0 dice
    (ruling hits-group-pool-below-zero), against ``tn``. Botches stay in the
    total. ``kind`` names the check; Static and Luck checks cannot be group
    checks. The leader buys ``bought`` groups of ten, or fewer when the pool
    after the helpers' Effect allows fewer (ruling hits-group-leader-buying);
    with ``helpers_buy`` every helper buys all the groups of ten it can (ruling
    hits-group-helpers-buying). Only the leader has a Validation Die
    (``validation``, ``keyword``); a leader left with 0 dice fails it (ruling
    hits-group-validation-no-dice). The tally is the leader's Hits.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = HITS
    target: ClassVar[str] = "tn"
    monotone: ClassVar[frozenset[str]] = frozenset({"threshold", "tn", "validation"})
    dice: int = param(
        "Leader's Dice Pool",
        hint="the leader's d10s before the helpers' Effect",
        low=0,
        high=MAX_GROUP_DICE,
        limit="high",
    )
    threshold: int = declare(
        replace(
            THRESHOLD, label="Leader's Threshold (x+)", hint="a leader's die showing this or more is a Hit"
        )
    )
    tn: int = declare(replace(TN, hint="Hits the leader needs to succeed"))
    helpers: tuple[tuple[int, int], ...] = param(
        "Supporting PCs",
        hint="each helper's Dice Pool and Threshold, rolled against TN 1",
        item="helper",
        most=MAX_HELPERS,
        limit="high",
        default=(),
        parts=(
            Param("Dice Pool", low=0, high=MAX_GROUP_DICE, start=3, limit="high"),
            replace(THRESHOLD, hint="", start=7),
        ),
    )
    kind: Kind = param(
        "Type of Check",
        hint="what the group rolls (never a Static or Luck Check)",
        options=tuple((k, f"{k.capitalize()} Check") for k in KINDS[:4]),
        default="action",
    )
    bought: int = declare(
        replace(
            BOUGHT,
            label="Leader's bought groups",
            hint="most groups of ten the leader sets aside",
            high=max_bought(dice=MAX_GROUP_DICE),
        ),
        default=0,
    )
    helpers_buy: bool = param(
        "Helpers buy hits", hint="each helper buys every group of ten it can", default=False
    )
    validation: int = declare(replace(VALIDATION, label="Leader's Validation Die (x+)"), default=0)
    keyword: Keyword = like(Check, "keyword")
    rating: int = declare(
        replace(RATING, label="Leader's Knowledge Rating", hint="on a Knowledge Check: who may help"),
        default=0,
    )
    helper_ratings: tuple[int, ...] = param(
        "Helpers' Knowledge Ratings",
        hint="each helper's, in order, on a Knowledge Check",
        item="helper",
        most=MAX_HELPERS,
        limit="high",
        low=RATING.low,
        high=RATING.high,
        start=2,
        default=(),
    )

    def _check_rules(self) -> None:
        if self.kind in ("static", "luck"):
            raise RulesError(
                f"kind={self.kind!r} is not allowed: a group check cannot be a Static or Luck"
                f" check (kind must be one of {', '.join(repr(k) for k in KINDS[:4])})",
                field="kind",
                said=f"a group check cannot be a {self.kind.capitalize()} Check; choose an Action,"
                " Attribute, Knowledge or Damage Check.",
            )
        helped = sum(n for n, _ in self.helpers)
        if self.dice + helped > MAX_GROUP_DICE:
            raise LimitError(
                f"dice={self.dice} with {helped} helper dice is too large: rollkit"
                f" computes group checks exactly up to {MAX_GROUP_DICE} dice in all",
                field="dice",
                said=f"{self.dice} dice with the {helped} of {{helpers}} are {self.dice + helped},"
                f" too many to work out exactly; at most {MAX_GROUP_DICE} dice in all.",
            )
        check_validation(self.validation, self.keyword, None)
        if self.kind == "knowledge":
            check_ratings(self.rating, self.helper_ratings, len(self.helpers))
        elif self.rating or self.helper_ratings:
            name = "rating" if self.rating else "helper_ratings"
            raise RulesError(
                f"{name}={describe(getattr(self, name))} is not allowed with kind={self.kind!r}:"
                " Knowledge Ratings only count on a Knowledge Check (kind='knowledge')",
                field=name,
                said="Knowledge Ratings only count on a Knowledge Check; clear them, or choose a"
                " Knowledge Check for {kind}.",
            )

    def monotone_fields(self) -> frozenset[str]:
        """The leader's pool too while the leader buys nothing: a leader who buys may be able to
        buy only once the pool is large enough, and a bought group can lower the chance."""
        return self.monotone | {"dice"} if self.bought == 0 else self.monotone

    @classmethod
    def knowledge(
        cls,
        *,
        intellect: int,
        rating: int,
        tn: int,
        helpers: tuple[tuple[int, int], ...] = (),
        bought: int = 0,
        helpers_buy: bool = False,
        validation: int = 0,
        keyword: Keyword = "none",
    ) -> Group:
        """A Knowledge group check; ``helpers`` are (Intellect, Knowledge Rating) pairs.

        A helper whose rating is below 1, or more than 1 level from the leader's
        (above or below), is refused (ruling hits-group-knowledge-limit).
        """
        rating = _checked(RATING, "rating", rating)
        pools = []
        for i, pair in enumerate(_pairs(helpers)):
            level, theirs = pair
            check_helper(rating, theirs, f"helpers[{i}]={describe(pair)}", "helpers", i, 1)
            pools.append((attribute_dice(level=level) + 2 * theirs, attribute_threshold(level=level)))
        return cls(
            dice=attribute_dice(level=intellect) + 2 * rating,
            threshold=attribute_threshold(level=intellect),
            tn=tn,
            helpers=tuple(pools),
            kind="knowledge",
            bought=bought,
            helpers_buy=helpers_buy,
            validation=validation,
            keyword=keyword,
            rating=rating,
            helper_ratings=tuple(theirs for _, theirs in _pairs(helpers)),
        )

    def _weights(self) -> GroupWeights:
        return group_weights(
            self.dice, self.threshold, self.helpers, self.bought, self.helpers_buy, self.validation
        )

    def _bands(self) -> tuple[Any, ...]:
        return (
            group_split,
            self.dice,
            self.threshold,
            self.helpers,
            self.bought,
            self.helpers_buy,
            self.validation,
            self.tn,
        )

    def _least(self) -> int:
        return self.tn

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The leader's Hits, bought ones included; above ``bound`` goes to the tail."""
        w = self._weights()
        hits = [f + p for f, p in zip(w.failed, w.passed)]
        return tally_distribution(hits, 0, 10 ** (w.helper_dice + w.leader_dice), bound)

    def bonus(self) -> Distribution:
        """The helpers' summed Effect: the dice added to (or taken from) the leader's pool."""
        w = self._weights()
        return tally_distribution(w.total, -len(self.helpers), 10**w.helper_dice, None)

    def _play(self, dice: Dice) -> Roll:
        log: list[Die] = []
        effects = []
        for i, (n, t) in enumerate(self.helpers, 1):
            groups = max_bought(dice=n) if self.helpers_buy else 0
            rolled, hits = roll_pool(dice, n - 10 * groups, t, f"helper {i}")
            log += rolled
            effects.append(hits + groups * (11 - t) - HELPER_TN)
        bonus = sum(effects)
        pool = max(0, self.dice + bonus)
        groups = min(self.bought, max_bought(dice=pool))
        rolled, hits, passed = roll_validated(
            dice, pool - 10 * groups, self.threshold, self.validation, "leader"
        )
        log += rolled
        hits += groups * (11 - self.threshold)
        row, details = degree_details(hits, self.tn)
        outcome, success, validated = self._settle(row, passed)
        bought = (("leader bought groups", groups), ("bought hits", groups * (11 - self.threshold)))
        return Roll(
            self.system,
            self.describe(),
            tuple(log),
            hits,
            outcome,
            success,
            self.outcomes()[outcome],
            details=(("helper effects", tuple(effects)), ("bonus dice", bonus), ("leader dice", pool))
            + (bought if groups else ())
            + details
            + validated,
        )


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, (tuple, list)):
        raise ParameterTypeError(
            f"helpers={describe(value)} is not allowed: helpers must be a tuple of"
            f" (intellect, rating) pairs ({type(value).__name__} given)"
        )
    out = []
    for i, pair in enumerate(value):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ParameterTypeError(
                f"helpers[{i}]={describe(pair)} is not allowed: each helper must be an"
                " (intellect, rating) pair"
            )
        out.append(
            (
                integer(f"helpers[{i}] intellect", pair[0], low=1),
                RATING.check(f"helpers[{i}] rating", pair[1]),
            )
        )
    return tuple(out)


def check_ratings(lead: int, ratings: tuple[int, ...], helpers: int) -> None:
    """A Knowledge group check's helpers' ratings: one per helper, each allowed beside the
    leader's ``lead`` (ruling hits-group-knowledge-limit); each is already 0 to 5."""
    if len(ratings) != helpers:
        raise RulesError(
            f"helper_ratings={describe(ratings)} is not allowed with {helpers} helpers: a"
            f" Knowledge group check needs one Knowledge Rating for each helper"
            " (ruling hits-group-knowledge-limit)",
            field="helper_ratings",
            said=f"{len(ratings)} given; a Knowledge group check needs one for"
            f" {'the helper' if helpers == 1 else f'each of the {helpers} helpers'} in {{helpers}}.",
        )
    for i, theirs in enumerate(ratings):
        check_helper(lead, theirs, f"helper_ratings[{i}]={theirs}", "helper_ratings", i, None)


def check_helper(lead: int, theirs: int, given: str, field: str, item: int, part: int | None) -> None:
    """A helper at Knowledge Rating ``theirs`` may help a leader at ``lead``, else the error
    about ``given`` (the helper as the caller wrote it), at ``field``, ``item`` and ``part``."""
    if knowledge_helper_allowed(lead=lead, helper=theirs):
        return
    allowed = [str(r) for r in knowledge_helpers(lead=lead)]
    wanted = allowed[0] if len(allowed) == 1 else f"{', '.join(allowed[:-1])} or {allowed[-1]}"
    raise RulesError(
        f"{given} is not allowed: a helper's Knowledge Rating must be {wanted} (1 or more, and"
        f" within 1 level of the leader's {lead})",
        field=field,
        item=item,
        part=part,
        said=f"a Knowledge Rating of {theirs} cannot help; a helper needs {wanted} (1 or more, and"
        f" within 1 level of the leader's {lead}).",
    )
