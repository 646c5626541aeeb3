"""The ninefold checks: a direct toPass (also from its parts), a percentage DC, and Mentalic
stat generation; the base of the check kinds built from a character sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._check import CheckBase, FromSheet
from .._dist import Distribution, listed
from .._errors import RulesError
from .._fields import declare, param, sharing
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._maths import _check_outcome, _check_outcomes, _critical, _four_d6, _needs_confirmation, _uniform
from ._rules import (
    DIE,
    EFFECT_DICE,
    MAX_PARTS,
    POINTS,
    PROFICIENCY,
    SYSTEM,
    Band,
    Bonuses,
    Convention,
    Criticals,
    Details,
    Path,
    _band_param,
    _bands_on,
    _convention_param,
    _criticals_param,
    _faces_for,
    _field,
    _percentile_step,
    _said_by_parts,
    _to_pass_parts,
    clamp_chance,
    effect_dice_after,
    to_pass,
)


def _confirming(band: Band, convention: str, *, end: str) -> str:
    """The confirmation faces of a d100 that make a face covered in part by ``band`` critical:
    the band's hundredths counted from its ``end`` ("favourable": the end that passes first)."""
    part = band[1]
    best = convention == "roll-under"  # the d100's low end is the favourable one
    low_end = best if end == "favourable" else not best
    lo, hi = (1, part) if low_end else (101 - part, 100)
    return f"{lo:02d}-{hi:02d}"


def _rolled(
    dice: Dice,
    *,
    sides: int,
    convention: str,
    passing: int,
    bands: tuple[Band, Band],
    role: str,
) -> tuple[tuple[Die, ...], bool, str, int]:
    """One check die, read by the convention against ``passing`` faces (counted from the end
    that passes first) and the critical ``bands``, with its d100 confirmation roll when a band
    covers its face in part (ruling ``ninefold-confirmation-roll``): the dice, whether it
    passed, its critical ("favourable", "none", "unfavourable") and the face read roll-under."""
    fav, unfav = bands
    face = dice.next(sides)
    low = face if convention == "roll-under" else sides + 1 - face
    passed = low <= passing
    counts = "pass" if passed else "fail"
    if not _needs_confirmation(low, sides, fav, unfav):
        critical = _critical(low, sides, fav, unfav)
        note = "" if critical == "none" else f"{critical} critical"
        return (Die(face, sides, role, counts, note=note),), passed, critical, low
    rolled = dice.next(100)
    critical = _critical(low, sides, fav, unfav, rolled if convention == "roll-under" else 101 - rolled)
    parts = [
        (_confirming(band, convention, end=end), f"{article} {end}")
        for band, end, article, face_of in (
            (fav, "favourable", "a", fav[0] + 1),
            (unfav, "unfavourable", "an", sides - unfav[0]),
        )
        if band[1] and low == face_of
    ]
    said = "".join(  # both: "01-20 confirms a favourable critical, 51-100 an unfavourable one"
        f"{faces} confirms {which} critical" if not i else f", {faces} {which} one"
        for i, (faces, which) in enumerate(parts)
    )
    note = f"{critical} critical, confirmed" if critical != "none" else "no critical: not confirmed"
    return (
        (
            Die(face, sides, role, counts, note=note),
            Die(
                rolled, 100, "confirmation", "confirmed" if critical != "none" else "not confirmed", note=said
            ),
        ),
        passed,
        critical,
        low,
    )


class _Read(CheckBase):
    """A ninefold check read by a convention, with critical bands and effect dice: the types of
    those fields, for the kinds that share them with ``Check`` or ``Contest`` (``sharing``)."""

    convention: Convention
    favourable: int
    unfavourable: int
    criticals: Criticals
    effect_dice: int


