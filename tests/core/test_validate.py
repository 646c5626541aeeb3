"""Parameter checks (rollkit._validate): one clear message each, naming the parameter."""

from __future__ import annotations

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError
from rollkit._validate import boolean, choice, integer


def test_integer_accepts_and_names_the_parameter() -> None:
    assert integer("dice", 3, low=1) == 3
    with pytest.raises(RulesError, match=r"dice=0 is not allowed: dice must be a whole number of at least 1"):
        integer("dice", 0, low=1)
    with pytest.raises(RulesError, match=r"tn=11 .* from 0 to 10"):
        integer("tn", 11, low=0, high=10)
    with pytest.raises(LimitError, match=r"dice=1000000000 is too large.* up to 1000"):
        integer("dice", 10**9, low=1, limit=1000)


@pytest.mark.parametrize("value", [1.0, "3", None, True, float("nan"), [1]])
def test_integer_rejects_other_types_as_type_errors(value: object) -> None:
    with pytest.raises(ParameterTypeError, match=r"^dice=.* must be a whole number") as info:
        integer("dice", value, low=1)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)


def test_boolean_and_choice() -> None:
    assert boolean("adept", True) is True
    with pytest.raises(ParameterTypeError, match="adept=1 .* True or False"):
        boolean("adept", 1)
    assert choice("again", 9, (8, 9, 10)) == 9
    with pytest.raises(RulesError, match=r"again=7 is not allowed: again must be one of 8, 9, 10"):
        choice("again", 7, (8, 9, 10))
    with pytest.raises(ParameterTypeError):
        choice("again", "9", (8, 9, 10))
    with pytest.raises(ParameterTypeError):
        choice("again", True, (1, 0))


def test_error_messages_are_short_for_huge_values() -> None:
    with pytest.raises(RulesError) as info:
        integer("dice", "x" * 10_000, low=1)
    assert len(str(info.value)) < 200
