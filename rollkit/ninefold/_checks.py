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
from ._maths import _check_outcome, _check_outcomes, _classify, _four_d6, _uniform
from ._rules import (
    DIE,
    EFFECT_DICE,
    MAX_PARTS,
    POINTS,
    PROFICIENCY,
    SYSTEM,
    Bonuses,
    Convention,
    Details,
    Path,
    _band_param,
    _bands,
    _convention_param,
    _faces_for,
    _field,
    _said_by_parts,
    _to_pass_parts,
    clamp_chance,
    effect_dice_after,
    to_pass,
)


class _Read(CheckBase):
    """A ninefold check read by a convention, with critical bands and effect dice: the types of
    those fields, for the kinds that share them with ``Check`` or ``Contest`` (``sharing``)."""

    convention: Convention
    favourable: int
    unfavourable: int
    effect_dice: int


@dataclass(frozen=True, kw_only=True)
class Check(_Read):
    """One toPass check ("Roll Checks", "Dice Thresholds", "Critical Bands").

    ``die`` must express the clamped toPass and both band widths in whole
    faces (d100 always does, d20 in steps of 5). Roll-under passes on the
    lowest toPass% of faces and has its favourable band at the low end;
    roll-high ("X+") mirrors both. Criticals never change pass or fail; on a
    pass they double (favourable) or halve, at least one (unfavourable), the
    effect dice. The tally is the margin in faces of the die against the
    clamped threshold, 0 or more on a pass (ruling ``ninefold-check-margin``).
    Build ``to_pass`` with ``to_pass()``; embodiment modifiers are buffs or debuffs.
    From a character sheet: ``Check.skill(stat=, paths=, buffs=, debuffs=, ...)``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("margin", score=True)
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"to_pass", "die", "favourable", "unfavourable", "effect_dice"}
    )

    to_pass: int = _field(POINTS, "toPass (%)", hint="Stat + Skills + Buff - Debuff, in percent")
    die: int = declare(DIE, default=100)
    convention: Convention = _convention_param("roll-under")
    favourable: int = _band_param("Favorable", "critical band at the good end of the unmodified die")
    unfavourable: int = _band_param("Unfavorable", "critical band at the bad end of the unmodified die")
    effect_dice: int = declare(EFFECT_DICE, default=0)

    def _check_rules(self) -> None:
        _bands(self.favourable, self.unfavourable)
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
                effect_dice=effect_dice,
            )
        except RulesError as error:
            parts = {"stat": stat, "paths": paths, "buffs": buffs, "debuffs": debuffs}
            raise _said_by_parts(error, "to_pass", total, parts, die="die") from None

    def _faces(self) -> tuple[int, int, int, int]:
        n = self.die
        return (
            n,
            _faces_for("to_pass", clamp_chance(self.to_pass), n, shown=self.to_pass),
            _faces_for("favourable", self.favourable, n),
            _faces_for("unfavourable", self.unfavourable, n),
        )

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
        face = dice.next(n)
        low = face if self.convention == "roll-under" else n + 1 - face
        passed, critical = _classify(low, n, passing, fav, unfav)
        outcome = _check_outcome(passed, critical)
        margin = passing - low
        effect = effect_dice_after(effect_dice=self.effect_dice, passed=passed, critical=critical)
        note = "" if critical == "none" else f"{critical} critical"
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=(Die(face, n, "check", "pass" if passed else "fail", note=note),),
            tally=margin,
            outcome=outcome,
            success=passed,
            probability=self.outcomes()[outcome],
            details=(("margin", margin), ("critical", critical), ("effect dice", effect)),
        )


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "favourable", "unfavourable", "effect_dice")
class PercentageCheck(_Read):
    """A d100 check against a fixed percentage DC ("Percentage DCs and Outcome Margin").

    Roll-high reading: converted roll u = the face (1..100), adjusted = u +
    bonus, margin = adjusted - dc. Roll-under reading: converted roll v = the
    face, final chance c = 101 - dc + bonus, margin = c - v; a face v here is
    the face 101 - v of the roll-high reading, so margins, odds and bands
    agree (ruling ``ninefold-roll-under-margin``). A margin of 0 passes
    (``ninefold-margin-tie``). Critical bands and effect dice as in ``Check``;
    the tally is the margin in percentage points.
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
        _bands(self.favourable, self.unfavourable)

    def final_chance(self) -> int:
        """c = 101 - dc + bonus: the roll-under chance in percent, not clamped."""
        return 101 - self.dc + self.bonus

    def success_from(self) -> int | None:
        """A margin of 0."""
        return 0

    def chance(self) -> Fraction:
        return Fraction(min(100, max(0, self.final_chance())), 100)

    def outcomes(self) -> Distribution:
        passing = min(100, max(0, self.final_chance()))
        return _check_outcomes(100, passing, self.favourable, self.unfavourable)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The margin: uniform over 1 + bonus - dc .. 100 + bonus - dc."""
        shift = self.bonus - self.dc
        if bound is None:
            return _uniform(1 + shift, 100)
        return listed([(u + shift, 1) for u in range(1, 101)], 100, bound)

    def _play(self, dice: Dice) -> Roll:
        face = dice.next(100)
        high = face if self.convention == "roll-high" else 101 - face
        margin = high + self.bonus - self.dc
        passing = min(100, max(0, self.final_chance()))
        passed, critical = _classify(101 - high, 100, passing, self.favourable, self.unfavourable)
        outcome = _check_outcome(passed, critical)
        effect = effect_dice_after(effect_dice=self.effect_dice, passed=passed, critical=critical)
        if self.convention == "roll-high":
            reading: tuple[tuple[str, Any], ...] = (
                ("converted roll", face),
                ("adjusted result", face + self.bonus),
            )
        else:
            reading = (("converted roll", face), ("final chance", self.final_chance()))
        note = "" if critical == "none" else f"{critical} critical"
        return Roll(
            system=self.system,
            check=self.describe(),
            dice=(Die(face, 100, "percentile", "pass" if passed else "fail", note=note),),
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
@sharing(Check, "die", "convention", "favourable", "unfavourable", "effect_dice")
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
            effect_dice=self.effect_dice,
        )

    def _sheet(self) -> Details:
        return _to_pass_parts(skills=0, buff=0, debuff=0, **self._entries())[1]