@dataclass(frozen=True, kw_only=True)
class Check(_Read):
    """One toPass check ("Roll Checks", "Dice Thresholds", "Critical Bands").

    ``die`` must express the clamped toPass in whole faces (d100 always does,
    d20 in steps of 5, d10 in steps of 10). Roll-under passes on the lowest
    toPass% of faces and has its favourable band at the low end; roll-high
    ("X+", a roll above X) mirrors both (ruling ``ninefold-dice-threshold``).
    A band that is not whole faces of the die is read by ``criticals``: a d100
    confirmation roll for the face it covers in part ("confirm", exact odds) or
    every natural face it reaches ("natural"; ruling ``ninefold-confirmation-roll``).
    Criticals never change pass or fail; on a pass they double (favourable) or
    halve, at least one (unfavourable), the effect dice. The tally is the margin
    in faces of the die against the clamped threshold, 0 or more on a pass
    (ruling ``ninefold-check-margin``). Build ``to_pass`` with ``to_pass()``;
    embodiment modifiers are buffs or debuffs. From a character sheet:
    ``Check.skill(stat=, paths=, buffs=, debuffs=, ...)``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"to_pass", "die", "favourable", "unfavourable", "effect_dice"}
    )

    to_pass: int = _field(POINTS, "toPass (%)", hint="Stat + Skills + Buff - Debuff, in percent")
    die: int = declare(DIE, default=100)
    convention: Convention = _convention_param("roll-under")
    favourable: int = _band_param("Favourable", "critical band at the good end of the unmodified die")
    unfavourable: int = _band_param("Unfavourable", "critical band at the bad end of the unmodified die")
    criticals: Criticals = _criticals_param()
    effect_dice: int = declare(EFFECT_DICE, default=0)

    def _check_rules(self) -> None:
        self._faces()

    @classmethod
    def skill(
        cls,
        *,
        stat: int,
        paths: Sequence[Path] = (),
        buffs: Bonuses = (),
        debuffs: Bonuses = (),
        die: int = 100,
        convention: Convention = "roll-under",
        favourable: int = 5,
        unfavourable: int = 5,
        criticals: Criticals = "confirm",
        effect_dice: int = 0,
    ) -> Check:
        """A skill, attack or defence check from its parts ("Skill Checks"): toPass is
        ``to_pass(stat=, paths=, buffs=, debuffs=)``, Stat + the best fitting Skill path (paths
        never stack, ruling ``ninefold-one-skill-path``) + the Buff Bonuses - the Debuff
        Bonuses (``ninefold-debuff-sign``). ``SkillCheck`` rolls it with the parts in its log.
        """
        total = to_pass(stat=stat, paths=paths, buffs=buffs, debuffs=debuffs)
        try:
            return cls(
                to_pass=total,
                die=die,
                convention=convention,
                favourable=favourable,
                unfavourable=unfavourable,
                criticals=criticals,
                effect_dice=effect_dice,
            )
        except RulesError as error:
            parts = {"stat": stat, "paths": paths, "buffs": buffs, "debuffs": debuffs}
            raise _said_by_parts(error, "to_pass", total, parts, die="die") from None

    def _faces(self) -> tuple[int, int, Band, Band]:
        n = self.die
        passing = _faces_for("to_pass", clamp_chance(self.to_pass), n, shown=self.to_pass)
        return (n, passing, *_bands_on(n, self.favourable, self.unfavourable, self.criticals))

    def success_from(self) -> int | None:
        """A margin of 0: the roll is at most toPass."""
        return 0

    def chance(self) -> Fraction:
        """Clamped toPass / 100."""
        return Fraction(clamp_chance(self.to_pass), 100)

    def outcomes(self) -> Distribution:
        return _check_outcomes(*self._faces())

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The margin: uniform over passing - N .. passing - 1 faces."""
        n, passing = self._faces()[:2]
        if bound is None:
            return _uniform(passing - n, n)
        return listed([(passing - low, 1) for low in range(n, 0, -1)], n, bound)

    def _play(self, dice: Dice) -> Roll:
        n, passing, fav, unfav = self._faces()
        rolled, passed, critical, low = _rolled(
            dice, sides=n, convention=self.convention, passing=passing, bands=(fav, unfav), role="check"
        )
        outcome = _check_outcome(passed, critical)
        margin = passing - low
        effect = effect_dice_after(effect_dice=self.effect_dice, passed=passed, critical=critical)
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=rolled,
            tally=margin,
            outcome=outcome,
            success=passed,
            probability=self.outcomes()[outcome],
            details=(("margin", margin), ("critical", critical), ("effect dice", effect)),
        )


