"""The Hits rules: the name, limits, tables and outcome names, and small lookups over them.

From "The Check" (seed 002): table 7A, difficulties, defences, Skill Training,
Attribute pools and Thresholds, buying hits, group and luck checks; the values that both
a check's fields and these functions check (``THRESHOLD``, ``LEVEL`` ...), declared once,
and the rules across fields that every Hits check shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from .._errors import ParameterTypeError, RulesError
from .._fields import Param
from .._limits import Limit
from .._validate import describe, integer
from .._words import Words

__all__ = [
    "SYSTEM",
    "LIMITS",
    "MAX_ATTRIBUTE",
    "MAX_POOL",
    "MAX_ROLLED",
    "MAX_TN",
    "MAX_OPPOSED_DICE",
    "MAX_GROUP_DICE",
    "MAX_HELPERS",
    "MAX_NOTATION",
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
    "KINDS",
    "HELPER_TN",
    "LUCK_THRESHOLD",
    "attribute_dice",
    "attribute_threshold",
    "training_dice",
    "hits_per_ten",
    "max_bought",
    "knowledge_helper_allowed",
    "knowledge_helpers",
    "skill_dice",
    "side_skill_dice",
    "ATTACK_MISSED",
    "DAMAGE_NONE",
    "DAMAGE_OUTCOMES",
    "ATTACK_OUTCOMES",
    "THRESHOLD",
    "LEVEL",
    "FOCUS",
    "RATING",
    "MODIFIER",
    "check_bought",
    "check_validation",
]

SYSTEM = "hits"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
WORDS = Words(
    name="Hits",
    title="The Check (Hits)",
    marks={"hit": "Hit", "miss": "no Hit"},
    acronyms={"tn": "TN", "dos": "DoS"},
)
"""What The Check calls things (roll sentences, die marks, the site's titles)."""

MAX_ATTRIBUTE = 11
MAX_POOL = 100_000
MAX_ROLLED = 2000
MAX_TN = 1_000_000
MAX_OPPOSED_DICE = 1000
MAX_GROUP_DICE = 600
MAX_HELPERS = 100
MAX_NOTATION = 200
LIMITS: tuple[Limit, ...] = (
    Limit(
        SYSTEM,
        "MAX_ATTRIBUTE",
        MAX_ATTRIBUTE,
        "Highest Attribute Level with a Threshold in the text (ruling hits-attribute-above-11).",
    ),
    Limit(SYSTEM, "MAX_POOL", MAX_POOL, "Largest Dice Pool (bought dice included) rollkit accepts."),
    Limit(
        SYSTEM,
        "MAX_ROLLED",
        MAX_ROLLED,
        "Most dice actually rolled in one check (exact odds stay well under a second).",
    ),
    Limit(SYSTEM, "MAX_TN", MAX_TN, "Largest TN rollkit accepts."),
    Limit(
        SYSTEM, "MAX_OPPOSED_DICE", MAX_OPPOSED_DICE, "Most dice in an opposed check, both sides together."
    ),
    Limit(
        SYSTEM,
        "MAX_GROUP_DICE",
        MAX_GROUP_DICE,
        "Most dice in a group check: the leader's pool plus every helper's.",
    ),
    Limit(SYSTEM, "MAX_HELPERS", MAX_HELPERS, "Most helpers in one group check."),
    Limit(SYSTEM, "MAX_NOTATION", MAX_NOTATION, "Longest notation text parse reads."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""


@dataclass(frozen=True)
class Degree:
    """One row of table 7A: a band of Effect (``None`` = open end), its name and meaning."""

    low: int | None
    high: int | None
    name: str
    description: str
    success: bool

    @property
    def label(self) -> str:
        """The outcome name rollkit uses, e.g. ``"DoS 3 (Good Success)"``."""
        return f"{self.name} ({self.description})"


DEGREES: tuple[Degree, ...] = (
    Degree(None, -4, "Botch 3", "Catastrophic Failure", False),
    Degree(-3, -2, "Botch 2", "Major Failure", False),
    Degree(-1, -1, "Botch 1", "Nominal Failure", False),
    Degree(0, 1, "DoS 1", "Nominal Success", True),
    Degree(2, 3, "DoS 2", "Normal Success", True),
    Degree(4, 7, "DoS 3", "Good Success", True),
    Degree(8, 15, "DoS 4", "Great Success", True),
    Degree(16, None, "DoS 5", "Critical Success", True),
)
"""Table 7A (Degree of Success), worst to best. "-4 or More" is read as -4 or lower."""

OUTCOMES: tuple[str, ...] = tuple(d.label for d in DEGREES)
"""Outcome names of a check, worst to best (the rows of table 7A)."""

VALIDATION_FAILED: tuple[str, ...] = tuple(f"{o}, validation failed" for o in OUTCOMES)
"""Outcome names when the validation die fails, worst to best."""
VALIDATION_PASSED: tuple[str, ...] = tuple(f"{o}, validation passed" for o in OUTCOMES)
"""Outcome names when the validation die passes, worst to best."""
VALIDATION_RESULTS: tuple[str, str] = ("validation failed", "validation passed")
"""The two results of a Validation Check, worst first (``validation_outcomes()``)."""

VALIDATION_WORDS: tuple[tuple[int, str], ...] = ((0, "none"), *((v, f"{v}+") for v in range(2, 11)))
"""The Validation Die's second Threshold in words: none (0), or 2+ to 10+ (1+ always passes)."""

Keyword = Literal["none", "misfire"]
KEYWORDS: tuple[str, ...] = get_args(Keyword)
"""What a failed Validation Die does: nothing beyond the report, or the Misfire keyword."""
KEYWORD_WORDS: tuple[tuple[str, str], ...] = (
    ("none", "none (only reported)"),
    ("misfire", "Misfire (no damage)"),
)
"""Each keyword in words (section "Validation Dice"; ruling hits-validation-keyword)."""
MISFIRE = "Misfire (no damage)"
"""The outcome of a check whose Validation Die fails under the Misfire keyword."""
MISFIRE_OUTCOMES: tuple[str, ...] = (MISFIRE, *OUTCOMES)
"""Outcome names under Misfire: the misfire first, then table 7A with the die passed."""

ATTACK_MISSED = "Attack missed (no Damage Check)"
"""The outcome of an attack whose Hits fall short of the defence: no Damage Check is rolled."""
DAMAGE_NONE = "Damage: eff:0, no damage (Nominal Success)"
"""A Damage Check whose Hits equal the Hardness: it succeeds but has no Effect to deal
(ruling hits-damage-effect)."""
DAMAGE_OUTCOMES: tuple[str, ...] = (
    *(f"Damage: {o}" for o in OUTCOMES[:3]),
    DAMAGE_NONE,
    *(f"Damage: {o}" for o in OUTCOMES[3:]),
)
"""The Damage Check after an attack, worst to best: its bands of table 7A, with eff:0 apart
from the rest of DoS 1 (Effect 1), since it deals no damage."""
ATTACK_OUTCOMES: tuple[str, ...] = (ATTACK_MISSED, *DAMAGE_OUTCOMES)
"""Outcome names of an attack and its Damage Check (under Misfire, ``MISFIRE`` comes first)."""

# The first Effect of each band after the first: band i covers _STARTS[i-1] .. _STARTS[i]-1.
_STARTS = tuple(d.low for d in DEGREES[1:])


def degree_index(effect: int) -> int:
    """Index in ``DEGREES`` of the band holding ``effect`` (plain int, no checks)."""
    i = 0
    for start in _STARTS:
        if effect < start:  # type: ignore[operator]
            return i
        i += 1
    return i


def degree(*, effect: int) -> Degree:
    """The row of table 7A for an Effect (negative = Botch). Section "Degree of Success"."""
    return DEGREES[degree_index(integer("effect", effect))]


def notable(*, effect: int) -> str | None:
    """The prose rule of thumb: Effect 4+ is a good success, Botch 3+ a spectacular failure.

    Section "Effect (eff) / Botch". The prose counts a Botch of 3 (Effect -3) as
    spectacular although table 7A puts it in Botch 2 (ruling hits-botch-band);
    this helper follows the prose, ``degree`` follows the table.
    """
    effect = integer("effect", effect)
    if effect >= 4:
        return "good success"
    if effect <= -3:
        return "spectacular failure"
    return None


DIFFICULTIES: tuple[tuple[int, int, str, str], ...] = (
    (0, 0, "Idiotically Simple", "success is certain; the roll only measures how well"),
    (1, 2, "Normal or Standard", "everyday tasks"),
    (3, 4, "Challenging", "wants training or a real advantage"),
    (5, 6, "Hard", "out of reach untrained; needs focus and strong attributes"),
    (7, 8, "Unlikely", "only with deep training, good attributes and circumstances"),
    (9, 10, "Impossible", "only Fate gives the faintest hope"),
)
"""Assigned difficulty TN 0 to 10: (low TN, high TN, name, meaning in our words)."""


def difficulty(*, tn: int) -> str:
    """The name of an assigned-difficulty TN (0 to 10). Section "TN from Assigned Difficulty"."""
    tn = integer("tn", tn, low=0, high=10, allowed="an assigned difficulty from 0 to 10")
    return next(name for low, high, name, _ in DIFFICULTIES if low <= tn <= high)


DEFENCES: dict[str, str] = {
    "EVA": "Evasion",
    "BOD": "Body",
    "AWA": "Awareness",
    "GRI": "Grit",
    "SPI": "Spirit",
}
"""The defence values that can serve as a TN (section "TN from Defenses")."""

TRAINING: dict[str, int] = {"untrained": 0, "cursory": 1, "skilled": 2, "adept": 3, "expert": 4}
"""Dice granted by Skill Training (section "Skill Training")."""
Training = Literal["untrained", "cursory", "skilled", "adept", "expert"]
"""A Skill Training name, as ``TRAINING`` lists them."""
TRAINING_WORDS: tuple[tuple[str, str], ...] = tuple(
    (name, f"{name.capitalize()} ({'+' if dice else ''}{dice}d10)") for name, dice in TRAINING.items()
)
"""Each Skill Training with its dice in words ("Skilled (+2d10)")."""

DAMAGE_THRESHOLDS: dict[str, int] = {"cutting": 7, "piercing": 6}
"""Rule-of-thumb Damage Check Thresholds by damage type (section "Threshold in Damage Checks")."""

LUCK_TNS: dict[int, tuple[str, str]] = {
    1: ("about even odds", "like hooking a grapple on a roof, or calling a coin toss (50/50)"),
    2: ("possible but not likely", "like a blackjack on the first two cards (5%)"),
    3: ("the moon and stars must align", "like two blackjacks in a row"),
    4: ("statistically unheard of", "like winning a lottery jackpot"),
}
"""The text's description of Luck Check TNs; descriptive only (ruling hits-luck-odds)."""

LUCK_THRESHOLD = 6
"""A Luck Check is a Static Check: Threshold 6+."""


Kind = Literal["action", "attribute", "knowledge", "damage", "static", "luck"]
KINDS: tuple[str, ...] = get_args(Kind)
"""Kinds of check; a group check refuses "static" and "luck" (section "Group Checks")."""

HELPER_TN = 1
"""Every helper rolls against TN 1."""


def attribute_dice(*, level: int) -> int:
    """Base dice of an Attribute Level: 2 at 1-2, 3 at 3-4, 4 at 5-6, one more per 2 levels.

    Section "Dice Pool in an Attribute Check"; the text continues the pattern
    without end, so this does too (only the Threshold stops at 11).
    """
    level = integer("level", level, low=1, allowed="an Attribute Level of at least 1")
    return 2 + (level - 1) // 2


def attribute_threshold(*, level: int) -> int:
    """Threshold of an Attribute Level: 1 -> 10+, 2 -> 9+, 3-4 -> 7+, 5-7 -> 6+, 8-11 -> 5+.

    Section "Threshold in Action Checks". Levels above 11 are refused
    (ruling hits-attribute-above-11).
    """
    level = _checked(LEVEL, "level", level)
    if level <= 2:
        return 11 - level
    if level <= 4:
        return 7
    if level <= 7:
        return 6
    return 5


def training_dice(*, training: str) -> int:
    """Dice from a Skill Training name (any letter case): 0, 1, 2, 3 or 4."""
    return _training("training", training)


def _training(name: str, training: object) -> int:
    """``training_dice`` for the argument ``name`` (``against_training`` ...)."""
    if not isinstance(training, str):
        raise ParameterTypeError(
            f"{name}={describe(training)} is not allowed: {name} must be one of"
            f" {', '.join(repr(t) for t in TRAINING)} ({type(training).__name__} given)",
            field=name,
        )
    key = training.strip().lower()
    if key not in TRAINING:
        raise RulesError(
            f"{name}={describe(training)} is not allowed: {name} must be one of"
            f" {', '.join(repr(t) for t in TRAINING)}",
            field=name,
        )
    return TRAINING[key]


def hits_per_ten(*, threshold: int) -> int:
    """Hits bought by each group of ten dice: 11 - threshold (9+ -> 2 ... 5+ -> 6).

    Section "Buying Hits"; the rows after 5+ were lost ("etc."): ruling
    hits-buying-hits-table extends them the same way (4+ -> 7, 10+ -> 1).
    """
    threshold = _checked(THRESHOLD, "threshold", threshold)
    return 11 - threshold


def max_bought(*, dice: int) -> int:
    """Most groups of ten that can be bought from a pool while 10 or more dice are still rolled."""
    dice = integer("dice", dice, low=0)
    return max(0, (dice - 10) // 10)


def knowledge_helper_allowed(*, lead: int, helper: int) -> bool:
    """Whether a helper's Knowledge Rating lets them help a Knowledge group check.

    Section "Group Checks": a helper's rating is at least 1 and within 1 level
    of the leader's, above or below (ruling hits-group-knowledge-limit).
    """
    lead = _checked(RATING, "lead", lead)
    helper = _checked(RATING, "helper", helper)
    return helper >= 1 and abs(helper - lead) <= 1


def knowledge_helpers(*, lead: int) -> tuple[int, ...]:
    """The Knowledge Ratings that may help a leader at ``lead`` (``knowledge_helper_allowed``)."""
    return tuple(r for r in range((RATING.high or 0) + 1) if knowledge_helper_allowed(lead=lead, helper=r))


def skill_dice(*, attribute: int, training: str, focus: int = 0) -> int:
    """The dice of a Skill Check: the Attribute's, plus Training and Focus when trained.

    Section "Dice Pool in a Skill Check". Untrained, it is the Attribute Check's
    pool: Focus dice are not added (ruling hits-untrained-action).
    """
    return side_skill_dice("", attribute, training, focus)


def side_skill_dice(side: str, attribute: object, training: object, focus: object) -> int:
    """``skill_dice`` with each argument's name after ``side`` ("against_"), for errors."""
    dice = attribute_dice(level=_checked(LEVEL, f"{side}attribute", attribute))
    trained = _training(f"{side}training", training)
    focus = _checked(FOCUS, f"{side}focus", focus)
    return dice + trained + focus if trained else dice


# --- values that both a check's fields and the rules' functions check ----------------------

THRESHOLD = Param("Threshold (x+)", hint="a die showing this or more is a Hit", low=1, high=10)
"""A d10 Threshold, as ``Check`` declares it and ``hits_per_ten`` checks it; other fields
take it with their own label and hint (``dataclasses.replace``)."""
LEVEL = Param(
    "Attribute Level",
    hint="gives both the Dice Pool and the Threshold",
    low=1,
    high=MAX_ATTRIBUTE,
    why="the text gives no Threshold above 11; ruling hits-attribute-above-11",
)
"""An Attribute Level with a Threshold, as the sheet kinds declare it (``level``,
``attribute``, ``intellect``) and ``attribute_threshold`` checks it."""
FOCUS = Param("Focus Level", hint="one die per level, when a Focus applies", low=0)
"""A Focus Level, as ``SkillCheck`` declares it and ``Check.skill`` checks it."""
RATING = Param("Knowledge Rating", hint="two more dice per level of the topic", low=0, high=5)
"""A Knowledge Rating, as ``KnowledgeCheck`` declares it and ``knowledge_helper_allowed`` checks it."""
MODIFIER = Param("Situational dice", hint="dice added or taken away (never below 0)")
"""Situational dice on a pool from the sheet, as the sheet kinds declare them and the
``Check`` builders check them: any whole number (the pool stops at 0)."""


def _checked(declared: Param, name: str, value: object) -> int:
    """``value`` if ``declared`` allows it, else its error, about the argument ``name``."""
    try:
        return declared.check(name, value)
    except RulesError as error:
        raise error.about(name) from None


# --- rules across fields ---------------------------------------------------------------------


def check_bought(name: str, value: int, dice: int, pool: str, words: str) -> None:
    """Groups of ten bought from a pool of ``dice`` must leave at least 10 dice to roll
    (section "Buying Hits"); ``value`` is already a whole number of 0 or more.

    ``pool`` names that pool in the message ("dice=25", "fate=12"), ``words`` in the rules'
    words for players ("a pool of 25 dice").
    """
    most = max_bought(dice=dice)
    if value > most:
        raise RulesError(
            f"{name}={describe(value)} is not allowed: with {pool} {name} must be from 0 to"
            f" {most} (groups of ten bought, leaving at least 10 dice to roll)",
            field=name,
            said=f"{value} group{'s' if value != 1 else ''} of ten cannot be bought from {words};"
            f" {f'at most {most} can' if most else 'none can'} (10 dice must still be rolled).",
        )


def check_validation(validation: int, keyword: str, rolled: int | None) -> None:
    """The rules of a Validation Die beyond its field's range (0 to 10) and the keyword's
    choices: 1 is no Threshold (1+ would always pass), the die is one of the rolled dice, and
    a keyword other than "none" needs the die.

    ``rolled`` is how many dice are rolled, or None when that is only known after other
    dice (a group leader's pool).
    """
    if validation == 1:
        raise RulesError(
            "validation=1 is not allowed: validation must be 0 (no validation die) or a"
            " Threshold from 2 to 10 (1+ would always pass)",
            field="validation",
            said="1+ would always pass; enter 0 for no Validation Die, or a Threshold from 2 to 10.",
        )
    if validation and rolled == 0:
        raise RulesError(
            f"validation={validation} is not allowed with no dice rolled: the validation die"
            " is one of the rolled dice",
            field="validation",
            said="no dice are rolled, and the Validation Die is one of them; enter 0 for none.",
        )
    if keyword != "none" and not validation:
        word = dict(KEYWORD_WORDS).get(keyword, keyword)
        raise RulesError(
            f"keyword={keyword!r} is not allowed with validation=0: the keyword reads a"
            " Validation Die, so give its Threshold (2 to 10)",
            field="keyword",
            said=f"{word} reads a Validation Die; give {{validation}} a Threshold from 2 to 10,"
            " or choose none.",
        )


def _pool(base: int, modifier: int) -> int:
    """A pool after situational dice; never below 0 (ruling hits-group-pool-below-zero)."""
    return max(0, base + _checked(MODIFIER, "modifier", modifier))
