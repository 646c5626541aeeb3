"""trait: 2d12 + MOD (+ EXP when Adept) against a Threshold, Prowess/Stagger; and what spans
the check and the contest (errors and limits of both, the shared properties on a spread of
both, the rulings).

Expected values come from brute-force enumeration of every face combination,
an independent die-by-die recurrence for bigger pools, closed forms derived by
hand, or the worked examples of the rules text (seed 001).
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, trait
from rollkit.trait import Check, Contest
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.helpers.sources import SEEDS
from tests.systems.trait.brute import brute_sums, recurrence_sums, ref_net, ref_outcome, ref_totals

SEED_TEXT = SEEDS / "001_46aef7f6d73db738.txt"  # beside the checkout or a folder above it


# ------------------------------------------------------ exact vs brute force

GRID = [
    dict(mod=mod, threshold=t, exp=exp, adept=adept, prowess=p, stagger=s, cap=cap)
    for mod, t in [(0, 15), (5, 15), (3, 20), (-2, 5), (0, 2), (7, 30), (10, 40), (0, 1)]
    for exp, adept, p, s, cap in [
        (0, False, 0, 0, "online"),
        (0, True, 0, 0, "online"),
        (0, True, 0, 0, "draft"),
        (4, True, 1, 0, "online"),
        (6, False, 0, 2, "online"),
        (6, True, 3, 1, "online"),
        (2, False, 3, 1, "online"),
        (1, False, 0, 3, "draft"),
        (3, False, 2, 0, "none"),
        (0, False, 0, 3, "none"),
        (9, True, 0, 0, "none"),
        (12, False, 5, 5, "online"),
    ]
]


@pytest.mark.parametrize("params", GRID, ids=lambda p: ",".join(f"{v}" for v in p.values()))
def test_against_brute_force(params: dict) -> None:
    check = Check(**params)
    fields = {k: v for k, v in params.items() if k != "threshold"}
    totals = ref_totals(**fields)
    assert dict(check.distribution().items()) == totals
    assert list(check.distribution()) == sorted(totals)
    expected = dict.fromkeys(trait.OUTCOMES, Fraction(0))
    for total, p in totals.items():
        expected[ref_outcome(params["threshold"], total)] += p
    assert check.outcomes().items() == tuple(expected.items())
    assert check.chance() == expected["success"]
    assert check.dice_rolled == 2 + abs(
        ref_net(params["exp"], params["adept"], params["prowess"], params["stagger"], params["cap"])
    )


@pytest.mark.parametrize("net", [-3, -2, -1, 0, 1, 2, 3])
def test_kept_sums_by_enumeration(net: int) -> None:
    check = Check(mod=0, threshold=15, prowess=max(net, 0), stagger=max(-net, 0), cap="none")
    sums, denominator = brute_sums(net)
    assert dict(check.distribution().items()) == {s: Fraction(w, denominator) for s, w in sums.items()}
    assert recurrence_sums(net) == (sums, denominator)


@pytest.mark.parametrize("net", [-9, -6, -4, 4, 5, 7, 10])
def test_bigger_pools_by_recurrence(net: int) -> None:
    check = Check(mod=1, threshold=15, prowess=max(net, 0), stagger=max(-net, 0), cap="none")
    sums, denominator = recurrence_sums(net)
    assert dict(check.distribution().items()) == {s + 1: Fraction(w, denominator) for s, w in sums.items()}


@pytest.mark.parametrize("extra", [1000, 237])
def test_huge_pools_closed_forms(extra: int) -> None:
    # Hand-derived: the kept two are both 12 unless at most one die shows 12.
    n = 2 + extra
    top = 1 - Fraction(11**n + n * 11 ** (n - 1), 12**n)
    # Kept 12 and 11 with Prowess: exactly one 12, and at least one 11 among the rest.
    twelve_eleven = Fraction(n * (11 ** (n - 1) - 10 ** (n - 1)), 12**n)
    best = Check(mod=0, threshold=24, prowess=extra, cap="none")
    worst = Check(mod=0, threshold=3, stagger=extra, cap="none")
    assert best.chance() == top
    assert best.distribution()[23] == twelve_eleven
    assert worst.outcomes()["low failure"] == top  # total 2 against 3: both kept are 1s
    assert worst.distribution()[3] == twelve_eleven
    assert best.distribution().total() == 1 == worst.outcomes().total()
    assert len(best.roll(seed=1).dice) == n


def test_more_prowess_never_hurts() -> None:
    for t in (5, 15, 20, 25, 30):
        chances = [Check(mod=0, threshold=t, stagger=k, cap="none").chance() for k in range(12, 0, -1)]
        chances += [Check(mod=0, threshold=t, prowess=k, cap="none").chance() for k in range(0, 13)]
        assert chances == sorted(chances)


def test_distribution_bound_and_tail() -> None:
    check = Check(mod=2, threshold=15, prowess=1)
    totals = ref_totals(mod=2, prowess=1)
    cut = check.distribution(bound=20)
    assert dict(cut.items()) == {k: p for k, p in totals.items() if k <= 20}
    assert cut.tail == sum(p for k, p in totals.items() if k > 20)
    assert cut.tail_label == "21 or more"
    assert cut.total() == 1
    assert check.distribution(bound=1000) == check.distribution()
    with pytest.raises(RulesError, match="at least 4, the lowest possible tally"):
        check.distribution(bound=0)  # 2 + MOD 2 is the lowest total: nothing would be listed
    assert list(check.distribution(bound=4)) == [4] and check.distribution(bound=4).tail_label == "5 or more"
    assert cut.at_least(15) == check.chance()


# ------------------------------------------------------- the source's examples


def test_example_sneaking_past_a_guard() -> None:
    # Sneak 51 -> MOD +5, not Adept, Standard Threshold 15, dice 6 and 7: 13 + 5 = 18.
    check = Check(mod=trait.mod_for(score=51), threshold=trait.THRESHOLDS["Standard"])
    roll = check.resolve([6, 7])
    assert check.mod == 5 and check.threshold == 15
    assert (roll.tally, roll.outcome, roll.success) == (18, "success", True)
    assert [(d.face, d.counts, d.value) for d in roll.dice] == [(6, "kept", 6), (7, "kept", 7)]
    assert roll.detail("margin") == 3 and roll.detail("missed_by") == 0
    assert roll.detail("degree") is None and roll.detail("chance_cost") == 0
    assert roll.detail("difficulty") == "Standard"
    # 2d12 >= 10 by hand: 144 minus the 36 ways of 2..9 = 108.
    assert roll.probability == check.chance() == Fraction(108, 144)


def test_example_narrow_miss() -> None:
    # Threshold 20, total 17: missed by 3, a Low failure, costing 1 Chance.
    check = Check(mod=4, threshold=20)
    roll = check.resolve([6, 7])
    assert (roll.tally, roll.outcome, roll.success) == (17, "low failure", False)
    assert roll.detail("missed_by") == 3 and roll.detail("margin") == -3
    assert (roll.detail("degree"), roll.detail("chance_cost")) == ("Low", 1)
    assert roll.detail("difficulty") == "Challenging"
    # Low failure needs kept sums 12..15 (totals 16..19): 11+12+11+10 = 44 ways.
    assert roll.probability == Fraction(44, 144)


@pytest.mark.parametrize(
    "faces,outcome,degree,cost,missed",
    [
        ([1, 1], "critical failure", "Critical", 3, 13),  # 2 + 0 vs 15
        ([2, 2], "critical failure", "Critical", 3, 11),
        ([2, 3], "moderate failure", "Moderate", 2, 10),
        ([5, 5], "moderate failure", "Moderate", 2, 5),
        ([5, 6], "low failure", "Low", 1, 4),
        ([7, 7], "low failure", "Low", 1, 1),
        ([7, 8], "success", None, 0, 0),
    ],
)
def test_degree_edges(faces: list[int], outcome: str, degree: str | None, cost: int, missed: int) -> None:
    roll = Check(mod=0, threshold=15).resolve(faces)  # MOD 0 against Standard 15
    assert (roll.outcome, roll.detail("degree"), roll.detail("chance_cost"), roll.detail("missed_by")) == (
        outcome,
        degree,
        cost,
        missed,
    )


def test_failure_degree_table() -> None:
    assert trait.failure_degree(missed=0) == (None, 0)
    assert trait.failure_degree(missed=-7) == (None, 0)
    assert [trait.failure_degree(missed=m) for m in (1, 4, 5, 10, 11, 40)] == [
        ("Low", 1),
        ("Low", 1),
        ("Moderate", 2),
        ("Moderate", 2),
        ("Critical", 3),
        ("Critical", 3),
    ]


def test_thresholds_table() -> None:
    assert trait.THRESHOLDS == {
        "Novice": 5,
        "Easy": 10,
        "Standard": 15,
        "Challenging": 20,
        "Tough": 25,
        "Expert": 30,
    }
    assert [trait.difficulty(threshold=t) for t in (5, 10, 15, 20, 25, 30, 17)] == [
        "Novice",
        "Easy",
        "Standard",
        "Challenging",
        "Tough",
        "Expert",
        None,
    ]


def test_prowess_and_stagger_dice() -> None:
    best = Check(mod=0, threshold=15, prowess=1).resolve([3, 9, 11])
    assert [d.counts for d in best.dice] == ["dropped", "kept", "kept"]
    assert [d.role for d in best.dice] == ["pool", "pool", "prowess"]
    assert [d.value for d in best.dice] == [0, 9, 11] and best.tally == 20
    worst = Check(mod=0, threshold=15, stagger=1).resolve([3, 9, 11])
    assert [d.counts for d in worst.dice] == ["kept", "kept", "dropped"] and worst.tally == 12
    assert worst.detail("kept") == (3, 9)
    even = Check(mod=0, threshold=15, prowess=1).resolve([5, 5, 5])
    assert [d.counts for d in even.dice] == ["kept", "kept", "dropped"]
    many = Check(mod=1, threshold=15, exp=8, prowess=4).resolve([1, 12, 4, 12, 7, 2])
    assert [d.counts for d in many.dice] == ["dropped", "kept", "dropped", "kept", "dropped", "dropped"]
    assert many.tally == 25 and many.detail("dice_rolled") == 6
    with pytest.raises(RulesError):
        Check(mod=0, threshold=15, prowess=1).resolve([3, 9])
    with pytest.raises(RulesError):
        Check(mod=0, threshold=15).resolve([3, 9, 4])
    with pytest.raises(RulesError):
        Check(mod=0, threshold=15).resolve([0, 13])


def test_adept_adds_exp_and_one_prowess() -> None:
    check = Check(mod=3, threshold=20, exp=4, adept=True)
    assert (check.side.bonus, check.effective_prowess, check.dice_rolled) == (7, 1, 3)
    roll = check.resolve([2, 10, 6])
    assert roll.tally == 23 and roll.detail("exp_added") == 4 and roll.detail("prowess") == 1
    # EXP is not added when not Adept, but it still sets the cap.
    plain = Check(mod=3, threshold=20, exp=4, prowess=5)
    assert (plain.side.bonus, plain.effective_prowess, plain.stack_cap) == (3, 2, 2)


@pytest.mark.parametrize(
    "exp,cap,limit",
    [
        (0, "online", 1),
        (1, "online", 1),
        (2, "online", 1),
        (6, "online", 3),
        (10, "online", 5),
        (0, "draft", 0),
        (1, "draft", 0),
        (3, "draft", 1),
        (11, "draft", 5),
        (4, "none", None),
    ],
)
def test_stack_cap(exp: int, cap: str, limit: int | None) -> None:
    assert trait.stack_cap(exp=exp, cap=cap) == limit
    check = Check(mod=0, threshold=15, exp=exp, prowess=50, cap=cap)
    assert check.stack_cap == limit
    assert check.effective_prowess == (50 if limit is None else limit)


def test_cap_applies_before_cancelling() -> None:
    check = Check(mod=0, threshold=15, exp=2, prowess=3, stagger=1)
    assert (check.effective_prowess, check.effective_stagger, check.dice_rolled) == (1, 1, 2)
    assert check.chance() == Fraction(55, 144)  # plain 2d12 >= 15: 10+9+...+1 ways
    # Draft cap at EXP 1 is 0: even Adept's Prowess is lost.
    draft = Check(mod=0, threshold=15, exp=1, adept=True, cap="draft")
    assert (draft.effective_prowess, draft.dice_rolled) == (0, 2)
    roll = Check(mod=0, threshold=15, exp=2, prowess=3, stagger=2).resolve([4, 4])
    assert (roll.detail("prowess"), roll.detail("stagger"), roll.detail("stack_cap")) == (1, 1, 1)


def test_levels_from_the_text() -> None:
    # Cap 0 at levels 1-3, 1 at level 6, 3 at 12 and 5 at 20 (draft rule, half EXP).
    caps = {
        lv: trait.stack_cap(exp=trait.exp_for_level(level=lv), cap="draft") for lv in (1, 2, 3, 6, 12, 20)
    }
    assert caps == {1: 0, 2: 0, 3: 0, 6: 1, 12: 3, 20: 5}
    assert trait.stack_cap(exp=trait.exp_for_level(level=1)) == 1  # the online floor


def test_mod_for() -> None:
    assert [trait.mod_for(score=s) for s in (0, 9, 10, 51, 59, 60, 99, 1000)] == [0, 0, 1, 5, 5, 6, 9, 100]
    with pytest.raises(RulesError):
        trait.mod_for(score=-1)
    with pytest.raises(LimitError):
        trait.mod_for(score=1001)
    for bad in (51.0, "51", None, True):
        with pytest.raises(ParameterTypeError):
            trait.mod_for(score=bad)


def test_equal_to_threshold_succeeds() -> None:
    roll = Check(mod=0, threshold=15).resolve([7, 8])
    assert roll.success and roll.tally == 15 and roll.detail("margin") == 0
    assert Check(mod=0, threshold=15).chance() - Check(mod=0, threshold=16).chance() == Fraction(10, 144)


# ------------------------------------------------------------------- errors

INT_FIELDS = ["mod", "threshold", "exp", "prowess", "stagger"]


@pytest.mark.parametrize("name", INT_FIELDS)
@pytest.mark.parametrize("bad", [1.0, "3", None, True, Fraction(1)])
def test_type_errors(name: str, bad: object) -> None:
    with pytest.raises(ParameterTypeError, match=name):
        Check(**{"mod": 0, "threshold": 15, name: bad})


def test_other_type_errors() -> None:
    for bad in (1, "yes", None):
        with pytest.raises(ParameterTypeError, match="adept"):
            Check(mod=0, threshold=15, adept=bad)
        with pytest.raises(ParameterTypeError, match="against_adept"):
            Contest(mod=0, against_mod=0, against_adept=bad)
    with pytest.raises(ParameterTypeError, match="cap"):
        Check(mod=0, threshold=15, cap=True)
    with pytest.raises(RulesError, match="cap"):
        Check(mod=0, threshold=15, cap="house")
    with pytest.raises(ParameterTypeError, match="ties"):
        Contest(mod=0, against_mod=0, ties=None)
    with pytest.raises(RulesError, match="ties"):
        Contest(mod=0, against_mod=0, ties="attacker")
    with pytest.raises(ParameterTypeError, match="bound"):
        Check(mod=0, threshold=15).distribution(bound=2.0)
    with pytest.raises(ParameterTypeError, match="bound"):
        Contest(mod=0, against_mod=0).distribution(bound=[3])
    with pytest.raises(TypeError):
        Check(mod=0)  # threshold is required
    with pytest.raises(ParameterTypeError, match="level"):
        trait.exp_for_level(level=3.0)
    with pytest.raises(ParameterTypeError, match="missed"):
        trait.failure_degree(missed="3")


@pytest.mark.parametrize(
    "fields",
    [
        dict(exp=-1),
        dict(prowess=-1),
        dict(stagger=-2),
    ],
)
def test_rules_errors(fields: dict) -> None:
    with pytest.raises(RulesError) as info:
        Check(mod=0, threshold=15, **fields)
    assert not isinstance(info.value, (LimitError, ParameterTypeError))
    name = next(iter(fields))
    assert f"{name}=" in str(info.value)
    with pytest.raises(RulesError, match="against_" + name):
        Contest(mod=0, against_mod=0, **{"against_" + name: fields[name]})
    with pytest.raises(RulesError, match="level"):
        trait.exp_for_level(level=0)


@pytest.mark.parametrize(
    "fields",
    [
        dict(mod=10**9),
        dict(mod=-(10**9)),
        dict(threshold=10**12),
        dict(threshold=-1001),
        dict(exp=101),
        dict(prowess=10**9),
        dict(stagger=1001),
        dict(prowess=10**100),
    ],
)
def test_limit_errors(fields: dict) -> None:
    with pytest.raises(LimitError, match=next(iter(fields))):
        Check(**{"mod": 0, "threshold": 15, **fields})
    with pytest.raises(LimitError):
        Contest(mod=0, against_mod=0, against_stagger=10**9)


def test_limits_at_the_edge_answer() -> None:
    edge = Check(
        mod=trait.MAX_MOD,
        threshold=-trait.MAX_THRESHOLD,
        exp=trait.MAX_EXP,
        adept=True,
        prowess=trait.MAX_EXTRA,
        stagger=0,
        cap="none",
    )
    assert edge.chance() == 1 and edge.dice_rolled == trait.MAX_EXTRA + 3
    contest = Contest(
        mod=0,
        prowess=trait.MAX_EXTRA,
        against_mod=0,
        against_stagger=trait.MAX_EXTRA,
        cap="none",
        ties="reroll",
    )
    assert contest.outcomes().total() == 1 and contest.distribution().total() == 1
    contest.roll(seed=9)


# --------------------------------------------------------------- properties

SPREAD = [
    Check(mod=5, threshold=15),
    Check(mod=0, threshold=20, exp=6, adept=True, prowess=2),
    Check(mod=2, threshold=25, exp=10, stagger=4),
    Check(mod=-1, threshold=5, exp=1, adept=True, stagger=1, cap="draft"),
    Check(mod=8, threshold=30, prowess=6, cap="none"),
    Contest(mod=3, against_mod=3),
    Contest(mod=2, exp=4, adept=True, against_mod=5, against_stagger=1, ties="standoff"),
    Contest(mod=0, prowess=1, against_mod=1, ties="reroll"),
    Contest(mod=6, against_mod=1, against_prowess=3, cap="none", ties="actor"),
]


@pytest.mark.parametrize("check", SPREAD, ids=lambda c: c.describe())
def test_properties(check: trait.Check | trait.Contest) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=2000)


def test_describe_and_json() -> None:
    check = Check(mod=5, threshold=15, adept=True, exp=2)
    assert check.describe() == (
        "trait.Check(mod=5, threshold=15, exp=2, adept=True, prowess=0, stagger=0, cap='online', spend=0)"
    )
    data = check.roll(seed=7).to_json()
    assert data["system"] == "trait" and len(data["faces"]) == 3
    assert data["details"]["kept"] and data["details"]["degree"] in (None, "Low", "Moderate", "Critical")
    assert check == Check(mod=5, threshold=15, adept=True, exp=2)
    assert hash(check) == hash(Check(mod=5, threshold=15, adept=True, exp=2))
    assert dataclasses.replace(check, mod=6).side.bonus == 8


@settings(max_examples=60, deadline=None)
@given(
    mod=st.integers(-20, 20),
    threshold=st.integers(-5, 45),
    exp=st.integers(0, 12),
    adept=st.booleans(),
    prowess=st.integers(0, 4),
    stagger=st.integers(0, 4),
    cap=st.sampled_from(trait.CAPS),
)
def test_hypothesis_check(
    mod: int, threshold: int, exp: int, adept: bool, prowess: int, stagger: int, cap: str
) -> None:
    check = Check(
        mod=mod, threshold=threshold, exp=exp, adept=adept, prowess=prowess, stagger=stagger, cap=cap
    )
    net = ref_net(exp, adept, prowess, stagger, cap)
    if abs(net) <= 3:
        totals = ref_totals(mod=mod, exp=exp, adept=adept, prowess=prowess, stagger=stagger, cap=cap)
        assert dict(check.distribution().items()) == totals
    assert check.outcomes().total() == 1
    assert check.chance() == check.distribution().at_least(threshold)


@settings(max_examples=60, deadline=None)
@given(
    faces=st.lists(st.integers(1, 12), min_size=2, max_size=7),
    mod=st.integers(-5, 15),
    threshold=st.integers(0, 40),
    worst=st.booleans(),
)
def test_hypothesis_resolve(faces: list[int], mod: int, threshold: int, worst: bool) -> None:
    extra = len(faces) - 2
    check = Check(
        mod=mod, threshold=threshold, prowess=0 if worst else extra, stagger=extra if worst else 0, cap="none"
    )
    roll = check.resolve(faces)
    ordered = sorted(faces)
    total = sum(ordered[:2] if worst else ordered[-2:]) + mod
    assert roll.tally == total
    assert roll.outcome == ref_outcome(threshold, total)
    assert sorted(d.face for d in roll.dice if d.counts == "kept") == (ordered[:2] if worst else ordered[-2:])
    assert roll.probability == check.outcomes()[roll.outcome]


# ------------------------------------------------------------------ rulings


def test_rulings() -> None:
    ids = [r.id for r in trait.RULINGS]
    assert len(ids) == len(set(ids))
    assert {
        "trait-mod-from-score",
        "trait-contest-ties",
        "trait-reach-equal",
        "trait-adept-prowess",
        "trait-stack-cap-floor",
        "trait-cap-before-cancel",
        "trait-exp-by-level",
    } <= set(ids)
    for r in trait.RULINGS:
        assert r.system == "trait" and r.id.startswith("trait-")
        assert r.section and r.source and r.ruling and r.why
    assert trait.CHECKS == {"check": Check, "contest": Contest}


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not SEED_TEXT.exists(), reason="rules text not available")
def test_no_long_runs_from_the_source() -> None:
    source = _words(SEED_TEXT.read_text(encoding="utf-8"))
    runs = {tuple(source[i : i + 9]) for i in range(len(source) - 8)}
    package = [path.read_text(encoding="utf-8") for path in sorted(Path(trait.__file__).parent.glob("*.py"))]
    prose = [r.source + " " + r.ruling + " " + r.why for r in trait.RULINGS] + package
    for text in prose:
        words = _words(text)
        copied = [w for i in range(len(words) - 8) if (w := tuple(words[i : i + 9])) in runs]
        assert not copied, copied
