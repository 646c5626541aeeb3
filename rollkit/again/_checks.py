"""The again checks: static, mitigated and opposed rolls of d10 pools, and the same three
built from the character sheet's Stat + Skill (seed 003)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._check import CheckBase, FromSheet
from .._dist import Distribution, check_bound
from .._errors import LimitError, RulesError
from .._fields import Param, declare, fields, param, sharing
from .._roll import Dice, Die, Roll
from .._words import Tally
from ._maths import (
    _criticals,
    _opposed_outcomes,
    _opposed_parts,
    _opposed_tally,
    _static_outcomes,
    _tally_for,
)
from ._rules import (
    _AGAIN_WORDS,
    _BOTCH_FACES_WORDS,
    _BOTCH_WORDS,
    _CRITICAL_WORDS,
    _OPPOSED_CRITICAL_WORDS,
    ACTIVE_WINS,
    AGAIN_VALUES,
    BOTCH_FACES,
    BOTCHED_CRITICAL,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    CRITICAL_SUCCESSES,
    DEFENDER_WINS,
    DIFFICULTIES,
    FAILED_CRITICAL,
    FAILURE,
    MAX_DC,
    MAX_DICE,
    MAX_OPPOSED_BOUND,
    MAX_OPPOSED_DICE,
    MODIFIER,
    SKILL,
    STAT,
    SUCCESS,
    SUCCESS_FACE,
    SYSTEM,
    TIE,
    WEAPON,
    Botch,
    Critical,
    OpposedCritical,
    _opposed_name,
    _sheet_pool,
    dice_pool,
)

__all__ = ["Check", "Mitigated", "Opposed", "SkillCheck", "MitigatedSkill", "OpposedSkills"]

SUCCESSES = Tally("successes", one="success")
"""The tally of a static or mitigated roll: the pool's successes."""
NET = Tally("net successes", one="net success")
"""The tally of an opposed roll: the active side's successes beyond the defending side's."""


def _roll_pool(dice: Dice, n: int, again: int, side: str = "") -> tuple[list[Die], int]:
    """Roll ``n`` dice, then every die that rolls again, wave after wave."""
    rolled: list[Die] = []
    successes, pending, role = 0, n, side + "pool"
    while pending:
        rerolls = 0
        for _ in range(pending):
            face = dice.next(10)
            hit, more = face >= SUCCESS_FACE, face >= again
            successes += hit
            rerolls += more
            rolled.append(
                Die(
                    face,
                    10,
                    role,
                    "success" if hit else "fail",
                    int(hit),
                    f"{again}-again: roll another die" if more else "",
                    explodes=bool(more),
                )
            )
        pending, role = rerolls, side + "reroll"
    return rolled, successes


# --- Check and Mitigated ---------------------------------------------------------------------


class _Static(CheckBase):
    """A static or mitigated roll, plain or from the sheet: a pool whose dice may roll again and
    the botch die after a failure. These fields are typed here for ``Check``, ``Mitigated`` and
    their sheet kinds, which share one declaration of each (``declare``, ``sharing``)."""

    again: int
    botch: Botch
    botch_faces: int


def _botch_die(dice: Dice, successes: int, botch: str, faces: int, whose: str = "") -> Die | None:
    """The botch die a failure of ``successes`` rolls when ``botch`` calls for it, botching on
    a face up to ``faces``; None when it is not rolled. ``whose`` names the side ("active ")."""
    if not (botch == "failure" or (botch == "zero" and not successes)):
        return None
    face = dice.next(10)
    note = "" if faces == 1 else f"botches on {_BOTCH_FACES_WORDS[faces - 1][1]}"
    return Die(face, 10, whose + "botch check", "botch" if face <= faces else "no botch", 0, note)


