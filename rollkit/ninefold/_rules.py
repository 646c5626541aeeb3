"""The ninefold rules: limits, outcome names, toPass, dice thresholds, effect dice, defences.

From "Roll Checks", "Dice Thresholds", "Critical Bands" and "Contested and Combat Rolls";
the value checks every ninefold check shares.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any, Literal, get_args

from .._errors import LimitError, ParameterTypeError, RulesError
from .._fields import Param, declare, param
from .._limits import Limit
from .._validate import boolean, choice, describe, integer
from .._words import Words

SYSTEM = "ninefold"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
WORDS = Words(name="Ninefold", title="Ninefold", plain_roles=frozenset({"check"}), acronyms={"dc": "DC"})
"""What Ninefold calls things (roll sentences, die marks, the site's titles)."""

MAX_POINTS = 10**6
MAX_SIDES = 1000
MAX_EFFECT_DICE = 10**6
MAX_DAMAGE = 2000
MAX_TYPES = 1000
MAX_PARTS = 1000
LIMITS: tuple[Limit, ...] = (
    Limit(
        SYSTEM,
        "MAX_POINTS",
        MAX_POINTS,
        "Largest size of any percentage-point value (toPass, Stat, DC, bonus ...) rollkit takes.",
    ),
    Limit(SYSTEM, "MAX_SIDES", MAX_SIDES, "Largest die rollkit rolls a check on."),
    Limit(SYSTEM, "MAX_EFFECT_DICE", MAX_EFFECT_DICE, "Largest number of effect dice rollkit tracks."),
    Limit(
        SYSTEM,
        "MAX_DAMAGE",
        MAX_DAMAGE,
        "Most damage a rolled effect can deal (its effect dice doubled by a favourable critical, times"
        " the effect die's sides) whose exact odds rollkit computes.",
    ),
    Limit(SYSTEM, "MAX_TYPES", MAX_TYPES, "Most resistances, effect types or immunities in one defence."),
    Limit(
        SYSTEM,
        "MAX_PARTS",
        MAX_PARTS,
        "Most entries in one list of toPass parts: Skill paths (their bonuses in all), Buff or Debuff Bonuses.",
    ),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

COMMON_DICE: tuple[int, ...] = (2, 4, 6, 8, 10, 12, 20, 100)
"""The dice ``expressing_dice`` looks at: the usual set plus a coin (d2)."""
Convention = Literal["roll-under", "roll-high"]
"""How a check is read: pass on a low roll (roll-under) or on a high one (roll-high)."""
CONVENTIONS: tuple[str, ...] = get_args(Convention)
CONVENTION_WORDS = (("roll-under", "roll under toPass"), ("roll-high", "roll high (X+)"))
Criticals = Literal["confirm", "natural"]
"""How a critical band that is not a whole number of the die's faces is read: the face it
covers in part is critical on a d100 confirmation roll (exact odds), or the band takes every
natural face it reaches (ruling ``ninefold-confirmation-roll``)."""
CRITICALS: tuple[str, ...] = get_args(Criticals)
CRITICALS_WORDS = (
    ("confirm", "a d100 confirmation roll"),
    ("natural", "the natural faces"),
)
Reduced = Literal["none", "half"]
"""What a passed defence leaves of the effect: nothing (the source's rule), or the reduced
effect an action may state, half its effect dice (ruling ``ninefold-reduced-effect``)."""
REDUCED: tuple[str, ...] = get_args(Reduced)
REDUCED_WORDS = (
    ("none", "none: the hit is stopped"),
    ("half", "half the effect dice"),
)


POINTS = Param(
    "Percentage points",
    low=-MAX_POINTS,
    high=MAX_POINTS,
    limit="both",
    unit=" percentage points",
    far=True,
)
"""A value in percentage points, of any sign (toPass, a Stat, a DC, a bonus ...): as the
checks declare their fields and ``to_pass``, ``defence_to_pass``, ``clamp_chance`` check it."""
PROFICIENCY = Param(
    "Proficiency bonus",
    low=0,
    high=MAX_POINTS,
    limit="high",
    unit=" percentage points",
    why="a proficiency bonus; a penalty is a Debuff Bonus",
    far=True,
)
"""One bonus of a Skill path: as a sheet kind declares its Skill paths and ``to_pass`` checks
each bonus of ``paths``."""
DIE = Param("Die (dN)", hint="sides of the die the check is rolled on", low=2, high=MAX_SIDES, limit="high")
"""The die a check is rolled on: as the checks declare it and ``threshold_for`` and the other
dice functions check ``sides``."""
EFFECT_DICE = Param(
    "Effect dice",
    hint="rolled on a pass, doubled or halved by a critical",
    low=0,
    high=MAX_EFFECT_DICE,
    limit="high",
    far=True,
)
"""The effect dice of an action: as the checks declare them and ``effect_dice_after`` checks them."""
EFFECT_DIE = Param(
    "Effect die (dN)",
    hint="sides of each effect die: 6 for d6",
    low=2,
    high=MAX_DAMAGE // 2,
    limit="high",
)
"""The die each effect die is, for a rolled effect (``ninefold.Damage``)."""


def _field(declared: Param, label: str, *, hint: str, default: Any = dataclasses.MISSING, **more: Any) -> Any:
    """A check's field with the range of ``declared`` and its own label and hint (and, for a
    list, what its entries are: ``item``, ``most``, ``start``)."""
    return declare(dataclasses.replace(declared, label=label, hint=hint, **more), default=default)


def _checked(declared: Param, name: str, value: Any) -> int:
    """``value`` checked against ``declared`` for the parameter ``name`` of a rules function;
    an error names a plain ``name`` as its field."""
    try:
        return declared.check(name, value)
    except RulesError as error:
        raise (error.about(name) if name.isidentifier() else error) from None


def _band_param(end: str, hint: str) -> Any:
    """A critical band's width in percent (``end``: "Favourable" or "Unfavourable"), default 5."""
    return param(
        f"{end} band (%)", hint=hint, low=0, high=100, why="a band narrowed below 0% is 0", default=5
    )


def _convention_param(default: str) -> Any:
    """The Convention field of a check (a fresh dataclass field each call)."""
    return param(
        "Convention",
        hint="pass on a low roll, or on a high one (X+)",
        options=CONVENTION_WORDS,
        default=default,
    )


def _criticals_param() -> Any:
    """The field saying how a band that is not whole faces of the die is read."""
    return param(
        "Criticals on a small die",
        hint="a band short of whole faces: confirm it, or natural faces",
        options=CRITICALS_WORDS,
        default="confirm",
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
REDUCED_EFFECT = "reduced effect"
EFFECT_UNFAVOURABLE = "effect, unfavourable critical"
EFFECT = "effect"
EFFECT_FAVOURABLE = "effect, favourable critical"
CONTEST_OUTCOMES: tuple[str, ...] = (
    OFFENCE_FAILS,
    IMMUNE,
    DEFENDED,
    REDUCED_EFFECT,
    EFFECT_UNFAVOURABLE,
    EFFECT,
    EFFECT_FAVOURABLE,
)
"""Outcomes of an offence-then-defence contest, worst to best for the offence."""

_CRITICALS = ("unfavourable", "none", "favourable")  # index 0, 1, 2 within a pass/fail half


def _points(name: str, value: Any) -> int:
    """A whole number of percentage points, any sign, within +-MAX_POINTS."""
    return _checked(POINTS, name, value)


def clamp_chance(to_pass: int, *, name: str = "to_pass") -> int:
    """The chance a toPass gives, in whole percent: below 0 is 0, above 100 is 100.

    ``name`` is the parameter named in an error (``offence``, ``defence`` ...).
    """
    return min(100, max(0, _points(name, to_pass)))


Path = int | Sequence[int]
"""One Skill path: its total, or the list of its proficiency bonuses (which add up)."""
Bonuses = int | Sequence[int]
"""Buff or Debuff Bonuses: one number, or a list of them (which add up)."""
Details = tuple[tuple[str, str], ...]
"""How a toPass was put together, as roll details: (name, words) pairs."""


def _listed(name: str, value: Any, what: str) -> tuple[Any, ...]:
    """A list parameter as a tuple (a tuple or a list, not text); MAX_PARTS entries at most."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
        raise ParameterTypeError(f"{name}={describe(value)} is not allowed: {name} must be a tuple of {what}")
    if len(value) > MAX_PARTS:
        raise LimitError(f"{name} has {len(value)} entries: rollkit takes at most {MAX_PARTS} (MAX_PARTS)")
    return tuple(value)


def _bonuses(name: str, value: Any) -> tuple[int, ...]:
    """Buff or Debuff Bonuses: one whole number or a tuple of them, each of any sign
    (ruling ``ninefold-debuff-sign``)."""
    if not isinstance(value, (tuple, list)):
        return (_points(name, value),)
    entries = _listed(name, value, "whole numbers of percentage points")
    return tuple(_points(f"{name}[{i}]", v) for i, v in enumerate(entries))


def _proficiency(name: str, value: Any) -> int:
    return _checked(PROFICIENCY, name, value)


def _paths(name: str, value: Any) -> tuple[tuple[int, ...], ...]:
    """Skill paths, each a total or a tuple of proficiency bonuses, every bonus 0 or more;
    MAX_PARTS bonuses in all."""
    paths, count = [], 0
    for i, path in enumerate(_listed(name, value, "Skill paths (a total or a tuple of bonuses each)")):
        if isinstance(path, (tuple, list)):
            bonuses = _listed(f"{name}[{i}]", path, "proficiency bonuses")
            paths.append(tuple(_proficiency(f"{name}[{i}][{j}]", b) for j, b in enumerate(bonuses)))
        else:
            paths.append((_proficiency(f"{name}[{i}]", path),))
        count += len(paths[-1])
        if count > MAX_PARTS:
            raise LimitError(
                f"{name} has more than {MAX_PARTS} proficiency bonuses in all: rollkit takes at"
                f" most {MAX_PARTS} (MAX_PARTS)"
            )
    return tuple(paths)


def _joined(values: Sequence[int]) -> str:
    """5, 3, -2 as "5 + 3 - 2"."""
    text = str(values[0]) if values else "0"
    for v in values[1:]:
        text += f" - {-v}" if v < 0 else f" + {v}"
    return text


def _skills(name: str, value: Any) -> tuple[int, str]:
    """Skills from the fitting Skill paths: the best path's total, never a sum of paths
    (ruling ``ninefold-one-skill-path``); with the words a roll shows."""
    paths = _paths(name, value)
    totals = [sum(path) for path in paths]
    best = max(totals, default=0)
    shown = [_joined(path) + (f" = {sum(path)}" if len(path) > 1 else "") for path in paths]
    if not paths:
        return 0, "0, no trained Skill path fits"
    if len(paths) == 1:
        return best, f"{shown[0]}, one Skill path"
    return (
        best,
        f"{best}, the best of {len(paths)} fitting Skill paths ({'; '.join(shown)}); paths never stack",
    )


def _equation(terms: Sequence[tuple[int, str, int, tuple[int, ...]]]) -> tuple[int, str]:
    """The total of terms (sign +1 or -1, word, value, entries) and the formula in words:
    "40 = Stat 18 + Skills 20 + Buff Bonus 5 - Debuff Bonus 3"; a term of 0 after the first
    is left out, entries are shown when there are several ("Buff Bonus 8 (5 + 3)")."""
    total = sum(sign * value for sign, _, value, _ in terms)
    text = ""
    for i, (sign, word, value, entries) in enumerate(terms):
        if i and not value:
            continue
        part = f"{word} {value}" + (f" ({_joined(entries)})" if len(entries) > 1 else "")
        text += f" {'+' if sign > 0 else '-'} {part}" if i else part
    return total, f"{total} = {text}"


def _skill_term(name: str, number: Any, paths: Any, key: str) -> tuple[int, Details]:
    """The Skills term: ``number`` as given, or the best of the Skill ``paths`` with the
    words a roll shows under ``key``; not both (paths never stack)."""
    number = _points(name, number)
    if paths is None:
        return number, ()
    if number:
        raise RulesError(
            f"{name}={number} with paths={describe(paths)} is not allowed: Skills come from one"
            f" Skill path, so give {name} as a number or paths, not both (paths never stack)"
        )
    value, words = _skills("paths", paths)
    return value, ((key, words),)


def _to_pass_parts(
    *, stat: Any, skills: Any, buff: Any, debuff: Any, paths: Any, buffs: Any, debuffs: Any
) -> tuple[int, Details]:
    """toPass from its parts, and how it was put together (roll details)."""
    stat = _points("stat", stat)
    skills, details = _skill_term("skills", skills, paths, "skills")
    buff_entries = tuple(v for v in (_points("buff", buff),) if v) + _bonuses("buffs", buffs)
    debuff_entries = tuple(v for v in (_points("debuff", debuff),) if v) + _bonuses("debuffs", debuffs)
    total, words = _equation(
        (
            (1, "Stat", stat, ()),
            (1, "Skills", skills, ()),
            (1, "Buff Bonus", sum(buff_entries), buff_entries),
            (-1, "Debuff Bonus", sum(debuff_entries), debuff_entries),
        )
    )
    return total, (*details, ("final toPass", words))


def to_pass(
    *,
    stat: int,
    skills: int = 0,
    buff: int = 0,
    debuff: int = 0,
    paths: Sequence[Path] | None = None,
    buffs: Bonuses = (),
    debuffs: Bonuses = (),
) -> int:
    """toPass = Stat + Skills + Buff - Debuff, in percentage points, not clamped.

    "Roll Checks"/"Skill Checks". Skills is ``skills`` or, from the sheet,
    ``paths``: the trained Skill paths that fit the action, each a total or a
    tuple of its proficiency bonuses (0 or more); only the best path counts,
    paths never stack (ruling ``ninefold-one-skill-path``). The Buff Bonus is
    ``buff`` plus the ``buffs``, the Debuff Bonus ``debuff`` plus the
    ``debuffs``, each entered as the formula names it (poor sensors' -2% is a
    Debuff Bonus of 2, ruling ``ninefold-debuff-sign``). Equipment, cover,
    conditions and embodiment modifiers are buffs or debuffs. The stated
    ranges are not enforced (ruling ``ninefold-ranges``).
    """
    return _to_pass_parts(
        stat=stat, skills=skills, buff=buff, debuff=debuff, paths=paths, buffs=buffs, debuffs=debuffs
    )[0]


def _said_by_parts(
    error: RulesError, name: str, total: int, parts: Mapping[str, Any], *, die: str
) -> RulesError:
    """An error about the toPass some parts made (``to_pass=43 is not allowed on a d20``),
    said with the entries that made it: "stat=18, paths=(20, 10) and buffs=(5,) make toPass
    43, which is not allowed on a d20 ...". Parts of 0 or empty are left out. Its field is
    ``die`` (the die that cannot roll that toPass) or, for a toPass too large, ``stat``;
    players read the parts by their labels."""
    head = f"{name}={describe(total)} is "
    text = str(error)
    if not text.startswith(head):
        return error
    shown = [k for k, v in parts.items() if v or k == "stat"]
    named = [f"{k}={describe(parts[k])}" for k in shown]
    if sum(map(len, named)) > 160:  # a short message: the names alone
        named = shown
    verb = "makes" if len(named) == 1 else "make"
    what = "defence toPass" if name == "defence" else "toPass"
    rest = text[len(head) :].replace("to_pass", "toPass")
    number, _, why = (error.said or "").partition(" ")  # "43% cannot be rolled ..."
    said = f"{_and([f'{{{k}}}' for k in shown])} {verb} {what} {number}, which {why}"
    return type(error)(
        f"{_and(named)} {verb} {what} {total}, which is {rest}",
        field="stat" if isinstance(error, LimitError) else die,
        said=said.replace("; enter ", f"; {what} must be ") if why else error.said,
    )


def _and(words: Sequence[str]) -> str:
    """Words joined as a list is said: one; one and two; one, two and three."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
    return _checked(DIE, name, value)


def _faces_for(name: str, percent: int, sides: int, *, shown: int | None = None) -> int:
    """``percent`` (0..100) as a whole number of faces of a dN, or a clear error about ``name``."""
    if percent * sides % 100:
        step = _step(sides)
        face = f"{100 / sides:.2f}".rstrip("0").rstrip(".")
        dice = ", ".join(f"d{n}" for n in COMMON_DICE if percent * n % 100 == 0)
        raise RulesError(
            f"{name}={describe(percent if shown is None else shown)} is not allowed on a"
            f" d{sides}: one face of a d{sides} is {face}%, so the whole percentages it gives"
            f" are the multiples of {step}% ({percent}% is not); use d100"
            f" (dice that express {percent}%: {dice})",
            field=name,
            said=f"{percent}% cannot be rolled on a d{sides}, whose faces are {face}% each (whole"
            f" percentages only in steps of {step}%); use a d100 (dice that roll {percent}%: {dice}).",
        )
    return percent * sides // 100


def threshold_for(*, to_pass: int, sides: int) -> int:
    """The X of "X+ on a dN" for a toPass: X = N - p*N/100 (p clamped to 0..100).

    "Dice Thresholds", ruling ``ninefold-dice-threshold``: X+ means a roll above X, as
    "dN, X+ = toPass (N - X) / N %" reads it: d6 50% -> 3+ (the text's example), d20 40% ->
    12+; 0% gives N (nothing beats it), 100% gives 0 (every face does).
    """
    sides = _sides("sides", sides)
    chance = clamp_chance(to_pass)
    return sides - _faces_for("to_pass", chance, sides, shown=to_pass)


def threshold_chance(*, sides: int, target: int) -> Fraction:
    """The chance of X+ on a dN, a roll above X: (N - X)/N ("Dice Thresholds", ruling
    ``ninefold-dice-threshold``); X from 0 (always) to N (never)."""
    sides = _sides("sides", sides)
    target = integer("target", target, low=0, high=sides)
    return Fraction(sides - target, sides)


def threshold_table(*, sides: int) -> tuple[tuple[int, int], ...]:
    """Every toPass from 0 to 100 a dN expresses, with its X+ (the lost threshold table)."""
    sides = _sides("sides", sides)
    return tuple((p, sides - p * sides // 100) for p in range(0, 101, _step(sides)))


def _halved(dice: int) -> int:
    """Effect dice halved as "Critical Bands" halves them: rounding down, at least one (none
    stay none)."""
    return max(1, dice // 2) if dice else 0


def effect_dice_after(*, effect_dice: int, passed: bool, critical: str) -> int:
    """Effect dice after criticals ("Critical Bands").

    Only a passed action rolls effect dice. A favourable critical doubles
    them; an unfavourable one halves them, rounding down but keeping at least
    one; with no effect dice nothing changes. ``critical`` is "favourable",
    "unfavourable" or "none".
    """
    effect_dice = _checked(EFFECT_DICE, "effect_dice", effect_dice)
    passed = boolean("passed", passed)
    critical = choice("critical", critical, _CRITICALS)
    if not passed or effect_dice == 0:
        return 0
    if critical == "favourable":
        return 2 * effect_dice
    if critical == "unfavourable":
        return _halved(effect_dice)
    return effect_dice


def _bands(favourable: int, unfavourable: int, *, prefix: str = "") -> None:
    """The two critical bands (each 0..100, as their fields declare) must not overlap; ``prefix``
    names a defence's bands ("defence_")."""
    if favourable + unfavourable > 100:
        raise RulesError(
            f"{prefix}favourable={favourable} with {prefix}unfavourable={unfavourable} is not allowed:"
            " the two critical bands sit at opposite ends of the die and must not overlap (sum at"
            " most 100)",
            field=f"{prefix}unfavourable",
            said=f"{unfavourable}% and {{{prefix}favourable}} {favourable}% overlap: the two critical"
            " bands sit at opposite ends of the die, so together they are at most 100%.",
        )


Band = tuple[int, int]
"""A critical band on a die: the whole faces it covers from its end, and the hundredths of the
next face that a d100 confirmation roll makes critical (0 when the band is whole faces)."""


def _band(width: int, sides: int, criticals: str) -> Band:
    """A band of ``width``% on a dN read by ``criticals`` (ruling ``ninefold-confirmation-roll``):
    "confirm" keeps the part of a face for a confirmation roll, "natural" takes the face whole."""
    whole, part = divmod(width * sides, 100)
    if part and criticals == "natural":
        return whole + 1, 0
    return whole, part


def _bands_on(
    sides: int, favourable: int, unfavourable: int, criticals: str, *, prefix: str = ""
) -> tuple[Band, Band]:
    """Both bands of a check on a dN: they must not overlap (``_bands``), nor, read as natural
    faces, take more faces than the die has."""
    _bands(favourable, unfavourable, prefix=prefix)
    fav, unfav = _band(favourable, sides, criticals), _band(unfavourable, sides, criticals)
    if fav[0] + unfav[0] > sides:
        raise RulesError(
            f"{prefix}favourable={favourable} and {prefix}unfavourable={unfavourable} read as natural"
            f" faces are not allowed on a d{sides}: they reach {fav[0]} and {unfav[0]} faces, more than"
            f" the die has; use criticals='confirm' or narrower bands",
            field=f"{prefix}unfavourable",
            said=f"{unfavourable}% and {{{prefix}favourable}} {favourable}% reach {unfav[0]} and"
            f" {fav[0]} natural faces of a d{sides}, more than it has; narrow a band, or confirm"
            " criticals with a d100.",
        )
    return fav, unfav


# --- percentage DCs on a die that converts to percentile ----------------------------------


def _percentile_step(name: str, sides: int) -> int:
    """The points one face of a dN is worth as a converted percentile roll (100/N), for a die
    whose faces convert to whole points (ruling ``ninefold-percentage-die``)."""
    if 100 % sides:
        fit = ", ".join(f"d{n}" for n in range(2, 51) if 100 % n == 0) + " or d100"
        face = f"{100 / sides:.2f}".rstrip("0").rstrip(".")
        raise RulesError(
            f"{name}={sides} is not allowed for a percentage DC: a converted percentile roll is a"
            f" whole number of points, and one face of a d{sides} is {face} points; use a die whose"
            f" sides divide 100 ({fit})",
            field=name,
            said=f"a d{sides} cannot give a converted percentile roll, since one face is {face}"
            f" points; use a {fit}.",
        )
    return 100 // sides


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


def _best_resistance(matched: Sequence[tuple[str, int | None]]) -> tuple[int, str]:
    """The one resistance a defence adds: the highest among the effect's types, a type with
    none counting +0 (rulings ``ninefold-resistance-missing-type``,
    ``ninefold-resistance-not-a-buff``); with the words a roll shows ("" for no type)."""
    best = max((v or 0 for _, v in matched), default=0)
    if not matched:
        return 0, ""
    listed = ", ".join(f"{kind} {v:+d}" if v is not None else f"{kind} none (+0)" for kind, v in matched)
    words = f"{best:+d}, the highest of {listed}" if len(matched) > 1 else f"{best:+d} ({listed})"
    if len(matched) > 1:
        words += "; resistances never add"
    return best, words + ("; a vulnerability" if best < 0 else "")


def _defence_parts(
    *,
    stat: Any,
    skill: Any = 0,
    armour: Any = 0,
    cover: Any = 0,
    resistances: Any = (),
    effect_types: Any = (),
    buffs: Any = (),
    debuffs: Any = (),
    armour_piercing: Any = 0,
    immunities: Any = (),
    paths: Any = None,
) -> tuple[int, Details, Immune | None]:
    """The defence toPass from its parts, how it was put together, and any immunity."""
    stat = _points("stat", stat)
    skill, skill_details = _skill_term("skill", skill, paths, "defence skill")
    details = list(skill_details)
    armour, cover = _points("armour", armour), _points("cover", cover)
    piercing = _points("armour_piercing", armour_piercing)
    buff_entries, debuff_entries = _bonuses("buffs", buffs), _bonuses("debuffs", debuffs)
    table = _resistance_table(resistances)
    types = tuple(dict.fromkeys(_type_names("effect_types", effect_types)))
    immune = set(_type_names("immunities", immunities))
    resistance, words = _best_resistance([(t, table.get(t)) for t in types])
    if words:
        details.append(("resistance", words))
    total, words = _equation(
        (
            (1, "Stat", stat, ()),
            (1, "Skill", skill, ()),
            (1, "Armour", armour, ()),
            (1, "Cover", cover, ()),
            (1, "Resistance", resistance, ()),
            (1, "Buffs", sum(buff_entries), buff_entries),
            (-1, "Debuffs", sum(debuff_entries), debuff_entries),
            (-1, "Armour piercing", piercing, ()),
        )
    )
    hit = tuple(t for t in types if t in immune)
    if hit:  # nothing else matters: the effect does not apply
        said = f"{Immune(types=hit)}; the effect does not apply and no defence is rolled"
        return total, (("defence", said),), Immune(types=hit)
    return total, (*details, ("defence toPass", words)), None


def defence_to_pass(
    *,
    stat: int,
    skill: int = 0,
    armour: int = 0,
    cover: int = 0,
    resistances: Mapping[str, int] | tuple[tuple[str, int], ...] = (),
    effect_types: tuple[str, ...] = (),
    buffs: Bonuses = 0,
    debuffs: Bonuses = 0,
    armour_piercing: int = 0,
    immunities: tuple[str, ...] = (),
    paths: Sequence[Path] | None = None,
) -> int | Immune:
    """Defence toPass with typed resistances ("Contested and Combat Rolls").

    stat + skill + armour + cover + the single highest resistance among the
    effect's types + buffs - debuffs - armour piercing, not clamped. The skill
    is ``skill`` or the best of the defender's fitting Skill ``paths`` (armour
    or evasion; rulings ``ninefold-one-skill-path``, ``ninefold-defence-after-offence``);
    ``buffs``/``debuffs`` are a number or a tuple of them. Resistances never
    add up; a type the defender has no resistance for counts as +0 in that
    maximum (ruling ``ninefold-resistance-missing-type``); a negative
    resistance is a vulnerability, inside that maximum and never a Debuff as
    well (``ninefold-resistance-not-a-buff``); armour piercing is subtracted in
    full (``ninefold-armour-piercing``). Immunity to any of the effect's types
    returns ``Immune`` instead of a number (ruling ``ninefold-immunity``).
    Type names match ignoring case and surrounding spaces.
    """
    total, _, immune = _defence_parts(
        stat=stat,
        skill=skill,
        armour=armour,
        cover=cover,
        resistances=resistances,
        effect_types=effect_types,
        buffs=buffs,
        debuffs=debuffs,
        armour_piercing=armour_piercing,
        immunities=immunities,
        paths=paths,
    )
    return total if immune is None else immune
