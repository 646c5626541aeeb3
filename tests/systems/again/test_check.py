"""Tests for rollkit.again: exact odds against independent enumeration, examples, errors; and
what spans every kind (the worked examples, the shared properties on a spread of them all,
errors and limits, the module's data and rulings)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, again
from rollkit.again import Check, Mitigated, Opposed
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.helpers.sources import SEEDS
from tests.systems.again.brute import brute_outcomes, brute_pmf, formula_pmf, opposed_outcomes

SEED_TEXT = SEEDS / "003_2035ddbccc962368.txt"  # beside the checkout or a folder above it


# --- one pool ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("again_value", [8, 9, 10])
def test_distribution_matches_face_enumeration(n: int, again_value: int) -> None:
    depth = 7
    pmf, leftover = brute_pmf(n, again_value, depth)
    assert sum(pmf.values()) + leftover == 1
    dist = Check(dice=n, again=again_value).distribution(bound=depth + 3)
    for s in range(depth):
        assert dist[s] == pmf.get(s, 0), s
    # the truncated histories all lie at or above depth
    assert dist.tail + sum(dist[s] for s in range(depth, depth + 4)) >= leftover


@pytest.mark.parametrize("n", [1, 2, 5, 9, 17, 30])
@pytest.mark.parametrize("again_value", [8, 9, 10])
def test_distribution_matches_formula(n: int, again_value: int) -> None:
    dist = Check(dice=n, again=again_value).distribution()
    assert dist.total() == 1
    for s, p in dist.items():
        assert p == formula_pmf(n, again_value, s)
    assert dist.tail == 1 - sum(formula_pmf(n, again_value, s) for s in range(len(dist)))
    assert dist.tail_label == f"{len(dist)} or more"


@pytest.mark.parametrize(("n", "again_value"), [(1, 10), (4, 9), (12, 8), (40, 10)])
def test_default_bound_is_smallest_below_one_in_a_million(n: int, again_value: int) -> None:
    dist = Check(dice=n, again=again_value).distribution()
    assert 0 < dist.tail < Fraction(1, 10**6)
    shorter = Check(dice=n, again=again_value).distribution(bound=len(dist) - 2)
    assert shorter.tail >= Fraction(1, 10**6)
    assert shorter.tail == dist.tail + dist[len(dist) - 1]


def test_one_die_by_hand() -> None:
    dist = Check(dice=1).distribution(bound=3)
    # 1-7 fail; 8, 9 stop at 1; a 10 adds a die: 1 success and the chain goes on
    assert [p for _, p in dist.items()] == [
        Fraction(7, 10),
        Fraction(27, 100),
        Fraction(27, 1000),
        Fraction(27, 10000),
    ]
    assert dist.tail == Fraction(3, 10000)
    eight = Check(dice=1, again=8).distribution(bound=2)
    assert [p for _, p in eight.items()] == [Fraction(7, 10), Fraction(21, 100), Fraction(63, 1000)]


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("again_value", [8, 9, 10])
@pytest.mark.parametrize(("dc", "exceed"), [(1, False), (2, False), (3, True), (0, True), (6, False)])
@pytest.mark.parametrize("botch", ["failure", "zero", "none"])
@pytest.mark.parametrize("critical", ["any", "success"])
def test_outcomes_match_face_enumeration(
    n: int, again_value: int, dc: int, exceed: bool, botch: str, critical: str
) -> None:
    check = Check(dice=n, dc=dc, again=again_value, exceed=exceed, botch=botch, critical=critical)
    expected = brute_outcomes(n, again_value, dc + exceed, botch, depth=9, critical=critical)
    outcomes = check.outcomes()
    assert list(outcomes) == list(expected)
    assert dict(outcomes.items()) == expected
    assert check.chance() == expected["success"] + expected["critical success"]


@pytest.mark.parametrize(("dc", "exceed"), [(6, False), (5, True), (7, False)])
@pytest.mark.parametrize("botch", ["failure", "zero"])
@pytest.mark.parametrize("faces", [1, 4])
def test_failed_criticals_match_face_enumeration(dc: int, exceed: bool, botch: str, faces: int) -> None:
    """5 or more successes short of the DC: a critical success that fails, botch die and all."""
    need = dc + exceed
    expected = brute_outcomes(2, 8, need, botch, depth=10, faces=faces)
    check = Check(dice=2, dc=dc, again=8, exceed=exceed, botch=botch, botch_faces=faces)
    assert dict(check.outcomes().items()) == expected
    assert expected["failure with a critical success"] > 0
    assert (expected["critical failure with a critical success"] > 0) == (botch == "failure")


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("again_value", [8, 10])
@pytest.mark.parametrize(("dc", "exceed"), [(2, False), (0, True)])
@pytest.mark.parametrize("botch", ["failure", "zero", "none"])
@pytest.mark.parametrize("faces", [2, 3, 10])
def test_botch_faces_match_face_enumeration(
    n: int, again_value: int, dc: int, exceed: bool, botch: str, faces: int
) -> None:
    """A power that makes botches likelier: the botch die botches on 1 to ``faces``."""
    expected = brute_outcomes(n, again_value, dc + exceed, botch, depth=9, faces=faces)
    check = Check(dice=n, dc=dc, again=again_value, exceed=exceed, botch=botch, botch_faces=faces)
    assert dict(check.outcomes().items()) == expected
    assert check.chance() == expected["success"] + expected["critical success"]
    blow = Mitigated(dice=n + 2, defence=2, again=again_value, botch=botch, botch_faces=faces)
    assert dict(blow.outcomes().items()) == brute_outcomes(n, again_value, 1, botch, depth=9, faces=faces)


def test_botch_faces_by_hand() -> None:
    # one die against DC 1 fails 7 times in 10; the botch die then botches on 1 or 2: 2 in 10
    out = Check(dice=1, botch_faces=2).outcomes()
    assert out["critical failure"] == Fraction(7, 10) * Fraction(2, 10)
    assert out["failure"] == Fraction(7, 10) * Fraction(8, 10)
    assert Check(dice=1, botch_faces=10).outcomes()["failure"] == 0
    assert Check(dice=1, botch="none", botch_faces=10).outcomes()["critical failure"] == 0


def test_botch_faces_in_a_roll() -> None:
    cursed = Check(dice=2, dc=2, botch_faces=3)
    roll = cursed.resolve([8, 4, 3])
    assert roll.outcome == "critical failure" and roll.dice[-1].counts == "botch"
    assert roll.dice[-1].note == "botches on 1 to 3"
    assert roll.probability == cursed.outcomes()["critical failure"]
    assert cursed.resolve([8, 4, 4]).outcome == "failure"
    assert Check(dice=2, dc=2).resolve([8, 4, 3]).outcome == "failure"  # the rule: only a 1
    assert Check(dice=2, dc=2).resolve([8, 4, 1]).dice[-1].note == ""
    blow = Mitigated(dice=3, defence=2, botch_faces=2).resolve([5, 2])
    assert blow.outcome == "critical failure" and blow.dice[-1].note == "botches on 1 or 2"


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(-3, 14),
    dc=st.integers(1, 9),
    exceed=st.booleans(),
    again_value=st.sampled_from([8, 9, 10]),
    botch=st.sampled_from(["failure", "zero", "none"]),
    faces=st.integers(1, 10),
)
def test_outcomes_against_formula(
    n: int, dc: int, exceed: bool, again_value: int, botch: str, faces: int
) -> None:
    check = Check(dice=n, dc=dc, again=again_value, exceed=exceed, botch=botch, botch_faces=faces)
    pool, need = max(n, 1), dc + exceed
    pmf = [formula_pmf(pool, again_value, s) for s in range(max(need, 5))]
    fail, high = sum(pmf[:need]), sum(pmf[5:need])  # high: failures of 5 or more successes
    eligible = {"failure": fail - high, "zero": pmf[0], "none": Fraction(0)}[botch]
    high_eligible = high if botch == "failure" else Fraction(0)
    out = check.outcomes()
    assert out["critical failure"] == eligible * faces / 10
    assert out["failure"] == fail - high - eligible * faces / 10
    assert out.get("failure with a critical success", 0) == high - high_eligible * faces / 10
    assert out.get("critical failure with a critical success", 0) == high_eligible * faces / 10
    assert out["critical success"] == 1 - sum(pmf[: max(need, 5)])
    assert check.chance() == 1 - fail
    assert out.total() == 1
    plain = Check(
        dice=n, dc=dc, again=again_value, exceed=exceed, botch=botch, botch_faces=faces, critical="success"
    )
    assert plain.outcomes()["critical failure"] == (eligible + high_eligible) * faces / 10
    assert plain.chance() == check.chance() and list(plain.outcomes()) == list(again.OUTCOMES)


def test_large_pool_chance_against_formula() -> None:
    check = Check(dice=60, dc=25, again=9)
    assert check.chance() == 1 - sum(formula_pmf(60, 9, s) for s in range(25))


# --- worked examples ---------------------------------------------------------------------------


def test_angry_bear_two_successes_fail_and_roll_the_botch_die() -> None:
    bear = Check(dice=5, dc=4)  # e.g. Charisma 3 + Handle Animal 2, DC 4 (Hard)
    roll = bear.resolve([8, 3, 9, 5, 2, 6])
    assert roll.tally == 2 and not roll.success and roll.outcome == "failure"
    assert [d.role for d in roll.dice] == ["pool"] * 5 + ["botch check"]
    assert roll.detail("botch die") == 6 and roll.detail("difficulty") == "Hard"
    assert roll.detail("successes needed") == 4
    assert roll.probability == bear.outcomes()["failure"]
    botched = bear.resolve([8, 3, 9, 5, 2, 1])
    assert botched.outcome == "critical failure" and botched.dice[-1].counts == "botch"


def test_angry_bear_four_successes_calm_it() -> None:
    bear = Check(dice=5, dc=4)
    calm = bear.resolve([8, 9, 8, 8, 1])
    assert calm.tally == 4 and calm.success and calm.outcome == "success"
    assert calm.detail("botch die") is None
    # a 10 adds a die: 10, 8, 8, 2, 1 then the extra die shows 9
    again_roll = bear.resolve([10, 8, 8, 2, 1, 9])
    assert again_roll.tally == 4 and again_roll.success
    assert again_roll.dice[-1].role == "reroll" and again_roll.dice[0].note
    # 5 successes is a critical success
    assert bear.resolve([10, 8, 8, 9, 1, 10, 3]).outcome == "critical success"


def test_angry_bear_zero_mode_has_no_botch_die_after_two_successes() -> None:
    bear = Check(dice=5, dc=4, botch="zero")
    roll = bear.resolve([8, 3, 9, 5, 2])
    assert roll.outcome == "failure" and roll.detail("botch die") is None
    assert bear.resolve([1, 2, 3, 4, 5, 1]).outcome == "critical failure"
    assert Check(dice=5, dc=4, botch="none").resolve([1, 2, 3, 4, 5]).outcome == "failure"


def test_dispel_magic_must_exceed() -> None:
    dispel = Check(dice=4, dc=2, exceed=True)
    assert not dispel.resolve([8, 9, 1, 2, 7]).success
    assert dispel.resolve([8, 9, 8, 2]).success
    assert Check(dice=4, dc=2).resolve([8, 9, 1, 2]).success


def test_five_successes_are_critical_on_any_roll() -> None:
    # the reproducer: 5 successes against DC 6, then the botch die shows 5
    hard = Check(dice=10, dc=6)
    roll = hard.resolve([8] * 5 + [1] * 5 + [5])
    assert roll.tally == 5 and not roll.success and roll.outcome == "failure with a critical success"
    assert roll.dice[-1].role == "botch check" and roll.detail("botch die") == 5
    assert roll.probability == hard.outcomes()["failure with a critical success"]
    botched = hard.resolve([8] * 5 + [1] * 5 + [1])
    assert botched.outcome == "critical failure with a critical success" and not botched.success
    assert hard.outcomes()["success"] == 0
    assert hard.resolve([8, 8, 8, 8, 8, 8, 1, 1, 1, 1]).outcome == "critical success"
    assert Check(dice=7, dc=6).resolve([8, 8, 8, 8, 2, 1, 1, 4]).outcome == "failure"
    # the other reading: only a success is critical
    plain = Check(dice=10, dc=6, critical="success")
    assert plain.resolve([8] * 5 + [1] * 5 + [5]).outcome == "failure"
    assert plain.resolve([8] * 5 + [1] * 5 + [1]).outcome == "critical failure"
    # Dispel Magic: 5 successes do not beat DC 5, yet the roll is critical
    dispel = Check(dice=5, dc=5, exceed=True).resolve([8, 8, 8, 8, 8, 4])
    assert dispel.outcome == "failure with a critical success"
    # on the DC table, 5 successes always succeed and both readings agree
    for dc in range(1, 6):
        assert Check(dice=6, dc=dc).outcomes() == Check(dice=6, dc=dc, critical="success").outcomes()


def test_pool_below_one_rolls_one_ordinary_die() -> None:
    for dice in (0, -3):
        check = Check(dice=dice, dc=2)
        assert check.outcomes() == Check(dice=1, dc=2).outcomes()
        roll = check.resolve([10, 9])
        assert roll.success and roll.detail("pool") == 1
        assert roll.detail("pool raised to 1 die") is True
    assert Check(dice=1).resolve([8]).detail("pool raised to 1 die") is False


def test_mitigated_longsword_against_bandit() -> None:
    # Strength 3 + One-Handed Slashing 2 + weapon 2 = 7 dice, Physical Defense 3
    cut = Mitigated(dice=7, defence=3)
    roll = cut.resolve([10, 8, 4, 2, 9])
    assert roll.tally == 3 and roll.outcome == "success" and roll.detail("pool") == 4
    assert cut.distribution() == Check(dice=4).distribution()
    assert cut.outcomes() == Check(dice=4, dc=1).outcomes()
    glance = Mitigated(dice=2, defence=6)
    assert glance.resolve([7, 1]).outcome == "critical failure"
    assert glance.resolve([7, 1]).detail("pool raised to 1 die") is True
    assert dict(Mitigated(dice=4, defence=2).outcomes().items())["critical failure"] == Fraction(49, 1000)


def test_stealth_guard_perception_is_active_and_tie_goes_to_sneaker() -> None:
    guard = Opposed(dice=4, against_dice=5)  # guard's Perception vs Dexterity + Stealth
    # a tie: the guard (the active side) fails to spot the sneak, so the guard rolls the botch die
    tie = guard.resolve([8, 3, 2, 1, 9, 4, 5, 6, 7, 6])
    assert tie.outcome == "tie: defender wins" and not tie.success and tie.tally == 0
    assert tie.detail("margin") == 0 and tie.detail("botch die rolled by") == "active side"
    assert [d.role for d in tie.dice] == ["active pool"] * 4 + ["defending pool"] * 5 + ["active botch check"]
    clumsy = guard.resolve([8, 3, 2, 1, 9, 4, 5, 6, 7, 1])
    assert clumsy.outcome == "tie: defender wins, active side botches" and not clumsy.success
    # the guard spots the sneak, whose failure rolls the botch die
    spotted = guard.resolve([10, 8, 2, 1, 3, 9, 4, 5, 6, 7, 4])
    assert spotted.success and spotted.tally == 1 and spotted.dice[4].role == "active reroll"
    assert spotted.detail("active successes") == 2 and spotted.detail("defending successes") == 1
    assert spotted.dice[-1].role == "defending botch check" and spotted.outcome == "active side wins"
    assert spotted.detail("botch die rolled by") == "defending side" and spotted.detail("botch die") == 4
    tripped = guard.resolve([10, 8, 2, 1, 3, 9, 4, 5, 6, 7, 1])
    assert tripped.success and tripped.outcome == "active side wins, defender botches"
    assert tripped.probability == guard.outcomes()["active side wins, defender botches"]


def test_opposed_botch_and_critical_reproducer() -> None:
    """The issue's reproducer: 0 successes against 1; the losing active side rolls the botch die."""
    even = Opposed(dice=2, against_dice=2)
    with pytest.raises(RulesError, match="needs more dice than the 4 faces given"):
        even.resolve([1, 2, 8, 3])  # the botch die is a fifth die
    botched = even.resolve([1, 2, 8, 3, 1])
    assert botched.outcome == "defender wins, active side botches" and botched.dice[-1].counts == "botch"
    assert botched.detail("botch die") == 1 and botched.tally == 0
    assert even.resolve([1, 2, 8, 3, 2]).outcome == "defender wins"
    # 5 successes on either side are a critical success, the losing side's too
    big = Opposed(dice=6, against_dice=6).resolve([8, 8, 8, 8, 8, 1, 8, 8, 8, 8, 8, 9, 7])
    assert big.detail("active successes") == 5 and big.detail("defending successes") == 6
    assert big.outcome == "defender wins, both critical"
    assert big.detail("active critical success") and big.detail("defending critical success")
    only = Opposed(dice=6, against_dice=6, critical="success").resolve(
        [8, 8, 8, 8, 8, 1, 8, 8, 8, 8, 8, 9, 7]
    )
    assert only.outcome == "defender wins, defender critical"
    # each side's own botch setting: 'zero' rolls the die only when that side lost with none
    zero = Opposed(dice=2, against_dice=2, botch="zero", against_botch="zero", against_botch_faces=3)
    assert zero.resolve([1, 2, 8, 3, 1]).outcome == "defender wins, active side botches"
    assert zero.resolve([8, 2, 8, 9]).detail("botch die rolled by") is None  # lost with 1 success
    assert zero.resolve([8, 2, 4, 3, 3]).outcome == "active side wins, defender botches"
    assert zero.resolve([8, 9, 4, 8]).detail("botch die") is None
    assert Opposed(dice=2, against_dice=2, against_botch="none").resolve([8, 2, 4, 3]).success
    binary = Opposed(dice=2, against_dice=2, critical="none", botch="none", against_botch="none")
    assert binary.resolve([1, 2, 8, 3]).outcome == "defender wins"
    assert dict(binary.outcomes().items()) == {
        "defender wins": binary.outcomes()["defender wins"],
        "tie: defender wins": binary.outcomes()["tie: defender wins"],
        "active side wins": binary.chance(),
    }


