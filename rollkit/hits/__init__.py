"""hits: a pool of d10, each die at or above a Threshold is a Hit; Hits against a TN.

From "The Check" (seed 002): Effect and Botch, the Degree of Success (table 7A),
Attribute, Skill and Knowledge pools and Thresholds (also as check kinds of
their own), an attack and the Damage Check against Hardness it lets through,
buying hits and Validation Dice on every kind of check, opposed checks (also
Skill against Skill), group checks (also Knowledge groups, helpers within 1
level), luck checks, and the ``12d(6+):3`` notation. Exact odds are integer
binomials over 10**dice. Rulings are in ``RULINGS``.
"""

from __future__ import annotations

from .._lazy import lazy
from ._attack import Attack
from ._checks import AttributeCheck, Check, KnowledgeCheck, SkillCheck
from ._glossary import GLOSSARY
from ._group import Group
from ._knowledge_group import KnowledgeGroup
from ._luck import Luck
from ._notation import parse
from ._opposed import Opposed
from ._opposed_skills import OpposedSkills
from ._rules import (
    ATTACK_MISSED,
    ATTACK_OUTCOMES,
    DAMAGE_NONE,
    DAMAGE_OUTCOMES,
    DAMAGE_THRESHOLDS,
    DEFENCES,
    DEGREES,
    DIFFICULTIES,
    HELPER_TN,
    KEYWORD_WORDS,
    KEYWORDS,
    KINDS,
    LIMITS,
    LUCK_THRESHOLD,
    LUCK_TNS,
    MAX_ATTRIBUTE,
    MAX_GROUP_DICE,
    MAX_HELPERS,
    MAX_NOTATION,
    MAX_OPPOSED_DICE,
    MAX_POOL,
    MAX_ROLLED,
    MAX_TN,
    MISFIRE,
    MISFIRE_OUTCOMES,
    OUTCOMES,
    SYSTEM,
    TRAINING,
    TRAINING_WORDS,
    VALIDATION_FAILED,
    VALIDATION_PASSED,
    VALIDATION_RESULTS,
    VALIDATION_WORDS,
    WORDS,
    Degree,
    attribute_dice,
    attribute_threshold,
    degree,
    difficulty,
    hits_per_ten,
    knowledge_helper_allowed,
    knowledge_helpers,
    max_bought,
    notable,
    skill_dice,
    training_dice,
)
from ._rulings import RULINGS

CHECKS: dict[str, type] = {
    "check": Check,
    "attribute": AttributeCheck,
    "skill": SkillCheck,
    "knowledge": KnowledgeCheck,
    "attack": Attack,
    "opposed": Opposed,
    "opposed_skills": OpposedSkills,
    "group": Group,
    "knowledge_group": KnowledgeGroup,
    "luck": Luck,
}
"""The check classes by the name the command line uses."""

__all__ = [
    "Check",
    "AttributeCheck",
    "SkillCheck",
    "KnowledgeCheck",
    "Opposed",
    "OpposedSkills",
    "Group",
    "KnowledgeGroup",
    "Luck",
    "Attack",
    "parse",
    "Degree",
    "DEGREES",
    "OUTCOMES",
    "VALIDATION_FAILED",
    "VALIDATION_PASSED",
    "VALIDATION_RESULTS",
    "VALIDATION_WORDS",
    "MISFIRE",
    "MISFIRE_OUTCOMES",
    "KEYWORDS",
    "KEYWORD_WORDS",
    "degree",
    "notable",
    "DIFFICULTIES",
    "difficulty",
    "DEFENCES",
    "TRAINING",
    "TRAINING_WORDS",
    "DAMAGE_THRESHOLDS",
    "LUCK_TNS",
    "attribute_dice",
    "attribute_threshold",
    "training_dice",
    "hits_per_ten",
    "max_bought",
    "knowledge_helper_allowed",
    "knowledge_helpers",
    "skill_dice",
    "ATTACK_MISSED",
    "DAMAGE_NONE",
    "DAMAGE_OUTCOMES",
    "ATTACK_OUTCOMES",
    "KINDS",
    "HELPER_TN",
    "LUCK_THRESHOLD",
    "SHEET",
    "GLOSSARY",
    "MAX_ATTRIBUTE",
    "MAX_POOL",
    "MAX_ROLLED",
    "MAX_TN",
    "MAX_OPPOSED_DICE",
    "MAX_GROUP_DICE",
    "MAX_HELPERS",
    "MAX_NOTATION",
    "SYSTEM",
    "WORDS",
    "CHECKS",
    "RULINGS",
    "LIMITS",
]


TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._sheet import SHEET

# The system's sheet (its characters' values) loads on first use: a roll needs none of it.
__getattr__, __dir__ = lazy(globals(), {"SHEET": "_sheet"})
