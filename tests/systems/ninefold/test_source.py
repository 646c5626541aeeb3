"""ninefold: the Roll Checks page's own numbers, in rollkit and in the tables the site builds
from rollkit (seed 000). The expected values are typed from the page."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rollkit import ninefold
from tests.helpers.sources import checked, site_table
from tests.systems.ninefold.sources import INVENTORY

MENTALIC = (4, 24)  # 4d6, as percentage points
SPANS = {"before debuffs": (-75, 75), "debuffs": (-50, 50)}
LINES = {"d6, 3+": Fraction(50, 100), "d20, 16+": Fraction(40, 100)}
D100_BANDS = ("01-05", "96-100")  # favourable, unfavourable (roll-under)


def test_mentalic_range_on_the_page() -> None:
    """Section "Roll Checks": 4d6 gives a Mentalic Stat from +4% to +24%, in rollkit and in the
    chapter's table of Mentalic Stats."""
    values = list(ninefold.MentalicStat().distribution())
    assert (values[0], values[-1]) == MENTALIC and values == list(range(MENTALIC[0], MENTALIC[1] + 1))
    rows = site_table("ninefold/index.md", "MentalicStat()")
    assert [row[0] for row in rows[1:]] == [f"+{v}%" for v in range(MENTALIC[0], MENTALIC[1] + 1)]


def test_the_spans_are_not_limits() -> None:
    """Section "Roll Checks": the spans of -75% to +75% and of debuffs -50% to +50% describe
    play; ruling ninefold-ranges takes values past them, and clamps only the chance."""
    low, high = SPANS["before debuffs"]
    assert ninefold.to_pass(stat=high, skills=0) == 75 and ninefold.to_pass(stat=low) == -75
    beyond = ninefold.to_pass(stat=high, skills=10, debuff=SPANS["debuffs"][0] - 5)
    assert beyond == 140 and beyond > high - SPANS["debuffs"][0]  # past every printed span
    assert ninefold.Check(to_pass=beyond).chance() == 1
    assert ninefold.Check(to_pass=low - 10).chance() == 0


def test_dice_threshold_lines_on_the_page() -> None:
    """Section "Dice Thresholds": the d6 line holds (3+ passes 50%); the d20 line is the slip
    ruling ninefold-dice-threshold corrects (16+ passes 20%, and 40% is 12+), in rollkit and in
    the chapter's table of the page's lines."""
    assert ninefold.threshold_chance(sides=6, target=3) == LINES["d6, 3+"]
    assert ninefold.threshold_for(to_pass=50, sides=6) == 3
    assert ninefold.threshold_chance(sides=20, target=16) == Fraction(1, 5) != LINES["d20, 16+"]
    assert ninefold.threshold_for(to_pass=40, sides=20) == 12 != 16
    rows = site_table("ninefold/index.md", "for sides, target, stated")
    shown = {row[0]: row[1:3] for row in rows[1:]}
    assert {line: shown[line][0] for line in LINES} == LINES  # the page's own numbers, printed as such
    assert shown["d6, 3+"][1] == LINES["d6, 3+"] and shown["d20, 16+"][1] == Fraction(1, 5)


def test_resistance_example_on_the_page() -> None:
    """Section "Contested and Combat Rolls": fire +20% and poison +35% against a fire-and-poison
    effect add +35%, not +55%, in rollkit and in the chapter's table."""
    res = {"fire": 20, "poison": 35}
    base = ninefold.defence_to_pass(stat=20, skill=10)
    both = ninefold.defence_to_pass(stat=20, skill=10, resistances=res, effect_types=("fire", "poison"))
    assert both - base == 35
    rows = site_table("ninefold/contests.md", "fire +20%, poison +35%")
    shown = {row[0]: row[1] for row in rows[1:]}
    assert shown["fire and poison"] == f"{base + 35}%" != f"{base + 55}%"


def test_critical_bands_on_the_page() -> None:
    """Section "Critical Bands": 01-05 and 96-100 on a d100, the end faces on a d20, in rollkit
    and in the chapter's table of bands."""
    check = ninefold.Check(to_pass=50)
    favourable = [f for f in range(1, 101) if check.resolve([f]).detail("critical") == "favourable"]
    unfavourable = [f for f in range(1, 101) if check.resolve([f]).detail("critical") == "unfavourable"]
    assert (favourable, unfavourable) == (list(range(1, 6)), list(range(96, 101)))
    rows = site_table("ninefold/index.md", "def faces(check, kind)")
    shown = {(row[0], row[1]): (row[2].replace("–", "-"), row[3].replace("–", "-")) for row in rows[1:]}
    assert shown[("d100", "roll-under")] == D100_BANDS
    assert shown[("d20", "roll-under")] == ("1", "20") and shown[("d20", "roll-high")] == ("20", "1")


def test_every_item_has_a_test_and_this_module_is_ours() -> None:
    """Each table and example of the page is listed with a test that is there, citing its
    section; no run of eight words in the docstrings and comments here is the page's."""
    assert checked(INVENTORY, system="ninefold", module=Path(__file__)) == []
