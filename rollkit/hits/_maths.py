"""Exact integer weights for pools of d10: binomials, bands of table 7A, convolutions.

Every function takes plain ints and returns integer weights over a power of
ten (``10**dice``), so callers build ``Fraction``s once at the end.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .._dist import Distribution, check_bound, convolve
from ._rules import DEGREES, OUTCOMES, VALIDATION_FAILED, VALIDATION_PASSED

__all__ = [
    "binomial",
    "bands",
    "check_bands",
    "validation_bands",
    "opposed_bands",
    "opposed_effects",
    "group_weights",
    "outcome_distribution",
    "tally_distribution",
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


@lru_cache(maxsize=1024)
def check_bands(n: int, t: int, shift: int) -> tuple[int, ...]:
    """Band weights over ``10**n`` for n dice at t+, Effect = Hits - shift."""
    return bands(binomial(n, t), -shift)


@lru_cache(maxsize=1024)
def validation_bands(n: int, t: int, v: int, shift: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Band weights over ``10**n`` when the last of n dice is also checked at v+.

    Returns (validation failed, validation passed). The validation die still
    counts as a Hit at t+, so the two facts are counted jointly per face.
    """
    rest = binomial(n - 1, t)
    hp = 11 - max(t, v)  # hit and pass
    hf = max(0, v - t)  # hit, fails validation
    mp = max(0, t - v)  # miss, passes validation
    mf = min(t, v) - 1  # miss and fail
    failed = [0] * (n + 1)
    passed = [0] * (n + 1)
    for k, w in enumerate(rest):
        failed[k] += w * mf
        failed[k + 1] += w * hf
        passed[k] += w * mp
        passed[k + 1] += w * hp
    return bands(failed, -shift), bands(passed, -shift)


def _prefix(weights: tuple[int, ...]) -> list[int]:
    out = [0]
    for w in weights:
        out.append(out[-1] + w)
    return out


@lru_cache(maxsize=256)
def opposed_bands(na: int, ta: int, nb: int, tb: int) -> tuple[int, ...]:
    """Band weights over ``10**(na+nb)`` of Effect = a's Hits - b's Hits."""
    prefix = _prefix(binomial(na, ta))
    out = [0] * _BANDS
    for b, wb in enumerate(binomial(nb, tb)):
        if not wb:
            continue
        for j, d in enumerate(DEGREES):
            lo = 0 if d.low is None else min(na + 1, max(0, b + d.low))
            hi = na + 1 if d.high is None else min(na + 1, max(0, b + d.high + 1))
            if lo < hi:
                out[j] += wb * (prefix[hi] - prefix[lo])
    return tuple(out)


@lru_cache(maxsize=16)
def opposed_effects(na: int, ta: int, nb: int, tb: int) -> tuple[int, ...]:
    """Weights over ``10**(na+nb)`` of Effect -nb..na (index 0 is Effect -nb)."""
    # a's Hits plus b's misses: (m_a + h_a x)^na (h_b + m_b x)^nb. One die of b at a time:
    # small factors keep the products cheap where both pools are large.
    poly = list(binomial(na, ta))
    for _ in range(nb):
        poly = convolve(poly, (11 - tb, tb - 1))
    return tuple(poly)


@lru_cache(maxsize=16)
def group_weights(
    dice: int, t: int, helpers: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Exact weights for a group check (section "Group Checks").

    Returns ``(total, leader, top)``: ``total[s]`` is the weight over
    ``10**H`` (H = the helpers' dice) that the helpers score s Hits in all, so
    their summed Effect is ``s - len(helpers)`` (each rolls against TN 1);
    ``leader[k]`` is the weight over ``10**(H+top)`` that the leader, rolling
    ``dice`` plus that Effect (floored at 0), scores k Hits; ``top`` is the
    largest pool the leader can roll.
    """
    total = [1]
    for n, ht in helpers:  # sum of helpers' Hits: product of (m + h x)^n
        total = convolve(total, binomial(n, ht))
    top = max(0, dice + len(total) - 1 - len(helpers))
    pools = [0] * (top + 1)
    for s, w in enumerate(total):
        pools[max(0, dice + s - len(helpers))] += w
    # Horner in y = (m + h x): sum_p pools[p] 10^(top-p) y^p over 10^(H+top).
    h, m = 11 - t, t - 1
    acc = [pools[top]]
    scale = 1
    for p in range(top - 1, -1, -1):
        scale *= 10
        acc = convolve(acc, (m, h))
        acc[0] += pools[p] * scale
    return tuple(total), tuple(acc), top


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


def _band_weights(rolled: int, threshold: int, shift: int, validation: int) -> tuple[int, ...]:
    """Band weights over ``10**rolled``, Effect = Hits - ``shift``; with a validation die
    (``validation`` 2-10) the failed rows come before the passed rows."""
    if validation:
        failed, passed = validation_bands(rolled, threshold, validation, shift)
        return failed + passed
    return check_bands(rolled, threshold, shift)


@lru_cache(maxsize=1024)
def _check_chance(rolled: int, threshold: int, shift: int, validation: int) -> Fraction:
    """P(Hits - ``shift`` >= 0 with the validation die passing, if any): the last rows count."""
    weights = _band_weights(rolled, threshold, shift, validation)
    wins = sum(w for w, d in zip(weights[-len(DEGREES) :], DEGREES) if d.success)
    return Fraction(wins, 10**rolled)


@lru_cache(maxsize=1024)
def _check_outcomes(rolled: int, threshold: int, shift: int, validation: int) -> Distribution:
    """The outcome rows of a Check, worst to best (see ``_band_weights``)."""
    labels = VALIDATION_FAILED + VALIDATION_PASSED if validation else OUTCOMES
    return outcome_distribution(_band_weights(rolled, threshold, shift, validation), 10**rolled, labels)
