"""again: the references the tests hold rollkit to, written here independently of it.

Every face of the pool and of the dice it adds, wave after wave, enumerated to a depth; the
binomial plus negative binomial formula; the outcome of a count of successes with its botch
die; and exact partial sums of an opposed roll, its outcomes with the loser's botch die.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import comb

TENTH = Fraction(1, 10)


@cache
def waves(pending: int, again_value: int, left: int) -> tuple[dict[int, Fraction], Fraction]:
    """Enumerate every face of ``pending`` d10 and of the dice they add, for ``left`` waves.

    Returns the successes added by each history that ends in time and the mass of
    the histories that still have dice to roll after ``left`` waves.
    """
    if pending == 0:
        return {0: Fraction(1)}, Fraction(0)
    if left == 0:
        return {}, Fraction(1)
    out: dict[int, Fraction] = {}
    leftover = Fraction(0)
    weight = Fraction(1, 10**pending)
    for faces in itertools.product(range(1, 11), repeat=pending):
        hits = sum(f in (8, 9, 10) for f in faces)
        more = sum(f >= again_value for f in faces)
        sub, rest = waves(more, again_value, left - 1)
        for s, p in sub.items():
            out[hits + s] = out.get(hits + s, Fraction(0)) + weight * p
        leftover += weight * rest
    return out, leftover


def brute_pmf(n: int, again_value: int, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """Face enumeration: exact for every count below ``depth``.

    A history still rolling after ``depth`` waves has a chain of ``depth`` dice that
    each rolled again (each a success), so it has at least ``depth`` successes.
    """
    return waves(n, again_value, depth)


def formula_pmf(n: int, again_value: int, s: int) -> Fraction:
    """Binomial plus an independent negative binomial, as written in the brief."""
    r = Fraction(11 - again_value, 10)
    q = Fraction(again_value - 8, 10)
    f = Fraction(7, 10)
    total = Fraction(0)
    for k in range(min(n, s) + 1):
        j = s - k
        binom = comb(n, k) * (q / (1 - r)) ** k * (f / (1 - r)) ** (n - k)
        negbin = comb(n - 1 + j, j) * (1 - r) ** n * r**j
        total += binom * negbin
    return total


def classify(successes: int, need: int, botch_face: int | None, faces: int = 1, critical: str = "any") -> str:
    """A static roll's outcome, as the rules and the ruling again-critical-success-needs-success
    read: 5 or more successes are critical on any roll, or only on a success."""
    if successes >= need:
        return "critical success" if successes >= 5 else "success"
    botched = botch_face is not None and botch_face <= faces
    if successes >= 5 and critical == "any":
        return "critical failure with a critical success" if botched else "failure with a critical success"
    return "critical failure" if botched else "failure"


def static_names(need: int, critical: str = "any") -> list[str]:
    """The outcomes a static roll lists, worst to best: two more when a failure can hold 5
    successes and those are critical."""
    if need > 5 and critical == "any":
        return [
            "critical failure",
            "critical failure with a critical success",
            "failure",
            "failure with a critical success",
            "success",
            "critical success",
        ]
    return ["critical failure", "failure", "success", "critical success"]


def brute_outcomes(
    n: int, again_value: int, need: int, botch: str, depth: int, faces: int = 1, critical: str = "any"
) -> dict[str, Fraction]:
    """Outcomes from face enumeration, botch die included (botching on 1..``faces``); needs
    depth > max(need, 5)."""
    pmf, _ = brute_pmf(n, again_value, depth)
    out = dict.fromkeys(static_names(need, critical), Fraction(0))
    for s, p in pmf.items():
        if s >= depth:
            continue
        rolls_botch = s < need and (botch == "failure" or (botch == "zero" and s == 0))
        botch_die: list[int | None] = list(range(1, 11)) if rolls_botch else [None]
        for face in botch_die:
            out[classify(s, need, face, faces, critical)] += p * (TENTH if rolls_botch else 1)
    # every history not enumerated has >= depth successes: a critical success
    out["critical success"] += 1 - sum(out.values())
    return out


def opposed_name(a: int, d: int, botched: bool, critical: str = "any") -> str:
    """An opposed roll's outcome from each side's successes, as ruling again-opposed-binary reads:
    who wins (ties to the defender), whose roll is a critical success, and the loser's botch."""
    result = "active side wins" if a > d else "tie: defender wins" if a == d else "defender wins"
    if critical == "any":
        high_a, high_d = a >= 5, d >= 5
    elif critical == "success":  # the winner's alone; a tie is the defender's
        high_a, high_d = a >= 5 and a > d, d >= 5 and d >= a
    else:
        high_a = high_d = False
    parts = [result]
    if high_a and high_d:
        parts.append("both critical")
    elif high_a:
        parts.append("active side critical")
    elif high_d:
        parts.append("defender critical")
    if botched:
        parts.append("defender botches" if a > d else "active side botches")
    return ", ".join(parts)


def opposed_outcomes(
    pa: list[Fraction],
    pd: list[Fraction],
    critical: str = "any",
    sides: tuple[tuple[str, int], tuple[str, int]] = (("failure", 1), ("failure", 1)),
) -> tuple[dict[str, Fraction], Fraction]:
    """Exact partial sums of each opposed outcome over A < len(pa) and D < len(pd), every face
    of the loser's botch die enumerated; ``sides`` are each side's botch mode and faces, active
    first. Returns the sums and the mass left out: each true value lies in [sum, sum + rest]."""
    out: dict[str, Fraction] = {}
    for a, p in enumerate(pa):
        for d, q in enumerate(pd):
            mode, faces = sides[a > d]  # the loser's: the defender's when the active side wins
            rolls = mode == "failure" or (mode == "zero" and min(a, d) == 0)
            for face in range(1, 11) if rolls else [None]:
                name = opposed_name(a, d, face is not None and face <= faces, critical)
                out[name] = out.get(name, Fraction(0)) + p * q * (TENTH if rolls else 1)
    return out, 1 - sum(pa) * sum(pd)


def partial_opposed(pa: list[Fraction], pd: list[Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """Exact partial sums of P(A > D) and P(A = D) over D < len(pd), and P(D >= len(pd)).

    Both true values lie in [partial, partial + remainder].
    """
    win = tie = cum = Fraction(0)
    for j, p in enumerate(pd):
        cum += pa[j]
        win += p * (1 - cum)
        tie += p * pa[j]
    return win, tie, 1 - sum(pd)
