"""Checks by name, built from text or JSON values: shared by the command line and the widgets.

``build("hits", {"dice": "5", "threshold": 7, "tn": 3})`` gives
``hits.Check(dice=5, threshold=7, tn=3)``; every mistake is a ``RulesError`` naming the
field as data (``field``, and ``item``/``part`` in a list) with a message in the rules' words.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any

from . import _registry
from ._check import CheckBase
from ._errors import ParameterTypeError, RulesError
from ._fields import Field, fields
from ._format import probability_json
from ._validate import describe

__all__ = ["build", "checks", "convert", "find", "odds_json", "python_call"]


def checks() -> dict[str, type]:
    """Every check class by name: ``"hits"`` for ``hits.Check``, ``"hits.group"`` ..."""
    return _registry.kinds()


def find(name: object) -> type:
    """The check class called ``name``, importing only its own system."""
    return _registry.find(name)


def _quoted(text: str) -> str:
    """``text`` as a reader typed it, on one line and cut short: “abc”."""
    shown = " ".join(text.split())
    if len(shown) > 40:
        shown = shown[:39] + "\u2026"
    return f"\u201c{shown}\u201d"


def _refused(message: str, name: str, item: int | None = None, part: int | None = None) -> RulesError:
    """A mistake in text typed for field ``name``: the message is already in the rules' words."""
    return RulesError(message, field=name, item=item, part=part, said=message)


def _scalar(kind: Any, text: str, label: str, wanted: str, name: str) -> Any:
    """``text`` read as ``kind``; an error names ``label`` and asks for ``wanted``.

    Surrounding spaces are ignored. A whole number is written with the digits
    0-9 (an optional sign, ``_`` between digits); other scripts' digits ("٥",
    "５") are refused rather than read, so the CLI and the widgets agree.
    """
    value = text.strip()
    if kind is int:
        if not value:
            raise _refused(f"{label} is empty: enter {wanted}.", name)
        if any(c.isdigit() and not c.isascii() for c in value):
            raise _refused(
                f"{label}: {_quoted(value)} is not written with the digits 0-9; enter {wanted}.", name
            )
        if value.isascii():
            try:
                return int(value.replace("_", ""), 10)
            except ValueError:
                pass
        raise _refused(f"{label}: {_quoted(value)} is not a whole number; enter {wanted}.", name)
    if kind is bool:
        lowered = value.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        if not value:
            raise _refused(f"{label} is empty: enter true or false.", name)
        raise _refused(f"{label}: {_quoted(value)} is not true or false; enter true or false.", name)
    return text


def convert(field: Field, text: str) -> Any:
    """The value of ``field`` written as text (a form input or a command-line option).

    The text is read as the field's kind (a whole number, yes or no, a choice, a list), then
    checked by the field's own declaration; every error names the field by its label (and a
    list's entry) and says what to enter: "Dice Pool is empty: enter a whole number from 0 to
    100000." The check then applies the rules across fields.
    """
    label = field.label
    if not isinstance(text, str):
        raise ParameterTypeError(
            f"{label} must be given as text ({type(text).__name__} given)",
            field=field.name,
            said=f"{label} is not text.",
        )
    if len(text) > field.longest:  # before any reading: a long text costs nothing more
        raise _refused(
            f"{label}: {_quoted(text)} ({len(text):,} characters) is too long; enter at most"
            f" {field.longest:,}.",
            field.name,
        )
    hint = field.hint
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if text.strip().lower() in ("", "none"):
            return None
        hint = [a for a in typing.get_args(hint) if a is not type(None)][0]
    kind = field.kind
    if kind == "choice":
        options = field.choices
        shown = [str(c) for c in options]
        for choice, said in zip(options, shown):
            if said == text.strip():
                return choice
        listed = ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else shown[0]
        if not text.strip():
            raise _refused(f"{label} is empty: choose {listed}.", field.name)
        raise _refused(f"{label}: {_quoted(text)} is not one of the choices; choose {listed}.", field.name)
    value = (
        _entries(field, text)
        if kind == "list"
        else _scalar(hint, text, label, field.param.wanted(), field.name)
    )
    try:
        return field.check(value)
    except RulesError as error:  # said where the reader typed it: the label first
        message = f"{field.place(error.item, error.part)}: {error.said or error}"
        raise type(error)(message, field=field.name, item=error.item, part=error.part, said=message) from None


