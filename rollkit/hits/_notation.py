"""Reading check notation such as ``12d(6+):3``, ``STR:2`` or ``Swords (Cut):EVA``.

Section "Reading the Check": the pool (Attribute, Skill with Focus, or Power
as ``Nd(T+)``), a colon, then the TN (a number, a defence, or the opposing
side's check). Names need numbers that the text does not carry: they are
looked up in the mappings given, and a missing one is a ``NotationError``
saying what is needed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .._errors import NotationError, ParameterTypeError, RulesError
from .._validate import describe
from ._checks import Check
from ._opposed import Opposed
from ._rules import DEFENCES, MAX_NOTATION, attribute_dice, attribute_threshold

__all__ = ["parse"]

_POOL = re.compile(r"([0-9]{1,7})[ \t]*[dD](?:10)?[ \t]*\([ \t]*([0-9]{1,7})[ \t]*\+[ \t]*\)")
_NUMBER = re.compile(r"[0-9]{1,7}")
_NAME = re.compile(r"([A-Za-z][A-Za-z' \t-]*?)[ \t]*(?:\([ \t]*([A-Za-z][A-Za-z' \t-]*?)[ \t]*\))?")
_ATTRIBUTE_CODE = re.compile(r"[A-Z]{2,4}")
_FULL_DEFENCE = {name.casefold(): code for code, name in DEFENCES.items()}


def _error(text: str, position: int, problem: str) -> NotationError:
    err = NotationError(f"{text!r} at position {position}: {problem}")
    err.position = position  # type: ignore[attr-defined]
    return err


def _canonical(name: str) -> str:
    """``"swords( cut )"`` -> ``"swords (cut)"``: spacing tidied, letter case folded."""
    name = re.sub(r"\s+", " ", name.strip())
    name = re.sub(r"\s*\(\s*", " (", name)
    name = re.sub(r"\s*\)", ")", name)
    return name.casefold()


def _table(name: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: {name} must be a mapping of names to"
            f" values ({type(value).__name__} given)"
        )
    out = {}
    for key, item in value.items():
        if not isinstance(key, str):
            raise ParameterTypeError(f"{name} key {describe(key)} is not allowed: names must be strings")
        out[_canonical(key)] = item
    return out


def _pool_of(value: Any, what: str) -> tuple[int, int]:
    """An int is an Attribute Level; a (dice, threshold) pair is a pool as is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return attribute_dice(level=value), attribute_threshold(level=value)
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return value[0], value[1]
    raise ParameterTypeError(
        f"{what}={describe(value)} is not allowed: give an Attribute Level (a whole number)"
        " or a (dice, threshold) pair"
    )


class _Side:
    """One side of the colon: a pool ``Nd(T+)``, a number, or a name."""

    def __init__(self, text: str, start: int, end: int, before: bool) -> None:
        raw = text[start:end]
        stripped = raw.strip()
        self.position = start + (len(raw) - len(raw.lstrip()))
        self.text = stripped
        where = "before" if before else "after"
        if not stripped:
            raise _error(text, self.position, f"nothing {where} the ':'")
        if re.search(r"[0-9]{8,}", stripped):
            raise _error(text, self.position, f"{stripped!r} has a number too large to read")
        if m := _POOL.fullmatch(stripped):
            self.kind, self.dice, self.threshold = "pool", int(m[1]), int(m[2])
        elif _NUMBER.fullmatch(stripped):
            self.kind, self.number = "number", int(stripped)
        elif m := _NAME.fullmatch(stripped):
            self.kind = "name"
            self.name = m[1] + (f" ({m[2]})" if m[2] else "")
            self.key = _canonical(self.name)
            self.is_attribute = bool(_ATTRIBUTE_CODE.fullmatch(m[1])) and not m[2]
        else:
            expected = (
                ("a pool like 12d(6+), an Attribute like STR or a Skill like Swords (Cut)")
                if before
                else (
                    "a TN like 3, a defence (EVA, BOD, AWA, GRI, SPI), a pool like 5d(7+),"
                    " an Attribute like STR or a Skill like Cunning (Discern)"
                )
            )
            raise _error(text, self.position, f"cannot read {stripped!r}: expected {expected}")

    @property
    def defence(self) -> str | None:
        if self.kind != "name":
            return None
        code = self.key.upper()
        if code in DEFENCES:
            return code
        return _FULL_DEFENCE.get(self.key)


