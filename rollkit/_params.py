"""Checks by name, built from text or JSON values: shared by the CLI and the browser.

``build("hits", {"dice": "5", "threshold": 7, "tn": 3})`` gives
``hits.Check(dice=5, threshold=7, tn=3)``; every mistake is a ``RulesError``
naming the parameter.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
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
                return cls
    raise RulesError(f"check={describe(name)} is not a known check: choose one of"
                     f" {', '.join(checks())}")


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
        default = None if required else (
            f.default if f.default is not dataclasses.MISSING else f.default_factory())
        out.append(Field(f.name, hints[f.name], required, default, declared(f)))
    return tuple(out)


def _scalar(kind: Any, text: str, name: str) -> Any:
    if kind is int:
        try:
            return int(text.strip().replace("_", ""), 10)
        except ValueError:
            raise RulesError(f"{name}={describe(text)} is not allowed: {name} must be a whole"
                             " number") from None
    if kind is bool:
        lowered = text.strip().lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"{name}={describe(text)} is not allowed: {name} must be true or false")
    return text


def convert(field: Field, text: str) -> Any:
    """The value of ``field`` written as text (a form input or a command-line option)."""
    name = field.name
    if not isinstance(text, str):
        raise ParameterTypeError(f"{name}={describe(text)} is not allowed: expected text")
    hint = field.hint
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        if text.strip().lower() in ("", "none"):
            return None
        hint = _unwrap(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        for choice in typing.get_args(hint):
            if str(choice) == text.strip():
                return choice
        listed = ", ".join(str(c) for c in typing.get_args(hint))
        raise RulesError(f"{name}={describe(text)} is not allowed: choose one of {listed}")
    if origin is tuple:
        item = (typing.get_args(hint) or (str,))[0]
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if typing.get_origin(item) is tuple:  # pairs such as "8:6,6:7"
            kinds = typing.get_args(item)
            pairs = []
            for part in parts:
                pieces = part.split(":")
                if len(pieces) != len(kinds):
                    raise RulesError(f"{name}={describe(part)} is not allowed: expected"
                                     f" {len(kinds)} values joined by ':'")
                pairs.append(tuple(_scalar(k, p, name) for k, p in zip(kinds, pieces)))
            return tuple(pairs)
        return tuple(_scalar(item, p, name) for p in parts)
    return _scalar(hint, text, name)


def build(name: str, params: Mapping[str, Any]) -> Any:
    """The check called ``name`` with ``params``; text values are converted first."""
    cls = find(name)
    known = {f.name: f for f in fields(cls)}
    kwargs = {}
    for key, value in params.items():
        if key not in known:
            raise RulesError(f"{key}={describe(value)} is not allowed: {name} takes"
                             f" {', '.join(known)}")
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


def python_call(check: Any, seed: int | None = None) -> str:
    """The rollkit code that reproduces a widget's check (and roll), for "as Python"."""
    system = check.system
    lines = [f"from rollkit import {system}", f"check = {check.describe()}"]
    lines.append("check.chance()" if seed is None else f"roll = check.roll(seed={seed})")
    return "\n".join(lines)


def request(message: str) -> str:
    """Answer one JSON request from a widget: odds or a roll, or the error to show.

    ``{"op": "odds" | "roll", "check": name, "params": {...}, "seed": n}`` gives
    ``{"ok": true, "result": ...}``, or ``{"ok": false, "error": message}`` for the
    reader's mistake (a ``RulesError``). Anything else is a bug in rollkit:
    ``{"ok": false, "internal": true, "error": ..., "detail": traceback}``.
    """
    try:
        return json.dumps({"ok": True, "result": _answer(message)})
    except RulesError as error:
        return json.dumps({"ok": False, "error": " ".join(str(error).split())})
    except Exception as error:  # a bug: say so, never as the reader's mistake
        return json.dumps({"ok": False, "internal": True,
                           "error": f"rollkit hit an internal error ({type(error).__name__})",
                           "detail": traceback.format_exc()})


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
        result = odds_json(check)
        result["python"] = python_call(check)
        return result
    if data.get("op") == "roll":
        seed = data.get("seed")
        if isinstance(seed, str):
            seed = convert(Field("seed", int, False, None), seed) if seed.strip() else None
        roll = check.roll(seed=seed)
        result = roll.to_json()
        result["python"] = python_call(check, roll.seed)
        return result
    raise RulesError(f"op={describe(data.get('op'))} is not allowed: use odds or roll")
