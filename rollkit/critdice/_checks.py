"""The critdice checks: a dice check, and the skill and stat checks of the character sheet."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, ClassVar

from .._check import MAX_SEED, FromSheet, _resolved, _rolled
from .._choices import Choosing
from .._choices import Hand as HandBase
from .._dist import Distribution, check_bound
from .._errors import LimitError, RulesError
from .._fields import declare, param, sharing
from .._format import fraction, percent
from .._roll import Dice, Die, Roll
from .._validate import describe, integer
from .._words import Tally
from ._maths import _after_standard, _default_bound, _lowest, _outcomes, _tally
from ._rules import (
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    DEFAULT_SN,
    FAILURE,
    FOCUS,
    LEGENDARY,
    MAX_ADJUSTED_DICE,
    MAX_BOUND,
    MAX_CRITICAL,
    MAX_DICE,
    MAX_POINTS,
    SIDES,
    SN,
    SUCCESS,
    SYSTEM,
    Adjustment,
    _face_count,
    _plan,
    _shape,
    best_adjustments,
    chosen_steps,
    skill_pool,
    stat_pool,
)
from ._rules import adjustments as _adjustments

__all__ = ["Check", "SkillCheck", "StatCheck", "Hand"]


def _points(count: int, using: str) -> str:
    """Points spent, in words: "1 Legendary rank", "2 Legendary ranks", "3 Focus"."""
    return f"{count} {using}" if using == FOCUS else f"{count} {using} rank{'' if count == 1 else 's'}"


def _moved(start: int, end: int) -> str:
    way = "raised" if end > start else "lowered" if end < start else "moved"
    return f"{way} from {start} to {end}"


def _steps_note(steps: list[tuple[int, int, int, str]]) -> str:
    """A die's points in words: "raised from 10 to 12 (1 Legendary rank, 1 Focus)"."""
    legendary = sum(s[3] == LEGENDARY for s in steps)
    spent = ", ".join(
        _points(n, name) for n, name in ((legendary, LEGENDARY), (len(steps) - legendary, FOCUS)) if n
    )
    return f"{_moved(steps[0][1], steps[-1][2])} ({spent})"


def _steps_said(steps: Iterable[tuple[int, int, int, str]]) -> tuple[str, ...]:
    """The roll log's adjustments, one per run of points on one die from one resource:
    "die 6 raised from 9 to 12 (3 Focus)"."""
    runs: list[list[tuple[int, int, int, str]]] = []
    for step in steps:
        if runs and (runs[-1][-1][0], runs[-1][-1][3], runs[-1][-1][2]) == (step[0], step[3], step[1]):
            runs[-1].append(step)
        else:
            runs.append([step])
    return tuple(
        f"die {run[0][0]} {_moved(run[0][1], run[-1][2])} ({_points(len(run), run[0][3])})" for run in runs
    )


TOTAL = Tally("total", score=True)
"""A Critical dice tally: successes less Fails, critical dice included."""


