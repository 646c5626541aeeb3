"""Checks built by name from text or JSON values (the CLI's and the browser's path)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rollkit import ParameterTypeError, RulesError, hits, ninefold, trait
from rollkit._fields import fields
from rollkit._params import build, checks, find, odds_json


def test_every_check_class_is_reachable_by_name() -> None:
    table = checks()
    assert table["hits"] is hits.Check and table["hits.group"] is hits.Group
    assert all(find(name) is cls for name, cls in table.items())
    with pytest.raises(RulesError, match=r"check='hits.nope' is not a known check: choose one of ninefold"):
        find("hits.nope")
    with pytest.raises(RulesError, match="check=3"):
        find(3)


def test_text_and_json_values_build_the_same_check() -> None:
    want = hits.Group(dice=4, threshold=7, tn=2, helpers=((8, 6), (3, 7)))
    assert build("hits.group", {"dice": "4", "threshold": "7", "tn": " 2", "helpers": "8:6, 3:7"}) == want
    assert build("hits.group", {"dice": 4, "threshold": 7, "tn": 2, "helpers": [[8, 6], [3, 7]]}) == want
    assert build("trait", {"mod": "-2", "threshold": "15", "adept": "true", "cap": "none"}) == trait.Check(
        mod=-2, threshold=15, adept=True, cap="none"
    )
    assert build("trait", {"mod": 1, "threshold": 5, "adept": "off"}).adept is False


@pytest.mark.parametrize(
    ("params", "needle"),
    [
        (
            {"dice": "five", "threshold": "7", "tn": "1"},
            "Dice Pool: “five” is not a whole number; enter a whole number from 0 to 100000.",
        ),
        ({"dice": "5", "threshold": "7"}, "hits needs tn"),
        (
            {"dice": "5", "threshold": "7", "tn": "1", "colour": "red"},
            "colour='red' is not allowed: hits takes dice",
        ),
        (
            {"dice": "5", "threshold": "11", "tn": "1"},
            "Threshold (x+): 11 is out of range; enter a whole number from 1 to 10.",
        ),
        ({"dice": 5, "threshold": 11, "tn": 1}, "threshold=11"),  # JSON numbers: the check's own rule
        ({"dice": 5.5, "threshold": 7, "tn": 1}, "dice=5.5"),
    ],
)
def test_mistakes_name_the_parameter(params: dict[str, object], needle: str) -> None:
    with pytest.raises(RulesError, match=re.escape(needle)):
        build("hits", params)


def test_literal_and_bool_choices_are_listed() -> None:
    cap = next(f for f in fields(trait.Check) if f.name == "cap")
    assert set(cap.choices) >= {"online", "draft", "none"}
    adept = next(f for f in fields(trait.Check) if f.name == "adept")
    assert adept.choices == (False, True)
    with pytest.raises(RulesError, match="^Adept: “maybe” is not true or false; enter true or false.$"):
        build("trait", {"mod": 1, "threshold": 5, "adept": "maybe"})
    with pytest.raises(ParameterTypeError):
        build("trait", {"mod": None, "threshold": 5})


def test_odds_json_carries_exact_fractions() -> None:
    check = ninefold.Check(to_pass=45)
    data = odds_json(check)
    assert Fraction(data["chance"]["probability"]) == Fraction(45, 100)  # roll-under d100, by hand
    assert (
        data["check"] == "ninefold.Check(to_pass=45, die=100, convention='roll-under', "
        "favourable=5, unfavourable=5, criticals='confirm', effect_dice=0)"
    )
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]["outcomes"]) == 1