# --- properties --------------------------------------------------------------------------------

SPREAD = [
    Check(dice=1),
    Check(dice=5, dc=4),
    Check(dice=3, dc=2, again=8, exceed=True),
    Check(dice=8, dc=6, again=9, botch="zero"),
    Check(dice=-1, dc=1, botch="none"),
    Check(dice=4, dc=3, botch_faces=3),
    Check(dice=20, dc=5, again=8),
    Mitigated(dice=7, defence=3),
    Mitigated(dice=2, defence=5),
    Mitigated(dice=9, defence=1, again=9, botch="none"),
    Check(dice=6, dc=6, again=8),
    Check(dice=6, dc=6, again=8, critical="success", botch_faces=2),
    Opposed(dice=4, against_dice=5),
    Opposed(dice=2, again=8, against_dice=3, against_again=9),
    Opposed(dice=10, against_dice=1),
    Opposed(dice=6, again=8, against_dice=6, against_again=8, botch="zero", against_botch_faces=3),
    Opposed(dice=5, against_dice=5, critical="success", against_botch="none"),
    Opposed(dice=3, against_dice=3, critical="none", botch="none", against_botch="none"),
]


@pytest.mark.parametrize("check", SPREAD, ids=lambda c: c.describe())
def test_properties(check: object) -> None:
    assert_exact(check)  # type: ignore[arg-type]
    assert_replayable(check)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "check",
    SPREAD[1:4] + SPREAD[7:8] + SPREAD[10:11] + SPREAD[12:14] + SPREAD[15:16],
    ids=lambda c: c.describe(),
)
def test_frequencies(check: object) -> None:
    assert_frequencies(check, n=2000)  # type: ignore[arg-type]


