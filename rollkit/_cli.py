"""The ``rollkit`` command: roll, odds, rulings and systems.

Parameters come from each check class's fields, so every check of every
system is reachable as ``rollkit roll SYSTEM[.KIND] --name value ...``.
Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import types
import typing
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NoReturn

from . import RULINGS, SYSTEMS
from ._errors import RulesError
from ._validate import describe

__all__ = ["main"]

USAGE = """\
rollkit roll SYSTEM[.KIND] [--PARAM VALUE ...] [--seed N] [--json]
       rollkit odds SYSTEM[.KIND] [--PARAM VALUE ...] [--bound N] [--json]
       rollkit rulings [SYSTEM] [--json]
       rollkit systems [SYSTEM[.KIND]]"""


class UsageError(Exception):
    """A command line that rollkit cannot read."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _checks() -> dict[str, type]:
    found: dict[str, type] = {}
    for system, module in SYSTEMS.items():
        for kind, cls in module.CHECKS.items():
            found[system if kind == "check" else f"{system}.{kind}"] = cls
    return found


def _find(name: str) -> type:
    checks = _checks()
    if name not in checks:
        raise UsageError(
            f"SYSTEM={describe(name)} is not a known check: choose one of {', '.join(checks)}"
        )
    return checks[name]


def _parse_scalar(kind: Any, text: str, option: str) -> Any:
    if kind is int:
        try:
            return int(text.replace("_", ""), 10)
        except ValueError:
            raise UsageError(f"{option} {describe(text)}: expected a whole number") from None
    return text


def _converter(hint: Any, option: str) -> Any:
    """A function turning the option's text into the field's type."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        inner = [a for a in args if a is not type(None)]
        convert = _converter(inner[0], option)
        return lambda text: None if text.lower() == "none" else convert(text)
    if origin is typing.Literal:
        return lambda text: _literal(args, text, option)
    if origin is tuple:
        item = args[0] if args else str
        if typing.get_origin(item) is tuple:  # pairs: "8:6,6:7"
            kinds = typing.get_args(item)
            return lambda text: tuple(
                tuple(_parse_scalar(k, part, option) for k, part in zip(kinds, pair.split(":")))
                if len(pair.split(":")) == len(kinds)
                else _bad_pair(pair, len(kinds), option)
                for pair in _items(text)
            )
        return lambda text: tuple(_parse_scalar(item, part, option) for part in _items(text))
    return lambda text: _parse_scalar(hint, text, option)


def _items(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _bad_pair(pair: str, size: int, option: str) -> NoReturn:
    raise UsageError(f"{option} {describe(pair)}: expected {size} values joined by ':'")


def _literal(options: tuple[Any, ...], text: str, option: str) -> Any:
    for choice in options:
        if str(choice) == text:
            return choice
    raise UsageError(
        f"{option} {describe(text)}: choose one of {', '.join(str(o) for o in options)}"
    )


def _check_parser(cls: type, command: str, name: str) -> _Parser:
    parser = _Parser(prog=f"rollkit {command} {name}", add_help=True)
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        option = "--" + field.name.replace("_", "-")
        hint = hints[field.name]
        required = (field.default is dataclasses.MISSING
                    and field.default_factory is dataclasses.MISSING)
        default = None if required else (
            field.default if field.default is not dataclasses.MISSING else field.default_factory()
        )
        names = [option] + ([f"--{field.name}"] if "_" in field.name else [])
        if hint is bool:
            parser.add_argument(*names, dest=field.name, action=argparse.BooleanOptionalAction,
                                default=default, help=f"(default {default})")
        else:
            parser.add_argument(*names, dest=field.name, required=required, metavar="VALUE",
                                type=_converter(hint, option), default=default,
                                help="required" if required else f"(default {default!r})")
    if command == "roll":
        parser.add_argument("--seed", type=lambda t: _parse_scalar(int, t, "--seed"))
    if command == "odds":
        parser.add_argument("--bound", type=lambda t: _parse_scalar(int, t, "--bound"))
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _build(cls: type, options: argparse.Namespace) -> Any:
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    return cls(**{k: v for k, v in vars(options).items() if k in names})


def _fraction(p: Fraction) -> str:
    return f"{float(p):.4%} ({p})"


def _odds(check: Any, bound: int | None, as_json: bool) -> str:
    chance = check.chance()
    outcomes = check.outcomes()
    tally = check.distribution() if bound is None else check.distribution(bound=bound)
    if as_json:
        return json.dumps({
            "check": check.describe(),
            "chance": {"probability": str(chance), "float": float(chance)},
            "outcomes": outcomes.to_json(),
            "distribution": tally.to_json(),
        }, indent=2)
    return "\n".join([
        check.describe(),
        f"chance of success: {_fraction(chance)}",
        "", "outcomes:", str(outcomes),
        "", "tally:", str(tally),
    ])


def _rulings(system: str | None, as_json: bool) -> str:
    if system is not None and system not in SYSTEMS:
        raise UsageError(f"SYSTEM={describe(system)} is not a system: choose one of"
                         f" {', '.join(SYSTEMS)}")
    chosen = [r for r in RULINGS if system is None or r.system == system]
    if as_json:
        return json.dumps([dataclasses.asdict(r) for r in chosen], indent=2)
    return "\n\n".join(
        f"{r.id} ({r.system}, {r.section})\n  source: {r.source}\n  ruling: {r.ruling}\n"
        f"  why: {r.why}" for r in chosen
    )


def _systems(name: str | None) -> str:
    if name is not None:
        return _check_parser(_find(name), "roll", name).format_help()
    lines = []
    for key, cls in _checks().items():
        params = ", ".join(f.name for f in dataclasses.fields(cls) if f.init)
        lines.append(f"{key:<18} {params}")
    return "\n".join(lines)


def run(argv: Sequence[str]) -> str:
    """Run one command and return its output (raises UsageError / RulesError)."""
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        return "usage: " + USAGE
    command, rest = argv[0], argv[1:]
    if command == "rulings":
        as_json = "--json" in rest
        names = [a for a in rest if a != "--json"]
        if len(names) > 1 or any(a.startswith("-") for a in names):
            raise UsageError(f"rulings takes one SYSTEM and --json, not {describe(names)}")
        return _rulings(names[0] if names else None, as_json)
    if command == "systems":
        if len(rest) > 1:
            raise UsageError(f"systems takes at most one SYSTEM, not {describe(rest)}")
        return _systems(rest[0] if rest else None)
    if command not in ("roll", "odds"):
        raise UsageError(f"command {describe(command)} is not known: use roll, odds, rulings"
                         " or systems")
    if not rest or rest[0].startswith("-"):
        raise UsageError(f"{command} needs a SYSTEM first: one of {', '.join(_checks())}")
    cls = _find(rest[0])
    parser = _check_parser(cls, command, rest[0])
    options = parser.parse_args(rest[1:])
    check = _build(cls, options)
    if command == "odds":
        return _odds(check, options.bound, options.json)
    result = check.roll(seed=options.seed)
    return json.dumps(result.to_json(), indent=2) if options.json else str(result)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rollkit`` console script and ``python -m rollkit``."""
    try:
        print(run(sys.argv[1:] if argv is None else argv))
    except SystemExit as done:  # --help
        return int(done.code or 0)
    except (UsageError, RulesError) as error:
        message = " ".join(str(error).split())
        print(f"rollkit: error: {message}", file=sys.stderr)
        return 2
    return 0
