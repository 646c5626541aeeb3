"""``rollkit need KIND --vary FIELD --chance 75% [--other-field value ...] [--json]``.

What value of one whole-number field gives a chance of success (``rollkit.need``): the other
fields as ``rollkit odds`` takes them, the varied one optional (given, the steps are worth
from it). Bad input is one line and exit status 2, as for every command.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from ._fields import fields
from ._format import detail, wrap
from ._need import Need, need, points
from ._params import find
from ._values import heading, name_words, value_text

__all__ = ["NEED_HELP", "NEED_USAGE", "need_options", "need_text", "run_need"]

NEED_USAGE = (
    "rollkit need SYSTEM[.KIND] --vary PARAM --chance C [--at least|most] [--closest C]"
    " [--low N] [--high N] [--PARAM VALUE ...] [--json]"
)

NEED_HELP = f"""usage: {NEED_USAGE}

What do I need? The least value of the whole-number PARAM that gives at least chance C of
success (75%, 3/4 or 0.75) where more of it helps, or the greatest where less helps, with the
exact chance there and one step before it; the value closest to --closest (50% unless told);
and what one step of each whole-number field is worth. --at most asks for at most C instead;
--low and --high narrow the values searched. The other values as `rollkit odds` takes them
(`rollkit need SYSTEM[.KIND] --help` lists them); PARAM's own value may be left out.
Every chance is exact; --json gives each as a whole fraction."""


def need_options(parser: argparse.ArgumentParser, name: str) -> None:
    """``rollkit need``'s own options on the parser of kind ``name`` (made by the CLI, as for
    ``rollkit odds``); the kind's own fields become optional: the varied one may be left out,
    and ``build`` names any other that is missing."""
    parser.usage = NEED_USAGE.replace("SYSTEM[.KIND]", name)
    parser.description = NEED_HELP.split("\n\n", 1)[1]
    for action in parser._actions:
        action.required = False
    numbers = ", ".join(f.name.replace("_", "-") for f in fields(find(name)) if f.kind == "number")
    parser.add_argument(
        "--vary", dest="_vary", metavar="PARAM", required=True, help=f"the field to vary: one of {numbers}"
    )
    parser.add_argument(
        "--chance", dest="_chance", metavar="C", required=True, help="the chance wanted: 75%%, 3/4 or 0.75"
    )
    parser.add_argument(
        "--at",
        dest="_at",
        choices=("least", "most"),
        default="least",
        help="least: at least that chance (default); most: at most",
    )
    parser.add_argument(
        "--closest",
        dest="_closest",
        metavar="C",
        default="50%",
        help="find the value closest to C (default 50%%)",
    )
    parser.add_argument("--low", dest="_low", metavar="N", help="search no value below N")
    parser.add_argument("--high", dest="_high", metavar="N", help="search no value above N")


def run_need(name: str, options: Mapping[str, Any], *, low: int | None, high: int | None) -> str:
    """The output of ``rollkit need`` for kind ``name`` with the parsed ``options``."""
    answer = need(
        name,
        values={k: v for k, v in options.items() if not k.startswith("_")},
        vary=str(options["_vary"]).replace("-", "_"),
        chance=options["_chance"],
        at=options["_at"],
        closest=options["_closest"],
        low=low,
        high=high,
    )
    if options["_json"]:
        return json.dumps(answer.to_json(), indent=2)
    return need_text(answer)


def need_text(answer: Need) -> str:
    """The answer as the command prints it: the check (in words, then as Python), the answer, the closest value, the steps."""
    lines = [*map(wrap, heading(answer.check)), "", answer.said(), answer.closest_said(), ""]
    lines.append(f"One step of each whole number, from {detail(answer.check.chance())}:")
    named = {f.name: f for f in fields(type(answer.check))}
    for step in answer.steps:
        field = named[step.field]
        sides = [
            f"{word} to {value_text(field, found.value)}: {detail(found.chance)}"
            f" ({points(found.chance - step.chance)})"
            for word, found in (("up", step.up), ("down", step.down))
            if found is not None
        ]
        lines.append(
            f"  {name_words(field)} {value_text(field, step.value)}: "
            + ("; ".join(sides) or "no other value allowed with these values")
        )
    return "\n".join(lines)
