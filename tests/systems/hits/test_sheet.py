"""hits: buying Hits and Validation Dice on every kind of check, and the check kinds built
from a character sheet (hits.attribute, hits.skill, hits.knowledge).

Expected values come from enumerating every face combination: directly on small pools
(itertools.product, or every roll through resolve()), and die by die for the rolled part
of a pool that buys Hits (each die's ten faces added in turn, checked against
itertools.product on small pools), never from rollkit's own maths.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit._params import build
from rollkit.hits import AttributeCheck, Check, Group, KnowledgeCheck, Luck, Opposed, SkillCheck
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable
from tests.systems.hits.test_check import BANDS, band

FACES = range(1, 11)
TENTH = Fraction(1, 10)

# -- die-by-die enumeration ------------------------------------------------------------


@cache
def by_faces(n: int, t: int, v: int = 0) -> dict[tuple[int, bool], Fraction]:
    """(Hits, validation passed) of n d10 at t+, adding each die's ten faces in turn; with
    v the last die is also read at v+ (without one, every roll counts as passed)."""
    dist = {(0, True): Fraction(1)}
    for i in range(n):
        last = bool(v) and i == n - 1
        out: dict[tuple[int, bool], Fraction] = {}
        for (k, ok), p in dist.items():
            for face in FACES:
                key = (k + (face >= t), face >= v if last else ok)
                out[key] = out.get(key, Fraction(0)) + p * TENTH
        dist = out
    if v and n == 0:  # no die to pass (ruling hits-group-validation-no-dice)
        dist = {(0, False): Fraction(1)}
    return dist


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


Validated = Check | Opposed | Group


def rows(joint: dict[tuple[int, bool], Fraction], keyword: str) -> dict[str, Fraction]:
    """Outcome rows from (Effect, validation passed) weights, as the keyword reads them."""
    out = ({hits.MISFIRE: Fraction(0)} if keyword == "misfire" else {}) | {b: Fraction(0) for b in BANDS}
    for (effect, ok), p in joint.items():
        out[hits.MISFIRE if keyword == "misfire" and not ok else band(effect)] += p
    return out


def assert_matches(check: Validated, joint: dict[tuple[int, bool], Fraction], least: int) -> None:
    """outcomes(), chance(), validation_outcomes() and the joint table against (Effect, passed)
    weights where Effect = tally - least."""
    assert dict(check.outcomes().items()) == rows(joint, check.keyword)
    assert list(check.outcomes()) == list(rows(joint, check.keyword))
    passing = [p for (e, ok), p in joint.items() if e >= 0 and (ok or check.keyword == "none")]
    assert check.chance() == sum(passing, Fraction(0))
    if check.validation:
        failed = sum((p for (_, ok), p in joint.items() if not ok), Fraction(0))
        assert dict(check.validation_outcomes().items()) == {
            "validation failed": failed,
            "validation passed": 1 - failed,
        }
        both = check.outcomes_with_validation()
        for b in BANDS:
            for ok in (False, True):
                want = sum((p for (e, o), p in joint.items() if o == ok and band(e) == b), Fraction(0))
                assert both[f"{b}, validation {'passed' if ok else 'failed'}"] == want
    else:
        with pytest.raises(RulesError, match="validation=0"):
            check.validation_outcomes()
    assert check.success_from() == (None if check.keyword == "misfire" else least)


# -- opposed ---------------------------------------------------------------------------


def opposed_joint(
    na: int, ta: int, nb: int, tb: int, bought: int = 0, against: int = 0, v: int = 0
) -> dict[tuple[int, bool], Fraction]:
    """(Effect, validation passed): each side's rolled dice enumerated die by die, its bought
    groups adding 11 - Threshold Hits each."""
    out: dict[tuple[int, bool], Fraction] = {}
    for (a, ok), p in by_faces(na - 10 * bought, ta, v).items():
        for (b, _), q in by_faces(nb - 10 * against, tb).items():
            key = (a + bought * (11 - ta) - b - against * (11 - tb), ok)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


@pytest.mark.parametrize("keyword", ["none", "misfire"])
@pytest.mark.parametrize(
    "na,ta,nb,tb,v", [(1, 6, 1, 6, 2), (2, 7, 2, 5, 7), (3, 5, 1, 8, 9), (1, 10, 3, 2, 5)]
)
def test_opposed_validation_matches_every_face_combination(
    keyword: str, na: int, ta: int, nb: int, tb: int, v: int
) -> None:
    """The defender's faces first, then the actor's; the actor's last die validates."""
    joint: Counter[tuple[int, bool]] = Counter()
    check = Opposed(
        dice=na, threshold=ta, against_dice=nb, against_threshold=tb, validation=v, keyword=keyword
    )
    seen: Counter[str] = Counter()
    for faces in itertools.product(FACES, repeat=na + nb):
        effect = sum(f >= ta for f in faces[nb:]) - sum(f >= tb for f in faces[:nb])
        joint[effect, faces[-1] >= v] += 1
        roll = check.resolve(faces)
        seen[roll.outcome] += 1
        assert roll.tally == effect and roll.detail("validation") == (
            "passed" if faces[-1] >= v else "failed"
        )
        assert roll.dice[-1].role == "validation"
    total = 10 ** (na + nb)
    weights = {key: Fraction(c, total) for key, c in joint.items()}
    assert weights == opposed_joint(na, ta, nb, tb, v=v)
    assert_matches(check, weights, 0)
    assert {o: Fraction(c, total) for o, c in seen.items()} == {
        o: p for o, p in check.outcomes().items() if p
    }


