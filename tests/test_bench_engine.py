"""scripts/bench_engine.py: its answer checks pass on the smallest cases and catch errors.

No timing is asserted. Needs the dev tools icepool and dyce (skipped without them).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("icepool")
pytest.importorskip("dyce")

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "bench_engine.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_engine", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _quiet(recwarn):
    """dyce warns that expand() is experimental on every top-level call."""


def test_answers_equal_on_the_smallest_cases(bench):
    cases = bench.smallest_cases()
    results = bench.check_answers(cases)
    assert {r["case"] for r in results} == {c["label"] for c in cases}
    assert len(results) == 6 * len(cases)  # 3 questions x 2 other engines
    assert [r for r in results if not r["ok"]] == []


@pytest.mark.parametrize("label", ["again 5d10 8-again, DC 3", "critdice 3d12 SN 8"])
def test_one_level_shallower_is_caught(bench, label):
    """The explosion depths are the smallest that work, and the checks notice less."""
    case = next(c for c in bench.smallest_cases() if c["label"] == label)
    case["depth_tally"] -= 1
    if case["depth_chance"]:
        case["depth_chance"] -= 1
    failed = {(r["question"], r["engine"]) for r in bench.check_answers([case]) if not r["ok"]}
    assert {("distribution", "icepool"), ("distribution", "dyce")} <= failed
    if case["family"] == "again":
        assert {("chance", "icepool"), ("chance", "dyce")} <= failed


def test_a_fresh_process_gives_the_same_answer(bench):
    case = next(c for c in bench.smallest_cases() if c["family"] == "hits")
    for engine, question in (("rollkit", "chance"), ("icepool", "tally"), ("dyce", "chance")):
        child = bench.run_child(engine, case, question)
        assert child["import"] > 0 and child["first"] > 0
        answer = bench.make(engine, case, question)()
        assert child["digest"] == bench.digest(engine, case, question, answer)


def test_a_mismatch_is_loud_and_fails_the_run(bench, monkeypatch, capsys):
    case = {"family": "again", "n": 5, "again": 10, "dc": 3}
    monkeypatch.setattr(bench, "case_list", lambda quick: [dict(case)])
    monkeypatch.setattr(bench, "again_depths", lambda need, bound: (need - 2, bound))
    status = bench.main(["--repeats", "1", "--target-ms", "0.1", "--fresh-repeats", "1",
                         "--import-repeats", "1"])
    out, err = capsys.readouterr()
    assert status == 1
    assert "**MISMATCH: 2 of 6 answer checks failed**" in out
    assert "again 5d10 10-again, DC 3 / chance / icepool" in out
    assert "MISMATCH" in err
