"""trait: each field declared once, and refused values answered in the rules' words.

A roller's MOD, EXP, Prowess, Stagger and Stacking cap are declared once in ``trait._rules``
(``stack_cap`` checks EXP with the same declaration); a check and each side of a contest word
them for their roller. Trait has no rule that refuses a mix of fields: the stacking cap ties
EXP, the cap, Adept, Prowess and Stagger together but refuses nothing, so every refusal is
one field's, and the widgets' answer names that field and reads in words.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, trait
from rollkit._fields import Param, fields
from rollkit.trait import Check, Contest
from rollkit.trait import _rules as rules
from rollkit.web import request

BASES: dict[str, dict[str, Any]] = {
    "trait": {"mod": 0, "threshold": 15},
    "trait.contest": {"mod": 0, "against_mod": 0},
}
CLASSES: dict[str, type] = {"trait": Check, "trait.contest": Contest}
SHARED: dict[str, Param] = {
    "mod": rules.MOD,
    "exp": rules.EXP,
    "prowess": rules.PROWESS,
    "stagger": rules.STAGGER,
    "cap": rules.CAP,
}


def _declared(cls: type, name: str) -> Param:
    return next(f.param for f in fields(cls) if f.name == name)


def _range(declared: Param) -> tuple[Any, ...]:
    return (declared.low, declared.high, declared.limit, declared.unit, declared.why, declared.options)


@pytest.mark.parametrize("name", list(SHARED))
def test_a_rollers_field_has_one_range_for_every_roller(name: str) -> None:
    shared = SHARED[name]
    assert _declared(Check, name) == shared
    if name == "cap":  # one cap for both sides of a contest
        assert _range(_declared(Contest, name)) == _range(shared)
        return
    actor, resister = _declared(Contest, name), _declared(Contest, "against_" + name)
    assert _range(actor) == _range(resister) == _range(shared)
    assert (actor.label, resister.label) == (f"Actor's {shared.label}", f"Resister's {shared.label}")


def _asked(check: str, params: dict[str, Any]) -> dict[str, Any]:
    message = {"op": "odds", "check": check, "params": {**BASES[check], **params}}
    answer: dict[str, Any] = json.loads(request(json.dumps(message)))
    return answer


# One roller's refused values, with what the widget says after the field's label.
ROLLER: list[tuple[str, Any, type[RulesError], str]] = [
    ("mod", 101, LimitError, "101 is too large to work out exactly; enter a whole number from -100"),
    ("mod", -101, LimitError, "-101 is too small to work out exactly"),
    ("exp", -1, RulesError, "-1 is out of range; enter a whole number from 0 to 100."),
    ("exp", 101, LimitError, "101 is too large to work out exactly; enter a whole number from 0 to 100."),
    ("adept", 1, ParameterTypeError, "1 is not yes or no."),
    ("prowess", -1, RulesError, "-1 is out of range; enter a whole number from 0 to 1000."),
    ("prowess", 1001, LimitError, "1001 is too large to work out exactly"),
    ("stagger", -2, RulesError, "-2 is out of range"),
    ("stagger", 10**9, LimitError, "1000000000 is too large to work out exactly"),
    ("cap", "house", RulesError, "\u201chouse\u201d is not one of the choices"),
]
REFUSED: list[tuple[str, str, Any, type[RulesError], str]] = [
    *(
        (kind, side + name, bad, error, said)
        for kind, sides in (("trait", ("",)), ("trait.contest", ("", "against_")))
        for side in sides
        for name, bad, error, said in ROLLER
        if not (side and name == "cap")
    ),
    ("trait", "threshold", 1001, LimitError, "1001 is too large to work out exactly"),
    ("trait", "threshold", -1001, LimitError, "-1001 is too small to work out exactly"),
    ("trait", "spend", 4, RulesError, "4 is out of range; enter a whole number from 0 to 3 (no miss"),
    ("trait.contest", "ties", "attacker", RulesError, "\u201cattacker\u201d is not one of the choices"),
]


@pytest.mark.parametrize("check,name,bad,error,said", REFUSED)
def test_a_refused_field_is_named_and_said_in_words(
    check: str, name: str, bad: Any, error: type[RulesError], said: str
) -> None:
    with pytest.raises(error) as info:
        CLASSES[check](**{**BASES[check], name: bad})
    assert info.value.field == name and type(info.value) is error
    assert f"{name}={bad!r}" in str(info.value)  # the Python message keeps the Python name
    answer = _asked(check, {name: bad})
    assert answer["ok"] is False and answer["field"] == name
    assert answer["error"].startswith(f"{_declared(CLASSES[check], name).label}: {said}"), answer["error"]
    assert "=" not in answer["error"] and name + " " not in answer["error"]


@pytest.mark.parametrize("exp", [-1, 101, 1.5, True])
def test_stack_cap_refuses_exp_as_the_field_does(exp: Any) -> None:
    with pytest.raises(RulesError) as called:
        trait.stack_cap(exp=exp)
    with pytest.raises(RulesError) as built:
        Check(mod=0, threshold=15, exp=exp)
    assert type(called.value) is type(built.value)
    assert called.value.field == built.value.field == "exp"
    assert str(called.value) == str(built.value) and called.value.said == built.value.said


def test_the_stacking_cap_ties_fields_together_without_refusing() -> None:
    """Ruling trait-cap-before-cancel: the cap from EXP 2 holds Prowess 3 and Adept's one to 1
    and Stagger 2 to 1 before they cancel, so the widgets give the odds of plain 2d12 + 2
    reaching 15 (78 of 144 pairs sum to 13 or more), not an error."""
    capped = Check(mod=0, threshold=15, exp=2, adept=True, prowess=3, stagger=2)
    assert (capped.effective_prowess, capped.effective_stagger, capped.dice_rolled) == (1, 1, 2)
    answer = _asked("trait", {"exp": 2, "adept": True, "prowess": 3, "stagger": 2})
    assert answer["ok"] is True
    assert 'Chance of success: ", ["strong", {"class": "rk-p"}, "54.17%"], " = ", ["span",' in json.dumps(
        answer
    )
    assert '"rk-exact"}, "13/", ["wbr", {}], "24"]' in json.dumps(answer["result"]["view"]["tree"][3])