def _play_static(
    check: _Static,
    dice: Dice,
    pool: int,
    need: int,
    extra: tuple[tuple[str, Any], ...],
    critical: str = "any",
) -> Roll:
    """Roll the pool, then the botch die after a failure when ``botch`` calls for it; it
    botches on a face up to ``botch_faces``. 5 or more successes are a critical success on any
    roll, or only on a success with ``critical="success"``."""
    n = max(pool, 1)
    rolled, successes = _roll_pool(dice, n, check.again)
    success = successes >= need
    botch = None if success else _botch_die(dice, successes, check.botch, check.botch_faces)
    botched = botch is not None and botch.counts == "botch"
    if botch is not None:
        rolled.append(botch)
    if success:
        outcome = CRITICAL_SUCCESS if successes >= CRITICAL_SUCCESSES else SUCCESS
    elif successes >= CRITICAL_SUCCESSES and critical == "any":
        outcome = BOTCHED_CRITICAL if botched else FAILED_CRITICAL
    else:
        outcome = CRITICAL_FAILURE if botched else FAILURE
    botch_die = None if botch is None else botch.face
    details = (
        ("pool", n),
        ("pool raised to 1 die", pool < 1),
        *extra,
        ("successes needed", need),
        ("botch die", botch_die),
    )
    return Roll(
        SYSTEM,
        check.describe(),
        tuple(rolled),
        successes,
        outcome,
        success,
        check.outcomes()[outcome],
        details=details,
    )


def _x_again(label: str, die: str) -> Param:
    """The x-again of a pool, said of whose ``die`` it is."""
    return Param(
        label,
        hint=f"{die} showing this or more rolls one more",
        low=min(AGAIN_VALUES),
        high=max(AGAIN_VALUES),
        options=_AGAIN_WORDS,
    )


def _botch_when(label: str, hint: str) -> Param:
    """When a failure rolls the botch die (``Botch``)."""
    return Param(label, hint=hint, options=_BOTCH_WORDS)


def _botch_on(label: str, hint: str) -> Param:
    """How many faces of a botch die botch, counted up from 1."""
    return Param(label, hint=hint, low=min(BOTCH_FACES), high=max(BOTCH_FACES), options=_BOTCH_FACES_WORDS)


_BOTCH = _botch_when("Botch die", "which failures roll the extra d10 that can botch")
_BOTCH_FACES = _botch_on("Botch die botches on", "faces counted up from 1; a power may make botches likelier")
"""When ``Check`` and ``Mitigated`` roll the botch die, and on how many faces it botches."""
_ACTIVE_BOTCH = _botch_when("Active side's botch die", "which losses of the active side roll the botch d10")
_ACTIVE_BOTCH_FACES = _botch_on(
    "Active side's botch die botches on", "faces counted up from 1, for the active side's botch die"
)
_DEFENDING_BOTCH = _botch_when(
    "Defending side's botch die", "which losses of the defender roll the botch d10"
)
_DEFENDING_BOTCH_FACES = _botch_on(
    "Defending side's botch die botches on", "faces counted up from 1, for the defender's botch die"
)
"""Each side's botch die in ``Opposed`` and ``OpposedSkills``: the side that loses rolls it."""
_OPPOSED_CRITICAL = Param(
    "Critical successes",
    hint="which rolls of 5 or more successes are critical",
    options=_OPPOSED_CRITICAL_WORDS,
)
"""Whose rolls are critical successes in ``Opposed`` and ``OpposedSkills``."""

_AGAIN = _x_again("Re-roll on (x-again)", "a die")
"""The x-again of ``Check`` and ``Mitigated``."""
_ACTIVE_AGAIN = _x_again("Active side's re-roll on (x-again)", "an active die")
_DEFENDING_AGAIN = _x_again("Defending side's re-roll on (x-again)", "a defending die")
"""Each side's x-again, in ``Opposed`` and ``OpposedSkills``."""


