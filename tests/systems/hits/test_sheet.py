"""hits: the check kinds built from a character sheet (hits.attribute, hits.skill,
hits.knowledge), against the classmethods they stand for and the rules text.

Expected values come from the plain check each kind stands for, from the text's numbers, and
from die-by-die enumeration of every face combination, never from rollkit's own maths.
"""

from __future__ import annotations

import dataclasses

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError
from rollkit._params import build
from rollkit.hits import AttributeCheck, Check, KnowledgeCheck, SkillCheck
from tests.systems.hits.brute import by_faces

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
