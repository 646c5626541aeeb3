"""Every ninefold rule across fields, refused through the widget protocol (JSON in and out):
the answer names the field to change as data and says the mistake in the rules' words, with
each field by its label and no Python spelling (``name=``, ``{name}``, ``to_pass``).

The Python messages of the same mistakes are held in test_check.py and test_sheet.py.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rollkit import RulesError
from rollkit._fields import fields
from rollkit._params import find
from rollkit.web import request

Case = tuple[str, dict[str, Any], str, str]
"""A refused setting: kind, params, the field to change, the widget's whole error."""


def on_d20(kind: str, field: str, percent: int, **params: Any) -> Case:
    """A percentage that a d20 cannot roll, said after the field's label."""
    label = next(f.label for f in fields(find(kind)) if f.name == field)
    return (
        kind,
        params,
        field,
        f"{label}: {percent}% cannot be rolled on a d20, whose faces are 5% each (whole percentages"
        f" only in steps of 5%); use a d100 (dice that roll {percent}%: d100).",
    )


def overlap(kind: str, params: dict[str, Any]) -> Case:
    """Critical bands that overlap: said on the Unfavourable band, with the Favourable one."""
    return (
        kind,
        params,
        "unfavourable",
        f"Unfavourable band (%): {params['unfavourable']}% and Favourable band (%)"
        f" {params['favourable']}% overlap: the two critical bands sit at opposite ends of the"
        " die, so together they are at most 100%.",
    )


def parts_on_d20(kind: str, params: dict[str, Any], field: str, said: str) -> Case:
    """A toPass the sheet's parts make that a d20 cannot roll: said on the die."""
    percent = said.rsplit(" ", 1)[-1]
    return (
        kind,
        params,
        field,
        f"{said}%, which cannot be rolled on a d20, whose faces are 5% each (whole percentages only"
        f" in steps of 5%); use a d100 (dice that roll {percent}%: d100).",
    )


REFUSED: list[Case] = [
    on_d20("ninefold", "to_pass", 33, to_pass=33, die=20),
    (
        "ninefold",
        {"to_pass": 50, "die": 2, "favourable": 60, "unfavourable": 40, "criticals": "natural"},
        "unfavourable",
        "Unfavourable band (%): 40% and Favourable band (%) 60% reach 1 and 2 natural faces of a d2,"
        " more than it has; narrow a band, or confirm criticals with a d100.",
    ),
    (
        "ninefold.percentage",
        {"dc": 50, "die": 6},
        "die",
        "Die (dN): a d6 cannot give a converted percentile roll, since one face is 16.67 points; use"
        " a d2, d4, d5, d10, d20, d25, d50 or d100.",
    ),
    (
        "ninefold.percentage",
        {"dc": 61, "die": 20},
        "dc",
        "DC (%): 61 falls between the converted rolls of a d20 (5, 10, … 100); use 60 or 65, or a d100.",
    ),
    (
        "ninefold.percentage",
        {"dc": 61, "bonus": 3, "die": 20},
        "dc",
        "DC (%): 61 less the Total check bonus (%) 3 is 58, which falls between the converted rolls"
        " of a d20 (5, 10, … 100); use 58 or 63, or a d100.",
    ),
    (
        "ninefold.contest",
        {"offence": 40, "defence": 30, "defence_favourable": 60, "defence_unfavourable": 50},
        "defence_unfavourable",
        "Defence unfavourable band (%): 50% and Defence favourable band (%) 60% overlap: the two"
        " critical bands sit at opposite ends of the die, so together they are at most 100%.",
    ),
    (
        "ninefold.damage",
        {"offence": 40, "defence": 30, "effect_dice": 100, "effect_die": 12},
        "effect_dice",
        "Effect dice: 100 effect dice of d12 can deal up to 2400 damage once a favourable critical"
        " doubles them, too much to work out exactly; rollkit goes up to 2000 (fewer dice, or a"
        " smaller Effect die (dN)).",
    ),
    on_d20(
        "ninefold.damage", "defence", 33, offence=40, defence=33, defence_die=20, effect_dice=2, effect_die=6
    ),
    overlap("ninefold", {"to_pass": 40, "favourable": 60, "unfavourable": 50}),
    overlap("ninefold.percentage", {"dc": 40, "favourable": 70, "unfavourable": 40}),
    on_d20("ninefold.contest", "offence", 33, offence=33, defence=30, offence_die=20),
    on_d20("ninefold.contest", "defence", 33, offence=40, defence=33, defence_die=20),
    overlap("ninefold.contest", {"offence": 40, "defence": 30, "favourable": 51, "unfavourable": 50}),
    parts_on_d20(
        "ninefold.skill",
        {"stat": 18, "paths": [20], "buffs": [5], "die": 20},
        "die",
        "Die (dN): Stat (%), Skill paths (%) and Buff Bonuses (%) make toPass 43",
    ),
    (
        "ninefold.skill",
        {"stat": 1000000, "buffs": [1]},
        "stat",
        "Stat (%) and Buff Bonuses (%) make toPass 1000001, which is too large to work out"
        " exactly; toPass must be a whole number from -1000000 to 1000000.",
    ),
    overlap("ninefold.skill", {"stat": 30, "favourable": 60, "unfavourable": 60}),
    (
        "ninefold.defender",
        {"offence": 60, "stat": 30, "resistances": [20, 35]},
        "resistances",
        "Resistances (%): 2 given, but Effect types is 1: the defender has at most one resistance"
        " to each of the effect's types.",
    ),
    (
        "ninefold.defender",
        {"offence": 60, "stat": 30, "effect_types": 0, "immune": True},
        "immune",
        "Immunity: Effect types is 0, and an effect with no type has no type to be immune to;"
        " turn this off or give the effect 1 or more types.",
    ),
    parts_on_d20(
        "ninefold.defender",
        {"offence": 60, "stat": 30, "armour": 3, "defence_die": 20},
        "defence_die",
        "Defence die (dN): Defence Stat (%) and Armour (%) make defence toPass 33",
    ),
    (
        "ninefold.defender",
        {"offence": 60, "stat": 1000000, "armour": 5},
        "stat",
        "Defence Stat (%) and Armour (%) make defence toPass 1000005, which is too large to work"
        " out exactly; defence toPass must be a whole number from -1000000 to 1000000.",
    ),
    on_d20("ninefold.defender", "offence", 33, offence=33, stat=30, offence_die=20),
    overlap("ninefold.defender", {"offence": 60, "stat": 30, "favourable": 90, "unfavourable": 20}),
]