def _need(text: str, side: _Side, whose: str, mapping: str) -> NotationError:
    if side.is_attribute:
        what = f"{side.name!r} is {whose} Attribute: its level is needed"
        example = f"{mapping}={{{side.name!r}: 4}}"
    else:
        what = (
            f"{side.name!r} is {whose} Skill check: it needs the character sheet's pool"
            " (Training + Focus + Attribute dice, at the Attribute's Threshold)"
        )
        example = f"{mapping}={{{side.name!r}: (7, 6)}} for 7 dice at 6+"
    return _error(text, side.position, f"{what}; give it as {example}")


def parse(
    text: str,
    *,
    actor: Mapping[str, Any] | None = None,
    against: Mapping[str, Any] | None = None,
    defences: Mapping[str, int] | None = None,
    **values: Any,
) -> Check | Opposed:
    """Read a check's notation into a ``Check`` or an ``Opposed`` check.

    ``actor`` maps the acting character's Attributes (to a level) and Skills
    (to a ``(dice, threshold)`` pair); ``against`` does the same for the
    opposing side of ``COR:STR`` or ``Athletics (Grapple):Athletics (Grapple)``;
    ``defences`` maps EVA, BOD, AWA, GRI or SPI to the target's value. Extra
    keywords (``STR=4``, ``BOD=3``) count as ``actor`` or ``defences`` entries.
    Any text gives a check or a ``NotationError`` naming the position and what
    is missing.
    """
    if not isinstance(text, str):
        raise ParameterTypeError(
            f"text={describe(text)} is not allowed: text must be a string ({type(text).__name__} given)"
        )
    mine = {**_table("values", values), **_table("actor", actor)}
    theirs = _table("against", against)
    targets = {**_table("values", values), **_table("defences", defences)}
    if len(text) > MAX_NOTATION:
        raise _error(text[:40] + "...", MAX_NOTATION, f"notation is limited to {MAX_NOTATION} characters")
    colons = [i for i, c in enumerate(text) if c == ":"]
    if not colons:
        raise _error(text, len(text), "a ':' must separate the pool from the TN, as in 12d(6+):3")
    if len(colons) > 1:
        raise _error(text, colons[1], "only one ':' is allowed")
    left = _Side(text, 0, colons[0], True)
    right = _Side(text, colons[0] + 1, len(text), False)
    try:
        return _build(text, left, right, mine, theirs, targets)
    except NotationError:
        raise
    except ParameterTypeError:
        raise
    except RulesError as err:
        raise _error(text, left.position, str(err)) from err


def _build(
    text: str,
    left: _Side,
    right: _Side,
    mine: dict[str, Any],
    theirs: dict[str, Any],
    targets: dict[str, Any],
) -> Check | Opposed:
    if left.kind == "number":
        raise _error(
            text,
            left.position,
            f"{left.text!r} is a bare number: before the ':' comes a pool like"
            " 12d(6+), an Attribute or a Skill",
        )
    if left.kind == "pool":
        dice, threshold = left.dice, left.threshold
    elif left.defence:
        raise _error(text, left.position, f"{left.name!r} is a defence: it can only be the TN, after the ':'")
    elif left.key in mine:
        dice, threshold = _pool_of(mine[left.key], left.name)
    else:
        raise _need(text, left, "the acting character's", "actor")

    if right.kind == "number":
        return Check(dice=dice, threshold=threshold, tn=right.number)
    if right.kind == "pool":
        return Opposed(
            dice=dice, threshold=threshold, against_dice=right.dice, against_threshold=right.threshold
        )
    code = right.defence
    if code:
        for key in (code.casefold(), DEFENCES[code].casefold()):
            if key in targets:
                value = targets[key]
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ParameterTypeError(
                        f"{code}={describe(value)} is not allowed: a defence value must be a whole number"
                    )
                return Check(dice=dice, threshold=threshold, tn=value)
        raise _error(
            text,
            right.position,
            f"{right.name!r} is the target's {DEFENCES[code]} defence, used as the TN:"
            f" give its value, e.g. defences={{{code!r}: 4}} or {code}=4",
        )
    if right.key in theirs:
        against_dice, against_threshold = _pool_of(theirs[right.key], right.name)
        return Opposed(
            dice=dice, threshold=threshold, against_dice=against_dice, against_threshold=against_threshold
        )
    raise _need(text, right, "the opposing side's", "against")
