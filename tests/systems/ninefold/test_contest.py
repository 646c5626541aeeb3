"""ninefold: contests (ninefold.Contest), the offence roll then the defence roll, against
brute force over every pair of faces (and every confirmation roll) and the text's rules."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import RulesError
from rollkit.ninefold import Contest
from tests.systems.ninefold.brute import CONTEST_NAMES, assert_matches, brute_contest, contest_plays


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
@pytest.mark.parametrize(
    "effect,immune,reduced", [(0, False, "none"), (3, False, "none"), (1, False, "half"), (4, True, "half")]
)
def test_contest_against_brute_force(off, dfn, n, d, conv, effect, immune, reduced):
    contest = Contest(
        offence=off,
        defence=dfn,
        offence_die=n,
        defence_die=d,
        convention=conv,
        effect_dice=effect,
        reduced=reduced,
        immune=immune,
    )
    outcomes, tallies = brute_contest(off, dfn, n, d, conv, 5, 5, effect, immune, reduced=reduced)
    assert_matches(contest.outcomes(), outcomes, CONTEST_NAMES)
    assert_matches(contest.distribution(), tallies)
    p_off = Fraction(min(100, max(0, off)), 100)
    p_def = Fraction(min(100, max(0, dfn)), 100)
    assert contest.chance() == (0 if immune else p_off * (1 if reduced == "half" else 1 - p_def))


@pytest.mark.parametrize(
    "n,d,bands,criticals",
    [
        (10, 6, (5, 5, 5, 5), "confirm"),
        (10, 6, (5, 5, 5, 5), "natural"),
        (4, 10, (10, 30, 15, 0), "confirm"),
        (20, 10, (7, 3, 45, 45), "confirm"),
        (2, 2, (0, 0, 60, 30), "confirm"),
    ],
)
@pytest.mark.parametrize("conv", ["roll-under", "roll-high"])
@pytest.mark.parametrize("reduced", ["none", "half"])
def test_both_rolls_on_small_dice_every_face_replayed(n, d, bands, criticals, conv, reduced):
    """Every offence face, defence face and confirmation roll: the odds and each replay."""
    fav, unfav, dfav, dunfav = bands
    off, dfn = 50, 50
    contest = Contest(
        offence=off,
        defence=dfn,
        offence_die=n,
        defence_die=d,
        convention=conv,
        favourable=fav,
        unfavourable=unfav,
        defence_favourable=dfav,
        defence_unfavourable=dunfav,
        criticals=criticals,
        effect_dice=4,
        reduced=reduced,
    )
    more = dict(dfav=dfav, dunfav=dunfav, criticals=criticals, reduced=reduced)
    outcomes, tallies = brute_contest(off, dfn, n, d, conv, fav, unfav, 4, False, **more)
    assert_matches(contest.outcomes(), outcomes, CONTEST_NAMES)
    assert_matches(contest.distribution(), tallies)
    edges = {1, 100} | {x + k for x in range(20, 81, 10) for k in (0, 1)}
    edges |= {101 - x for x in edges}  # every confirmation face where a band used here ends
    for faces, _, name, dice, defence_critical in contest_plays(
        off, dfn, n, d, conv, fav, unfav, 4, False, **more
    ):
        if not set(faces[1:]) <= edges | set(range(1, max(n, d) + 1)):
            continue
        roll = contest.resolve(list(faces))
        assert (roll.outcome, roll.tally, roll.detail("effect dice")) == (name, dice, dice)
        if defence_critical is None:
            assert "defence" not in [die.role for die in roll.dice]
        else:
            assert roll.detail("defence critical") == defence_critical
            [defence] = [die for die in roll.dice if die.role == "defence"]
            said = defence.note.split(",")[0]
            assert said == (f"{defence_critical} critical" if defence_critical != "none" else said)
            assert defence_critical != "none" or not said.endswith("able critical")


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


def test_the_defence_roll_reports_its_own_criticals():
    # the issue: Contest(offence=60, defence=30).resolve([20, 2]) said nothing of the 02
    roll = Contest(offence=60, defence=30).resolve([20, 2])
    defence = roll.dice[1]
    assert (defence.role, defence.counts, defence.note) == ("defence", "pass", "favourable critical")
    assert roll.detail("defence critical") == "favourable" and roll.outcome == "defended"
    low = Contest(offence=60, defence=30, effect_dice=4).resolve([20, 97])
    assert low.detail("defence critical") == "unfavourable" and low.dice[1].note == "unfavourable critical"
    # a defence critical changes no dice: the offence's 4 land as 4
    assert (low.outcome, low.tally) == ("effect", 4)
    assert Contest(offence=60, defence=30, effect_dice=4).resolve([20, 50]).tally == 4
    # its own bands
    wide = Contest(offence=60, defence=30, defence_favourable=20).resolve([20, 18])
    assert wide.detail("defence critical") == "favourable"
    assert Contest(offence=60, defence=30, defence_favourable=0).resolve([20, 2]).dice[1].note == ""
    # and on a d6 (5% bands: a confirmation roll on the natural 1 and 6)
    small = Contest(offence=60, defence=50, defence_die=6, effect_dice=2)
    confirmed = small.resolve([20, 1, 30])
    assert [d.role for d in confirmed.dice] == ["offence", "defence", "confirmation"]
    assert confirmed.detail("defence critical") == "favourable" and confirmed.outcome == "defended"
    assert small.resolve([20, 1, 31]).detail("defence critical") == "none"


def test_a_reduced_effect_halves_the_effect_dice():
    contest = Contest(offence=60, defence=30, effect_dice=4, reduced="half")
    held = contest.resolve([20, 10])
    assert (held.outcome, held.tally, held.success) == ("reduced effect", 2, True)
    assert contest.resolve([3, 10]).tally == 4  # a favourable critical's 8, halved
    assert contest.resolve([20, 50]).tally == 4  # a failed defence: the whole effect
    assert Contest(offence=100, defence=100, effect_dice=4, reduced="half").resolve([99, 10]).tally == 1
    assert Contest(offence=60, defence=30, effect_dice=1, reduced="half").resolve([20, 10]).tally == 1
    assert contest.chance() == Fraction(60, 100)
    assert contest.outcomes()["reduced effect"] == Fraction(60, 100) * Fraction(30, 100)
    assert contest.outcomes()["defended"] == 0 and contest.success_includes() == "a reduced effect"
    assert Contest(offence=60, defence=30).success_includes() == ""
    with pytest.raises(RulesError, match="reduced"):
        Contest(offence=60, defence=30, reduced="quarter")


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
