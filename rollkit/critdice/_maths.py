"""Exact maths of critdice rolls (the generating function and cost profiles of the package
docstring): integers over powers of 12, cached on plain parameters."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import cast

from .._dist import TAIL_BELOW, Distribution
from ._rules import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    FAILURE,
    SIDES,
    SUCCESS,
    _choose,
    _face_count,
    _prefix,
    _Shape,
    _shape,
)


@lru_cache(maxsize=256)
def _profiles(kinds: int, budget: int, n: int) -> tuple[dict[tuple[int, ...], int], ...]:
    """For k = 0..n dice, each showing one of ``kinds`` faces with costs 1..kinds:
    the number of face sequences per profile (sorted costs the budget can cover).

    Cost groups are taken cheapest first; C(j + k, k) places k new dice among j.
    Once a group cannot be afforded, the remaining faces only fill places.
    """
    alive: dict[tuple[int, tuple[int, ...]], int] = {(0, ()): 1}
    done: dict[tuple[int, tuple[int, ...], int], int] = defaultdict(int)
    for cost in range(1, kinds + 1):
        grown: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
        for (j, prof), w in alive.items():
            room = (budget - sum(prof)) // cost
            if room == 0:
                done[j, prof, kinds - cost + 1] += w
                continue
            for k in range(n - j + 1):
                grown[j + k, prof + (cost,) * min(k, room)] += w * comb(j + k, k)
        alive = grown
    for (j, prof), w in alive.items():
        done[j, prof, 0] += w
    out: list[dict[tuple[int, ...], int]] = [defaultdict(int) for _ in range(n + 1)]
    for (j, prof, faces), w in done.items():
        for k in range(n - j + 1 if faces else 1):
            out[j + k][prof] += w * comb(j + k, k) * faces**k
    return tuple(dict(d) for d in out)


@lru_cache(maxsize=128)
def _pool_weights(n: int, sn: int, budget: int) -> dict[tuple[int, int], int]:
    """(base successes, critical dice from 12s) -> number of face sequences, over 12**n.

    Only pairs with at least one face sequence are keys.
    """
    if budget == 0:
        return _unadjusted_weights(n, sn)
    return _policy_weights(n, sn, budget)


def _times_poly(poly: list[int], factor: list[int]) -> list[int]:
    """poly * factor, coefficients lowest first."""
    if len(factor) == 3:  # faces worth -1, 0 and +1: one pass
        c0, c1, c2 = factor
        pad = [0, 0, *poly, 0, 0]
        return [c0 * a + c1 * b + c2 * c for a, b, c in zip(pad[2:], pad[1:], pad)]
    size = len(poly)
    out = [0] * (size + len(factor) - 1)
    for j, c in enumerate(factor):
        if c:
            out[j : j + size] = [o + c * x for o, x in zip(out[j : j + size], poly)]
    return out


def _unadjusted_weights(n: int, sn: int) -> dict[tuple[int, int], int]:
    """``_pool_weights`` with no points to spend, so no policy: plain counting.

    With k twelves among the n dice (C(n, k) places), each other die shows
    one of the faces 1..11, so their base successes are the coefficients of
    F(z)**(n - k), F(z) = the sum of z**value over those faces (values from
    ``_face_count``, the same function that scores a rolled die).
    """
    shape = _shape(sn)
    values = [_face_count(face, sn, shape)[1] for face in range(1, SIDES)]
    least = min(values)
    face_poly = [0] * (max(values) - least + 1)
    for value in values:
        face_poly[value - least] += 1
    twelve = _face_count(SIDES, sn, shape)[1]
    powers = [[1]]  # F(z)**m / z**(m * least) for m = 0..n
    for _ in range(n):
        powers.append(_times_poly(powers[-1], face_poly))
    out: dict[tuple[int, int], int] = {}
    for k in range(n + 1):
        first = (n - k) * least + k * twelve
        place = comb(n, k)
        for i, w in enumerate(powers[n - k]):
            if w:
                out[first + i, k] = place * w
    return out


def _policy_weights(n: int, sn: int, budget: int) -> dict[tuple[int, int], int]:
    """``_pool_weights`` with the adjustment policy applied to every roll.

    Dice split into 1s, low, high and 12s (multinomial); the policy's
    (m, crits) depends only on the low and high cost profiles.
    """
    shape = _shape(sn)
    lows, highs = _profiles(shape.low, budget, n), _profiles(shape.high, budget, n)
    low_sums = {p: _prefix(p, budget) for d in lows for p in d}
    high_sums = {p: _prefix(p, budget) for d in highs for p in d}
    picks = {
        (a, b): _choose(sa, sb, budget, shape)[:2]
        for a, sa in low_sums.items()
        for b, sb in high_sums.items()
    }
    by_low: dict[tuple[tuple[int, ...], int], dict[tuple[int, int], int]] = {}
    for n_high, dh in enumerate(highs):
        for a in low_sums:
            acc: dict[tuple[int, int], int] = defaultdict(int)
            for b, w in dh.items():
                acc[picks[a, b]] += w
            by_low[a, n_high] = acc
    out: dict[tuple[int, int], int] = defaultdict(int)
    for n_low, dl in enumerate(lows):
        for n_high in range(n - n_low + 1):
            both: dict[tuple[int, int], int] = defaultdict(int)
            for a, wa in dl.items():
                for mc, w in by_low[a, n_high].items():
                    both[mc] += wa * w
            rest = n - n_low - n_high
            place = comb(n, n_low) * comb(n - n_low, n_high)
            for (m, crits), w in both.items():
                for twelves in range(rest + 1):
                    base = shape.high_value * n_high + shape.twelve_value * twelves - (rest - twelves) + m
                    out[base, twelves + crits] += place * comb(rest, twelves) * w
    return dict(out)


def _times_chain(poly: list[int], shape: _Shape) -> list[int]:
    """Multiply by one critical die's C(z) (coefficients scaled by 12**index), same length."""
    a1, a2, v = shape.crit_ones, 12 * shape.crit_twos, shape.crit_twelve
    q = 12 ** (v - 1)
    out = [0] * len(poly)
    for i in range(len(poly) - 1, 0, -1):
        out[i] = a1 * poly[i - 1] + (a2 * poly[i - 2] if i >= 2 else 0)
    for i in range(v, len(out)):
        out[i] += q * out[i - v]
    return out


