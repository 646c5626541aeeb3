"""hits: a character's Attributes, Skills and Knowledge fill every kind that takes them as the
classmethods and the rules' functions build them (Dice Pool in an Attribute, Skill and
Knowledge Check; ruling hits-untrained-action)."""

from __future__ import annotations

import pytest

from rollkit import Character, RulesError, hits


def rome() -> Character:
    return Character.make(
        name="Rome",
        system=hits.SYSTEM,
        entries={
            "attributes": [
                {"name": "STR", "level": 3},
                {"name": "AGI", "level": 5},
                {"name": "INT", "level": 2},
            ],
            "skills": [
                {"name": "Stealth", "attribute": "AGI", "training": "skilled", "focus": 1},
                {"name": "Swords", "attribute": "STR", "training": "untrained", "focus": 2},
            ],
            "knowledge": [{"name": "History", "rating": 2}],
        },
    )


def test_an_attribute_check_takes_the_level() -> None:
    made = rome().fill(hits.AttributeCheck, {"attributes": "AGI"}).check(tn=2)
    assert made == hits.AttributeCheck(level=5, tn=2)
    assert made.chance() == hits.Check.attribute(level=5, tn=2).chance()
    assert hits.Check.attribute(level=5, tn=2) == hits.Check(dice=4, threshold=6, tn=2)


def test_a_skill_check_takes_training_focus_and_the_governing_attribute() -> None:
    filled = rome().fill("hits.skill", {"skills": "Stealth"})
    assert filled.values == {"attribute": 5, "training": "skilled", "focus": 1}
    assert filled.check(tn=3) == hits.SkillCheck(attribute=5, training="skilled", focus=1, tn=3)


def test_a_plain_check_takes_the_skills_pool_and_threshold() -> None:
    made = rome().fill(hits.Check, {"skills": "Stealth"}).check(tn=3)
    assert made == hits.Check.skill(attribute=5, training="skilled", focus=1, tn=3)
    assert (made.dice, made.threshold) == (
        hits.attribute_dice(level=5) + 2 + 1,
        hits.attribute_threshold(level=5),
    )
    assert (made.dice, made.threshold) == (7, 6)


def test_untrained_the_focus_dice_are_not_added() -> None:
    made = rome().fill("hits", {"skills": "Swords"}).check(tn=1)
    assert made == hits.Check.attribute(level=3, tn=1) == hits.Check(dice=3, threshold=7, tn=1)


def test_opposed_and_group_checks_take_the_acting_skill() -> None:
    opposed = rome().fill(hits.Opposed, {"skills": "Stealth"}).check(against_dice=4, against_threshold=7)
    plain = hits.Check.skill(attribute=5, training="skilled", focus=1, tn=0)
    assert opposed == hits.Opposed(
        dice=plain.dice, threshold=plain.threshold, against_dice=4, against_threshold=7
    )
    group = rome().fill(hits.Group, {"skills": "Stealth"}).check(tn=3, helpers=((3, 7),))
    assert group == hits.Group(dice=plain.dice, threshold=plain.threshold, tn=3, helpers=((3, 7),))


def test_a_knowledge_check_takes_the_topic_and_intellect() -> None:
    filled = rome().fill(hits.KnowledgeCheck, {"knowledge": "History"})  # Intellect: the INT Attribute
    assert filled.values == {"intellect": 2, "rating": 2}
    assert filled.check(tn=2).chance() == hits.Check.knowledge(intellect=2, rating=2, tn=2).chance()
    other = rome().fill(hits.KnowledgeCheck, {"knowledge": "History", "attributes": "STR"})
    assert other.values["intellect"] == 3


def test_a_skill_whose_pool_is_too_large_is_said_for_the_sheet() -> None:
    huge = Character.make(
        name="Rome",
        system=hits.SYSTEM,
        entries={
            "attributes": [{"name": "AGI", "level": 4}],
            "skills": [{"name": "Stealth", "attribute": "AGI", "training": "expert", "focus": 10**6}],
        },
    )
    with pytest.raises(RulesError) as caught:
        huge.fill("hits")
    assert caught.value.field == "check" and str(caught.value.said).startswith("Stealth: ")
    assert "{" not in str(caught.value.said)
