"""critdice: exact odds against brute force, the spending policy against exhaustive search,
hand-worked rolls, every error path and the shared properties.

Expected values come from independent enumeration (brute.py: every face
combination, every adjustment plan, critical chains followed die by die to a
cut-off with the mass beyond it accounted for) or from hand arithmetic.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import Distribution, LimitError, ParameterTypeError, RulesError, critdice
from rollkit.critdice import (
    MAX_ADJUSTED_DICE,
    MAX_BOUND,
    MAX_CRITICAL,
    MAX_DICE,
    MAX_POINTS,
    MAX_SN,
    Check,
    SkillCheck,
    StatCheck,
    _maths,
    _rules,
    best_adjustments,
    skill_pool,
    stat_pool,
)
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.helpers.sources import SEEDS
from tests.systems.critdice.brute import (
    apply,
    brute,
    crit_chain,
    crit_mean,
    crit_value,
    exhaustive_best,
    face_value,
    knapsack_best,
    plan_key,
)

SEED_TEXT = SEEDS / "004_840a9dbff28e0950.txt"  # beside the checkout or a folder above it


# --- exact odds against brute force --------------------------------------------------------------

CASES = [
    # dice, sn, legendary, focus, critical
    (0, 8, 0, 0, 0),
    (0, 8, 0, 0, 2),
    (1, 8, 0, 0, 0),
    (2, 8, 0, 0, 0),
    (3, 8, 0, 0, 0),
    (4, 8, 0, 0, 0),
    (3, 2, 0, 0, 0),
    (3, 3, 0, 0, 1),
    (3, 12, 0, 0, 0),
    (3, 13, 0, 0, 0),
    (2, 20, 0, 0, 1),
    (3, 5, 1, 0, 0),
    (3, 8, 2, 1, 0),
    (3, 8, 0, 4, 1),
    (3, 11, 3, 3, 0),
    (3, 12, 2, 0, 0),
    (3, 13, 1, 2, 0),
    (3, 2, 0, 5, 0),
    (2, 7, 4, 6, 0),
    (3, 10, 10, 0, 0),
    (4, 8, 1, 1, 0),
    (4, 6, 0, 3, 0),
    (4, 13, 2, 0, 0),
]


@pytest.mark.parametrize(("dice", "sn", "legendary", "focus", "critical"), CASES)
def test_odds_match_brute_force(dice: int, sn: int, legendary: int, focus: int, critical: int) -> None:
    top = 7
    dist, out = brute(dice, sn, legendary, focus, critical, top)
    check = Check(dice=dice, sn=sn, legendary=legendary, focus=focus, critical=critical)
    tally = check.distribution(bound=top)
    lowest = min(dist)
    assert [k for k, _ in tally.items()] == list(range(lowest, top + 1))
    for t in range(lowest, top + 1):
        assert tally[t] == dist.get(t, 0), t
    assert tally.tail == 1 - sum(dist.values())
    assert tally.tail_label == f"{top + 1} or more"
    outcomes = check.outcomes()
    assert list(outcomes) == list(critdice.OUTCOMES)
    assert dict(outcomes.items()) == out
    assert check.chance() == out["success"] + out["critical success"]


def test_default_bound_is_the_smallest_with_a_small_tail() -> None:
    for check in (
        Check(dice=3),
        Check(dice=6, sn=5, focus=2),
        Check(dice=0, critical=3),
        Check(dice=9, sn=13),
    ):
        tally = check.distribution()
        bound = max(k for k, _ in tally.items())
        assert tally.tail < Fraction(1, 10**6)
        assert check.distribution(bound=bound - 1).tail >= Fraction(1, 10**6)
        assert check.distribution(bound=bound) == tally


# --- the no-points path and the one Horner pass ------------------------------------------------


def clear_critdice_caches() -> None:
    for module in (_rules, _maths):
        for f in vars(module).values():
            if hasattr(f, "cache_clear"):
                f.cache_clear()


@pytest.mark.parametrize("sn", [2, 3, 7, 8, 11, 12, 13, 18, 24])
def test_no_points_weights_match_the_policy_path(sn: int) -> None:
    for dice in range(13):
        fast = _maths._unadjusted_weights(dice, sn)
        assert fast == _maths._policy_weights(dice, sn, 0), dice
        assert all(type(w) is int and w > 0 for w in fast.values())
        assert sum(fast.values()) == 12**dice
    for dice in (30, MAX_DICE):  # large pools: the exact total and the all-ones corner
        fast = _maths._unadjusted_weights(dice, sn)
        assert sum(fast.values()) == 12**dice
        assert fast[-dice, 0] == 1


def test_no_points_odds_match_the_policy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = [(dice, sn, critical) for dice in range(13) for sn in (2, 8, 12, 13, 24) for critical in (0, 2)]

    def answers() -> dict[tuple[int, int, int], tuple[object, ...]]:
        clear_critdice_caches()
        out: dict[tuple[int, int, int], tuple[object, ...]] = {}
        for dice, sn, critical in keys:
            check = Check(dice=dice, sn=sn, critical=critical)
            lowest = min(k for k, _ in check.distribution().items())
            out[dice, sn, critical] = (
                check.chance(),
                check.outcomes(),
                check.distribution(),
                check.distribution(bound=lowest + 3),
                check.distribution(bound=90),
            )
        return out

    try:
        fast = answers()
        monkeypatch.setattr(_maths, "_unadjusted_weights", lambda n, sn: _maths._policy_weights(n, sn, 0))
        slow = answers()
    finally:
        monkeypatch.undo()
        clear_critdice_caches()
    for key in keys:
        assert repr(fast[key]) == repr(slow[key]), key
        assert fast[key] == slow[key], key


def horner_per_size(
    n: int, sn: int, budget: int, critical: int, size: int, plain_only: bool = False
) -> tuple[int, tuple[int, ...]]:
    """The Horner pass done plainly at exactly ``size``: every (base, k) pair, every k."""
    shape = _rules._shape(sn)
    weights = _maths._pool_weights(n, sn, budget)
    low = min(base for base, _ in weights)
    top = 0 if plain_only else max(k for _, k in weights)
    polys = [[0] * size for _ in range(top + 1)]
    for (base, k), w in weights.items():
        if base - low < size and k <= top:
            polys[k][base - low] += w * 12 ** (base - low)
    acc = polys[top]
    for k in range(top - 1, -1, -1):
        acc = [x + y for x, y in zip(_maths._times_chain(acc, shape), polys[k])]
    for _ in range(critical):
        acc = _maths._times_chain(acc, shape)
    return low, tuple(acc)


def tally_per_size(n: int, sn: int, budget: int, critical: int, bound: int) -> Distribution:
    """The tally from a pass at exactly the size ``bound`` needs."""
    weights = _maths._pool_weights(n, sn, budget)
    start = min(b + k for b, k in weights) + critical
    low, w = horner_per_size(n, sn, budget, critical, bound - min(b for b, _ in weights) + 1)
    pairs, cum = [], 0
    for i, x in enumerate(w):
        cum = cum * 12 + x
        if low + i >= start:
            pairs.append((low + i, Fraction(x, 12 ** (n + i))))
    den = 12 ** (n + len(w) - 1)
    return Distribution(tuple(pairs), Fraction(den - cum, den), f"{bound + 1} or more")


@pytest.mark.parametrize(
    ("dice", "sn", "budget", "critical"),
    [
        (0, 8, 0, 0),
        (0, 8, 0, 3),
        (1, 8, 0, 0),
        (3, 8, 0, 0),
        (9, 8, 0, 0),
        (9, 8, 0, 2),
        (6, 2, 0, 1),
        (7, 12, 0, 0),
        (8, 13, 0, 3),
        (20, 8, 0, 0),
        (4, 8, 3, 0),
        (5, 5, 2, 1),
        (5, 13, 4, 0),
    ],
)
def test_one_horner_pass_matches_a_pass_per_size(dice: int, sn: int, budget: int, critical: int) -> None:
    low = min(b for b, _ in _maths._pool_weights(dice, sn, budget))
    first = _maths._first_size(dice, critical)
    for size in sorted({1, 2, 1 - low, 5, first - 1, first, 2 * first}):
        got_low, every, plain = _maths._totals(dice, sn, budget, critical, size, True)
        assert (got_low, every) == horner_per_size(dice, sn, budget, critical, size)
        assert plain == horner_per_size(dice, sn, budget, critical, size, True)[1]
        assert _maths._totals(dice, sn, budget, critical, size) == (low, every, ())
    key = (dice, sn, budget, critical)
    lowest = _maths._lowest(*key)[1]
    default = _maths._default_bound(*key)
    for bound in sorted(
        {lowest, lowest + 1, default - 1, default, default + 1, low + first, 3 * first, MAX_BOUND}
        - {lowest - 1}
    ):
        assert _maths._tally(*key, bound) == tally_per_size(*key, bound), bound


def test_empty_pool_is_a_certain_failure() -> None:
    check = Check(dice=0)
    assert check.distribution().items() == ((0, Fraction(1)),)
    assert check.distribution().tail == 0
    assert check.outcomes()["failure"] == 1
    assert check.chance() == 0
    roll = check.resolve([])
    assert (roll.tally, roll.outcome, roll.dice) == (0, "failure", ())


def test_one_die_by_hand() -> None:
    # SN 8: a 1 (1/12) fails, 2-7 (6/12) do nothing, 8-11 (4/12) succeed, a 12 (1/12) succeeds
    # and rolls a critical die worth 1 or more.
    out = Check(dice=1).outcomes()
    assert dict(out.items()) == {
        "critical failure": Fraction(1, 12),
        "failure": Fraction(1, 2),
        "success": Fraction(1, 3),
        "critical success": Fraction(1, 12),
    }
    tally = Check(dice=1).distribution(bound=3)
    # total 2: a 12 and a critical die of 1-7; total 3: a 12, then 8-11 on the critical die
    assert tally[2] == Fraction(1, 12) * Fraction(7, 12)
    assert tally[3] == Fraction(1, 12) * Fraction(4, 12)


def test_critical_chain_by_hand() -> None:
    # One critical die alone (an ability's die), SN 8: 1 w.p. 7/12, 2 w.p. 4/12, and a 12
    # (2 successes) rolls again. So P(1) = 7/12, P(2) = 4/12, P(3) = 1/12 * 7/12.
    tally = Check(dice=0, critical=1).distribution(bound=4)
    assert tally[1] == Fraction(7, 12)
    assert tally[2] == Fraction(4, 12)
    assert tally[3] == Fraction(7, 144)
    assert tally[4] == Fraction(4, 144)
    assert tally.tail == Fraction(1, 144)
    # SN above 12: every critical die counts 1 and a 12 chains: P(s) = (11/12) (1/12)**(s-1)
    high = Check(dice=0, critical=1, sn=13).distribution(bound=4)
    assert [p for _, p in high.items()] == [Fraction(11, 12) / 12**k for k in range(4)]
    assert high.tail == Fraction(1, 12**4)


def test_mean_of_a_critical_die_matches_the_policy_price() -> None:
    assert crit_mean(8) == Fraction(17, 11)
    assert crit_mean(13) == Fraction(12, 11)
    for sn in range(2, 13):
        assert crit_mean(sn) == Fraction(25 - sn, 11)
    # the listed distribution of a single critical die has this mean up to its tail
    tally = Check(dice=0, critical=1).distribution(bound=200)
    assert abs(sum(k * p for k, p in tally.items()) - crit_mean(8)) < Fraction(1, 10**100)


# --- the spending policy -------------------------------------------------------------------------

POLICY_GRID = [(1, 6), (2, 5), (3, 3), (4, 1)]


@pytest.mark.parametrize("sn", [2, 3, 5, 8, 11, 12, 13, 24])
def test_policy_matches_exhaustive_search(sn: int) -> None:
    for dice, budget in POLICY_GRID:
        for faces in itertools.combinations_with_replacement(range(1, 13), dice):
            for legendary in {0, budget // 2, budget}:
                steps = best_adjustments(faces=faces, sn=sn, legendary=legendary, focus=budget - legendary)
                final = apply(faces, steps)
                assert plan_key(final, sn, len(steps)) == exhaustive_best(faces, sn, budget), (
                    faces,
                    sn,
                    budget,
                )


@settings(max_examples=150, deadline=None)
@given(
    faces=st.lists(st.integers(1, 12), min_size=0, max_size=9),
    sn=st.integers(2, 14),
    legendary=st.integers(0, 6),
    focus=st.integers(0, 6),
)
def test_policy_is_optimal_on_random_rolls(faces: list[int], sn: int, legendary: int, focus: int) -> None:
    steps = best_adjustments(faces=tuple(faces), sn=sn, legendary=legendary, focus=focus)
    final = apply(tuple(faces), steps)
    assert plan_key(final, sn, len(steps)) == knapsack_best(tuple(faces), sn, legendary + focus)
    # Legendary first, one point per step, never a 1 moved, never above 12
    sources = [s[3] for s in steps]
    assert sources == sorted(sources, key=["Legendary", "Focus"].index)
    assert sum(s[3] == "Legendary" for s in steps) == min(legendary, len(steps))
    assert all(faces[d - 1] != 1 and b <= 12 for d, _, b, _ in steps)


def test_policy_examples_by_hand() -> None:
    # SN 8, 4 points, faces 7, 6, 8: 7->8 and 6->8 (3 points, +2) beat 8->12 (+17/11)
    assert best_adjustments(faces=(7, 6, 8), sn=8, legendary=4) == (
        (1, 7, 8, "Legendary"),
        (2, 6, 7, "Legendary"),
        (2, 7, 8, "Legendary"),
    )
    # one point more buys nothing better than +2... 5 points: 8->12 (4) and 7->8 (1): 1 + 17/11
    assert best_adjustments(faces=(7, 6, 8), sn=8, focus=5) == (
        (1, 7, 8, "Focus"),
        (3, 8, 9, "Focus"),
        (3, 9, 10, "Focus"),
        (3, 10, 11, "Focus"),
        (3, 11, 12, "Focus"),
    )
    # SN 3 makes a critical die worth exactly 2 on average: 10->12 ties with two 2s->3 at
    # 2 points; the tie goes to the critical die
    assert best_adjustments(faces=(10, 2, 2), sn=3, legendary=2) == (
        (1, 10, 11, "Legendary"),
        (1, 11, 12, "Legendary"),
    )
    # nothing worth buying: 1s cannot move and 12s are already at the top
    assert best_adjustments(faces=(1, 12, 1), sn=8, legendary=3, focus=3) == ()
    # SN above 12: only 12s matter; the cheapest die goes first, Legendary before Focus
    assert best_adjustments(faces=(12, 12, 11, 9), sn=13, legendary=1, focus=3) == (
        (3, 11, 12, "Legendary"),
        (4, 9, 10, "Focus"),
        (4, 10, 11, "Focus"),
        (4, 11, 12, "Focus"),
    )


def test_lowering_and_sacrifice_never_pay() -> None:
    # what a face counts (with its critical die's mean) never drops as the face rises
    for sn in range(2, 14):
        worth = [face_value(f, sn) + (crit_mean(sn) if f == 12 else 0) for f in range(1, 13)]
        assert worth == sorted(worth)
    # SN 13: giving up a 12 (its critical die: >= 1 always, 12/11 on average) for +1
    assert 1 - crit_mean(13) == Fraction(-1, 11)
    assert min(s for s, _ in crit_chain(1, 13, 5)) == 1


# --- rolls by hand -------------------------------------------------------------------------------


def test_resolve_plain_roll() -> None:
    # SN 8: 12 (+1, critical die), 8 (+1), 1 (-1), 5, 3; critical die 9 (>= 8: +2) -> 3
    roll = Check(dice=5).resolve([12, 8, 1, 5, 3, 9])
    assert roll.tally == 3 and roll.outcome == "critical success" and roll.success
    assert [(d.role, d.counts, d.value) for d in roll.dice] == [
        ("standard", "critical success", 1),
        ("standard", "success", 1),
        ("standard", "fail", -1),
        ("standard", "nothing", 0),
        ("standard", "nothing", 0),
        ("critical", "double success", 2),
    ]
    assert roll.detail("critical successes") == 1 and roll.detail("critical dice") == 1
    assert roll.detail("successes") == 4 and roll.detail("fails") == 1
    assert roll.detail("story event") is True
    # a critical die exactly at the SN counts 2, one just below counts 1
    assert Check(dice=1).resolve([12, 8]).tally == 3
    assert Check(dice=1).resolve([12, 7]).tally == 2
    assert Check(dice=1, sn=7).resolve([12, 7]).tally == 3


def test_resolve_critical_chain() -> None:
    # two 12s -> two critical dice (12 and 3); the 12 adds a third (7): 1+1 + 2+1+1 = 6
    roll = Check(dice=2).resolve([12, 12, 12, 3, 7])
    assert roll.tally == 6
    assert [d.role for d in roll.dice] == ["standard"] * 2 + ["critical"] * 3
    assert roll.dice[2].note == "12: roll another critical die"
    assert roll.detail("critical dice") == 3
    with pytest.raises(RulesError, match="needs more dice"):
        Check(dice=2).resolve([12, 12, 12, 3])


def test_resolve_critical_failure_with_a_twelve() -> None:
    # 12, 1, 1, 1 and a critical die of 5: 1 - 3 + 1 = -1; a -5 is no worse than a -1
    roll = Check(dice=4).resolve([12, 1, 1, 1, 5])
    assert (roll.tally, roll.outcome, roll.success) == (-1, "critical failure", False)
    assert roll.detail("critical successes") == 1 and roll.detail("story event") is True
    worst = Check(dice=5).resolve([1] * 5)
    assert (worst.tally, worst.outcome) == (-5, "critical failure")
    assert roll.probability == Check(dice=4).outcomes()["critical failure"]
    assert worst.probability == Check(dice=5).outcomes()["critical failure"]
    quiet = Check(dice=3).resolve([4, 5, 6])
    assert (quiet.tally, quiet.outcome, quiet.detail("story event")) == (0, "failure", False)


def test_resolve_with_adjustments() -> None:
    # SN 8, 1 Legendary + 1 Focus on 10, 7, 1: 10->12 (a critical die, 17/11) beats 7->8 (+1)
    check = Check(dice=3, legendary=1, focus=1)
    roll = check.resolve([10, 7, 1, 4])
    assert roll.detail("adjustments") == (
        "die 1 raised from 10 to 11 (1 Legendary rank)",
        "die 1 raised from 11 to 12 (1 Focus)",
    )
    assert roll.detail("legendary spent") == 1 and roll.detail("focus spent") == 1
    assert roll.dice[0].face == 10 and roll.dice[0].counts == "critical success"
    assert roll.dice[0].note == "raised from 10 to 12 (1 Legendary rank, 1 Focus); rolls a critical die"
    assert roll.dice[0].adjusted == 12 and roll.dice[1].adjusted is None  # the face it counted as
    assert roll.dice[2].counts == "fail"
    # 12 (+1), 7 (0), 1 (-1), critical 4 (+1) = 1
    assert (roll.tally, roll.outcome) == (1, "critical success")
    assert roll.faces == (10, 7, 1, 4)
    assert roll.probability == check.outcomes()["critical success"]


def test_resolve_sn_above_twelve() -> None:
    # SN 13, 1 Focus: 11 -> 12; each 12 counts nothing but rolls a critical die worth 1
    roll = Check(dice=3, sn=13, focus=1).resolve([12, 11, 1, 12, 5, 9])
    # critical dice: 12 (1, chains), 5 (1), then 9 (1): 0 + 0 - 1 + 3 = 2
    assert roll.tally == 2 and roll.outcome == "critical success"
    assert [d.value for d in roll.dice] == [0, 0, -1, 1, 1, 1]
    with pytest.raises(RulesError, match="d12"):
        Check(dice=1, sn=13).resolve([13])


def test_resolve_rejects_leftover_faces() -> None:
    with pytest.raises(RulesError, match="left over"):
        Check(dice=2).resolve([3, 4, 5])
    with pytest.raises(ParameterTypeError):
        Check(dice=2).resolve("34")
    with pytest.raises(ParameterTypeError):
        Check(dice=2).resolve([3, 4.0])


# --- pools and the pooled checks -----------------------------------------------------------------


def test_module_tables() -> None:
    assert critdice.CHECKS == {"check": Check, "skill": SkillCheck, "stat": StatCheck}
    assert all(c.system == "critdice" for c in critdice.CHECKS.values())
    assert set(critdice.__all__) <= set(dir(critdice))
    ids = [r.id for r in critdice.RULINGS]
    assert len(ids) == len(set(ids)) and all(i.startswith("critdice-") for i in ids)
    for needed in (
        "twelve-counts",
        "pool-size",
        "sn-range",
        "sn-above-12",
        "legendary-cap",
        "never-to-one",
        "stacking",
        "policy",
        "outcomes",
    ):
        assert f"critdice-{needed}" in ids
    assert all(r.system == "critdice" and r.source and r.ruling and r.why for r in critdice.RULINGS)
    assert set(critdice.RULINGS) <= set(rollkit.RULINGS)


@pytest.mark.skipif(not SEED_TEXT.exists(), reason="rules source not available")
def test_no_nine_word_runs_from_the_source() -> None:
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    seed = words(SEED_TEXT.read_text(encoding="utf-8"))
    grams = {tuple(seed[i : i + 9]) for i in range(len(seed) - 8)}
    prose = [critdice.__doc__ or ""]
    prose += [f"{r.source} {r.ruling} {r.why}" for r in critdice.RULINGS]
    prose += [
        obj.__doc__ or ""
        for obj in vars(critdice).values()
        if getattr(obj, "__module__", "").startswith(critdice.__name__ + ".")
    ]
    prose += [method.__doc__ or "" for method in (Check.skill, Check.stat)]
    for text in prose:
        ours = words(text)
        assert not {tuple(ours[i : i + 9]) for i in range(len(ours) - 8)} & grams


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"dice": -1}, RulesError, r"dice=-1 is not allowed"),
        ({"dice": 1.5}, ParameterTypeError, r"dice=1.5 .*whole number"),
        ({"dice": "3"}, ParameterTypeError, r"dice='3'"),
        ({"dice": None}, ParameterTypeError, r"dice=None"),
        ({"dice": True}, ParameterTypeError, r"dice=True"),
        ({"dice": MAX_DICE + 1}, LimitError, rf"dice={MAX_DICE + 1} is too large"),
        ({"dice": 10**9}, LimitError, r"too large"),
        ({"dice": 3, "sn": 1}, RulesError, r"sn=1 is not allowed: .*a 1 is always a Fail"),
        ({"dice": 3, "sn": 0}, RulesError, r"sn=0"),
        ({"dice": 3, "sn": MAX_SN + 1}, RulesError, r"sn=25 is not allowed"),
        ({"dice": 3, "sn": 8.0}, ParameterTypeError, r"sn=8.0"),
        ({"dice": 3, "legendary": -1}, RulesError, r"legendary=-1"),
        ({"dice": 3, "legendary": "2"}, ParameterTypeError, r"legendary='2'"),
        ({"dice": 3, "focus": False}, ParameterTypeError, r"focus=False"),
        ({"dice": 3, "focus": MAX_POINTS + 1}, LimitError, r"focus=11 is too large"),
        ({"dice": 3, "legendary": 6, "focus": 5}, LimitError, r"legendary\+focus=11 is too large"),
        ({"dice": MAX_ADJUSTED_DICE + 1, "focus": 1}, LimitError, r"dice=31 is too large: with"),
        ({"dice": 3, "critical": -2}, RulesError, r"critical=-2"),
        ({"dice": 3, "critical": MAX_CRITICAL + 1}, LimitError, r"critical=101 is too large"),
        ({"dice": 3, "critical": None}, ParameterTypeError, r"critical=None"),
    ],
)
def test_check_errors(kwargs: dict[str, object], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        Check(**kwargs)  # type: ignore[arg-type]


def test_adjusted_pool_limit_is_exact_at_the_edge() -> None:
    Check(dice=MAX_ADJUSTED_DICE + 1)  # no points: the larger limit applies
    Check(dice=MAX_ADJUSTED_DICE, legendary=MAX_POINTS)  # allowed, computed lazily


def test_bound_errors() -> None:
    check = Check(dice=3)
    with pytest.raises(
        RulesError,
        match=r"bound=-4 is not allowed: bound must be a whole number"
        r" of at least -3",
    ):
        check.distribution(bound=-4)
    assert check.distribution(bound=-3).items() == ((-3, Fraction(1, 1728)),)
    with pytest.raises(LimitError, match=r"bound=1001 is too large"):
        check.distribution(bound=MAX_BOUND + 1)
    with pytest.raises(ParameterTypeError, match=r"bound=2.0"):
        check.distribution(bound=2.0)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"at least 2"):
        Check(dice=0, critical=2).distribution(bound=1)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rank": -1, "stats": (3, 4)}, RulesError, r"rank=-1"),
        ({"rank": 1.0, "stats": (3, 4)}, ParameterTypeError, r"rank=1.0"),
        ({"rank": 1, "stats": ()}, RulesError, r"one or two"),
        ({"rank": 1, "stats": (1, 2, 3)}, RulesError, r"one or two"),
        ({"rank": 1, "stats": "34"}, ParameterTypeError, r"stats='34'"),
        ({"rank": 1, "stats": 3}, ParameterTypeError, r"stats=3"),
        ({"rank": 1, "stats": (3, None)}, ParameterTypeError, r"stats\[1\]=None"),
        ({"rank": 1, "stats": (3, -1)}, RulesError, r"stats\[1\]=-1"),
        ({"rank": 1, "stats": (3,), "weapon_bonus": -1}, RulesError, r"weapon_bonus=-1"),
        (
            {"rank": 1, "stats": (3,), "untrained_allowed": 1},
            ParameterTypeError,
            r"untrained_allowed=1 .*True or False",
        ),
        ({"rank": 0, "stats": (3,), "untrained_allowed": False}, RulesError, r"rank=0"),
    ],
)
def test_skill_pool_errors(kwargs: dict[str, object], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        skill_pool(**kwargs)  # type: ignore[arg-type]


def test_other_errors() -> None:
    with pytest.raises(RulesError, match=r"stat=-1"):
        stat_pool(stat=-1)
    with pytest.raises(ParameterTypeError, match=r"stat='2'"):
        stat_pool(stat="2")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"faces\[1\]=13"):
        best_adjustments(faces=(3, 13))
    with pytest.raises(ParameterTypeError, match=r"faces="):
        best_adjustments(faces="33")  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match=r"faces\[0\]=2.5"):
        best_adjustments(faces=(2.5,))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"sn=1"):
        best_adjustments(faces=(3,), sn=1)
    with pytest.raises(RulesError, match=r"focus=-1"):
        best_adjustments(faces=(3,), focus=-1)
    with pytest.raises(ParameterTypeError, match="rng"):
        Check(dice=2).roll(rng=3)  # type: ignore[arg-type]


def test_largest_sizes_give_whole_distributions() -> None:
    """Speed at these sizes is measured by the engine benchmark, not here."""
    for check in (
        Check(dice=MAX_DICE, critical=MAX_CRITICAL),
        Check(dice=MAX_ADJUSTED_DICE, sn=8, legendary=4, focus=6),
    ):
        assert check.outcomes().total() == 1
        assert check.distribution().total() == 1


# --- shared properties ---------------------------------------------------------------------------

SPREAD = [
    Check(dice=1),
    Check(dice=5),
    Check(dice=9, sn=10),
    Check(dice=4, sn=2, critical=1),
    Check(dice=6, sn=13, focus=2),
    Check(dice=7, legendary=2, focus=3),
    Check(dice=12, sn=6, legendary=1),
    Check(dice=0, critical=2),
    SkillCheck(rank=2, stats=(3, 4), weapon_bonus=1, focus=2),
    StatCheck(stat=3, sn=9),
]


@pytest.mark.parametrize("check", SPREAD, ids=lambda c: c.describe())
def test_properties(check: Check) -> None:
    assert_exact(check)
    assert_replayable(check)
    out = check.outcomes()
    assert check.chance() == out["success"] + out["critical success"]
    tally = check.distribution()
    assert check.chance() == tally.at_least(1)
    assert out["critical failure"] == tally.probability(lambda t: t < 0)
    assert out["failure"] == tally.get(0, 0)  # a total of 0 may be impossible (2 critical dice)


@pytest.mark.parametrize("check", SPREAD[1:8:2], ids=lambda c: c.describe())
def test_frequencies(check: Check) -> None:
    assert_frequencies(check, n=2000)


@settings(max_examples=40, deadline=None)
@given(
    dice=st.integers(0, 8),
    sn=st.integers(2, 16),
    legendary=st.integers(0, 3),
    focus=st.integers(0, 3),
    critical=st.integers(0, 2),
    seed=st.integers(0, 2**32),
)
def test_rolls_agree_with_their_log(
    dice: int, sn: int, legendary: int, focus: int, critical: int, seed: int
) -> None:
    check = Check(dice=dice, sn=sn, legendary=legendary, focus=focus, critical=critical)
    roll = check.roll(seed=seed)
    assert roll.tally == sum(d.value for d in roll.dice)
    assert roll.success == (roll.tally >= 1)
    standard = [d for d in roll.dice if d.role == "standard"]
    assert [d.face for d in standard] == list(roll.faces[:dice])
    final = apply(
        roll.faces[:dice], best_adjustments(faces=roll.faces[:dice], sn=sn, legendary=legendary, focus=focus)
    )
    assert [d.value for d in standard] == [face_value(f, sn) for f in final]
    assert [d.counts == "critical success" for d in standard] == [f == 12 for f in final]
    assert all(d.value == crit_value(d.face, sn) for d in roll.dice[dice:])
    twelves = sum(d.counts == "critical success" for d in standard)
    assert roll.detail("critical dice") == len(roll.dice) - dice
    assert roll.detail("critical dice") >= twelves + critical
    expected = (
        "critical failure"
        if roll.tally < 0
        else "failure"
        if roll.tally == 0
        else "critical success"
        if twelves
        else "success"
    )
    assert roll.outcome == expected
    assert roll.detail("legendary spent") <= legendary
    assert roll.detail("focus spent") <= focus
    assert roll.probability == check.outcomes()[roll.outcome]
    assert check.resolve(roll.faces) == dataclasses.replace(roll, seed=None)
