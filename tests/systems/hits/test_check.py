"""hits: the Check, its tables, buying hits and validation dice; and what spans every kind
(the shared properties on a spread of them all, the rulings and the numbers they quote).

Expected values come from brute-force enumeration of every face combination
(itertools.product over d10 faces), from an independent binomial formula in
Fractions, or from the worked examples and tables of the rules text.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, Ruling, hits
from rollkit.hits import (
    AttributeCheck,
    Check,
    Group,
    KnowledgeCheck,
    KnowledgeGroup,
    Luck,
    Opposed,
    OpposedSkills,
    SkillCheck,
)
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.hits.brute import (
    BANDS,
    BOTCH1,
    BOTCH2,
    BOTCH3,
    DOS1,
    DOS2,
    DOS3,
    DOS4,
    DOS5,
    FACES,
    assert_outcomes,
    band,
    bands_of,
    brute_hits,
    by_faces,
    formula_hits,
)

# -- the check against brute force ----------------------------------------------------


@pytest.mark.parametrize("n", range(0, 5))
@pytest.mark.parametrize("t", [1, 2, 5, 6, 7, 9, 10])
def test_check_matches_enumeration(n: int, t: int) -> None:
    dist = brute_hits(n, t)
    tally = Check(dice=n, threshold=t, tn=0).distribution()
    assert list(tally) == list(range(n + 1))
    assert {k: p for k, p in tally.items() if p} == dist
    for tn in range(0, n + 6):
        check = Check(dice=n, threshold=t, tn=tn)
        assert_outcomes(check, bands_of(dist, tn))
        assert check.chance() == sum(p for k, p in dist.items() if k >= tn)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 40), t=st.integers(1, 10), tn=st.integers(0, 45))
def test_check_matches_binomial_formula(n: int, t: int, tn: int) -> None:
    dist = formula_hits(n, t)
    check = Check(dice=n, threshold=t, tn=tn)
    assert_outcomes(check, bands_of(dist, tn))
    assert check.chance() == sum(p for k, p in dist.items() if k >= tn)
    assert dict(check.distribution().items()) == dist
    assert dict(check.effects().items()) == {k - tn: p for k, p in dist.items()}


def test_every_band_is_reachable_and_listed_when_empty() -> None:
    # 20 dice at 1+ always score 20: Effect 20 - tn lands in one band only.
    for tn, expected in (
        (24, BOTCH3),
        (23, BOTCH2),
        (22, BOTCH2),
        (21, BOTCH1),
        (20, DOS1),
        (19, DOS1),
        (18, DOS2),
        (16, DOS3),
        (12, DOS4),
        (5, DOS4),
        (4, DOS5),
    ):
        outcomes = Check(dice=20, threshold=1, tn=tn).outcomes()
        assert list(outcomes) == list(BANDS)
        assert outcomes[expected] == 1, (tn, expected)
        assert outcomes.total() == 1


def test_distribution_bound_puts_the_rest_in_the_tail() -> None:
    dist = brute_hits(4, 7)
    d = Check(dice=4, threshold=7, tn=2).distribution(bound=1)
    assert list(d) == [0, 1]
    assert d.tail == dist[2] + dist[3] + dist[4]
    assert d.tail_label == "2 or more"
    assert d.total() == 1
    with pytest.raises(RulesError, match="at least 0, the lowest possible tally"):
        Check(dice=4, threshold=7, tn=2).distribution(bound=-1)  # nothing would be listed
    assert list(Check(dice=4, threshold=7, tn=2).distribution(bound=0)) == [0]
    assert Check(dice=4, threshold=7, tn=2).distribution(bound=9).tail == 0
    with pytest.raises(ParameterTypeError):
        Check(dice=4, threshold=7, tn=2).distribution(bound=1.5)  # type: ignore[arg-type]


# -- worked examples of the text ------------------------------------------------------


def test_threshold_example_ten_dice_at_7_with_four_hits() -> None:
    roll = Check(dice=10, threshold=7, tn=4).resolve([7, 1, 8, 2, 9, 3, 10, 4, 5, 6])
    assert roll.tally == 4
    assert [d.counts for d in roll.dice].count("hit") == 4
    assert roll.detail("effect") == 0 and roll.success


def test_effect_examples() -> None:
    # 5 Hits against TN 2: eff:3.
    roll = Check(dice=6, threshold=7, tn=2).resolve([7, 8, 9, 10, 7, 1])
    assert (roll.tally, roll.detail("effect"), roll.outcome) == (5, 3, DOS2)
    assert roll.success
    # 3 Hits against TN 3: eff:0 is still a (nominal) success.
    roll = Check(dice=4, threshold=7, tn=3).resolve([7, 7, 7, 6])
    assert (roll.tally, roll.detail("effect"), roll.outcome) == (3, 0, DOS1)
    assert roll.success and roll.detail("description") == "Nominal Success"


def test_botch_amount_and_probability_in_roll() -> None:
    check = Check(dice=3, threshold=6, tn=3)
    roll = check.resolve([1, 2, 3])
    assert roll.detail("effect") == -3 and roll.detail("botch") == 3
    assert roll.outcome == BOTCH2 and not roll.success
    assert roll.probability == bands_of(brute_hits(3, 6), 3)[BOTCH2]
    assert hits.notable(effect=-3) == "spectacular failure"  # the prose's reading


def test_arquebus_misfire() -> None:
    """11 dice at 6+, 7 Hits (Effect 4, so TN 3); the red validation die shows 1: Misfire 2+."""
    faces = [6, 7, 8, 9, 10, 6, 7, 1, 2, 3, 1]
    misfire = Check(dice=11, threshold=6, tn=3, validation=2, keyword="misfire")
    roll = misfire.resolve(faces)
    assert roll.tally == 7 and roll.detail("effect") == 4 and roll.detail("degree") == "DoS 3"
    assert roll.detail("validation") == "failed"
    assert roll.detail("chance of that validation") == Fraction(1, 10)
    assert roll.dice[-1].role == "validation" and roll.dice[-1].counts == "miss"
    assert all(d.role == "pool" for d in roll.dice[:-1])
    assert roll.outcome == hits.MISFIRE == "Misfire (no damage)" and not roll.success
    assert roll.probability == Fraction(1, 10)
    # Without a keyword the failure is only reported: the Hits still decide.
    roll = Check(dice=11, threshold=6, tn=3, validation=2).resolve(faces)
    assert roll.outcome == DOS3 and roll.success and roll.detail("validation") == "failed"
    # The same faces with the red die at 6 pass validation and add a Hit.
    roll = misfire.resolve(faces[:-1] + [6])
    assert roll.tally == 8 and roll.success and roll.outcome == DOS3
    assert roll.detail("validation") == "passed"
    assert roll.detail("chance of that validation") == Fraction(9, 10)


# -- validation dice ------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("t,v", [(6, 2), (7, 7), (5, 9), (10, 2), (2, 10), (1, 5)])
def test_validation_odds_match_enumeration(n: int, t: int, v: int) -> None:
    """Every face combination: the validation alone, jointly with the band, and under
    each keyword ("none" reports only, "misfire" fails the check)."""
    for tn in range(0, n + 2):
        joint: Counter[tuple[str, bool]] = Counter()
        for faces in itertools.product(FACES, repeat=n):
            joint[band(sum(f >= t for f in faces) - tn), faces[-1] >= v] += 1
        p = {key: Fraction(c, 10**n) for key, c in joint.items()}
        failed = sum((q for (_, ok), q in p.items() if not ok), Fraction(0))
        report = Check(dice=n, threshold=t, tn=tn, validation=v)
        misfire = Check(dice=n, threshold=t, tn=tn, validation=v, keyword="misfire")
        for check in (report, misfire):
            assert list(check.validation_outcomes().items()) == [
                ("validation failed", failed),
                ("validation passed", 1 - failed),
            ]
            assert failed == Fraction(v - 1, 10)
            if check.keyword == "misfire":
                expected = {hits.MISFIRE: failed} | {b: p.get((b, True), Fraction(0)) for b in BANDS}
            else:
                expected = {b: p.get((b, False), Fraction(0)) + p.get((b, True), Fraction(0)) for b in BANDS}
            assert_outcomes(check, expected)
            joint_rows = check.outcomes_with_validation()
            assert list(joint_rows) == list(hits.VALIDATION_FAILED + hits.VALIDATION_PASSED)
            for b in BANDS:
                assert joint_rows[b + ", validation failed"] == p.get((b, False), Fraction(0))
                assert joint_rows[b + ", validation passed"] == p.get((b, True), Fraction(0))
            # The tally (Hits) does not depend on validation.
            assert check.distribution() == Check(dice=n, threshold=t, tn=tn).distribution()
        wins = [q for (b, _), q in p.items() if b.startswith("DoS")]
        assert report.chance() == sum(wins, Fraction(0)) == Check(dice=n, threshold=t, tn=tn).chance()
        assert misfire.chance() == sum(
            (q for (b, ok), q in p.items() if ok and b.startswith("DoS")), Fraction(0)
        )
        assert report.success_from() == tn and misfire.success_from() is None


@pytest.mark.parametrize("keyword", ["none", "misfire"])
@pytest.mark.parametrize("n,t,v,tn", [(1, 6, 2, 1), (2, 7, 7, 1), (3, 5, 9, 2), (3, 10, 2, 0)])
def test_every_roll_reports_validation_as_the_odds_say(keyword: str, n: int, t: int, v: int, tn: int) -> None:
    """resolve() on every face combination lands on each outcome exactly as often as
    outcomes() says, and its validation details match the die."""
    check = Check(dice=n, threshold=t, tn=tn, validation=v, keyword=keyword)
    seen: Counter[str] = Counter()
    results: Counter[str] = Counter()
    for faces in itertools.product(FACES, repeat=n):
        roll = check.resolve(faces)
        seen[roll.outcome] += 1
        results[roll.detail("validation")] += 1
        assert roll.detail("validation") == ("passed" if faces[-1] >= v else "failed")
        assert roll.success == (roll.tally >= tn and (keyword == "none" or faces[-1] >= v))
        assert roll.probability == check.outcomes()[roll.outcome]
    assert {o: Fraction(c, 10**n) for o, c in seen.items()} == {
        o: q for o, q in check.outcomes().items() if q
    }
    assert Fraction(results["failed"], 10**n) == check.validation_outcomes()["validation failed"]


@pytest.mark.parametrize("n", range(0, 5))
@pytest.mark.parametrize("t,v", [(7, 0), (6, 2), (5, 9), (1, 10)])
def test_die_by_die_matches_every_face_combination(n: int, t: int, v: int) -> None:
    if v and not n:
        assert by_faces(n, t, v) == {(0, False): 1}
        return
    counts: Counter[tuple[int, bool]] = Counter()
    for faces in itertools.product(FACES, repeat=n):
        counts[sum(f >= t for f in faces), not v or faces[-1] >= v] += 1
    assert by_faces(n, t, v) == {key: Fraction(c, 10**n) for key, c in counts.items()}


# -- buying hits ----------------------------------------------------------------------


def test_buying_table_reproduces_the_text_and_the_ruling() -> None:
    listed = {9: 2, 8: 3, 7: 4, 6: 5, 5: 6}  # the rows the text gives
    for threshold, bought in listed.items():
        assert hits.hits_per_ten(threshold=threshold) == bought
    # Ruling hits-buying-hits-table: the lost rows, 11 - threshold (the mean of ten dice).
    assert [hits.hits_per_ten(threshold=t) for t in (10, 4, 3, 2, 1)] == [1, 7, 8, 9, 10]
    for t in range(1, 11):
        assert sum(k * p for k, p in formula_hits(10, t).items()) == hits.hits_per_ten(threshold=t)


def test_max_bought_keeps_ten_dice_rolled() -> None:
    assert [hits.max_bought(dice=d) for d in (0, 9, 10, 19, 20, 29, 30, 55)] == [0, 0, 0, 0, 1, 1, 2, 4]


@pytest.mark.parametrize("dice,bought,t", [(20, 1, 6), (23, 1, 9), (30, 2, 5), (31, 2, 10)])
def test_bought_hits_add_to_the_rolled_part(dice: int, bought: int, t: int) -> None:
    per_ten = {10: 1, 9: 2, 8: 3, 7: 4, 6: 5, 5: 6}[t]
    rolled = dice - 10 * bought
    dist = {k + per_ten * bought: p for k, p in formula_hits(rolled, t).items()}
    for tn in (0, 5, 10, 14, 20, 26):
        check = Check(dice=dice, threshold=t, tn=tn, bought=bought)
        assert check.rolled == rolled and check.bought_hits == per_ten * bought
        assert_outcomes(check, bands_of(dist, tn))
        assert dict(check.distribution().items()) == dist
        assert check.chance() == sum(p for k, p in dist.items() if k >= tn)


def test_bought_roll_uses_only_the_rolled_dice() -> None:
    check = Check(dice=25, threshold=6, tn=8, bought=1)  # 15 rolled, 5 bought Hits
    faces = [6] * 4 + [1] * 11
    roll = check.resolve(faces)
    assert len(roll.dice) == 15
    assert roll.tally == 9 and roll.detail("bought hits") == 5 and roll.detail("effect") == 1
    with pytest.raises(RulesError, match="more dice"):
        check.resolve(faces[:-1])


def test_buying_builder_and_validation_together() -> None:
    check = Check.buying(dice=47, threshold=7, tn=20, validation=3, keyword="misfire")
    assert (check.bought, check.rolled, check.bought_hits) == (3, 17, 12)
    roll = check.resolve([7] * 8 + [1] * 8 + [2])
    assert roll.tally == 20 and roll.outcome == hits.MISFIRE and roll.detail("degree") == "DoS 1"
    assert len(roll.dice) == 17 and roll.dice[-1].role == "validation"
    assert Check.buying(dice=47, threshold=7, tn=20, validation=3).resolve(roll.faces).outcome == DOS1


# -- cached odds ----------------------------------------------------------------------


@lru_cache(maxsize=256)
def formula_hits_cached(n: int, t: int) -> dict[int, Fraction]:
    return formula_hits(n, t)


def expected_check(
    dice: int, t: int, tn: int, bought: int, v: int, keyword: str = "none"
) -> tuple[Fraction, dict[str, Fraction]]:
    """P(success) and the outcome rows from the binomial formula, the validation die by face."""
    extra = bought * (11 - t)
    rolled = dice - 10 * bought
    dist = {k + extra: p for k, p in formula_hits_cached(rolled, t).items()}
    if keyword == "none":
        return sum(p for k, p in dist.items() if k >= tn), bands_of(dist, tn)
    rows = {hits.MISFIRE: Fraction(v - 1, 10)} | {b: Fraction(0) for b in BANDS}
    chance = Fraction(0)
    for k, p in formula_hits_cached(rolled - 1, t).items():
        for face in range(v, 11):  # the validation die passes
            total = k + (face >= t) + extra
            rows[band(total - tn)] += p / 10
            chance += p / 10 if total >= tn else 0
    return chance, rows


def test_cached_chance_and_outcomes_match_the_formula() -> None:
    # Cold and warm calls, and checks that share (rolled dice, TN - bought Hits), all agree.
    for dice in (0, 1, 4, 10, 19, 20, 25, 33, 41):
        for t in (1, 6, 7, 10):
            for tn in (0, 3, 9, 30):
                for bought in range(hits.max_bought(dice=dice) + 1):
                    for v, keyword in (
                        (0, "none"),
                        (2, "none"),
                        (2, "misfire"),
                        (7, "misfire"),
                        (10, "misfire"),
                    ):
                        if v and dice == 0:
                            continue
                        chance, rows = expected_check(dice, t, tn, bought, v, keyword)
                        check = Check(
                            dice=dice, threshold=t, tn=tn, bought=bought, validation=v, keyword=keyword
                        )
                        for _ in range(2):
                            assert check.chance() == chance
                            assert_outcomes(check, rows)
                        assert check.chance() is check.chance()
                        assert check.outcomes() is check.outcomes()
    bought, plain = Check(dice=25, threshold=7, tn=9, bought=1), Check(dice=15, threshold=7, tn=5)
    assert bought.chance() == plain.chance() and bought.outcomes() == plain.outcomes()


# -- tables ---------------------------------------------------------------------------


def test_degree_table() -> None:
    for effect in range(-30, 31):
        row = hits.degree(effect=effect)
        assert row.label == band(effect)
        assert row.success == (effect >= 0)
        covering = [
            d
            for d in hits.DEGREES
            if (d.low is None or effect >= d.low) and (d.high is None or effect <= d.high)
        ]  # the bands as data, read here
        assert covering == [row]
    assert [d.label for d in hits.DEGREES] == list(BANDS)
    assert hits.OUTCOMES == BANDS
    assert (hits.DEGREES[0].low, hits.DEGREES[0].high) == (None, -4)
    assert (hits.DEGREES[-1].low, hits.DEGREES[-1].high) == (16, None)


def test_notable_follows_the_prose() -> None:
    assert [hits.notable(effect=e) for e in (-5, -3, -2, 0, 3, 4, 9)] == [
        "spectacular failure",
        "spectacular failure",
        None,
        None,
        None,
        "good success",
        "good success",
    ]
    assert hits.degree(effect=-3).name == "Botch 2"  # the table's reading (hits-botch-band)


def test_attribute_dice_and_threshold() -> None:
    assert [hits.attribute_dice(level=lv) for lv in range(1, 13)] == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    assert [hits.attribute_threshold(level=lv) for lv in range(1, 12)] == [10, 9, 7, 7, 6, 6, 6, 5, 5, 5, 5]
    with pytest.raises(RulesError, match="hits-attribute-above-11"):
        hits.attribute_threshold(level=12)
    for bad in (0, -1):
        with pytest.raises(RulesError):
            hits.attribute_dice(level=bad)
        with pytest.raises(RulesError):
            hits.attribute_threshold(level=bad)


def test_difficulties_and_defences() -> None:
    names = [hits.difficulty(tn=tn) for tn in range(11)]
    assert names == [
        "Idiotically Simple",
        "Normal or Standard",
        "Normal or Standard",
        "Challenging",
        "Challenging",
        "Hard",
        "Hard",
        "Unlikely",
        "Unlikely",
        "Impossible",
        "Impossible",
    ]
    with pytest.raises(RulesError):
        hits.difficulty(tn=11)
    assert hits.DEFENCES == {
        "EVA": "Evasion",
        "BOD": "Body",
        "AWA": "Awareness",
        "GRI": "Grit",
        "SPI": "Spirit",
    }
    assert hits.TRAINING == {"untrained": 0, "cursory": 1, "skilled": 2, "adept": 3, "expert": 4}


def test_tn_zero_is_certain() -> None:
    for n, t in ((0, 6), (3, 10), (12, 7)):
        check = Check(dice=n, threshold=t, tn=0)
        assert check.chance() == 1
        assert sum(p for k, p in check.outcomes().items() if k.startswith("DoS")) == 1


# -- builders -------------------------------------------------------------------------


def test_attribute_skill_knowledge_static_damage_builders() -> None:
    assert Check.attribute(level=4, tn=2) == Check(dice=3, threshold=7, tn=2)
    assert Check.attribute(level=9, tn=2, modifier=-2) == Check(dice=4, threshold=5, tn=2)
    assert Check.attribute(level=1, tn=1, modifier=-5) == Check(dice=0, threshold=10, tn=1)
    # Adept (3) + Focus 2 + Attribute 5 (4 dice at 6+).
    assert Check.skill(attribute=5, training="adept", focus=2, tn=3) == Check(dice=9, threshold=6, tn=3)
    assert Check.skill(attribute=5, training="Expert", tn=3) == Check(dice=8, threshold=6, tn=3)
    assert Check.skill(attribute=3, training="cursory", focus=1, tn=1, modifier=1) == Check(
        dice=6, threshold=7, tn=1
    )
    # Untrained: the Attribute Check, Focus dice not added (hits-untrained-action).
    assert Check.skill(attribute=3, training="untrained", focus=2, tn=2) == Check.attribute(level=3, tn=2)
    # Knowledge: Intellect 6 (4 dice at 6+) plus 2 per rating.
    assert Check.knowledge(intellect=6, rating=3, tn=4) == Check(dice=10, threshold=6, tn=4)
    assert Check.static(dice=12, tn=3) == Check(dice=12, threshold=6, tn=3)
    assert Check.static(dice=12, tn=3, threshold=8) == Check(dice=12, threshold=8, tn=3)
    assert Check.damage(power=8, hardness=2, damage="cutting") == Check(dice=8, threshold=7, tn=2)
    assert Check.damage(power=8, hardness=2, damage="piercing") == Check(dice=8, threshold=6, tn=2)
    assert Check.damage(power=8, hardness=2, threshold=5, damage="cutting") == Check(
        dice=8, threshold=5, tn=2
    )


def test_builder_errors() -> None:
    with pytest.raises(RulesError, match="training"):
        Check.skill(attribute=3, training="master", tn=1)
    with pytest.raises(ParameterTypeError, match="training"):
        Check.skill(attribute=3, training=2, tn=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="focus"):
        Check.skill(attribute=3, training="adept", focus=-1, tn=1)
    with pytest.raises(RulesError, match="rating"):
        Check.knowledge(intellect=3, rating=6, tn=1)
    with pytest.raises(RulesError, match="level"):
        Check.attribute(level=12, tn=1)
    with pytest.raises(RulesError, match="damage"):
        Check.damage(power=5, hardness=1)
    with pytest.raises(RulesError, match="damage"):
        Check.damage(power=5, hardness=1, damage="crushing")
    with pytest.raises(ParameterTypeError, match="modifier"):
        Check.attribute(level=3, tn=1, modifier=1.0)  # type: ignore[arg-type]


# -- parameter errors -----------------------------------------------------------------


@pytest.mark.parametrize("field", ["dice", "threshold", "tn", "bought", "validation"])
@pytest.mark.parametrize("bad", [1.0, "3", None, True, Fraction(1)])
def test_wrong_types(field: str, bad: object) -> None:
    params = {"dice": 25, "threshold": 6, "tn": 2, "bought": 0, "validation": 0}
    params[field] = bad
    with pytest.raises(ParameterTypeError, match=field):
        Check(**params)


@pytest.mark.parametrize("bad", [1, None, True, ("misfire",)])
def test_keyword_wrong_types(bad: object) -> None:
    with pytest.raises(ParameterTypeError, match="keyword"):
        Check(dice=5, threshold=6, tn=2, validation=2, keyword=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "params,match",
    [
        ({"dice": -1}, "dice"),
        ({"threshold": 0}, "threshold"),
        ({"threshold": 11}, "threshold"),
        ({"tn": -1}, "tn"),
        ({"bought": -1}, "bought"),
        ({"bought": 2}, "bought"),
        ({"dice": 19, "bought": 1}, "bought"),
        ({"validation": 1}, "validation"),
        ({"validation": 11}, "validation"),
        ({"dice": 0, "validation": 3}, "validation"),
        ({"keyword": "misfire"}, "keyword='misfire' is not allowed with validation=0"),
        ({"keyword": "Misfire", "validation": 2}, "keyword"),
        ({"keyword": "jam", "validation": 2}, "keyword"),
    ],
)
def test_out_of_rules(params: dict[str, int], match: str) -> None:
    base = {"dice": 25, "threshold": 6, "tn": 2}
    with pytest.raises(RulesError, match=match) as info:
        Check(**(base | params))
    assert not isinstance(info.value, (ParameterTypeError, LimitError))


def test_limits_refuse_before_computing() -> None:
    for params in (
        {"dice": 10**9},
        {"dice": hits.MAX_POOL + 1},
        {"dice": hits.MAX_ROLLED + 1},
        {"tn": 10**12},
        {"dice": 10**9, "bought": 10**8},
    ):
        with pytest.raises(LimitError):
            Check(**({"dice": 5, "threshold": 6, "tn": 2} | params))
    # Buying hits brings a huge pool back within reach.
    big = Check.buying(dice=hits.MAX_POOL, threshold=6, tn=50_000)
    assert big.rolled == 10 and big.chance() == sum(
        p for k, p in formula_hits(10, 6).items() if k + big.bought_hits >= 50_000
    )


def test_largest_pool_answers() -> None:
    check = Check(dice=hits.MAX_ROLLED, threshold=6, tn=1000, validation=2)
    assert check.outcomes().total() == 1
    assert check.distribution().total() == 1


def test_resolve_rejects_bad_faces() -> None:
    check = Check(dice=2, threshold=6, tn=1)
    for faces, error in (
        ([1], RulesError),
        ([1, 2, 3], RulesError),
        ([0, 5], RulesError),
        ([11, 5], RulesError),
        ([1.0, 5], ParameterTypeError),
    ):
        with pytest.raises(error):
            check.resolve(faces)


# -- properties -----------------------------------------------------------------------


CHECKS = [
    Check(dice=0, threshold=6, tn=0),
    Check(dice=1, threshold=10, tn=1),
    Check(dice=5, threshold=7, tn=3),
    Check(dice=12, threshold=6, tn=3),
    Check(dice=8, threshold=5, tn=0),
    Check(dice=30, threshold=2, tn=10),
    Check(dice=25, threshold=6, tn=9, bought=1),
    Check(dice=11, threshold=6, tn=3, validation=2),
    Check(dice=11, threshold=6, tn=3, validation=2, keyword="misfire"),
    Check(dice=6, threshold=7, tn=2, validation=7, keyword="misfire"),
    Check.buying(dice=44, threshold=8, tn=12, validation=9, keyword="misfire"),
    # the other kinds
    Opposed(dice=0, threshold=6, against_dice=2, against_threshold=7),
    Opposed(dice=5, threshold=6, against_dice=4, against_threshold=7),
    Opposed(dice=12, threshold=5, against_dice=12, against_threshold=5),
    Group(dice=4, threshold=7, tn=2),
    Group(dice=2, threshold=7, tn=2, helpers=((1, 9), (2, 8), (3, 7))),
    Group(dice=5, threshold=6, tn=3, helpers=((8, 6), (6, 7), (3, 7), (7, 7))),
    Luck(fate=0, tn=1),
    Luck(fate=3, tn=1),
    Luck(fate=6, tn=3),
    # bought Hits and a Validation Die on the other kinds, and the kinds from a character sheet
    Opposed(dice=4, threshold=6, against_dice=3, against_threshold=7, validation=3, keyword="misfire"),
    Opposed(dice=25, threshold=7, against_dice=21, against_threshold=6, bought=1, against_bought=1),
    Group(dice=2, threshold=7, tn=1, helpers=((1, 9), (2, 8)), validation=4, keyword="misfire"),
    Group(dice=18, threshold=6, tn=9, helpers=((22, 7), (2, 6)), bought=3, helpers_buy=True, validation=2),
    Luck(fate=22, tn=8, bought=1, validation=2, keyword="misfire"),
    AttributeCheck(level=5, tn=2, validation=3, keyword="misfire"),
    SkillCheck(attribute=7, training="adept", focus=2, tn=4, modifier=10, bought=1),
    KnowledgeCheck(intellect=4, rating=2, tn=3),
    OpposedSkills(attribute=4, training="skilled", focus=1, against_attribute=3, against_training="adept"),
    OpposedSkills(
        attribute=6, training="untrained", against_attribute=5, against_training="cursory", validation=4
    ),
    KnowledgeGroup(intellect=5, rating=3, tn=4, helpers=((4, 2), (3, 4))),
    Group(dice=6, threshold=6, tn=3, helpers=((5, 7),), kind="knowledge", rating=2, helper_ratings=(1,)),
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.describe())
def test_properties(check: Check | Opposed | Group | Luck | AttributeCheck) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=1500)


def test_roll_log() -> None:
    roll = Check(dice=5, threshold=7, tn=3).roll(seed=7)
    assert roll.system == "hits"
    assert roll.check == "hits.Check(dice=5, threshold=7, tn=3, bought=0, validation=0, keyword='none')"
    assert len(roll.dice) == 5 and all(d.sides == 10 for d in roll.dice)
    assert roll.tally == sum(d.face >= 7 for d in roll.dice) == roll.detail("hits")
    assert roll.outcome == band(roll.tally - 3)
    assert dataclasses.replace(roll, seed=None) == Check(dice=5, threshold=7, tn=3).resolve(roll.faces)


# -- rulings --------------------------------------------------------------------------


def test_rulings_are_complete() -> None:
    ids = {r.id for r in hits.RULINGS}
    for needed in (
        "botch-band",
        "buying-hits-table",
        "luck-odds",
        "attribute-above-11",
        "untrained-action",
        "group-pool-below-zero",
        "validation-die-position",
        "opposed-ties",
        "tn-zero",
        "static-threshold",
        "group-knowledge-limit",
        "validation-keyword",
        "buying-validation-kinds",
        "opposed-buying",
        "opposed-split-before",
        "opposed-validation",
        "group-leader-buying",
        "group-helpers-buying",
        "group-validation-no-dice",
        "choices-after-the-roll",
        "attack-then-damage",
        "damage-effect",
    ):
        assert f"hits-{needed}" in ids
    assert len(ids) == len(hits.RULINGS)
    for r in hits.RULINGS:
        assert isinstance(r, Ruling) and r.system == "hits"
        assert r.section and r.source and r.ruling and r.why


def test_ruling_numbers_are_right() -> None:
    # hits-validation-keyword quotes the arquebus odds, by its Hits and under Misfire.
    plain = Check(dice=11, threshold=6, tn=3).chance()
    assert Check(dice=11, threshold=6, tn=3, validation=2).chance() == plain == Fraction(1981, 2048)
    misfire = Check(dice=11, threshold=6, tn=3, validation=2, keyword="misfire")
    assert misfire.chance() == Fraction(8937, 10240)
    assert misfire.outcomes()[hits.MISFIRE] == Fraction(1, 10)
    assert misfire.chance() - plain * Fraction(9, 10) == Fraction(9, 4096)
    text = " ".join(r.why for r in hits.RULINGS)
    assert "8937/10240" in text and "1981/2048" in text and "9/4096" in text
    assert "13/16" in text and "32/663" in text
    # A first-deal blackjack: an ace with one of the 16 ten-valued cards, in either order.
    assert Fraction(2 * 4 * 16, 52 * 51) == Fraction(32, 663)


def test_new_ruling_numbers_are_right() -> None:
    text = " ".join(r.why + " " + r.ruling for r in hits.RULINGS)
    # hits-buying-validation-kinds: 25 Fate against TN 12.
    assert Luck(fate=25, tn=12).chance() == Fraction(5494379, 8388608)
    assert Luck(fate=25, tn=12, bought=1).chance() == Fraction(22819, 32768)
    # hits-opposed-buying: 30d(7+) against 25d(6+).
    assert hits.max_bought(dice=30) == 2 and hits.max_bought(dice=25) == 1
    rolled = Opposed(dice=30, threshold=7, against_dice=25, against_threshold=6).chance()
    bought = Opposed(dice=30, threshold=7, against_dice=25, against_threshold=6, bought=2, against_bought=1)
    assert bought.chance() == Fraction(7965959663, 16000000000)
    assert round(float(rolled), 4) == 0.4980 and round(float(bought.chance()), 4) == 0.4979
    # hits-opposed-split-before: 30d(7+) against 12 and 14 defending Hits.
    assert round(float(Check(dice=30, threshold=7, tn=12).chance()), 3) == 0.569
    assert Check(dice=30, threshold=7, tn=12, bought=2).chance() == Fraction(6032416, 9765625)
    assert round(float(Check(dice=30, threshold=7, tn=14).chance()), 3) == 0.285
    assert round(float(Check(dice=30, threshold=7, tn=14, bought=2).chance()), 3) == 0.166
    # hits-opposed-validation: the grapple with a Misfire 3+ die.
    grapple = Opposed(
        dice=6, threshold=6, against_dice=4, against_threshold=7, validation=3, keyword="misfire"
    )
    assert grapple.chance() == Fraction(9023, 12500)
    assert grapple.validation_outcomes()["validation failed"] == Fraction(1, 5)
    # hits-group-helpers-buying: one helper's Effect, 25 dice at 7+ against TN 1.
    helper = Check(dice=25, threshold=7, tn=1).effects()
    buying = Check(dice=25, threshold=7, tn=1, bought=1).effects()
    assert helper.mean() == buying.mean() == 9
    assert sum(p for e, p in helper.items() if e >= 9) == Fraction(171477491357622272, 298023223876953125)
    assert sum(p for e, p in buying.items() if e >= 9) == Fraction(18212416064, 30517578125)
    # hits-group-validation-no-dice: 1 die helped by one 1d(10+) helper, validation 2+.
    alone = Group(dice=1, threshold=7, tn=0, helpers=((1, 10),), validation=2)
    assert alone.validation_outcomes()["validation failed"] == Fraction(91, 100)
    # hits-choices-after-the-roll: two misfires in a row at 2+.
    assert Check(dice=1, threshold=6, tn=0, validation=2).validation_outcomes()[
        "validation failed"
    ] ** 2 == Fraction(1, 100)
    for quoted in (
        "5494379/8388608",
        "22819/32768",
        "7965959663/16000000000",
        "6032416/9765625",
        "9023/12500",
        "1/5",
        "298023223876953125",
        "18212416064/30517578125",
        "91/100",
        "1/100",
        "up to 59",
    ):
        assert quoted in text, quoted


def test_knowledge_limit_ruling_numbers() -> None:
    """hits-group-knowledge-limit: two Intellect 5 scholars at ratings 3 and 5, against TN 8."""
    low, high = Check.knowledge(intellect=5, rating=3, tn=8), Check.knowledge(intellect=5, rating=5, tn=8)
    assert (low.dice, low.threshold, high.dice, high.threshold) == (10, 6, 14, 6)
    assert low.chance() == Fraction(7, 128) and high.chance() == Fraction(1619, 4096)
    # Read both ways, neither may help the other: 5 is 2 levels from 3.
    for lead, helper in ((3, 5), (5, 3)):
        assert not hits.knowledge_helper_allowed(lead=lead, helper=helper)
    with pytest.raises(RulesError):
        Group.knowledge(intellect=5, rating=3, tn=8, helpers=((5, 5),))
    # With the floor alone (the old reading) the one at 3 leads and the one at 5 helps.
    floor_alone = Group(dice=10, threshold=6, tn=8, helpers=((14, 6),))
    assert floor_alone.chance() == Fraction(312320687, 536870912)
    assert round(float(high.chance()), 3) == 0.395 and round(float(floor_alone.chance()), 3) == 0.582
    ruling = next(r for r in hits.RULINGS if r.id == "hits-group-knowledge-limit")
    for quoted in ("1619/4096", "312320687/536870912", "7/128", "39.5%", "58.2%", "10d(6+)", "14d(6+)"):
        assert quoted in ruling.why, quoted


def test_module_surface() -> None:
    assert hits.CHECKS == {
        "check": hits.Check,
        "attribute": hits.AttributeCheck,
        "skill": hits.SkillCheck,
        "knowledge": hits.KnowledgeCheck,
        "attack": hits.Attack,
        "opposed": hits.Opposed,
        "opposed_skills": hits.OpposedSkills,
        "group": hits.Group,
        "knowledge_group": hits.KnowledgeGroup,
        "luck": hits.Luck,
    }
    for name in hits.__all__:
        assert hasattr(hits, name), name
    for cls in hits.CHECKS.values():
        assert cls.system == "hits"
        assert dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
