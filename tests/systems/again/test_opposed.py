"""again: opposed rolls (again.Opposed), the active side against the defender, against face
enumeration, long exact partial sums and hand arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import again
from rollkit.again import Opposed
from tests.systems.again.brute import brute_pmf, formula_pmf, opposed_outcomes, partial_opposed

BINARY = {"critical": "none", "botch": "none", "against_botch": "none"}
"""The earlier reading of ruling again-opposed-binary: win or lose, nothing else."""


def results(out: object) -> dict[str, Fraction]:
    """Each result's chance, whatever criticals and botches came with it."""
    totals = dict.fromkeys(again.OPPOSED_OUTCOMES, Fraction(0))
    for name, p in out.items():  # type: ignore[attr-defined]
        totals[name.split(", ")[0]] += p
    return totals


def test_opposed_one_die_each_by_hand() -> None:
    # tie: 7/10 squared plus the sum over s >= 1 of (27/100 * (1/10)**(s-1))**2 = 31/55
    expected = {
        "defender wins": Fraction(12, 55),
        "tie: defender wins": Fraction(31, 55),
        "active side wins": Fraction(12, 55),
    }
    assert dict(Opposed(dice=1, against_dice=1, **BINARY).outcomes().items()) == expected
    out = Opposed(dice=1, against_dice=1).outcomes()
    assert results(out) == expected
    # the loser rolls the botch die: the active side on a tie or a loss, a 1 in 10 botching
    assert out["tie: defender wins, active side botches"] + out[
        "tie: defender wins, both critical, active side botches"
    ] == Fraction(31, 550)
    botches = sum(p for name, p in out.items() if "botches" in name)
    assert botches == Fraction(1, 10)  # every opposed roll has one loser


MODES = [
    ("any", ("failure", 1), ("failure", 1)),
    ("any", ("zero", 2), ("failure", 3)),
    ("success", ("none", 1), ("zero", 1)),
    ("success", ("failure", 10), ("none", 1)),
    ("none", ("failure", 1), ("zero", 4)),
]


@pytest.mark.parametrize(("n", "a", "m", "d"), [(1, 10, 1, 9), (2, 8, 1, 10), (1, 9, 2, 8), (2, 8, 2, 8)])
@pytest.mark.parametrize(("critical", "active", "defending"), MODES)
def test_opposed_against_face_enumeration(
    n: int, a: int, m: int, d: int, critical: str, active: tuple[str, int], defending: tuple[str, int]
) -> None:
    depth = 12
    pa_map, _ = brute_pmf(n, a, depth)
    pd_map, _ = brute_pmf(m, d, depth)
    pa = [pa_map.get(s, Fraction(0)) for s in range(depth)]
    pd = [pd_map.get(s, Fraction(0)) for s in range(depth)]
    win, tie, rest = partial_opposed(pa, pd)
    check = Opposed(
        dice=n,
        again=a,
        against_dice=m,
        against_again=d,
        critical=critical,
        botch=active[0],
        botch_faces=active[1],
        against_botch=defending[0],
        against_botch_faces=defending[1],
    )
    out = check.outcomes()
    assert 0 <= results(out)["active side wins"] - win <= rest
    assert 0 <= results(out)["tie: defender wins"] - tie <= rest
    assert rest < Fraction(1, 10**4)
    partial, left = opposed_outcomes(pa, pd, critical, (active, defending))
    assert set(partial) == set(out), set(partial) ^ set(out)
    for name, p in partial.items():
        assert 0 <= out[name] - p <= left, name
    assert out.total() == 1 and check.chance() == results(out)["active side wins"]


OPPOSED_CASES = [
    (1, 8, 1, 8),
    (3, 10, 2, 10),
    (2, 8, 3, 9),
    (4, 9, 4, 8),
    (1, 8, 5, 10),
    (6, 10, 6, 10),
    (5, 8, 2, 8),
    (7, 9, 3, 10),
]


@pytest.mark.parametrize(("n", "a", "m", "d"), OPPOSED_CASES)
def test_opposed_against_long_partial_sums(n: int, a: int, m: int, d: int) -> None:
    length = 160
    pa = [formula_pmf(n, a, s) for s in range(length + 30)]
    pd = [formula_pmf(m, d, s) for s in range(length)]
    win, tie, rest = partial_opposed(pa, pd)
    assert rest < Fraction(1, 10**40)
    check = Opposed(dice=n, again=a, against_dice=m, against_again=d)
    out = check.outcomes()
    assert 0 <= check.chance() - win <= rest
    assert 0 <= results(out)["tie: defender wins"] - tie <= rest
    assert out.total() == 1
    binary = Opposed(dice=n, again=a, against_dice=m, against_again=d, **BINARY).outcomes()
    assert list(binary) == list(again.OPPOSED_OUTCOMES) and dict(binary.items()) == results(out)
    # every outcome, criticals and the loser's botch die included, against the long sums
    partial, left = opposed_outcomes(pa[:length], pd)
    assert left < Fraction(1, 10**40) and set(partial) == set(out)
    for name, p in partial.items():
        assert 0 <= out[name] - p <= left, name
    dist = check.distribution()
    assert dist[0] == 1 - check.chance()
    assert 0 < dist.tail < Fraction(1, 10**6)
    for k in range(1, len(dist)):
        part = sum(pd[j] * pa[j + k] for j in range(len(pd)))
        assert 0 <= dist[k] - part <= rest, k


def test_opposed_symmetry() -> None:
    for a, d in [(10, 10), (8, 8), (9, 9)]:
        out = Opposed(dice=3, again=a, against_dice=3, against_again=d).outcomes()
        assert out["active side wins"] == out["defender wins"]
        assert out["active side wins, defender botches"] == out["defender wins, active side botches"]
        assert out["active side wins, active side critical"] == out["defender wins, defender critical"]
    swapped = Opposed(dice=2, again=8, against_dice=4, against_again=10).outcomes()
    straight = Opposed(dice=4, again=10, against_dice=2, against_again=8).outcomes()
    assert swapped["active side wins"] == straight["defender wins"]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 6), m=st.integers(1, 6), a=st.sampled_from([8, 9, 10]), d=st.sampled_from([8, 9, 10]))
def test_opposed_property(n: int, m: int, a: int, d: int) -> None:
    pa = [formula_pmf(n, a, s) for s in range(90)]
    pd = [formula_pmf(m, d, s) for s in range(60)]
    win, tie, rest = partial_opposed(pa, pd)
    check = Opposed(dice=n, again=a, against_dice=m, against_again=d)
    assert 0 <= check.chance() - win <= rest
    assert 0 <= results(check.outcomes())["tie: defender wins"] - tie <= rest


def test_opposed_explicit_bound() -> None:
    check = Opposed(dice=3, against_dice=2)
    dist = check.distribution(bound=2)
    assert len(dist) == 3 and dist.tail_label == "3 or more" and dist.total() == 1
    assert dist.tail == check.chance() - dist[1] - dist[2]
    assert check.distribution(bound=0).tail == check.chance()


def test_opposed_pool_floor() -> None:
    assert Opposed(dice=-2, against_dice=0).outcomes() == Opposed(dice=1, against_dice=1).outcomes()
    roll = Opposed(dice=0, against_dice=2).resolve([8, 1, 2, 5])
    assert roll.detail("active pool raised to 1 die") is True
    assert roll.detail("defending pool raised to 1 die") is False
