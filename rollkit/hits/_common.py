"""Limits and the pieces every Hits check class shares: outcome tables, tallies, dice."""

from __future__ import annotations

from functools import lru_cache

from .._dist import Distribution, check_bound
from .._limits import Limit
from .._roll import Dice, Die
from .._validate import integer
from ._tables import DEGREES, MAX_ATTRIBUTE, Degree, degree_index
from ._maths import CACHE_UP_TO

__all__ = [
    "MAX_POOL", "MAX_ROLLED", "MAX_TN", "MAX_OPPOSED_DICE", "MAX_GROUP_DICE", "MAX_HELPERS",
    "MAX_NOTATION", "LIMITS", "SYSTEM", "OUTCOMES", "outcome_distribution", "tally_distribution", "roll_pool",
    "degree_details", "check_tn", "check_threshold",
]

SYSTEM = "hits"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""

MAX_POOL = 100_000
MAX_ROLLED = 2000
MAX_TN = 1_000_000
MAX_OPPOSED_DICE = 1000
MAX_GROUP_DICE = 600
MAX_HELPERS = 100
MAX_NOTATION = 200
LIMITS: tuple[Limit, ...] = (
    Limit(SYSTEM, "MAX_ATTRIBUTE", MAX_ATTRIBUTE, "Highest Attribute Level with a Threshold in"
          " the text (ruling hits-attribute-above-11)."),
    Limit(SYSTEM, "MAX_POOL", MAX_POOL, "Largest Dice Pool (bought dice included) rollkit"
          " accepts."),
    Limit(SYSTEM, "MAX_ROLLED", MAX_ROLLED, "Most dice actually rolled in one check (exact odds"
          " stay well under a second)."),
    Limit(SYSTEM, "MAX_TN", MAX_TN, "Largest TN rollkit accepts."),
    Limit(SYSTEM, "MAX_OPPOSED_DICE", MAX_OPPOSED_DICE,
          "Most dice in an opposed check, both sides together."),
    Limit(SYSTEM, "MAX_GROUP_DICE", MAX_GROUP_DICE,
          "Most dice in a group check: the leader's pool plus every helper's."),
    Limit(SYSTEM, "MAX_HELPERS", MAX_HELPERS, "Most helpers in one group check."),
    Limit(SYSTEM, "MAX_NOTATION", MAX_NOTATION, "Longest notation text parse reads."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

OUTCOMES: tuple[str, ...] = tuple(d.label for d in DEGREES)
"""Outcome names of a check, worst to best (the rows of table 7A)."""


def check_threshold(name: str, value: object) -> int:
    """A d10 Threshold: 1 to 10 (a Hit is a face at or above it)."""
    return integer(name, value, low=1, high=10, allowed="a d10 Threshold from 1 to 10")


def check_tn(name: str, value: object) -> int:
    """A Target Number: 0 or more (ruling hits-tn-zero for 0)."""
    return integer(name, value, low=0, limit=MAX_TN)


@lru_cache(maxsize=1024)
def outcome_distribution(weights: tuple[int, ...], denominator: int,
                         labels: tuple[str, ...] = OUTCOMES) -> Distribution:
    """The outcomes of table 7A from band weights over one denominator."""
    return Distribution.from_weights(list(zip(labels, weights)), denominator)




@lru_cache(maxsize=256)
def _whole(weights: tuple[int, ...], first: int, denominator: int) -> Distribution:
    return Distribution.from_weights([(first + i, w) for i, w in enumerate(weights)], denominator)


def tally_distribution(weights: tuple[int, ...] | list[int], first: int, denominator: int,
                       bound: int | None) -> Distribution:
    """Tally ``first + i`` with weight ``weights[i]``; above ``bound`` goes to the tail."""
    if bound is not None:
        bound = check_bound(bound, lowest=first)
    last = first + len(weights) - 1
    if bound is None or bound >= last:
        if len(weights) - 1 <= CACHE_UP_TO:  # the tally of n dice has n + 1 entries
            return _whole(tuple(weights), first, denominator)
        return Distribution.from_weights([(first + i, w) for i, w in enumerate(weights)],
                                         denominator)
    keep = max(0, bound - first + 1)
    return Distribution.from_weights(
        [(first + i, w) for i, w in enumerate(weights[:keep])], denominator,
        tail_weight=sum(weights[keep:]), tail_label=f"{bound + 1} or more")


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