def test_roll_log_and_describe() -> None:
    check = Check(dice=6, dc=2, again=9)
    roll = check.roll(seed=7)
    assert roll.system == "again" and roll.check == check.describe()
    assert roll.check == (
        "again.Check(dice=6, dc=2, again=9, exceed=False, botch='failure', botch_faces=1, critical='any')"
    )
    assert roll.tally == sum(d.value for d in roll.dice)
    extra = sum(1 for d in roll.dice if d.role == "reroll")
    assert extra == sum(1 for d in roll.dice if d.face >= 9 and d.role != "botch check")


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [2.0, "3", None, True])
@pytest.mark.parametrize(
    ("cls", "field", "base"),
    [
        (Check, "dice", {}),
        (Check, "dc", {"dice": 3}),
        (Check, "again", {"dice": 3}),
        (Check, "exceed", {"dice": 3}),
        (Check, "botch", {"dice": 3}),
        (Check, "botch_faces", {"dice": 3}),
        (Mitigated, "dice", {}),
        (Mitigated, "botch_faces", {"dice": 3}),
        (Mitigated, "defence", {"dice": 3}),
        (Opposed, "dice", {"against_dice": 2}),
        (Opposed, "against_dice", {"dice": 2}),
        (Opposed, "against_again", {"dice": 2, "against_dice": 2}),
        (Check, "critical", {"dice": 3}),
        (Opposed, "botch", {"dice": 2, "against_dice": 2}),
        (Opposed, "against_botch_faces", {"dice": 2, "against_dice": 2}),
        (Opposed, "critical", {"dice": 2, "against_dice": 2}),
    ],
)
def test_type_errors(cls: type, field: str, base: dict[str, object], bad: object) -> None:
    if field == "exceed" and bad is True:
        bad = 1
    if field in ("botch", "critical") and bad == "3":
        bad = 3
    with pytest.raises(ParameterTypeError, match=field):
        cls(**{**base, field: bad})