@dataclass(frozen=True, kw_only=True)
class Check(_Static):
    """A static roll: a pool of ``dice`` d10 against a DC (Rolling the Dice, Static Rolls).

    Successes must meet ``dc``, or beat it with ``exceed=True`` (Dispel Magic).
    ``dice`` is the pool after bonuses and penalties: 0 or less rolls one die.
    5+ successes are a critical success on any roll, a failed one too ("failure
    with a critical success", possible above DC 5), or only on a success with
    ``critical="success"``; after a failure the botch die is rolled as ``botch``
    says: ``"failure"`` (any failure, default), ``"zero"`` (only 0 successes) or
    ``"none"`` (a power that ignores it). It botches on a 1, or on 1 to
    ``botch_faces`` for a power that makes botches likelier. From a character
    sheet: ``Check.skill(stat=, skill=, ...)``.
    Rulings: again-critical-success-needs-success, again-botch-after-any-failure,
    again-botch-powers, again-botch-ignore-timing, again-reroll-always-taken.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = SUCCESSES
    target: ClassVar[str] = "dc"
    monotone: ClassVar[frozenset[str]] = frozenset({"dice", "dc", "again", "botch_faces"})
    dice: int = param(
        "Dice Pool",
        hint="d10s after bonuses and penalties (below one, roll one)",
        high=MAX_DICE,
        limit="high",
    )
    dc: int = param(
        "Difficulty Check (DC)",
        hint="successes needed, set by the Storyteller",
        low=0,
        high=MAX_DC,
        limit="high",
        far=True,
        default=1,
    )
    again: int = declare(_AGAIN, default=10)
    exceed: bool = param(
        "Exceed the DC", hint="successes must beat the DC, as for Dispel Magic", default=False
    )
    botch: Botch = declare(_BOTCH, default="failure")
    botch_faces: int = declare(_BOTCH_FACES, default=1)
    critical: Critical = param(
        "Critical success on",
        hint="which rolls of 5 or more successes are critical",
        options=_CRITICAL_WORDS,
        default="any",
    )

    def _check_rules(self) -> None:
        if self.dc < 1 and not self.exceed:  # a DC of 0 is only there to be exceeded
            raise RulesError(
                f"dc={self.dc} is not allowed: dc must be a whole number of at least 1",
                field="dc",
                said=f"{self.dc} is allowed only with {{exceed}} (1 success then beats it);"
                " otherwise enter at least 1.",
            )

    @classmethod
    def skill(cls, *, stat: int, skill: int, modifier: int = 0, **rules: Any) -> Check:
        """A static roll of Stat + Skill + ``modifier`` dice (``dice_pool``; Roll Types);
        ``rules`` are the other fields (``dc``, ``again``, ``exceed``, ``botch``,
        ``botch_faces``, ``critical``). Ruling again-sheet-pool.
        """
        pool = dice_pool(stat=stat, skill=skill, modifier=modifier)
        try:
            return cls(dice=pool, **rules)
        except LimitError as error:
            raise _too_large(cls, error, "", stat=stat, skill=skill, modifier=modifier) from None

    @property
    def pool(self) -> int:
        """The dice actually rolled: at least one."""
        return max(self.dice, 1)

    @property
    def needed(self) -> int:
        """Successes needed: the DC, or one more with ``exceed``."""
        return self.dc + self.exceed

    def success_from(self) -> int | None:
        """The successes needed: the DC, or one more with ``exceed``."""
        return self.needed

    def chance(self) -> Fraction:
        """P(success), critical successes included."""
        out = self.outcomes()
        return out[SUCCESS] + out[CRITICAL_SUCCESS]

    def outcomes(self) -> Distribution:
        return _static_outcomes(
            self.pool, self.again, self.needed, self.botch, self.botch_faces, self.critical
        )

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Successes 0..bound and the exact tail above (default: tail below 10**-6)."""
        return _tally_for(self.pool, self.again, bound)

    def _play(self, dice: Dice) -> Roll:
        extra = (("difficulty", DIFFICULTIES.get(self.dc, "")),)
        return _play_static(self, dice, self.dice, self.needed, extra, self.critical)


