"""The ``rollkit`` command: roll, odds, rulings and systems.

Parameters come from each check class's fields, so every check of every
system is reachable as ``rollkit roll SYSTEM[.KIND] --name value ...``.
Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import textwrap
import traceback
import typing
from collections.abc import Sequence
from typing import Any, NoReturn

from . import _registry
from ._choices import Choosing
from ._cli_need import NEED_HELP, need_options, run_need
from ._errors import RulesError
from ._fields import fields
from ._format import FRACTION_DIGITS, TEXT_PLACES, WIDTH, fraction, percent, wrap
from ._limits import limits
from ._params import build, checks, find, odds_json
from ._said import roll_text
from ._validate import describe
from ._values import heading

__all__ = ["main"]

USAGE = f"""\
rollkit roll SYSTEM[.KIND] [--PARAM VALUE ...] [--seed N | --faces F,F,...] [--json]
       rollkit odds SYSTEM[.KIND] [--PARAM VALUE ...] [--bound N] [--exact] [--json]
       rollkit need SYSTEM[.KIND] --vary PARAM --chance C [--PARAM VALUE ...] [--json]
       rollkit rulings [SYSTEM] [--json]
       rollkit systems [SYSTEM[.KIND]]
       rollkit limits [SYSTEM]

Sizes beyond the limits (`rollkit limits`) are refused at once with exit status 2.
Fractions longer than {FRACTION_DIGITS} characters are shortened in text output; --exact
prints them whole, and --json always gives every probability whole.
`rollkit COMMAND --help` explains one command; options are given by their full names.
Exit status: 0 done; 2 a mistake in the command (one line on stderr); 1 a bug in rollkit
(one line; --debug shows its traceback); 74 the output could not be written (a full disk,
a closed terminal); 130 interrupted (Ctrl-C)."""

EXIT_BUG, EXIT_USAGE, EXIT_OUTPUT, EXIT_INTERRUPTED = 1, 2, 74, 130
"""The exit statuses besides 0, as the usage text documents them."""

COMMAND_HELP = {
    "roll": "usage: rollkit roll SYSTEM[.KIND] [--PARAM VALUE ...] [--seed N | --faces F,F,...] [--json]\n\n"
    "Roll one check, with a seed (a new one when none is given) or the faces rolled at the table.\n"
    "`rollkit roll SYSTEM[.KIND] --help` lists that check's options; `rollkit systems` every check.",
    "odds": "usage: rollkit odds SYSTEM[.KIND] [--PARAM VALUE ...] [--bound N] [--exact] [--json]\n\n"
    "The exact odds of one check: its chance of success, every outcome and the tally.\n"
    "`rollkit odds SYSTEM[.KIND] --help` lists that check's options; `rollkit systems` every check.",
    "rulings": "usage: rollkit rulings [SYSTEM] [--json]\n\n"
    "Every ruling rollkit made where a rules source is ambiguous or contradicts itself (of one\n"
    "SYSTEM when one is named), with the source's words and why.",
    "systems": "usage: rollkit systems [SYSTEM[.KIND]]\n\n"
    "Every check and its options, or one check's options explained.",
    "limits": "usage: rollkit limits [SYSTEM]\n\n"
    "The sizes beyond which rollkit refuses a check rather than compute for too long.",
}
"""What ``rollkit COMMAND --help`` prints for each command (a check's own options come from its
fields: ``rollkit roll SYSTEM --help``)."""

_HELP = ("-h", "--help")


class UsageError(Exception):
    """A command line that rollkit cannot read."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that takes options by their full names only and raises on a mistake."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(allow_abbrev=False, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _limits_text(system: str | None) -> str:
    chosen = [limit for limit in limits() if system is None or limit.system == system]
    return "\n".join(
        f"{f'{limit.system}.{limit.name}':<28} {limit.value:>9}  {limit.description}" for limit in chosen
    )


def _check_parser(cls: type, command: str, name: str) -> _Parser:
    parser = _Parser(
        prog=f"rollkit {command} {name}",
        add_help=True,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="limits (larger values are refused):\n" + _limits_text(name.split(".")[0]),
    )
    for field in fields(cls):
        # "Target Number (TN): Hits needed to succeed; 0 to 1000000 (required)"
        names = [_flag(field.name)]
        names += [f"--{field.name}"] if "_" in field.name else []
        param = field.param
        said = field.label + (f": {param.hint}" if param and param.hint else "")
        span = param.allowed() if param else ""
        item = typing.get_args(field.hint)[0] if typing.get_origin(field.hint) is tuple else None
        if item is not None and param:
            entry, parts = param.item or "entry", param.entries()
            span = (
                f"each {entry} as "
                + ":".join(p.label for p in parts)
                + " ("
                + "; ".join(f"{p.label} {p.allowed()}" for p in parts)
                + ")"
                if len(parts) > 1
                else f"each {entry} {parts[0].allowed()}".rstrip()
            )
            span += ", separated by commas" + (f"; at most {param.most}" if param.most else "")
        elif param and param.options:
            span = "one of " + ", ".join(f"{v} ({w})" if str(v) != w else w for v, w in param.options)
        elif field.choices and field.hint is not bool:
            span = f"one of {', '.join(str(c) for c in field.choices)}"
        if field.required:
            shown = "(required)"
        elif field.hint is bool:
            shown = f"(default {'on' if field.default else 'off'})"
        elif isinstance(field.default, tuple):  # as typed: "8:6,3:7"
            typed = [":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in field.default]
            shown = f"(default {','.join(typed) or 'none'})"
        else:
            shown = f"(default {field.default})"
        text = "; ".join(p for p in (said, span) if p) + " " + shown
        text = text.replace("%", "%%")  # argparse formats help with %
        if field.hint is bool:
            parser.add_argument(
                *names,
                dest=field.name,
                action=argparse.BooleanOptionalAction,
                default=argparse.SUPPRESS,
                help=text,
            )
            continue
        parser.add_argument(
            *names,
            dest=field.name,
            required=field.required,
            metavar="VALUE",
            default=argparse.SUPPRESS,
            help=text,
        )
    if command == "roll":
        parser.add_argument("--seed", dest="_seed", metavar="N")
        parser.add_argument(
            "--faces",
            dest="_faces",
            metavar="FACES",
            help="replay dice rolled at the table: every face in rolling order, e.g. 7,3,10",
        )
        if issubclass(cls, Choosing):
            parser.add_argument(
                "--adjust",
                dest="_adjust",
                metavar="CHOICES",
                help=cls.written,
            )
    if command == "odds":
        parser.add_argument("--bound", dest="_bound", metavar="N")
        parser.add_argument(
            "--exact",
            dest="_exact",
            action="store_true",
            help=f"print every fraction whole (text output shortens those over {FRACTION_DIGITS} characters)",
        )
    parser.add_argument("--json", dest="_json", action="store_true", help="print JSON")
    return parser


def _joined(args: list[str]) -> list[str]:
    """``--debuffs -5,3`` as ``--debuffs=-5,3``: argparse would take a value that starts with
    a minus sign and is not a plain number for an option of its own."""
    out: list[str] = []
    for arg in args:
        if out and out[-1].startswith("--") and "=" not in out[-1] and re.fullmatch(r"-\d[\d,:\s-]*", arg):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def _number(option: str, text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text.replace("_", ""), 10)
    except ValueError:
        raise UsageError(f"{option} {describe(text)}: expected a whole number") from None


def _odds(check: Any, bound: int | None, as_json: bool, exact: bool) -> str:
    if as_json:
        return json.dumps(odds_json(check, bound), indent=2)
    tally = check.distribution() if bound is None else check.distribution(bound=bound)
    chance = check.chance()
    return "\n".join(
        [
            *map(wrap, heading(check)),
            f"chance of success: {percent(chance, places=TEXT_PLACES)}, exact fraction"
            f" {str(chance) if exact else fraction(chance)}",
            "",
            "outcomes:",
            check.outcomes().table(exact=exact),
            "",
            "tally:",
            tally.table(exact=exact),
        ]
    )


def _rulings(system: str | None, as_json: bool) -> str:
    names = _registry.names()
    if system is not None and system not in names:
        raise UsageError(f"SYSTEM={describe(system)} is not a system: choose one of {', '.join(names)}")
    chosen = [
        r for name, module in _registry.systems().items() if system in (None, name) for r in module.RULINGS
    ]
    if as_json:
        return json.dumps([dataclasses.asdict(r) for r in chosen], indent=2)
    return "\n\n".join(
        f"{r.title}\n  id: {r.id} ({r.system}, {r.section})\n  source: {r.source}\n"
        f"  ruling: {r.ruling}\n"
        f"  why: {r.why}"
        for r in chosen
    )


def _flag(name: str) -> str:
    """The option a parameter is given by on the command line: ``to_pass`` is ``--to-pass``."""
    return "--" + name.replace("_", "-")


def _systems(name: str | None) -> str:
    """One check's help, or every check with its options (an optional one in brackets), the
    options wrapped under each other within the output's width."""
    if name is not None:
        return _check_parser(find(name), "roll", name).format_help()
    found = checks()
    column = max(map(len, found)) + 2
    lines = []
    for key, cls in found.items():
        flags = [_flag(f.name) if f.required else f"[{_flag(f.name)}]" for f in fields(cls)]
        lines.append(
            textwrap.fill(
                " ".join(flags),
                width=WIDTH,
                initial_indent=key.ljust(column),
                subsequent_indent=" " * column,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def run(argv: Sequence[str]) -> str:
    """Run one command and return its output (raises UsageError / RulesError)."""
    argv = list(argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        return "usage: " + USAGE
    command, rest = argv[0], argv[1:]
    if command in COMMAND_HELP and (
        rest[:1] in ([h] for h in _HELP)
        or (command not in ("roll", "odds", "need") and any(a in _HELP for a in rest))
    ):
        return COMMAND_HELP[command]  # a check's own help: rollkit roll SYSTEM --help
    if command == "rulings":
        as_json = "--json" in rest
        names = [a for a in rest if a != "--json"]
        if len(names) > 1 or any(a.startswith("-") for a in names):
            raise UsageError(f"rulings takes one SYSTEM and --json, not {describe(names)}")
        return _rulings(names[0] if names else None, as_json)
    if command == "limits":
        systems = _registry.names()
        if len(rest) > 1 or (rest and rest[0] not in systems):
            raise UsageError(f"limits takes one SYSTEM ({', '.join(systems)}), not {describe(rest)}")
        return _limits_text(rest[0] if rest else None)
    if command == "systems":
        if len(rest) > 1:
            raise UsageError(f"systems takes at most one SYSTEM, not {describe(rest)}")
        return _systems(rest[0] if rest else None)
    if command == "need" and (not rest or rest[0] in ("-h", "--help")):
        return NEED_HELP  # what value of a field gives a chance: rollkit/_cli_need.py
    if command not in ("roll", "odds", "need"):
        raise UsageError(
            f"command {describe(command)} is not known: use roll, odds, need, rulings, systems or limits"
        )
    if not rest or rest[0].startswith("-"):
        raise UsageError(f"{command} needs a SYSTEM first: one of {', '.join(checks())}")
    parser = _check_parser(find(rest[0]), command, rest[0])
    if command == "need":
        need_options(parser, rest[0])
    if any(a in _HELP for a in rest[1:]):  # written by main, which knows when writing fails
        return parser.format_help().rstrip("\n")
    options = vars(parser.parse_args(_joined(rest[1:])))
    if command == "need":
        return run_need(
            rest[0], options, low=_number("--low", options["_low"]), high=_number("--high", options["_high"])
        )
    check = build(rest[0], {k: v for k, v in options.items() if not k.startswith("_")})
    if command == "odds":
        return _odds(check, _number("--bound", options["_bound"]), options["_json"], options["_exact"])
    chosen = {"adjustments": options["_adjust"]} if options.get("_adjust") is not None else {}
    if options["_faces"] is not None:
        if options["_seed"] is not None:
            raise UsageError("--faces and --seed are not allowed together: give one of them")
        faces = [_number("--faces", f) for f in options["_faces"].replace(",", " ").split()]
        result = check.resolve(faces, **chosen)
    else:
        try:
            result = check.roll(seed=_number("--seed", options["_seed"]), **chosen)
        except RulesError as error:  # the seed, as the command line takes it
            if error.field != "seed" or not error.said:
                raise
            raise UsageError(f"--seed {error.said}") from None
    if options["_json"]:
        return json.dumps(result.to_json(), indent=2)
    return roll_text(check, result)  # the roll as a widget says it


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rollkit`` console script and ``python -m rollkit``.

    Exit status (``USAGE`` says so too): 0 done, 2 the reader's mistake (one line on stderr),
    1 a bug in rollkit (one line; ``--debug`` anywhere in the command adds the traceback), 74
    the output could not be written, 130 interrupted; never a traceback without ``--debug``.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    try:
        try:
            output = run(args)
        except (UsageError, RulesError) as error:
            _said(f"rollkit: error: {' '.join(str(error).split())}")
            return EXIT_USAGE
        except Exception as error:
            if debug:
                traceback.print_exc()
            _said(
                f"rollkit: internal error: {type(error).__name__}: {' '.join(str(error).split())[:200]}"
                " (this is a bug in rollkit; run again with --debug for details)"
            )
            return EXIT_BUG
        try:
            print(output, flush=True)
        except BrokenPipeError:  # the reader closed the pipe (`| head`): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError as error:
            return _unwritable(error)
        return 0
    except KeyboardInterrupt:
        _said("rollkit: interrupted")
        return EXIT_INTERRUPTED


def _said(line: str) -> None:
    """One line on stderr, if stderr takes it (a failing stderr changes no exit status)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        pass


def _unwritable(error: OSError) -> int:
    """The output could not be written (a full disk, a closed terminal): say so on stderr."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:  # what is still buffered for stdout goes nowhere, so exiting does not fail again
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
    _said(f"rollkit: error: could not write the output ({error.strerror or error})")
    return EXIT_OUTPUT
