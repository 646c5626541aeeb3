"""ninefold: the references the tests hold rollkit to, written here independently of it.

Every face of the die read from fractions of the die (no face counts), the Effect dice
after criticals written out from the text, and the contest's two dice enumerated.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

NAMES = [
    "fail, unfavourable critical",
    "fail",
    "fail, favourable critical",
    "pass, unfavourable critical",
    "pass",
    "pass, favourable critical",
]


CONTEST_NAMES = [
    "offence fails",
    "immune",
    "defended",
    "effect, unfavourable critical",
    "effect",
    "effect, favourable critical",
]


def hand_effect(effect: int, passed: bool, critical: str) -> int:
    """Effect dice after criticals, written out from the text."""
    if not passed or effect == 0:
        return 0
    return {"favourable": effect * 2, "unfavourable": max(1, effect // 2), "none": effect}[critical]


@cache
def read_face(face: int, n: int, chance: int, fav: int, unfav: int, convention: str):
    """(passed, critical, margin) of one face, from fractions of the die (no face counts)."""
    # "best rank" of the face: 1 for the face that passes first under the convention
    rank = face if convention == "roll-under" else n + 1 - face
    passed = Fraction(rank, n) <= Fraction(chance, 100)
    if Fraction(rank, n) <= Fraction(fav, 100):
        critical = "favourable"
    elif Fraction(n + 1 - rank, n) <= Fraction(unfav, 100):
        critical = "unfavourable"
    else:
        critical = "none"
    passing_faces = passing(n, chance, convention)
    if convention == "roll-under":
        margin = len(passing_faces) - face
    else:
        margin = face - min(passing_faces, default=n + 1)
    return passed, critical, margin


@cache
def passing(n: int, chance: int, convention: str) -> tuple[int, ...]:
    """The faces that pass, found one by one."""
    return tuple(
        g
        for g in range(1, n + 1)
        if Fraction(g if convention == "roll-under" else n + 1 - g, n) <= Fraction(chance, 100)
    )


def outcome_name(passed: bool, critical: str, prefix=("fail", "pass")) -> str:
    base = prefix[passed]
    return base if critical == "none" else f"{base}, {critical} critical"


def brute_check(p: int, n: int, conv: str, fav: int, unfav: int, effect: int):
    chance = min(100, max(0, p))
    outcomes, margins, effects = Counter(), Counter(), Counter()
    for face in range(1, n + 1):
        passed, critical, margin = read_face(face, n, chance, fav, unfav, conv)
        outcomes[outcome_name(passed, critical)] += 1
        margins[margin] += 1
        effects[hand_effect(effect, passed, critical)] += 1
    to_f = lambda c: {k: Fraction(v, n) for k, v in c.items()}  # noqa: E731
    return (
        to_f(outcomes),
        to_f(margins),
        Fraction(sum(1 for face in range(1, n + 1) if read_face(face, n, chance, fav, unfav, conv)[0]), n),
    )


def assert_matches(dist, expected: dict, names=None) -> None:
    assert dist.total() == 1
    if names is not None:
        assert list(dist) == names
    for k, p in dist.items():
        assert p == expected.get(k, 0), (k, p, expected.get(k, 0))
    assert all(k in dist for k in expected if expected[k])


def brute_contest(off, dfn, n, d, conv, fav, unfav, effect, immune):
    outcomes, tallies = Counter(), Counter()
    for o, df in itertools.product(range(1, n + 1), range(1, d + 1)):
        passed, critical, _ = read_face(o, n, min(100, max(0, off)), fav, unfav, conv)
        held, _, _ = read_face(df, d, min(100, max(0, dfn)), 0, 0, conv)
        if not passed:
            name, k = "offence fails", 0
        elif immune:
            name, k = "immune", 0
        elif held:
            name, k = "defended", 0
        else:
            name = outcome_name(True, critical, prefix=("", "effect"))
            k = hand_effect(effect, True, critical)
        outcomes[name] += 1
        tallies[k] += 1
    return (
        {k: Fraction(v, n * d) for k, v in outcomes.items()},
        {k: Fraction(v, n * d) for k, v in tallies.items()},
    )
