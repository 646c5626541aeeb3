"""The whole combat sequence: offence, defence, then the effect dice rolled ("Check Sequence",
"Contested and Combat Rolls")."""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import ClassVar

from .._dist import Distribution, listed
from .._errors import LimitError
from .._fields import declare, like
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._checks import _Read
from ._contest import Contest
from ._maths import _sums
from ._rules import EFFECT_DICE, EFFECT_DIE, MAX_DAMAGE, SYSTEM, Convention, Criticals, Reduced, _field


class _DamageFields(_Read):
    """The types of the fields ``Damage`` takes as ``Contest`` declares them."""

    offence: int
    defence: int
    offence_die: int
    defence_die: int
    defence_favourable: int
    defence_unfavourable: int
    reduced: Reduced
    immune: bool


@dataclass(frozen=True, kw_only=True)
class Damage(_DamageFields):
    """Offence, defence, then the effect: the effect dice rolled on the ``effect_die``.

    "Check Sequence" step 5 and "Contested and Combat Rolls": the effect is rolled
    only after the checks let it through, so the tally is the total rolled on the
    effect dice (the damage), 0 when the offence fails, the defender is immune or a
    passed defence prevents the hit. Every field but the effect die is the
    ``Contest``'s: the offence's criticals double or halve the effect dice, a
    reduced effect halves them (ruling ``ninefold-reduced-effect``), the defence's
    criticals change none (``ninefold-defence-critical``). The log shows the
    offence roll, the defence roll (each with any confirmation roll) and every
    effect die (ruling ``ninefold-effect-dice``).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("damage", one="damage")

    offence: int = like(Contest, "offence")
    defence: int = like(Contest, "defence")
    effect_dice: int = _field(
        EFFECT_DICE,
        "Effect dice",
        hint="how many effect dice the action rolls, before criticals",
        low=1,
        high=MAX_DAMAGE // 4,
        why="a rolled effect has at least one die",
    )
    effect_die: int = declare(EFFECT_DIE)
    offence_die: int = like(Contest, "offence_die")
    defence_die: int = like(Contest, "defence_die")
    convention: Convention = like(Contest, "convention")
    favourable: int = like(Contest, "favourable")
    unfavourable: int = like(Contest, "unfavourable")
    defence_favourable: int = like(Contest, "defence_favourable")
    defence_unfavourable: int = like(Contest, "defence_unfavourable")
    criticals: Criticals = like(Contest, "criticals")
    reduced: Reduced = like(Contest, "reduced")
    immune: bool = like(Contest, "immune")

    def _check_rules(self) -> None:
        self._contest()
        most = 2 * self.effect_dice * self.effect_die
        if most > MAX_DAMAGE:
            raise LimitError(
                f"effect_dice={self.effect_dice} with effect_die={self.effect_die} is too large: a"
                f" favourable critical doubles them to {2 * self.effect_dice}d{self.effect_die}, up to"
                f" {most} damage, and rollkit computes exact odds up to {MAX_DAMAGE} damage (MAX_DAMAGE)",
                field="effect_dice",
                said=f"{self.effect_dice} effect dice of d{self.effect_die} can deal up to {most} damage"
                f" once a favourable critical doubles them, too much to work out exactly; rollkit goes"
                f" up to {MAX_DAMAGE} (fewer dice, or a smaller {{effect_die}}).",
            )

    def _contest(self) -> Contest:
        """The offence and defence, counting the effect dice this check then rolls."""
        names = [f.name for f in fields(Contest) if f.init]
        return Contest(**{name: getattr(self, name) for name in names})

    def success_from(self) -> int | None:
        """1 damage: every effect die rolls at least 1, so any effect that lands deals some."""
        return 1

    def success_includes(self) -> str:
        return self._contest().success_includes()

    def chance(self) -> Fraction:
        """The chance the effect is rolled: the contest's."""
        return self._contest().chance()

    def outcomes(self) -> Distribution:
        return self._contest().outcomes()

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The damage: 0 where no effect is rolled, else the sum of the effect dice rolled
        (each way the contest ends weighted by the ways k dice of N sides make each total)."""
        pairs, total = self._contest()._landings()
        sides = self.effect_die
        counts = tuple(sorted({dice for weight, dice in pairs if weight and dice}))
        top = max(counts, default=0)
        ways = _sums(sides, counts)
        weights: dict[int, int] = {}
        for weight, dice in pairs:
            if not weight:
                continue
            scale = weight * sides ** (top - dice)
            for i, w in enumerate(ways[dice] if dice else (1,)):
                weights[dice + i] = weights.get(dice + i, 0) + w * scale
        return listed(sorted(weights.items()), total * sides**top, bound)

    def _play(self, dice: Dice) -> Roll:
        checks = self._contest()._play(dice)
        rolled = [dice.next(self.effect_die) for _ in range(checks.tally)]
        damage = sum(rolled)
        effect = tuple(Die(face, self.effect_die, "effect", "added", value=face) for face in rolled)
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=checks.dice + effect,
            tally=damage,
            outcome=checks.outcome,
            success=checks.success,
            probability=checks.probability,
            details=(*checks.details, ("damage", damage)),
        )