class _Spends(Choosing):
    """A check whose roller may spend Legendary ranks and Focus after seeing the standard dice.

    ``roll`` and ``resolve`` take ``adjustments``: the player's own choices (``Adjustment``
    values or their written form, "6+3F, 2-1L"), checked against the rules; without them
    rollkit's plan spends the points (ruling critdice-policy). ``hand`` gives the standard dice
    alone, to choose on before the critical dice are rolled.
    """

    written: ClassVar[str] = (
        "your own Legendary/Focus moves instead of rollkit's plan: die number, + or - points, L or F,"
        " e.g. '6+3F, 2-1L' (none spent: '')"
    )

    @classmethod
    def hint_range(cls, name: str, fixed: Mapping[str, Any]) -> str | None:
        """Legendary Ranks and Focus come out of one budget of ``MAX_POINTS``, and with points to
        spend a Dice Pool is at most ``MAX_ADJUSTED_DICE`` dice (rollkit's limits)."""
        points = {"legendary": "focus", "focus": "legendary"}
        if name in points:
            other = points[name]
            if other in fixed:
                return f"0 to {MAX_POINTS - fixed[other]}"
            return f"0 to {MAX_POINTS} together with {'Focus' if other == 'focus' else 'Legendary Ranks'}"
        if name != "dice":
            return None
        known = [fixed[n] for n in points if n in fixed]
        if any(known):
            return f"0 to {MAX_ADJUSTED_DICE}"
        if len(known) == len(points):
            return f"0 to {MAX_DICE}"
        return f"0 to {MAX_DICE}; at most {MAX_ADJUSTED_DICE} with points to spend"

    def chosen_words(self, roll: Roll) -> str:
        p = roll.probability
        return (
            f"With rollkit's plan for the points, this outcome had a {percent(p)} chance ({fraction(p)})."
            " rollkit's odds for these values assume that plan."
        )

    def _plain(self) -> Check:  # pragma: no cover - abstract
        """The plain dice check this check rolls."""
        raise NotImplementedError

    def _played(self, dice: Dice, chosen: tuple[Adjustment, ...] | None) -> Roll:  # pragma: no cover
        raise NotImplementedError

    def roll(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        adjustments: str | Sequence[Adjustment] | None = None,
    ) -> Roll:
        """Roll (see ``CheckBase.roll``); the player's ``adjustments`` apply between the standard
        dice and the critical dice, which the same seed then draws."""
        chosen = None if adjustments is None else _adjustments(adjustments)
        return _rolled(partial(self._played, chosen=chosen), seed=seed, rng=rng)

    def resolve(self, faces: Iterable[int], *, adjustments: str | Sequence[Adjustment] | None = None) -> Roll:
        """Replay dice rolled at the table: standard dice, then each critical die as it came,
        with the ``adjustments`` the player made (rollkit's plan when None)."""
        chosen = None if adjustments is None else _adjustments(adjustments)
        return _resolved(partial(self._played, chosen=chosen), faces)

    def hand(self, *, seed: int | None = None, faces: Iterable[int] | None = None) -> Hand:
        """The standard dice before any point is spent: from ``seed`` (the dice ``roll(seed=)``
        shows; a fresh seed when neither is given) or the ``faces`` rolled at the table."""
        if faces is not None:
            if seed is not None:
                raise RulesError("seed and faces are not allowed together: give one of them")
            given = Dice.given(faces)
            rolled = tuple(given.next(SIDES) for _ in range(self._plain().dice))
            given.finish()
            return Hand(check=self, rolled=rolled)
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        seed = integer("seed", seed, low=0, high=MAX_SEED)
        source = Dice(rng=random.Random(seed))
        return Hand(
            check=self, rolled=tuple(source.next(SIDES) for _ in range(self._plain().dice)), seed=seed
        )


