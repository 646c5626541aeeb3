"""What the output property tests assert of any kind: the command line (text and JSON, odds
and roll) and the widgets' protocol answer its values readably, validly and in agreement, or
refuse them in one line that a widget words for players."""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import strategies as st

from rollkit._cli import main
from rollkit._fields import fields
from rollkit._params import find
from rollkit.web import request
from tests.helpers.strategies import edge, values

__all__ = [
    "WIDTH",
    "argv_of",
    "assert_clean_output",
    "assert_percent_matches",
    "assert_readable",
    "check_json_probabilities",
    "run",
    "view_texts",
]

WIDTH = 120  # no line a person reads is longer, unless they asked for whole fractions


def argv_of(params: dict[str, Any]) -> list[str]:
    argv: list[str] = []
    for key, value in params.items():
        option = "--" + key.replace("_", "-")
        if isinstance(value, bool):
            argv.append(option if value else "--no-" + key.replace("_", "-"))
        elif isinstance(value, tuple):  # one argument: a list may start with a negative entry
            joined = ",".join(":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
            argv.append(f"{option}={joined}")
        else:
            argv += [option, str(value)]
    return argv


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 2), f"{argv}: exit {code}: {err}"
    if code == 2:
        assert out == "" and err.startswith("rollkit: error: ") and err.count("\n") == 1, err
        assert len(err) <= 400, err
    else:
        assert err == ""
    return code, out, err


def assert_percent_matches(shown: str, exact: Fraction) -> None:
    """A shown percentage is the exact value at its own precision; 100% / 0% only when exact."""
    if shown in ("0%", "100%"):
        assert exact == int(shown[:-1]) // 100, f"{shown} shown for {exact}"
        return
    assert 0 < exact < 1, f"{shown} shown for {exact}"
    if shown.startswith(">"):
        nines = re.fullmatch(r">99\.(9+)%", shown)
        assert nines, shown
        assert exact * 100 > 100 - Fraction(1, 10 ** len(nines.group(1))) / 2, f"{shown} for {exact}"
        return
    match = re.fullmatch(r"(\d+)\.?(\d*)%|(\d)(?:\.(\d))? × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)%", shown)
    assert match, f"unreadable percentage {shown!r}"
    if match.group(1) is not None:
        value = Fraction(Decimal(shown[:-1]))
        unit = Fraction(1, 10 ** len(match.group(2)))
    else:
        power = int(match.group(5).translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
        mantissa = Fraction(Decimal(match.group(3) + "." + (match.group(4) or "0")))
        value, unit = mantissa * Fraction(10) ** power, Fraction(1, 10) * Fraction(10) ** power
    assert value > 0, f"{shown} rounds a nonzero chance to nothing"
    assert abs(exact * 100 - value) <= unit / 2, f"{shown} is not {exact} (= {float(exact):.6%})"


def check_json_probabilities(data: Any) -> None:
    """Every probability object in a JSON answer: exact string, finite float, honest displays."""
    if isinstance(data, dict):
        if "probability" in data and "percent" in data:
            exact = Fraction(data["probability"])
            assert_percent_matches(data["percent"], exact)
            if "float" in data:
                assert math.isfinite(data["float"]) and abs(data["float"] - exact) <= 1e-12
            if "fraction" in data:
                assert len(data["fraction"]) <= 60 and (
                    data["fraction"] == data["probability"] or "…" in data["fraction"]
                )
        for value in data.values():
            check_json_probabilities(value)
    elif isinstance(data, list):
        for value in data:
            check_json_probabilities(value)


def assert_readable(text: str) -> None:
    long = [line for line in text.splitlines() if len(line) > WIDTH]
    assert not long, f"{len(long)} lines over {WIDTH} characters, e.g. {long[0][:200]}..."
    for shown in re.findall(r"(?<![\w.])(?:>?[\d.]+%|\d(?:\.\d)? × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+%)", text):
        assert shown.count(".") <= 1, shown


# Python's spelling in a line of text: a snake_case name, "name=value", a die as "d10=7".
PYTHON_WORDS = re.compile(r"(?<![\w-])[a-z]+_[a-z_]+\b|\b[a-z_]+=|\bd\d+=\d")


def assert_players_words(text: str) -> None:
    """A roll's text output in the rules' words: Python's spelling only on its "in Python:" line."""
    lines = text.replace("\n    ", " ").split("\n")  # a long line is continued, indented
    said = [line for line in lines[2:] if PYTHON_WORDS.search(line)]
    assert lines[1].startswith("in Python: ") and not said, said


def assert_clean_output(kind: str, data: st.DataObject, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line (text and JSON, odds and roll) and the widgets' protocol answer values
    of ``kind`` drawn from its declarations: readable, valid and agreeing, or one refusal that
    a widget words for players (labels, no Python names)."""
    params = data.draw(values(find(kind)), label="params")
    argv = [kind, *argv_of(params)]
    if data.draw(st.booleans(), label="with bound"):
        argv += ["--bound", str(data.draw(edge(0, 1000), label="bound"))]
    code, text, err = run(capsys, ["odds", *argv])
    if code == 2 and "bound" in err:  # a bound below the listed outcomes: refused, named
        argv = [kind, *argv_of(params)]
        code, text, _ = run(capsys, ["odds", *argv])
    if code == 2:  # refused: the widget protocol refuses it too, as the reader's mistake
        answer = json.loads(request(json.dumps({"op": "odds", "check": kind, "params": params})))
        assert answer["ok"] is False and "internal" not in answer, answer
        names = "|".join(f.name for f in fields(find(kind)))  # a widget says labels, not names
        assert not re.search(rf"(?<![\w.])(?:{names})(?:\[\d+\])?=", answer["error"]), answer
        return
    assert_readable(text)
    code, out, _ = run(capsys, ["odds", *argv, "--json"])
    assert code == 0
    odds = json.loads(out)
    check_json_probabilities(odds)
    seed = str(data.draw(edge(0, 2**64 - 1), label="seed"))
    code, text, _ = run(capsys, ["roll", kind, *argv_of(params), "--seed", seed])
    assert code == 0
    assert_readable(text)
    assert_players_words(text)
    code, out, _ = run(capsys, ["roll", kind, *argv_of(params), "--seed", seed, "--json"])
    roll = json.loads(out)
    check_json_probabilities(roll)
    answer = json.loads(request(json.dumps({"op": "odds", "check": kind, "params": params})))
    assert answer["ok"] is True, answer
    view = answer["result"]["view"]
    assert view["chance"] == odds["chance"]["probability"]
    shown = view_texts(view["tree"], "rk-p")  # the chance, then one cell per outcome
    exact = [odds["chance"]["probability"]] + [o["probability"] for o in odds["outcomes"]["outcomes"]]
    assert len(shown) == len(exact)
    for text, probability in zip(shown, exact):
        assert_percent_matches(text, Fraction(probability))
    assert all(len(t) <= 60 for t in view_texts(view["tree"], "rk-exact"))
    answer = json.loads(request(json.dumps({"op": "roll", "check": kind, "params": params, "seed": seed})))
    assert answer["ok"] is True, answer
    check_json_probabilities(answer["result"])
    assert answer["result"]["faces"] == roll["faces"]


def view_texts(tree: Any, css: str) -> list[str]:
    """The texts of the view nodes carrying class ``css``, in order."""
    if isinstance(tree, str):
        return []
    tag, attrs, *children = tree
    if css in attrs.get("class", "").split():
        return ["".join(c for c in children if isinstance(c, str))]
    return [text for child in children for text in view_texts(child, css)]


# The cases of the issue, by name.