@pytest.mark.parametrize(
    "na,ta,nb,tb,bought,against,v",
    [
        (20, 7, 3, 6, 1, 0, 0),
        (2, 6, 20, 8, 0, 1, 0),
        (21, 9, 20, 5, 1, 1, 0),
        (30, 7, 4, 7, 2, 0, 3),
        (20, 6, 10, 6, 1, 0, 8),
    ],
)
def test_opposed_buying_matches_enumeration(
    na: int, ta: int, nb: int, tb: int, bought: int, against: int, v: int
) -> None:
    joint = opposed_joint(na, ta, nb, tb, bought, against, v)
    for keyword in ("none", "misfire") if v else ("none",):
        check = Opposed(
            dice=na,
            threshold=ta,
            against_dice=nb,
            against_threshold=tb,
            bought=bought,
            against_bought=against,
            validation=v,
            keyword=keyword,
        )
        assert (check.rolled, check.against_rolled) == (na - 10 * bought, nb - 10 * against)
        assert_matches(check, joint, 0)
        effects: dict[int, Fraction] = {}
        for (e, _), p in joint.items():
            effects[e] = effects.get(e, Fraction(0)) + p
        assert {e: p for e, p in check.distribution().items() if p} == effects
        assert list(check.distribution())[0] == min(effects)


def test_opposed_buying_roll() -> None:
    """Bought Hits add to each side; only the rolled dice are read, the defender's first."""
    check = Opposed(dice=25, threshold=7, against_dice=21, against_threshold=6, bought=1, against_bought=1)
    faces = [6] * 3 + [1] * 8 + [7] * 5 + [1] * 10  # the defender: 11 dice, 3 Hits; the actor: 15, 5
    roll = check.resolve(faces)
    assert roll.detail("opposing hits") == 3 + 5 and roll.detail("hits") == 5 + 4
    assert roll.detail("opposing bought hits") == 5 and roll.detail("bought hits") == 4
    assert roll.tally == 1 and roll.success and len(roll.dice) == 26
    assert [d.role for d in roll.dice] == ["opposing"] * 11 + ["pool"] * 15


def test_opposed_errors() -> None:
    base = {"dice": 25, "threshold": 6, "against_dice": 25, "against_threshold": 6}
    for params, match in (
        ({"bought": 2}, "bought=2 is not allowed: with dice=25 bought must be from 0 to 1"),
        ({"against_bought": 2}, "against_bought=2 is not allowed: with against_dice=25"),
        ({"against_bought": -1}, "against_bought"),
        ({"validation": 1}, "validation"),
        ({"dice": 0, "validation": 4}, "validation=4 is not allowed with no dice rolled"),
        ({"keyword": "misfire"}, "keyword='misfire' is not allowed with validation=0"),
    ):
        with pytest.raises(RulesError, match=match):
            Opposed(**(base | params))  # type: ignore[arg-type]
    for field, bad in (("bought", 1.0), ("against_bought", "1"), ("validation", None), ("keyword", 2)):
        with pytest.raises(ParameterTypeError, match=field):
            Opposed(**(base | {field: bad}))  # type: ignore[arg-type]


# -- group -----------------------------------------------------------------------------


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


# -- luck ------------------------------------------------------------------------------