@pytest.mark.parametrize(
    ("cls", "kwargs", "field"),
    [
        (Check, {"dice": 3, "dc": 0}, "dc"),
        (Check, {"dice": 3, "dc": -1, "exceed": True}, "dc"),
        (Check, {"dice": 3, "again": 7}, "again"),
        (Check, {"dice": 3, "again": 11}, "again"),
        (Check, {"dice": 3, "botch": "sometimes"}, "botch"),
        (Check, {"dice": 3, "botch_faces": 0}, "botch_faces"),
        (Check, {"dice": 3, "botch_faces": 11}, "botch_faces"),
        (Mitigated, {"dice": 3, "botch_faces": -1}, "botch_faces"),
        (Mitigated, {"dice": 3, "defence": -1}, "defence"),
        (Opposed, {"dice": 3, "against_dice": 3, "again": 6}, "again"),
        (Check, {"dice": 3, "critical": "none"}, "critical"),
        (Opposed, {"dice": 3, "against_dice": 3, "critical": "always"}, "critical"),
        (Opposed, {"dice": 3, "against_dice": 3, "against_botch": "sometimes"}, "against_botch"),
        (Opposed, {"dice": 3, "against_dice": 3, "botch_faces": 0}, "botch_faces"),
        (Opposed, {"dice": 3, "against_dice": 3, "against_botch_faces": 11}, "against_botch_faces"),
    ],
)
def test_rules_errors(cls: type, kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RulesError, match=f"{field}=") as info:
        cls(**kwargs)
    assert not isinstance(info.value, (LimitError, ParameterTypeError))


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: Check(dice=10**9), "dice"),
        (lambda: Check(dice=3, dc=10**9), "dc"),
        (lambda: Mitigated(dice=10**9, defence=10**9), "dice"),
        (lambda: Opposed(dice=10**9, against_dice=1), "dice"),
        (lambda: Opposed(dice=1, against_dice=again.MAX_OPPOSED_DICE + 1), "against_dice"),
        (lambda: Check(dice=3).distribution(bound=10**9), "bound"),
        (lambda: Opposed(dice=3, against_dice=3).distribution(bound=again.MAX_OPPOSED_BOUND + 1), "bound"),
    ],
)
def test_limit_errors_are_immediate(build: object, field: str) -> None:
    with pytest.raises(LimitError, match=field):
        build()  # type: ignore[operator]


