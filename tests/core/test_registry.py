"""The registry is the one place that says which systems exist: a sixth system, registered from
test data (``tests/data/toy_boons``: one kind, a d6, one rule), is picked up by the command
line, the widgets' protocol and form, the output property test, the field strategies and the
reference pages with no other edit."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import _registry, web
from rollkit._cli import main
from rollkit._limits import limits
from rollkit._params import build
from tests.helpers.output import assert_clean_output
from tests.helpers.strategies import example, values

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture()
def boons() -> Iterator[str]:
    sys.path.insert(0, str(DATA))
    try:
        yield rollkit.register("toy_boons")
    finally:
        _registry.unregister("boons")
        sys.path.remove(str(DATA))
        sys.modules.pop("toy_boons", None)


def brute(dice: int, need: int) -> Fraction:
    """The chance of ``need`` or more faces of 5 or 6 on ``dice`` d6, by listing every roll."""
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(f >= 5 for f in faces) >= need for faces in rolls), len(rolls))


def test_the_built_in_systems_come_from_the_registry() -> None:
    assert _registry.names() == _registry.BUILT_IN == tuple(rollkit.SYSTEMS)
    assert set(_registry.kinds()) >= {"hits", "hits.group", "critdice.skill"}
    assert all(cls.system == name.partition(".")[0] for name, cls in _registry.kinds().items())
    assert all(_registry.kind_name(cls) == name for name, cls in _registry.kinds().items())
    with pytest.raises(ValueError, match="built in"):
        _registry.unregister("hits")


def test_a_registered_system_is_a_system_everywhere(boons: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert boons == "boons" and "boons" in rollkit.SYSTEMS and rollkit.boons.SYSTEM == "boons"
    assert any(r.id == "boons-need-zero" for r in rollkit.RULINGS)
    assert [limit.name for limit in limits() if limit.system == "boons"] == ["MAX_DICE"]
    check = build("boons", {"dice": "3", "need": "2"})
    assert check.chance() == brute(3, 2) == Fraction(7, 27)
    # the command line: listed, explained, odds, rolls from faces, limits and rulings
    assert main(["systems"]) == 0 and "boons" in capsys.readouterr().out
    assert main(["systems", "boons"]) == 0
    assert "Boons needed: Boons to succeed; 0 to 40 (required)" in " ".join(capsys.readouterr().out.split())
    assert main(["odds", "boons", "--dice", "2", "--need", "1", "--json"]) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["chance"]["probability"]) == brute(2, 1)
    assert main(["roll", "boons", "--dice", "2", "--need", "1", "--faces", "5,2"]) == 0
    out = capsys.readouterr().out
    assert "Success: 1 Boon against Boons needed 1." in out and "   1. 5 on a d6: Boon\n" in out
    assert main(["limits", "boons"]) == 0 and "boons.MAX_DICE" in capsys.readouterr().out
    assert main(["rulings", "boons"]) == 0 and "Needing no Boons" in capsys.readouterr().out
    assert main(["odds", "boons", "--dice", "41", "--need", "1"]) == 2  # a declared limit
    assert (
        "Dice Pool: 41 is too large to work out exactly; enter a whole number from 1 to 40."
        in capsys.readouterr().err
    )
    # the widgets' protocol and form, in the system's own words
    answer = json.loads(
        web.request(
            json.dumps({"op": "roll", "check": "boons", "params": {"dice": "1", "need": "1"}, "seed": 4})
        )
    )
    assert answer["ok"], answer
    summary = answer["result"]["view"]["summary"]
    faces = answer["result"]["faces"]
    boons_rolled = sum(f >= 5 for f in faces)
    assert summary.startswith("Success: 1 Boon against" if boons_rolled else "Failure: 0 Boons against"), (
        summary
    )
    tree = json.dumps(answer["result"]["view"]["tree"])
    assert ("d6 showing" in tree) and (": Boon" in tree or ": no Boon" in tree)
    refused = json.loads(
        web.request(json.dumps({"op": "odds", "check": "boons", "params": {"dice": "2", "need": "3"}}))
    )
    assert refused == {
        "ok": False,
        "error": "Boons needed: 3 is more than Dice Pool 2 can give; enter at most 2.",
        "field": "need",
    }
    html = web.to_html(web.widget("boons", check, widget_id="rk-toy", title="Three d6"))
    assert 'data-rollkit-widget="boons"' in html and ">Boons needed</label>" in html
    # the field strategies and the reference pages
    assert build("boons", example(rollkit.boons.Check)) == rollkit.boons.Check(dice=1, need=1)
    pytest.importorskip("markdown", reason="the docs venv renders pages")
    from docs_tools import pages

    assert "## `rollkit.boons`" in pages.python_page()
    assert "### `boons`" in pages.cli_page()
    assert "`boons.MAX_DICE`" in pages.limits_page()


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_output_property_test_covers_a_registered_system(
    data: st.DataObject, capsys: pytest.CaptureFixture[str]
) -> None:
    sys.path.insert(0, str(DATA))
    try:
        rollkit.register("toy_boons")
        drawn = data.draw(values(rollkit.boons.Check), label="values")
        assert set(drawn) >= {"dice", "need"}
        assert_clean_output("boons", data, capsys)
    finally:
        _registry.unregister("boons")
        sys.path.remove(str(DATA))


def test_a_package_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a system package: it lacks SYSTEM, WORDS"):
        rollkit.register("rollkit._format")
