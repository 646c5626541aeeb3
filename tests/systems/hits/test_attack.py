"""hits: an attack and the Damage Check it lets through (hits.Attack) against brute force,
with bought Hits on both Checks and the attack's Validation Die.

Expected values come from enumerating every face combination (itertools.product over the
attack's dice, then the damage dice when the attack lands, replayed through resolve()), or
die by die for the rolled part of a pool that buys Hits, never from rollkit's own maths.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit._params import build
from rollkit.hits import Attack, Check
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.hits.brute import FACES, NO_DAMAGE, attack_reference, band

MISSED = "Attack missed (no Damage Check)"


def attack(**params: object) -> Attack:
    base: dict[str, object] = {
        "dice": 2,
        "threshold": 6,
        "tn": 1,
        "power": 2,
        "damage_threshold": 7,
        "hardness": 1,
    }
    return Attack(**(base | params))  # type: ignore[arg-type]


SMALL = [
    {},
    {"dice": 0, "tn": 0},  # no attack dice: TN 0 always lands
    {"dice": 1, "tn": 2},  # can never land: no Damage Check is ever made
    {"dice": 3, "threshold": 8, "tn": 1, "power": 2, "hardness": 0},
    {"dice": 2, "threshold": 5, "tn": 1, "validation": 4},
    {"dice": 2, "threshold": 5, "tn": 1, "validation": 4, "keyword": "misfire"},
    {"dice": 3, "threshold": 7, "tn": 2, "validation": 9, "keyword": "misfire", "power": 1, "hardness": 2},
    {"dice": 1, "threshold": 10, "tn": 0, "power": 3, "damage_threshold": 2, "hardness": 1},
]


@pytest.mark.parametrize("params", SMALL, ids=str)
def test_attack_matches_every_face_combination(params: dict[str, object]) -> None:
    """Every face of the attack's dice, then (when the attack lands and the weapon fires)
    every face of the damage dice, replayed through resolve() and counted by hand."""
    check = attack(**params)
    n, t, tn, v = check.dice, check.threshold, check.tn, check.validation
    outcomes: Counter[str] = Counter()
    damage: Counter[int] = Counter()
    wins = 0
    total = 10 ** (n + check.power)
    for attack_faces in itertools.product(FACES, repeat=n):
        landed = sum(f >= t for f in attack_faces) >= tn
        fired = not v or (bool(attack_faces) and attack_faces[-1] >= v)
        if check.keyword == "misfire" and not fired:
            expected, roll = hits.MISFIRE, check.resolve(attack_faces)
        elif not landed:
            expected, roll = MISSED, check.resolve(attack_faces)
        else:
            for damage_faces in itertools.product(FACES, repeat=check.power):
                effect = sum(f >= check.damage_threshold for f in damage_faces) - check.hardness
                roll = check.resolve(attack_faces + damage_faces)
                assert roll.outcome == (NO_DAMAGE if effect == 0 else f"Damage: {band(effect)}")
                assert roll.tally == max(0, effect) == roll.detail("damage")
                assert roll.success == (effect >= 1) and roll.detail("damage effect") == effect
                assert [d.role for d in roll.dice][n:] == ["damage"] * check.power
                outcomes[roll.outcome] += 1
                damage[roll.tally] += 1
                wins += roll.success
            continue
        # no Damage Check: only the attack's faces are given, and nothing is rolled after them
        assert roll.outcome == expected and roll.tally == 0 and not roll.success
        assert len(roll.dice) == n and "not rolled" in roll.detail("damage check")
        with pytest.raises(RulesError):
            check.resolve((*attack_faces, 5))
        weight = 10**check.power
        outcomes[expected] += weight
        damage[0] += weight
    assert {k: p for k, p in check.outcomes().items() if p} == {
        o: Fraction(c, total) for o, c in outcomes.items()
    }
    assert {k: p for k, p in check.distribution().items() if p} == {
        d: Fraction(c, total) for d, c in damage.items()
    }
    assert check.chance() == Fraction(wins, total)
    assert check.success_from() == 1 and check.chance() == check.distribution().at_least(1)


def test_the_reference_matches_every_face_combination() -> None:
    """The die-by-die reference the larger cases use, against the enumeration above."""
    check = attack(dice=2, threshold=5, tn=1, validation=4, keyword="misfire")
    outcomes, damage, chance = attack_reference(
        **{f.name: getattr(check, f.name) for f in dataclasses.fields(check)}
    )
    assert dict(check.outcomes().items()) == outcomes
    assert {k: p for k, p in check.distribution().items() if p} == {k: p for k, p in damage.items() if p}
    assert check.chance() == chance


@pytest.mark.parametrize(
    "params",
    [
        {"dice": 7, "threshold": 6, "tn": 3, "power": 8, "damage_threshold": 7, "hardness": 2},
        {
            "dice": 11,
            "threshold": 6,
            "tn": 3,
            "validation": 2,
            "keyword": "misfire",
            "power": 8,
            "hardness": 2,
        },
        {
            "dice": 11,
            "threshold": 6,
            "tn": 3,
            "validation": 2,
            "power": 6,
            "damage_threshold": 6,
            "hardness": 4,
        },
        {"dice": 25, "threshold": 7, "tn": 9, "bought": 1, "power": 23, "damage_bought": 1, "hardness": 10},
        {
            "dice": 22,
            "threshold": 6,
            "tn": 12,
            "bought": 1,
            "validation": 5,
            "keyword": "misfire",
            "power": 4,
        },
        {
            "dice": 5,
            "threshold": 7,
            "tn": 1,
            "power": 30,
            "damage_threshold": 9,
            "hardness": 0,
            "damage_bought": 2,
        },
        {"dice": 3, "threshold": 7, "tn": 0, "power": 0, "hardness": 0},  # no damage dice: eff:0
        {"dice": 4, "threshold": 6, "tn": 2, "power": 2, "hardness": 5},  # the armour always holds
    ],
    ids=str,
)
def test_attack_matches_die_by_die_enumeration(params: dict[str, object]) -> None:
    check = attack(**params)
    outcomes, damage, chance = attack_reference(
        **{f.name: getattr(check, f.name) for f in dataclasses.fields(check)}
    )
    assert list(check.outcomes()) == list(outcomes)
    assert dict(check.outcomes().items()) == outcomes
    assert {k: p for k, p in check.distribution().items() if p} == {k: p for k, p in damage.items() if p}
    assert list(check.distribution()) == list(range(len(check.distribution())))
    assert check.chance() == chance


def test_the_two_checks_are_the_plain_ones() -> None:
    check = attack(
        dice=25, threshold=7, tn=9, bought=1, validation=3, keyword="misfire", power=23, damage_bought=1
    )
    assert check.attack_check() == Check(
        dice=25, threshold=7, tn=9, bought=1, validation=3, keyword="misfire"
    )
    assert check.damage_check() == Check(dice=23, threshold=7, tn=1, bought=1)
    assert check.got_through() == check.attack_check().chance()
    assert check.validation_outcomes() == check.attack_check().validation_outcomes()
    # The rolls share no die: a Damage Check is made and succeeds with the product of the
    # two chances; the play deals damage with that of the damage Effect of 1 or more.
    made = sum(p for o, p in check.outcomes().items() if o.startswith("Damage: ") and "Botch" not in o)
    assert made == check.got_through() * check.damage_check().chance()
    effects = check.damage_check().effects()
    assert check.chance() == check.got_through() * sum(p for e, p in effects.items() if e >= 1)


def test_the_sword_blow_and_the_arquebus() -> None:
    """The numbers rulings hits-attack-then-damage and hits-damage-effect quote."""
    sword = Attack(dice=7, threshold=6, tn=3, power=8, damage_threshold=7, hardness=2)
    assert sword.got_through() == Fraction(99, 128)
    assert sword.damage_check().chance() == Fraction(349072, 390625)
    made = sword.got_through() * sword.damage_check().chance()
    assert made == Fraction(2159883, 3125000)
    assert sword.chance() == 1 - sword.distribution()[0] == Fraction(827343, 1562500)
    assert made - sword.chance() == sword.outcomes()[NO_DAMAGE] == Fraction(505197, 3125000)
    arquebus = Attack(
        dice=11, threshold=6, tn=3, validation=2, keyword="misfire", power=8, damage_threshold=6, hardness=2
    )
    assert arquebus.got_through() == Fraction(8937, 10240)
    assert arquebus.outcomes()[hits.MISFIRE] == Fraction(1, 10)
    text = " ".join(r.why + " " + r.ruling for r in hits.RULINGS)
    for quoted in (
        "99/128",
        "349072/390625",
        "2159883/3125000",
        "827343/1562500",
        "505197/3125000",
        "8937/10240",
    ):
        assert quoted in text, quoted


def test_rome_misfires_and_no_damage_dice_follow() -> None:
    """The arquebus example: 7 Hits, Effect 4 against TN 3, but the red die shows 1."""
    arquebus = Attack(
        dice=11, threshold=6, tn=3, validation=2, keyword="misfire", power=8, damage_threshold=6, hardness=2
    )
    roll = arquebus.resolve([6, 7, 8, 9, 10, 6, 7, 1, 2, 3, 1])
    assert roll.outcome == hits.MISFIRE and roll.tally == 0 and not roll.success
    assert roll.detail("attack hits") == 7 and roll.detail("attack effect") == 4
    assert roll.detail("validation") == "failed" and roll.detail("chance of that validation") == Fraction(
        1, 10
    )
    assert roll.probability == Fraction(1, 10) and len(roll.dice) == 11
    # The same dice with a red die of 2 fire; the damage dice follow.
    roll = arquebus.resolve([6, 7, 8, 9, 10, 6, 7, 1, 2, 3, 2] + [6, 6, 6, 6, 1, 1, 1, 1])
    assert roll.outcome == "Damage: DoS 2 (Normal Success)" and roll.tally == 2 and roll.success
    assert (
        roll.detail("damage hits") == 4 and roll.detail("hardness") == 2 and roll.detail("damage effect") == 2
    )
    assert [d.role for d in roll.dice] == ["pool"] * 10 + ["validation"] + ["damage"] * 8
    # Without a keyword the failed die is only reported: the shot lands.
    reported = dataclasses.replace(arquebus, keyword="none")
    roll = reported.resolve([6, 7, 8, 9, 10, 6, 7, 1, 2, 3, 1] + [1] * 8)
    assert roll.detail("validation") == "failed" and roll.outcome == "Damage: Botch 2 (Major Failure)"


def test_bought_hits_on_both_checks_in_the_roll() -> None:
    check = Attack(
        dice=25, threshold=7, tn=9, bought=1, power=23, damage_threshold=7, hardness=10, damage_bought=1
    )
    roll = check.resolve([7] * 5 + [1] * 10 + [8] * 6 + [1] * 7)
    assert roll.detail("attack bought hits") == 4 and roll.detail("attack hits") == 9
    assert roll.detail("damage bought hits") == 4 and roll.detail("damage hits") == 10
    assert roll.tally == 0 and not roll.success and roll.outcome == NO_DAMAGE
    assert roll.detail("degree") == "DoS 1"  # the Damage Check itself succeeds, with no Effect


def test_attack_errors_name_their_field() -> None:
    for params, field, error in (
        ({"bought": 1}, "bought", RulesError),
        ({"damage_bought": 1}, "damage_bought", RulesError),
        ({"validation": 1}, "validation", RulesError),
        ({"keyword": "misfire"}, "keyword", RulesError),
        ({"dice": 0, "validation": 3}, "validation", RulesError),
        ({"power": -1}, "power", RulesError),
        ({"hardness": -1}, "hardness", RulesError),
        ({"damage_threshold": 11}, "damage_threshold", RulesError),
        ({"power": 3000}, "power", LimitError),
        ({"dice": 3000}, "dice", LimitError),
        ({"power": 2.0}, "power", ParameterTypeError),
    ):
        with pytest.raises(error) as info:
            attack(**params)
        assert info.value.field == field, (params, info.value.field)
    with pytest.raises(LimitError, match="damage_bought"):
        attack(power=3000)  # the message says how to roll fewer
    assert attack(power=3000, damage_bought=100).damage_check().rolled == 2000


def test_attack_from_text_as_widgets_send_it() -> None:
    built = build(
        "hits.attack",
        {"dice": "7", "threshold": "6", "tn": "3", "power": "8", "damage_threshold": "7", "hardness": "2"},
    )
    assert built == Attack(dice=7, threshold=6, tn=3, power=8, damage_threshold=7, hardness=2)


PROPERTIES = [
    attack(),
    attack(dice=11, threshold=6, tn=3, validation=2, keyword="misfire", power=8, hardness=2),
    attack(dice=6, threshold=7, tn=2, validation=5, power=5, damage_threshold=6, hardness=1),
    attack(dice=25, threshold=7, tn=9, bought=1, power=23, damage_bought=1, hardness=8),
]


@pytest.mark.parametrize("check", PROPERTIES, ids=lambda c: c.describe())
def test_properties(check: Attack) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=1500)
