"""The Check's own tables and worked examples (seed 002), each with the tests holding rollkit
and the site to the numbers the text prints (``tests.helpers.sources``)."""

from __future__ import annotations

from tests.helpers.sources import Item

HERE = "tests/systems/hits/test_source.py"
CHECK = "tests/systems/hits/test_check.py"

INVENTORY: tuple[Item, ...] = (
    Item(
        id="hits-attribute-dice",
        kind="table",
        section="Dice Pool in an Attribute Check",
        states="Attribute Levels 1-2 roll 2d10, 3-4 roll 3d10, 5-6 roll 4d10, one die more per two levels.",
        tested=(f"{CHECK}::test_attribute_dice_and_threshold", f"{HERE}::test_attribute_dice_on_the_page"),
        before="part",
    ),
    Item(
        id="hits-attribute-threshold",
        kind="table",
        section="Threshold in Action Checks",
        states="Attribute 1 needs 10+, 2 needs 9+, 3-4 7+ (common), 5-7 6+ (exceptional), 8-11 5+ (amazing).",
        tested=(
            f"{CHECK}::test_attribute_dice_and_threshold",
            f"{HERE}::test_attribute_thresholds_on_the_page",
        ),
        before="part",
    ),
    Item(
        id="hits-training-dice",
        kind="table",
        section="Skill Training",
        states="Training gives 0 dice untrained, 1 Cursory, 2 Skilled, 3 Adept, 4 Expert.",
        tested=(f"{CHECK}::test_difficulties_and_defences", f"{HERE}::test_training_dice"),
    ),
    Item(
        id="hits-ten-dice-at-7",
        kind="example",
        section="Threshold and Hits",
        states="Ten dice at 7+ of which four show 7 or more: 4 Hits.",
        tested=(f"{CHECK}::test_threshold_example_ten_dice_at_7_with_four_hits",),
    ),
    Item(
        id="hits-damage-thresholds",
        kind="table",
        section="Threshold in Damage Checks",
        states="As a rule of thumb a cutting blow needs 7+ and a piercing one 6+.",
        tested=(f"{HERE}::test_damage_thresholds",),
        before="part",
    ),
    Item(
        id="hits-buying-hits",
        kind="table",
        section="Buying Hits",
        states="Ten bought dice give 2 Hits at 9+, 3 at 8+, 4 at 7+, 5 at 6+, 6 at 5+; 10 dice stay rolled.",
        tested=(
            f"{CHECK}::test_buying_table_reproduces_the_text_and_the_ruling",
            f"{CHECK}::test_max_bought_keeps_ten_dice_rolled",
            f"{HERE}::test_buying_hits",
        ),
        before="part",
        ruling="hits-buying-hits-table",
    ),
    Item(
        id="hits-tn-bands",
        kind="table",
        section="TN from Assigned Difficulty",
        states="Assigned TNs run 0 to 10 in six named bands: 0, 1-2, 3-4, 5-6, 7-8 and 9-10.",
        tested=(f"{CHECK}::test_difficulties_and_defences", f"{HERE}::test_tn_bands"),
        before="part",
    ),
    Item(
        id="hits-effect-examples",
        kind="example",
        section="Effect (eff) / Botch",
        states="5 Hits against TN 2 is eff:3; 3 Hits against TN 3 is eff:0, still a success.",
        tested=(f"{CHECK}::test_effect_examples",),
    ),
    Item(
        id="hits-good-and-spectacular",
        kind="statement",
        section="Effect (eff) / Botch",
        states="Effect 4 or more is a good success, a Botch of 3 or more a spectacular failure.",
        tested=(f"{CHECK}::test_notable_follows_the_prose", f"{HERE}::test_botch_of_three_erratum"),
        before="erratum",
        ruling="hits-botch-band",
    ),
    Item(
        id="hits-degree-of-success",
        kind="table",
        section="Degree of Success (DoS)",
        states="Table 7A: eight bands of Effect from Botch 3 (Catastrophic) up to DoS 5 (Critical Success).",
        tested=(f"{CHECK}::test_degree_table", f"{HERE}::test_degree_of_success"),
        before="part",
        ruling="hits-degree-table-reading",
    ),
    Item(
        id="hits-notation",
        kind="example",
        section="Reading the Check",
        states="Checks written as pool then colon then TN: STR:2, COR:STR, 12d(6+):3, 9d(6+):BOD and skills.",
        tested=(
            "tests/systems/hits/test_notation.py::test_static_examples",
            "tests/systems/hits/test_notation.py::test_attribute_examples",
            "tests/systems/hits/test_notation.py::test_skill_examples_need_a_sheet",
        ),
    ),
    Item(
        id="hits-library-group",
        kind="example",
        section="Group Checks",
        states="Four helpers at TN 1 score 4, 1, 0 and 2 Hits: Effect +3, +0, -1, +1, so the leader gains 3 dice.",
        tested=("tests/systems/hits/test_group.py::test_group_library_example",),
    ),
    Item(
        id="hits-luck-comparisons",
        kind="table",
        section="Making the Luck Check",
        states="Luck TN 1 likened to a coin toss (50/50), TN 2 to a first-deal blackjack (5%), 3 and 4 rarer.",
        tested=(
            "tests/systems/hits/test_luck.py::test_luck_odds_ruling_numbers",
            f"{HERE}::test_luck_erratum",
        ),
        before="erratum",
        ruling="hits-luck-odds",
    ),
    Item(
        id="hits-arquebus",
        kind="example",
        section="Validation Dice",
        states="Rome: 11 dice at 6+, 7 Hits (Effect 4), the red die shows 1 and fails Misfire (2+): no damage.",
        tested=(
            f"{CHECK}::test_arquebus_misfire",
            "tests/systems/hits/test_attack.py::test_rome_misfires_and_no_damage_dice_follow",
        ),
    ),
)
"""Every table and worked example of seed 002 (the potion shelf's 2 in 10 is a d10 read
by hand, not a mechanic of The Check, so it is left out)."""
