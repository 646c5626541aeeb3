"""hits: opposed, group and luck checks against brute force and the text's examples."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit.hits import Group, Luck, Opposed
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.hits.test_check import BANDS, DOS1, band, brute_hits, formula_hits

FACES = range(1, 11)


# -- opposed --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "na,ta,nb,tb",
    [
        (0, 6, 0, 6),
        (1, 6, 1, 6),
        (2, 7, 2, 5),
        (3, 10, 1, 2),
        (0, 6, 3, 7),
        (3, 6, 0, 9),
        (2, 1, 2, 1),
        (4, 5, 2, 8),
    ],
)
def test_opposed_matches_enumeration(na: int, ta: int, nb: int, tb: int) -> None:
    effects: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=na + nb):
        defender = sum(f >= tb for f in faces[:nb])  # the defender rolls first
        actor = sum(f >= ta for f in faces[nb:])
        effects[actor - defender] += 1
    total = 10 ** (na + nb)
    check = Opposed(dice=na, threshold=ta, against_dice=nb, against_threshold=tb)
    dist = check.distribution()
    assert list(dist) == list(range(-nb, na + 1))
    assert {k: p for k, p in dist.items() if p} == {e: Fraction(c, total) for e, c in effects.items()}
    expected = {b: Fraction(0) for b in BANDS}
    for e, c in effects.items():
        expected[band(e)] += Fraction(c, total)
    assert dict(check.outcomes().items()) == expected and list(check.outcomes()) == list(BANDS)
    assert check.chance() == sum(Fraction(c, total) for e, c in effects.items() if e >= 0)


@settings(max_examples=30, deadline=None)
@given(na=st.integers(0, 25), ta=st.integers(1, 10), nb=st.integers(0, 25), tb=st.integers(1, 10))
def test_opposed_matches_convolution_of_formulas(na: int, ta: int, nb: int, tb: int) -> None:
    a, b = formula_hits(na, ta), formula_hits(nb, tb)
    effect: dict[int, Fraction] = {}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        effect[x - y] = effect.get(x - y, Fraction(0)) + p * q
    check = Opposed(dice=na, threshold=ta, against_dice=nb, against_threshold=tb)
    assert dict(check.distribution().items()) == effect
    assert check.chance() == sum(p for e, p in effect.items() if e >= 0)
    bands = {b_: Fraction(0) for b_ in BANDS}
    for e, p in effect.items():
        bands[band(e)] += p
    assert dict(check.outcomes().items()) == bands


def test_opposed_tie_succeeds_with_effect_zero() -> None:
    check = Opposed(dice=3, threshold=6, against_dice=3, against_threshold=6)
    roll = check.resolve([6, 6, 6, 1, 1, 1])  # defender's three dice first: 3 Hits
    assert roll.detail("opposing hits") == 3 and roll.detail("tn") == 3
    # Actor's dice are the last three: all misses -> Effect -3.
    assert roll.tally == -3 and roll.outcome == band(-3) and not roll.success
    roll = check.resolve([6, 6, 6, 7, 8, 9])
    assert roll.tally == 0 and roll.outcome == DOS1 and roll.success
    assert [d.role for d in roll.dice] == ["opposing"] * 3 + ["pool"] * 3


def test_opposed_attributes_builder() -> None:
    # COR 5 (4 dice at 6+) against STR 3 (3 dice at 7+).
    assert Opposed.attributes(level=5, against=3) == Opposed(
        dice=4, threshold=6, against_dice=3, against_threshold=7
    )


def test_opposed_errors_and_limits() -> None:
    for field in ("dice", "threshold", "against_dice", "against_threshold"):
        for bad in (1.5, "2", None, False):
            params = {"dice": 3, "threshold": 6, "against_dice": 3, "against_threshold": 6}
            params[field] = bad  # type: ignore[assignment]
            with pytest.raises(ParameterTypeError, match=field):
                Opposed(**params)
    with pytest.raises(RulesError, match="against_threshold"):
        Opposed(dice=3, threshold=6, against_dice=3, against_threshold=0)
    with pytest.raises(RulesError, match="against_dice"):
        Opposed(dice=3, threshold=6, against_dice=-1, against_threshold=6)
    for dice, against in ((10**9, 1), (1, 10**9), (hits.MAX_OPPOSED_DICE, 1)):
        with pytest.raises(LimitError):
            Opposed(dice=dice, threshold=6, against_dice=against, against_threshold=6)
    big = Opposed(
        dice=hits.MAX_OPPOSED_DICE // 2,
        threshold=6,
        against_dice=hits.MAX_OPPOSED_DICE // 2,
        against_threshold=7,
    )
    assert big.distribution().total() == 1 and big.outcomes().total() == 1


# -- group ----------------------------------------------------------------------------


def brute_group(
    dice: int, t: int, tn: int, helpers: tuple[tuple[int, int], ...]
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Leader's Hits and helpers' bonus: every helper face combination enumerated,
    then the leader's pool (floored at 0) enumerated too."""
    helper_dice = sum(n for n, _ in helpers)
    leader: dict[int, Fraction] = {}
    bonus: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=helper_dice):
        total, i = 0, 0
        for n, ht in helpers:
            total += sum(f >= ht for f in faces[i : i + n]) - 1  # Effect against TN 1
            i += n
        bonus[total] += 1
        for k, p in brute_hits(max(0, dice + total), t).items():
            leader[k] = leader.get(k, Fraction(0)) + p / 10**helper_dice
    return leader, {b: Fraction(c, 10**helper_dice) for b, c in bonus.items()}


