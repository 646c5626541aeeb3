"""Property assertions every check class must pass (used by each system's tests)."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from fractions import Fraction

from rollkit import CheckBase, Distribution


def assert_exact(check: CheckBase) -> None:
    """Outcome and tally distributions are exact and complete; chance() agrees."""
    outcomes: Distribution = check.outcomes()  # type: ignore[attr-defined]
    assert outcomes.total() == 1, (check, outcomes.total())
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for _, p in outcomes.items())
    tally: Distribution = check.distribution()  # type: ignore[attr-defined]
    assert tally.total() == 1, (check, tally.total())
    assert tally.tail >= 0
    chance = check.chance()  # type: ignore[attr-defined]
    assert isinstance(chance, Fraction) and 0 <= chance <= 1


def assert_replayable(check: CheckBase, seeds: range = range(12)) -> None:
    """Seeded rolls replay; resolve(faces) reproduces them; outcome odds are reported."""
    outcomes = check.outcomes()  # type: ignore[attr-defined]
    success_by_outcome: dict[str, bool] = {}
    for seed in seeds:
        first = check.roll(seed=seed)
        assert check.roll(seed=seed) == first
        assert first.seed == seed
        assert check.resolve(first.faces) == dataclasses.replace(first, seed=None)
        assert first.outcome in outcomes, (first.outcome, list(outcomes))
        assert first.probability == outcomes[first.outcome]
        assert success_by_outcome.setdefault(first.outcome, first.success) == first.success


def assert_frequencies(check: CheckBase, *, n: int = 3000, seed: int = 20261130) -> None:
    """Seeded rolls land on each outcome about as often as the exact odds say.

    The bound is 5 standard deviations plus one roll: a wrong probability of a
    few percent fails it, a right one essentially never does.
    """
    rng = random.Random(seed)
    rolls = [check.roll(rng=rng) for _ in range(n)]
    counts = Counter(r.outcome for r in rolls)
    outcomes = check.outcomes()  # type: ignore[attr-defined]
    for outcome, p in outcomes.items():
        expected = n * p
        bound = 5 * math.sqrt(n * p * (1 - p)) + 1
        assert abs(counts[outcome] - expected) <= bound, (outcome, counts[outcome], float(expected))
    successes = sum(r.success for r in rolls)
    p = check.chance()  # type: ignore[attr-defined]
    assert abs(successes - n * p) <= 5 * math.sqrt(n * p * (1 - p)) + 1
