"""Tests for rollkit.ninefold: brute force over every face, the source's examples, errors; and
what spans every kind (the shared properties on a spread of them all, errors and limits, the
module's contract)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, ninefold
from rollkit.ninefold import (
    Check,
    Contest,
    Immune,
    MentalicStat,
    PercentageCheck,
    defence_to_pass,
    effect_dice_after,
    expressing_dice,
    threshold_chance,
    threshold_for,
    threshold_table,
    to_pass,
)
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.ninefold.brute import (
    NAMES,
    assert_matches,
    brute_check,
    check_reads,
    hand_effect,
    outcome_name,
    read_face,
    reads,
)

# --------------------------------------------------------------------------- brute force


CHECK_CASES = (
    [
        (p, 100, conv, f, u)
        for p in (-20, 0, 1, 3, 5, 6, 40, 50, 94, 95, 96, 99, 100, 130)
        for conv in ("roll-under", "roll-high")
        for f, u in ((5, 5), (10, 5), (0, 0), (0, 5), (50, 50), (100, 0), (3, 97))
    ]
    + [
        (p, 20, conv, f, u)
        for p in (-5, 0, 5, 40, 95, 100, 125)
        for conv in ("roll-under", "roll-high")
        for f, u in ((5, 5), (10, 0), (0, 15))
    ]
    + [
        (p, 6, conv, f, u)
        for p in (0, 50, 100)
        for conv in ("roll-under", "roll-high")
        for f, u in ((0, 0), (50, 0), (0, 50), (50, 50))
    ]
    + [
        (p, n, "roll-high", 0, 0)
        for n in (2, 4, 8, 10, 12)
        for p in range(0, 101, 25 if n != 10 else 10)
        if p * n % 100 == 0
    ]
)


@pytest.mark.parametrize("p,n,conv,fav,unfav", CHECK_CASES)
def test_check_against_brute_force(p, n, conv, fav, unfav):
    check = Check(to_pass=p, die=n, convention=conv, favourable=fav, unfavourable=unfav)
    outcomes, margins, chance = brute_check(p, n, conv, fav, unfav, 0)
    assert check.chance() == chance
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)
    assert list(check.distribution()) == sorted(margins)
    # every face replayed
    for face in range(1, n + 1):
        roll = check.resolve([face])
        passed, critical, margin = read_face(face, n, min(100, max(0, p)), fav, unfav, conv)
        assert (roll.success, roll.detail("critical"), roll.tally) == (passed, critical, margin)
        assert roll.outcome == outcome_name(passed, critical)
        assert (roll.tally >= 0) == roll.success


SMALL_DICE_CASES = [
    (p, n, conv, f, u, crit)
    for n, p in ((2, 50), (4, 75), (5, 40), (6, 50), (6, 100), (8, 25), (10, 60), (12, 25), (20, 35))
    for conv in ("roll-under", "roll-high")
    for f, u in ((5, 5), (10, 0), (7, 3), (33, 34), (45, 45))
    for crit in ("confirm", "natural")
    if not (crit == "natural" and -(-f * n // 100) + -(-u * n // 100) > n)
]


@pytest.mark.parametrize("p,n,conv,fav,unfav,crit", SMALL_DICE_CASES)
def test_criticals_on_any_die_against_brute_force(p, n, conv, fav, unfav, crit):
    """Bands that are not whole faces: the confirmation roll (every d100 face enumerated) or
    the natural faces, against the hundredths of the die they cover."""
    check = Check(to_pass=p, die=n, convention=conv, favourable=fav, unfavourable=unfav, criticals=crit)
    outcomes, margins, chance = brute_check(p, n, conv, fav, unfav, 0, crit)
    assert check.chance() == chance
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)
    for faces, _, passed, critical, margin in check_reads(n, p, fav, unfav, conv, crit):
        roll = check.resolve(list(faces))  # a confirmation is rolled exactly where the band splits a face
        assert (roll.success, roll.detail("critical"), roll.tally) == (passed, critical, margin)
        assert [d.role for d in roll.dice] == ["check", "confirmation"][: len(faces)]
    if crit == "confirm":  # the bands keep their stated widths
        out = check.outcomes()
        assert out["pass, favourable critical"] + out["fail, favourable critical"] == Fraction(fav, 100)
        assert out["pass, unfavourable critical"] + out["fail, unfavourable critical"] == Fraction(unfav, 100)


def test_a_confirmation_roll_by_hand():
    # the issue: toPass 40 on a d10 was refused; the 5% bands are half a face each
    check = Check(to_pass=40, die=10)
    assert check.chance() == Fraction(2, 5)
    out = check.outcomes()
    assert out["pass, favourable critical"] == Fraction(1, 10) * Fraction(50, 100) == Fraction(1, 20)
    assert out["fail, unfavourable critical"] == Fraction(1, 20)
    assert out["pass"] == Fraction(4, 10) - Fraction(1, 20)
    confirmed, missed = check.resolve([1, 50]), check.resolve([1, 51])
    assert confirmed.outcome == "pass, favourable critical" and missed.outcome == "pass"
    assert [d.counts for d in confirmed.dice] == ["pass", "confirmed"]
    assert confirmed.dice[1].note == "01-50 confirms a favourable critical"
    assert missed.dice[0].note == "no critical: not confirmed"
    assert check.resolve([10, 51]).outcome == "fail, unfavourable critical"
    assert check.resolve([10, 50]).outcome == "fail"
    assert check.resolve([5]).outcome == "fail" and len(check.resolve([5]).dice) == 1
    # roll-high mirrors the die and the confirmation
    high = Check(to_pass=40, die=10, convention="roll-high")
    assert high.resolve([10, 51]).outcome == "pass, favourable critical"
    assert high.resolve([10, 50]).outcome == "pass"
    assert high.resolve([1, 50]).outcome == "fail, unfavourable critical"
    assert high.resolve([10, 51]).dice[1].note == "51-100 confirms a favourable critical"
    # the natural reading: the natural faces, 10% each
    natural = Check(to_pass=40, die=10, criticals="natural")
    assert natural.outcomes()["pass, favourable critical"] == Fraction(1, 10)
    assert natural.resolve([1]).outcome == "pass, favourable critical" and len(natural.resolve([1]).dice) == 1
    # 7% on a d20: the natural 1 whole, 40 hundredths of the 2
    seven = Check(to_pass=50, die=20, favourable=7, unfavourable=0)
    assert seven.outcomes()["pass, favourable critical"] == Fraction(7, 100)
    assert seven.resolve([1]).detail("critical") == "favourable"
    assert seven.resolve([2, 40]).detail("critical") == "favourable"
    assert seven.resolve([2, 41]).detail("critical") == "none"
    # a d2 with 30% and 40%: each face holds part of one band
    coin = Check(to_pass=50, die=2, favourable=30, unfavourable=40)
    assert coin.resolve([1, 60]).detail("critical") == "favourable"
    assert coin.resolve([1, 61]).detail("critical") == "none"
    assert coin.resolve([2, 21]).detail("critical") == "unfavourable"
    assert coin.resolve([2, 20]).detail("critical") == "none"
    assert coin.resolve([2, 20]).dice[1].note == "21-100 confirms an unfavourable critical"
    # 60% and 30%: face 2 holds what is left of both
    shared = Check(to_pass=50, die=2, favourable=60, unfavourable=30)
    assert [shared.resolve([2, c]).detail("critical") for c in (20, 21, 40, 41)] == [
        "favourable",
        "none",
        "none",
        "unfavourable",
    ]


def test_a_face_both_bands_split_confirms_either():
    # 55% and 45% on a d10: face 6 holds half of each band
    check = Check(to_pass=50, die=10, favourable=55, unfavourable=45)
    roll = check.resolve([6, 50])
    assert roll.detail("critical") == "favourable"
    both = Check(to_pass=50, die=10, favourable=52, unfavourable=45)
    assert both.resolve([6, 20]).detail("critical") == "favourable"
    assert both.resolve([6, 21]).detail("critical") == "none"
    assert both.resolve([6, 51]).detail("critical") == "unfavourable"
    assert both.resolve([6, 50]).dice[1].note == (
        "01-20 confirms a favourable critical, 51-100 an unfavourable one"
    )
    out = both.outcomes()
    assert out["pass, favourable critical"] == Fraction(1, 2) and out[
        "fail, favourable critical"
    ] == Fraction(2, 100)


@pytest.mark.parametrize("effect", [0, 1, 2, 3, 4, 5, 9])
def test_check_effect_dice_every_face(effect):
    for conv in ("roll-under", "roll-high"):
        check = Check(to_pass=50, convention=conv, favourable=10, unfavourable=55, effect_dice=effect)
        for face in range(1, 101):
            passed, critical, _ = read_face(face, 100, 50, 10, 55, conv)
            assert check.resolve([face]).detail("effect dice") == hand_effect(effect, passed, critical)


def brute_percentage(dc: int, bonus: int, conv: str, fav: int, unfav: int):
    outcomes, margins = Counter(), Counter()
    rows = {}
    for face in range(1, 101):
        if conv == "roll-high":
            margin = face + bonus - dc  # adjusted result - DC
            fav_hit, unfav_hit = face >= 101 - fav, face <= unfav
        else:
            margin = (101 - dc + bonus) - face  # final chance - converted roll
            fav_hit, unfav_hit = face <= fav, face >= 101 - unfav
        critical = "favourable" if fav_hit else "unfavourable" if unfav_hit else "none"
        passed = margin >= 0
        outcomes[outcome_name(passed, critical)] += 1
        margins[margin] += 1
        rows[face] = (passed, critical, margin)
    return (
        {k: Fraction(v, 100) for k, v in outcomes.items()},
        {k: Fraction(v, 100) for k, v in margins.items()},
        rows,
    )


@pytest.mark.parametrize(
    "dc,bonus",
    [
        (50, 0),
        (1, 0),
        (100, 0),
        (101, 0),
        (102, 0),
        (0, 0),
        (60, 15),
        (30, -40),
        (200, 50),
        (-10, 0),
        (100, 4),
        (61, 0),
    ],
)
@pytest.mark.parametrize("conv", ["roll-high", "roll-under"])
@pytest.mark.parametrize("fav,unfav", [(5, 5), (10, 0), (0, 5), (40, 60)])
def test_percentage_against_brute_force(dc, bonus, conv, fav, unfav):
    check = PercentageCheck(
        dc=dc, bonus=bonus, convention=conv, favourable=fav, unfavourable=unfav, effect_dice=3
    )
    outcomes, margins, rows = brute_percentage(dc, bonus, conv, fav, unfav)
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)
    assert check.chance() == sum(p for m, p in margins.items() if m >= 0)
    for face, (passed, critical, margin) in rows.items():
        roll = check.resolve([face])
        assert (roll.success, roll.detail("critical"), roll.tally, roll.detail("margin")) == (
            passed,
            critical,
            margin,
            margin,
        )
        assert roll.detail("effect dice") == hand_effect(3, passed, critical)


def brute_percentage_die(dc: int, bonus: int, n: int, conv: str, fav: int, unfav: int, crit: str):
    """The text's roll-high reading on a dN, each face converted to face * 100/N points:
    adjusted = converted + bonus, margin = adjusted - DC; a roll-under face is the roll-high
    face the other way up. Every way the die (and any confirmation) can come up."""
    outcomes, margins, rows = Counter(), Counter(), []
    for faces, weight, rank, critical in reads(n, fav, unfav, conv, crit):
        high = n + 1 - rank  # the face read roll-high
        margin = high * (100 // n) + bonus - dc
        outcomes[outcome_name(margin >= 0, critical)] += weight
        margins[margin] += weight
        rows.append((faces, margin >= 0, critical, margin))
    return dict(outcomes), dict(margins), rows


PERCENTAGE_DIE_CASES = [
    (dc, bonus, n)
    for n in (2, 4, 5, 10, 20, 25, 50)
    for dc, bonus in ((50, 0), (60, 0), (100, 0), (0, 0), (60, 15), (-20, 0), (200, 20), (95, -5))
    if (dc - bonus) % (100 // n) == 0 or not 0 < 100 + 100 // n - dc + bonus < 100
]


@pytest.mark.parametrize("dc,bonus,n", PERCENTAGE_DIE_CASES)
@pytest.mark.parametrize("conv", ["roll-high", "roll-under"])
@pytest.mark.parametrize("fav,unfav", [(5, 5), (10, 0), (30, 45)])
def test_percentage_dc_on_any_die_against_brute_force(dc, bonus, n, conv, fav, unfav):
    check = PercentageCheck(dc=dc, bonus=bonus, die=n, convention=conv, favourable=fav, unfavourable=unfav)
    outcomes, margins, rows = brute_percentage_die(dc, bonus, n, conv, fav, unfav, "confirm")
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)
    won = sum(p for m, p in margins.items() if m >= 0)
    assert check.chance() == won
    if 0 <= check.final_chance() <= 100:  # the final chance is the chance, in percent
        assert Fraction(check.final_chance(), 100) == won
    for faces, passed, critical, margin in rows:
        roll = check.resolve(list(faces))
        assert (roll.success, roll.detail("critical"), roll.tally) == (passed, critical, margin)
        assert roll.detail("converted roll") == faces[0] * (100 // n)
        if conv == "roll-under":
            assert roll.detail("final chance") - roll.detail("converted roll") == margin
        else:
            assert roll.detail("adjusted result") - dc == margin
    other = "roll-under" if conv == "roll-high" else "roll-high"
    mirrored = PercentageCheck(
        dc=dc, bonus=bonus, die=n, convention=other, favourable=fav, unfavourable=unfav
    )
    assert mirrored.outcomes() == check.outcomes() and mirrored.distribution() == check.distribution()
    for faces, _, _, margin in rows:  # the same roll read the other way up: one margin, one outcome
        flipped = [n + 1 - faces[0], *(101 - c for c in faces[1:])]
        a, b = check.resolve(list(faces)), mirrored.resolve(flipped)
        assert (a.tally, a.outcome) == (b.tally, b.outcome) == (margin, a.outcome)


def test_percentage_dc_on_a_d20():
    # the issue: PercentageCheck(dc=60, die=20) raised TypeError
    check = PercentageCheck(dc=60, die=20)
    assert check.chance() == Fraction(sum(5 * f >= 60 for f in range(1, 21)), 20) == Fraction(9, 20)
    assert check.final_chance() == 45
    roll = check.resolve([12])
    assert (roll.detail("converted roll"), roll.tally, roll.outcome) == (60, 0, "pass")
    assert check.resolve([11]).tally == -5 and not check.resolve([11]).success
    assert check.resolve([20]).outcome == "pass, favourable critical"
    assert check.resolve([1]).outcome == "fail, unfavourable critical"
    under = PercentageCheck(dc=60, die=20, convention="roll-under").resolve([9])
    assert (under.detail("converted roll"), under.detail("final chance"), under.tally) == (45, 45, 0)
    # the d100 reading is unchanged: DC 60 passes on 60 to 100
    assert PercentageCheck(dc=60).chance() == Fraction(41, 100)
    assert PercentageCheck(dc=60, die=10, bonus=20).resolve([5]).detail("adjusted result") == 70


@pytest.mark.parametrize(
    "params,field,message",
    [
        (
            dict(dc=61, die=20),
            "dc",
            "dc=61 with bonus=0 is not allowed on a d20: its converted rolls are 5, 10,",
        ),
        (dict(dc=61, bonus=3, die=20), "dc", r"must be a multiple of 5 .*use a DC of 58 or 63, or a d100"),
        (dict(dc=50, die=6), "die", r"one face of a d6 is 16\.67 points; use a die whose sides divide 100"),
        (dict(dc=50, die=8), "die", "d2, d4, d5, d10, d20, d25, d50 or d100"),
        (dict(dc=50, die=20, favourable=60, unfavourable=50), "unfavourable", "overlap"),
    ],
)
def test_percentage_dc_refusals(params, field, message):
    with pytest.raises(RulesError, match=message) as caught:
        PercentageCheck(**params)
    assert caught.value.field == field


@pytest.mark.parametrize("dc,bonus", [(50, 0), (61, 0), (100, 4), (30, -40), (1, 7), (150, 20)])
def test_roll_under_margin_equals_roll_high_margin_on_all_faces(dc, bonus):
    """c - v == u + bonus - dc with u = 101 - v and c = 101 - dc + bonus, for all 100 faces."""
    high = PercentageCheck(dc=dc, bonus=bonus, convention="roll-high")
    under = PercentageCheck(dc=dc, bonus=bonus, convention="roll-under")
    c = 101 - dc + bonus
    assert under.resolve([1]).detail("final chance") == c
    for u in range(1, 101):
        v = 101 - u
        assert c - v == u + bonus - dc
        a, b = high.resolve([u]), under.resolve([v])
        assert a.tally == b.tally == u + bonus - dc
        assert (a.outcome, a.success, a.detail("critical")) == (b.outcome, b.success, b.detail("critical"))
        assert a.detail("adjusted result") == u + bonus
        assert b.detail("converted roll") == v
    assert high.outcomes() == under.outcomes()
    assert high.distribution() == under.distribution()


@pytest.mark.parametrize("p", [0, 1, 5, 40, 64, 96, 100])
@pytest.mark.parametrize("conv", ["roll-high", "roll-under"])
def test_check_on_d100_equals_percentage_check(p, conv):
    a, b = Check(to_pass=p, convention=conv), PercentageCheck(dc=101 - p, convention=conv)
    assert a.outcomes() == b.outcomes() and a.chance() == b.chance()
    for face in range(1, 101):
        ra, rb = a.resolve([face]), b.resolve([face])
        assert (ra.outcome, ra.tally) == (rb.outcome, rb.tally)


def test_mentalic_stat_against_brute_force():
    counts = Counter(sum(f) for f in itertools.product(range(1, 7), repeat=4))
    stat = MentalicStat()
    assert_matches(stat.distribution(), {k: Fraction(v, 1296) for k, v in counts.items()})
    assert list(stat.distribution()) == list(range(4, 25))
    assert list(stat.outcomes()) == [f"+{s}%" for s in range(4, 25)]
    assert stat.chance() == 1
    assert MentalicStat(at_least=20).chance() == Fraction(sum(v for k, v in counts.items() if k >= 20), 1296)
    assert MentalicStat(at_least=24).chance() == Fraction(1, 1296)
    low, high = stat.resolve([1, 1, 1, 1]), stat.resolve([6, 6, 6, 6])
    assert (low.tally, low.outcome, high.tally, high.outcome) == (4, "+4%", 24, "+24%")
    assert stat.resolve([3, 4, 1, 6]).probability == Fraction(counts[14], 1296)


# --------------------------------------------------------------------------- the source's examples


def test_to_pass_formula_and_embodiment_modifier():
    assert to_pass(stat=30, skills=15, buff=10, debuff=5) == 50
    # poor robotic sensors: -2% on Perception is just a debuff term
    assert to_pass(stat=12, skills=20, debuff=2) == 30
    # recorded values are not clamped; only the chance is
    assert to_pass(stat=75, skills=50, buff=5) == 130 and to_pass(stat=-75, debuff=-50) == -25
    assert Check(to_pass=130).chance() == 1 and Check(to_pass=-20).chance() == 0
    assert Check(to_pass=130).resolve([100]).success and not Check(to_pass=-20).resolve([1]).success


def test_dice_threshold_ruling_against_the_text_numbers():
    # the text's three lines: 50% for 3+ on a d6, 40% for 16+ on a d20, and (N - X) / N for
    # X+ on any dN;
    # X+ is a roll above X (ruling ninefold-dice-threshold), faces counted one by one
    def above(n, x):
        return Fraction(sum(f > x for f in range(1, n + 1)), n)

    def at_least(n, x):
        return Fraction(sum(f >= x for f in range(1, n + 1)), n)

    assert threshold_chance(sides=6, target=3) == above(6, 3) == Fraction(50, 100)  # the d6 line kept
    assert threshold_chance(sides=20, target=16) == above(20, 16) == Fraction(1, 5) != Fraction(40, 100)
    for n in (2, 6, 20, 100):  # the formula kept
        assert all(threshold_chance(sides=n, target=x) == Fraction(n - x, n) for x in range(n + 1))
    # the earlier reading, X or more, keeps none of the three lines
    assert at_least(6, 3) == Fraction(2, 3) and at_least(20, 16) == Fraction(1, 4)
    assert threshold_for(to_pass=50, sides=6) == 3  # the text's own example
    assert threshold_for(to_pass=40, sides=20) == 12
    assert threshold_for(to_pass=0, sides=20) == 20 and threshold_for(to_pass=100, sides=20) == 0
    assert threshold_for(to_pass=130, sides=6) == 0 and threshold_for(to_pass=-7, sides=6) == 6
    assert threshold_chance(sides=6, target=6) == 0 and threshold_chance(sides=6, target=0) == 1
    for n in (2, 4, 6, 8, 10, 12, 20, 100):
        table = threshold_table(sides=n)
        assert table == tuple((p, threshold_for(to_pass=p, sides=n)) for p in range(101) if p * n % 100 == 0)
        for p, x in table:
            assert threshold_chance(sides=n, target=x) == Fraction(p, 100) == above(n, x)
            roll_high = Check(to_pass=p, die=n, convention="roll-high", favourable=0, unfavourable=0)
            assert all(roll_high.resolve([f]).success == (f > x) for f in range(1, n + 1))
    assert expressing_dice(40) == (10, 20, 100)
    assert expressing_dice(50) == (2, 4, 6, 8, 10, 12, 20, 100)
    assert expressing_dice(25) == (4, 8, 12, 20, 100)
    assert expressing_dice(33) == (100,)
    assert expressing_dice(130) == expressing_dice(100) == (2, 4, 6, 8, 10, 12, 20, 100)


def test_the_threshold_ruling_quotes_rollkits_numbers():
    """The ruling's numbers are rollkit's, counted here face by face."""
    [ruling] = [r for r in ninefold.RULINGS if r.id == "ninefold-dice-threshold"]
    for quoted in (
        "50% on a d6 is 3+",
        "40% on a d20 is 12+ (faces 13 to 20)",
        "d6 3+ passes 50.00%",
        "16+ passes 20.00%, not 40%",
        "d6 3+ would pass 66.67%",
        "d20 16+ 25.00%",
        "40% of a d20 is 8 faces, while 16 or more is 5 faces and above 16 is 4",
    ):
        assert quoted in ruling.ruling + ruling.why, quoted
    assert sum(f >= 16 for f in range(1, 21)) == 5 and sum(f > 16 for f in range(1, 21)) == 4
    assert Fraction(sum(f >= 3 for f in range(1, 7)), 6) == Fraction(2, 3)


def test_critical_bands_examples():
    check = Check(to_pass=50)
    assert [check.resolve([f]).detail("critical") for f in (1, 5, 6, 95, 96, 100)] == [
        "favourable",
        "favourable",
        "none",
        "none",
        "unfavourable",
        "unfavourable",
    ]
    # d20: the natural extremes, favourable face set by the convention
    high = Check(to_pass=40, die=20, convention="roll-high")
    assert high.resolve([20]).outcome == "pass, favourable critical"
    assert high.resolve([1]).outcome == "fail, unfavourable critical"
    assert high.resolve([13]).outcome == "pass" and high.resolve([12]).outcome == "fail"
    under = Check(to_pass=40, die=20)
    assert under.resolve([1]).outcome == "pass, favourable critical"
    assert under.resolve([20]).outcome == "fail, unfavourable critical"
    # Critical +5% widens 5% to 10%; incoming Critical -5% narrows 5% to 0%
    wide, none = Check(to_pass=50, favourable=10), Check(to_pass=50, favourable=0)
    assert [f for f in range(1, 101) if wide.resolve([f]).detail("critical") == "favourable"] == list(
        range(1, 11)
    )
    assert all(none.resolve([f]).detail("critical") != "favourable" for f in range(1, 101))
    assert wide.outcomes()["pass, favourable critical"] == Fraction(1, 10)
    # critical status never flips success: a favourable critical can still fail
    assert Check(to_pass=3).resolve([4]).outcome == "fail, favourable critical"
    assert Check(to_pass=97).resolve([97]).outcome == "pass, unfavourable critical"


def test_effect_dice_examples():
    assert effect_dice_after(effect_dice=4, passed=True, critical="favourable") == 8
    assert effect_dice_after(effect_dice=4, passed=True, critical="unfavourable") == 2
    assert effect_dice_after(effect_dice=5, passed=True, critical="unfavourable") == 2
    assert effect_dice_after(effect_dice=1, passed=True, critical="unfavourable") == 1
    assert effect_dice_after(effect_dice=0, passed=True, critical="favourable") == 0
    assert effect_dice_after(effect_dice=4, passed=False, critical="favourable") == 0
    check = Check(to_pass=60, effect_dice=3)
    assert check.resolve([2]).detail("effect dice") == 6
    assert check.resolve([30]).detail("effect dice") == 3
    assert Check(to_pass=100, effect_dice=3).resolve([99]).detail("effect dice") == 1
    assert Check(to_pass=2, effect_dice=3).resolve([5]).detail("effect dice") == 0


def test_critical_and_barely_passed():
    # margin 0 (a tie) passes and can be critical at the same time
    roll = PercentageCheck(dc=100, bonus=4).resolve([96])
    assert (roll.tally, roll.success, roll.outcome) == (0, True, "pass, favourable critical")
    assert roll.detail("adjusted result") == 100
    under = PercentageCheck(dc=100, bonus=4, convention="roll-under").resolve([5])
    assert (under.tally, under.outcome, under.detail("final chance")) == (0, roll.outcome, 5)
    assert not PercentageCheck(dc=100, bonus=4).resolve([95]).success


def test_typed_resistances():
    fire_poison = ("fire", "poison")
    res = {"fire": 20, "poison": 35}
    base = dict(stat=20, skill=10, armour=5, cover=10, buffs=3, debuffs=4, armour_piercing=6)
    assert defence_to_pass(**base, resistances=res, effect_types=fire_poison) == 38 + 35
    assert defence_to_pass(**base, resistances=tuple(res.items()), effect_types=fire_poison) == 73
    assert defence_to_pass(**base, resistances=res, effect_types=("fire",)) == 58
    assert defence_to_pass(**base, resistances=res, effect_types=("cold",)) == 38
    assert defence_to_pass(**base, resistances=res, effect_types=()) == 38
    # vulnerability: bites alone, but a missing type counts +0 in the maximum
    vul = {"fire": -10}
    assert defence_to_pass(stat=30, resistances=vul, effect_types=("fire",)) == 20
    assert defence_to_pass(stat=30, resistances=vul, effect_types=("fire", "poison")) == 30
    assert (
        defence_to_pass(stat=30, resistances={"fire": -10, "poison": -5}, effect_types=("fire", "poison"))
        == 25
    )
    assert defence_to_pass(stat=30, resistances={"Fire ": 15}, effect_types=("FIRE",)) == 45
    # immunity is a property, not a number
    result = defence_to_pass(stat=30, resistances=res, effect_types=fire_poison, immunities=("fire",))
    assert isinstance(result, Immune) and result.types == ("fire",) and "fire" in str(result)
    assert defence_to_pass(stat=30, effect_types=("cold",), immunities=("fire",)) == 30


# --------------------------------------------------------------------------- properties


PROPERTY_CHECKS = [
    Check(to_pass=40),
    Check(to_pass=3, convention="roll-high", effect_dice=2),
    Check(to_pass=130, favourable=10, unfavourable=0, effect_dice=1),
    Check(to_pass=-20, effect_dice=5),
    Check(to_pass=65, die=20, convention="roll-high", effect_dice=3),
    Check(to_pass=50, die=6, favourable=0, unfavourable=0),
    PercentageCheck(dc=60, bonus=15, effect_dice=4),
    PercentageCheck(dc=50, convention="roll-under"),
    Contest(offence=60, defence=30, effect_dice=3),
    Contest(offence=75, defence=45, offence_die=20, defence_die=20, convention="roll-high", effect_dice=1),
    Contest(offence=90, defence=10, immune=True),
    MentalicStat(),
    MentalicStat(at_least=15),
]


@pytest.mark.parametrize("check", PROPERTY_CHECKS, ids=lambda c: c.describe())
def test_properties(check):
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=2000)
    assert check.describe().startswith("ninefold.")
    assert check.roll(seed=5).to_json()["system"] == "ninefold"


def test_distribution_bound_keeps_the_rest_in_the_tail():
    full = Check(to_pass=40).distribution()
    cut = Check(to_pass=40).distribution(bound=10)
    assert max(cut) == 10 and cut.tail == Fraction(29, 100) and cut.tail_label == "11 or more"
    assert cut.total() == 1 and all(cut[k] == full[k] for k in cut)
    assert MentalicStat().distribution(bound=20).tail == Fraction(1 + 4 + 10 + 20, 1296)
    with pytest.raises(ParameterTypeError):
        Check(to_pass=40).distribution(bound=1.5)


def test_module_contract():
    assert set(ninefold.CHECKS) == {
        "check",
        "percentage",
        "contest",
        "mentalic",
        "skill",
        "defender",
        "damage",
    }
    for cls in ninefold.CHECKS.values():
        assert cls.system == "ninefold"
        assert cls.__dataclass_params__.frozen
        assert all(f.kw_only for f in dataclasses.fields(cls))
    ids = [r.id for r in ninefold.RULINGS]
    assert len(ids) == len(set(ids))
    assert {
        "ninefold-dice-threshold",
        "ninefold-resistance-missing-type",
        "ninefold-margin-tie",
        "ninefold-effort-lost",
        "ninefold-lost-text",
        "ninefold-immunity",
        "ninefold-one-skill-path",
        "ninefold-debuff-sign",
        "ninefold-resistance-not-a-buff",
        "ninefold-armour-piercing",
        "ninefold-defence-after-offence",
        "ninefold-confirmation-roll",
        "ninefold-reduced-effect",
        "ninefold-percentage-die",
        "ninefold-defence-critical",
    } <= set(ids)
    assert all(r.system == "ninefold" and r.id.startswith("ninefold-") and r.why for r in ninefold.RULINGS)
    for name in ninefold.__all__:
        assert hasattr(ninefold, name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Check(to_pass=40).to_pass = 50  # type: ignore[misc]


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize("bad", [1.5, "40", None, True, Fraction(1, 2)])
def test_type_errors(bad):
    with pytest.raises(ParameterTypeError, match="whole number"):
        Check(to_pass=bad)
    for kwargs in (dict(die=bad), dict(favourable=bad), dict(unfavourable=bad), dict(effect_dice=bad)):
        with pytest.raises(ParameterTypeError):
            Check(to_pass=40, **kwargs)
    with pytest.raises(ParameterTypeError):
        PercentageCheck(dc=bad)
    with pytest.raises(ParameterTypeError):
        PercentageCheck(dc=50, bonus=bad)
    with pytest.raises(ParameterTypeError):
        Contest(offence=50, defence=bad)
    with pytest.raises(ParameterTypeError):
        MentalicStat(at_least=bad)
    with pytest.raises(ParameterTypeError):
        to_pass(stat=bad)
    with pytest.raises(ParameterTypeError):
        defence_to_pass(stat=10, armour_piercing=bad)
    with pytest.raises(ParameterTypeError):
        threshold_for(to_pass=bad, sides=20)
    with pytest.raises(ParameterTypeError):
        expressing_dice(bad)


def test_rules_errors():
    with pytest.raises(RulesError, match="die"):
        Check(to_pass=40, die=1)
    with pytest.raises(RulesError, match="natural faces are not allowed on a d2: they reach 2 and 1"):
        Check(to_pass=50, die=2, favourable=60, unfavourable=40, criticals="natural")
    with pytest.raises(RulesError, match="criticals"):
        Check(to_pass=50, criticals="both")
    with pytest.raises(
        RulesError,
        match=r"one face of a d20 is 5%, so the whole percentages it gives are the multiples of 5% \(33% is not\); use d100 \(dice that express 33%: d100\)",
    ):
        Check(to_pass=33, die=20)
    with pytest.raises(RulesError, match="d4, d8, d12, d20, d100"):
        Check(to_pass=75, die=10, favourable=0, unfavourable=0)
    with pytest.raises(RulesError, match="convention"):
        Check(to_pass=40, convention="under")
    with pytest.raises(ParameterTypeError):
        Check(to_pass=40, convention=1)
    with pytest.raises(RulesError, match="favourable"):
        Check(to_pass=40, favourable=-5)
    with pytest.raises(RulesError, match="unfavourable"):
        Check(to_pass=40, unfavourable=101)
    with pytest.raises(RulesError, match="overlap"):
        Check(to_pass=40, favourable=60, unfavourable=50)
    with pytest.raises(RulesError, match="effect_dice"):
        Check(to_pass=40, effect_dice=-1)
    with pytest.raises(RulesError, match="a d100"):
        Check(to_pass=40).resolve([0])
    with pytest.raises(RulesError):
        Check(to_pass=40).resolve([101])
    with pytest.raises(RulesError, match="left over"):
        Check(to_pass=40).resolve([1, 2])
    with pytest.raises(RulesError):
        Check(to_pass=40).resolve([])
    with pytest.raises(RulesError, match="a d20"):
        Check(to_pass=40, die=20).resolve([21])
    with pytest.raises(RulesError, match="defence"):
        Contest(offence=40, defence=33, defence_die=20)
    with pytest.raises(ParameterTypeError):
        Contest(offence=40, defence=30, immune=1)
    with pytest.raises(RulesError):
        MentalicStat(at_least=3)
    with pytest.raises(RulesError):
        MentalicStat(at_least=25)
    with pytest.raises(RulesError):
        MentalicStat().resolve([1, 2, 3, 7])
    with pytest.raises(RulesError, match="d100"):
        threshold_for(to_pass=33, sides=20)
    with pytest.raises(RulesError, match="target"):
        threshold_chance(sides=6, target=-1)
    with pytest.raises(RulesError, match="target"):
        threshold_chance(sides=6, target=7)
    with pytest.raises(RulesError, match="sides"):
        threshold_table(sides=1)
    with pytest.raises(ParameterTypeError, match="critical"):
        effect_dice_after(effect_dice=2, passed=True, critical=None)
    with pytest.raises(RulesError, match="critical"):
        effect_dice_after(effect_dice=2, passed=True, critical="big")
    with pytest.raises(ParameterTypeError, match="passed"):
        effect_dice_after(effect_dice=2, passed=1, critical="none")


def test_defence_errors():
    with pytest.raises(ParameterTypeError, match="resistances"):
        defence_to_pass(stat=10, resistances="fire")
    with pytest.raises(ParameterTypeError, match="pair"):
        defence_to_pass(stat=10, resistances=(("fire", 10, 2),))
    with pytest.raises(ParameterTypeError):
        defence_to_pass(stat=10, resistances={"fire": 1.5})
    with pytest.raises(ParameterTypeError):
        defence_to_pass(stat=10, resistances={3: 10})
    with pytest.raises(RulesError, match="twice"):
        defence_to_pass(stat=10, resistances=(("fire", 10), ("FIRE", 5)))
    with pytest.raises(ParameterTypeError, match="effect_types"):
        defence_to_pass(stat=10, effect_types="fire")
    with pytest.raises(ParameterTypeError):
        defence_to_pass(stat=10, effect_types=("fire", ""))
    with pytest.raises(ParameterTypeError, match="immunities"):
        defence_to_pass(stat=10, immunities="fire")
    with pytest.raises(LimitError):
        defence_to_pass(stat=10, effect_types=("fire",) * (ninefold.MAX_TYPES + 1))
    with pytest.raises(LimitError):
        defence_to_pass(stat=10, resistances={"fire": 10**7})


@pytest.mark.parametrize(
    "build",
    [
        lambda: Check(to_pass=10**9),
        lambda: Check(to_pass=-(10**9)),
        lambda: Check(to_pass=40, die=10**9),
        lambda: Check(to_pass=40, effect_dice=10**9),
        lambda: PercentageCheck(dc=10**9),
        lambda: PercentageCheck(dc=50, bonus=-(10**12)),
        lambda: Contest(offence=40, defence=10**9),
        lambda: Contest(offence=40, defence=40, offence_die=10**9),
        lambda: to_pass(stat=10**9),
        lambda: threshold_table(sides=10**9),
        lambda: threshold_for(to_pass=40, sides=10**9),
        lambda: effect_dice_after(effect_dice=10**9, passed=True, critical="none"),
        lambda: expressing_dice(10**100),
        lambda: defence_to_pass(stat=1, cover=10**9),
    ],
)
def test_limits_are_refused(build):
    with pytest.raises(LimitError, match="too large|too small|at most"):
        build()


def test_largest_allowed_sizes_answer():
    check = Check(
        to_pass=ninefold.MAX_POINTS,
        die=ninefold.MAX_SIDES,
        favourable=0,
        unfavourable=0,
        effect_dice=ninefold.MAX_EFFECT_DICE,
    )
    assert check.chance() == 1 and len(check.distribution()) == ninefold.MAX_SIDES
    assert check.resolve([1]).detail("effect dice") == ninefold.MAX_EFFECT_DICE
    assert PercentageCheck(dc=-ninefold.MAX_POINTS, bonus=ninefold.MAX_POINTS).chance() == 1
    assert Contest(offence=100, defence=0, offence_die=1000, defence_die=1000).chance() == 1


# --------------------------------------------------------------------------- hypothesis


@settings(max_examples=60, deadline=None)
@given(
    p=st.integers(-150, 250),
    fav=st.integers(0, 100),
    unfav=st.integers(0, 100),
    conv=st.sampled_from(["roll-under", "roll-high"]),
    effect=st.integers(0, 7),
)
def test_d100_check_matches_brute_force(p, fav, unfav, conv, effect):
    if fav + unfav > 100:
        with pytest.raises(RulesError):
            Check(to_pass=p, favourable=fav, unfavourable=unfav)
        return
    check = Check(to_pass=p, convention=conv, favourable=fav, unfavourable=unfav, effect_dice=effect)
    outcomes, margins, chance = brute_check(p, 100, conv, fav, unfav, effect)
    assert check.chance() == chance
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)


@settings(max_examples=60, deadline=None)
@given(
    stat=st.integers(-100, 100),
    skill=st.integers(-50, 50),
    res=st.dictionaries(st.sampled_from(["fire", "cold", "poison", "acid"]), st.integers(-40, 60)),
    types=st.lists(st.sampled_from(["fire", "cold", "poison", "acid", "psychic"]), max_size=4),
)
def test_only_the_best_matching_resistance_counts(stat, skill, res, types):
    got = defence_to_pass(stat=stat, skill=skill, resistances=res, effect_types=tuple(types))
    best = max([res.get(t, 0) for t in types], default=0)
    assert got == stat + skill + best
    if types and all(res.get(t, 0) < 0 for t in types):
        assert got < stat + skill  # vulnerability bites only when every type is vulnerable
