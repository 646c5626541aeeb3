"""hits: group checks (hits.Group) against brute force and the text's examples, with
bought Hits and a Validation Die.

Expected values come from enumerating every face combination: directly on small pools
(itertools.product, or every roll through resolve()), and die by die for the rolled part
of a pool that buys Hits, never from rollkit's own maths.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit.hits import Check, Group
from rollkit.web import request
from tests.systems.hits.brute import BANDS, DOS1, FACES, assert_matches, band, brute_hits, by_faces

# -- group ----------------------------------------------------------------------------


def brute_group(
    dice: int, t: int, tn: int, helpers: tuple[tuple[int, int], ...]
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Leader's Hits and helpers' bonus: every helper face combination enumerated,
    then the leader's pool (floored at 0) enumerated too."""
    helper_dice = sum(n for n, _ in helpers)
    leader: dict[int, Fraction] = {}
    bonus: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=helper_dice):
        total, i = 0, 0
        for n, ht in helpers:
            total += sum(f >= ht for f in faces[i : i + n]) - 1  # Effect against TN 1
            i += n
        bonus[total] += 1
        for k, p in brute_hits(max(0, dice + total), t).items():
            leader[k] = leader.get(k, Fraction(0)) + p / 10**helper_dice
    return leader, {b: Fraction(c, 10**helper_dice) for b, c in bonus.items()}


@pytest.mark.parametrize(
    "dice,t,helpers",
    [
        (2, 7, ()),
        (2, 7, ((1, 6),)),
        (1, 6, ((1, 10), (1, 10))),
        (0, 5, ((2, 6),)),
        (3, 6, ((2, 7), (1, 5))),
        (1, 2, ((1, 9), (1, 9), (1, 9))),
        (2, 10, ((3, 1),)),
    ],
)
def test_group_matches_enumeration(dice: int, t: int, helpers: tuple[tuple[int, int], ...]) -> None:
    leader, bonus = brute_group(dice, t, 0, helpers)
    for tn in range(0, 5):
        check = Group(dice=dice, threshold=t, tn=tn, helpers=helpers)
        assert {k: p for k, p in check.distribution().items() if p} == leader
        assert {k: p for k, p in check.bonus().items() if p} == bonus
        expected = {b: Fraction(0) for b in BANDS}
        for k, p in leader.items():
            expected[band(k - tn)] += p
        assert dict(check.outcomes().items()) == expected
        assert check.chance() == sum(p for k, p in leader.items() if k >= tn)


def test_group_library_example() -> None:
    """Four helpers against TN 1: 8d(6+) scores 4 (+3), 6d(7+) scores 1 (+0),
    3d(7+) scores 0 (-1), 7d(7+) scores 2 (+1): the leader gains +3d."""
    helpers = ((8, 6), (6, 7), (3, 7), (7, 7))
    check = Group(dice=5, threshold=6, tn=3, helpers=helpers)  # the leader's pool is not given
    faces = (
        [6, 9, 10, 7, 1, 5, 2, 3]  # helper 1: 4 Hits
        + [7, 6, 1, 2, 3, 4]  # helper 2: 1 Hit
        + [6, 2, 1]  # helper 3: 0 Hits
        + [10, 8, 6, 5, 4, 3, 2]  # helper 4: 2 Hits
        + [6, 6, 1, 1, 1, 1, 1, 10]
    )  # the leader: 5 + 3 = 8 dice, 3 Hits
    roll = check.resolve(faces)
    assert roll.detail("helper effects") == (3, 0, -1, 1)
    assert roll.detail("bonus dice") == 3 and roll.detail("leader dice") == 8
    assert roll.tally == 3 and roll.outcome == DOS1 and roll.success
    roles = [d.role for d in roll.dice]
    assert roles == (
        ["helper 1"] * 8 + ["helper 2"] * 6 + ["helper 3"] * 3 + ["helper 4"] * 7 + ["leader"] * 8
    )