@pytest.mark.parametrize(
    "dice,t,helpers",
    [
        (2, 7, ()),
        (2, 7, ((1, 6),)),
        (1, 6, ((1, 10), (1, 10))),
        (0, 5, ((2, 6),)),
        (3, 6, ((2, 7), (1, 5))),
        (1, 2, ((1, 9), (1, 9), (1, 9))),
        (2, 10, ((3, 1),)),
    ],
)
def test_group_matches_enumeration(dice: int, t: int, helpers: tuple[tuple[int, int], ...]) -> None:
    leader, bonus = brute_group(dice, t, 0, helpers)
    for tn in range(0, 5):
        check = Group(dice=dice, threshold=t, tn=tn, helpers=helpers)
        assert {k: p for k, p in check.distribution().items() if p} == leader
        assert {k: p for k, p in check.bonus().items() if p} == bonus
        expected = {b: Fraction(0) for b in BANDS}
        for k, p in leader.items():
            expected[band(k - tn)] += p
        assert dict(check.outcomes().items()) == expected
        assert check.chance() == sum(p for k, p in leader.items() if k >= tn)


def test_group_library_example() -> None:
    """Four helpers against TN 1: 8d(6+) scores 4 (+3), 6d(7+) scores 1 (+0),
    3d(7+) scores 0 (-1), 7d(7+) scores 2 (+1): the leader gains +3d."""
    helpers = ((8, 6), (6, 7), (3, 7), (7, 7))
    check = Group(dice=5, threshold=6, tn=3, helpers=helpers)  # the leader's pool is not given
    faces = (
        [6, 9, 10, 7, 1, 5, 2, 3]  # helper 1: 4 Hits
        + [7, 6, 1, 2, 3, 4]  # helper 2: 1 Hit
        + [6, 2, 1]  # helper 3: 0 Hits
        + [10, 8, 6, 5, 4, 3, 2]  # helper 4: 2 Hits
        + [6, 6, 1, 1, 1, 1, 1, 10]
    )  # the leader: 5 + 3 = 8 dice, 3 Hits
    roll = check.resolve(faces)
    assert roll.detail("helper effects") == (3, 0, -1, 1)
    assert roll.detail("bonus dice") == 3 and roll.detail("leader dice") == 8
    assert roll.tally == 3 and roll.outcome == DOS1 and roll.success
    roles = [d.role for d in roll.dice]
    assert roles == (
        ["helper 1"] * 8 + ["helper 2"] * 6 + ["helper 3"] * 3 + ["helper 4"] * 7 + ["leader"] * 8
    )


def test_group_botches_reduce_and_floor_at_zero() -> None:
    check = Group(dice=1, threshold=6, tn=0, helpers=((1, 6), (1, 6), (1, 6)))
    roll = check.resolve([1, 1, 1])  # all three botch: 1 - 3 -> no dice for the leader
    assert roll.detail("bonus dice") == -3 and roll.detail("leader dice") == 0
    assert roll.tally == 0 and roll.success  # TN 0
    with pytest.raises(RulesError, match="more dice"):
        Group(dice=1, threshold=6, tn=1, helpers=((1, 6),)).resolve([6])


def test_group_kinds_and_errors() -> None:
    for kind in ("static", "luck"):
        with pytest.raises(RulesError, match="Static or Luck"):
            Group(dice=3, threshold=6, tn=1, kind=kind)
    with pytest.raises(RulesError, match="kind"):
        Group(dice=3, threshold=6, tn=1, kind="ritual")
    with pytest.raises(ParameterTypeError, match="kind"):
        Group(dice=3, threshold=6, tn=1, kind=3)  # type: ignore[arg-type]
    for helpers, error in (
        (5, ParameterTypeError),
        (((1,),), ParameterTypeError),
        (((1, 2, 3),), ParameterTypeError),
        (((1.0, 6),), ParameterTypeError),
        (((1, 11),), RulesError),
        (((-1, 6),), RulesError),
    ):
        with pytest.raises(error, match="helpers"):
            Group(dice=3, threshold=6, tn=1, helpers=helpers)  # type: ignore[arg-type]
    assert Group(dice=3, threshold=6, tn=1, helpers=[[2, 6]]).helpers == ((2, 6),)  # type: ignore[list-item]
    for params in (
        {"dice": 10**9},
        {"helpers": ((10**9, 6),)},
        {"helpers": tuple((1, 6) for _ in range(hits.MAX_HELPERS + 1))},
        {"dice": 300, "helpers": ((301, 6),)},
    ):
        with pytest.raises(LimitError):
            Group(**({"dice": 3, "threshold": 6, "tn": 1} | params))  # type: ignore[arg-type]


