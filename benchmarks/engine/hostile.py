"""Hostile input: the worst text a link can carry (1 MB, through the service worker) in each
kind of reader text, timed to rollkit's refusal (``rollkit.web.request``, as the widgets'
worker asks; a notation through ``rollkit.hits.parse``). Each must be refused as the reader's
mistake (naming its field where it is one), never answered as internal, within
``targets.REFUSAL_MS``.

    .venv/bin/python -m benchmarks.engine.hostile   # this table alone, in a few seconds
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.targets import REFUSAL_MS

SIZE = 1_000_000  # characters: the largest value a link brings
SPACES = " " * SIZE


def _request(op: str, check: str, params: dict[str, str], **more: object) -> Callable[[], dict[str, Any]]:
    from rollkit.web import request

    message = json.dumps({"op": op, "check": check, "params": params, **more})
    return lambda: json.loads(request(message))


def _notation(text: str) -> Callable[[], dict[str, Any]]:
    from rollkit import RulesError
    from rollkit.hits import parse

    def run() -> dict[str, Any]:
        try:
            parse(text)
        except RulesError as error:
            return {"ok": False, "error": str(error), "field": "notation"}
        return {"ok": True}

    return run


CRIT = {"rank": "2", "stats": "3"}


def cases() -> list[tuple[str, Callable[[], dict[str, Any]]]]:
    """Each hostile input, as a call answering it."""
    return [
        (
            "list field: helpers `1`, 1 MB of spaces, `2`",
            _request("odds", "hits.group", {"helpers": "1" + SPACES + "2"}),
        ),
        (
            "list field: 250,000 helpers `1:1,`",
            _request("odds", "hits.group", {"helpers": "1:1," * (SIZE // 4)}),
        ),
        ("number field: TN of 1 MB of digits", _request("odds", "hits", {"tn": "9" * SIZE})),
        (
            "seed: 1 MB of digits",
            _request("roll", "hits", {"dice": "5", "threshold": "6", "tn": "2"}, seed="9" * SIZE),
        ),
        (
            "spend: `1+1L`, 1 MB of spaces, `x`",
            _request(
                "roll", "critdice.skill", CRIT, seed=1, choose=True, finish=True, spend="1+1L" + SPACES + "x"
            ),
        ),
        (
            "hand: `1+1L`, 1 MB of spaces, `x`",
            _request("roll", "critdice.skill", CRIT, seed=1, choose=True, spend="1+1L" + SPACES + "x"),
        ),
        (
            "spend of 1 MB of digits",
            _request("roll", "critdice.skill", CRIT, seed=1, choose=True, finish=True, spend="9" * SIZE),
        ),
        ("notation: `1`, 1 MB of spaces, `d(6+):3`", _notation("1" + SPACES + "d(6+):3")),
    ]


def measure(repeats: int = 5) -> list[dict[str, Any]]:
    """Each case's median time to its answer (after one untimed call), and the answer."""
    rows = []
    for label, call in cases():
        answer = call()
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            call()
            times.append(time.perf_counter() - started)
        refused = answer.get("ok") is False and not answer.get("internal")
        rows.append(
            {
                "case": label,
                "median": statistics.median(times),
                "refused": refused,
                "field": answer.get("field") or "",
                "error": answer.get("error", ""),
            }
        )
    return rows


def section(rows: list[dict[str, Any]]) -> str:
    """The report's table of hostile inputs."""
    out = [
        "## Hostile input (the worst a link carries: time to the refusal)\n",
        f"Median of warm calls; target: refused as the reader's mistake (not internal) in under {REFUSAL_MS:g} ms."
        " *Field*: the field the refusal names (the choices after the dice and a notation are no field).\n",
        "| input | time to the refusal | refused | field | target | said |",
        "|---|---:|:---:|---|---|---|",
    ]
    for row in rows:
        ms = row["median"] * 1e3
        met = row["refused"] and ms < REFUSAL_MS
        said = row["error"].replace("|", "\\|")
        said = said if len(said) <= 90 else said[:89] + "…"
        out.append(
            f"| {row['case']} | {ms:.2f} ms | {'yes' if row['refused'] else '**no**'} | {row['field'] or '—'} |"
            f" < {REFUSAL_MS:g} ms: {'met' if met else '**MISSED**'} | {said} |"
        )
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(section(measure()))
