"""The Roll Checks page's own tables and worked examples (seed 000), each with the tests
holding rollkit and the site to the numbers the page prints (``tests.helpers.sources``)."""

from __future__ import annotations

from tests.helpers.sources import Item

HERE = "tests/systems/ninefold/test_source.py"
CHECK = "tests/systems/ninefold/test_check.py"

INVENTORY: tuple[Item, ...] = (
    Item(
        id="ninefold-mentalic-range",
        kind="statement",
        section="Roll Checks",
        states="A new Mind rolls 4d6 for each Mentalic Stat: +4% to +24%.",
        tested=(
            f"{CHECK}::test_mentalic_stat_against_brute_force",
            f"{HERE}::test_mentalic_range_on_the_page",
        ),
        before="part",
    ),
    Item(
        id="ninefold-stated-spans",
        kind="statement",
        section="Roll Checks",
        states="Stat, Skills and Buff together span -75% to +75%; Debuffs move that by -50% to +50%.",
        tested=(
            f"{CHECK}::test_to_pass_formula_and_embodiment_modifier",
            f"{HERE}::test_the_spans_are_not_limits",
        ),
        ruling="ninefold-ranges",
    ),
    Item(
        id="ninefold-d6-line",
        kind="example",
        section="Dice Thresholds",
        states="On a d6, 3+ is a toPass of 50%.",
        tested=(
            f"{CHECK}::test_dice_threshold_ruling_against_the_text_numbers",
            f"{HERE}::test_dice_threshold_lines_on_the_page",
        ),
        before="part",
        ruling="ninefold-dice-threshold",
    ),
    Item(
        id="ninefold-d20-line",
        kind="example",
        section="Dice Thresholds",
        states="On a d20, 16+ is said to be a toPass of 40%.",
        tested=(
            f"{CHECK}::test_dice_threshold_ruling_against_the_text_numbers",
            f"{CHECK}::test_the_threshold_ruling_quotes_rollkits_numbers",
            f"{HERE}::test_dice_threshold_lines_on_the_page",
        ),
        before="erratum",
        ruling="ninefold-dice-threshold",
    ),
    Item(
        id="ninefold-embodiment",
        kind="example",
        section="Embodiment Modifiers",
        states="Poor robotic sensors: -2% on Perception checks, a penalty of the body alone.",
        tested=(f"{CHECK}::test_to_pass_formula_and_embodiment_modifier",),
        ruling="ninefold-debuff-sign",
    ),
    Item(
        id="ninefold-fire-and-poison",
        kind="example",
        section="Contested and Combat Rolls",
        states="Against fire and poison, resistances fire +20% and poison +35% add +35% only.",
        tested=(f"{CHECK}::test_typed_resistances", f"{HERE}::test_resistance_example_on_the_page"),
        before="part",
    ),
    Item(
        id="ninefold-d100-bands",
        kind="example",
        section="Critical Bands",
        states="The 5% bands are faces 01-05 and 96-100 of a d100, the two end faces of a d20.",
        tested=(f"{CHECK}::test_critical_bands_examples", f"{HERE}::test_critical_bands_on_the_page"),
        before="part",
        ruling="ninefold-critical-bands",
    ),
    Item(
        id="ninefold-band-widths",
        kind="example",
        section="Critical Bands",
        states="Critical +5% takes the favourable band from 5% to 10%; incoming -5% from 5% to 0%.",
        tested=(f"{CHECK}::test_critical_bands_examples",),
    ),
)
"""Every table and worked example of seed 000 (its Dice Threshold Table and its list of
effect classes lost their rows: ruling ninefold-lost-text)."""