class _DieFields(_Read):
    """The types of the fields ``PercentageCheck`` shares with ``Check``."""

    die: int


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "die", "favourable", "unfavourable", "criticals", "effect_dice")
class PercentageCheck(_DieFields):
    """A check against a fixed percentage DC ("Percentage DCs and Outcome Margin").

    The die's face converts to a percentile roll of face * 100/N points (the
    d100's face itself; a d20's 5 to 100), so its sides must divide 100 (ruling
    ``ninefold-percentage-die``). Roll-high reading: converted roll u, adjusted
    = u + bonus, margin = adjusted - dc. Roll-under reading: converted roll v
    (of the face read the other way up), final chance c = 100 + 100/N - dc +
    bonus (101 - dc + bonus on a d100), margin = c - v; both readings give one
    margin, odds and bands (ruling ``ninefold-roll-under-margin``). A margin of
    0 passes (``ninefold-margin-tie``), so the check passes c% of the time; the
    die must express that chance in whole faces, so the DC less the bonus must
    be a converted roll the die can show. Critical bands and effect dice as in
    ``Check``; the tally is the margin in percentage points.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"dc", "bonus", "favourable", "unfavourable", "effect_dice"}
    )

    dc: int = _field(POINTS, "DC (%)", hint="the fixed percentage difficulty to reach")
    bonus: int = _field(
        POINTS, "Total check bonus (%)", hint="added to the converted percentile roll", default=0
    )
    convention: Convention = _convention_param("roll-high")

    def _check_rules(self) -> None:
        self._faces()

    def _step(self) -> int:
        """Points of one face as a converted percentile roll."""
        return _percentile_step("die", self.die)

    def final_chance(self) -> int:
        """c = 100 + 100/N - dc + bonus: the roll-under chance in percent, not clamped
        (101 - dc + bonus on a d100)."""
        return 100 + self._step() - self.dc + self.bonus

    def _faces(self) -> tuple[int, int, Band, Band]:
        n, step = self.die, self._step()
        chance = min(100, max(0, self.final_chance()))
        if chance % step:
            need = self.dc - self.bonus
            lower = need - need % step
            less = f" less the {{bonus}} {self.bonus} is {need}, which" if self.bonus else ""
            raise RulesError(
                f"dc={self.dc} with bonus={self.bonus} is not allowed on a d{n}: its converted"
                f" rolls are {step}, {2 * step}, ... 100, so the DC less the bonus ({need}) must be"
                f" a multiple of {step} for the final chance ({self.final_chance()}%) to be whole"
                f" faces; use a DC of {lower + self.bonus} or {lower + step + self.bonus}, or a d100",
                field="dc",
                said=f"{self.dc}{less} falls between the converted rolls of a d{n} ({step}, {2 * step},"
                f" … 100); use {lower + self.bonus} or {lower + step + self.bonus}, or a d100.",
            )
        return (n, chance // step, *_bands_on(n, self.favourable, self.unfavourable, self.criticals))

    def success_from(self) -> int | None:
        """A margin of 0."""
        return 0

    def chance(self) -> Fraction:
        return Fraction(min(100, max(0, self.final_chance())), 100)

    def outcomes(self) -> Distribution:
        return _check_outcomes(*self._faces())

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The margin: uniform over step + bonus - dc .. 100 + bonus - dc in steps of 100/N."""
        step, shift = self._step(), self.bonus - self.dc
        if bound is None:
            return _uniform(step + shift, self.die, step)
        return listed([(step * u + shift, 1) for u in range(1, self.die + 1)], self.die, bound)

    def _play(self, dice: Dice) -> Roll:
        n, passing, fav, unfav = self._faces()
        step = self._step()
        rolled, passed, critical, low = _rolled(
            dice, sides=n, convention=self.convention, passing=passing, bands=(fav, unfav), role="percentile"
        )
        converted = step * rolled[0].face
        margin = step * (n + 1 - low) + self.bonus - self.dc
        outcome = _check_outcome(passed, critical)
        effect = effect_dice_after(effect_dice=self.effect_dice, passed=passed, critical=critical)
        if self.convention == "roll-high":
            reading: tuple[tuple[str, Any], ...] = (
                ("converted roll", converted),
                ("adjusted result", converted + self.bonus),
            )
        else:
            reading = (("converted roll", converted), ("final chance", self.final_chance()))
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=rolled,
            tally=margin,
            outcome=outcome,
            success=passed,
            probability=self.outcomes()[outcome],
            details=reading + (("margin", margin), ("critical", critical), ("effect dice", effect)),
        )


