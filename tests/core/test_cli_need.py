"""``rollkit need``: the answer in words and as JSON, its help, and one line for bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollkit import hits
from rollkit._cli import main

ISSUE = ["need", "hits", "--vary", "dice", "--chance", "75%", "--threshold", "7", "--tn", "3"]
"""The issue's question: how many dice for 75% at 7+ against TN 3."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _pools() -> dict[int, Fraction]:
    return {d: hits.Check(dice=d, threshold=7, tn=3).chance() for d in range(0, 20)}


def test_dice_for_75_percent_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *ISSUE)
    pools = _pools()
    least = min(d for d, c in pools.items() if c >= Fraction(3, 4))
    assert code == 0 and err == ""
    assert (
        f"The least Dice Pool that gives at least 75% is {least}: 76.82% ({pools[least]});"
        f" with {least - 1}: 68.46% ({pools[least - 1]})." in out
    )
    assert "Closest to 50%: Dice Pool 6, 45.57% (1424/3125)." in out
    assert f"  Dice Pool {least}: up to {least + 1}: 83.27% ({pools[least + 1]}) (+6.45 points);" in out
    assert "  Threshold 7+: up to 8+:" in out
    words, python, rest = out.split("\n", 2)
    assert words == "Hits: Dice Pool 9, Threshold 7+, Target Number (TN) 3"  # the check in the rules' words
    assert (
        python == "in Python: hits.Check(dice=9, threshold=7, tn=3, bought=0, validation=0, keyword='none')"
    )
    assert "tn=" not in rest  # parameter names only in the check's Python line


def test_dice_for_75_percent_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *ISSUE, "--dice", "8", "--json")
    data = json.loads(out)
    pools = _pools()
    assert code == 0
    assert (data["found"]["value"], data["short"]["value"]) == (9, 8)
    assert Fraction(data["found"]["chance"]["probability"]) == pools[9]
    assert Fraction(data["short"]["chance"]["probability"]) == pools[8]
    [dice] = [s for s in data["steps"] if s["field"] == "dice"]
    assert dice["value"] == 8  # a pool given: the steps are worth from it
    assert Fraction(dice["up"]["change"]["probability"]) == pools[9] - pools[8]


def test_at_most_closest_low_and_high(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "need",
        "hits",
        "--vary",
        "tn",
        "--chance",
        "1/10",
        "--at",
        "most",
        "--dice",
        "8",
        "--threshold",
        "7",
    ]
    code, out, _ = run(capsys, *argv, "--closest", "0.9", "--low", "1", "--high", "7", "--json")
    data = json.loads(out)
    tns = {t: hits.Check(dice=8, threshold=7, tn=t).chance() for t in range(1, 8)}
    assert code == 0 and data["at"] == "most" and data["searched"]["high"] == 7
    assert data["found"]["value"] == min(t for t, c in tns.items() if c <= Fraction(1, 10))
    assert data["closest"]["value"] == min(tns, key=lambda t: abs(tns[t] - Fraction(9, 10)))


def test_a_field_with_a_dash_and_no_value_that_reaches_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "need", "ninefold", "--vary", "to-pass", "--chance", "72%", "--die", "20")
    assert code == 0 and "The least toPass (%) that gives at least 72% is 75: 75.00% (3/4); with 70:" in out
    code, out, _ = run(
        capsys, "need", "hits", "--vary", "dice", "--chance", "1", "--threshold", "7", "--tn", "3"
    )
    assert code == 0 and "No value of Dice Pool from 0 to 2000 gives at least 100%" in out


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "need", "--help")
    assert code == 0 and out.startswith("usage: rollkit need SYSTEM[.KIND] --vary PARAM --chance C")
    code, out, _ = run(capsys, "need", "hits", "--help")
    assert (
        code == 0
        and "--threshold VALUE" in out
        and "the field to vary: one of dice, threshold, tn, bought," in out
    )
    assert "rollkit need SYSTEM[.KIND] --vary PARAM" in run(capsys, "--help")[1]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["need"], None),
        (["need", "--vary", "dice"], "need needs a SYSTEM first"),
        (["need", "nope", "--vary", "dice", "--chance", "75%"], "nope"),
        (ISSUE[:3] + ["pool"] + ISSUE[4:], "vary='pool' is not a field of Check"),
        (ISSUE[:3] + ["keyword"] + ISSUE[4:], "keyword is not a whole number"),
        (ISSUE[:5] + ["lots"] + ISSUE[6:], "chance='lots' is not a chance"),
        (ISSUE[:5] + ["150%"] + ISSUE[6:], "a chance is from 0 to 1"),
        (ISSUE[:-2], "tn"),
        (["need", "hits", "--chance", "75%", "--threshold", "7", "--tn", "3"], "--vary"),
        ([*ISSUE, "--low", "x"], "--low 'x': expected a whole number"),
        ([*ISSUE, "--low", "9", "--high", "3"], "low must not be above high"),
        ([*ISSUE, "--at", "more"], "--at"),
        ([*ISSUE, "--closest", "2"], "closest="),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str | None
) -> None:
    code, out, err = run(capsys, *argv)
    if needle is None:  # no system: the help, not an error
        assert code == 0 and out.startswith("usage: rollkit need")
        return
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("rollkit: error: ")
    assert needle in err
