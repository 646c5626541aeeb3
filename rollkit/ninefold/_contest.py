"""The ninefold contest: offence then defence, two separate rolls ("Contested and Combat Rolls")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, ClassVar

from .._check import CheckBase
from .._dist import Distribution, listed
from .._errors import RulesError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import boolean, choice, integer
from .._words import Tally
from ._maths import _classify, _contest_outcomes, _contest_weights
from ._rules import (
    _CRITICALS,
    CONTEST_OUTCOMES,
    CONVENTIONS,
    DEFENDED,
    IMMUNE,
    MAX_EFFECT_DICE,
    MAX_POINTS,
    MAX_SIDES,
    OFFENCE_FAILS,
    SYSTEM,
    Bonuses,
    Convention,
    Immune,
    Path,
    _band_param,
    _bands,
    _convention_param,
    _faces_for,
    _said_by_parts,
    _sides,
    clamp_chance,
    defence_to_pass,
    effect_dice_after,
)

# The fields a contest shares with the contest built from the defender's sheet
# (a fresh dataclass field each call).
_offence_param = partial(
    param, "Offense toPass (%)", hint="the offensive check's chance to pass", low=-MAX_POINTS, high=MAX_POINTS
)
_offence_die_param = partial(
    param, "Offense die (dN)", hint="sides of the die the offense rolls", low=2, high=MAX_SIDES, default=100
)
_defence_die_param = partial(
    param, "Defense die (dN)", hint="sides of the die the defense rolls", low=2, high=MAX_SIDES, default=100
)
_favourable_param = partial(_band_param, "Favorable", "the offense's critical band at the good end")
_unfavourable_param = partial(_band_param, "Unfavorable", "the offense's critical band at the bad end")
_effect_dice_param = partial(
    param,
    "Effect dice",
    hint="rolled when the effect lands, changed by criticals",
    low=0,
    high=MAX_EFFECT_DICE,
    default=0,
)


@dataclass(frozen=True, kw_only=True)
class Contest(CheckBase):
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

    offence: int = _offence_param()
    defence: int = param(
        "Defense toPass (%)",
        hint="the defender's chance, resistance included",
        low=-MAX_POINTS,
        high=MAX_POINTS,
    )
    offence_die: int = _offence_die_param()
    defence_die: int = _defence_die_param()
    convention: Convention = _convention_param("roll-under")
    favourable: int = _favourable_param()
    unfavourable: int = _unfavourable_param()
    effect_dice: int = _effect_dice_param()
    immune: bool = param("Immunity", hint="the effect does not apply, so no defense is rolled", default=False)

    def __post_init__(self) -> None:
        clamp_chance(self.offence, name="offence")
        clamp_chance(self.defence, name="defence")
        _sides("offence_die", self.offence_die)
        _sides("defence_die", self.defence_die)
        choice("convention", self.convention, CONVENTIONS)
        _bands(self.favourable, self.unfavourable)
        integer("effect_dice", self.effect_dice, low=0, limit=MAX_EFFECT_DICE)
        boolean("immune", self.immune)
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
            raise _said_by_parts(error, "defence", number, parts) from None

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
