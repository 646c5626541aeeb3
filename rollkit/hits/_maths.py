"""Exact integer weights for pools of d10: binomials, bands of table 7A, convolutions.

Every function takes plain ints and returns integer weights over a power of
ten (``10**dice``), so callers build ``Fraction``s once at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .._dist import Distribution, check_bound, convolve
from ._rules import (
    DEGREES,
    MISFIRE_OUTCOMES,
    OUTCOMES,
    VALIDATION_FAILED,
    VALIDATION_PASSED,
    VALIDATION_RESULTS,
    max_bought,
)

__all__ = [
    "binomial",
    "bands",
    "validation_split",
    "Bands",
    "check_split",
    "opposed_split",
    "opposed_effects",
    "helper_hits",
    "GroupWeights",
    "group_weights",
    "group_split",
    "AttackWeights",
    "attack_weights",
    "outcome_distribution",
    "tally_distribution",
    "split_outcomes",
    "split_chance",
    "split_validation",
    "split_joint",
]

_BANDS = len(DEGREES)
CACHE_UP_TO = 300  # pools up to this size are cached; bigger ones are cheap to redo


def _binomial(n: int, t: int) -> tuple[int, ...]:
    h, m = 11 - t, t - 1  # faces that hit, faces that miss
    if m == 0:
        return (0,) * n + (10**n,)
    w = m**n
    out = [w]
    for k in range(n):
        # C(n,k+1) h^(k+1) m^(n-k-1) from C(n,k) h^k m^(n-k): an exact division.
        w = w * (n - k) * h // ((k + 1) * m)
        out.append(w)
    return tuple(out)


_binomial_cached = lru_cache(maxsize=256)(_binomial)


def binomial(n: int, t: int) -> tuple[int, ...]:
    """Weights over ``10**n`` of 0..n Hits on n d10 at Threshold t."""
    return _binomial_cached(n, t) if n <= CACHE_UP_TO else _binomial(n, t)


def bands(weights: tuple[int, ...] | list[int], first: int) -> tuple[int, ...]:
    """Sum weights into the bands of table 7A; ``weights[i]`` has Effect ``first + i``."""
    out = [0] * _BANDS
    size = len(weights)
    for j, d in enumerate(DEGREES):
        lo = 0 if d.low is None else max(0, d.low - first)
        hi = size if d.high is None else min(size, d.high - first + 1)
        if lo < hi:
            out[j] = sum(weights[lo:hi])
    return tuple(out)


@lru_cache(maxsize=256)
def validation_split(n: int, t: int, v: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Hits weights over ``10**n`` when the last of n dice (n >= 1) is also read at v+.

    Returns (validation failed, validation passed), each indexed by Hits 0..n. The
    validation die still counts as a Hit at t+, so the two facts are counted jointly
    per face.
    """
    rest = binomial(n - 1, t)
    (mf, hf), (mp, hp) = _validation_faces(t, v)
    failed = [0] * (n + 1)
    passed = [0] * (n + 1)
    for k, w in enumerate(rest):
        failed[k] += w * mf
        failed[k + 1] += w * hf
        passed[k] += w * mp
        passed[k + 1] += w * hp
    return tuple(failed), tuple(passed)