@dataclass(frozen=True, kw_only=True)
class MentalicStat(CheckBase):
    """A new Mind's Mentalic Stat: 4d6 read as +4% to +24% ("Roll Checks").

    The tally is the stat in percentage points; the outcome names it
    ("+13%"). Success is a stat of ``at_least`` or more (default 4: always).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("Stat points", one="Stat point")
    target: ClassVar[str] = "at_least"
    monotone: ClassVar[frozenset[str]] = frozenset({"at_least"})

    at_least: int = param(
        "Mentalic Stat of at least (%)",
        hint="a rolled stat this high or higher counts as a success",
        low=4,
        high=24,
        default=4,
    )

    def success_from(self) -> int | None:
        """``at_least`` Stat points."""
        return self.at_least

    def chance(self) -> Fraction:
        return Fraction(sum(_four_d6()[self.at_least :]), 6**4)

    def outcomes(self) -> Distribution:
        ways = _four_d6()
        return Distribution.from_weights([(f"+{s}%", ways[s]) for s in range(4, 25)], 6**4)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        ways = _four_d6()
        return listed([(s, ways[s]) for s in range(4, 25)], 6**4, bound)

    def _play(self, dice: Dice) -> Roll:
        faces = [dice.next(6) for _ in range(4)]
        stat = sum(faces)
        outcome = f"+{stat}%"
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=tuple(Die(f, 6, "mentalic", "added", value=f) for f in faces),
            tally=stat,
            outcome=outcome,
            success=stat >= self.at_least,
            probability=self.outcomes()[outcome],
            details=(("stat", stat),),
        )


# --- checks built from a character sheet, with flat fields ---------------------------------


def _paths_param(label: str, hint: str) -> Any:
    """A list of fitting Skill paths, each its total of proficiency bonuses (0 or more)."""
    return _field(PROFICIENCY, label, hint=hint, item="Skill path", most=MAX_PARTS, start=10, default=())


def _bonuses_param(label: str, hint: str, item: str) -> Any:
    """A list of Buff or Debuff Bonuses, each of any sign."""
    return _field(POINTS, label, hint=hint, item=item, most=MAX_PARTS, start=5, default=())


class _FromSheet(FromSheet, _Read):
    """A Ninefold kind built from character-sheet parts: its plain check comes through that
    check's classmethod, and a roll puts the parts first in its details, so the log says how
    toPass was put together. It shares how the roll is read with the plain check."""


class _SkillFields(_FromSheet):
    """The types of the fields ``SkillCheck`` shares with ``Check``."""

    die: int


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "die", "convention", "favourable", "unfavourable", "criticals", "effect_dice")
class SkillCheck(_SkillFields):
    """A toPass check from its parts, with flat fields (``ninefold.skill``).

    The same odds and rolls as ``Check.skill(...)`` with these fields, which is
    the way to build one from a character sheet in Python ("Skill Checks"):
    toPass = Stat + the best of the fitting Skill ``paths`` (each path's total;
    paths never stack, ruling ``ninefold-one-skill-path``) + the Buff Bonuses -
    the Debuff Bonuses (``ninefold-debuff-sign``). A roll's details say how
    toPass was put together ("skills", "final toPass") before the margin.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"stat", "die", "favourable", "unfavourable", "effect_dice"}
    )

    stat: int = _field(POINTS, "Stat (%)", hint="the Stat the action rests on, as recorded")
    paths: tuple[int, ...] = _paths_param(
        "Skill paths (%)", "each fitting path's total bonus; only the best counts"
    )
    buffs: tuple[int, ...] = _bonuses_param(
        "Buff Bonuses (%)", "each added to toPass: gear, cover, aspects, conditions", "Buff Bonus"
    )
    debuffs: tuple[int, ...] = _bonuses_param(
        "Debuff Bonuses (%)", "each taken off toPass: poor sensors' -2% is a 2", "Debuff Bonus"
    )

    def _check_rules(self) -> None:
        self._plain()

    def _entries(self) -> dict[str, Any]:
        return {"stat": self.stat, "paths": self.paths, "buffs": self.buffs, "debuffs": self.debuffs}

    def _plain(self) -> Check:
        return Check.skill(
            **self._entries(),
            die=self.die,
            convention=self.convention,
            favourable=self.favourable,
            unfavourable=self.unfavourable,
            criticals=self.criticals,
            effect_dice=self.effect_dice,
        )

    def _sheet(self) -> Details:
        return _to_pass_parts(skills=0, buff=0, debuff=0, **self._entries())[1]
