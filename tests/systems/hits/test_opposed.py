"""hits: opposed checks (hits.Opposed) against brute force and the text's examples, with
bought Hits and a Validation Die.

Expected values come from enumerating every face combination: directly on small pools
(itertools.product, or every roll through resolve()), and die by die for the rolled part
of a pool that buys Hits, never from rollkit's own maths.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, hits
from rollkit.hits import Opposed
from tests.systems.hits.brute import BANDS, DOS1, FACES, assert_matches, band, by_faces, formula_hits


@pytest.mark.parametrize(
    "na,ta,nb,tb",
    [
        (0, 6, 0, 6),
        (1, 6, 1, 6),
        (2, 7, 2, 5),
        (3, 10, 1, 2),
        (0, 6, 3, 7),
        (3, 6, 0, 9),
        (2, 1, 2, 1),
        (4, 5, 2, 8),
    ],
)
def test_opposed_matches_enumeration(na: int, ta: int, nb: int, tb: int) -> None:
    effects: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=na + nb):
        defender = sum(f >= tb for f in faces[:nb])  # the defender rolls first
        actor = sum(f >= ta for f in faces[nb:])
        effects[actor - defender] += 1
    total = 10 ** (na + nb)
    check = Opposed(dice=na, threshold=ta, against_dice=nb, against_threshold=tb)
    dist = check.distribution()
    assert list(dist) == list(range(-nb, na + 1))
    assert {k: p for k, p in dist.items() if p} == {e: Fraction(c, total) for e, c in effects.items()}
    expected = {b: Fraction(0) for b in BANDS}
    for e, c in effects.items():
        expected[band(e)] += Fraction(c, total)
    assert dict(check.outcomes().items()) == expected and list(check.outcomes()) == list(BANDS)
    assert check.chance() == sum(Fraction(c, total) for e, c in effects.items() if e >= 0)


@settings(max_examples=30, deadline=None)
@given(na=st.integers(0, 25), ta=st.integers(1, 10), nb=st.integers(0, 25), tb=st.integers(1, 10))
def test_opposed_matches_convolution_of_formulas(na: int, ta: int, nb: int, tb: int) -> None:
    a, b = formula_hits(na, ta), formula_hits(nb, tb)
    effect: dict[int, Fraction] = {}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        effect[x - y] = effect.get(x - y, Fraction(0)) + p * q
    check = Opposed(dice=na, threshold=ta, against_dice=nb, against_threshold=tb)
    assert dict(check.distribution().items()) == effect
    assert check.chance() == sum(p for e, p in effect.items() if e >= 0)
    bands = {b_: Fraction(0) for b_ in BANDS}
    for e, p in effect.items():
        bands[band(e)] += p
    assert dict(check.outcomes().items()) == bands


def test_opposed_tie_succeeds_with_effect_zero() -> None:
    check = Opposed(dice=3, threshold=6, against_dice=3, against_threshold=6)
    roll = check.resolve([6, 6, 6, 1, 1, 1])  # defender's three dice first: 3 Hits
    assert roll.detail("opposing hits") == 3 and roll.detail("tn") == 3
    # Actor's dice are the last three: all misses -> Effect -3.
    assert roll.tally == -3 and roll.outcome == band(-3) and not roll.success
    roll = check.resolve([6, 6, 6, 7, 8, 9])
    assert roll.tally == 0 and roll.outcome == DOS1 and roll.success
    assert [d.role for d in roll.dice] == ["opposing"] * 3 + ["pool"] * 3


def test_opposed_attributes_builder() -> None:
    # COR 5 (4 dice at 6+) against STR 3 (3 dice at 7+).
    assert Opposed.attributes(level=5, against=3) == Opposed(
        dice=4, threshold=6, against_dice=3, against_threshold=7
    )


def test_opposed_errors_and_limits() -> None:
    for field in ("dice", "threshold", "against_dice", "against_threshold"):
        for bad in (1.5, "2", None, False):
            params = {"dice": 3, "threshold": 6, "against_dice": 3, "against_threshold": 6}
            params[field] = bad  # type: ignore[assignment]
            with pytest.raises(ParameterTypeError, match=field):
                Opposed(**params)
    with pytest.raises(RulesError, match="against_threshold"):
        Opposed(dice=3, threshold=6, against_dice=3, against_threshold=0)
    with pytest.raises(RulesError, match="against_dice"):
        Opposed(dice=3, threshold=6, against_dice=-1, against_threshold=6)
    for dice, against in ((10**9, 1), (1, 10**9), (hits.MAX_OPPOSED_DICE, 1)):
        with pytest.raises(LimitError):
            Opposed(dice=dice, threshold=6, against_dice=against, against_threshold=6)
    big = Opposed(
        dice=hits.MAX_OPPOSED_DICE // 2,
        threshold=6,
        against_dice=hits.MAX_OPPOSED_DICE // 2,
        against_threshold=7,
    )
    assert big.distribution().total() == 1 and big.outcomes().total() == 1


# -- bought Hits and a Validation Die ------------------------------------------------


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
