"""The shared core: parameter checks, distributions, the roll log and the check base."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest

import rollkit
from rollkit import CheckBase, Die, Distribution, LimitError, ParameterTypeError, Roll, RulesError
from rollkit._roll import Dice
from rollkit._validate import boolean, choice, integer
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable


# A toy system used only to test the shared machinery: roll `dice` d6, count 5+.
@dataclass(frozen=True, kw_only=True)
class _Toy(CheckBase):
    system: ClassVar[str] = "toy"
    dice: int
    need: int = 1

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=1, limit=8)
        integer("need", self.need, low=0, high=self.dice)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        weights = {k: 0 for k in range(self.dice + 1)}
        for faces in itertools.product(range(1, 7), repeat=self.dice):
            weights[sum(f >= 5 for f in faces)] += 1
        return Distribution.from_weights(weights, 6**self.dice)

    def outcomes(self) -> Distribution:
        d = self.distribution()
        fail = d.probability(lambda k: k < self.need)
        return Distribution((("failure", fail), ("success", 1 - fail)))

    def chance(self) -> Fraction:
        return self.outcomes()["success"]

    def _play(self, dice: Dice) -> Roll:
        rolled = []
        for _ in range(self.dice):
            face = dice.next(6)
            rolled.append(Die(face, 6, "pool", "hit" if face >= 5 else "miss", int(face >= 5)))
        tally = sum(d.value for d in rolled)
        outcome = "success" if tally >= self.need else "failure"
        return Roll(
            self.system,
            self.describe(),
            tuple(rolled),
            tally,
            outcome,
            outcome == "success",
            self.outcomes()[outcome],
        )


def test_integer_accepts_and_names_the_parameter() -> None:
    assert integer("dice", 3, low=1) == 3
    with pytest.raises(RulesError, match=r"dice=0 is not allowed: dice must be a whole number of at least 1"):
        integer("dice", 0, low=1)
    with pytest.raises(RulesError, match=r"tn=11 .* from 0 to 10"):
        integer("tn", 11, low=0, high=10)
    with pytest.raises(LimitError, match=r"dice=1000000000 is too large.* up to 1000"):
        integer("dice", 10**9, low=1, limit=1000)


@pytest.mark.parametrize("value", [1.0, "3", None, True, float("nan"), [1]])
def test_integer_rejects_other_types_as_type_errors(value: object) -> None:
    with pytest.raises(ParameterTypeError, match=r"^dice=.* must be a whole number") as info:
        integer("dice", value, low=1)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)


def test_boolean_and_choice() -> None:
    assert boolean("adept", True) is True
    with pytest.raises(ParameterTypeError, match="adept=1 .* True or False"):
        boolean("adept", 1)
    assert choice("again", 9, (8, 9, 10)) == 9
    with pytest.raises(RulesError, match=r"again=7 is not allowed: again must be one of 8, 9, 10"):
        choice("again", 7, (8, 9, 10))
    with pytest.raises(ParameterTypeError):
        choice("again", "9", (8, 9, 10))
    with pytest.raises(ParameterTypeError):
        choice("again", True, (1, 0))


def test_error_messages_are_short_for_huge_values() -> None:
    with pytest.raises(RulesError) as info:
        integer("dice", "x" * 10_000, low=1)
    assert len(str(info.value)) < 200


def test_distribution_reads_and_totals() -> None:
    d = Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3 or more")
    assert d[1] == Fraction(1, 5) and d.get(7, 0) == 0 and d.get(7) is None
    with pytest.raises(
        KeyError,
        match=r"outcome=7 is not listed: this distribution lists 0, 1, 2;"
        r" the rest \(3 or more\) is in tail",
    ):
        d[7]
    with pytest.raises(RulesError):  # also a RulesError, like every mistake rollkit names
        d["7"]
    assert isinstance(d, Mapping) and dict(d) == {0: Fraction(1, 10), 1: Fraction(1, 5), 2: Fraction(3, 10)}
    assert d.keys() == (0, 1, 2) and d.values() == (Fraction(1, 10), Fraction(1, 5), Fraction(3, 10))
    assert d == Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3 or more")
    assert d != Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3+")
    big = Distribution.from_weights({k: 1 for k in range(20)}, 20)
    with pytest.raises(KeyError, match="lists 0 to 19$"):
        big[20]
    assert list(d) == [0, 1, 2] and len(d) == 3 and 2 in d and 3 not in d
    assert d.total() == 1
    assert d.at_least(2) == Fraction(7, 10)
    assert d.at_least(3) == Fraction(2, 5)
    with pytest.raises(RulesError, match="beyond the listed outcomes"):
        d.at_least(5)
    with pytest.raises(RulesError, match="tail"):
        d.mean()
    whole = Distribution.from_weights({1: 1, 2: 1, 3: 2}, 4)
    assert whole.mean() == Fraction(9, 4)
    assert whole.to_json()["outcomes"][2] == {
        "outcome": 3,
        "probability": "1/2",
        "float": 0.5,
        "percent": "50.00%",
        "fraction": "1/2",
    }
    tiny = Distribution.from_weights({0: 1, 1: 10**6 - 1}, 10**6)
    assert tiny.to_json()["outcomes"][0]["percent"] == "0.0001%"
    rare = Distribution.from_weights({0: 48, 1: 10**8 - 48}, 10**8)
    assert rare.to_json()["outcomes"][0]["percent"] == "0.000048%"
    assert "3 or more" in str(d)


def test_dice_from_faces_checks_every_face() -> None:
    dice = Dice.given([3, 6])
    assert dice.next(6) == 3 and dice.next(6) == 6
    dice.finish()
    with pytest.raises(RulesError, match=r"faces\[0\]=7 .* d6, which shows 1 to 6"):
        Dice.given([7]).next(6)
    with pytest.raises(RulesError, match="needs more dice than the 1 faces given"):
        short = Dice.given([2])
        short.next(6), short.next(6)
    left = Dice.given([1, 2, 3])
    left.next(6)
    with pytest.raises(RulesError, match="2 faces are left over"):
        left.finish()
    for bad in ("12", 5, [1.5], [True]):
        with pytest.raises(ParameterTypeError):
            Dice.given(bad)  # type: ignore[arg-type]


def test_check_base_roll_and_resolve_share_one_path() -> None:
    toy = _Toy(dice=3, need=2)
    roll = toy.roll(seed=7)
    rng = random.Random(7)
    assert roll.faces == tuple(rng.randint(1, 6) for _ in range(3))
    assert roll.seed == 7 and roll.check == "toy._Toy(dice=3, need=2)"
    assert toy.resolve(roll.faces) == dataclasses.replace(roll, seed=None)
    assert toy.resolve([5, 6, 1]).outcome == "success"
    assert toy.resolve([5, 4, 1]).outcome == "failure"
    unseeded = toy.roll()
    assert unseeded.seed is not None and toy.roll(seed=unseeded.seed) == unseeded
    assert toy.roll(rng=random.Random(3)).seed is None
    with pytest.raises(RulesError, match="seed and rng"):
        toy.roll(seed=1, rng=random.Random(1))
    with pytest.raises(RulesError, match="seed=-1"):
        toy.roll(seed=-1)
    with pytest.raises(ParameterTypeError, match="rng="):
        toy.roll(rng=42)  # type: ignore[arg-type]
    assert "\n  tally 2: success (chance of this outcome " in str(toy.resolve([5, 6, 1]))
    assert toy.resolve([5, 6, 1]).to_json()["faces"] == [5, 6, 1]


def test_property_helpers_catch_a_wrong_probability() -> None:
    toy = _Toy(dice=2, need=1)
    assert_exact(toy)
    assert_replayable(toy)
    assert_frequencies(toy, n=2000)

    @dataclass(frozen=True, kw_only=True)
    class Liar(_Toy):
        def outcomes(self) -> Distribution:  # claims 1 in 3 instead of 5 in 9
            return Distribution((("failure", Fraction(2, 3)), ("success", Fraction(1, 3))))

    with pytest.raises(AssertionError):
        assert_frequencies(Liar(dice=2, need=1), n=3000)


def test_package_root_exports() -> None:
    assert set(rollkit.SYSTEMS) == {"ninefold", "trait", "hits", "again", "critdice"}
    for name in rollkit.__all__:
        assert hasattr(rollkit, name), name
    assert issubclass(rollkit.RulesError, ValueError)


def test_convolve_and_power_against_enumeration() -> None:
    """The shared sum-of-tallies maths, against counting every combination of faces."""
    import itertools
    from collections import Counter

    from rollkit._dist import convolve, power

    d6 = (0, 1, 1, 1, 1, 1, 1)  # index = face
    for count in range(0, 5):
        sums = Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=count))
        got = power(d6, count)
        assert {k: w for k, w in enumerate(got) if w} == dict(sums), count
    coin, d4 = (1, 1), (0, 1, 1, 1, 1)
    sums = Counter(a + b for a in (0, 1) for b in range(1, 5))
    assert {k: w for k, w in enumerate(convolve(coin, d4)) if w} == dict(sums)
    assert convolve(d4, coin) == convolve(coin, d4) and convolve([3], [0, 2]) == [0, 6]
    weighted = (2, 0, 5)  # a face worth 0 twice, 2 five times
    assert power(weighted, 2) == [4, 0, 20, 0, 25]
