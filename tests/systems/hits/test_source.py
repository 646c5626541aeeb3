"""hits: the text's own tables held to its printed numbers, in rollkit and in the tables the
site builds from rollkit (seed 002). The expected values are typed from the text."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rollkit import hits
from tests.helpers.sources import checked, site_table
from tests.systems.hits.sources import INVENTORY

# Typed from the text, row by row.
ATTRIBUTE_DICE = {1: 2, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4}  # "and so on": one more every 2 levels
ATTRIBUTE_THRESHOLDS = {
    1: (10, None),
    2: (9, None),
    **{lv: (7, "common") for lv in (3, 4)},
    **{lv: (6, "exceptional") for lv in (5, 6, 7)},
    **{lv: (5, "amazing") for lv in (8, 9, 10, 11)},
}
TRAINING = {"Untrained": 0, "Cursory": 1, "Skilled": 2, "Adept": 3, "Expert": 4}
DAMAGE = {"Cutting": 7, "Piercing": 6}
BOUGHT = {9: 2, 8: 3, 7: 4, 6: 5, 5: 6}  # then "etc."
TN_BANDS = [
    (0, 0, "Idiotically Simple"),
    (1, 2, "Normal or Standard"),
    (3, 4, "Challenging"),
    (5, 6, "Hard"),
    (7, 8, "Unlikely"),
    (9, 10, "Impossible"),
]
_ROWS_7A = [  # Description, DoS, the Effects as printed (the table's columns, another order)
    ("Catastrophic Failure", "Botch 3", "-4 or More"),
    ("Major Failure", "Botch 2", "-2 to -3"),
    ("Nominal Failure", "Botch 1", "-1"),
    ("Nominal Success", "DoS 1", "0 to 1"),
    ("Normal Success", "DoS 2", "2 to 3"),
    ("Good Success", "DoS 3", "4 to 7"),
    ("Great Success", "DoS 4", "8 to 15"),
    ("Critical Success", "DoS 5", "16+"),
]
TABLE_7A = [(printed, name, description) for description, name, printed in _ROWS_7A]  # as printed
# ruling hits-degree-table-reading: each printed row as the Effects it covers (None: open end)
READ_7A = {"-4 or More": (None, -4), "-2 to -3": (-3, -2), "16+": (16, None)}


def _effects(printed: str) -> tuple[int | None, int | None]:
    if printed in READ_7A:
        return READ_7A[printed]
    low, _, high = printed.partition(" to ")
    return int(low), int(high or low)


def test_attribute_dice_on_the_page() -> None:
    """Section "Dice Pool in an Attribute Check": 2, 2, 3, 3, 4, 4 dice, then one per two
    levels, in rollkit and in the chapter's Attribute table."""
    assert {lv: hits.attribute_dice(level=lv) for lv in ATTRIBUTE_DICE} == ATTRIBUTE_DICE
    assert [hits.attribute_dice(level=lv + 2) - hits.attribute_dice(level=lv) for lv in range(1, 30)] == [
        1
    ] * 29
    rows = site_table("hits/index.md", "attribute_threshold")
    assert rows[0][:2] == ["Attribute Level", "Base dice"]
    shown = {row[0]: row[1] for row in rows[1:]}
    assert {lv: shown[lv] for lv in ATTRIBUTE_DICE} == {lv: f"{d}d10" for lv, d in ATTRIBUTE_DICE.items()}
    assert [shown[lv] for lv in range(7, 12)] == ["5d10", "5d10", "6d10", "6d10", "7d10"]


def test_attribute_thresholds_on_the_page() -> None:
    """Section "Threshold in Action Checks": 10+, 9+, 7+ for 3-4, 6+ for 5-7, 5+ for 8-11, with
    the ranges' names, in rollkit and in the chapter's Attribute table."""
    assert {lv: hits.attribute_threshold(level=lv) for lv in ATTRIBUTE_THRESHOLDS} == {
        lv: t for lv, (t, _) in ATTRIBUTE_THRESHOLDS.items()
    }
    rows = site_table("hits/index.md", "attribute_threshold")
    assert rows[0][2:] == ["Threshold", "Range"]
    shown = {row[0]: (row[2], row[3]) for row in rows[1:]}
    assert shown == {lv: (f"{t}+", name or "\u2014") for lv, (t, name) in ATTRIBUTE_THRESHOLDS.items()}


def test_training_dice() -> None:
    """Section "Skill Training": 0, 1, 2, 3 and 4 dice, as rollkit adds them and names them."""
    assert {name: hits.training_dice(training=name) for name in TRAINING} == TRAINING
    assert dict(hits.TRAINING_WORDS) == {
        name.lower(): f"{name} ({'+' if d else ''}{d}d10)" for name, d in TRAINING.items()
    }
    assert hits.skill_dice(attribute=3, training="Skilled") == 3 + 2