def test_bound_errors() -> None:
    with pytest.raises(RulesError, match="bound"):
        Check(dice=3).distribution(bound=-1)
    with pytest.raises(ParameterTypeError, match="bound"):
        Check(dice=3).distribution(bound=2.0)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="bound"):
        Opposed(dice=3, against_dice=2).distribution(bound="3")  # type: ignore[arg-type]


def test_resolve_errors() -> None:
    check = Check(dice=2, dc=1)
    with pytest.raises(RulesError, match="d10"):
        check.resolve([0, 8])  # a 10 is written 10, not 0
    with pytest.raises(RulesError, match="d10"):
        check.resolve([11, 8])
    with pytest.raises(RulesError, match="more dice"):
        check.resolve([10, 8])  # the 10 adds a die that was not given
    with pytest.raises(RulesError, match="left over"):
        check.resolve([8, 9, 1])


def test_largest_sizes_answer_within_a_second() -> None:
    cases = [
        lambda: Check(dice=again.MAX_DICE, dc=again.MAX_DC, again=8).chance(),
        lambda: Check(dice=again.MAX_DICE, again=8, botch="zero").distribution(),
        lambda: Check(dice=again.MAX_DICE, again=10).distribution(bound=again.MAX_BOUND),
        lambda: Opposed(
            dice=again.MAX_OPPOSED_DICE, again=8, against_dice=again.MAX_OPPOSED_DICE, against_again=9
        ).outcomes(),
        lambda: Opposed(
            dice=again.MAX_OPPOSED_DICE, again=8, against_dice=1, against_again=10
        ).distribution(),
        lambda: Opposed(
            dice=again.MAX_OPPOSED_DICE, again=9, against_dice=again.MAX_OPPOSED_DICE, against_again=8
        ).distribution(bound=again.MAX_OPPOSED_BOUND),
    ]
    for case in cases:
        result = case()
        assert result is not None


