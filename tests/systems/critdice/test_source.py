"""critdice: the page's own tables held to its printed numbers, in rollkit and in the tables
the site builds from rollkit (seed 004). The expected values are typed from the page."""

from __future__ import annotations

from pathlib import Path

from rollkit import critdice
from rollkit.critdice import Check
from tests.helpers.sources import checked, site_table
from tests.systems.critdice.sources import INVENTORY

SN = 8  # the default
STANDARD = {
    1: -1,
    **{f: 0 for f in range(2, SN)},
    **{f: 1 for f in range(SN, 13)},
}  # 12 also calls a critical die
CRITICAL = {**{f: 1 for f in range(1, SN)}, **{f: 2 for f in range(SN, 13)}}  # 12 also rolls again
RESULTS = {"critical failure": "below 0", "failure": "exactly 0", "success": "1 or more"}
SET = {"standard": 9, "critical": 3}


def test_nine_and_three_are_a_set_not_a_cap() -> None:
    """Section "Creating Dice Pool": nine standard and three critical dice are the set a player
    owns; ruling critdice-pool-size lets a pool hold more and a chain run past three."""
    assert critdice.DEFAULT_SN == SN
    more = Check(dice=SET["standard"] + 1).resolve([SN] * (SET["standard"] + 1))
    assert more.tally == SET["standard"] + 1
    chain = Check(dice=1).resolve([12] * (SET["critical"] + 1) + [5])
    assert sum(d.role == "critical" for d in chain.dice) == SET["critical"] + 1
    assert chain.tally == 1 + 2 * SET["critical"] + 1


def test_faces_on_the_page() -> None:
    """Sections "Roll the Dice Pool" and "Roll Critical Dice": what each face of a standard and
    of a critical die is worth at the SN, in rollkit and in the chapter's table of faces."""
    for face, worth in STANDARD.items():
        roll = Check(dice=1).resolve([face] + ([1] if face == 12 else []))
        assert roll.dice[0].value == worth, face
        assert (len(roll.dice) == 2) == (face == 12)  # a 12 calls one critical die
    for face, worth in CRITICAL.items():
        roll = Check(dice=0, critical=1).resolve([face] + ([1] if face == 12 else []))
        assert roll.dice[0].value == worth, face
        assert (len(roll.dice) == 2) == (face == 12)  # a 12 rolls again
    rows = site_table("critdice/index.md", "def counted(face, critical)")
    shown = {row[0].replace("–", "-"): (row[1].replace("−", "-"), row[2]) for row in rows[1:]}
    assert shown == {
        "1": ("-1 (a Fail)", "+1"),
        f"2-{SN - 1}": ("0", "+1"),
        f"{SN}-11": ("+1", "+2"),
        "12": ("+1 and a critical die", "+2 and another critical die"),
    }


def test_results_on_the_page() -> None:
    """Section "Determine Success or Failure": 1 or more succeeds, 0 fails, below 0 is a critical
    failure, in rollkit and in the chapter's table (ruling critdice-outcomes adds the 12)."""
    for faces, outcome in (
        ([8], "success"),
        ([5], "failure"),
        ([1], "critical failure"),
        ([9, 9], "success"),
    ):
        roll = Check(dice=len(faces)).resolve(faces)
        assert roll.outcome == outcome and roll.success == (roll.tally >= 1), faces
    rows = site_table("critdice/index.md", "critdice.OUTCOMES")
    shown = {row[0].lower(): row[1] for row in rows[1:]}
    assert {name: shown[name] for name in RESULTS} == RESULTS


def test_minus_five_is_minus_one() -> None:
    """Section "Determine Success or Failure": a total of -5 is no worse than -1, one outcome
    with no degree, in rollkit and in the chapter's table."""
    deep, shallow = Check(dice=5).resolve([1] * 5), Check(dice=1).resolve([1])
    assert (deep.tally, shallow.tally) == (-5, -1)
    assert deep.outcome == shallow.outcome == "critical failure" and not deep.success
    assert [name for name in Check(dice=5).outcomes() if "critical failure" in name] == ["critical failure"]
    rows = site_table("critdice/index.md", "critdice.OUTCOMES")
    [said] = [row[2] for row in rows[1:] if row[0] == "Critical failure"]
    assert "\u22125 is no worse than \u22121" in said


def test_every_item_has_a_test_and_this_module_is_ours() -> None:
    """Each table and example of the page is listed with a test that is there, citing its
    section; no run of eight words in the docstrings and comments here is the page's."""
    assert checked(INVENTORY, system="critdice", module=Path(__file__)) == []