@dataclass(frozen=True, kw_only=True)
@sharing(Check, "botch", "botch_faces")
class Mitigated(_Static):
    """A mitigated roll: ``dice`` less the target's ``defence``, at least 1 die (Mitigated Rolls).

    The successes are the result (for example damage): 1 or more is a
    success, 5 or more a critical success, 0 a failure with the botch die
    (``botch`` and ``botch_faces`` as for ``Check``). From a character sheet:
    ``Mitigated.skill(stat=, skill=, weapon=, ...)``.
    Rulings: again-mitigated-result, again-pool-floor, again-botch-powers.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = SUCCESSES
    monotone: ClassVar[frozenset[str]] = frozenset({"dice", "defence", "again", "botch_faces"})
    dice: int = param("Dice Pool", hint="d10s before the Defense is taken off", high=MAX_DICE, limit="high")
    defence: int = param("Defense", hint="dice the target's Defense takes off your pool", low=0, default=0)
    again: int = declare(_AGAIN, default=10)

    @classmethod
    def skill(cls, *, stat: int, skill: int, weapon: int = 0, modifier: int = 0, **rules: Any) -> Mitigated:
        """A blow of Stat + Skill + ``weapon`` dice + ``modifier`` (``dice_pool``; Mitigated
        Rolls); ``rules`` are the other fields (``defence``, ``again``, ``botch``,
        ``botch_faces``). Ruling again-sheet-pool.
        """
        pool = dice_pool(stat=stat, skill=skill, weapon=weapon, modifier=modifier)
        try:
            return cls(dice=pool, **rules)
        except LimitError as error:
            raise _too_large(
                cls, error, "", stat=stat, skill=skill, weapon=weapon, modifier=modifier
            ) from None

    @property
    def pool(self) -> int:
        """The dice actually rolled: ``dice - defence``, at least one."""
        return max(self.dice - self.defence, 1)

    def success_from(self) -> int | None:
        """One success after Defense."""
        return 1

    def chance(self) -> Fraction:
        """P(at least one success)."""
        out = self.outcomes()
        return out[SUCCESS] + out[CRITICAL_SUCCESS]

    def outcomes(self) -> Distribution:
        return _static_outcomes(self.pool, self.again, 1, self.botch, self.botch_faces)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Successes (the result) 0..bound and the exact tail above."""
        return _tally_for(self.pool, self.again, bound)

    def _play(self, dice: Dice) -> Roll:
        return _play_static(self, dice, self.dice - self.defence, 1, (("defence", self.defence),))