@pytest.mark.parametrize("fate,bought,v", [(3, 0, 2), (4, 0, 6), (20, 1, 0), (23, 1, 9)])
def test_luck_buying_and_validation(fate: int, bought: int, v: int) -> None:
    """A Luck Check is a Static Check at 6+: the same odds as that Check, the dice logged as Fate."""
    joint = by_faces(fate - 10 * bought, 6, v)
    for keyword in ("none", "misfire") if v else ("none",):
        for tn in (0, 1, 3, 8):
            luck = Luck(fate=fate, tn=tn, bought=bought, validation=v, keyword=keyword)
            static = Check.static(dice=fate, tn=tn)
            same = Check(dice=fate, threshold=6, tn=tn, bought=bought, validation=v, keyword=keyword)
            assert luck.outcomes() == same.outcomes() and luck.chance() == same.chance()
            assert luck.distribution() == same.distribution() and luck.effects() == same.effects()
            assert dict(luck.outcomes().items()) == rows(
                {(k + 5 * bought - tn, ok): p for (k, ok), p in joint.items()}, keyword
            )
            if not bought and not v:
                assert luck.outcomes() == static.outcomes()
            if v:
                assert luck.validation_outcomes() == same.validation_outcomes()
                assert luck.outcomes_with_validation() == same.outcomes_with_validation()
            roll = luck.roll(seed=tn)
            assert {d.role for d in roll.dice} <= {"fate", "validation"}
            assert roll.check == luck.describe() and roll.outcome == same.resolve(roll.faces).outcome


def test_luck_errors_name_the_fate_pool() -> None:
    with pytest.raises(RulesError, match="bought=1 is not allowed: with fate=15 bought must be from 0 to 0"):
        Luck(fate=15, tn=1, bought=1)
    with pytest.raises(RulesError, match="validation=3 is not allowed with no dice rolled"):
        Luck(fate=0, tn=0, validation=3)
    with pytest.raises(
        RulesError, match="bought=200 is not allowed: bought must be a whole number from 0 to 199"
    ):
        Luck(fate=10**6, tn=0, bought=200)
    with pytest.raises(RulesError, match="keyword"):
        Luck(fate=2, tn=1, keyword="misfire")


# -- the check kinds from a character sheet -------------------------------------------


SHEETS = [
    (AttributeCheck(level=4, tn=2), Check.attribute(level=4, tn=2)),
    (AttributeCheck(level=9, tn=3, modifier=-2), Check.attribute(level=9, tn=3, modifier=-2)),
    (AttributeCheck(level=1, tn=1, modifier=-5), Check.attribute(level=1, tn=1, modifier=-5)),
    (
        AttributeCheck(level=11, tn=9, modifier=14, bought=1, validation=2, keyword="misfire"),
        Check.attribute(level=11, tn=9, modifier=14, bought=1, validation=2, keyword="misfire"),
    ),
    (
        SkillCheck(attribute=4, training="skilled", focus=1, tn=3),
        Check.skill(attribute=4, training="skilled", focus=1, tn=3),
    ),
    (
        SkillCheck(attribute=3, training="untrained", focus=2, tn=2),
        Check.skill(attribute=3, training="untrained", focus=2, tn=2),
    ),
    (
        SkillCheck(attribute=6, training="expert", focus=3, tn=6, modifier=9, bought=1, validation=2),
        Check.skill(attribute=6, training="expert", focus=3, tn=6, modifier=9, bought=1, validation=2),
    ),
    (KnowledgeCheck(intellect=5, rating=3, tn=3), Check.knowledge(intellect=5, rating=3, tn=3)),
    (
        KnowledgeCheck(intellect=8, rating=5, tn=7, modifier=6, bought=1, validation=4, keyword="misfire"),
        Check.knowledge(intellect=8, rating=5, tn=7, modifier=6, bought=1, validation=4, keyword="misfire"),
    ),
]


@pytest.mark.parametrize(("sheet", "plain"), SHEETS, ids=lambda c: c.describe())
def test_sheet_kinds_are_their_classmethods(sheet: AttributeCheck, plain: Check) -> None:
    assert sheet.outcomes() == plain.outcomes() and sheet.chance() == plain.chance()
    assert sheet.distribution() == plain.distribution() and sheet.effects() == plain.effects()
    assert sheet.success_from() == plain.success_from()
    if plain.validation:
        assert sheet.validation_outcomes() == plain.validation_outcomes()
        assert sheet.outcomes_with_validation() == plain.outcomes_with_validation()
    for seed in range(3):
        roll = sheet.roll(seed=seed)
        assert roll.check == sheet.describe() and roll.check.startswith(f"hits.{type(sheet).__name__}(")
        assert dataclasses.replace(roll, check=plain.describe()) == plain.roll(seed=seed)