def _validation_faces(t: int, v: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Faces of the validation die as ((miss, hit) failing v+, (miss, hit) passing v+)."""
    return (min(t, v) - 1, max(0, v - t)), (max(0, t - v), 11 - max(t, v))


class Bands(NamedTuple):
    """Band weights of table 7A over ``10**exponent``, split by the Validation Die.

    ``failed`` holds the rolls whose validation die failed (all 0 without one),
    ``passed`` those whose die passed, or every roll when there is no die.
    """

    failed: tuple[int, ...]
    passed: tuple[int, ...]
    exponent: int


_NO_FAILURES = (0,) * _BANDS


@lru_cache(maxsize=1024)
def check_split(n: int, t: int, v: int, shift: int) -> Bands:
    """n dice at t+, Effect = Hits - shift; with v (2-10) the last die also read at v+."""
    if not v:
        return Bands(_NO_FAILURES, bands(binomial(n, t), -shift), n)
    failed, passed = validation_split(n, t, v)
    return Bands(bands(failed, -shift), bands(passed, -shift), n)


def _prefix(weights: Sequence[int]) -> list[int]:
    out = [0]
    for w in weights:
        out.append(out[-1] + w)
    return out


def _against(a: Sequence[int], b: Sequence[int], first: int) -> tuple[int, ...]:
    """Band weights of Effect = i - j + ``first`` for i weighted ``a[i]``, j weighted ``b[j]``."""
    prefix = _prefix(a)
    na = len(a) - 1
    out = [0] * _BANDS
    for j, wb in enumerate(b):
        if not wb:
            continue
        for k, d in enumerate(DEGREES):  # i - j + first in [low, high]
            lo = 0 if d.low is None else min(na + 1, max(0, j - first + d.low))
            hi = na + 1 if d.high is None else min(na + 1, max(0, j - first + d.high + 1))
            if lo < hi:
                out[k] += wb * (prefix[hi] - prefix[lo])
    return tuple(out)


@lru_cache(maxsize=256)
def opposed_split(na: int, ta: int, nb: int, tb: int, v: int = 0, first: int = 0) -> Bands:
    """Band weights over ``10**(na+nb)`` of Effect = a's Hits - b's Hits + ``first``.

    ``first`` is the bought Hits of a less those of b; with v (2-10) a's last die is
    also read at v+.
    """
    against = binomial(nb, tb)
    if not v:
        return Bands(_NO_FAILURES, _against(binomial(na, ta), against, first), na + nb)
    failed, passed = validation_split(na, ta, v)
    return Bands(_against(failed, against, first), _against(passed, against, first), na + nb)


@lru_cache(maxsize=16)
def opposed_effects(na: int, ta: int, nb: int, tb: int) -> tuple[int, ...]:
    """Weights over ``10**(na+nb)`` of Effect -nb..na (index 0 is Effect -nb)."""
    # a's Hits plus b's misses: (m_a + h_a x)^na (h_b + m_b x)^nb. One die of b at a time:
    # small factors keep the products cheap where both pools are large.
    poly = list(binomial(na, ta))
    for _ in range(nb):
        poly = convolve(poly, (11 - tb, tb - 1))
    return tuple(poly)


def helper_hits(n: int, t: int, buy: bool) -> tuple[tuple[int, ...], int]:
    """A helper's Hits weights over ``10**rolled`` and ``rolled``: with ``buy``, every group
    of ten the ten-dice rule allows is bought (ruling hits-group-helpers-buying)."""
    groups = max_bought(dice=n) if buy else 0
    rolled = n - 10 * groups
    return (0,) * (groups * (11 - t)) + binomial(rolled, t), rolled


def _mix(pools: Sequence[int], t: int) -> list[int]:
    """Hits weights over ``10**top`` of a pool of p dice at t+ drawn with weight ``pools[p]``
    (top = len(pools) - 1): Horner in y = (m + h x), sum_p pools[p] 10^(top-p) y^p."""
    h, m = 11 - t, t - 1
    acc = [pools[-1]]
    scale = 1
    for p in range(len(pools) - 2, -1, -1):
        scale *= 10
        acc = convolve(acc, (m, h))
        acc[0] += pools[p] * scale
    return acc


def _mix_split(pools: Sequence[int], t: int, v: int) -> tuple[list[int], list[int]]:
    """``_mix`` split by a Validation Die at v+, the last die of each pool (v = 0: none).

    A pool of 0 dice has no die to pass, so its validation fails
    (ruling hits-group-validation-no-dice).
    """
    if not v:
        return [0], _mix(pools, t)
    top = len(pools) - 1
    if top == 0:
        return [pools[0]], [0]
    inner = _mix(pools[1:], t)  # every pool less its validation die, over 10**(top-1)
    (mf, hf), (mp, hp) = _validation_faces(t, v)
    failed = convolve(inner, (mf, hf))
    failed[0] += pools[0] * 10**top
    return failed, convolve(inner, (mp, hp))


class GroupWeights(NamedTuple):
    """Exact weights of a group check (section "Group Checks").

    ``total[s]`` is the weight over ``10**helper_dice`` that the helpers score s Hits
    in all, bought ones included, so their summed Effect is ``s - helpers``;
    ``failed``/``passed`` (of one length) are the leader's Hits over
    ``10**(helper_dice + leader_dice)`` with the leader's Validation Die failed or
    passed (``failed`` all 0 without one).
    """

    total: tuple[int, ...]
    failed: tuple[int, ...]
    passed: tuple[int, ...]
    helper_dice: int
    leader_dice: int


@lru_cache(maxsize=16)
def group_weights(
    dice: int,
    t: int,
    helpers: tuple[tuple[int, int], ...],
    bought: int = 0,
    helpers_buy: bool = False,
    v: int = 0,
) -> GroupWeights:
    """The helpers roll against TN 1; the leader rolls ``dice`` plus their summed Effect.

    The pool never drops below 0 dice. The leader buys ``bought`` groups of ten, or
    as many as the pool after the helpers' Effect allows when that is fewer (ruling
    hits-group-leader-buying); the rolled dice never exceed ``leader_dice``.
    """
    total = [1]
    helper_dice = 0
    for n, ht in helpers:  # sum of helpers' Hits: a product of polynomials
        weights, rolled = helper_hits(n, ht, helpers_buy)
        total = convolve(total, weights)
        helper_dice += rolled
    pools: dict[int, int] = {}
    for s, w in enumerate(total):
        if w:
            p = max(0, dice + s - len(helpers))
            pools[p] = pools.get(p, 0) + w
    # Pools grouped by the groups of ten the leader buys: the rolled dice differ.
    by_groups: dict[int, dict[int, int]] = {}
    for p, w in pools.items():
        groups = min(bought, max_bought(dice=p))
        by_groups.setdefault(groups, {})[p - 10 * groups] = w
    leader_dice = max(r for by_rolled in by_groups.values() for r in by_rolled)
    failed = [0]
    passed = [0]
    for groups, by_rolled in by_groups.items():
        top = max(by_rolled)
        part_failed, part_passed = _mix_split([by_rolled.get(r, 0) for r in range(top + 1)], t, v)
        scale, offset = 10 ** (leader_dice - top), groups * (11 - t)
        for out, part in ((failed, part_failed), (passed, part_passed)):
            out.extend([0] * (offset + len(part) - len(out)))
            for k, w in enumerate(part):
                out[offset + k] += w * scale
    size = max(len(failed), len(passed))
    failed += [0] * (size - len(failed))
    passed += [0] * (size - len(passed))
    return GroupWeights(tuple(total), tuple(failed), tuple(passed), helper_dice, leader_dice)


def group_split(
    dice: int,
    t: int,
    helpers: tuple[tuple[int, int], ...],
    bought: int,
    helpers_buy: bool,
    v: int,
    tn: int,
) -> Bands:
    """Band weights of the leader's Effect (Hits - ``tn``); see ``group_weights``."""
    w = group_weights(dice, t, helpers, bought, helpers_buy, v)
    return Bands(bands(w.failed, -tn), bands(w.passed, -tn), w.helper_dice + w.leader_dice)


