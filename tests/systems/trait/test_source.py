"""trait: the chapter's own tables held to its printed numbers, in rollkit and in the tables
the site builds from rollkit (seed 001). The expected values are typed from the chapter."""

from __future__ import annotations

from pathlib import Path

from rollkit import trait
from tests.helpers.sources import checked, site_table
from tests.systems.trait.sources import INVENTORY

_NAMED = [  # name, Threshold
    ("Novice", 5),
    ("Easy", 10),
    ("Standard", 15),
    ("Challenging", 20),
    ("Tough", 25),
    ("Expert", 30),
]
THRESHOLDS = [(t, name) for name, t in _NAMED]
DEGREES = [  # missed by (least, most; None: no end), degree, Chance
    (1, 4, "Low", 1),  # "less than 5"
    (5, 10, "Moderate", 2),
    (11, None, "Critical", 3),  # "more than 10"
]


def test_thresholds_on_the_page() -> None:
    """Section "Thresholds": the six Thresholds and their names, in rollkit and in the chapter's
    table of Thresholds."""
    assert [(t, name) for name, t in trait.THRESHOLDS.items()] == THRESHOLDS
    assert [trait.difficulty(threshold=t) for t, _ in THRESHOLDS] == [name for _, name in THRESHOLDS]
    rows = site_table("trait/index.md", "lowest(threshold")
    assert rows[0][:2] == ["Difficulty", "Threshold"]
    assert [(row[1], row[0]) for row in rows[1:]] == THRESHOLDS


def test_degrees_of_failure_on_the_page() -> None:
    """Section "When you fail": under 5 Low (1 Chance), 5 to 10 Moderate (2), over 10 Critical
    (3), in rollkit and in the chapter's table of outcomes."""
    for least, most, degree, cost in DEGREES:
        for missed in (least, most if most is not None else 40):
            assert trait.failure_degree(missed=missed) == (degree, cost), missed
    assert trait.failure_degree(missed=4) == ("Low", 1) and trait.failure_degree(missed=11)[0] == "Critical"
    rows = site_table("trait/index.md", "failure_degree")
    shown = {row[0]: (row[1], row[2]) for row in rows[1:]}
    assert {name: shown[f"{name.lower()} failure"] for _, _, name, _ in DEGREES} == {
        name: (f"{least} to {most}" if most else f"{least} or more", cost)
        for least, most, name, cost in DEGREES
    }


def test_every_item_has_a_test_and_this_module_is_ours() -> None:
    """Each table and example of the chapter is listed with a test that is there, citing its
    section; no run of eight words in the docstrings and comments here is the chapter's."""
    assert checked(INVENTORY, system="trait", module=Path(__file__)) == []
