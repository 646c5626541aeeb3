"""hits: Luck Checks (hits.Luck) against brute force and the numbers of the text, with
bought Hits and a Validation Die."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit.hits import Check, Luck
from tests.systems.hits.brute import DOS1, brute_hits, by_faces, rows


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


# -- bought Hits and a Validation Die ------------------------------------------------


@pytest.mark.parametrize("fate,bought,v", [(3, 0, 2), (4, 0, 6), (20, 1, 0), (23, 1, 9)])
def test_luck_buying_and_validation(fate: int, bought: int, v: int) -> None:
    """A Luck Check is a Static Check at 6+: the same odds as that Check, the dice logged as Fate."""
    joint = by_faces(fate - 10 * bought, 6, v)
    for keyword in ("none", "misfire") if v else ("none",):
        for tn in (0, 1, 3, 8):
            luck = Luck(fate=fate, tn=tn, bought=bought, validation=v, keyword=keyword)
            static = Check.static(dice=fate, tn=tn)
            same = Check(dice=fate, threshold=6, tn=tn, bought=bought, validation=v, keyword=keyword)
            assert luck.outcomes() == same.outcomes() and luck.chance() == same.chance()
            assert luck.distribution() == same.distribution() and luck.effects() == same.effects()
            assert dict(luck.outcomes().items()) == rows(
                {(k + 5 * bought - tn, ok): p for (k, ok), p in joint.items()}, keyword
            )
            if not bought and not v:
                assert luck.outcomes() == static.outcomes()
            if v:
                assert luck.validation_outcomes() == same.validation_outcomes()
                assert luck.outcomes_with_validation() == same.outcomes_with_validation()
            roll = luck.roll(seed=tn)
            assert {d.role for d in roll.dice} <= {"fate", "validation"}
            assert roll.check == luck.describe() and roll.outcome == same.resolve(roll.faces).outcome


def test_luck_errors_name_the_fate_pool() -> None:
    with pytest.raises(RulesError, match="bought=1 is not allowed: with fate=15 bought must be from 0 to 0"):
        Luck(fate=15, tn=1, bought=1)
    with pytest.raises(RulesError, match="validation=3 is not allowed with no dice rolled"):
        Luck(fate=0, tn=0, validation=3)
    with pytest.raises(
        RulesError, match="bought=200 is not allowed: bought must be a whole number from 0 to 199"
    ):
        Luck(fate=hits.MAX_ROLLED, tn=0, bought=200)
    with pytest.raises(RulesError, match="keyword"):
        Luck(fate=2, tn=1, keyword="misfire")
