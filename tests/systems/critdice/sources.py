"""The Dice Checks page's own tables and worked examples (seed 004), each with the tests
holding rollkit and the site to the numbers the page prints (``tests.helpers.sources``)."""

from __future__ import annotations

from tests.helpers.sources import Item

HERE = "tests/systems/critdice/test_source.py"
CHECK = "tests/systems/critdice/test_check.py"

INVENTORY: tuple[Item, ...] = (
    Item(
        id="critdice-dice-set",
        kind="statement",
        section="Creating Dice Pool",
        states="A player owns nine Standard Dice in one colour and three Critical Dice in another.",
        tested=(f"{HERE}::test_nine_and_three_are_a_set_not_a_cap",),
        before="part",
        ruling="critdice-pool-size",
    ),
    Item(
        id="critdice-standard-faces",
        kind="table",
        section="Roll the Dice Pool",
        states="Each standard die: at or above the SN +1, between 1 and the SN nothing, a 1 -1, a 12 a Critical Success.",
        tested=(f"{CHECK}::test_one_die_by_hand", f"{HERE}::test_faces_on_the_page"),
        before="part",
        ruling="critdice-twelve-counts",
    ),
    Item(
        id="critdice-critical-faces",
        kind="table",
        section="Roll Critical Dice",
        states="Each critical die: below the SN 1 Success (a 1 too), at or above it 2, and a 12 rolls again.",
        tested=(f"{CHECK}::test_critical_chain_by_hand", f"{HERE}::test_faces_on_the_page"),
        before="part",
    ),
    Item(
        id="critdice-results",
        kind="table",
        section="Determine Success or Failure",
        states="A total of 1 or more succeeds, 0 fails, and below 0 is a Critical Failure.",
        tested=(f"{HERE}::test_results_on_the_page",),
        before="part",
        ruling="critdice-outcomes",
    ),
    Item(
        id="critdice-minus-five",
        kind="example",
        section="Determine Success or Failure",
        states="A Critical Failure has no degrees: a total of -5 counts as one of -1.",
        tested=(f"{HERE}::test_minus_five_is_minus_one",),
        before="part",
    ),
)
"""Every table and worked example of seed 004."""
