"""The roll log's dice (rollkit._roll): faces from an RNG or given faces, each one checked."""

from __future__ import annotations

import pytest

from rollkit import ParameterTypeError, RulesError
from rollkit._roll import Dice


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
