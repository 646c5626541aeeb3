"""Exact maths of again pools (the recurrence and series of the package docstring):
integer weights over powers of 10, cached on plain parameters."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import islice

from .._dist import TAIL_BELOW, Distribution, check_bound
from ._rules import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    CRITICAL_SUCCESSES,
    FAILURE,
    MAX_BOUND,
    SUCCESS,
)

# --- exact maths on one pool -------------------------------------------------------------


def _iter_weights(n: int, again: int) -> Iterator[int]:
    """Yield w_s with P(successes = s) = w_s / 10**(n + s) for s = 0, 1, 2, ...

    With f, q, r in tenths (7, again - 8, 11 - again), H = ((f + q z)/(1 - r z))**n
    satisfies (f + (q - f r) z - q r z**2) H' = n (q + r f) H, which gives a
    three-term recurrence; every division in it is exact.
    """
    qn, rn = again - 8, 11 - again
    a, b, c = n * (10 * qn + 7 * rn), 10 * qn - 7 * rn, 10 * qn * rn
    prev, cur, s = 0, 7**n, 0
    while True:
        yield cur
        prev, cur = cur, ((a - b * s) * cur + c * (s - 1) * prev) // (7 * (s + 1))
        s += 1


@lru_cache(maxsize=64)
def _weights(n: int, again: int, count: int) -> tuple[int, ...]:
    """The first ``count`` weights of ``_iter_weights``."""
    return tuple(islice(_iter_weights(n, again), count))


def _below(w: tuple[int, ...], t: int, top: int) -> int:
    """P(successes < t) as a weight over 10**(n + top), for t <= top + 1."""
    acc = 0
    for s in range(t):
        acc = acc * 10 + w[s]
    return acc * 10 ** (top - t + 1) if t else 0


@lru_cache(maxsize=1024)
def _default_bound(n: int, again: int) -> int:
    """Smallest B with P(successes > B) < TAIL_BELOW (exact integer test)."""
    acc, den = 0, 10 ** (n - 1)
    for s, w in enumerate(_iter_weights(n, again)):
        acc, den = acc * 10 + w, den * 10
        if (den - acc) * TAIL_BELOW.denominator < den:
            return s
    raise AssertionError("unreachable")  # pragma: no cover


@lru_cache(maxsize=32)
def _tally(n: int, again: int, bound: int) -> Distribution:
    """Successes 0..bound exactly, and the exact mass above ``bound``."""
    w = _weights(n, again, bound + 1)
    pairs = tuple((s, Fraction(w[s], 10 ** (n + s))) for s in range(bound + 1))
    den = 10 ** (n + bound)
    listed = _below(w, bound + 1, bound)
    return Distribution(pairs, Fraction(den - listed, den), f"{bound + 1} or more")


@lru_cache(maxsize=4096)
def _static_outcomes(n: int, again: int, need: int, botch: str, faces: int) -> Distribution:
    """Critical failure / failure / success / critical success of a pool needing ``need``,
    the botch die botching on ``faces`` of its 10 faces."""
    top = max(need, CRITICAL_SUCCESSES)
    w = _weights(n, again, top)
    den = 10 ** (n + top + 1)
    fail = _below(w, need, top + 1)
    below_top = _below(w, top, top + 1)
    eligible = {"failure": fail, "zero": w[0] * 10 ** (top + 1), "none": 0}[botch]
    botched = eligible // 10 * faces  # the botch die shows one of ``faces`` faces
    return Distribution.from_weights(
        [
            (CRITICAL_FAILURE, botched),
            (FAILURE, fail - botched),
            (SUCCESS, below_top - fail),
            (CRITICAL_SUCCESS, den - below_top),
        ],
        den,
    )


def _tally_for(n: int, again: int, bound: int | None) -> Distribution:
    if bound is None:
        bound = _default_bound(n, again)
    return _tally(n, again, check_bound(bound, lowest=0, limit=MAX_BOUND))


# --- Opposed ---------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _omega(degree: int, ell: int) -> tuple[int, ...]:
    """Weights for an infinite sum: sum over j >= 1 of x**j P(j), x = ell/100.

    For any polynomial P of degree <= ``degree`` = K the sum equals
    sum_i omega_i P(1 + i) / (100 - ell)**(K + 1), from Newton's forward
    differences and sum_j C(j, k) x**j = x**k / (1 - x)**(k + 1).
    """
    rest = 100 - ell
    omega = [0] * (degree + 1)
    row = [1]
    for k in range(degree + 1):
        t = ell ** (k + 1) * rest ** (degree - k)
        for i, c in enumerate(row):
            omega[i] += c * t if (k - i) % 2 == 0 else -c * t
        row = [1, *(row[i] + row[i + 1] for i in range(k)), 1]
    return tuple(omega)


def _cross_sum(
    wd: tuple[int, ...], g: list[int] | tuple[int, ...], shift: int, n: int, m: int, ell: int
) -> Fraction:
    """Sum over j >= 0 of d_j g_(j+shift) for d_j = wd[j]/10**(m+j), g_s = g[s]/10**(n+s).

    Both factors are a geometric times a polynomial for j >= 1 (degrees below
    m and n), so the sum past j = 0 is exact through ``_omega``.
    """
    degree = n + m - 2
    omega = _omega(degree, ell)
    acc = 0
    power = 1
    for i in range(degree, -1, -1):
        acc += omega[i] * wd[i + 1] * g[i + 1 + shift] * power
        power *= ell
    rest = 100 - ell
    head = Fraction(wd[0] * g[shift], 10 ** (m + n + shift))
    return head + Fraction(acc, rest ** (degree + 1) * ell ** (degree + 1) * 10 ** (m + n + shift))


def _survival(w: tuple[int, ...], n: int) -> list[int]:
    """P(successes > s) = out[s] / 10**(n + s) for each listed s."""
    out, acc, den = [], 0, 10**n
    for x in w:
        acc, den = acc * 10 + x, den * 10
        out.append(den // 10 - acc)
    return out


@lru_cache(maxsize=1024)
def _opposed_parts(n: int, a: int, m: int, d: int) -> tuple[Fraction, Fraction]:
    """(P(active > defending), P(tie)) for pools n (``a``-again) against m (``d``-again)."""
    ell = (11 - a) * (11 - d)
    count = n + m
    wa, wd = _weights(n, a, count), _weights(m, d, count)
    return (_cross_sum(wd, _survival(wa, n), 0, n, m, ell), _cross_sum(wd, wa, 0, n, m, ell))


@lru_cache(maxsize=32)
def _opposed_tally(n: int, a: int, m: int, d: int, bound: int | None) -> Distribution:
    """Net successes of the active side, max(0, A - D), to ``bound`` plus the exact tail."""
    win, _ = _opposed_parts(n, a, m, d)
    limit = _default_bound(n, a) if bound is None else bound
    ell = (11 - a) * (11 - d)
    wa, wd = _weights(n, a, n + m + limit + 1), _weights(m, d, n + m)
    pairs = [(0, 1 - win)]
    tail = win
    for k in range(1, limit + 1):
        if bound is None and tail < TAIL_BELOW:
            break
        p = _cross_sum(wd, wa, k, n, m, ell)
        pairs.append((k, p))
        tail -= p
    return Distribution(tuple(pairs), tail, f"{len(pairs)} or more")