# --- Opposed ---------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Opposed(CheckBase):
    """An opposed roll: the active side's pool against the defending side's (Opposed Rolls).

    ``dice``/``again`` are the active (offensive) side, ``against_dice``/
    ``against_again`` the defending side; ties go to the defender, so the
    active side wins only with more successes. When sneaking past a guard the
    guard's Perception is the active side. Who wins does not depend on the
    margin; each side's roll of 5+ successes is a critical success (only the
    winner's with ``critical="success"``, none with ``"none"``), and the side
    that loses rolls the botch die as its own ``botch``/``botch_faces`` (the
    active side's) or ``against_botch``/``against_botch_faces`` say. The tally
    is the active side's successes beyond the defender's (0 when the defender
    wins). Each pool rolls at least one die. From a character sheet:
    ``Opposed.skills(stat=, skill=, against_stat=, ...)``.
    Rulings: again-opposed-sides, again-opposed-binary.

    Exact: P(A > D) = sum_j P(D = j) P(A > j); past j = 0 each term is
    (r_A r_D)**j times a polynomial in j, summed in closed form.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = NET
    monotone: ClassVar[frozenset[str]] = frozenset({"dice", "against_dice", "again", "against_again"})
    dice: int = param(
        "Active Dice Pool",
        hint="the active side's d10s, perhaps the guard's Perception",
        high=MAX_OPPOSED_DICE,
        limit="high",
    )
    against_dice: int = param(
        "Defending Dice Pool",
        hint="the defending side's d10s, who win ties",
        high=MAX_OPPOSED_DICE,
        limit="high",
    )
    again: int = declare(_ACTIVE_AGAIN, default=10)
    against_again: int = declare(_DEFENDING_AGAIN, default=10)
    botch: Botch = declare(_ACTIVE_BOTCH, default="failure")
    botch_faces: int = declare(_ACTIVE_BOTCH_FACES, default=1)
    against_botch: Botch = declare(_DEFENDING_BOTCH, default="failure")
    against_botch_faces: int = declare(_DEFENDING_BOTCH_FACES, default=1)
    critical: OpposedCritical = declare(_OPPOSED_CRITICAL, default="any")

    @classmethod
    def skills(
        cls,
        *,
        stat: int,
        skill: int,
        against_stat: int,
        against_skill: int,
        modifier: int = 0,
        against_modifier: int = 0,
        **rules: Any,
    ) -> Opposed:
        """Both sides roll Stat + Skill + their own ``modifier`` (``dice_pool``; Opposed Rolls):
        ``stat``/``skill`` the active side, ``against_*`` the defending side, who wins ties;
        ``rules`` are the other fields (``again``, ``against_again``, each side's botch die
        and ``critical``). Ruling again-sheet-pool.
        """
        active = dice_pool(stat=stat, skill=skill, modifier=modifier)
        defending = _sheet_pool("against_", against_stat, against_skill, 0, against_modifier)
        try:
            return cls(dice=active, against_dice=defending, **rules)
        except LimitError as error:
            if error.field == "against_dice":
                side = dict(stat=against_stat, skill=against_skill, modifier=against_modifier)
                raise _too_large(cls, error, "against_", **side) from None
            raise _too_large(cls, error, "", stat=stat, skill=skill, modifier=modifier) from None

    def _key(self) -> tuple[int, int, int, int]:
        return max(self.dice, 1), self.again, max(self.against_dice, 1), self.against_again

    def success_from(self) -> int | None:
        """One net success: more than the defending side."""
        return 1

    def chance(self) -> Fraction:
        """P(the active side rolls more successes than the defending side)."""
        return _opposed_parts(*self._key())[0]

    def _sides(self) -> tuple[tuple[str, int], tuple[str, int]]:
        """Each side's botch mode and botch faces, active first."""
        return (self.botch, self.botch_faces), (self.against_botch, self.against_botch_faces)

    def outcomes(self) -> Distribution:
        """The result (defender wins, tie, active side wins), then whose rolls are critical
        successes and who botched, worst to best for the active side."""
        return _opposed_outcomes(*self._key(), self.critical, self._sides())

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Net successes of the active side 0..bound and the exact tail above."""
        if bound is not None:
            check_bound(bound, lowest=0, limit=MAX_OPPOSED_BOUND)
        return _opposed_tally(*self._key(), bound)

    def _play(self, dice: Dice) -> Roll:
        n, a, m, d = self._key()
        active, hits = _roll_pool(dice, n, a, "active ")
        defending, blocks = _roll_pool(dice, m, d, "defending ")
        result = ACTIVE_WINS if hits > blocks else TIE if hits == blocks else DEFENDER_WINS
        loser = "defending" if result == ACTIVE_WINS else "active"
        (botch, faces), lost = self._sides()[loser == "defending"], min(hits, blocks)
        botch_die = _botch_die(dice, lost, botch, faces, loser + " ")
        botched = loser if botch_die is not None and botch_die.counts == "botch" else ""
        high = _criticals(result, (hits >= CRITICAL_SUCCESSES, blocks >= CRITICAL_SUCCESSES), self.critical)
        outcome = _opposed_name(result, high, botched)
        details = (
            ("active pool", n),
            ("active pool raised to 1 die", self.dice < 1),
            ("defending pool", m),
            ("defending pool raised to 1 die", self.against_dice < 1),
            ("active successes", hits),
            ("defending successes", blocks),
            ("margin", hits - blocks),
            ("active critical success", high[0]),
            ("defending critical success", high[1]),
            ("botch die rolled by", None if botch_die is None else f"{loser} side"),
            ("botch die", None if botch_die is None else botch_die.face),
        )
        return Roll(
            SYSTEM,
            self.describe(),
            (*active, *defending, *([] if botch_die is None else [botch_die])),
            max(hits - blocks, 0),
            outcome,
            result == ACTIVE_WINS,
            self.outcomes()[outcome],
            details=details,
        )


# --- built from the character sheet ----------------------------------------------------------


def _listed(parts: list[str]) -> str:
    """Words listed as a sentence lists them: "a, b and c"."""
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else "".join(parts)


def _named(side: str, **values: int) -> str:
    """The sheet entries that gave a pool, as written: "stat=3, skill=2 and modifier=0"."""
    return _listed([f"{side}{name}={value!r}" for name, value in values.items()])


def _too_large(cls: type, error: LimitError, side: str, **entries: int) -> LimitError:
    """``error`` from building ``cls``, when it is the pool of ``side`` ("" or "against_") that
    is too large, said with the sheet entries that gave it: an error about the largest entry,
    the likeliest to be mistyped. Any other error stays as it is."""
    pool = f"{side}dice"
    if error.field != pool:
        return error
    most = next(f.param.high for f in fields(cls) if f.name == pool)
    largest = max(entries, key=lambda name: entries[name])
    others = [f"{{{side}{name}}} {value}" for name, value in entries.items() if name != largest]
    return LimitError(
        f"{_named(side, **entries)} give too large a pool: {error}",
        field=side + largest,
        said=f"{entries[largest]} with {_listed(others)} makes {sum(entries.values())} dice, too many"
        f" to work out exactly; together they can make at most {most}.",
    )


def _sum(*terms: int) -> str:
    """How the sheet's numbers add up: "3 + 2 - 1 = 4"."""
    text = str(terms[0]) + "".join(f" - {-t}" if t < 0 else f" + {t}" for t in terms[1:])
    return f"{text} = {sum(terms)}"


