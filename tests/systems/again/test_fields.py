"""rollkit.again's rules across fields, as a widget says them: the field to change, as data,
and the mistake in the rules' words (labels, never a Python name such as ``dc=``).

Each field alone is checked by its declaration (tests/core/test_fields.py); these are the
rules that tie several fields together: a DC of 0 only to be exceeded, and a pool from the
character sheet too large to work out exactly.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rollkit import LimitError, RulesError, again
from rollkit._fields import fields
from rollkit._params import find
from rollkit.again import Check, Mitigated, Opposed
from rollkit.web import request

# (kind, params, the field named, words the answer holds)
RULES: list[tuple[str, dict[str, Any], str, tuple[str, ...]]] = [
    (
        "again",
        {"dice": 3, "dc": 0},
        "dc",
        ("Difficulty Check (DC): 0 is allowed only with Exceed the DC", "enter at least 1"),
    ),
    (
        "again.skill",
        {"stat": 2, "skill": 1, "dc": 0},
        "dc",
        ("Difficulty Check (DC): 0 is allowed only with Exceed the DC",),
    ),
    (
        "again.skill",
        {"stat": again.MAX_DICE, "skill": 1},
        "stat",
        (
            "Core Statistic: 1000 with Skill ranks 1 and Bonuses and penalties 0 makes 1001 dice,"
            " too many to work out exactly; together they can make at most 1000.",
        ),
    ),
    (  # the largest entry is the one to change
        "again.skill",
        {"stat": 3, "skill": 2, "modifier": 996},
        "modifier",
        ("Bonuses and penalties: 996 with Core Statistic 3 and Skill ranks 2 makes 1001 dice",),
    ),
    (
        "again.mitigated_skill",
        {"stat": 999, "skill": 1, "weapon": 1, "defence": 5},
        "stat",
        (
            "Core Statistic: 999 with Skill ranks 1, Base weapon dice 1 and Other bonuses and"
            " penalties 0 makes 1001 dice",
        ),
    ),
    (
        "again.opposed_skills",
        {"stat": again.MAX_OPPOSED_DICE, "skill": 1, "against_stat": 1, "against_skill": 1},
        "stat",
        ("Active side's Core Statistic: 100 with Active side's Skill ranks 1", "at most 100."),
    ),
    (
        "again.opposed_skills",
        {"stat": 1, "skill": 1, "against_stat": 40, "against_skill": 61},
        "against_skill",
        (
            "Defending side's Skill ranks: 61 with Defending side's Core Statistic 40 and"
            " Defending side's bonuses and penalties 0 makes 101 dice",
        ),
    ),
]


def _answer(kind: str, params: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(request(json.dumps({"op": "odds", "check": kind, "params": params})))
    return answer


@pytest.mark.parametrize(("kind", "params", "field", "words"), RULES, ids=[f"{r[0]}-{r[2]}" for r in RULES])
def test_a_rule_across_fields_names_the_field_in_words(
    kind: str, params: dict[str, Any], field: str, words: tuple[str, ...]
) -> None:
    answer = _answer(kind, params)
    assert answer["ok"] is False and "internal" not in answer, answer
    assert answer["field"] == field
    for said in words:
        assert said in answer["error"], answer["error"]
    names = "|".join(f.name for f in fields(find(kind)))
    assert not re.search(rf"(?<![\w.])(?:{names}|dice|against_dice)=", answer["error"]), answer["error"]
    assert "{" not in answer["error"] and "_" not in answer["error"], answer["error"]


def test_the_python_messages_stay_as_they_were() -> None:
    with pytest.raises(RulesError) as error:
        Check(dice=3, dc=0)
    assert str(error.value) == "dc=0 is not allowed: dc must be a whole number of at least 1"
    assert (error.value.field, type(error.value)) == ("dc", RulesError)
    Check(dice=3, dc=0, exceed=True)  # a DC of 0 to be exceeded
    with pytest.raises(LimitError) as info:
        Mitigated.skill(stat=3, skill=2, weapon=2, modifier=994)
    assert str(info.value) == (
        "stat=3, skill=2, weapon=2 and modifier=994 give too large a pool:"
        " dice=1001 is too large: rollkit computes exact odds for dice up to 1000"
    )
    assert info.value.field == "modifier"


def test_only_a_pool_too_large_is_said_with_the_sheet() -> None:
    with pytest.raises(LimitError) as info:  # the DC is too large, not the pool
        Check.skill(stat=2, skill=1, dc=again.MAX_DC + 1)
    assert str(info.value) == "dc=1001 is too large: rollkit computes exact odds for dc up to 1000"
    assert info.value.field == "dc"


def test_the_sheets_own_entries_are_named_as_data() -> None:
    with pytest.raises(RulesError) as error:
        Opposed.skills(stat=2, skill=1, against_stat=1, against_skill=-1)
    assert error.value.field == "against_skill"
    assert str(error.value) == (
        "against_skill=-1 is not allowed: against_skill must be a whole number of at least 0"
    )
    with pytest.raises(RulesError) as error:
        again.dice_pool(stat=1, skill=1, weapon=-2)
    assert error.value.field == "weapon"