def test_group_botches_reduce_and_floor_at_zero() -> None:
    check = Group(dice=1, threshold=6, tn=0, helpers=((1, 6), (1, 6), (1, 6)))
    roll = check.resolve([1, 1, 1])  # all three botch: 1 - 3 -> no dice for the leader
    assert roll.detail("bonus dice") == -3 and roll.detail("leader dice") == 0
    assert roll.tally == 0 and roll.success  # TN 0
    with pytest.raises(RulesError, match="more dice"):
        Group(dice=1, threshold=6, tn=1, helpers=((1, 6),)).resolve([6])


def test_group_kinds_and_errors() -> None:
    for kind in ("static", "luck"):
        with pytest.raises(RulesError, match="Static or Luck"):
            Group(dice=3, threshold=6, tn=1, kind=kind)
    with pytest.raises(RulesError, match="kind"):
        Group(dice=3, threshold=6, tn=1, kind="ritual")
    with pytest.raises(ParameterTypeError, match="kind"):
        Group(dice=3, threshold=6, tn=1, kind=3)  # type: ignore[arg-type]
    for helpers, error in (
        (5, ParameterTypeError),
        (((1,),), ParameterTypeError),
        (((1, 2, 3),), ParameterTypeError),
        (((1.0, 6),), ParameterTypeError),
        (((1, 11),), RulesError),
        (((-1, 6),), RulesError),
    ):
        with pytest.raises(error, match="helpers"):
            Group(dice=3, threshold=6, tn=1, helpers=helpers)  # type: ignore[arg-type]
    assert Group(dice=3, threshold=6, tn=1, helpers=[[2, 6]]).helpers == ((2, 6),)  # type: ignore[list-item]
    for params in (
        {"dice": 10**9},
        {"helpers": ((10**9, 6),)},
        {"helpers": tuple((1, 6) for _ in range(hits.MAX_HELPERS + 1))},
        {"dice": 300, "helpers": ((301, 6),)},
    ):
        with pytest.raises(LimitError):
            Group(**({"dice": 3, "threshold": 6, "tn": 1} | params))  # type: ignore[arg-type]


# Which Knowledge Ratings may help a leader, written from the text: 1 or more, and within 1
# level of the leader's, above or below (ruling hits-group-knowledge-limit).
HELPING = {0: {1}, 1: {1, 2}, 2: {1, 2, 3}, 3: {2, 3, 4}, 4: {3, 4, 5}, 5: {4, 5}}


def test_knowledge_helpers_within_1_level_either_way() -> None:
    for lead, allowed in HELPING.items():
        assert {h for h in range(6) if hits.knowledge_helper_allowed(lead=lead, helper=h)} == allowed
        assert hits.knowledge_helpers(lead=lead) == tuple(sorted(allowed))
    assert hits.knowledge_helper_allowed(lead=3, helper=5) is False  # the reproducer
    for bad in (-1, 6):
        with pytest.raises(RulesError, match="lead"):
            hits.knowledge_helper_allowed(lead=bad, helper=1)
        with pytest.raises(RulesError, match="helper"):
            hits.knowledge_helper_allowed(lead=1, helper=bad)


def test_group_knowledge_builder_and_limit() -> None:
    check = Group.knowledge(intellect=6, rating=3, tn=4, helpers=((3, 2), (1, 4)))
    assert check == Group(
        dice=10,
        threshold=6,
        tn=4,
        helpers=((7, 7), (10, 10)),
        kind="knowledge",
        rating=3,
        helper_ratings=(2, 4),
    )
    for helpers, item in ((((3, 1),), 0), (((3, 2), (3, 5)), 1)):
        with pytest.raises(RulesError, match="Knowledge Rating") as info:
            Group.knowledge(intellect=6, rating=3, tn=4, helpers=helpers)
        assert (info.value.field, info.value.item, info.value.part) == ("helpers", item, 1)
    with pytest.raises(ParameterTypeError):
        Group.knowledge(intellect=6, rating=3, tn=4, helpers=((3,),))


