"""Each rule across fields, refused through the widgets' request protocol: the answer names the
field to change as data, and its error reads in the rules' words (the field's label first,
other fields by their labels, no Python spelling such as ``against_dice=``)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rollkit import hits
from rollkit._fields import fields
from rollkit._params import find
from rollkit.web import request

MOST_ROLLED = hits.MAX_ROLLED
SHEETS = {
    "hits.attribute": {"level": 4, "tn": 1},  # 3 dice
    "hits.skill": {"attribute": 4, "training": "skilled", "focus": 1, "tn": 3},  # 6 dice
    "hits.knowledge": {"intellect": 3, "rating": 2, "tn": 1},  # 7 dice
}


def refused(kind: str, params: dict[str, Any], field: str, *words: str, op: str = "odds") -> str:
    """The widget's answer to ``params``: refused, about ``field``, in words that say ``words``."""
    message: dict[str, Any] = {"op": op, "check": kind, "params": params}
    if op == "roll":
        message["seed"] = 1
    answer = json.loads(request(json.dumps(message)))
    assert answer["ok"] is False and "internal" not in answer, answer
    assert answer["field"] == field, answer
    error: str = answer["error"]
    known = {f.name: f.label for f in fields(find(kind))}
    assert re.match(rf"{re.escape(known[field])}(, helper \d+)?: ", error), error  # an item after it
    assert not re.search(r"[\w\]]=", error), error  # no name=value
    assert "{" not in error and "}" not in error, error  # every {name} became a label
    assert not [name for name in known if "_" in name and name in error], error
    for said in words:
        assert said in error, (said, error)
    return error


# -- the plain check ------------------------------------------------------------------


def test_bought_groups_must_leave_ten_dice_to_roll() -> None:
    error = refused("hits", {"dice": 25, "threshold": 6, "tn": 2, "bought": 2}, "bought")
    assert error == (
        "Bought groups: 2 groups of ten cannot be bought from a pool of 25 dice; at most 1 can"
        " (10 dice must still be rolled)."
    )
    refused(
        "hits", {"dice": 19, "threshold": 6, "tn": 2, "bought": 1}, "bought", "1 group of ten", "none can"
    )


def test_too_many_dice_to_roll_says_how_to_buy_fewer() -> None:
    params = {"dice": MOST_ROLLED + 1, "threshold": 6, "tn": 2}
    refused("hits", params, "dice", f"{MOST_ROLLED + 1} dice to roll", "with Bought groups", "up to 199")
    refused("hits", params, "dice", "too many to work out exactly", op="roll")


@pytest.mark.parametrize("kind", ["hits", "hits.opposed", "hits.group", "hits.luck", *SHEETS])
def test_validation_die_of_one_and_keyword_without_a_die(kind: str) -> None:
    base = {
        "hits": {"dice": 5, "threshold": 6, "tn": 2},
        "hits.opposed": {"dice": 5, "threshold": 6, "against_dice": 4, "against_threshold": 6},
        "hits.group": {"dice": 5, "threshold": 6, "tn": 2},
        "hits.luck": {"fate": 5, "tn": 2},
        **SHEETS,
    }[kind]
    refused(kind, {**base, "validation": 1}, "validation", "1+ would always pass", "0 for no Validation Die")
    label = "Leader's Validation Die (x+)" if kind == "hits.group" else "Validation Die (x+)"
    refused(kind, {**base, "keyword": "misfire"}, "keyword", "Misfire (no damage) reads", f"give {label} a")


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("hits", {"dice": 0, "threshold": 6, "tn": 2}),
        ("hits.opposed", {"dice": 0, "threshold": 6, "against_dice": 25, "against_threshold": 6}),
        ("hits.luck", {"fate": 0, "tn": 0}),
        ("hits.attribute", {"level": 1, "tn": 1, "modifier": -9}),
    ],
)
def test_validation_die_needs_a_rolled_die(kind: str, params: dict[str, Any]) -> None:
    refused(kind, {**params, "validation": 3}, "validation", "no dice are rolled")


# -- kinds from the character sheet ---------------------------------------------------


@pytest.mark.parametrize("kind", list(SHEETS))
def test_sheet_pool_too_small_to_buy_from(kind: str) -> None:
    error = refused(kind, {**SHEETS[kind], "bought": 1}, "bought", "cannot be bought from a pool of")
    assert "Dice Pool" not in error  # the sheet kind has no Dice Pool field to point at


@pytest.mark.parametrize(
    ("kind", "params", "field", "said"),
    [
        (
            "hits.attribute",
            {"modifier": 3000},
            "modifier",
            "Attribute Level 4 and Situational dice 3000 give 3003",
        ),
        (
            "hits.attribute",
            {"modifier": hits.MAX_POOL},
            "modifier",
            f"too many for one Dice Pool (at most {hits.MAX_POOL})",
        ),
        ("hits.skill", {"focus": 5000}, "focus", "Focus Level 5000 and Situational dice 0 give 5005 dice"),
        ("hits.skill", {"modifier": 5000}, "modifier", "Skill Training skilled, Focus Level 1"),
        (
            "hits.knowledge",
            {"modifier": 3000},
            "modifier",
            "Intellect 3, Knowledge Rating 2 and Situational dice",
        ),
    ],
)
def test_sheet_pool_too_large_names_the_entry_to_change(
    kind: str, params: dict[str, Any], field: str, said: str
) -> None:
    refused(kind, {**SHEETS[kind], **params}, field, said, "too many")


