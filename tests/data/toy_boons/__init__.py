"""boons: a pool of d6, each 5 or 6 is a Boon; enough Boons succeed. A toy system for the tests.

It is a system package of the smallest shape rollkit's registry takes (DEVELOPERS.md,
"Adding a system"): ``SYSTEM``, ``WORDS``, ``CHECKS``, ``RULINGS``, ``LIMITS`` and one kind
whose fields are declared with ``param``. Nothing outside this folder names it:
``rollkit.register("toy_boons")`` adds it, and the command line, the widgets' protocol, the
reference generator and the property tests then find it as they find the built-in systems.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import ClassVar

from rollkit import Distribution, Roll, RulesError, Ruling, Tally, Words
from rollkit._check import CheckBase
from rollkit._dist import listed
from rollkit._fields import param
from rollkit._limits import Limit
from rollkit._roll import Dice, Die

SYSTEM = "boons"
WORDS = Words(name="Boons", title="Boons (toy)", marks={"boon": "Boon", "blank": "no Boon"})
MAX_DICE = 40
LIMITS = (Limit(SYSTEM, "MAX_DICE", MAX_DICE, "The most d6 in one pool."),)
RULINGS = (
    Ruling(
        id="boons-need-zero",
        title="Needing no Boons always succeeds",
        system=SYSTEM,
        section="The roll",
        source="Roll your pool; with enough Boons you succeed.",
        ruling="need 0 succeeds whatever the dice show.",
        why="Zero Boons are always enough.",
    ),
)


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """Roll ``dice`` d6; each 5 or 6 is a Boon; ``need`` Boons or more succeed (the rule)."""

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("Boons", one="Boon")
    target: ClassVar[str] = "need"
    dice: int = param("Dice Pool", hint="d6 rolled", low=1, high=MAX_DICE, limit="high")
    need: int = param("Boons needed", hint="Boons to succeed", low=0, high=MAX_DICE)

    def _check_rules(self) -> None:
        if self.need > self.dice:
            raise RulesError(
                f"need={self.need} is not allowed with dice={self.dice}: need must be at most dice",
                field="need",
                said=f"{{need}}: {self.need} is more than {{dice}} {self.dice} can give; enter at most"
                f" {self.dice}.",
            )

    def _weights(self) -> list[tuple[int, int]]:
        return [(k, comb(self.dice, k) * 2**k * 4 ** (self.dice - k)) for k in range(self.dice + 1)]

    def distribution(self, *, bound: int | None = None) -> Distribution:
        return listed(self._weights(), 6**self.dice, bound)

    def outcomes(self) -> Distribution:
        fail = sum(w for k, w in self._weights() if k < self.need)
        return Distribution.from_weights({"failure": fail, "success": 6**self.dice - fail}, 6**self.dice)

    def chance(self) -> Fraction:
        return self.outcomes()["success"]

    def success_from(self) -> int | None:
        return self.need

    def _play(self, dice: Dice) -> Roll:
        rolled = []
        for _ in range(self.dice):
            face = dice.next(6)
            rolled.append(Die(face, 6, "pool", "boon" if face >= 5 else "blank", int(face >= 5)))
        boons = sum(d.value for d in rolled)
        outcome = "success" if boons >= self.need else "failure"
        return Roll(
            system=SYSTEM,
            check=self.describe(),
            dice=tuple(rolled),
            tally=boons,
            outcome=outcome,
            success=boons >= self.need,
            probability=self.outcomes()[outcome],
        )


CHECKS: dict[str, type] = {"check": Check}

__all__ = ["Check", "MAX_DICE", "SYSTEM", "WORDS", "CHECKS", "RULINGS", "LIMITS"]
