"""The critdice checks: a dice check, and the skill and stat checks of the character sheet."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import ClassVar

from .._check import CheckBase
from .._dist import Distribution, check_bound
from .._errors import LimitError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import integer
from ._maths import _default_bound, _lowest, _outcomes, _tally
from ._rules import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEFAULT_SN,
    FAILURE,
    MAX_ADJUSTED_DICE,
    MAX_BOUND,
    MAX_CRITICAL,
    MAX_DICE,
    MAX_POINTS,
    MAX_SN,
    MIN_SN,
    SIDES,
    SUCCESS,
    SYSTEM,
    _face_count,
    _plan,
    _shape,
    _sn,
    skill_pool,
    stat_pool,
)

__all__ = ["Check", "SkillCheck", "StatCheck"]


def _steps_note(steps: list[tuple[int, int, int, str]]) -> str:
    legendary = sum(s[3] == "Legendary" for s in steps)
    spent = ", ".join(
        f"{n} {name}" for n, name in ((legendary, "Legendary"), (len(steps) - legendary, "Focus")) if n
    )
    return f"raised {steps[0][1]} -> {steps[-1][2]} ({spent})"


# The fields every kind of check shares (a fresh dataclass field each call).
_sn_param = partial(
    param,
    "Success Number (SN)",
    hint="a die at or above this is a Success",
    low=MIN_SN,
    high=MAX_SN,
    default=DEFAULT_SN,
)
_legendary_param = partial(
    param, "Legendary Ranks", hint="each moves one die a point up or down", low=0, high=MAX_POINTS, default=0
)
_focus_param = partial(
    param, "Focus", hint="Mind points spent to move dice a point each", low=0, high=MAX_POINTS, default=0
)


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A dice check: ``dice`` standard d12 against the SN ``sn`` (Dice Checks).

    Each die at or above the SN is a success, a 1 a Fail (-1), a 12 also rolls
    a critical die (1 success below the SN, 2 at or above; a 12 rolls one
    more). ``legendary`` ranks and ``focus`` points move standard dice one
    point each before the critical dice, spent by ``best_adjustments``;
    ``critical`` is critical dice an ability adds. Total 1+ succeeds, 0 fails,
    below 0 is a critical failure. From a character sheet: ``Check.skill(rank=,
    stats=, ...)`` and ``Check.stat(stat=, ...)``. Rulings: every ``critdice-*`` entry.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    dice: int = param("Dice Pool", hint="Standard Dice (d12) rolled", low=0, high=MAX_DICE)
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()
    critical: int = param(
        "Critical Dice",
        hint="Critical Dice an Ability adds from the start",
        low=0,
        high=MAX_CRITICAL,
        default=0,
    )

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0, limit=MAX_DICE)
        _sn(self.sn)
        integer("legendary", self.legendary, low=0, limit=MAX_POINTS)
        integer("focus", self.focus, low=0, limit=MAX_POINTS)
        integer("critical", self.critical, low=0, limit=MAX_CRITICAL)
        points = self.legendary + self.focus
        if points > MAX_POINTS:
            raise LimitError(
                f"legendary+focus={points} is too large: rollkit computes exact"
                f" odds for legendary+focus up to {MAX_POINTS}"
            )
        if points and self.dice > MAX_ADJUSTED_DICE:
            raise LimitError(
                f"dice={self.dice} is too large: with Legendary or Focus points"
                f" rollkit computes exact odds for dice up to {MAX_ADJUSTED_DICE}"
            )

    # -- built from the character sheet ------------------------------------------------------

    @classmethod
    def skill(
        cls,
        *,
        rank: int,
        stats: tuple[int, ...],
        weapon_bonus: int = 0,
        untrained_allowed: bool = True,
        sn: int = DEFAULT_SN,
        legendary: int = 0,
        focus: int = 0,
    ) -> Check:
        """A skill check: the pool of ``skill_pool`` (Creating Dice Pool).

        Rank 1+: rank + the higher of the one or two ``stats`` + weapon dice up to
        the rank; rank 0: the lower stat alone. Rulings critdice-skill-stats and
        critdice-weapon-cap.
        """
        pool = skill_pool(
            rank=rank, stats=stats, weapon_bonus=weapon_bonus, untrained_allowed=untrained_allowed
        )
        try:
            return cls(dice=pool, sn=sn, legendary=legendary, focus=focus)
        except LimitError as error:
            given = f"rank={rank!r}, stats={stats!r} and weapon_bonus={weapon_bonus!r}"
            raise _too_large(given, error) from None

    @classmethod
    def stat(cls, *, stat: int, sn: int = DEFAULT_SN, legendary: int = 0, focus: int = 0) -> Check:
        """A stat check: the stat alone is the pool (``stat_pool``, Creating Dice Pool)."""
        pool = stat_pool(stat=stat)
        try:
            return cls(dice=pool, sn=sn, legendary=legendary, focus=focus)
        except LimitError as error:
            raise _too_large(f"stat={stat!r}", error) from None

    # -- exact odds -----------------------------------------------------------------------------

    def _key(self) -> tuple[int, int, int, int]:
        budget = min(self.legendary + self.focus, (SIDES - 2) * self.dice)
        return self.dice, min(self.sn, 13), budget, self.critical

    def success_from(self) -> int | None:
        """A total of 1."""
        return 1

    def chance(self) -> Fraction:
        """P(total of 1 or more), with points spent by the policy."""
        out = self.outcomes()
        return out[SUCCESS] + out[CRITICAL_SUCCESS]

    def outcomes(self) -> Distribution:
        return _outcomes(*self._key())

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Totals from the lowest reachable up to ``bound``, and the exact tail above.

        The default bound is the smallest leaving a tail below 10**-6.
        """
        key = self._key()
        if bound is None:
            return _tally(*key, _default_bound(*key))
        lowest = _lowest(*key)[1]
        check_bound(bound, lowest=lowest, limit=MAX_BOUND)
        return _tally(*key, bound)

    def _play(self, dice: Dice) -> Roll:
        shape = _shape(min(self.sn, 13))
        faces = tuple(dice.next(SIDES) for _ in range(self.dice))
        steps = _plan(faces, shape, self.legendary, self.focus)
        by_die: dict[int, list[tuple[int, int, int, str]]] = defaultdict(list)
        for step in steps:
            by_die[step[0] - 1].append(step)
        rolled: list[Die] = []
        twelves = 0
        for i, face in enumerate(faces):
            final = by_die[i][-1][2] if i in by_die else face
            counts, value = _face_count(final, self.sn, shape)
            twelves += final == SIDES
            note = _steps_note(by_die[i]) if i in by_die else ""
            if final == SIDES:
                note = (note + "; " if note else "") + "rolls a critical die"
            rolled.append(Die(face, SIDES, "standard", counts, value, note))
        pending, critical_dice = twelves + self.critical, 0
        while pending:
            more = 0
            for _ in range(pending):
                face = dice.next(SIDES)
                double = face >= self.sn
                more += face == SIDES
                rolled.append(
                    Die(
                        face,
                        SIDES,
                        "critical",
                        "double success" if double else "success",
                        1 + double,
                        "12: roll another critical die" if face == SIDES else "",
                    )
                )
            critical_dice += pending
            pending = more
        total = sum(d.value for d in rolled)
        if total < 0:
            outcome = CRITICAL_FAILURE
        elif total == 0:
            outcome = FAILURE
        else:
            outcome = CRITICAL_SUCCESS if twelves else SUCCESS
        legendary_spent = sum(s[3] == "Legendary" for s in steps)
        details = (
            ("pool", self.dice),
            ("adjustments", tuple(f"die {d}: {a} -> {b} ({src})" for d, a, b, src in steps)),
            ("legendary spent", legendary_spent),
            ("focus spent", len(steps) - legendary_spent),
            ("successes", sum(d.value for d in rolled if d.value > 0)),
            ("fails", sum(d.value < 0 for d in rolled)),
            ("critical successes", twelves),
            ("critical dice", critical_dice),
            ("story event", bool(twelves) or total < 0),
        )
        return Roll(
            SYSTEM,
            self.describe(),
            tuple(rolled),
            total,
            outcome,
            total >= 1,
            self.outcomes()[outcome],
            details=details,
        )