def _worded(declared: Param, label: str, whose: str = "", *, default: Any = dataclasses.MISSING) -> Any:
    """A field declared as ``declared`` (its range) under another ``label`` ("Other bonuses and
    penalties" beside a weapon's dice, or one side's entry of an opposed roll), its hint then
    said of ``whose`` entry it is in place of its first word where given ("the Stat for the
    action ..." becomes "the defender's Stat for the action ...")."""
    hint = f"{whose} {declared.hint.split(' ', 1)[1]}" if whose else declared.hint
    return declare(dataclasses.replace(declared, label=label, hint=hint), default=default)


class _Sheet(FromSheet):
    """An Again kind built from the character sheet: the plain check comes from its
    classmethod with every field by name, and a roll adds how the sheet made the pool. The
    fields it shares with the plain check are declared there (``sharing``)."""

    def _check_rules(self) -> None:
        self._plain()  # the rules across fields are the plain check's, and the pool's limit

    def _entries(self) -> dict[str, Any]:
        """Every field by name: the keywords of the classmethod that builds the plain check."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


def _beside_the_pool(plain: type) -> tuple[str, ...]:
    """The fields a sheet kind shares with the plain check ``plain``: all but the Dice Pool,
    which the sheet's entries make (in ``plain``'s order). Found, not listed: one of them is
    ``again``, and the package writes the system's name only as ``SYSTEM``."""
    return tuple(f.name for f in fields(plain) if f.name != "dice")


class _SkillShares(_Sheet, _Static):
    """The types of the fields ``SkillCheck`` shares with ``Check``, declared there."""

    dc: int
    exceed: bool


class _MitigatedShares(_Sheet, _Static):
    """The types of the fields ``MitigatedSkill`` shares with ``Mitigated``, declared there."""

    defence: int