def test_sheet_kinds_match_the_rules_text() -> None:
    """Skilled (2) + Focus 1 + Attribute 4 (3 dice at 7+); untrained drops the Focus; Knowledge
    adds two dice per rating; an Attribute Check is the level's pool and Threshold."""
    assert SkillCheck(attribute=4, training="skilled", focus=1, tn=3)._plain() == Check(
        dice=6, threshold=7, tn=3
    )
    assert SkillCheck(attribute=3, training="untrained", focus=2, tn=3)._plain() == Check(
        dice=3, threshold=7, tn=3
    )
    assert KnowledgeCheck(intellect=5, rating=3, tn=3)._plain() == Check(dice=10, threshold=6, tn=3)
    assert AttributeCheck(level=8, tn=2)._plain() == Check(dice=5, threshold=5, tn=2)
    assert SkillCheck(attribute=4, training="skilled", focus=1, tn=3).chance() == sum(
        p for k, p in by_faces(6, 7).items() if k[0] >= 3
    )


def test_sheet_kinds_from_text_as_widgets_send_them() -> None:
    built = build(
        "hits.skill",
        {"attribute": "4", "training": "skilled", "focus": " 1", "tn": "3", "keyword": "none"},
    )
    assert built == SkillCheck(attribute=4, training="skilled", focus=1, tn=3)
    assert build("hits.knowledge", {"intellect": "5", "rating": "3", "tn": "3"}) == KnowledgeCheck(
        intellect=5, rating=3, tn=3
    )
    assert build("hits.attribute", {"level": "4", "tn": "2", "modifier": "-1"}) == AttributeCheck(
        level=4, tn=2, modifier=-1
    )
    with pytest.raises(RulesError, match="Skill Training"):
        build("hits.skill", {"attribute": "4", "training": "master", "tn": "3"})


def test_sheet_kind_errors_name_the_sheet() -> None:
    for make, match, error in (
        (
            lambda: SkillCheck(attribute=4, training="skilled", focus=1, tn=3, bought=1),
            "focus=1 and modifier=0 give 6 dice: bought=1",
            RulesError,
        ),
        (
            lambda: AttributeCheck(level=4, tn=1, modifier=3000),
            "level=4 and modifier=3000 give 3003 dice",
            LimitError,
        ),
        (
            lambda: AttributeCheck(level=1, tn=1, modifier=-9, validation=2),
            "give 0 dice: validation=2",
            RulesError,
        ),
        (lambda: KnowledgeCheck(intellect=3, rating=6, tn=1), "rating", RulesError),
        (lambda: AttributeCheck(level=12, tn=1), "level=12", RulesError),
        (lambda: SkillCheck(attribute=12, training="adept", tn=1), "attribute=12", RulesError),
        (lambda: KnowledgeCheck(intellect=0, rating=1, tn=1), "intellect=0", RulesError),
        (lambda: AttributeCheck(level=3, tn=1, bought=10**4), "bought=10000", RulesError),
        (lambda: SkillCheck(attribute=3, training="Adept", tn=1), "training='Adept'", RulesError),
        (lambda: SkillCheck(attribute=3, training="adept", focus=-1, tn=1), "focus", RulesError),
        (lambda: AttributeCheck(level=3, tn=-1), "tn=-1", RulesError),
        (lambda: AttributeCheck(level=3, tn=1, keyword="misfire"), "keyword='misfire'", RulesError),
    ):
        with pytest.raises(error, match=match) as info:
            make()
        assert "dice=" not in str(info.value).split(":")[0]  # the sheet speaks first
    with pytest.raises(ParameterTypeError, match="modifier"):
        AttributeCheck(level=3, tn=1, modifier=1.5)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="bought"):
        SkillCheck(attribute=3, training="adept", tn=1, bought="1")  # type: ignore[arg-type]


# -- properties ------------------------------------------------------------------------


CHECKS = [
    Opposed(dice=4, threshold=6, against_dice=3, against_threshold=7, validation=3, keyword="misfire"),
    Opposed(dice=25, threshold=7, against_dice=21, against_threshold=6, bought=1, against_bought=1),
    Group(dice=2, threshold=7, tn=1, helpers=((1, 9), (2, 8)), validation=4, keyword="misfire"),
    Group(dice=18, threshold=6, tn=9, helpers=((22, 7), (2, 6)), bought=3, helpers_buy=True, validation=2),
    Luck(fate=22, tn=8, bought=1, validation=2, keyword="misfire"),
    AttributeCheck(level=5, tn=2, validation=3, keyword="misfire"),
    SkillCheck(attribute=7, training="adept", focus=2, tn=4, modifier=10, bought=1),
    KnowledgeCheck(intellect=4, rating=2, tn=3),
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.describe())
def test_properties(check: Opposed | Group | Luck | AttributeCheck) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=1500)


# -- the numbers the rulings quote -----------------------------------------------------


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