@dataclass(frozen=True)
class Hand(HandBase):
    """The standard dice of one roll before its critical dice, and the points spent on them so
    far (Use Legendary Status; Use Focus). Each move gives a new hand; ``finish`` rolls on.

    ``moved(die, +1)`` spends a Legendary rank while one is left, then Focus (ranks cost
    nothing, Focus costs Mind); a move against the way a die has already been moved takes
    the last point back instead of spending another.
    """

    check: _Spends
    rolled: tuple[int, ...]
    adjustments: tuple[Adjustment, ...] = ()
    seed: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "adjustments", _adjustments(self.adjustments))
        self._steps()

    def _steps(self) -> tuple[tuple[int, int, int, str], ...]:
        plain = self.check._plain()
        return chosen_steps(self.rolled, self.adjustments, legendary=plain.legendary, focus=plain.focus)

    @property
    def faces(self) -> tuple[int, ...]:
        """The standard dice as they stand after the adjustments."""
        now = list(self.rolled)
        for move in self.adjustments:
            now[move.die - 1] += move.by
        return tuple(now)

    def left(self, using: str) -> int:
        """Legendary ranks or Focus points not spent yet."""
        plain = self.check._plain()
        owned = plain.legendary if using == LEGENDARY else plain.focus
        return owned - sum(s[3] == using for s in self._steps())

    def to_spend(self) -> str:
        """The Legendary ranks and Focus still to spend, in words."""
        plain = self.check._plain()
        return ", ".join(
            f"{name} {self.left(using)} of {owned}"
            for using, owned, name in (
                (LEGENDARY, plain.legendary, "Legendary ranks"),
                (FOCUS, plain.focus, "Focus"),
            )
            if owned
        )

    def help(self) -> str:
        return (
            "Spend before the critical dice: \u2212 and + move a die one point (a Legendary rank"
            " first, then Focus); a tap back on a moved die returns the point."
        )

    def next_step(self) -> str:
        owed = self.owed()
        return f"Roll the critical {'die' if owed == 1 else 'dice'}" if owed else "Total the roll"

    def summary(self) -> str:
        owed = self.owed()
        text = f"Your standard dice: {', '.join(map(str, self.faces))}; total {self.base()} so far"
        return text + (f", {owed} critical {'die' if owed == 1 else 'dice'} to roll." if owed else ".")

    def chosen(self, written: str) -> Hand:
        return dataclasses.replace(self, adjustments=_adjustments(written))

    def counts(self) -> tuple[str, ...]:
        """How each standard die counts as it stands ("fail", "nothing", "success",
        "critical success")."""
        plain = self.check._plain()
        shape = _shape(min(plain.sn, 13))
        return tuple(_face_count(face, plain.sn, shape)[0] for face in self.faces)

    def open(self) -> bool:
        """Whether any die can still be moved (else there is nothing left to choose)."""
        return any(not self.why_not(d, by) for d in range(1, len(self.rolled) + 1) for by in (1, -1))

    def base(self) -> int:
        """What the standard dice count as they stand: successes minus Fails."""
        plain = self.check._plain()
        shape = _shape(min(plain.sn, 13))
        return sum(_face_count(face, plain.sn, shape)[1] for face in self.faces)

    def owed(self) -> int:
        """Critical dice still to roll: one per standard 12, plus those an ability adds."""
        return sum(face == SIDES for face in self.faces) + self.check._plain().critical

    def outcomes(self) -> Distribution:
        """The exact odds of each outcome with the dice as they stand, over the critical dice
        still to roll (what the player weighs before rolling them)."""
        plain = self.check._plain()
        return _after_standard(self.base(), self.owed(), min(plain.sn, 13), SIDES in self.faces)

    def chance(self) -> Fraction:
        """P(total of 1 or more) with the dice as they stand."""
        out = self.outcomes()
        return out[SUCCESS] + out[CRITICAL_SUCCESS]

    def why_not(self, die: int, by: int) -> str:
        """Why ``moved(die, by)`` is not allowed, in the rules' words ("" when it is)."""
        face = self.faces[die - 1]
        if self.rolled[die - 1] == 1:
            return "a Fail cannot be adjusted"
        if self._undo(die, by) is not None:
            return ""
        if not self.left(LEGENDARY) and not self.left(FOCUS):
            return "no Legendary ranks or Focus left"
        if by > 0 and face == SIDES:
            return "no die goes above 12"
        if by < 0 and face == 2:
            return "no die is lowered to 1"
        return ""

    def _undo(self, die: int, by: int) -> int | None:
        """The index of the last adjustment of ``die`` the other way, if any."""
        for i in range(len(self.adjustments) - 1, -1, -1):
            move = self.adjustments[i]
            if move.die == die and (move.by > 0) != (by > 0):
                return i
        return None

    def moved(self, die: int, by: int) -> Hand:
        """This hand with standard die ``die`` (from 1) moved one point: ``by`` is +1 or -1."""
        integer("die", die, low=1, high=len(self.rolled))
        if by not in (1, -1):
            raise RulesError(
                f"by={describe(by)} is not allowed: a move is +1 or -1",
                said="a move is one point up or down.",
            )
        reason = self.why_not(die, by)
        if reason:
            raise RulesError(
                f"die {die} cannot move {by:+d}: {reason}", said=f"die {die} cannot move: {reason}."
            )
        moves = list(self.adjustments)
        undo = self._undo(die, by)
        if undo is not None:
            back = moves[undo]
            moves[undo : undo + 1] = [] if abs(back.by) == 1 else [dataclasses.replace(back, by=back.by + by)]
        else:
            moves.append(Adjustment(die=die, by=by, using=LEGENDARY if self.left(LEGENDARY) else FOCUS))
        return dataclasses.replace(self, adjustments=_merged(moves))

    def planned(self) -> Hand:
        """This hand's dice with rollkit's plan spending the points instead (critdice-policy)."""
        plain = self.check._plain()
        steps = best_adjustments(faces=self.rolled, sn=plain.sn, legendary=plain.legendary, focus=plain.focus)
        moves = [Adjustment(die=d, by=b - a, using=u) for d, a, b, u in steps]
        return dataclasses.replace(self, adjustments=_merged(moves))

    def said(self) -> str:
        """The moves in words, a die at a time: "die 1 raised from 10 to 12 (1 Legendary rank,
        1 Focus)"."""
        by_die: dict[int, list[tuple[int, int, int, str]]] = defaultdict(list)
        for step in self._steps():
            by_die[step[0]].append(step)
        return "; ".join(f"die {d} " + _steps_note(by_die[d]) for d in sorted(by_die))

    def written(self) -> str:
        """The adjustments as written for a link or the command line: "6+1L, 6+2F"."""
        return ", ".join(map(str, self.adjustments))

    def finish(self, *, critical: Iterable[int] | None = None) -> Roll:
        """The whole roll: these adjustments, then the critical dice (drawn by the seed, or the
        ``critical`` faces rolled at the table)."""
        if self.seed is not None and critical is None:
            return self.check.roll(seed=self.seed, adjustments=self.adjustments)
        if critical is None:
            critical = ()
        return self.check.resolve((*self.rolled, *critical), adjustments=self.adjustments)


