"""trait: the references the tests hold rollkit to, written here independently of it.

The stacking cap and the net Prowess written out by hand from the text and the rulings,
the kept two of every face combination of the pool (and die by die for bigger pools), and
the outcome of a total against a Threshold.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache


def ref_cap(exp: int, cap: str) -> float:
    """The stacking cap written out by hand from the text and the rulings."""
    return {"online": max(1, exp // 2), "draft": exp // 2, "none": float("inf")}[cap]


def ref_net(exp: int, adept: bool, prowess: int, stagger: int, cap: str) -> int:
    """Adept adds one Prowess; cap each side, then cancel."""
    limit = ref_cap(exp, cap)
    return int(min(prowess + adept, limit) - min(stagger, limit))


@cache
def brute_sums(net: int) -> tuple[Counter[int], int]:
    """Kept-two sums over every face combination of 2 + |net| d12."""
    n = 2 + abs(net)
    sums: Counter[int] = Counter()
    for faces in itertools.product(range(1, 13), repeat=n):
        ordered = sorted(faces)
        sums[sum(ordered[-2:]) if net >= 0 else sum(ordered[:2])] += 1
    return sums, 12**n


def recurrence_sums(net: int) -> tuple[Counter[int], int]:
    """Die by die, track the two best (or worst) faces so far: no closed form."""
    n = 2 + abs(net)
    states: Counter[tuple[int, ...]] = Counter({(): 1})
    for _ in range(n):
        nxt: Counter[tuple[int, ...]] = Counter()
        for kept, ways in states.items():
            for f in range(1, 13):
                both = sorted(kept + (f,))
                nxt[tuple(both[-2:] if net >= 0 else both[:2])] += ways
        states = nxt
    sums: Counter[int] = Counter()
    for kept, ways in states.items():
        sums[sum(kept)] += ways
    return sums, 12**n


def ref_outcome(threshold: int, total: int) -> str:
    missed = threshold - total
    if missed <= 0:
        return "success"
    if missed < 5:
        return "low failure"
    if missed <= 10:
        return "moderate failure"
    return "critical failure"


def ref_totals(
    *, mod: int, exp: int = 0, adept: bool = False, prowess: int = 0, stagger: int = 0, cap: str = "online"
) -> dict[int, Fraction]:
    sums, denominator = brute_sums(ref_net(exp, adept, prowess, stagger, cap))
    bonus = mod + (exp if adept else 0)
    return {s + bonus: Fraction(w, denominator) for s, w in sums.items()}


def ref_contest_outcome(margin: int, ties: str, spend: int) -> str:
    """A contest's outcome from the actor's margin, written from the text and ruling
    trait-contest-chance: a result short of a win misses the margin that would have won (0 when
    ties go to the actor, else 1) by so much, priced as a miss of a Threshold."""
    if margin > 0 or (margin == 0 and ties == "actor"):
        return "win"
    missed = (0 if ties == "actor" else 1) - margin
    price = 1 if missed < 5 else 2 if missed <= 10 else 3
    if price <= spend:
        return "win with a Complication"
    return "tie" if margin == 0 and ties == "standoff" else "lose"
