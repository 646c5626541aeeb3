"""again: the page's DC table held to its printed numbers, in rollkit and in the table the
site builds from rollkit (seed 003). The expected values are typed from the page."""

from __future__ import annotations

from pathlib import Path

from rollkit import again
from tests.helpers.sources import checked, site_table
from tests.systems.again.sources import INVENTORY

_NAMED = [("Easy", 1), ("Moderate", 2), ("Challenging", 3), ("Hard", 4), ("Extremely Hard", 5)]  # name, DC
DCS = [(dc, name) for name, dc in _NAMED]


def test_dc_table_on_the_page() -> None:
    """Section "Static Rolls": DC 1 to 5 and their names, in rollkit and in the chapter's DC
    table; a DC is the successes to reach."""
    assert list(again.DIFFICULTIES.items()) == DCS
    rows = site_table("again/index.md", "DIFFICULTIES.items()")
    assert rows[0][:2] == ["DC", "Difficulty"]
    assert [(row[0], row[1]) for row in rows[1:]] == DCS
    for dc, _ in DCS:  # dc successes reach it, one fewer does not
        faces = [8] * dc + [2] * (5 - dc)
        assert again.Check(dice=5, dc=dc).resolve(faces).success
        assert not again.Check(dice=5, dc=dc, botch="none").resolve([2] + faces[1:]).success


def test_every_item_has_a_test_and_this_module_is_ours() -> None:
    """Each table and example of the page is listed with a test that is there, citing its
    section; no run of eight words in the docstrings and comments here is the page's."""
    assert checked(INVENTORY, system="again", module=Path(__file__)) == []