@lru_cache(maxsize=32)
def _totals(
    n: int, sn: int, budget: int, critical: int, size: int, plain: bool = False
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(low, W, V) with P(total = t) = W[t - low] / 12**(n + t - low) for t < low + size.

    ``low`` is the lowest base. One Horner pass in C(z): the sum over k of
    P_k(z) C(z)**k, times C(z)**critical; with ``plain``, V is the same for
    the rolls with no standard 12 (k = 0 alone), else empty. A smaller size
    gives a prefix of the same numbers, so callers share a size and slice.
    Each critical die adds at least 1, so terms that cannot land below
    ``low + size`` are skipped, which is exact.
    """
    shape = _shape(sn)
    weights = _pool_weights(n, sn, budget)
    low = min(base for base, _ in weights)
    reach = size - critical
    polys: dict[int, list[int]] = {}
    for (base, k), w in weights.items():
        i = base - low
        if i + k < reach:
            poly = polys.get(k)
            if poly is None:
                poly = polys[k] = [0] * size
            poly[i] += w * 12**i
    top = max(polys, default=0)
    acc = polys.get(top) or [0] * size
    for k in range(top - 1, -1, -1):
        acc = _times_chain(acc, shape)
        if k in polys:
            acc = [x + y for x, y in zip(acc, polys[k])]
    rest = (polys.get(0) or [0] * size) if plain else []
    for _ in range(critical):
        acc = _times_chain(acc, shape)
        if plain:
            rest = _times_chain(rest, shape)
    return low, tuple(acc), tuple(rest)


def _first_size(n: int, critical: int) -> int:
    """The first size ``_default_bound`` tries; it doubles it until the tail is small."""
    return 3 * n + 3 * critical + 24


@lru_cache(maxsize=1024)
def _outcomes(n: int, sn: int, budget: int, critical: int) -> Distribution:
    """Critical failure (total < 0), failure (0), success (1+, no 12), critical success."""
    weights = _pool_weights(n, sn, budget)
    low = min(base for base, _ in weights)
    _, every, plain = _totals(n, sn, budget, critical, 1 - low, True)
    den = 12 ** (n - low)
    below = sum(w * 12 ** (-low - i) for i, w in enumerate(every[:-1]))
    plain_total = sum(w for (_, k), w in weights.items() if k == 0)
    plain_up = plain_total * 12**-low - sum(w * 12 ** (-low - i) for i, w in enumerate(plain))
    # a dict, not a list of pairs: from_weights then skips a slow first isinstance(Mapping)
    return Distribution.from_weights(
        {
            CRITICAL_FAILURE: below,
            FAILURE: every[-1],
            SUCCESS: plain_up,
            CRITICAL_SUCCESS: den - below - every[-1] - plain_up,
        },
        den,
    )


@lru_cache(maxsize=1024)
def _default_bound(n: int, sn: int, budget: int, critical: int) -> int:
    """Smallest bound whose tail is below TAIL_BELOW (exact integer test)."""
    size = _first_size(n, critical)
    while True:
        low, w, _ = _totals(n, sn, budget, critical, size)
        cum = 0
        for i, x in enumerate(w):
            cum = cum * 12 + x
            den = 12 ** (n + i)
            if (den - cum) * TAIL_BELOW.denominator < den * TAIL_BELOW.numerator:
                return low + i
        size *= 2


def _lowest(n: int, sn: int, budget: int, critical: int) -> tuple[int, int]:
    """(lowest base, lowest total): every critical die adds at least 1."""
    weights = _pool_weights(n, sn, budget)
    return min(b for b, _ in weights), min(b + k for b, k in weights) + critical


@lru_cache(maxsize=64)
def _tally(n: int, sn: int, budget: int, critical: int, bound: int) -> Distribution:
    """Totals from the lowest reachable one to ``bound``, and the exact mass above."""
    low, start = _lowest(n, sn, budget, critical)
    need = bound - low + 1
    size = _first_size(n, critical)  # the sizes _default_bound uses, so its pass is reused
    while size < need:
        size *= 2
    w = _totals(n, sn, budget, critical, size)[1][:need]
    pairs, cum = [], 0
    for i, x in enumerate(w):
        cum = cum * 12 + x
        if low + i >= start:
            pairs.append((low + i, Fraction(x, 12 ** (n + i))))
    den = 12 ** (n + len(w) - 1)
    return Distribution(tuple(pairs), Fraction(den - cum, den), f"{bound + 1} or more")


@lru_cache(maxsize=256)
def _after_standard(base: int, critical: int, sn: int, twelve: bool) -> Distribution:
    """The outcomes once the standard dice are settled: ``base`` from them (successes minus
    Fails), ``critical`` critical dice still to roll, ``twelve`` if a standard die shows 12.

    Each critical die adds at least 1, so only totals of the critical dice up to ``-base``
    need listing: the rest is the exact mass above them.
    """
    chain = _tally(0, sn, 0, critical, max(-base, critical))
    totals = [(cast(int, t), p) for t, p in chain.items()]
    below = sum((p for t, p in totals if base + t < 0), Fraction(0))
    zero = sum((p for t, p in totals if base + t == 0), Fraction(0))
    up = 1 - below - zero
    return Distribution(
        (
            (CRITICAL_FAILURE, below),
            (FAILURE, zero),
            (SUCCESS, Fraction(0) if twelve else up),
            (CRITICAL_SUCCESS, up if twelve else Fraction(0)),
        ),
        Fraction(0),
        "",
    )
