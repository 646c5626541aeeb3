"""benchmarks.engine: every adapter's answer is rollkit's exact answer on the smallest
cases, and a wrong adapter, a too shallow explosion or a differing child is caught.

No timing is asserted (targets live in benchmarks.targets). Needs the dev tools icepool
and dyce (skipped without them).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

pytest.importorskip("icepool")
pytest.importorskip("dyce")

from benchmarks.engine import (  # noqa: E402
    ENGINES,
    OTHERS,
    case_list,
    check_answers,
    digest,
    make,
    smallest_cases,
)
from benchmarks.engine import cases as case_set  # noqa: E402
from benchmarks.engine.run import main  # noqa: E402
from benchmarks.engine.timing import run_child  # noqa: E402

SMALLEST = smallest_cases()


@pytest.fixture(autouse=True)
def _quiet(recwarn):
    """dyce warns that expand() is experimental on every top-level call."""


def failures(results: list[dict]) -> set[tuple[str, str, str]]:
    return {(r["case"], r["question"], r["engine"]) for r in results if not r["ok"]}


@pytest.mark.parametrize("engine", OTHERS)
@pytest.mark.parametrize("case", SMALLEST, ids=[c["label"] for c in SMALLEST])
def test_each_adapter_gives_rollkits_exact_chance(case, engine):
    exact = make("rollkit", case, "chance")()
    assert isinstance(exact, Fraction)
    assert Fraction(make(engine, case, "chance")()) == exact


def test_answers_equal_on_the_smallest_cases():
    results = check_answers(SMALLEST)
    assert {r["case"] for r in results} == {c["label"] for c in SMALLEST}
    assert len(results) == 6 * len(SMALLEST)  # 3 questions x 2 other engines
    assert failures(results) == set()


def test_a_broken_adapter_is_caught():
    """icepool's Hits counted from one face too high: every hits answer of icepool, and nothing else."""

    def broken(engine, case, question, prebuilt=False):
        if engine == "icepool" and case["family"] == "hits":
            case = {**case, "threshold": case["threshold"] + 1}
        return make(engine, case, question, prebuilt=prebuilt)

    hits = next(c["label"] for c in SMALLEST if c["family"] == "hits")
    assert failures(check_answers(SMALLEST, make=broken)) == {
        (hits, question, "icepool") for question in ("chance", "distribution", "outcomes")
    }


@pytest.mark.parametrize("label", ["again 5d10 8-again, DC 3", "critdice 3d12 SN 8"])
def test_one_level_shallower_is_caught(label):
    """The explosion depths are the smallest that work, and the checks notice less."""
    case = dict(next(c for c in SMALLEST if c["label"] == label))
    case["depth_tally"] -= 1
    if case["depth_chance"]:
        case["depth_chance"] -= 1
    failed = {(q, e) for _, q, e in failures(check_answers([case]))}
    assert {("distribution", "icepool"), ("distribution", "dyce")} <= failed
    if case["family"] == "again":
        assert {("chance", "icepool"), ("chance", "dyce")} <= failed


def test_the_quick_cases_cover_every_system_and_engine():
    assert {c["family"] for c in case_list(quick=True)} == set(case_set.FAMILIES)
    assert ENGINES == ("rollkit", *OTHERS)


def test_a_fresh_process_gives_the_same_answer():
    case = next(c for c in SMALLEST if c["family"] == "hits")
    for engine, question in (("rollkit", "chance"), ("icepool", "tally"), ("dyce", "chance")):
        child = run_child(engine, case, question)
        assert child["import"] > 0 and child["first"] > 0
        assert child["digest"] == digest(engine, case, question, make(engine, case, question)())


def test_a_mismatch_is_loud_and_fails_the_run(monkeypatch, capsys):
    case = {"family": "again", "n": 5, "again": 10, "dc": 3}
    monkeypatch.setattr(case_set, "case_list", lambda quick: [dict(case)])
    monkeypatch.setattr(case_set, "again_depths", lambda need, bound: (need - 2, bound))
    status = main(["--repeats", "1", "--target-ms", "0.1", "--fresh-repeats", "1", "--import-repeats", "1"])
    out, err = capsys.readouterr()
    assert status == 1
    assert "**MISMATCH: 2 of 6 answer checks failed**" in out
    assert "again 5d10 10-again, DC 3 / chance / icepool" in out
    assert "MISMATCH" in err