def _merged(moves: Iterable[Adjustment]) -> tuple[Adjustment, ...]:
    """Adjustments with each run on one die, one way, with one resource written as one."""
    merged: list[Adjustment] = []
    for move in moves:
        last = merged[-1] if merged else None
        if last and (last.die, last.using, last.by > 0) == (move.die, move.using, move.by > 0):
            merged[-1] = dataclasses.replace(last, by=last.by + move.by)
        else:
            merged.append(move)
    return tuple(merged)


@dataclass(frozen=True, kw_only=True)
class Check(_Spends):
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
    tally: ClassVar[Tally] = TOTAL
    monotone: ClassVar[frozenset[str]] = frozenset({"sn", "legendary", "focus", "critical"})
    dice: int = param("Dice Pool", hint="Standard Dice (d12) rolled", low=0, high=MAX_DICE, limit="high")
    sn: int = declare(SN, default=DEFAULT_SN)
    legendary: int = param(
        "Legendary Ranks",
        hint="each moves one die a point up or down",
        low=0,
        high=MAX_POINTS,
        limit="high",
        default=0,
    )
    focus: int = param(
        "Focus",
        hint="Mind points spent to move dice a point each",
        low=0,
        high=MAX_POINTS,
        limit="high",
        default=0,
    )
    critical: int = param(
        "Critical Dice",
        hint="Critical Dice an Ability adds from the start",
        low=0,
        high=MAX_CRITICAL,
        limit="high",
        default=0,
    )

    def _check_rules(self) -> None:
        points = self.legendary + self.focus
        if points > MAX_POINTS:
            raise LimitError(
                f"legendary+focus={points} is too large: rollkit computes exact"
                f" odds for legendary+focus up to {MAX_POINTS}",
                field="focus",
                said=f"{{legendary}} and {{focus}} together are {points}, too many to work out"
                f" exactly; enter at most {MAX_POINTS} in all.",
            )
        if points and self.dice > MAX_ADJUSTED_DICE:
            raise LimitError(
                f"dice={self.dice} is too large: with Legendary or Focus points"
                f" rollkit computes exact odds for dice up to {MAX_ADJUSTED_DICE}",
                field="dice",
                said=f"{{dice}}: {self.dice} dice with points to spend are too many to work out"
                f" exactly; enter at most {MAX_ADJUSTED_DICE} (or spend no points).",
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
        critical: int = 0,
    ) -> Check:
        """A skill check: the pool of ``skill_pool`` (Creating Dice Pool), with ``critical``
        dice an Ability adds as the plain check takes them.

        Rank 1+: rank + the higher of the one or two ``stats`` + weapon dice up to
        the rank; rank 0: the lower stat alone. Rulings critdice-skill-stats,
        critdice-weapon-cap and critdice-ability-dice.
        """
        pool = skill_pool(
            rank=rank, stats=stats, weapon_bonus=weapon_bonus, untrained_allowed=untrained_allowed
        )
        try:
            return cls(dice=pool, sn=sn, legendary=legendary, focus=focus, critical=critical)
        except LimitError as error:
            given = f"rank={rank!r}, stats={stats!r} and weapon_bonus={weapon_bonus!r}"
            raise _too_large(given, error, "rank") from None

    @classmethod
    def stat(
        cls, *, stat: int, sn: int = DEFAULT_SN, legendary: int = 0, focus: int = 0, critical: int = 0
    ) -> Check:
        """A stat check: the stat alone is the pool (``stat_pool``, Creating Dice Pool), with
        ``critical`` dice an Ability adds as the plain check takes them."""
        pool = stat_pool(stat=stat)
        try:
            return cls(dice=pool, sn=sn, legendary=legendary, focus=focus, critical=critical)
        except LimitError as error:
            raise _too_large(f"stat={stat!r}", error, "stat") from None

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

    def _plain(self) -> Check:
        return self

    def _play(self, dice: Dice) -> Roll:
        return self._played(dice, None)

    def _played(self, dice: Dice, chosen: tuple[Adjustment, ...] | None) -> Roll:
        """The roll: standard dice, then the player's ``chosen`` adjustments (rollkit's plan when
        None), then the critical dice they call for."""
        shape = _shape(min(self.sn, 13))
        faces = tuple(dice.next(SIDES) for _ in range(self.dice))
        if chosen is None:
            steps = _plan(faces, shape, self.legendary, self.focus)
        else:
            steps = chosen_steps(faces, chosen, legendary=self.legendary, focus=self.focus)
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
            rolled.append(
                Die(
                    face,
                    SIDES,
                    "standard",
                    counts,
                    value,
                    note,
                    explodes=final == SIDES,
                    adjusted=final if final != face else None,
                )
            )
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
                        explodes=face == SIDES,
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
        legendary_spent = sum(s[3] == LEGENDARY for s in steps)
        spending = ""
        if self.legendary or self.focus:
            spending = "rollkit's plan" if chosen is None else "the player's choice"
        details = (
            ("pool", self.dice),
            ("points spent by", spending),
            ("adjustments", _steps_said(steps)),
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
            chosen=chosen is not None and bool(self.legendary or self.focus),
        )