def test_group_knowledge_builder_and_limit() -> None:
    assert [hits.knowledge_helper_allowed(lead=3, helper=h) for h in range(6)] == [
        False,
        False,
        True,
        True,
        True,
        True,
    ]
    assert [hits.knowledge_helper_allowed(lead=1, helper=h) for h in range(3)] == [False, True, True]
    assert hits.knowledge_helper_allowed(lead=0, helper=0) is False
    check = Group.knowledge(intellect=6, rating=3, tn=4, helpers=((3, 2), (1, 4)))
    assert check == Group(dice=10, threshold=6, tn=4, helpers=((7, 7), (10, 10)), kind="knowledge")
    with pytest.raises(RulesError, match="Knowledge Rating"):
        Group.knowledge(intellect=6, rating=3, tn=4, helpers=((3, 1),))
    with pytest.raises(ParameterTypeError):
        Group.knowledge(intellect=6, rating=3, tn=4, helpers=((3,),))


def test_largest_group_answers() -> None:
    check = Group(dice=6, threshold=6, tn=100, helpers=tuple((99, 2) for _ in range(6)))
    assert check.distribution().total() == 1 and check.chance() > 0


# -- luck -----------------------------------------------------------------------------


@pytest.mark.parametrize("fate", range(0, 5))
def test_luck_matches_enumeration(fate: int) -> None:
    dist = brute_hits(fate, 6)
    for tn in range(0, 6):
        luck = Luck(fate=fate, tn=tn)
        assert luck.chance() == sum(p for k, p in dist.items() if k >= tn)
        assert luck.distribution() == hits.Check(dice=fate, threshold=6, tn=tn).distribution()
        assert luck.outcomes() == hits.Check.static(dice=fate, tn=tn).outcomes()


def test_luck_odds_ruling_numbers() -> None:
    assert Luck(fate=1, tn=1).chance() == Fraction(1, 2)
    assert Luck(fate=2, tn=1).chance() == Fraction(3, 4)
    assert Luck(fate=3, tn=1).chance() == Fraction(7, 8)
    assert Luck(fate=2, tn=2).chance() == Fraction(1, 4)
    assert Luck(fate=3, tn=2).chance() == Fraction(1, 2)
    assert Luck(fate=5, tn=2).chance() == Fraction(13, 16)
    assert Luck(fate=3, tn=3).chance() == Fraction(1, 8)
    assert Luck(fate=4, tn=4).chance() == Fraction(1, 16)
    assert [Luck(fate=3, tn=tn).described for tn in (0, 1, 2, 3, 4, 9)] == [
        None,
        "about even odds",
        "possible but not likely",
        "the moon and stars must align",
        "statistically unheard of",
        "statistically unheard of",
    ]


def test_luck_roll_and_errors() -> None:
    roll = Luck(fate=4, tn=2).resolve([6, 5, 10, 1])
    assert roll.tally == 2 and roll.outcome == DOS1 and [d.role for d in roll.dice] == ["fate"] * 4
    for field, bad in (("fate", 1.0), ("fate", None), ("tn", "1"), ("tn", True)):
        with pytest.raises(ParameterTypeError, match=field):
            Luck(**({"fate": 3, "tn": 1} | {field: bad}))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="fate"):
        Luck(fate=-1, tn=1)
    with pytest.raises(LimitError):
        Luck(fate=10**9, tn=1)


# -- properties -----------------------------------------------------------------------


OTHERS = [
    Opposed(dice=0, threshold=6, against_dice=2, against_threshold=7),
    Opposed(dice=5, threshold=6, against_dice=4, against_threshold=7),
    Opposed(dice=12, threshold=5, against_dice=12, against_threshold=5),
    Group(dice=4, threshold=7, tn=2),
    Group(dice=2, threshold=7, tn=2, helpers=((1, 9), (2, 8), (3, 7))),
    Group(dice=5, threshold=6, tn=3, helpers=((8, 6), (6, 7), (3, 7), (7, 7))),
    Luck(fate=0, tn=1),
    Luck(fate=3, tn=1),
    Luck(fate=6, tn=3),
]


@pytest.mark.parametrize("check", OTHERS, ids=lambda c: c.describe())
def test_properties(check: hits.Opposed | hits.Group | hits.Luck) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=1500)
