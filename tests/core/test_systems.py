"""What the package root, every system module and every check class promise, checked across
all five systems."""

from __future__ import annotations

import dataclasses
import inspect
import re
import typing
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import CheckBase, RulesError
from rollkit._registry import BUILT_IN

ALL_CHECKS = [
    (f"{name}.{kind}", cls) for name, module in rollkit.SYSTEMS.items() for kind, cls in module.CHECKS.items()
]


def test_public_contract_signatures() -> None:
    """The calls that tests outside this repository make, exactly."""
    from rollkit import again, critdice, hits, ninefold, trait

    checks = [
        ninefold.Check(to_pass=45),
        trait.Check(mod=5, threshold=15, exp=0, adept=False, prowess=0, stagger=0),
        hits.Check(dice=5, threshold=7, tn=3),
        again.Check(dice=5, dc=2, again=10),
        critdice.Check(dice=5, sn=8),
    ]
    for check in checks:
        assert isinstance(check.chance(), Fraction)
        assert check.outcomes().total() == 1
        assert check.distribution().total() == 1
        roll = check.roll(seed=99)
        assert check.resolve(roll.faces).outcome == roll.outcome
        with pytest.raises(dataclasses.FrozenInstanceError):
            check.dice = 3  # type: ignore[misc, attr-defined]


@pytest.mark.parametrize(("name", "cls"), ALL_CHECKS, ids=[n for n, _ in ALL_CHECKS])
def test_check_classes_follow_the_conventions(name: str, cls: type) -> None:
    assert issubclass(cls, CheckBase) and dataclasses.is_dataclass(cls)
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen, name
    assert all(f.kw_only for f in dataclasses.fields(cls)), name
    assert cls.system == name.split(".")[0]
    for method in ("chance", "outcomes", "distribution", "_play"):  # the contract, implemented
        assert getattr(cls, method) is not getattr(CheckBase, method), (name, method)
    assert "bound" in inspect.signature(cls.distribution).parameters
    assert cls.__doc__ and len(cls.__doc__.strip()) > 20, name


def test_each_system_module_exports_and_documents() -> None:
    for name, module in rollkit.SYSTEMS.items():
        assert module.__doc__ and len(module.__doc__) > 40, name
        assert "CHECKS" in module.__all__ and "RULINGS" in module.__all__, name
        assert "check" in module.CHECKS and module.CHECKS["check"] is module.Check
        for exported in module.__all__:
            assert hasattr(module, exported), (name, exported)


def test_rulings_are_complete_and_unique() -> None:
    ids = [r.id for r in rollkit.RULINGS]
    assert len(ids) == len(set(ids))
    assert {r.system for r in rollkit.RULINGS} == set(rollkit.SYSTEMS)
    for ruling in rollkit.RULINGS:
        assert ruling.id.startswith(ruling.system + "-"), ruling.id
        for field in ("section", "source", "ruling", "why"):
            assert len(getattr(ruling, field).strip()) > 3, (ruling.id, field)


def test_package_root_exports() -> None:
    assert tuple(rollkit.SYSTEMS) == BUILT_IN == ("ninefold", "trait", "hits", "again", "critdice")
    for name in rollkit.__all__:
        assert hasattr(rollkit, name), name
    assert issubclass(rollkit.RulesError, ValueError)


# --- generic fuzzing: arbitrary values into every constructor --------------------------------

_ANY = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=-3, max_value=12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.booleans(),
    st.none(),
    st.tuples(st.integers(-2, 12), st.integers(-2, 12)),
)


def _kwargs(cls: type) -> st.SearchStrategy[dict[str, typing.Any]]:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    return st.fixed_dictionaries(
        {f.name: _ANY for f in fields if f.default is dataclasses.MISSING},
        optional={f.name: _ANY for f in fields if f.default is not dataclasses.MISSING},
    )


@pytest.mark.parametrize(("name", "cls"), ALL_CHECKS, ids=[n for n, _ in ALL_CHECKS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_constructors_accept_or_refuse_with_a_named_parameter(
    name: str, cls: type, data: st.DataObject
) -> None:
    kwargs = data.draw(_kwargs(cls))
    try:
        check = cls(**kwargs)
    except RulesError as error:  # a bare TypeError or ValueError would be a bug: it fails here
        message = str(error)
        # A given parameter, or one left at its default that the given ones rule out, named
        # with that default ("favourable=5 is not allowed on a d2" for die=2).
        named = [rf"{k}\b" for k in kwargs] + [
            rf"{f.name}='?{re.escape(str(f.default))}\b"
            for f in dataclasses.fields(cls)
            if f.init and f.name not in kwargs and f.default is not dataclasses.MISSING
        ]
        assert any(re.search(rf"(?<![\w.]){n}", message) for n in named), message
        return
    assert 0 <= check.chance() <= 1
    assert check.outcomes().total() == 1
