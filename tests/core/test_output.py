"""Output never breaks: text, JSON and the widget protocol over the whole accepted range.

Hypothesis draws parameters up to every limit in ``rollkit limits`` and drives the
command line (text and ``--json``, ``odds`` and ``roll``) and the widget request
protocol. Every answer is readable text, valid JSON or a one-line refusal; a shown
percentage agrees with the exact fraction and is 100% / 0% only when exact.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollkit import hits
from rollkit._cli import main
from rollkit._format import fraction, percent
from rollkit._params import find
from rollkit._registry import kinds
from rollkit.web import request
from tests.helpers.output import (
    assert_clean_output,
    assert_players_words,
    assert_readable,
    check_json_probabilities,
    run,
)
from tests.helpers.strategies import values

SETTINGS = settings(max_examples=16, deadline=None, suppress_health_check=list(HealthCheck))


KINDS = list(kinds())
"""Every kind the registry knows: a new one is output-tested with no edit here."""


@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(data=st.data())
def test_every_accepted_input_gives_clean_output(
    kind: str, data: st.DataObject, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_clean_output(kind, data, capsys)


def test_the_players_words_check_finds_python_spelling() -> None:
    head = "Hits: Dice Pool 3\nin Python: hits.Check(dice=3, keyword='none')\n\n"
    assert_players_words(head + "Success: 2 Hits against TN 1.\n   1. 3 on a d10: no Hit\n  Stacking cap: 1")
    for planted in (
        "  exp_added: 0",
        "   1. d10=4 pool: miss",
        "hits.Check(dice=3)  seed=3",
        "  after_the\n    _dice",
    ):
        with pytest.raises(AssertionError):
            assert_players_words(head + planted)


def test_hits_1000_dice_json_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["odds", "hits", "--dice", "1000", "--threshold", "7", "--tn", "3", "--json"])
    data = json.loads(out)
    check_json_probabilities(data)
    assert data["chance"]["percent"] == ">99.99%"
    answer = json.loads(
        request(
            json.dumps(
                {"op": "odds", "check": "hits", "params": {"dice": "1000", "threshold": "7", "tn": "3"}}
            )
        )
    )
    assert answer["ok"] is True


def test_again_1000_dice_bound_2000_json_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["odds", "again", "--dice", "1000", "--dc", "1", "--bound", "2000", "--json"])
    data = json.loads(out)
    check_json_probabilities(data)
    assert len(data["distribution"]["outcomes"]) == 2001


@pytest.mark.parametrize(
    "argv",
    [
        ["hits", "--dice", "2000", "--threshold", "7", "--tn", "3"],
        ["again", "--dice", "1000", "--dc", "1", "--bound", "2000"],
        ["critdice", "--dice", "100"],
    ],
)
def test_huge_exact_values_are_shortened_in_text(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _, text, _ = run(capsys, ["odds", *argv])
    assert_readable(text)
    assert "…" in text and "digits)" in text
    _, whole, _ = run(capsys, ["odds", *argv, "--exact"])
    longest = max(whole.splitlines(), key=len)
    assert len(longest) > 400 and "…" not in whole  # asked for: every fraction whole


def test_a_huge_chance_among_a_rolls_details_is_shortened_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    # found by the test above: the Validation Check's chance (a detail of the roll) was
    # written whole, 600 digits on one line
    argv = ["roll", "hits.group", "--dice", "0", "--threshold", "2", "--tn", "0", "--helpers", "299:2"]
    _, text, _ = run(capsys, [*argv, "--validation", "9", "--seed", "0"])
    assert_readable(text)
    line = next(line for line in text.splitlines() if "Chance of that validation" in line)
    assert re.fullmatch(
        r"  Chance of that validation: \d+\.\d\d% \(\d{8}…/\d{8}… \(\d+/\d+ digits\)\)", line
    ), line


def test_rounding_never_shows_certain_or_impossible(capsys: pytest.CaptureFixture[str]) -> None:
    _, text, _ = run(capsys, ["odds", "hits", "--dice", "60", "--threshold", "7", "--tn", "3"])
    assert "chance of success: >99.9999%" in text and "100" not in text.splitlines()[2]
    _, text, _ = run(capsys, ["odds", "hits", "--dice", "800", "--threshold", "7", "--tn", "600"])
    line = text.splitlines()[2]  # after the check in words and as Python
    assert "× 10⁻" in line and not line.startswith("chance of success: 0%"), line
    assert hits.Check(dice=800, threshold=7, tn=600).chance() > 0


def test_percent_by_hand() -> None:
    assert percent(Fraction(1, 3)) == "33.33%"
    assert percent(Fraction(2, 3)) == "66.67%"
    assert percent(Fraction(1, 8)) == "12.50%"  # half up: 12.5 exactly
    assert percent(Fraction(99995, 100000)) == ">99.99%"  # would round to 100.00
    assert percent(Fraction(99994, 100000)) == "99.99%"
    assert percent(Fraction(1, 10**4)) == "0.01%"
    assert percent(Fraction(1, 2 * 10**4)) == "0.005%"
    assert percent(Fraction(999, 10**8)) == "0.001%"  # 0.000999% to two digits is 0.0010%
    assert percent(Fraction(1, 10**9)) == "1 × 10⁻⁷%"
    assert percent(Fraction(1, 10**2000)) == "1 × 10⁻¹⁹⁹⁸%"
    assert percent(1 - Fraction(1, 10**2000)) == ">99.99%"
    assert fraction(Fraction(10**50, 10**50 + 1)).endswith("(51/51 digits)")


def test_closed_pipe_ends_quietly() -> None:
    done = subprocess.run(
        f"{sys.executable} -m rollkit odds again --dice 1000 --dc 1 --bound 2000 | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout == "Again: Dice Pool 1000\n"  # the first line, in the rules' words
    assert done.stderr == "", done.stderr


def test_an_internal_bug_is_reported_as_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(hits.Check, "chance", broken)
    code = main(["odds", "hits", "--dice", "5", "--threshold", "7", "--tn", "3"])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "internal error" in err and "bug in rollkit" in err and "ZeroDivisionError" in err
    code = main(["odds", "hits", "--dice", "5", "--threshold", "7", "--tn", "3", "--debug"])
    assert code == 1 and "Traceback" in capsys.readouterr().err
    answer = json.loads(
        request(json.dumps({"op": "odds", "check": "hits", "params": {"dice": 5, "threshold": 7, "tn": 3}}))
    )
    assert answer["ok"] is False and answer["internal"] is True
    assert "internal error" in answer["error"] and "ZeroDivisionError" in answer["detail"]
    # the reader's own mistake is still theirs, not a bug
    answer = json.loads(
        request(json.dumps({"op": "odds", "check": "hits", "params": {"dice": -1, "threshold": 7, "tn": 3}}))
    )
    assert answer["ok"] is False and "internal" not in answer and answer["field"] == "dice"
    assert answer["error"] == "Dice Pool: -1 is out of range; enter a whole number from 0 to 100000."


def test_format_examples() -> None:
    import doctest

    from rollkit import _format

    results = doctest.testmod(_format)
    assert results.attempted >= 5 and results.failed == 0


@pytest.mark.parametrize("kind", list(KINDS))
@SETTINGS
@given(data=st.data())
def test_the_marked_success_line_holds_the_chance(kind: str, data: st.DataObject) -> None:
    """Charts colour the tallies from ``success_from()`` on: their mass must be the chance."""
    from hypothesis import assume

    from rollkit._errors import RulesError
    from rollkit._params import build

    try:
        check = build(kind, data.draw(values(find(kind)), label="params"))
    except RulesError:
        assume(False)
        return
    least = check.success_from()
    if least is None:
        assert (
            kind in ("ninefold.contest", "ninefold.defender") or getattr(check, "keyword", None) == "misfire"
        )
        return
    dist = check.distribution()
    if dist.tail and dist.pairs and least > max(k for k, _ in dist.pairs) + 1:
        try:
            dist = check.distribution(bound=least)
        except RulesError:
            assume(False)
    mass = sum((p for k, p in dist.pairs if k >= least), Fraction(0)) + dist.tail
    assert mass == check.chance()
