"""Checks by name, built from text or JSON values: shared by the CLI and the browser.

``build("hits", {"dice": "5", "threshold": 7, "tn": 3})`` gives
``hits.Check(dice=5, threshold=7, tn=3)``; every mistake is a ``RulesError``
naming the parameter.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import traceback
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from . import _SYSTEM_NAMES
from ._errors import ParameterTypeError, RulesError
from ._fields import Param, declared
from ._format import probability_json
from ._validate import describe
from ._view import hand_view, odds_view, roll_view

__all__ = ["build", "checks", "convert", "fields", "find", "odds_json", "python_call", "request"]


@cache
def checks() -> dict[str, type]:
    """Every check class by name: ``"hits"`` for ``hits.Check``, ``"hits.group"`` ..."""
    from . import SYSTEMS

    found: dict[str, type] = {}
    for system, module in SYSTEMS.items():
        for kind, cls in module.CHECKS.items():
            found[system if kind == "check" else f"{system}.{kind}"] = cls
    return found


def find(name: Any) -> type:
    """The check class called ``name``, importing only its own system."""
    if isinstance(name, str):
        system, _, kind = name.partition(".")
        if system in _SYSTEM_NAMES and kind != "check":
            module = importlib.import_module(f"rollkit.{system}")
            cls = module.CHECKS.get(kind or "check")
            if cls is not None:
                return typing.cast(type, cls)
    raise RulesError(f"check={describe(name)} is not a known check: choose one of {', '.join(checks())}")


@dataclasses.dataclass(frozen=True)
class Field:
    """One parameter of a check class: its name, type hint, default and how players see it."""

    name: str
    hint: Any
    required: bool
    default: Any
    param: Param | None = None

    @property
    def label(self) -> str:
        """The parameter in the rules' words (its name when none is declared)."""
        return self.param.label if self.param else self.name.replace("_", " ")

    @property
    def choices(self) -> tuple[Any, ...]:
        """The allowed values of a ``Literal`` parameter (or True/False), else ()."""
        if self.hint is bool:
            return (False, True)
        hint = _unwrap(self.hint)
        return typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else ()


def _unwrap(hint: Any) -> Any:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return inner[0]
    return hint


