"""Fuzzing every public entry point with arbitrary values: clear errors, exact answers, no hang.

Only ``ValueError`` subclasses (``rollkit.RulesError``) or ``TypeError`` may escape,
and their message names the parameter. A watchdog fails any call that hangs; how
fast calls really are is measured by the benchmarks, not asserted here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import signal
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import RulesError
from rollkit._cli import main

HANG_SECONDS = 20  # far above any real answer (< 1 s, see the benchmarks): only a hang trips it
CHECKS = [
    (f"{name}.{kind}", cls) for name, module in rollkit.SYSTEMS.items() for kind, cls in module.CHECKS.items()
]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@contextlib.contextmanager
def watchdog() -> Iterator[None]:
    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"a call took more than {HANG_SECONDS} s: it hangs")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


ANYTHING = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(-3, 14),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.booleans(),
    st.none(),
    st.binary(max_size=4),
    st.lists(st.integers(-2, 13), max_size=4),
    st.tuples(st.integers(-2, 13), st.integers(-2, 13)),
    st.just(float("nan")),
    st.just(10**9),
)


def _plausible(hint: Any) -> st.SearchStrategy[Any]:
    """Values of the field's own type, mostly inside play."""
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-2, 14)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return st.sampled_from(typing.get_args(hint))
    if origin is tuple:
        return (
            st.lists(st.tuples(st.integers(0, 8), st.integers(1, 11)), max_size=3).map(tuple)
            if typing.get_origin(typing.get_args(hint)[0]) is tuple
            else st.lists(st.integers(0, 8), min_size=0, max_size=3).map(tuple)
        )
    if hint is str:
        return st.sampled_from(["roll-under", "roll-high", "action", "skill", "x"])
    return ANYTHING


def kwargs_for(cls: type, plausible: bool) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]

    def value(name: str) -> st.SearchStrategy[Any]:
        return _plausible(hints[name]) if plausible else ANYTHING

    return st.fixed_dictionaries(
        {f.name: value(f.name) for f in fields if f.default is dataclasses.MISSING},
        optional={f.name: value(f.name) for f in fields if f.default is not dataclasses.MISSING},
    )


def _names_a_parameter(message: str, names: typing.Iterable[str]) -> bool:
    return any(f"{name}=" in message or f"{name} " in message or f"{name}[" in message for name in names)


def _exercise(check: Any, data: st.DataObject) -> None:
    with watchdog():
        chance = check.chance()
        outcomes = check.outcomes()
        tally = check.distribution()
    assert 0 <= chance <= 1
    assert outcomes.total() == 1 and tally.total() == 1
    bound = data.draw(ANYTHING, label="bound")
    try:
        with watchdog():
            bounded = check.distribution(bound=bound)
    except (RulesError, TypeError) as error:
        assert "bound" in str(error), str(error)
    else:
        assert bounded.total() == 1
    seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
    with watchdog():
        roll = check.roll(seed=seed)
    assert roll.outcome in outcomes and check.resolve(roll.faces).outcome == roll.outcome
    # a face the die cannot show is refused, wherever it stands
    if roll.dice:
        at = data.draw(st.integers(0, len(roll.dice) - 1), label="position")
        wrong = data.draw(st.sampled_from([0, -1, roll.dice[at].sides + 1, 10**12]), label="wrong face")
        faces = list(roll.faces)
        faces[at] = wrong
        with pytest.raises(RulesError, match=r"faces"):
            check.resolve(faces)
    faces = data.draw(st.one_of(ANYTHING, st.lists(st.integers(-2, 25), max_size=30)), label="faces")
    try:
        with watchdog():
            check.resolve(faces)
    except (RulesError, TypeError) as error:
        assert "faces" in str(error), str(error)


@pytest.mark.parametrize(("name", "cls"), CHECKS, ids=[n for n, _ in CHECKS])
@SETTINGS
@given(data=st.data())
def test_arbitrary_values(name: str, cls: type, data: st.DataObject) -> None:
    kwargs = data.draw(kwargs_for(cls, plausible=data.draw(st.booleans(), label="plausible")))
    try:
        with watchdog():
            check = cls(**kwargs)
    except (RulesError, TypeError) as error:
        names = [f.name for f in dataclasses.fields(cls)]
        assert _names_a_parameter(str(error), names), str(error)
        return
    _exercise(check, data)


@SETTINGS
@given(
    text=st.one_of(
        st.text(max_size=40),
        st.from_regex(
            r"\A(\d{1,4}d\(\d{1,2}\+\)|[A-Z]{3}|\w+ \(\w+\))(:\s?(\d{1,3}|[A-Z]{3}|\w+ \(\w+\)))?\Z"
        ),
    )
)
def test_notation_parser(text: str) -> None:
    from rollkit import hits

    try:
        with watchdog():
            check = hits.parse(text)
    except RulesError as error:
        assert str(error)
        return
    assert 0 <= check.chance() <= 1


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    argv=st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "roll",
                    "odds",
                    "rulings",
                    "systems",
                    "hits",
                    "again.opposed",
                    "trait",
                    "critdice",
                    "ninefold.contest",
                    "--dice",
                    "--tn",
                    "--threshold",
                    "--seed",
                    "--json",
                    "--bound",
                    "--mod",
                    "--help",
                    "7",
                    "-1",
                    "3",
                    "1e9",
                    "nan",
                ]
            ),
            st.text(max_size=8),
        ),
        max_size=8,
    )
)
def test_command_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with watchdog():
        code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("rollkit: error: ") and err.count("\n") == 1 and out == ""
