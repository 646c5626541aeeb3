"""The ninefold rules: limits, outcome names, toPass, dice thresholds, effect dice, defences.

From "Roll Checks", "Dice Thresholds", "Critical Bands" and "Contested and Combat Rolls";
the value checks every ninefold check shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any, Literal, get_args

from .._errors import LimitError, ParameterTypeError, RulesError
from .._fields import param
from .._limits import Limit
from .._validate import boolean, choice, describe, integer, within

SYSTEM = "ninefold"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""

MAX_POINTS = 10**6
MAX_SIDES = 1000
MAX_EFFECT_DICE = 10**6
MAX_TYPES = 1000
LIMITS: tuple[Limit, ...] = (
    Limit(
        SYSTEM,
        "MAX_POINTS",
        MAX_POINTS,
        "Largest size of any percentage-point value (toPass, Stat, DC, bonus ...) rollkit takes.",
    ),
    Limit(SYSTEM, "MAX_SIDES", MAX_SIDES, "Largest die rollkit rolls a check on."),
    Limit(SYSTEM, "MAX_EFFECT_DICE", MAX_EFFECT_DICE, "Largest number of effect dice rollkit tracks."),
    Limit(SYSTEM, "MAX_TYPES", MAX_TYPES, "Most resistances, effect types or immunities in one defence."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

COMMON_DICE: tuple[int, ...] = (2, 4, 6, 8, 10, 12, 20, 100)
"""The dice ``expressing_dice`` looks at: the usual set plus a coin (d2)."""
Convention = Literal["roll-under", "roll-high"]
"""How a check is read: pass on a low roll (roll-under) or on a high one (roll-high)."""
CONVENTIONS: tuple[str, ...] = get_args(Convention)
CONVENTION_WORDS = (("roll-under", "roll under toPass"), ("roll-high", "roll high (X+)"))


def _convention_param(default: str) -> Any:
    """The Convention field of a check (a fresh dataclass field each call)."""
    return param(
        "Convention",
        hint="pass on a low roll, or on a high one (X+)",
        options=CONVENTION_WORDS,
        default=default,
    )


FAIL_UNFAVOURABLE = "fail, unfavourable critical"
FAIL = "fail"
FAIL_FAVOURABLE = "fail, favourable critical"
PASS_UNFAVOURABLE = "pass, unfavourable critical"
PASS = "pass"
PASS_FAVOURABLE = "pass, favourable critical"
CHECK_OUTCOMES: tuple[str, ...] = (
    FAIL_UNFAVOURABLE,
    FAIL,
    FAIL_FAVOURABLE,
    PASS_UNFAVOURABLE,
    PASS,
    PASS_FAVOURABLE,
)
"""Outcomes of a single check, worst to best."""

OFFENCE_FAILS = "offence fails"
IMMUNE = "immune"
DEFENDED = "defended"
EFFECT_UNFAVOURABLE = "effect, unfavourable critical"
EFFECT = "effect"
EFFECT_FAVOURABLE = "effect, favourable critical"
CONTEST_OUTCOMES: tuple[str, ...] = (
    OFFENCE_FAILS,
    IMMUNE,
    DEFENDED,
    EFFECT_UNFAVOURABLE,
    EFFECT,
    EFFECT_FAVOURABLE,
)
"""Outcomes of an offence-then-defence contest, worst to best for the offence."""

_CRITICALS = ("unfavourable", "none", "favourable")  # index 0, 1, 2 within a pass/fail half


def _points(name: str, value: Any) -> int:
    """A whole number of percentage points, any sign, within +-MAX_POINTS."""
    return within(name, value, MAX_POINTS, unit=" percentage points")


def clamp_chance(to_pass: int, *, name: str = "to_pass") -> int:
    """The chance a toPass gives, in whole percent: below 0 is 0, above 100 is 100.

    ``name`` is the parameter named in an error (``offence``, ``defence`` ...).
    """
    return min(100, max(0, _points(name, to_pass)))


def to_pass(*, stat: int, skills: int = 0, buff: int = 0, debuff: int = 0) -> int:
    """toPass = Stat + Skills + Buff - Debuff, in percentage points, not clamped.

    "Roll Checks"/"Skill Checks". Equipment, cover, conditions and embodiment
    modifiers (poor sensors: -2% Perception) are buff or debuff terms. The
    stated ranges are not enforced (ruling ``ninefold-ranges``).
    """
    return (
        _points("stat", stat) + _points("skills", skills) + _points("buff", buff) - _points("debuff", debuff)
    )


def _step(sides: int) -> int:
    """Smallest chance step (percentage points) a dN shows in whole faces."""
    return 100 // gcd(sides, 100)


def expressing_dice(to_pass: int) -> tuple[int, ...]:
    """Which of ``COMMON_DICE`` express the (clamped) toPass in whole faces.

    Ruling ``ninefold-dice-threshold``: a dN expresses p% when p*N/100 is whole.
    """
    chance = clamp_chance(to_pass)
    return tuple(n for n in COMMON_DICE if chance * n % 100 == 0)


def _sides(name: str, value: Any) -> int:
    return integer(name, value, low=2, limit=MAX_SIDES)


def _faces_for(name: str, percent: int, sides: int, *, shown: int | None = None) -> int:
    """``percent`` (0..100) as a whole number of faces of a dN, or a clear error."""
    if percent * sides % 100:
        step = _step(sides)
        face = f"{100 / sides:.2f}".rstrip("0").rstrip(".")
        dice = ", ".join(f"d{n}" for n in COMMON_DICE if percent * n % 100 == 0)
        raise RulesError(
            f"{name}={describe(percent if shown is None else shown)} is not allowed on a"
            f" d{sides}: one face of a d{sides} is {face}%, so the whole percentages it gives"
            f" are the multiples of {step}% ({percent}% is not); use d100"
            f" (dice that express {percent}%: {dice})"
        )
    return percent * sides // 100


def threshold_for(*, to_pass: int, sides: int) -> int:
    """The X of "X+ on a dN" for a toPass: X = N + 1 - p*N/100 (p clamped to 0..100).

    "Dice Thresholds", ruling ``ninefold-dice-threshold``: d6 50% -> 4+,
    d20 40% -> 13+; 0% gives N + 1 (never), 100% gives 1 (always).
    """
    sides = _sides("sides", sides)
    chance = clamp_chance(to_pass)
    return sides + 1 - _faces_for("to_pass", chance, sides, shown=to_pass)


def threshold_chance(*, sides: int, target: int) -> Fraction:
    """The chance of X or more on a dN: (N - X + 1)/N ("X+" as everywhere else)."""
    sides = _sides("sides", sides)
    target = integer("target", target, low=1, high=sides + 1)
    return Fraction(sides - target + 1, sides)


def threshold_table(*, sides: int) -> tuple[tuple[int, int], ...]:
    """Every toPass from 0 to 100 a dN expresses, with its X+ (the lost threshold table)."""
    sides = _sides("sides", sides)
    return tuple((p, sides + 1 - p * sides // 100) for p in range(0, 101, _step(sides)))


def effect_dice_after(*, effect_dice: int, passed: bool, critical: str) -> int:
    """Effect dice after criticals ("Critical Bands").

    Only a passed action rolls effect dice. A favourable critical doubles
    them; an unfavourable one halves them, rounding down but keeping at least
    one; with no effect dice nothing changes. ``critical`` is "favourable",
    "unfavourable" or "none".
    """
    effect_dice = integer("effect_dice", effect_dice, low=0, limit=MAX_EFFECT_DICE)
    passed = boolean("passed", passed)
    critical = choice("critical", critical, _CRITICALS)
    if not passed or effect_dice == 0:
        return 0
    if critical == "favourable":
        return 2 * effect_dice
    if critical == "unfavourable":
        return max(1, effect_dice // 2)
    return effect_dice


def _bands(favourable: Any, unfavourable: Any) -> None:
    integer(
        "favourable",
        favourable,
        low=0,
        high=100,
        allowed="a whole number from 0 to 100 (a band narrowed below 0% is 0)",
    )
    integer(
        "unfavourable",
        unfavourable,
        low=0,
        high=100,
        allowed="a whole number from 0 to 100 (a band narrowed below 0% is 0)",
    )
    if favourable + unfavourable > 100:
        raise RulesError(
            f"favourable={favourable} with unfavourable={unfavourable} is not allowed: the two"
            " critical bands sit at opposite ends of the die and must not overlap (sum at most 100)"
        )


# --- typed defences ("Contested and Combat Rolls") ----------------------------------


@dataclass(frozen=True)
class Immune:
    """The defender is immune: the effect does not apply, so there is no toPass."""

    types: tuple[str, ...]

    def __str__(self) -> str:
        return "immune to " + " and ".join(self.types)


def _type_name(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: an effect type must be a non-empty string"
        )
    return value.strip().casefold()


def _type_names(name: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (tuple, list, frozenset, set)):
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: {name} must be a tuple of type names"
        )
    if len(value) > MAX_TYPES:
        raise LimitError(f"{name} has {len(value)} entries: rollkit takes at most {MAX_TYPES}")
    return tuple(_type_name(f"{name}[{i}]", v) for i, v in enumerate(value))


def _resistance_table(value: Any) -> dict[str, int]:
    if isinstance(value, str) or not isinstance(value, (Mapping, tuple, list)):
        raise ParameterTypeError(
            f"resistances={describe(value)} is not allowed: resistances must be a mapping"
            " or a tuple of (type, bonus) pairs"
        )
    if len(value) > MAX_TYPES:
        raise LimitError(f"resistances has {len(value)} entries: rollkit takes at most {MAX_TYPES}")
    table: dict[str, int] = {}
    for item in value.items() if isinstance(value, Mapping) else value:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ParameterTypeError(
                f"resistances entry {describe(item)} is not allowed: each must be a (type, bonus) pair"
            )
        kind = _type_name("resistance type", item[0])
        if kind in table:
            raise RulesError(f"resistances={describe(value)} is not allowed: {kind!r} is listed twice")
        table[kind] = _points(f"resistances[{kind!r}]", item[1])
    return table


def defence_to_pass(
    *,
    stat: int,
    skill: int = 0,
    armour: int = 0,
    cover: int = 0,
    resistances: Mapping[str, int] | tuple[tuple[str, int], ...] = (),
    effect_types: tuple[str, ...] = (),
    buffs: int = 0,
    debuffs: int = 0,
    armour_piercing: int = 0,
    immunities: tuple[str, ...] = (),
) -> int | Immune:
    """Defence toPass with typed resistances ("Contested and Combat Rolls").

    stat + skill + armour + cover + the single highest resistance among the
    effect's types + buffs - debuffs - armour piercing, not clamped. Resistances
    never add up; a type the defender has no resistance for counts as +0 in
    that maximum (ruling ``ninefold-resistance-missing-type``); a negative
    resistance is a vulnerability. Immunity to any of the effect's types
    returns ``Immune`` instead of a number (ruling ``ninefold-immunity``).
    Type names match ignoring case and surrounding spaces.
    """
    total = (
        _points("stat", stat)
        + _points("skill", skill)
        + _points("armour", armour)
        + _points("cover", cover)
        + _points("buffs", buffs)
        - _points("debuffs", debuffs)
        - _points("armour_piercing", armour_piercing)
    )
    table = _resistance_table(resistances)
    types = _type_names("effect_types", effect_types)
    immune = set(_type_names("immunities", immunities))
    hit = tuple(dict.fromkeys(t for t in types if t in immune))
    if hit:
        return Immune(types=hit)
    return total + max((table.get(t, 0) for t in types), default=0)
