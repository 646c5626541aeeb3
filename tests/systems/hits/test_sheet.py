"""hits: the check kinds built from a character sheet (hits.attribute, hits.skill,
hits.knowledge, hits.opposed_skills, hits.knowledge_group) and every builder's options,
against the classmethods they stand for, the plain checks written out by hand and the rules
text.

Expected values come from the plain check each kind stands for, from the text's numbers, and
from die-by-die enumeration of every face combination, never from rollkit's own maths.
"""

from __future__ import annotations

import dataclasses

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError
from rollkit._params import build
from rollkit.hits import (
    AttributeCheck,
    Check,
    Group,
    KnowledgeCheck,
    KnowledgeGroup,
    Opposed,
    OpposedSkills,
    SkillCheck,
)
from tests.systems.hits.brute import ATTRIBUTE_DICE, ATTRIBUTE_THRESHOLD, by_faces, sheet_skill

# -- the check kinds from a character sheet -------------------------------------------


SHEETS = [
    (AttributeCheck(level=4, tn=2), Check.attribute(level=4, tn=2)),
    (AttributeCheck(level=9, tn=3, modifier=-2), Check.attribute(level=9, tn=3, modifier=-2)),
    (AttributeCheck(level=1, tn=1, modifier=-5), Check.attribute(level=1, tn=1, modifier=-5)),
    (
        AttributeCheck(level=11, tn=9, modifier=14, bought=1, validation=2, keyword="misfire"),
        Check.attribute(level=11, tn=9, modifier=14, bought=1, validation=2, keyword="misfire"),
    ),
    (
        SkillCheck(attribute=4, training="skilled", focus=1, tn=3),
        Check.skill(attribute=4, training="skilled", focus=1, tn=3),
    ),
    (
        SkillCheck(attribute=3, training="untrained", focus=2, tn=2),
        Check.skill(attribute=3, training="untrained", focus=2, tn=2),
    ),
    (
        SkillCheck(attribute=6, training="expert", focus=3, tn=6, modifier=9, bought=1, validation=2),
        Check.skill(attribute=6, training="expert", focus=3, tn=6, modifier=9, bought=1, validation=2),
    ),
    (KnowledgeCheck(intellect=5, rating=3, tn=3), Check.knowledge(intellect=5, rating=3, tn=3)),
    (
        KnowledgeCheck(intellect=8, rating=5, tn=7, modifier=6, bought=1, validation=4, keyword="misfire"),
        Check.knowledge(intellect=8, rating=5, tn=7, modifier=6, bought=1, validation=4, keyword="misfire"),
    ),
]


@pytest.mark.parametrize(("sheet", "plain"), SHEETS, ids=lambda c: c.describe())
def test_sheet_kinds_are_their_classmethods(sheet: AttributeCheck, plain: Check) -> None:
    assert sheet.outcomes() == plain.outcomes() and sheet.chance() == plain.chance()
    assert sheet.distribution() == plain.distribution() and sheet.effects() == plain.effects()
    assert sheet.success_from() == plain.success_from()
    if plain.validation:
        assert sheet.validation_outcomes() == plain.validation_outcomes()
        assert sheet.outcomes_with_validation() == plain.outcomes_with_validation()
    for seed in range(3):
        roll = sheet.roll(seed=seed)
        assert roll.check == sheet.describe() and roll.check.startswith(f"hits.{type(sheet).__name__}(")
        assert dataclasses.replace(roll, check=plain.describe()) == plain.roll(seed=seed)


def test_sheet_kinds_match_the_rules_text() -> None:
    """Skilled (2) + Focus 1 + Attribute 4 (3 dice at 7+); untrained drops the Focus; Knowledge
    adds two dice per rating; an Attribute Check is the level's pool and Threshold."""
    assert SkillCheck(attribute=4, training="skilled", focus=1, tn=3)._plain() == Check(
        dice=6, threshold=7, tn=3
    )
    assert SkillCheck(attribute=3, training="untrained", focus=2, tn=3)._plain() == Check(
        dice=3, threshold=7, tn=3
    )
    assert KnowledgeCheck(intellect=5, rating=3, tn=3)._plain() == Check(dice=10, threshold=6, tn=3)
    assert AttributeCheck(level=8, tn=2)._plain() == Check(dice=5, threshold=5, tn=2)
    assert SkillCheck(attribute=4, training="skilled", focus=1, tn=3).chance() == sum(
        p for k, p in by_faces(6, 7).items() if k[0] >= 3
    )