@dataclass(frozen=True, kw_only=True)
@sharing(Check, *_beside_the_pool(Check))
class SkillCheck(_SkillShares):
    """A static roll of Stat + Skill with flat fields (``again.skill`` for the command line and
    widgets): the same odds and rolls as ``Check.skill(...)``, the way to build one from a
    character sheet in Python (Roll Types, Static Rolls). Rulings: again-sheet-pool and those
    of ``Check``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = SUCCESSES
    target: ClassVar[str] = "dc"
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"stat", "skill", "modifier", "dc", "again", "botch_faces"}
    )
    stat: int = declare(STAT)
    skill: int = declare(SKILL)
    modifier: int = declare(MODIFIER, default=0)

    def _plain(self) -> Check:
        return Check.skill(**self._entries())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        return (("stat + skill + modifier", _sum(self.stat, self.skill, self.modifier)),)


@dataclass(frozen=True, kw_only=True)
@sharing(Mitigated, *_beside_the_pool(Mitigated))
class MitigatedSkill(_MitigatedShares):
    """A mitigated roll of Stat + Skill + weapon dice with flat fields (``again.mitigated_skill``
    for the command line and widgets): the same odds and rolls as ``Mitigated.skill(...)``
    (Mitigated Rolls). Rulings: again-sheet-pool and those of ``Mitigated``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = SUCCESSES
    monotone: ClassVar[frozenset[str]] = frozenset(
        {"stat", "skill", "weapon", "modifier", "defence", "again", "botch_faces"}
    )
    stat: int = declare(STAT)
    skill: int = declare(SKILL)
    weapon: int = declare(WEAPON, default=0)
    modifier: int = _worded(MODIFIER, "Other bonuses and penalties", default=0)

    def _plain(self) -> Mitigated:
        return Mitigated.skill(**self._entries())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        terms = (self.stat, self.skill, self.weapon, self.modifier)
        return (("stat + skill + weapon + modifier", _sum(*terms)),)


@dataclass(frozen=True, kw_only=True)
class OpposedSkills(_Sheet):
    """An opposed roll of Stat + Skill on each side with flat fields (``again.opposed_skills``
    for the command line and widgets): the same odds and rolls as ``Opposed.skills(...)``
    (Opposed Rolls). Rulings: again-sheet-pool and those of ``Opposed``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = NET
    monotone: ClassVar[frozenset[str]] = frozenset(
        {
            "stat",
            "skill",
            "modifier",
            "again",
            "against_stat",
            "against_skill",
            "against_modifier",
            "against_again",
        }
    )
    stat: int = _worded(STAT, "Active side's Core Statistic", "the active side's")
    skill: int = _worded(SKILL, "Active side's Skill ranks", "the active side's")
    modifier: int = _worded(MODIFIER, "Active side's bonuses and penalties", default=0)
    # Each side's x-again and botch die are declared as Opposed's where they stand among that
    # side's entries: ``sharing`` would put them all last, and this order is the command line's
    # options' and the widget's controls'.
    again: int = declare(_ACTIVE_AGAIN, default=10)
    botch: Botch = declare(_ACTIVE_BOTCH, default="failure")
    botch_faces: int = declare(_ACTIVE_BOTCH_FACES, default=1)
    against_stat: int = _worded(STAT, "Defending side's Core Statistic", "the defender's")
    against_skill: int = _worded(SKILL, "Defending side's Skill ranks", "the defender's")
    against_modifier: int = _worded(MODIFIER, "Defending side's bonuses and penalties", default=0)
    against_again: int = declare(_DEFENDING_AGAIN, default=10)
    against_botch: Botch = declare(_DEFENDING_BOTCH, default="failure")
    against_botch_faces: int = declare(_DEFENDING_BOTCH_FACES, default=1)
    critical: OpposedCritical = declare(_OPPOSED_CRITICAL, default="any")

    def _plain(self) -> Opposed:
        return Opposed.skills(**self._entries())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        return (
            ("active stat + skill + modifier", _sum(self.stat, self.skill, self.modifier)),
            (
                "defending stat + skill + modifier",
                _sum(self.against_stat, self.against_skill, self.against_modifier),
            ),
        )