def _too_large(given: str, error: LimitError) -> LimitError:
    """A pool too large to compute, said with the sheet entries that gave it."""
    return LimitError(f"{given} give too large a pool: {error}")


class _Pooled(CheckBase):
    """A kind of check built from the character sheet, with the flat fields the command line
    and widgets need: everything goes to the plain ``Check`` that ``_check()`` builds."""

    def _check(self) -> Check:  # pragma: no cover - abstract
        raise NotImplementedError

    def success_from(self) -> int | None:
        """A total of 1."""
        return 1

    def chance(self) -> Fraction:
        """P(total of 1 or more)."""
        return self._check().chance()

    def outcomes(self) -> Distribution:
        return self._check().outcomes()

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Totals up to ``bound`` and the exact tail above (see ``Check.distribution``)."""
        return self._check().distribution(bound=bound)

    def _play(self, dice: Dice) -> Roll:
        return dataclasses.replace(self._check()._play(dice), check=self.describe())


@dataclass(frozen=True, kw_only=True)
class SkillCheck(_Pooled):
    """A skill check with flat fields (``critdice.skill`` for the command line and widgets).

    The same odds and rolls as ``Check.skill(...)`` with these fields, which is the way
    to build one from a character sheet in Python (Creating Dice Pool). Rulings:
    critdice-skill-stats, critdice-weapon-cap and those of ``Check``.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    rank: int = param("Skill Rank", hint="0 means untrained, with the lower Stat alone", low=0, high=MAX_DICE)
    stats: tuple[int, ...] = param(
        "Relevant Stats",
        hint="one or two, the higher one used from Rank 1 on",
        item="Stat",
        low=0,
        high=MAX_DICE,
        least=1,
        most=2,
        start=3,
    )
    weapon_bonus: int = param(
        "Weapon bonus dice", hint="added dice, never more than the Skill Rank", low=0, default=0
    )
    untrained_allowed: bool = param(
        "Usable at Rank 0", hint="some Skills cannot be used untrained", default=True
    )
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()

    def __post_init__(self) -> None:
        self._check()
        object.__setattr__(self, "stats", tuple(self.stats))

    def _check(self) -> Check:
        return Check.skill(
            rank=self.rank,
            stats=self.stats,
            weapon_bonus=self.weapon_bonus,
            untrained_allowed=self.untrained_allowed,
            sn=self.sn,
            legendary=self.legendary,
            focus=self.focus,
        )


@dataclass(frozen=True, kw_only=True)
class StatCheck(_Pooled):
    """A stat check with flat fields (``critdice.stat`` for the command line and widgets).

    The same odds and rolls as ``Check.stat(...)`` with these fields, which is the way
    to build one from a character sheet in Python (Creating Dice Pool).
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    stat: int = param("Stat", hint="the Stat alone is the Dice Pool", low=0, high=MAX_DICE)
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> Check:
        return Check.stat(stat=self.stat, sn=self.sn, legendary=self.legendary, focus=self.focus)
