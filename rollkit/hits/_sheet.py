"""A Hits character's sheet: Attribute Levels, Skills (Training, Focus Level and the Attribute
each is governed by) and Knowledge Ratings; the checks that fill from them (sections "Dice Pool
in an Attribute Check", "Dice Pool in a Skill Check", "Attribute Check and Knowledge Check")."""

from __future__ import annotations

from .._fields import Param
from .._sheet import Character, Entry, Fill, Group, Pick, Picked, Place, Sheet, Source, field_of, value
from ._checks import AttributeCheck, Check, KnowledgeCheck, SkillCheck
from ._group import Group as GroupCheck
from ._opposed import Opposed
from ._rules import SYSTEM

__all__ = ["SHEET"]

ATTRIBUTES = Group(
    "attributes",
    "Attributes",
    "Attribute",
    values=(field_of(AttributeCheck, "level"),),
    hint="each Attribute's level: its dice and its Threshold",
)
_TRAINING = field_of(SkillCheck, "training")
SKILLS = Group(
    "skills",
    "Skills",
    "Skill",
    values=(
        value(
            "attribute", Param("Attribute", hint="the Attribute the Skill is governed by, by name"), kind=str
        ),
        _TRAINING,
        field_of(SkillCheck, "focus"),
    ),
    hint="each Skill's Training, Focus Level and governing Attribute",
    refers=(("attribute", "attributes"),),
)
KNOWLEDGE = Group(
    "knowledge",
    "Knowledge",
    "topic",
    values=(field_of(KnowledgeCheck, "rating"),),
    hint="each topic's Knowledge Rating (0 to 5)",
)


def _level(attribute: Entry) -> int:
    level: int = attribute["level"]
    return level


def _attribute(character: Character, picked: Picked) -> tuple[Source, ...]:
    attribute = picked.one("attributes")
    place = Place("attributes", attribute.name, "level")
    return (
        Source("level", _level(attribute), f"{attribute.name}: Attribute Level {_level(attribute)}", place),
    )


def _governing(character: Character, skill: Entry) -> Entry:
    return character.entry("attributes", skill["attribute"])


def _skill(character: Character, picked: Picked) -> tuple[Source, ...]:
    skill = picked.one("skills")
    attribute = _governing(character, skill)
    return (
        Source(
            "attribute",
            _level(attribute),
            f"{skill.name} is governed by {attribute.name} {_level(attribute)}",
            Place("attributes", attribute.name, "level"),
        ),
        Source(
            "training",
            skill["training"],
            f"{skill.name}: {_TRAINING.param.words(skill['training'])}",
            Place("skills", skill.name, "training"),
        ),
        Source(
            "focus",
            skill["focus"],
            f"{skill.name}: Focus Level {skill['focus']}",
            Place("skills", skill.name, "focus"),
        ),
    )


def _knowledge(character: Character, picked: Picked) -> tuple[Source, ...]:
    topic, intellect = picked.one("knowledge"), picked.one("attributes")
    return (
        Source(
            "intellect",
            _level(intellect),
            f"{intellect.name}: Attribute Level {_level(intellect)}",
            Place("attributes", intellect.name, "level"),
        ),
        Source(
            "rating",
            topic["rating"],
            f"{topic.name}: Knowledge Rating {topic['rating']}",
            Place("knowledge", topic.name, "rating"),
        ),
    )


def _pool(character: Character, picked: Picked) -> tuple[Source, ...]:
    """A Skill's Dice Pool and Threshold, as ``Check.skill`` makes them."""
    skill = picked.one("skills")
    attribute = _governing(character, skill)
    made = Check.skill(attribute=_level(attribute), training=skill["training"], focus=skill["focus"], tn=0)
    training = _TRAINING.param.words(skill["training"])
    return (
        Source(
            "dice",
            made.dice,
            f"{skill.name}, {training}, Focus Level {skill['focus']}, with {attribute.name}"
            f" {_level(attribute)}: {made.dice} dice",
            why=f"the Dice Pool comes from {skill.name}'s Training and Focus and {attribute.name}'s level",
        ),
        Source(
            "threshold",
            made.threshold,
            f"{attribute.name} {_level(attribute)}: Threshold {made.threshold}+",
            why=f"the Threshold comes from {attribute.name}'s level",
        ),
    )


_SKILL = Pick("skills", "Skill")

SHEET = Sheet(
    system=SYSTEM,
    title="character",
    values=(),
    groups=(ATTRIBUTES, SKILLS, KNOWLEDGE),
    fills=(
        Fill(AttributeCheck, (Pick("attributes", "Attribute"),), _attribute),
        Fill(SkillCheck, (_SKILL,), _skill),
        Fill(
            KnowledgeCheck,
            (Pick("knowledge", "Knowledge"), Pick("attributes", "Intellect", prefer=("Intellect", "INT"))),
            _knowledge,
        ),
        Fill(Check, (_SKILL,), _pool),
        Fill(Opposed, (_SKILL,), _pool),
        Fill(GroupCheck, (Pick("skills", "Leader's Skill"),), _pool),
    ),
)
"""A Hits character's sheet and the checks it fills."""
