"""The check base (rollkit._check): roll and resolve share one path, on a toy system; the
shared property assertions catch a wrong probability."""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest

from rollkit import CheckBase, Die, Distribution, ParameterTypeError, Roll, RulesError
from rollkit._roll import Dice
from rollkit._validate import integer
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