@pytest.mark.parametrize("lead", range(6))
def test_a_knowledge_group_checks_every_helper(lead: int) -> None:
    """Group(kind="knowledge") from raw pools checks the ratings as Group.knowledge does."""
    first = 1 if lead < 3 else 4  # a rating that may help this leader
    for theirs in range(6):
        params = {"rating": lead, "helper_ratings": (first, theirs)}
        base = {"dice": 7, "threshold": 6, "tn": 3, "helpers": ((8, 6), (5, 7)), "kind": "knowledge"}
        if theirs in HELPING[lead]:
            assert Group(**(base | params)).helper_ratings == (first, theirs)  # type: ignore[arg-type]
        else:
            with pytest.raises(RulesError, match="within 1 level") as info:
                Group(**(base | params))  # type: ignore[arg-type]
            assert (info.value.field, info.value.item) == ("helper_ratings", 1)


def test_a_knowledge_group_needs_its_ratings() -> None:
    base = {"dice": 7, "threshold": 6, "tn": 3, "helpers": ((8, 6), (6, 7))}
    for params, field in (
        ({"kind": "knowledge"}, "helper_ratings"),
        ({"kind": "knowledge", "rating": 3, "helper_ratings": (3,)}, "helper_ratings"),
        ({"kind": "knowledge", "rating": 3, "helper_ratings": (3, 3, 3)}, "helper_ratings"),
        ({"kind": "action", "rating": 3}, "rating"),
        ({"kind": "attribute", "helper_ratings": (3, 3)}, "helper_ratings"),
        ({"kind": "knowledge", "rating": 6, "helper_ratings": (3, 3)}, "rating"),
        ({"kind": "knowledge", "rating": 3, "helper_ratings": (3, 6)}, "helper_ratings"),
    ):
        with pytest.raises(RulesError) as info:
            Group(**(base | params))  # type: ignore[arg-type]
        assert info.value.field == field, params
    assert (
        Group(dice=7, threshold=6, tn=3, kind="knowledge").chance()
        == Check(dice=7, threshold=6, tn=3).chance()
    )
    ruled = Group(**(base | {"kind": "knowledge", "rating": 3, "helper_ratings": (3, 4)}))  # type: ignore[arg-type]
    assert ruled.outcomes() == Group(**base).outcomes()  # type: ignore[arg-type]


def test_the_knowledge_limit_in_the_cli_and_the_widgets(capsys: pytest.CaptureFixture[str]) -> None:
    from rollkit._cli import main

    argv = [
        "odds",
        "hits.group",
        "--dice",
        "7",
        "--threshold",
        "6",
        "--tn",
        "3",
        "--helpers",
        "8:6",
        "--kind",
        "knowledge",
    ]
    assert main(argv) == 2 and "helper_ratings" in capsys.readouterr().err
    assert main([*argv, "--rating", "3", "--helper-ratings", "5"]) == 2
    assert "within 1 level" in capsys.readouterr().err
    assert main([*argv, "--rating", "3", "--helper-ratings", "4"]) == 0
    argv = [
        "odds",
        "hits.knowledge_group",
        "--intellect",
        "5",
        "--rating",
        "3",
        "--tn",
        "3",
        "--helpers",
        "4:5",
    ]
    assert main(argv) == 2 and "within 1 level" in capsys.readouterr().err
    answer = json.loads(
        request(
            json.dumps(
                {
                    "op": "odds",
                    "check": "hits.group",
                    "params": {
                        "dice": "7",
                        "threshold": "6",
                        "tn": "3",
                        "helpers": "8:6, 3:7",
                        "kind": "knowledge",
                        "rating": "3",
                        "helper_ratings": "3, 5",
                    },
                }
            )
        )
    )
    assert answer["ok"] is False and (answer["field"], answer["item"]) == ("helper_ratings", 1)
    assert answer["error"].startswith(
        "Helpers' Knowledge Ratings, helper 2: a Knowledge Rating of 5 cannot help"
    )


def test_largest_group_answers() -> None:
    check = Group(dice=6, threshold=6, tn=100, helpers=tuple((99, 2) for _ in range(6)))
    assert check.distribution().total() == 1 and check.chance() > 0


# -- bought Hits and a Validation Die ------------------------------------------------


