"""benchmarks.engine.hostile: each of the worst inputs a link carries is answered as the
reader's mistake (never internal, never accepted), so its row times a refusal. No timing is
asserted (the target is benchmarks.targets.REFUSAL_MS, reported as met or missed)."""

from __future__ import annotations

from benchmarks.engine.hostile import SIZE, cases, measure, section


def test_every_hostile_input_is_refused_as_the_readers_mistake() -> None:
    for label, call in cases():
        answer = call()
        assert answer["ok"] is False and not answer.get("internal"), (label, answer)
        assert answer["error"], label
    assert SIZE == 1_000_000


def test_the_table_says_a_missed_target() -> None:
    rows = measure(1)
    slow = [{**rows[0], "median": 10.0}, {**rows[1], "refused": False}]
    table = section(slow)
    assert table.count("**MISSED**") == 2 and "**no**" in table
    assert "**MISSED**" not in section([{**rows[0], "median": 0.0}])
