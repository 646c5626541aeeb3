"""ninefold: contests (ninefold.Contest), the offence roll then the defence roll, against
brute force over every pair of faces and the text's rules."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import RulesError
from rollkit.ninefold import Contest
from tests.systems.ninefold.brute import CONTEST_NAMES, assert_matches, brute_contest


@pytest.mark.parametrize(
    "off,dfn,n,d",
    [
        (60, 30, 100, 100),
        (40, 35, 20, 20),
        (5, 90, 100, 20),
        (130, -5, 100, 100),
        (0, 50, 20, 6),
        (100, 100, 20, 100),
        (50, 25, 20, 4),
        (3, 0, 100, 2),
    ],
)
@pytest.mark.parametrize("conv", ["roll-under", "roll-high"])
@pytest.mark.parametrize("effect,immune", [(0, False), (3, False), (1, False), (4, True)])
def test_contest_against_brute_force(off, dfn, n, d, conv, effect, immune):
    contest = Contest(
        offence=off,
        defence=dfn,
        offence_die=n,
        defence_die=d,
        convention=conv,
        effect_dice=effect,
        immune=immune,
    )
    outcomes, tallies = brute_contest(off, dfn, n, d, conv, 5, 5, effect, immune)
    assert_matches(contest.outcomes(), outcomes, CONTEST_NAMES)
    assert_matches(contest.distribution(), tallies)
    p_off = Fraction(min(100, max(0, off)), 100)
    p_def = Fraction(min(100, max(0, dfn)), 100)
    assert contest.chance() == (0 if immune else p_off * (1 - p_def))


def test_contest_replays_two_rolls_and_stops_on_offence_failure():
    contest = Contest(offence=60, defence=30, effect_dice=4)
    stop = contest.resolve([61])  # offence fails: no defence die in the log
    assert stop.outcome == "offence fails" and [d.role for d in stop.dice] == ["offence"]
    assert stop.tally == 0 and not stop.success
    with pytest.raises(RulesError, match="left over"):
        contest.resolve([61, 10])
    held = contest.resolve([20, 30])
    assert held.outcome == "defended" and [d.role for d in held.dice] == ["offence", "defence"]
    assert held.detail("defence margin") == 0
    hit = contest.resolve([3, 31])
    assert hit.outcome == "effect, favourable critical" and hit.tally == 8 and hit.success
    assert contest.resolve([60, 100]).outcome == "effect"
    assert contest.resolve([60, 100]).detail("effect dice") == 4
    immune = dataclasses.replace(contest, immune=True).resolve([1])
    assert immune.outcome == "immune" and len(immune.dice) == 1 and not immune.success
    with pytest.raises(RulesError, match="more"):
        contest.resolve([1])


@settings(max_examples=40, deadline=None)
@given(
    off=st.integers(-20, 120),
    dfn=st.integers(-20, 120),
    effect=st.integers(0, 6),
    conv=st.sampled_from(["roll-under", "roll-high"]),
)
def test_contest_chance_is_product(off, dfn, effect, conv):
    contest = Contest(offence=off, defence=dfn, effect_dice=effect, convention=conv)
    p_off = Fraction(min(100, max(0, off)), 100)
    p_def = Fraction(min(100, max(0, dfn)), 100)
    assert contest.chance() == p_off * (1 - p_def)
    out = contest.outcomes()
    assert out["offence fails"] == 1 - p_off and out["defended"] == p_off * p_def
    assert contest.distribution().probability(lambda k: k > 0) == (contest.chance() if effect else 0)