def group_joint(
    dice: int, t: int, helpers: tuple[tuple[int, int], ...], bought: int, buy: bool, v: int
) -> tuple[dict[tuple[int, bool], Fraction], dict[int, Fraction]]:
    """(leader's Hits, validation passed) and the helpers' bonus: every helper's rolled dice
    enumerated die by die (plus the Hits it buys), every combination of the helpers'
    results, then the leader's pool (floored at 0, with capped bought groups) likewise."""
    results = []
    for n, ht in helpers:
        groups = max(0, (n - 10) // 10) if buy else 0
        results.append(
            [(k + groups * (11 - ht) - 1, p) for (k, _), p in by_faces(n - 10 * groups, ht).items()]
        )
    leader: dict[tuple[int, bool], Fraction] = {}
    bonus: dict[int, Fraction] = {}
    for combination in itertools.product(*results):
        effect = sum(e for e, _ in combination)
        weight = Fraction(1)
        for _, p in combination:
            weight *= p
        bonus[effect] = bonus.get(effect, Fraction(0)) + weight
        pool = max(0, dice + effect)
        groups = min(bought, max(0, (pool - 10) // 10))
        for (k, ok), p in by_faces(pool - 10 * groups, t, v).items():
            key = (k + groups * (11 - t), ok)
            leader[key] = leader.get(key, Fraction(0)) + p * weight
    return leader, bonus


def test_group_reference_matches_every_face_combination() -> None:
    """The reference above against itertools.product over every die, on a small group."""
    leader, bonus = group_joint(1, 6, ((2, 7), (1, 9)), 0, False, 4)
    counts: Counter[tuple[int, bool]] = Counter()
    effects: Counter[int] = Counter()
    for helper_faces in itertools.product(FACES, repeat=3):
        effect = sum(f >= 7 for f in helper_faces[:2]) + (helper_faces[2] >= 9) - 2
        effects[effect] += 10**3
        pool = max(0, 1 + effect)
        for faces in itertools.product(FACES, repeat=pool):
            counts[sum(f >= 6 for f in faces), bool(faces) and faces[-1] >= 4] += 10 ** (3 - pool)
    assert leader == {key: Fraction(c, 10**6) for key, c in counts.items()}
    assert bonus == {e: Fraction(c, 10**6) for e, c in effects.items()}


@pytest.mark.parametrize(
    "dice,t,helpers,bought,buy,v",
    [
        (1, 7, ((1, 10),), 0, False, 2),  # 0 dice 9 times in 10: the validation fails
        (2, 6, ((1, 6), (1, 9)), 0, False, 6),
        (0, 5, ((2, 6),), 0, False, 10),
        (20, 7, ((1, 6),), 1, False, 0),  # 19 dice (none bought) or 20 (one group)
        (21, 6, ((1, 5), (1, 8)), 5, False, 3),
        (11, 8, ((20, 1),), 1, True, 0),  # the helper buys 1 group: 10 sure Hits
        (9, 6, ((21, 7), (1, 6)), 2, True, 4),
        (10, 7, ((21, 7),), 0, True, 0),
    ],
)
def test_group_buying_and_validation_match_enumeration(
    dice: int, t: int, helpers: tuple[tuple[int, int], ...], bought: int, buy: bool, v: int
) -> None:
    joint, bonus = group_joint(dice, t, helpers, bought, buy, v)
    for keyword in ("none", "misfire") if v else ("none",):
        for tn in (0, 2, 5, 9):
            check = Group(
                dice=dice,
                threshold=t,
                tn=tn,
                helpers=helpers,
                bought=bought,
                helpers_buy=buy,
                validation=v,
                keyword=keyword,
            )
            assert_matches(check, {(k - tn, ok): p for (k, ok), p in joint.items()}, tn)
            hits_only: dict[int, Fraction] = {}
            for (k, _), p in joint.items():
                hits_only[k] = hits_only.get(k, Fraction(0)) + p
            assert {k: p for k, p in check.distribution().items() if p} == hits_only
            assert {b: p for b, p in check.bonus().items() if p} == bonus


@pytest.mark.parametrize("keyword", ["none", "misfire"])
def test_group_rolls_match_every_face_combination(keyword: str) -> None:
    """A leader of 1 die and two helpers of 1 die: the leader rolls 0, 1 or 2 dice; with no
    die the validation fails (ruling hits-group-validation-no-dice)."""
    check = Group(dice=1, threshold=6, tn=1, helpers=((1, 9), (1, 4)), validation=5, keyword=keyword)
    seen: dict[str, Fraction] = {}
    total = Fraction(0)
    for helper_faces in itertools.product(FACES, repeat=2):
        pool = max(0, 1 + (helper_faces[0] >= 9) + (helper_faces[1] >= 4) - 2)
        for leader_faces in itertools.product(FACES, repeat=pool):
            roll = check.resolve(helper_faces + leader_faces)
            weight = Fraction(1, 10 ** (2 + pool))
            seen[roll.outcome] = seen.get(roll.outcome, Fraction(0)) + weight
            total += weight
            passed = bool(leader_faces) and leader_faces[-1] >= 5
            assert roll.detail("validation") == ("passed" if passed else "failed")
            assert roll.success == (roll.tally >= 1 and (passed or keyword == "none"))
            assert roll.probability == check.outcomes()[roll.outcome]
    assert total == 1
    assert seen == {o: p for o, p in check.outcomes().items() if p}


def test_group_leader_buys_what_the_pool_allows() -> None:
    """Ruling hits-group-leader-buying: 25 dice with bought=1, helpers -6 or +5."""
    losing = Group(dice=25, threshold=7, tn=0, helpers=((0, 6),) * 6, bought=1)
    roll = losing.resolve([7] * 19)
    assert roll.detail("leader dice") == 19 and len(roll.dice) == 19 and roll.tally == 19
    with pytest.raises(KeyError):
        roll.detail("bought hits")
    gaining = Group(dice=25, threshold=7, tn=0, helpers=((2, 1),) * 5 + ((1, 1),) * 5, bought=1)
    faces = [1] * 15 + [7] * 20
    roll = gaining.resolve(faces)  # every helper's die hits at 1+: Effect +5 in all
    assert roll.detail("bonus dice") == 5 and roll.detail("leader dice") == 30
    assert roll.detail("leader bought groups") == 1 and roll.detail("bought hits") == 4
    assert len(roll.dice) == 15 + 20 and roll.tally == 20 + 4
    two = dataclasses.replace(gaining, bought=2).resolve(faces[:-10])
    assert two.detail("leader bought groups") == 2 and two.tally == 10 + 8
    most = hits.max_bought(dice=hits.MAX_GROUP_DICE)
    assert (
        most == 59
        and Group(dice=5, threshold=7, tn=1, bought=most).chance()
        == Check(dice=5, threshold=7, tn=1).chance()
    )


def test_group_errors() -> None:
    base = {"dice": 4, "threshold": 7, "tn": 2, "helpers": ((3, 7),)}
    for params, match in (
        ({"bought": -1}, "bought"),
        ({"bought": 60}, "bought"),
        ({"validation": 1}, "validation"),
        ({"keyword": "misfire"}, "keyword='misfire' is not allowed with validation=0"),
    ):
        with pytest.raises(RulesError, match=match):
            Group(**(base | params))  # type: ignore[arg-type]
    for field, bad in (("bought", 1.5), ("helpers_buy", 1), ("validation", "2"), ("keyword", None)):
        with pytest.raises(ParameterTypeError, match=field):
            Group(**(base | {field: bad}))  # type: ignore[arg-type]
    # A leader with no dice may still ask for a validation die: the helpers may add dice.
    assert (
        Group(dice=0, threshold=7, tn=0, helpers=((3, 7),), validation=2).validation_outcomes().total() == 1
    )


def test_group_knowledge_passes_the_options_on() -> None:
    check = Group.knowledge(
        intellect=11, rating=5, tn=12, helpers=((11, 5),), bought=1, helpers_buy=True, validation=3
    )
    assert (check.dice, check.threshold, check.helpers) == (17, 5, ((17, 5),))
    assert (check.bought, check.helpers_buy, check.validation, check.keyword) == (1, True, 3, "none")