class AttackWeights(NamedTuple):
    """Exact weights over ``10**exponent`` of an attack and the Damage Check that follows it.

    ``outcomes`` are the weights of ``MISFIRE`` (under Misfire only), ``ATTACK_MISSED`` and
    the Damage Check's ``DAMAGE_OUTCOMES`` (table 7A, eff:0 apart); ``damage[d]`` is the
    weight of d damage (the Damage Check's Effect when it is 1 or more, else 0); ``success``
    the weight of some damage dealt.
    """

    outcomes: tuple[int, ...]
    damage: tuple[int, ...]
    success: int
    exponent: int


@lru_cache(maxsize=256)
def attack_weights(
    n: int, t: int, v: int, shift: int, keyword: str, dn: int, dt: int, dshift: int
) -> AttackWeights:
    """n attack dice at t+ (Effect = Hits - ``shift``; with v the last also read at v+), and
    when the attack succeeds (and, under Misfire, its Validation Die passes) dn damage dice
    at dt+ with Effect = Hits - ``dshift`` (ruling hits-attack-then-damage). The two rolls
    are independent: every product of an attack's weight and a damage weight is one joint
    weight over ``10**(n + dn)``."""
    split = check_split(n, t, v, shift)
    wins = [d.success for d in DEGREES]
    through = sum(w for w, ok in zip(split.passed, wins) if ok)
    misfire = 0
    if keyword == "misfire":
        misfire = sum(split.failed)
    else:
        through += sum(w for w, ok in zip(split.failed, wins) if ok)
    missed = 10**n - through - misfire
    hits = binomial(dn, dt)  # hits[k]: Effect k - dshift
    damage = [0] * (max(0, dn - dshift) + 1)
    damage[0] = (missed + misfire) * 10**dn
    for k, w in enumerate(hits):
        damage[max(0, k - dshift)] += through * w
    banded = bands(hits, -dshift)
    nil = hits[dshift] if 0 <= dshift <= dn else 0  # eff:0: a success that deals no damage
    outcomes = ((misfire * 10**dn,) if keyword == "misfire" else ()) + (missed * 10**dn,)
    outcomes += tuple(through * w for w in (*banded[:3], nil, banded[3] - nil, *banded[4:]))
    return AttackWeights(outcomes, tuple(damage), sum(damage[1:]), n + dn)


