"""Exact maths of again pools (the recurrence and series of the package docstring):
integer weights over powers of 10, cached on plain parameters."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import islice

from .._dist import TAIL_BELOW, Distribution, check_bound
from ._rules import (
    ACTIVE_WINS,
    BOTCHED_CRITICAL,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    CRITICAL_SUCCESSES,
    DEFENDER_WINS,
    FAILED_CRITICAL,
    FAILURE,
    MAX_BOUND,
    SUCCESS,
    TIE,
    _opposed_name,
    _opposed_rank,
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
def _static_outcomes(
    n: int, again: int, need: int, botch: str, faces: int, critical: str = "any"
) -> Distribution:
    """Critical failure / failure / success / critical success of a pool needing ``need``,
    the botch die botching on ``faces`` of its 10 faces. With ``critical="any"`` and more than
    5 successes needed, a failure of 5 or more successes is a critical success too, without
    and with a botch: those two outcomes are listed below a success."""
    top = max(need, CRITICAL_SUCCESSES)
    w = _weights(n, again, top)
    den = 10 ** (n + top + 1)
    fail = _below(w, need, top + 1)
    below_top = _below(w, top, top + 1)
    plain = _below(w, min(need, CRITICAL_SUCCESSES), top + 1)  # failures of fewer than 5
    eligible = {"failure": plain, "zero": w[0] * 10 ** (top + 1), "none": 0}[botch]
    botched = eligible // 10 * faces  # the botch die shows one of ``faces`` faces
    high = fail - plain  # failures of 5 or more successes
    high_botched = high // 10 * faces if botch == "failure" else 0
    if critical == "any" and need > CRITICAL_SUCCESSES:
        failures = [
            (CRITICAL_FAILURE, botched),
            (BOTCHED_CRITICAL, high_botched),
            (FAILURE, plain - botched),
            (FAILED_CRITICAL, high - high_botched),
        ]
    else:
        failures = [(CRITICAL_FAILURE, botched + high_botched), (FAILURE, fail - botched - high_botched)]
    return Distribution.from_weights(
        [*failures, (SUCCESS, below_top - fail), (CRITICAL_SUCCESS, den - below_top)], den
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


Cell = tuple[str, bool, bool, bool, Fraction]
"""One part of an opposed roll: its result, whether each side (active, defending) rolled 5 or
more successes, whether the losing side rolled none, and its probability."""


@lru_cache(maxsize=1024)
def _opposed_cells(n: int, a: int, m: int, d: int) -> tuple[Cell, ...]:
    """The opposed roll cut into the parts its criticals and botches need, which add up to 1.

    Below 5 successes on a side the sums are finite; each part past them is a result
    (``_opposed_parts``) less its finite parts.
    """
    top = CRITICAL_SUCCESSES
    pa = [Fraction(w, 10 ** (n + s)) for s, w in enumerate(_weights(n, a, top + 1))]
    pd = [Fraction(w, 10 ** (m + s)) for s, w in enumerate(_weights(m, d, top + 1))]

    def at_least(p: list[Fraction], k: int) -> Fraction:
        return 1 - sum(p[:k], Fraction(0))

    win, tie = _opposed_parts(n, a, m, d)
    lose = 1 - win - tie
    # the active side wins: the defender below 5, the active side below 5, the defender on 0
    win_low = sum((pd[j] * at_least(pa, j + 1) for j in range(top)), Fraction(0))
    win_plain = sum((pa[i] * sum(pd[:i], Fraction(0)) for i in range(top)), Fraction(0))
    shut, shut_high = pd[0] * at_least(pa, 1), pd[0] * at_least(pa, top)
    # the defender wins outright, the same parts with the sides swapped
    lose_low = sum((pa[i] * at_least(pd, i + 1) for i in range(top)), Fraction(0))
    lose_plain = sum((pd[j] * sum(pa[:j], Fraction(0)) for j in range(top)), Fraction(0))
    out, out_high = pa[0] * at_least(pd, 1), pa[0] * at_least(pd, top)
    level = sum((pa[s] * pd[s] for s in range(top)), Fraction(0))
    return (
        (ACTIVE_WINS, False, False, True, shut - shut_high),
        (ACTIVE_WINS, True, False, True, shut_high),
        (ACTIVE_WINS, False, False, False, win_plain - shut + shut_high),
        (ACTIVE_WINS, True, False, False, win_low - win_plain - shut_high),
        (ACTIVE_WINS, True, True, False, win - win_low),
        (TIE, False, False, True, pa[0] * pd[0]),
        (TIE, False, False, False, level - pa[0] * pd[0]),
        (TIE, True, True, False, tie - level),
        (DEFENDER_WINS, False, False, True, out - out_high),
        (DEFENDER_WINS, False, True, True, out_high),
        (DEFENDER_WINS, False, False, False, lose_plain - out + out_high),
        (DEFENDER_WINS, False, True, False, lose_low - lose_plain - out_high),
        (DEFENDER_WINS, True, True, False, lose - lose_low),
    )


def _criticals(result: str, high: tuple[bool, bool], critical: str) -> tuple[bool, bool]:
    """Whose rolls are critical successes: each side of 5 or more (``"any"``), only the
    winner's (``"success"``; ties go to the defender) or nobody's (``"none"``)."""
    if critical == "any":
        return high
    if critical == "success":
        return (high[0], False) if result == ACTIVE_WINS else (False, high[1])
    return (False, False)


def _botch_chance(botch: str, faces: int, none_rolled: bool) -> Fraction:
    """The chance that the loser's botch die is rolled and botches."""
    rolled = botch == "failure" or (botch == "zero" and none_rolled)
    return Fraction(faces, 10) if rolled else Fraction(0)


@lru_cache(maxsize=1024)
def _opposed_outcomes(
    n: int,
    a: int,
    m: int,
    d: int,
    critical: str,
    sides: tuple[tuple[str, int], tuple[str, int]],
) -> Distribution:
    """Each outcome of an opposed roll, worst to best for the active side; ``sides`` are each
    side's botch mode and botch faces (active first), for the die the loser rolls."""
    mass: dict[str, Fraction] = {}
    ranks: dict[str, tuple[int, int, int]] = {}
    for result, high_a, high_d, none_rolled, p in _opposed_cells(n, a, m, d):
        loser = "defending" if result == ACTIVE_WINS else "active"
        botch, faces = sides[loser == "defending"]
        q = _botch_chance(botch, faces, none_rolled)
        criticals = _criticals(result, (high_a, high_d), critical)
        for botched, share in (("", 1 - q), (loser, q)):
            if not share:  # set by the modes alone: every part has some chance
                continue
            name = _opposed_name(result, criticals, botched)
            mass[name] = mass.get(name, Fraction(0)) + p * share
            ranks[name] = _opposed_rank(result, criticals, botched)
    return Distribution(tuple((name, mass[name]) for name in sorted(mass, key=ranks.__getitem__)))