# -- opposed, group and luck checks ---------------------------------------------------


def test_opposed_both_pools_together_and_each_sides_bought_groups() -> None:
    base = {"dice": 25, "threshold": 6, "against_dice": 25, "against_threshold": 6}
    refused(
        "hits.opposed",
        {**base, "dice": 600, "against_dice": 500},
        "dice",
        "with the 500 of Defender's Dice Pool are 1100",
        f"at most {hits.MAX_OPPOSED_DICE} on both sides together",
    )
    refused("hits.opposed", {**base, "bought": 2}, "bought", "from a pool of 25 dice; at most 1 can")
    refused(
        "hits.opposed",
        {**base, "against_bought": 2},
        "against_bought",
        "from the defender's pool of 25 dice; at most 1 can",
    )


def test_group_kind_and_all_dice_together() -> None:
    base = {"dice": 3, "threshold": 6, "tn": 1}
    for kind in ("static", "luck"):
        refused(
            "hits.group",
            {**base, "kind": kind},
            "kind",
            f"cannot be a {kind.capitalize()} Check",
            "choose an Action, Attribute, Knowledge or Damage Check",
        )
    refused(
        "hits.group",
        {**base, "dice": 300, "helpers": [[301, 6]]},
        "dice",
        "300 dice with the 301 of Supporting PCs are 601",
        f"at most {hits.MAX_GROUP_DICE} dice in all",
    )


def test_luck_buys_from_the_fate_pool() -> None:
    refused("hits.luck", {"fate": 15, "tn": 1, "bought": 1}, "bought", "from a Fate Pool of 15 dice")


# -- an attack and its damage, Skill against Skill, a Knowledge group -------------------

ATTACK = {"dice": 7, "threshold": 6, "tn": 3, "power": 8, "damage_threshold": 7, "hardness": 2}
SKILLS = {"attribute": 5, "training": "adept", "against_attribute": 3, "against_training": "skilled"}


def test_attack_refusals_name_the_attack_or_the_damage() -> None:
    refused("hits.attack", {**ATTACK, "bought": 1}, "bought", "from a pool of 7 dice")
    refused("hits.attack", {**ATTACK, "damage_bought": 1}, "damage_bought", "from a Power of 8 dice")
    refused(
        "hits.attack",
        {**ATTACK, "power": 2500},
        "power",
        "2500 dice to roll are too many",
        "buy groups of ten with Damage bought groups",
    )
    refused(
        "hits.attack", {**ATTACK, "dice": 0, "tn": 0, "validation": 3}, "validation", "no dice are rolled"
    )
    refused(
        "hits.attack",
        {**ATTACK, "keyword": "misfire"},
        "keyword",
        "Misfire (no damage) reads a Validation Die",
    )


def test_opposed_skills_refusals_name_the_side() -> None:
    refused("hits.opposed_skills", {**SKILLS, "bought": 1}, "bought", "from a pool of 7 dice")
    refused(
        "hits.opposed_skills",
        {**SKILLS, "against_bought": 1},
        "against_bought",
        "from the defender's pool of 5 dice",
    )
    refused(
        "hits.opposed_skills",
        {**SKILLS, "modifier": 500, "against_modifier": 499},
        "modifier",
        "507 dice from Attribute Level 5",
        "and 504 from Defender's Attribute Level 3",
        f"at most {hits.MAX_OPPOSED_DICE} on both sides together",
    )
    refused(
        "hits.opposed_skills",
        {**SKILLS, "against_modifier": 1999},
        "against_modifier",
        "2004 from Defender's",
    )


def test_knowledge_helpers_out_of_reach_are_refused_in_the_widget() -> None:
    params = {"intellect": 5, "rating": 3, "tn": 3, "helpers": [[4, 2], [5, 5]]}
    answer = json.loads(
        request(json.dumps({"op": "odds", "check": "hits.knowledge_group", "params": params}))
    )
    assert (answer["ok"], answer["field"], answer["item"], answer["part"]) == (False, "helpers", 1, 1)
    assert answer["error"] == (
        "Supporting PCs, helper 2, Knowledge Rating: a Knowledge Rating of 5 cannot help; a helper"
        " needs 2, 3 or 4 (1 or more, and within 1 level of the leader's 3)."
    )
    base = {"dice": 7, "threshold": 6, "tn": 3, "helpers": [[8, 6], [3, 7]], "kind": "knowledge"}
    refused("hits.group", base, "helper_ratings", "0 given", "each of the 2 helpers in Supporting PCs")
    refused(
        "hits.group",
        {**base, "rating": 3, "helper_ratings": [2, 5]},
        "helper_ratings",
        "Helpers' Knowledge Ratings, helper 2: a Knowledge Rating of 5 cannot help",
    )
    refused(
        "hits.group",
        {**base, "kind": "action", "rating": 3},
        "rating",
        "only count on a Knowledge Check",
        "Type of Check",
    )