def _answer(op: str, kind: str, params: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"op": op, "check": kind, "params": params}
    if op == "roll":
        message["seed"] = 1
    answer = json.loads(request(json.dumps(message)))
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize(("kind", "params", "field", "said"), REFUSED, ids=lambda v: str(v)[:40])
@pytest.mark.parametrize("op", ["odds", "roll"])
def test_a_rule_across_fields_is_said_in_words(
    op: str, kind: str, params: dict[str, Any], field: str, said: str
) -> None:
    answer = _answer(op, kind, params)
    assert answer["ok"] is False and "internal" not in answer, answer
    assert answer["field"] == field and answer.get("item") is None
    assert answer["error"] == said
    names = "|".join(f.name for f in fields(find(kind)))
    assert not re.search(rf"(?<![\w.])(?:{names}|to_pass)(?:\[\d+\])?=", said)
    assert "{" not in said and "_" not in said
    label = next(f.label for f in fields(find(kind)) if f.name == field)
    assert said.startswith(label)


@pytest.mark.parametrize(("kind", "params", "field", "said"), REFUSED, ids=lambda v: str(v)[:40])
def test_python_names_the_same_field(kind: str, params: dict[str, Any], field: str, said: str) -> None:
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in params.items()}
    with pytest.raises(RulesError) as error:
        find(kind)(**values)
    assert error.value.field == field and error.value.said
    assert "=" in str(error.value)  # the Python message still spells the parameters


def test_each_rule_needs_its_fields_together() -> None:
    """Each refused setting builds with the other field of its rule set right."""
    fixed = {
        "ninefold": {"to_pass": 35, "die": 20},
        "ninefold.skill": {"stat": 20, "paths": [20], "buffs": [5], "die": 20},
        "ninefold.defender": {"offence": 60, "stat": 30, "effect_types": 2, "resistances": [20, 35]},
        "ninefold.contest": {"offence": 40, "defence": 35, "defence_die": 20},
    }
    for kind, params in fixed.items():
        answer = _answer("odds", kind, params)
        assert answer["ok"] is True, answer