@cache
def fields(cls: type) -> tuple[Field, ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        default = (
            None
            if required
            else (
                f.default
                if f.default is not dataclasses.MISSING
                else typing.cast("typing.Callable[[], Any]", f.default_factory)()
            )
        )
        out.append(Field(f.name, hints[f.name], required, default, declared(f)))
    return tuple(out)


def _quoted(text: str) -> str:
    """``text`` as a reader typed it, on one line and cut short: “abc”."""
    shown = " ".join(text.split())
    if len(shown) > 40:
        shown = shown[:39] + "\u2026"
    return f"\u201c{shown}\u201d"


def _scalar(kind: Any, text: str, label: str, wanted: str) -> Any:
    """``text`` read as ``kind``; an error names ``label`` and asks for ``wanted``.

    Surrounding spaces are ignored. A whole number is written with the digits
    0-9 (an optional sign, ``_`` between digits); other scripts' digits ("٥",
    "５") are refused rather than read, so the CLI and the widgets agree.
    """
    value = text.strip()
    if kind is int:
        if not value:
            raise RulesError(f"{label} is empty: enter {wanted}.")
        if any(c.isdigit() and not c.isascii() for c in value):
            raise RulesError(f"{label}: {_quoted(value)} is not written with the digits 0-9; enter {wanted}.")
        if value.isascii():
            try:
                return int(value.replace("_", ""), 10)
            except ValueError:
                pass
        raise RulesError(f"{label}: {_quoted(value)} is not a whole number; enter {wanted}.")
    if kind is bool:
        lowered = value.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        if not value:
            raise RulesError(f"{label} is empty: enter true or false.")
        raise RulesError(f"{label}: {_quoted(value)} is not true or false; enter true or false.")
    return text


def convert(field: Field, text: str) -> Any:
    """The value of ``field`` written as text (a form input or a command-line option).

    Errors name the field by its label and say what to enter, with the range
    its ``Param`` declares ("Dice Pool is empty: enter a whole number from 0 to
    100000."); the check itself then applies every rule of its own.
    """
    label = field.label
    if not isinstance(text, str):
        raise ParameterTypeError(f"{label} must be given as text ({type(text).__name__} given)")
    span = field.param.allowed() if field.param else ""
    number = "a whole number" if not span else f"a whole number {'from' if ' to ' in span else 'of'} {span}"
    hint = field.hint
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if text.strip().lower() in ("", "none"):
            return None
        hint = _unwrap(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        choices = [str(c) for c in typing.get_args(hint)]
        for choice, shown in zip(typing.get_args(hint), choices):
            if shown == text.strip():
                return choice
        listed = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]
        if not text.strip():
            raise RulesError(f"{label} is empty: choose {listed}.")
        raise RulesError(f"{label}: {_quoted(text)} is not one of the choices; choose {listed}.")
    if origin is tuple:
        return _entries(field, text)
    value = _scalar(hint, text, label, number)
    if hint is int and field.param:
        _in_range(value, field.param, label)
    return value


def _in_range(value: int, declared: Param, label: str) -> None:
    if not (
        (declared.low is None or value >= declared.low) and (declared.high is None or value <= declared.high)
    ):
        raise RulesError(f"{label}: {value} is out of range; enter {declared.wanted()}.")


class EntryError(RulesError):
    """A mistake in one entry of a list parameter: ``item`` and ``part`` say where (from 0)."""

    def __init__(self, message: str, item: int, part: int | None = None) -> None:
        super().__init__(message)
        self.item, self.part = item, part


_SPLIT = re.compile(r"\s*,\s*|\s+")


def _entries(field: Field, text: str) -> tuple[Any, ...]:
    """A list parameter from text: entries split by commas or spaces, numbers within an
    entry joined by ":" ("8:6, 3:7"). Each mistake names the entry and its part.
    """
    declared = field.param or Param(field.label)
    label, entry = field.label, declared.item or "entry"
    parts = declared.entries()
    pair = len(parts) > 1
    text = re.sub(r"\s*:\s*", ":", text.strip())
    chunks = _SPLIT.split(text) if text else []
    if declared.most is not None and len(chunks) > declared.most:
        raise RulesError(f"{label}: {len(chunks)} {entry}s given; enter at most {declared.most}.")
    if len(chunks) < declared.least:
        raise RulesError(
            f"{label}: enter at least {declared.least} {entry}{'s' if declared.least > 1 else ''}."
        )
    joined = " joined by \u201c:\u201d" if pair else ""
    out = []
    for i, chunk in enumerate(chunks):
        where = f"{label}, {entry} {i + 1}"
        pieces = chunk.split(":")
        if len(pieces) != len(parts):
            names = ", ".join(p.label for p in parts)
            raise EntryError(
                f"{where}: {_quoted(chunk)} is not {len(parts)} numbers{joined}; enter {names}{joined}."
                if pair
                else f"{where}: {_quoted(chunk)} is not one number; enter {parts[0].wanted()}.",
                i,
            )
        values = []
        for j, (part, piece) in enumerate(zip(parts, pieces)):
            name = f"{where}, {part.label}" if pair else where
            try:
                value = _scalar(int, piece, name, part.wanted())
                _in_range(value, part, name)
            except RulesError as error:
                raise EntryError(str(error), i, j) from None
            values.append(value)
        out.append(tuple(values) if pair else values[0])
    return tuple(out)


def build(name: Any, params: Mapping[str, Any]) -> Any:
    """The check called ``name`` with ``params``; text values are converted first."""
    cls = find(name)
    known = {f.name: f for f in fields(cls)}
    kwargs = {}
    for key, value in params.items():
        if key not in known:
            raise RulesError(f"{key}={describe(value)} is not allowed: {name} takes {', '.join(known)}")
        if isinstance(value, list):  # JSON arrays
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[key] = convert(known[key], value) if isinstance(value, str) else value
    missing = [f.name for f in known.values() if f.required and f.name not in kwargs]
    if missing:
        raise RulesError(f"{name} needs {', '.join(missing)}")
    return cls(**kwargs)


def odds_json(check: Any, bound: int | None = None) -> dict[str, Any]:
    """Exact chance, outcomes and tally of a check as plain data."""
    chance = check.chance()
    tally = check.distribution() if bound is None else check.distribution(bound=bound)
    return {
        "check": check.describe(),
        "chance": probability_json(chance),
        "outcomes": check.outcomes().to_json(),
        "distribution": tally.to_json(),
    }


def python_call(check: Any, seed: int | None = None, spend: str | None = None) -> str:
    """The rollkit code that reproduces a widget's check (and roll), for "as Python";
    ``spend`` is the player's written adjustments of a finished roll."""
    system = check.system
    lines = [f"from rollkit import {system}", f"check = {check.describe()}"]
    if seed is None:
        lines.append("check.chance()")
    elif spend is None:
        lines.append(f"roll = check.roll(seed={seed})")
    else:
        lines.append(f"roll = check.roll(seed={seed}, adjustments={spend!r})")
    return "\n".join(lines)


def request(message: str) -> str:
    """Answer one JSON request from a widget: odds or a roll, or the error to show.

    ``{"op": "odds" | "roll", "check": name, "params": {...}, "seed": n}`` gives
    ``{"ok": true, "result": {"view": ..., "python": ...}}`` (a roll's result also
    has ``Roll.to_json``), or ``{"ok": false, "error": message, "field": name}`` for
    the reader's mistake (a ``RulesError``; ``item`` and ``part`` point into a list
    parameter's entries). Anything else is a bug in rollkit:
    ``{"ok": false, "internal": true, "error": ..., "detail": traceback}``.
    """
    try:
        return json.dumps({"ok": True, "result": _answer(message)})
    except RulesError as error:
        text = " ".join(str(error).split())
        answer = {"ok": False, "error": _for_players(message, text), "field": _field_named(message, text)}
        if isinstance(error, EntryError):
            answer.update(item=error.item, part=error.part)
        return json.dumps(answer)
    except Exception as error:  # a bug: say so, never as the reader's mistake
        return json.dumps(
            {
                "ok": False,
                "internal": True,
                "error": f"rollkit hit an internal error ({type(error).__name__})",
                "detail": traceback.format_exc(),
            }
        )


_SEED = Field("seed", int, False, None)
"""The seed of a widget's roll, read like any whole-number parameter."""


def _requested(message: str) -> type | None:
    """The check class a widget request names, if it names one."""
    try:
        return find(json.loads(message).get("check"))
    except (RulesError, ValueError, AttributeError, TypeError):
        return None


def _for_players(message: str, error: str) -> str:
    """A check's own message (written for Python: "to_pass=41 is not allowed on a d20")
    with each ``name=value`` said by the field's label: "toPass (%) 41 is not allowed ..."."""
    cls = _requested(message)
    if cls is None:
        return error
    for field in sorted(fields(cls), key=lambda f: -len(f.name)):
        label = field.label

        def said(match: re.Match[str], label: str = label) -> str:
            entry = f" {int(match[1]) + 1}" if match[1] else ""  # helpers[0] -> "... 1"
            return f"{label}{entry} {match[2]}"

        error = re.sub(rf"(?<![\w.\[-]){field.name}(?:\[(\d+)\])?='?([^\s,;:')]*)'?", said, error)
        error = re.sub(rf"(?<![\w.\[-]){field.name} must\b", f"{label} must", error)
    return error


def _field_named(message: str, error: str) -> str | None:
    """The parameter an error message is about (by name or label), for the widget to mark."""
    cls = _requested(message)
    if cls is None:
        return None
    for field in (*fields(cls), _SEED):
        if error.startswith(
            (f"{field.name}=", f"{field.name}[", f"{field.label}:", f"{field.label} ", f"{field.label},")
        ) or (field.required and error.endswith(f"needs {field.name}")):
            return field.name
    return None


def _odds_view(check: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The widget's odds view: titled by the page while its values are the page's own."""
    title = ""
    initial = data.get("initial")
    if isinstance(initial, dict) and isinstance(data.get("title"), str):
        try:
            title = data["title"] if build(data.get("check"), initial) == check else ""
        except RulesError:
            title = ""
    shown = data.get("shown")
    shown = tuple(shown) if isinstance(shown, list) and all(isinstance(s, str) for s in shown) else None
    pinned = data.get("pinned")
    pinned = build(data.get("check"), pinned) if isinstance(pinned, dict) else None
    view = data.get("view", "exactly")
    return odds_view(
        check, view=view if isinstance(view, str) else "", title=title, shown=shown, pinned=pinned
    )


def _rolled(check: Any, seed: int | None, data: dict[str, Any]) -> dict[str, Any]:
    """A widget's roll. Where the roller decides after seeing dice (critdice points: ``hand``)
    and the widget asks to ``choose``, the standard dice come back first with the choices so
    far (``spend``, written "6+1L, 6+2F", and one more ``move``: {"die": n, "by": 1 or -1});
    ``finish`` rolls on with ``spend``, and ``spend: "plan"`` lets rollkit's plan spend."""
    spend = data.get("spend")
    if spend is not None and not isinstance(spend, str):
        raise RulesError(f"spend={describe(spend)} is not allowed: expected written adjustments or 'plan'")
    chosen = None if spend in (None, "plan") else spend
    hand_of = getattr(check, "hand", None)
    if callable(hand_of) and data.get("choose") is True and spend != "plan" and not data.get("finish"):
        hand = hand_of(seed=seed)
        hand = type(hand)(check=hand.check, rolled=hand.rolled, adjustments=chosen or "", seed=hand.seed)
        move = data.get("move")
        if isinstance(move, dict):
            hand = hand.moved(move.get("die"), move.get("by"))
        if hand.open() or hand.adjustments:
            return {
                "view": hand_view(check, hand),
                "seed": hand.seed,
                "spend": hand.written(),
                "pending": True,
            }
        seed = hand.seed
    roll = check.roll(seed=seed) if chosen is None else check.roll(seed=seed, adjustments=chosen)
    result: dict[str, Any] = roll.to_json()
    result["python"] = python_call(check, roll.seed, chosen)
    result["view"] = roll_view(check, roll)
    if callable(hand_of):
        result["spend"] = "plan" if chosen is None else chosen
    return result


def _answer(message: str) -> dict[str, Any]:
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        raise RulesError("the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise RulesError("request must be a JSON object")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise RulesError(f"params={describe(params)} is not allowed: expected an object")
    check = build(data.get("check"), params)
    if data.get("op") == "odds":
        return {"view": _odds_view(check, data), "python": python_call(check)}
    if data.get("op") == "roll":
        seed = data.get("seed")
        if isinstance(seed, str):
            seed = convert(_SEED, seed) if seed.strip() else None
        return _rolled(check, seed, data)
    raise RulesError(f"op={describe(data.get('op'))} is not allowed: use odds or roll")
