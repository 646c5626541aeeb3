"""The Trait Checks chapter's own tables and worked examples (seed 001), each with the tests
holding rollkit and the site to the numbers the chapter prints (``tests.helpers.sources``)."""

from __future__ import annotations

from tests.helpers.sources import Item

HERE = "tests/systems/trait/test_source.py"
CHECK = "tests/systems/trait/test_check.py"

INVENTORY: tuple[Item, ...] = (
    Item(
        id="trait-sneak-past-a-guard",
        kind="example",
        section="Example: Sneaking past a guard",
        states="Sneak 51 is MOD +5, not Adept, Threshold 15; dice 6 and 7 make 13, plus 5 is 18: a success.",
        tested=(
            f"{CHECK}::test_example_sneaking_past_a_guard",
            "tests/systems/trait/test_character.py::test_sneak_51_fills_mod_5_as_the_chapter_says",
        ),
        ruling="trait-mod-from-score",
    ),
    Item(
        id="trait-thresholds",
        kind="table",
        section="Thresholds",
        states="Six named Thresholds: Novice 5, Easy 10, Standard 15, Challenging 20, Tough 25, Expert 30.",
        tested=(f"{CHECK}::test_thresholds_table", f"{HERE}::test_thresholds_on_the_page"),
        before="part",
    ),
    Item(
        id="trait-stacking-caps",
        kind="example",
        section="Prowess and Stagger",
        states="The Draft cap, half EXP rounded down: 0 at levels 1-3 (online at least 1), 1 at 6, 3 at 12, 5 at 20.",
        tested=(f"{CHECK}::test_levels_from_the_text", f"{CHECK}::test_stack_cap"),
        ruling="trait-exp-by-level",
    ),
    Item(
        id="trait-degrees-of-failure",
        kind="table",
        section="When you fail",
        states="A miss by under 5 is Low (1 Chance), by 5 to 10 Moderate (2), by over 10 Critical (3).",
        tested=(f"{CHECK}::test_failure_degree_table", f"{HERE}::test_degrees_of_failure_on_the_page"),
        before="part",
        ruling="trait-failure-band-edges",
    ),
    Item(
        id="trait-narrow-miss",
        kind="example",
        section="Example: A narrow miss",
        states="Threshold 20, total 17: missed by 3, a Low failure; 1 Chance buys the success.",
        tested=(
            f"{CHECK}::test_example_narrow_miss",
            "tests/systems/trait/test_choices.py::test_the_narrow_miss_from_the_source",
        ),
    ),
)
"""Every table and worked example of seed 001."""
