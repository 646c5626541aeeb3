"""Exact maths of trait checks: ways out of 12**dice for each kept sum, total and margin,
cached on plain parameters."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._dist import Distribution, convolve, listed
from .._validate import integer
from ._rules import SIDES, _contest_names, _contest_outcome, _outcome_name, _outcome_names


@lru_cache(maxsize=256)
def _sum_weights(dice: int, highest: bool) -> tuple[int, ...]:
    """Ways, out of 12**dice, for each sum 2..24 of the two kept dice.

    Keeping the highest two: both kept show ``a`` when at least two dice show
    ``a`` and none more; kept ``a > b`` when one die shows ``a`` and the other
    dice top out at exactly ``b``. The lowest two mirror this (face -> 13 - face).
    """
    n = dice
    below = [k ** (n - 1) for k in range(SIDES + 1)]  # k**(n-1): n-1 dice all <= k
    exactly = [0] + [below[k] - below[k - 1] for k in range(1, SIDES + 1)]
    weights = [0] * (2 * SIDES - 1)
    for a in range(1, SIDES + 1):
        weights[2 * a - 2] += a * below[a] - (a - 1) * below[a - 1] - n * below[a - 1]
        for b in range(1, a):
            weights[a + b - 2] += n * exactly[b]
    if not highest:
        weights.reverse()
    return tuple(weights)


@lru_cache(maxsize=1024)
def _check_outcomes(dice: int, highest: bool, need: int, spend: int) -> Distribution:
    """Outcomes when the two kept dice must sum to ``need`` (Threshold - bonus), buying
    every miss that costs ``spend`` Chance or less."""
    weights = dict.fromkeys(_outcome_names(spend), 0)
    for i, ways in enumerate(_sum_weights(dice, highest)):
        weights[_outcome_name(need - (i + 2), spend)] += ways
    return Distribution.from_weights(weights, SIDES**dice)


@lru_cache(maxsize=256)
def _diff_weights(dice: int, highest: bool, dice_b: int, highest_b: bool) -> tuple[int, ...]:
    """Ways, out of 12**(dice + dice_b), for each kept-sum difference -22..22."""
    # the difference a - b is a sum with b's weights reversed (index 0 is -22)
    return tuple(convolve(_sum_weights(dice, highest), _sum_weights(dice_b, highest_b)[::-1]))


def _bound(bound: Any) -> int | None:
    """A whole number, checked before it keys a cache (``listed`` checks its range)."""
    return None if bound is None else integer("bound", bound)


@lru_cache(maxsize=256)
def _totals(dice: int, highest: bool, bonus: int, bound: int | None) -> Distribution:
    """The total of a check: kept sum plus ``bonus``."""
    pairs = [(i + 2 + bonus, w) for i, w in enumerate(_sum_weights(dice, highest))]
    return listed(pairs, SIDES**dice, bound)


@lru_cache(maxsize=256)
def _margins(
    dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int, reroll: bool
) -> tuple[tuple[tuple[int, int], ...], int]:
    """(margin, ways) pairs of a contest and their denominator; a reroll drops ties."""
    weights = _diff_weights(dice, highest, dice_b, highest_b)
    pairs = tuple((i - 2 * SIDES + 2 + shift, w) for i, w in enumerate(weights))
    denominator = SIDES ** (dice + dice_b)
    if reroll:
        denominator -= sum(w for m, w in pairs if m == 0)
        pairs = tuple((m, 0 if m == 0 else w) for m, w in pairs)
    return pairs, denominator


@lru_cache(maxsize=256)
def _contest_outcomes(
    dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int, ties: str, spend: int = 0
) -> Distribution:
    """Lose, (tie,) (win with a Complication,) win: the actor buying any result short of a win
    that costs ``spend`` Chance or less."""
    pairs, denominator = _margins(dice, highest, dice_b, highest_b, shift, ties == "reroll")
    weights = dict.fromkeys(_contest_names(ties, spend), 0)
    for margin, ways in pairs:
        if ways:
            weights[_contest_outcome(margin, ties, spend)] += ways
    return Distribution.from_weights(weights, denominator)


@lru_cache(maxsize=256)
def _contest_margins(
    dice: int, highest: bool, dice_b: int, highest_b: bool, shift: int, reroll: bool, bound: int | None
) -> Distribution:
    pairs, denominator = _margins(dice, highest, dice_b, highest_b, shift, reroll)
    return listed(list(pairs), denominator, bound)