# --- module data -------------------------------------------------------------------------------


def test_module_data() -> None:
    assert again.CHECKS == {
        "check": Check,
        "mitigated": Mitigated,
        "opposed": Opposed,
        "skill": again.SkillCheck,
        "mitigated_skill": again.MitigatedSkill,
        "opposed_skills": again.OpposedSkills,
    }
    names = ["Easy", "Moderate", "Challenging", "Hard", "Extremely Hard"]
    assert list(again.DIFFICULTIES.items()) == [(dc, names[dc - 1]) for dc in range(1, 6)]
    for name in again.__all__:
        assert hasattr(again, name), name
    for cls in again.CHECKS.values():
        assert cls.system == "again"
    ids = [r.id for r in again.RULINGS]
    assert len(ids) == len(set(ids)) and all(i.startswith("again-") for i in ids)
    assert {
        "again-critical-success-needs-success",
        "again-botch-after-any-failure",
        "again-botch-powers",
        "again-botch-ignore-timing",
        "again-reroll-always-taken",
        "again-sheet-pool",
    } <= set(ids)
    assert all(r.system == "again" and r.section and r.source and r.ruling and r.why for r in again.RULINGS)


def test_numbers_in_the_new_rulings() -> None:
    """The percentages the botch, re-roll and sheet rulings quote, worked out here."""
    why = {r.id: r.why for r in again.RULINGS}

    def pct(p: Fraction) -> str:
        return f"{float(p) * 100:.2f}%"

    botch = [Check(dice=5, dc=4, botch_faces=n).outcomes()["critical failure"] for n in (1, 2, 3)]
    # the failure chance of 5 dice at DC 4, from the formula, times n/10
    fail = sum(formula_pmf(5, 10, s) for s in range(4))
    assert botch == [fail * n / 10 for n in (1, 2, 3)]
    assert all(pct(p) in why["again-botch-powers"] for p in botch)
    ignored = Check(dice=5, dc=4, botch="none").outcomes()
    assert ignored["critical failure"] == 0 and ignored["failure"] == fail
    for p in (botch[0], fail - botch[0], fail):
        assert pct(p) in why["again-botch-ignore-timing"], pct(p)
    taken, passed = Check(dice=2, dc=2).chance(), Fraction(3, 10) ** 2
    assert taken == 1 - formula_pmf(2, 10, 0) - formula_pmf(2, 10, 1)
    assert (
        f"{pct(taken)} of the time with every extra die rolled and {pct(passed)} with none"
        in (why["again-reroll-always-taken"])
    )
    sheet = why["again-sheet-pool"]
    assert f"5 dice, {pct(again.Check.skill(stat=3, skill=2, dc=4).chance())}" in sheet
    assert again.Check.skill(stat=2, skill=0, modifier=-3).chance() == Fraction(3, 10)
    assert "still 1 die, 30% against DC 1" in sheet


