"""ninefold: the whole sequence with the effect rolled (ninefold.Damage), against brute force
over every offence face, defence face, confirmation roll and effect die."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rollkit import LimitError, RulesError
from rollkit.ninefold import MAX_DAMAGE, Contest, Damage
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.ninefold.brute import assert_matches, brute_damage, contest_plays


@pytest.mark.parametrize(
    "off,dfn,n,d",
    [
        (60, 30, 10, 10),
        (50, 50, 4, 2),
        (100, 0, 20, 20),
        (0, 50, 10, 10),
        (75, 25, 4, 4),
        (130, 100, 2, 2),
        (100, 50, 100, 6),
    ],
)
@pytest.mark.parametrize("effect,sides", [(1, 6), (2, 4), (3, 2)])
@pytest.mark.parametrize("reduced", ["none", "half"])
@pytest.mark.parametrize("conv", ["roll-under", "roll-high"])
def test_damage_against_brute_force(off, dfn, n, d, effect, sides, reduced, conv):
    damage = Damage(
        offence=off,
        defence=dfn,
        offence_die=n,
        defence_die=d,
        effect_dice=effect,
        effect_die=sides,
        reduced=reduced,
        convention=conv,
    )
    expected = brute_damage(off, dfn, n, d, conv, effect, sides, reduced=reduced)
    assert_matches(damage.distribution(), expected)
    assert damage.chance() == sum(p for k, p in expected.items() if k > 0)
    assert damage.success_from() == 1
    contest = Contest(
        offence=off,
        defence=dfn,
        offence_die=n,
        defence_die=d,
        effect_dice=effect,
        reduced=reduced,
        convention=conv,
    )
    assert damage.outcomes() == contest.outcomes() and damage.chance() == contest.chance()


@pytest.mark.parametrize("immune", [False, True])
def test_damage_with_wide_bands_and_immunity(immune):
    damage = Damage(
        offence=50,
        defence=50,
        offence_die=4,
        defence_die=2,
        favourable=30,
        unfavourable=20,
        effect_dice=2,
        effect_die=3,
        immune=immune,
    )
    expected = brute_damage(50, 50, 4, 2, "roll-under", 2, 3, fav=30, unfav=20, immune=immune)
    assert_matches(damage.distribution(), expected)
    assert (damage.chance() == 0) == immune


def test_every_play_replayed_with_its_effect_dice():
    damage = Damage(
        offence=50, defence=50, offence_die=4, defence_die=2, effect_dice=2, effect_die=3, reduced="half"
    )
    seen = set()
    for faces, _, name, dice, _ in contest_plays(50, 50, 4, 2, "roll-under", 5, 5, 2, False, reduced="half"):
        if faces[1:2] not in ((), (1,), (50,), (51,), (100,)) and len(faces) > 2:
            continue  # a sample of the confirmation faces
        for effect in itertools.product(range(1, 4), repeat=dice):
            roll = damage.resolve([*faces, *effect])
            assert (roll.outcome, roll.tally, roll.detail("effect dice")) == (name, sum(effect), dice)
            assert roll.detail("damage") == sum(effect)
            assert [d.role for d in roll.dice].count("effect") == dice
            assert [d.value for d in roll.dice if d.role == "effect"] == list(effect)
            seen.add(name)
    assert seen == {"offence fails", "reduced effect", "effect", "effect, favourable critical"}


def test_the_sword_stroke_rolls_its_damage():
    # the issue: Contest(offence=60, defence=30, effect_dice=4) counts {0, 4, 8} and cannot say d6
    stroke = Damage(offence=60, defence=30, effect_dice=4, effect_die=6)
    dist = stroke.distribution()
    assert min(dist) == 0 and max(dist) == 48 and dist[0] == Fraction(29, 50)
    assert dist[4] == Fraction(77, 200) / 6**4  # four 1s on a plain hit
    assert dist[48] == Fraction(7, 200) / 6**8  # eight 6s on a favourable critical
    assert dist.mean() == Fraction(77, 200) * 4 * Fraction(7, 2) + Fraction(7, 200) * 8 * Fraction(7, 2)
    roll = stroke.resolve([3, 31, 6, 5, 4, 3, 2, 1, 6, 6])
    assert roll.outcome == "effect, favourable critical" and roll.tally == 33
    assert [d.role for d in roll.dice] == ["offence", "defence"] + ["effect"] * 8
    held = stroke.resolve([20, 30])
    assert (held.outcome, held.tally, len(held.dice)) == ("defended", 0, 2)
    assert stroke.resolve([61]).tally == 0
    with pytest.raises(RulesError, match="more"):
        stroke.resolve([20, 31, 6])


def test_damage_properties():
    for check in (
        Damage(offence=60, defence=30, effect_dice=4, effect_die=6),
        Damage(
            offence=80, defence=50, offence_die=10, defence_die=6, effect_dice=2, effect_die=8, reduced="half"
        ),
        Damage(offence=70, defence=20, effect_dice=1, effect_die=4, immune=True),
    ):
        assert_exact(check)
        assert_replayable(check)
        assert_frequencies(check, n=1500)


def test_damage_refusals():
    with pytest.raises(RulesError, match="effect_dice"):
        Damage(offence=60, defence=30, effect_dice=0, effect_die=6)
    with pytest.raises(RulesError, match="effect_die"):
        Damage(offence=60, defence=30, effect_dice=2, effect_die=1)
    with pytest.raises(RulesError, match="defence"):
        Damage(offence=60, defence=33, defence_die=20, effect_dice=2, effect_die=6)
    with pytest.raises(LimitError, match="up to 2400 damage") as caught:
        Damage(offence=60, defence=30, effect_dice=100, effect_die=12)
    assert caught.value.field == "effect_dice"
    largest = Damage(offence=60, defence=30, effect_dice=MAX_DAMAGE // 4, effect_die=2)
    assert largest.distribution().total() == 1 and max(largest.distribution()) == MAX_DAMAGE
    assert (
        max(Damage(offence=60, defence=30, effect_dice=1, effect_die=MAX_DAMAGE // 2).distribution())
        == MAX_DAMAGE
    )