def _chunks(text: str) -> list[list[str]]:
    """A list field's text as entries, each as its numbers' texts: entries are split by commas
    or spaces, numbers within an entry joined by ":" ("8:6, 3 : 7"); an empty entry or number
    stays, as "", for its error. String methods only, each one pass over the text: no pattern
    that backtracks on a long run of spaces."""
    sides = text.split(":")
    joined = ":".join(
        side.strip() if 0 < i < len(sides) - 1 else side.rstrip() if i == 0 else side.lstrip()
        for i, side in enumerate(sides)
    )
    entries: list[str] = []
    for part in joined.split(","):
        entries.extend(part.split() or [""])
    return [entry.split(":") for entry in entries]


def _entries(field: Field, text: str) -> tuple[Any, ...]:
    """A list parameter from text: entries split by commas or spaces, numbers within an
    entry joined by ":" ("8:6, 3:7"). Each mistake names the entry and its part; how many
    entries there are and their ranges are the declaration's to check.
    """
    declared = field.param
    parts = declared.entries()
    pair = len(parts) > 1
    text = text.strip()
    chunks = _chunks(text) if text else []
    if declared.most is not None and len(chunks) > declared.most:  # too many: not read one by one
        return tuple(":".join(c) for c in chunks)
    joined = " joined by \u201c:\u201d" if pair else ""
    out = []
    for i, pieces in enumerate(chunks):
        where = field.place(i)
        if len(pieces) != len(parts):
            names = ", ".join(p.label for p in parts)
            shown = ":".join(pieces)
            raise _refused(
                f"{where}: {_quoted(shown)} is not {len(parts)} numbers{joined}; enter {names}{joined}."
                if pair
                else f"{where}: {_quoted(shown)} is not one number; enter {parts[0].wanted()}.",
                field.name,
                i,
            )
        numbers = []
        for j, (part, piece) in enumerate(zip(parts, pieces)):
            try:
                numbers.append(
                    _scalar(int, piece, field.place(i, j) if pair else where, part.wanted(), field.name)
                )
            except RulesError as error:
                error.item, error.part = i, j
                raise
        out.append(tuple(numbers) if pair else numbers[0])
    return tuple(out)


def build(name: object, params: Mapping[str, Any]) -> Any:
    """The check called ``name`` with ``params``; text values are converted first."""
    cls = find(name)
    known = {f.name: f for f in fields(cls)}
    kwargs = {}
    for key, value in params.items():
        if key not in known:
            raise RulesError(
                f"{key}={describe(value)} is not allowed: {name} takes {', '.join(known)}",
                said=f"{describe(key)} is not a value of this check.",
            )
        if isinstance(value, list):  # JSON arrays
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[key] = convert(known[key], value) if isinstance(value, str) else value
    missing = [f.name for f in known.values() if f.required and f.name not in kwargs]
    if missing:
        raise RulesError(
            f"{name} needs {', '.join(missing)}",
            field=missing[0],
            said="{" + missing[0] + "} is needed.",
        )
    return cls(**kwargs)


def odds_json(check: CheckBase, bound: int | None = None) -> dict[str, Any]:
    """Exact chance, outcomes and tally of a check as plain data."""
    chance = check.chance()
    tally = check.distribution() if bound is None else check.distribution(bound=bound)
    return {
        "check": check.describe(),
        "chance": probability_json(chance),
        "outcomes": check.outcomes().to_json(),
        "distribution": tally.to_json(),
    }


def python_call(
    check: CheckBase,
    seed: int | None = None,
    spend: str | None = None,
    *,
    faces: tuple[int, ...] | None = None,
) -> str:
    """The rollkit code that reproduces a widget's check (and roll), for "as Python";
    ``spend`` is the player's written adjustments of a finished roll, ``faces`` the dice a
    replayed worked example gave."""
    system = check.system
    lines = [f"from rollkit import {system}", f"check = {check.describe()}"]
    if faces is not None:
        tail = "" if spend is None else f", adjustments={spend!r}"
        lines.append(f"roll = check.resolve({list(faces)}{tail})")
    elif seed is None:
        lines.append("check.chance()")
    elif spend is None:
        lines.append(f"roll = check.roll(seed={seed})")
    else:
        lines.append(f"roll = check.roll(seed={seed}, adjustments={spend!r})")
    return "\n".join(lines)