def _too_large(given: str, error: LimitError, field: str) -> LimitError:
    """A pool too large to compute, said with the sheet entries that gave it, about ``field``
    (the sheet entry a sheet kind's widget marks)."""
    said = (error.said or str(error)).replace("{dice}: ", "")
    return LimitError(
        f"{given} give too large a pool: {error}",
        field=field,
        said=f"these values give too large a Dice Pool: {said}",
    )


class _Pooled(FromSheet, _Spends):
    """A critdice kind built from the character sheet (``FromSheet``): the plain ``Check`` its
    classmethod builds rolls, with the player's choices passed on. It shares the plain check's
    ``sn``, ``legendary``, ``focus`` and ``critical``."""

    sn: int
    legendary: int
    focus: int
    critical: int

    def _plain(self) -> Check:  # pragma: no cover - abstract
        raise NotImplementedError

    def _play(self, dice: Dice) -> Roll:
        return self._played(dice, None)

    def _played(self, dice: Dice, chosen: tuple[Adjustment, ...] | None) -> Roll:
        return self._from_sheet(self._plain()._played(dice, chosen))


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "sn", "legendary", "focus", "critical")
class SkillCheck(_Pooled):
    """A skill check with flat fields (``critdice.skill`` for the command line and widgets).

    The same odds and rolls as ``Check.skill(...)`` with these fields, which is the way
    to build one from a character sheet in Python (Creating Dice Pool). Rulings:
    critdice-skill-stats, critdice-weapon-cap and those of ``Check``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = TOTAL
    monotone: ClassVar[frozenset[str]] = frozenset({"sn", "legendary", "focus"})
    rank: int = param(
        "Skill Rank", hint="0 means untrained, with the lower Stat alone", low=0, high=MAX_DICE, limit="high"
    )
    stats: tuple[int, ...] = param(
        "Relevant Stats",
        hint="one or two, the higher one used from Rank 1 on",
        item="Stat",
        low=0,
        high=MAX_DICE,
        limit="high",
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

    def _check_rules(self) -> None:
        self._plain()

    def _plain(self) -> Check:
        return Check.skill(
            rank=self.rank,
            stats=self.stats,
            weapon_bonus=self.weapon_bonus,
            untrained_allowed=self.untrained_allowed,
            sn=self.sn,
            legendary=self.legendary,
            focus=self.focus,
            critical=self.critical,
        )


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "sn", "legendary", "focus", "critical")
class StatCheck(_Pooled):
    """A stat check with flat fields (``critdice.stat`` for the command line and widgets).

    The same odds and rolls as ``Check.stat(...)`` with these fields, which is the way
    to build one from a character sheet in Python (Creating Dice Pool).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = TOTAL
    monotone: ClassVar[frozenset[str]] = frozenset({"sn", "legendary", "focus"})
    stat: int = param("Stat", hint="the Stat alone is the Dice Pool", low=0, high=MAX_DICE, limit="high")

    def _check_rules(self) -> None:
        self._plain()

    def _plain(self) -> Check:
        return Check.stat(
            stat=self.stat, sn=self.sn, legendary=self.legendary, focus=self.focus, critical=self.critical
        )
