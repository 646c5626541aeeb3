"""critdice: the references the tests hold rollkit to, written here independently of it.

Every face combination, every adjustment plan (exhaustively, and by a knapsack over the
points for larger cases), and critical chains followed die by die to a cut-off with the
mass beyond it accounted for.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

from rollkit import critdice
from rollkit.critdice import best_adjustments


def face_value(face: int, sn: int) -> int:
    """Successes of one standard die showing ``face`` (critical die not included)."""
    if face == 1:
        return -1
    return 1 if face >= sn else 0


def crit_value(face: int, sn: int) -> int:
    return 2 if face >= sn else 1


def crit_mean(sn: int) -> Fraction:
    """E[one critical die and its chain] = E[face value] / (1 - 1/12), from the faces."""
    return Fraction(sum(crit_value(f, sn) for f in range(1, 13)), 12) / Fraction(11, 12)


@cache
def crit_chain(pending: int, sn: int, cut: int) -> tuple[tuple[int, Fraction], ...]:
    """P(critical dice add exactly s) for s <= cut, rolling die after die.

    Every critical die adds at least 1, so the recursion stops once the sum
    passes ``cut``; the mass dropped there is exactly P(sum > cut).
    """
    if cut < 0:
        return ()
    if pending == 0:
        return ((0, Fraction(1)),)
    out: dict[int, Fraction] = {}
    for f in range(1, 13):
        v = crit_value(f, sn)
        for s, q in crit_chain(pending - 1 + (f == 12), sn, cut - v):
            out[s + v] = out.get(s + v, Fraction(0)) + q / 12
    return tuple(sorted(out.items()))


def apply(faces: tuple[int, ...], steps: tuple[tuple[int, int, int, str], ...]) -> list[int]:
    final = list(faces)
    for die, before, after, _ in steps:
        assert final[die - 1] == before and after == before + 1
        final[die - 1] = after
    return final


def plan_key(final: list[int] | tuple[int, ...], sn: int, cost: int) -> tuple[Fraction, int, int]:
    """(expected total, -points, critical dice): what the policy maximises, in order."""
    twelves = sum(f == 12 for f in final)
    return sum(face_value(f, sn) for f in final) + twelves * crit_mean(sn), -cost, twelves


@cache
def exhaustive_best(faces: tuple[int, ...], sn: int, budget: int) -> tuple[Fraction, int, int]:
    """Best plan key over every plan: each die (not a 1) to any value 2..12, up or down."""
    options = [
        [(1, 0)] if f == 1 else [(g, abs(g - f)) for g in range(max(2, f - budget), min(12, f + budget) + 1)]
        for f in faces
    ]
    best = None
    for plan in itertools.product(*options):
        cost = sum(c for _, c in plan)
        if cost <= budget:
            key = plan_key([g for g, _ in plan], sn, cost)
            best = key if best is None or key > best else best
    assert best is not None
    return best


def knapsack_best(faces: tuple[int, ...], sn: int, budget: int) -> tuple[Fraction, int, int]:
    """The same optimum by a DP over exact points spent (for larger random cases)."""
    mean = crit_mean(sn)
    exact: dict[int, tuple[Fraction, int]] = {0: (Fraction(0), 0)}
    for f in faces:
        options = [(1, 0)] if f == 1 else [(g, abs(g - f)) for g in range(2, 13)]
        grown: dict[int, tuple[Fraction, int]] = {}
        for spent, (v, t) in exact.items():
            for g, c in options:
                if spent + c <= budget:
                    cand = (v + face_value(g, sn) + (mean if g == 12 else 0), t + (g == 12))
                    if spent + c not in grown or cand > grown[spent + c]:
                        grown[spent + c] = cand
        exact = grown
    return max((v, -c, t) for c, (v, t) in exact.items())


def brute(
    dice: int, sn: int, legendary: int, focus: int, critical: int, top: int
) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    """Every face combination, the policy applied to each: P(total = t) for t <= top, outcomes."""
    counts: dict[tuple[int, int], int] = {}
    for faces in itertools.product(range(1, 13), repeat=dice):
        final = apply(faces, best_adjustments(faces=faces, sn=sn, legendary=legendary, focus=focus))
        key = (sum(face_value(f, sn) for f in final), sum(f == 12 for f in final))
        counts[key] = counts.get(key, 0) + 1
    dist: dict[int, Fraction] = {}
    out = dict.fromkeys(critdice.OUTCOMES, Fraction(0))
    for (base, twelves), n in counts.items():
        p = Fraction(n, 12**dice)
        cut = max(top - base, -base)
        low_mass = Fraction(0)
        for s, q in crit_chain(twelves + critical, sn, cut):
            t = base + s
            if t <= top:
                dist[t] = dist.get(t, Fraction(0)) + p * q
            if t <= 0:
                out["critical failure" if t < 0 else "failure"] += p * q
                low_mass += q
        out["critical success" if twelves else "success"] += p * (1 - low_mass)
    return dist, out
