"""The ninefold contest: offence then defence, two separate rolls ("Contested and Combat Rolls")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._dist import Distribution, listed
from .._errors import RulesError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._checks import _Read
from ._maths import _classify, _contest_outcomes, _contest_weights
from ._rules import (
    _CRITICALS,
    CONTEST_OUTCOMES,
    DEFENDED,
    DIE,
    EFFECT_DICE,
    IMMUNE,
    OFFENCE_FAILS,
    POINTS,
    SYSTEM,
    Bonuses,
    Convention,
    Immune,
    Path,
    _band_param,
    _bands,
    _convention_param,
    _faces_for,
    _field,
    _said_by_parts,
    clamp_chance,
    defence_to_pass,
    effect_dice_after,
)


@dataclass(frozen=True, kw_only=True)
class Contest(_Read):
    """Offence then defence, two separate rolls ("Contested and Combat Rolls").

    The offence rolls first; if it fails nothing else is rolled. If the
    defender is ``immune`` the effect does not apply and no defence is rolled.
    Otherwise the defence rolls; a passed defence stops the effect. The
    effect lands only when the offence passed and the defence failed; the
    offence's criticals change its effect dice. The defence roll is read for
    pass or fail only (ruling ``ninefold-defence-critical``). The tally is the
    number of effect dice rolled. From the defender's sheet: ``Contest.defender(...)``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("effect dice", one="effect die")
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"offence", "defence", "offence_die", "defence_die", "favourable", "unfavourable", "effect_dice"}
    )

    offence: int = _field(POINTS, "Offense toPass (%)", hint="the offensive check's chance to pass")
    defence: int = _field(POINTS, "Defense toPass (%)", hint="the defender's chance, resistance included")
    offence_die: int = _field(DIE, "Offense die (dN)", hint="sides of the die the offense rolls", default=100)
    defence_die: int = _field(DIE, "Defense die (dN)", hint="sides of the die the defense rolls", default=100)
    convention: Convention = _convention_param("roll-under")
    favourable: int = _band_param("Favorable", "the offense's critical band at the good end")
    unfavourable: int = _band_param("Unfavorable", "the offense's critical band at the bad end")
    effect_dice: int = _field(
        EFFECT_DICE, "Effect dice", hint="rolled when the effect lands, changed by criticals", default=0
    )
    immune: bool = param("Immunity", hint="the effect does not apply, so no defense is rolled", default=False)

    def _check_rules(self) -> None:
        _bands(self.favourable, self.unfavourable)
        self._faces()

    @classmethod
    def defender(
        cls,
        *,
        offence: int,
        stat: int,
        paths: Sequence[Path] = (),
        armour: int = 0,
        cover: int = 0,
        resistances: Mapping[str, int] | tuple[tuple[str, int], ...] = (),
        effect_types: tuple[str, ...] = (),
        immunities: tuple[str, ...] = (),
        buffs: Bonuses = (),
        debuffs: Bonuses = (),
        armour_piercing: int = 0,
        offence_die: int = 100,
        defence_die: int = 100,
        convention: Convention = "roll-under",
        favourable: int = 5,
        unfavourable: int = 5,
        effect_dice: int = 0,
    ) -> Contest:
        """A contest against a defender built from its sheet ("Contested and Combat Rolls").

        The defence toPass is ``defence_to_pass(...)`` of these parts: Stat + the best
        fitting defence Skill path (armour or evasion, chosen after the offence roll,
        ruling ``ninefold-defence-after-offence``) + armour + cover + the highest
        matching resistance + buffs - debuffs - armour piercing. Immunity to any of the
        effect's types gives ``immune=True`` (and ``defence=0``, never rolled).
        ``DefenderContest`` rolls it with the parts in its log.
        """
        defence = defence_to_pass(
            stat=stat,
            paths=paths,
            armour=armour,
            cover=cover,
            resistances=resistances,
            effect_types=effect_types,
            immunities=immunities,
            buffs=buffs,
            debuffs=debuffs,
            armour_piercing=armour_piercing,
        )
        number = 0 if isinstance(defence, Immune) else defence
        try:
            return cls(
                offence=offence,
                defence=number,
                offence_die=offence_die,
                defence_die=defence_die,
                convention=convention,
                favourable=favourable,
                unfavourable=unfavourable,
                effect_dice=effect_dice,
                immune=isinstance(defence, Immune),
            )
        except RulesError as error:
            parts = {
                "stat": stat,
                "paths": paths,
                "armour": armour,
                "cover": cover,
                "resistances": resistances,
                "buffs": buffs,
                "debuffs": debuffs,
                "armour_piercing": armour_piercing,
            }
            raise _said_by_parts(error, "defence", number, parts, die="defence_die") from None

    def _faces(self) -> tuple[int, int, int, int, int, int]:
        n, d = self.offence_die, self.defence_die
        return (
            n,
            _faces_for("offence", clamp_chance(self.offence), n, shown=self.offence),
            _faces_for("favourable", self.favourable, n),
            _faces_for("unfavourable", self.unfavourable, n),
            d,
            _faces_for("defence", clamp_chance(self.defence), d, shown=self.defence),
        )

    def chance(self) -> Fraction:
        """P(offence passes) * P(defence fails); 0 against an immune defender."""
        if self.immune:
            return Fraction(0)
        n, passing, _, _, d, held = self._faces()
        return Fraction(passing * (d - held), n * d)

    def _weights(self) -> tuple[int, ...]:
        return _contest_weights(*self._faces(), self.immune)

    def outcomes(self) -> Distribution:
        return _contest_outcomes(*self._faces(), self.immune)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Effect dice rolled: 0 unless the effect lands, then after criticals."""
        w = self._weights()
        tally: dict[int, int] = {0: w[0] + w[1] + w[2]}
        for weight, critical in zip(w[3:], _CRITICALS):
            k = effect_dice_after(effect_dice=self.effect_dice, passed=True, critical=critical)
            tally[k] = tally.get(k, 0) + weight
        return listed(sorted(tally.items()), self.offence_die * self.defence_die, bound)

    def _play(self, dice: Dice) -> Roll:
        n, passing, fav, unfav, d, held = self._faces()
        face = dice.next(n)
        low = face if self.convention == "roll-under" else n + 1 - face
        passed, critical = _classify(low, n, passing, fav, unfav)
        note = "" if critical == "none" else f"{critical} critical"
        rolled = [Die(face, n, "offence", "pass" if passed else "fail", note=note)]
        details: list[tuple[str, Any]] = [("offence margin", passing - low), ("critical", critical)]
        effect = 0
        if not passed:
            outcome = OFFENCE_FAILS
        elif self.immune:
            outcome = IMMUNE
        else:
            face = dice.next(d)
            low = face if self.convention == "roll-under" else d + 1 - face
            held_off = low <= held
            rolled.append(Die(face, d, "defence", "pass" if held_off else "fail"))
            details.append(("defence margin", held - low))
            if held_off:
                outcome = DEFENDED
            else:
                outcome = CONTEST_OUTCOMES[3 + _CRITICALS.index(critical)]
                effect = effect_dice_after(effect_dice=self.effect_dice, passed=True, critical=critical)
        details.append(("effect dice", effect))
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=tuple(rolled),
            tally=effect,
            outcome=outcome,
            success=outcome in CONTEST_OUTCOMES[3:],
            probability=self.outcomes()[outcome],
            details=tuple(details),
        )
