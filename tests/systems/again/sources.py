"""The Types of Rolls page's own tables and worked examples (seed 003), each with the tests
holding rollkit and the site to the numbers the page prints (``tests.helpers.sources``)."""

from __future__ import annotations

from tests.helpers.sources import Item

HERE = "tests/systems/again/test_source.py"
CHECK = "tests/systems/again/test_check.py"

INVENTORY: tuple[Item, ...] = (
    Item(
        id="again-angry-bear",
        kind="example",
        section="Static Rolls",
        states="Calming a bear: Charisma plus Handle Animal against DC 4; 2 successes fail, 4 or more would calm it.",
        tested=(
            f"{CHECK}::test_angry_bear_two_successes_fail_and_roll_the_botch_die",
            f"{CHECK}::test_angry_bear_four_successes_calm_it",
            "tests/systems/again/test_sheet.py::test_calming_the_bear_from_the_sheet",
        ),
    ),
    Item(
        id="again-dispel-magic",
        kind="example",
        section="Static Rolls",
        states="Dispel Magic is the exception whose DC must be beaten, not only reached.",
        tested=(f"{CHECK}::test_dispel_magic_must_exceed",),
        ruling="again-dc-range",
    ),
    Item(
        id="again-dc-table",
        kind="table",
        section="Static Rolls",
        states="Five named DCs, from Easy at 1 through Moderate, Challenging and Hard to Extremely Hard at 5.",
        tested=(f"{CHECK}::test_module_data", f"{HERE}::test_dc_table_on_the_page"),
        before="part",
        ruling="again-dc-range",
    ),
    Item(
        id="again-longsword",
        kind="example",
        section="Mitigated Rolls",
        states="A longsword blow: Strength, the skill and the weapon's dice, less the bandit's Physical Defense.",
        tested=(f"{CHECK}::test_mitigated_longsword_against_bandit",),
        ruling="again-mitigated-result",
    ),
    Item(
        id="again-stealth",
        kind="example",
        section="Opposed Rolls",
        states="Sneaking past a guard: the guard's Perception is the active side, and a tie goes to the sneaker.",
        tested=(f"{CHECK}::test_stealth_guard_perception_is_active_and_tie_goes_to_sneaker",),
        ruling="again-opposed-sides",
    ),
)
"""Every table and worked example of seed 003."""