# --- outcomes and tallies as Distributions ----------------------------------------------


@lru_cache(maxsize=1024)
def outcome_distribution(
    weights: tuple[int, ...], denominator: int, labels: tuple[str, ...] = OUTCOMES
) -> Distribution:
    """The outcomes of table 7A from band weights over one denominator."""
    return Distribution.from_weights(list(zip(labels, weights)), denominator)


@lru_cache(maxsize=256)
def _whole(weights: tuple[int, ...], first: int, denominator: int) -> Distribution:
    return Distribution.from_weights([(first + i, w) for i, w in enumerate(weights)], denominator)


def tally_distribution(
    weights: tuple[int, ...] | list[int], first: int, denominator: int, bound: int | None
) -> Distribution:
    """Tally ``first + i`` with weight ``weights[i]``; above ``bound`` goes to the tail."""
    if bound is not None:
        bound = check_bound(bound, lowest=first)
    last = first + len(weights) - 1
    if bound is None or bound >= last:
        if len(weights) - 1 <= CACHE_UP_TO:  # the tally of n dice has n + 1 entries
            return _whole(tuple(weights), first, denominator)
        return Distribution.from_weights([(first + i, w) for i, w in enumerate(weights)], denominator)
    keep = max(0, bound - first + 1)
    return Distribution.from_weights(
        [(first + i, w) for i, w in enumerate(weights[:keep])],
        denominator,
        tail_weight=sum(weights[keep:]),
        tail_label=f"{bound + 1} or more",
    )


# --- what a Validation Die changes (ruling hits-validation-keyword) -----------------------
# The callers cache these on plain parameters (``_checks.py``).


def _rows(split: Bands, keyword: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Outcome names and weights: table 7A, or under Misfire the misfire first."""
    if keyword == "misfire":
        return MISFIRE_OUTCOMES, (sum(split.failed), *split.passed)
    return OUTCOMES, tuple(f + p for f, p in zip(split.failed, split.passed))


def split_outcomes(split: Bands, keyword: str) -> Distribution:
    """Every outcome, worst to best, with the keyword's consequence applied."""
    labels, weights = _rows(split, keyword)
    return outcome_distribution(weights, 10**split.exponent, labels)


def split_chance(split: Bands, keyword: str) -> Fraction:
    """P(success): the Hits reach the TN and, under Misfire, the Validation Die passes."""
    _, weights = _rows(split, keyword)
    wins = sum(w for w, d in zip(weights[-_BANDS:], DEGREES) if d.success)
    return Fraction(wins, 10**split.exponent)


def split_validation(split: Bands) -> Distribution:
    """The Validation Check alone: failed, then passed."""
    weights = (sum(split.failed), sum(split.passed))
    return outcome_distribution(weights, 10**split.exponent, VALIDATION_RESULTS)


def split_joint(split: Bands) -> Distribution:
    """Every band of table 7A with the validation failed, then with it passed."""
    return outcome_distribution(
        split.failed + split.passed, 10**split.exponent, VALIDATION_FAILED + VALIDATION_PASSED
    )