def test_sheet_kinds_from_text_as_widgets_send_them() -> None:
    built = build(
        "hits.skill",
        {"attribute": "4", "training": "skilled", "focus": " 1", "tn": "3", "keyword": "none"},
    )
    assert built == SkillCheck(attribute=4, training="skilled", focus=1, tn=3)
    assert build("hits.knowledge", {"intellect": "5", "rating": "3", "tn": "3"}) == KnowledgeCheck(
        intellect=5, rating=3, tn=3
    )
    assert build("hits.attribute", {"level": "4", "tn": "2", "modifier": "-1"}) == AttributeCheck(
        level=4, tn=2, modifier=-1
    )
    with pytest.raises(RulesError, match="Skill Training"):
        build("hits.skill", {"attribute": "4", "training": "master", "tn": "3"})


def test_sheet_kind_errors_name_the_sheet() -> None:
    for make, match, error in (
        (
            lambda: SkillCheck(attribute=4, training="skilled", focus=1, tn=3, bought=1),
            "focus=1 and modifier=0 give 6 dice: bought=1",
            RulesError,
        ),
        (
            lambda: AttributeCheck(level=4, tn=1, modifier=3000),
            "level=4 and modifier=3000 give 3003 dice",
            LimitError,
        ),
        (
            lambda: AttributeCheck(level=1, tn=1, modifier=-9, validation=2),
            "give 0 dice: validation=2",
            RulesError,
        ),
        (lambda: KnowledgeCheck(intellect=3, rating=6, tn=1), "rating", RulesError),
        (lambda: AttributeCheck(level=12, tn=1), "level=12", RulesError),
        (lambda: SkillCheck(attribute=12, training="adept", tn=1), "attribute=12", RulesError),
        (lambda: KnowledgeCheck(intellect=0, rating=1, tn=1), "intellect=0", RulesError),
        (lambda: AttributeCheck(level=3, tn=1, bought=10**4), "bought=10000", RulesError),
        (lambda: SkillCheck(attribute=3, training="Adept", tn=1), "training='Adept'", RulesError),
        (lambda: SkillCheck(attribute=3, training="adept", focus=-1, tn=1), "focus", RulesError),
        (lambda: AttributeCheck(level=3, tn=-1), "tn=-1", RulesError),
        (lambda: AttributeCheck(level=3, tn=1, keyword="misfire"), "keyword='misfire'", RulesError),
    ):
        with pytest.raises(error, match=match) as info:
            make()
        assert "dice=" not in str(info.value).split(":")[0]  # the sheet speaks first
    with pytest.raises(ParameterTypeError, match="modifier"):
        AttributeCheck(level=3, tn=1, modifier=1.5)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="bought"):
        SkillCheck(attribute=3, training="adept", tn=1, bought="1")  # type: ignore[arg-type]


# -- every builder takes the options of the check it builds ----------------------------