def test_numbers_in_the_re_examined_rulings() -> None:
    """The numbers of the readings that rulings again-critical-success-needs-success and
    again-opposed-binary weigh, from the formula and long partial sums, not from rollkit."""
    why = {r.id: r.why for r in again.RULINGS}

    def pct(p: Fraction) -> str:
        return f"{float(p) * 100:.2f}%"

    pmf = [formula_pmf(10, 10, s) for s in range(6)]
    exactly_five, passes, five_or_more = pmf[5], 1 - sum(pmf), 1 - sum(pmf[:5])
    hard = Check(dice=10, dc=6).outcomes()
    assert (
        hard["failure with a critical success"] + hard["critical failure with a critical success"]
        == exactly_five
    )
    assert Check(dice=10, dc=6).chance() == passes and Check(dice=10, dc=5).chance() == five_or_more
    text = why["again-critical-success-needs-success"]
    assert (
        f"exactly 5 successes {pct(exactly_five)} of the time, more often than they pass ({pct(passes)})"
        in text
    )
    assert f"from {pct(passes)} to {pct(five_or_more)}" in text
    # 4 dice a side: the long partial sums of brute.py, every face of the botch die enumerated
    pa = [formula_pmf(4, 10, s) for s in range(120)]
    partial, left = opposed_outcomes(pa, pa)
    assert left < Fraction(1, 10**30)
    active = sum(p for name, p in partial.items() if "active side botches" in name)
    defending = sum(p for name, p in partial.items() if "defender botches" in name)
    criticals = sum(p for name, p in partial.items() if "critical" in name)
    text = why["again-opposed-binary"]
    assert f"the active side botches {pct(active)} of the time, the defender {pct(defending)}" in text
    assert f"and {pct(criticals)} of rolls hold a critical success" in text
    assert f"and that {pct(defending)}, unchecked" in text
    out = Opposed(dice=4, against_dice=4).outcomes()
    assert sum(p for name, p in out.items() if "botches" in name) == Fraction(1, 10)
    assert "1 in 10 ends in a botch" in text


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.skipif(not SEED_TEXT.exists(), reason="rules source not present")
def test_no_long_runs_copied_from_the_source() -> None:
    source = _words(SEED_TEXT.read_text(encoding="utf-8"))
    runs = {tuple(source[i : i + 9]) for i in range(len(source) - 8)}
    texts = [again.__doc__ or ""]
    texts += [c.__doc__ or "" for c in again.CHECKS.values()]
    texts += [t for r in again.RULINGS for t in (r.source, r.ruling, r.why)]
    for text in texts:
        words = _words(text)
        for i in range(len(words) - 8):
            assert tuple(words[i : i + 9]) not in runs, " ".join(words[i : i + 9])