def test_damage_thresholds() -> None:
    """Section "Threshold in Damage Checks": cutting 7+, piercing 6+, in rollkit's Damage
    Check and in the chapter's table."""
    for name, t in DAMAGE.items():
        assert hits.DAMAGE_THRESHOLDS[name.lower()] == t
        assert hits.Check.damage(power=8, hardness=2, damage=name.lower()).threshold == t
    assert len(hits.DAMAGE_THRESHOLDS) == len(DAMAGE)
    rows = site_table("hits/index.md", "DAMAGE_THRESHOLDS")
    assert rows == [["Damage type", "Usual Threshold"]] + [[name, f"{t}+"] for name, t in DAMAGE.items()]


def test_buying_hits() -> None:
    """Section "Buying Hits": the five listed rows, groups of ten, ten dice left to roll, in
    rollkit and in the chapter's table; the rows after "etc." are ruling hits-buying-hits-table's."""
    assert {t: hits.hits_per_ten(threshold=t) for t in BOUGHT} == BOUGHT
    check = hits.Check(dice=30, threshold=7, tn=0, bought=2)  # 20 bought, 10 rolled
    assert check.resolve([1] * 10).tally == 2 * BOUGHT[7]
    assert hits.max_bought(dice=19) == 0 and hits.max_bought(dice=20) == 1  # 10 must stay rolled
    rows = site_table("hits/special-checks.md", "hits_per_ten")
    shown = {int(row[0].rstrip("+")): (row[1], row[3]) for row in rows[1:]}
    assert {t: shown[t] for t in BOUGHT} == {t: (n, "listed") for t, n in BOUGHT.items()}
    assert all(shown[t][1] == "after 'etc.'" for t in shown.keys() - BOUGHT.keys())
    assert sorted(shown) == list(range(1, 11))


def test_tn_bands() -> None:
    """Section "TN from Assigned Difficulty": the six bands from 0 to 10, in rollkit and in the
    chapter's table."""
    assert [hits.difficulty(tn=tn) for tn in range(11)] == [
        name for low, high, name in TN_BANDS for _ in range(low, high + 1)
    ]
    rows = site_table("hits/index.md", "DIFFICULTIES")
    assert [row[:2] for row in rows[1:]] == [
        [str(low) if low == high else f"{low}-{high}", name] for low, high, name in TN_BANDS
    ]


def test_degree_of_success() -> None:
    """Section "Degree of Success (DoS)": table 7A row by row, read as ruling
    hits-degree-table-reading says, in rollkit and in the chapter's table."""
    for printed, name, description in TABLE_7A:
        low, high = _effects(printed)
        for effect in (e for e in (low, high, -40, 40) if e is not None):
            if (low is None or effect >= low) and (high is None or effect <= high):
                row = hits.degree(effect=effect)
                assert (row.name, row.description) == (name, description), (printed, effect)
    assert [(d.low, d.high) for d in hits.DEGREES] == [_effects(p) for p, _, _ in TABLE_7A]
    rows = site_table("hits/index.md", "DEGREES")
    assert [row[1:] for row in rows[1:]] == [[name, description] for _, name, description in TABLE_7A]
    words = {"-4 or More": "-4 or lower", "-2 to -3": "-3 to -2", "16+": "16 or higher", "-1": "-1"}
    assert [row[0] for row in rows[1:]] == [words.get(p, p) for p, _, _ in TABLE_7A]


def test_botch_of_three_erratum() -> None:
    """Section "Effect (eff) / Botch": the prose's Botch of 3+ is spectacular, but table 7A puts
    Effect -3 in Botch 2; ruling hits-botch-band follows the table, and keeps the prose apart."""
    assert hits.notable(effect=-3) == "spectacular failure" and hits.notable(effect=4) == "good success"
    assert hits.degree(effect=-3).name == "Botch 2" != "Botch 3"  # the table, not the prose
    assert hits.degree(effect=-4).name == "Botch 3"
    assert hits.degree(effect=4).name == "DoS 3"  # good success: prose and table agree


def test_luck_erratum() -> None:
    """Section "Making the Luck Check": TN 1 is 50/50 only with one Fate die, and TN 2 is never
    the 5% the text likens it to (ruling hits-luck-odds gives the exact chance)."""
    assert hits.Luck(fate=1, tn=1).chance() == Fraction(50, 100)
    assert hits.Luck(fate=2, tn=1).chance() != Fraction(50, 100)
    assert hits.Luck(fate=1, tn=2).chance() == 0
    tn2 = [hits.Luck(fate=fate, tn=2).chance() for fate in range(2, 41)]
    assert Fraction(5, 100) not in tn2
    assert min(tn2) == Fraction(1, 4)  # the least, with 2 dice, is five times the text's 5%


def test_every_item_has_a_test_and_this_module_is_ours() -> None:
    """Each table and example of the text is listed with a test that is there, citing its
    section; no run of eight words in the docstrings and comments here is the text's."""
    assert checked(INVENTORY, system="hits", module=Path(__file__)) == []