OPTIONS = [
    {},
    {"bought": 1},
    {"validation": 2},
    {"validation": 7, "keyword": "misfire"},
    {"bought": 1, "validation": 4, "keyword": "misfire"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_static_and_damage_take_the_options_of_a_check(options: dict[str, object]) -> None:
    """Check.static and Check.damage against the Check written out by hand, for every option."""
    assert Check.static(dice=24, tn=9, **options) == Check(dice=24, threshold=6, tn=9, **options)  # type: ignore[arg-type]
    assert Check.static(dice=21, tn=5, threshold=8, **options) == Check(dice=21, threshold=8, tn=5, **options)  # type: ignore[arg-type]
    assert Check.damage(power=23, hardness=4, damage="cutting", **options) == Check(  # type: ignore[arg-type]
        dice=23, threshold=7, tn=4, **options
    )
    assert Check.damage(power=20, hardness=0, threshold=5, **options) == Check(  # type: ignore[arg-type]
        dice=20, threshold=5, tn=0, **options
    )


def test_damage_builder_errors_name_the_attack() -> None:
    for make, field, match in (
        (lambda: Check.damage(power=8, hardness=2, damage="cutting", bought=1), "bought", "power=8 gives 8"),
        (
            lambda: Check.damage(power=0, hardness=2, threshold=7, validation=2),
            "validation",
            "power=0 gives 0",
        ),
        (lambda: Check.damage(power=-1, hardness=2, threshold=7), "power", "power=-1"),
        (lambda: Check.damage(power=8, hardness=-1, threshold=7), "hardness", "hardness=-1"),
        (lambda: Check.damage(power=8, hardness=1, threshold=7, keyword="misfire"), "keyword", "keyword"),
        (lambda: Check.static(dice=8, tn=1, bought=1), "bought", "bought=1"),
    ):
        with pytest.raises(RulesError, match=match) as info:
            make()
        assert info.value.field == field
    with pytest.raises(LimitError, match="power"):
        Check.damage(power=10**6, hardness=2, threshold=7)


@pytest.mark.parametrize(
    "sides",
    [
        {"level": 4, "against": 3},
        {"level": 1, "against": 11, "modifier": -1, "against_modifier": 2},
        {"level": 9, "against": 6, "modifier": 17, "against_modifier": 16, "bought": 1, "against_bought": 1},
        {"level": 5, "against": 5, "validation": 3},
        {"level": 7, "against": 2, "validation": 6, "keyword": "misfire"},
    ],
    ids=str,
)
def test_opposed_attributes_take_every_option(sides: dict[str, object]) -> None:
    """Opposed.attributes against the Opposed written out from the text's Attribute table."""
    level, against = sides["level"], sides["against"]
    options = {
        k: v for k, v in sides.items() if k not in ("level", "against", "modifier", "against_modifier")
    }
    expected = Opposed(
        dice=max(0, ATTRIBUTE_DICE[level] + sides.get("modifier", 0)),  # type: ignore[index, operator]
        threshold=ATTRIBUTE_THRESHOLD[level],  # type: ignore[index]
        against_dice=max(0, ATTRIBUTE_DICE[against] + sides.get("against_modifier", 0)),  # type: ignore[index, operator]
        against_threshold=ATTRIBUTE_THRESHOLD[against],  # type: ignore[index]
        **options,  # type: ignore[arg-type]
    )
    assert Opposed.attributes(**sides) == expected  # type: ignore[arg-type]


SKILL_SIDES = [
    (
        {"attribute": 4, "training": "skilled", "focus": 1},
        {"against_attribute": 3, "against_training": "adept"},
    ),
    (
        {"attribute": 3, "training": "untrained", "focus": 2},
        {"against_attribute": 5, "against_training": "untrained", "against_focus": 3},
    ),
    (
        {"attribute": 8, "training": "expert", "focus": 4, "modifier": 10, "bought": 1},
        {"against_attribute": 11, "against_training": "cursory", "against_modifier": 12, "against_bought": 1},
    ),
    (
        {"attribute": 6, "training": "adept", "validation": 3, "keyword": "misfire"},
        {"against_attribute": 2, "against_training": "skilled", "against_modifier": -9},
    ),
]


@pytest.mark.parametrize(("actor", "defender"), SKILL_SIDES, ids=str)
def test_opposed_skills_from_the_sheet(actor: dict[str, object], defender: dict[str, object]) -> None:
    """Opposed.skills and the hits.opposed_skills kind against the Opposed written out from
    the text's pools: Training + Focus + Attribute dice (untrained: the Attribute's alone)."""
    dice, threshold = sheet_skill(
        actor["attribute"],
        actor["training"],
        actor.get("focus", 0),
        actor.get("modifier", 0),  # type: ignore[arg-type]
    )
    against_dice, against_threshold = sheet_skill(
        defender["against_attribute"],  # type: ignore[arg-type]
        defender["against_training"],  # type: ignore[arg-type]
        defender.get("against_focus", 0),  # type: ignore[arg-type]
        defender.get("against_modifier", 0),  # type: ignore[arg-type]
    )
    options = {
        k: v
        for k, v in (actor | defender).items()
        if k in ("bought", "against_bought", "validation", "keyword")
    }
    plain = Opposed(
        dice=dice,
        threshold=threshold,
        against_dice=against_dice,
        against_threshold=against_threshold,
        **options,  # type: ignore[arg-type]
    )
    assert Opposed.skills(**actor, **defender) == plain  # type: ignore[arg-type]
    sheet = OpposedSkills(**actor, **defender)  # type: ignore[arg-type]
    assert sheet.outcomes() == plain.outcomes() and sheet.chance() == plain.chance()
    assert sheet.distribution() == plain.distribution() and sheet.success_from() == plain.success_from()
    if plain.validation:
        assert sheet.validation_outcomes() == plain.validation_outcomes()
        assert sheet.outcomes_with_validation() == plain.outcomes_with_validation()
    for seed in range(3):
        roll = sheet.roll(seed=seed)
        assert roll.check == sheet.describe()
        assert roll.detail("pool") == f"{dice}d({threshold}+)"
        assert roll.detail("opposing pool") == f"{against_dice}d({against_threshold}+)"
        assert roll.details[2:] == plain.roll(seed=seed).details and roll.dice == plain.roll(seed=seed).dice


def test_opposed_skills_errors_name_the_side() -> None:
    base = {"attribute": 4, "training": "skilled", "against_attribute": 3, "against_training": "adept"}
    for params, field, error in (
        ({"against_training": "master"}, "against_training", RulesError),
        ({"against_attribute": 12}, "against_attribute", RulesError),
        ({"against_focus": -1}, "against_focus", RulesError),
        ({"training": "master"}, "training", RulesError),
        ({"bought": 1}, "bought", RulesError),
        ({"against_bought": 1}, "against_bought", RulesError),
        ({"modifier": 995}, "modifier", LimitError),
        ({"validation": 1}, "validation", RulesError),
        ({"against_modifier": 1.5}, "against_modifier", ParameterTypeError),
    ):
        with pytest.raises(error) as info:
            OpposedSkills(**(base | params))  # type: ignore[arg-type]
        assert info.value.field == field, (params, info.value.field)
        with pytest.raises(error) as info:
            Opposed.skills(**(base | params))  # type: ignore[arg-type]
        assert "dice=" not in str(info.value).split(":")[0]  # the sheet speaks first
    with pytest.raises(RulesError, match="against_bought=1 is not allowed") as info:
        Opposed.skills(**(base | {"against_bought": 1}))  # type: ignore[arg-type]
    assert str(info.value).startswith("against_attribute=3, against_training='adept'")
    with pytest.raises(RulesError, match="against=12"):
        Opposed.attributes(level=3, against=12)
    with pytest.raises(RulesError, match="level=3 and modifier=0 gives|level=3 and modifier=0 give"):
        Opposed.attributes(level=3, against=4, bought=1)


def test_opposed_skills_from_text_as_widgets_send_them() -> None:
    built = build(
        "hits.opposed_skills",
        {
            "attribute": "4",
            "training": "skilled",
            "focus": "1",
            "against_attribute": "3",
            "against_training": "adept",
        },
    )
    assert built == OpposedSkills(
        attribute=4, training="skilled", focus=1, against_attribute=3, against_training="adept"
    )


# -- a Knowledge group from the sheet --------------------------------------------------


@pytest.mark.parametrize(
    ("params", "pools"),
    [
        ({"intellect": 5, "rating": 3, "tn": 4, "helpers": ((4, 2), (3, 4))}, (10, 6, ((7, 7), (11, 7)))),
        ({"intellect": 1, "rating": 0, "tn": 1, "helpers": ((2, 1),)}, (2, 10, ((4, 9),))),
        (
            {
                "intellect": 11,
                "rating": 5,
                "tn": 20,
                "helpers": ((11, 4), (1, 5)),
                "bought": 1,
                "helpers_buy": True,
                "validation": 3,
                "keyword": "misfire",
            },
            (17, 5, ((15, 5), (12, 10))),
        ),
    ],
    ids=str,
)
def test_knowledge_group_is_group_knowledge(params: dict[str, object], pools: tuple[object, ...]) -> None:
    """hits.knowledge_group against the Group written out from the text: Intellect's dice plus
    two per rating, at Intellect's Threshold, for the leader and every helper."""
    dice, threshold, helpers = pools
    options = {k: v for k, v in params.items() if k in ("bought", "helpers_buy", "validation", "keyword")}
    ratings = tuple(r for _, r in params["helpers"])  # type: ignore[attr-defined]
    plain = Group(
        dice=dice,  # type: ignore[arg-type]
        threshold=threshold,  # type: ignore[arg-type]
        tn=params["tn"],  # type: ignore[arg-type]
        helpers=helpers,  # type: ignore[arg-type]
        kind="knowledge",
        rating=params["rating"],  # type: ignore[arg-type]
        helper_ratings=ratings,
        **options,  # type: ignore[arg-type]
    )
    assert Group.knowledge(**params) == plain  # type: ignore[arg-type]
    sheet = KnowledgeGroup(**params)  # type: ignore[arg-type]
    assert sheet.outcomes() == plain.outcomes() and sheet.chance() == plain.chance()
    assert sheet.distribution() == plain.distribution() and sheet.bonus() == plain.bonus()
    if plain.validation:
        assert sheet.validation_outcomes() == plain.validation_outcomes()
    roll = sheet.roll(seed=5)
    assert roll.check == sheet.describe() and roll.dice == plain.roll(seed=5).dice
    assert roll.detail("leader's pool") == f"{dice}d({threshold}+)"


def test_knowledge_group_refuses_a_helper_out_of_reach() -> None:
    for helpers, item in ((((4, 5),), 0), (((4, 3), (4, 0)), 1), (((4, 1),), 0)):
        with pytest.raises(RulesError, match="within 1 level") as info:
            KnowledgeGroup(intellect=5, rating=3, tn=4, helpers=helpers)
        assert (info.value.field, info.value.item, info.value.part) == ("helpers", item, 1)
    with pytest.raises(LimitError) as info:
        KnowledgeGroup(intellect=11, rating=5, tn=4, helpers=((11, 5),) * 40)
    assert info.value.field == "helpers"
    with pytest.raises(RulesError) as info:
        KnowledgeGroup(intellect=12, rating=5, tn=4)
    assert info.value.field == "intellect"
