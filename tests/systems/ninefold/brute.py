"""ninefold: the references the tests hold rollkit to, written here independently of it.

Every face of the die read from fractions of the die (no face counts): a critical band of w%
is the stretch [0, w/100] of the die seen from its end, and a face together with a d100
confirmation roll is the hundredth of that face the confirmation picks, critical when it lies
inside the band (or, read as natural faces, a face is critical when the band reaches into it).
The Effect dice after criticals and a reduced effect are written out from the text, the
contest's two dice and every effect die enumerated with ``itertools.product``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
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
    "reduced effect",
    "effect, unfavourable critical",
    "effect",
    "effect, favourable critical",
]


def hand_effect(effect: int, passed: bool, critical: str) -> int:
    """Effect dice after criticals, written out from the text."""
    if not passed or effect == 0:
        return 0
    return {"favourable": effect * 2, "unfavourable": max(1, effect // 2), "none": effect}[critical]


def hand_reduced(dice: int) -> int:
    """Half the effect dice, rounding down, at least one (none stay none)."""
    return 0 if dice == 0 else max(1, dice // 2)


def in_band(rank: int, n: int, width: int, confirmation: int | None, criticals: str) -> bool:
    """Whether face ``rank`` (1 = the band's end) of a dN is inside a band of ``width``%: as
    natural faces when the band reaches into it; with a confirmation (1 = nearest the band's
    end), when the hundredth of the face it picks lies inside the band."""
    start = Fraction(rank - 1, n)
    if criticals == "natural":
        return start < Fraction(width, 100)
    return start + Fraction(confirmation, 100 * n) <= Fraction(width, 100)


def critical_of(rank: int, n: int, fav: int, unfav: int, confirmation: int, criticals: str) -> str:
    """The critical of face ``rank`` (1 = the best) with a confirmation read the same way."""
    if in_band(rank, n, fav, confirmation, criticals):
        return "favourable"
    if in_band(n + 1 - rank, n, unfav, 101 - confirmation, criticals):
        return "unfavourable"
    return "none"


@cache
def reads(
    n: int, fav: int, unfav: int, convention: str, criticals: str
) -> tuple[tuple[tuple[int, ...], Fraction, int, str], ...]:
    """Every way one check die (and its confirmation roll) can come up: (the faces rolled, their
    chance, the face's rank, 1 the best, and its critical). A face whose critical is the same
    for every confirmation rolls no confirmation."""
    out = []
    for face in range(1, n + 1):
        rank = face if convention == "roll-under" else n + 1 - face
        by_roll = {}
        for rolled in range(1, 101):
            read = rolled if convention == "roll-under" else 101 - rolled
            by_roll[rolled] = critical_of(rank, n, fav, unfav, read, criticals)
        if len(set(by_roll.values())) == 1:
            out.append(((face,), Fraction(1, n), rank, by_roll[1]))
        else:
            out.extend(((face, rolled), Fraction(1, 100 * n), rank, c) for rolled, c in by_roll.items())
    return tuple(out)


@cache
def passing(n: int, chance: int, convention: str) -> tuple[int, ...]:
    """The faces that pass, found one by one."""
    return tuple(
        g
        for g in range(1, n + 1)
        if Fraction(g if convention == "roll-under" else n + 1 - g, n) <= Fraction(chance, 100)
    )


def check_reads(
    n: int, chance: int, fav: int, unfav: int, conv: str, criticals: str = "confirm"
) -> Iterator[tuple[tuple[int, ...], Fraction, bool, str, int]]:
    """(faces, chance, passed, critical, margin) of every way a toPass check can come up."""
    passes = passing(n, chance, conv)
    for faces, p, _, critical in reads(n, fav, unfav, conv, criticals):
        passed = faces[0] in passes
        margin = len(passes) - faces[0] if conv == "roll-under" else faces[0] - min(passes, default=n + 1)
        yield faces, p, passed, critical, margin


def read_face(face: int, n: int, chance: int, fav: int, unfav: int, convention: str):
    """(passed, critical, margin) of one face of a die whose bands are whole faces."""
    [(passed, critical, margin)] = [
        (passed, critical, margin)
        for faces, _, passed, critical, margin in check_reads(n, chance, fav, unfav, convention)
        if faces == (face,)
    ]
    return passed, critical, margin


def outcome_name(passed: bool, critical: str, prefix=("fail", "pass")) -> str:
    base = prefix[passed]
    return base if critical == "none" else f"{base}, {critical} critical"


def brute_check(p: int, n: int, conv: str, fav: int, unfav: int, effect: int, criticals: str = "confirm"):
    chance = min(100, max(0, p))
    outcomes, margins, effects = Counter(), Counter(), Counter()
    won = Fraction(0)
    for _, weight, passed, critical, margin in check_reads(n, chance, fav, unfav, conv, criticals):
        outcomes[outcome_name(passed, critical)] += weight
        margins[margin] += weight
        effects[hand_effect(effect, passed, critical)] += weight
        won += weight if passed else 0
    return dict(outcomes), dict(margins), won


def assert_matches(dist, expected: dict, names=None) -> None:
    assert dist.total() == 1
    if names is not None:
        assert list(dist) == names
    for k, p in dist.items():
        assert p == expected.get(k, 0), (k, p, expected.get(k, 0))
    assert all(k in dist for k in expected if expected[k])


def contest_plays(
    off, dfn, n, d, conv, fav, unfav, effect, immune, *, dfav=5, dunfav=5, criticals="confirm", reduced="none"
):
    """Every way a contest can come up: (faces, chance, outcome, effect dice, defence critical)."""
    for o_faces, o_p, o_passed, o_crit, _ in check_reads(
        n, min(100, max(0, off)), fav, unfav, conv, criticals
    ):
        if not o_passed or immune:
            yield o_faces, o_p, "immune" if o_passed else "offence fails", 0, None
            continue
        dice = hand_effect(effect, True, o_crit)
        for d_faces, d_p, held, d_crit, _ in check_reads(
            d, min(100, max(0, dfn)), dfav, dunfav, conv, criticals
        ):
            if not held:
                name, k = outcome_name(True, o_crit, prefix=("", "effect")), dice
            elif reduced == "half":
                name, k = "reduced effect", hand_reduced(dice)
            else:
                name, k = "defended", 0
            yield o_faces + d_faces, o_p * d_p, name, k, d_crit


def brute_contest(off, dfn, n, d, conv, fav, unfav, effect, immune, **more):
    outcomes, tallies = Counter(), Counter()
    for _, p, name, k, _ in contest_plays(off, dfn, n, d, conv, fav, unfav, effect, immune, **more):
        outcomes[name] += p
        tallies[k] += p
    return dict(outcomes), dict(tallies)


@cache
def effect_totals(k: int, sides: int) -> dict[int, Fraction]:
    """The chance of each total of k dice of ``sides`` sides, every face enumerated."""
    totals = Counter(sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=k))
    return {total: Fraction(count, sides**k) for total, count in totals.items()}


def brute_damage(off, dfn, n, d, conv, effect, sides, *, fav=5, unfav=5, immune=False, **more):
    """The damage of the whole sequence: every play of the two checks, then every face of the
    effect dice it rolls."""
    dice = Counter()
    for _, p, _, k, _ in contest_plays(off, dfn, n, d, conv, fav, unfav, effect, immune, **more):
        dice[k] += p
    damage = Counter()
    for k, p in dice.items():
        for total, q in effect_totals(k, sides).items():
            damage[total] += p * q
    return dict(damage)
