"""The ninefold contest: offence then defence, two separate rolls ("Contested and Combat Rolls")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._dist import Distribution, listed
from .._errors import RulesError
from .._fields import param
from .._roll import Dice, Roll
from .._words import Tally
from ._checks import _Read, _rolled
from ._maths import _check_weights, _contest_outcomes
from ._rules import (
    _CRITICALS,
    CONTEST_OUTCOMES,
    DEFENDED,
    DIE,
    EFFECT_DICE,
    IMMUNE,
    OFFENCE_FAILS,
    POINTS,
    REDUCED_EFFECT,
    REDUCED_WORDS,
    SYSTEM,
    Band,
    Bonuses,
    Convention,
    Criticals,
    Immune,
    Path,
    Reduced,
    _band_param,
    _bands_on,
    _convention_param,
    _criticals_param,
    _faces_for,
    _field,
    _halved,
    _said_by_parts,
    clamp_chance,
    defence_to_pass,
    effect_dice_after,
)

Landings = tuple[tuple[tuple[int, int], ...], int]
"""How a contest ends, as (weight, effect dice rolled) pairs over one denominator."""


@dataclass(frozen=True, kw_only=True)
class Contest(_Read):
    """Offence then defence, two separate rolls ("Contested and Combat Rolls").

    The offence rolls first; if it fails nothing else is rolled. If the
    defender is ``immune`` the effect does not apply and no defence is rolled.
    Otherwise the defence rolls; a passed defence stops the effect, unless the
    action states a reduced effect (``reduced="half"``: half its effect dice,
    at least one; ruling ``ninefold-reduced-effect``). The effect lands when the
    offence passed and the defence failed; the offence's criticals change its
    effect dice. Each roll has its own critical bands on its own die, read by
    ``criticals`` (ruling ``ninefold-confirmation-roll``); the defence's
    criticals are reported and change no dice (ruling
    ``ninefold-defence-critical``). The tally is the number of effect dice
    rolled; ``Damage`` rolls them. From the defender's sheet: ``Contest.defender(...)``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("effect dice", one="effect die")
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"offence", "defence", "offence_die", "defence_die", "favourable", "unfavourable", "effect_dice"}
    )

    offence: int = _field(POINTS, "Offence toPass (%)", hint="the offence's chance to pass")
    defence: int = _field(POINTS, "Defence toPass (%)", hint="the defender's chance, resistance included")
    offence_die: int = _field(DIE, "Offence die (dN)", hint="sides of the die the offence rolls", default=100)
    defence_die: int = _field(DIE, "Defence die (dN)", hint="sides of the die the defence rolls", default=100)
    convention: Convention = _convention_param("roll-under")
    favourable: int = _band_param("Favourable", "the offence's critical band at the good end")
    unfavourable: int = _band_param("Unfavourable", "the offence's critical band at the bad end")
    defence_favourable: int = _band_param("Defence favourable", "the defence's critical band at its good end")
    defence_unfavourable: int = _band_param(
        "Defence unfavourable", "the defence's critical band at its bad end"
    )
    criticals: Criticals = _criticals_param()
    effect_dice: int = _field(
        EFFECT_DICE, "Effect dice", hint="rolled when the effect lands, changed by criticals", default=0
    )
    reduced: Reduced = param(
        "Reduced effect",
        hint="what the action states a passed defence leaves of it",
        options=REDUCED_WORDS,
        default="none",
    )
    immune: bool = param("Immunity", hint="the effect does not apply, so no defence is rolled", default=False)

    def _check_rules(self) -> None:
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
        defence_favourable: int = 5,
        defence_unfavourable: int = 5,
        criticals: Criticals = "confirm",
        effect_dice: int = 0,
        reduced: Reduced = "none",
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
                defence_favourable=defence_favourable,
                defence_unfavourable=defence_unfavourable,
                criticals=criticals,
                effect_dice=effect_dice,
                reduced=reduced,
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

    def _faces(self) -> tuple[int, int, Band, Band, int, int, Band, Band]:
        n, d = self.offence_die, self.defence_die
        return (
            n,
            _faces_for("offence", clamp_chance(self.offence), n, shown=self.offence),
            *_bands_on(n, self.favourable, self.unfavourable, self.criticals),
            d,
            _faces_for("defence", clamp_chance(self.defence), d, shown=self.defence),
            *_bands_on(
                d, self.defence_favourable, self.defence_unfavourable, self.criticals, prefix="defence_"
            ),
        )

    def chance(self) -> Fraction:
        """P(offence passes) * P(defence fails), or P(offence passes) with a reduced effect;
        0 against an immune defender."""
        if self.immune:
            return Fraction(0)
        n, passing, _, _, d, held = self._faces()[:6]
        return Fraction(passing * (d if self.reduced == "half" else d - held), n * d)

    def success_includes(self) -> str:
        return "a reduced effect" if self.reduced == "half" else ""

    def outcomes(self) -> Distribution:
        n, passing, fav, unfav, d, held = self._faces()[:6]
        return _contest_outcomes(n, passing, fav, unfav, d, held, self.immune, self.reduced == "half")

    def _landings(self) -> Landings:
        """Every way the contest ends as (weight, effect dice rolled), over one denominator."""
        n, passing, fav, unfav, d, held = self._faces()[:6]
        weights, total = _check_weights(n, passing, fav, unfav)
        if self.immune:
            return ((sum(weights) * d, 0),), total * d
        stopped = sum(weights[:3]) * d
        pairs = []
        for weight, critical in zip(weights[3:], _CRITICALS):
            dice = effect_dice_after(effect_dice=self.effect_dice, passed=True, critical=critical)
            pairs.append((weight * (d - held), dice))
            if self.reduced == "half":
                pairs.append((weight * held, _halved(dice)))
            else:
                stopped += weight * held
        return ((stopped, 0), *pairs), total * d

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Effect dice rolled: 0 unless the effect lands, then after criticals (and halved
        for a reduced effect)."""
        pairs, total = self._landings()
        tally: dict[int, int] = {}
        for weight, dice in pairs:
            tally[dice] = tally.get(dice, 0) + weight
        return listed(sorted(tally.items()), total, bound)

    def _play(self, dice: Dice) -> Roll:
        n, passing, fav, unfav, d, held, dfav, dunfav = self._faces()
        rolled, passed, critical, low = _rolled(
            dice, sides=n, convention=self.convention, passing=passing, bands=(fav, unfav), role="offence"
        )
        details: list[tuple[str, Any]] = [("offence margin", passing - low), ("critical", critical)]
        effect = 0
        if not passed:
            outcome = OFFENCE_FAILS
        elif self.immune:
            outcome = IMMUNE
        else:
            defended, held_off, defence_critical, low = _rolled(
                dice, sides=d, convention=self.convention, passing=held, bands=(dfav, dunfav), role="defence"
            )
            rolled += defended
            details += [("defence margin", held - low), ("defence critical", defence_critical)]
            effect = effect_dice_after(effect_dice=self.effect_dice, passed=True, critical=critical)
            if not held_off:
                outcome = CONTEST_OUTCOMES[4 + _CRITICALS.index(critical)]
            elif self.reduced == "half":
                outcome, effect = REDUCED_EFFECT, _halved(effect)
            else:
                outcome, effect = DEFENDED, 0
        details.append(("effect dice", effect))
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=rolled,
            tally=effect,
            outcome=outcome,
            success=outcome in CONTEST_OUTCOMES[3:],
            probability=self.outcomes()[outcome],
            details=tuple(details),
        )
