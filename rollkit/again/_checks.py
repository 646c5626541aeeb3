"""The again checks: static, mitigated and opposed rolls of d10 pools, and the same three
built from the character sheet's Stat + Skill (seed 003)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, ClassVar

from .._check import CheckBase, FromSheet
from .._dist import Distribution, check_bound
from .._errors import LimitError
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import boolean, choice, integer
from .._words import Tally
from ._maths import _opposed_parts, _opposed_tally, _static_outcomes, _tally_for
from ._rules import (
    _AGAIN_WORDS,
    _BOTCH_FACES_WORDS,
    _BOTCH_WORDS,
    ACTIVE_WINS,
    AGAIN_VALUES,
    BOTCH_FACES,
    BOTCH_MODES,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    CRITICAL_SUCCESSES,
    DEFENDER_WINS,
    DIFFICULTIES,
    FAILURE,
    MAX_DC,
    MAX_DICE,
    MAX_OPPOSED_BOUND,
    MAX_OPPOSED_DICE,
    SUCCESS,
    SUCCESS_FACE,
    SYSTEM,
    TIE,
    Botch,
    _sheet_pool,
    dice_pool,
)

__all__ = ["Check", "Mitigated", "Opposed", "SkillCheck", "MitigatedSkill", "OpposedSkills"]


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


def _play_static(check: Any, dice: Dice, pool: int, need: int, extra: tuple[tuple[str, Any], ...]) -> Roll:
    """Roll the pool, then the botch die after a failure when ``botch`` calls for it; it
    botches on a face up to ``botch_faces``."""
    n = max(pool, 1)
    rolled, successes = _roll_pool(dice, n, check.again)
    success = successes >= need
    botched = False
    botch_die = None
    if not success and (check.botch == "failure" or (check.botch == "zero" and not successes)):
        botch_die = dice.next(10)
        botched = botch_die <= check.botch_faces
        note = "" if check.botch_faces == 1 else f"botches on {_BOTCH_FACES_WORDS[check.botch_faces - 1][1]}"
        rolled.append(Die(botch_die, 10, "botch check", "botch" if botched else "no botch", 0, note))
    if success:
        outcome = CRITICAL_SUCCESS if successes >= CRITICAL_SUCCESSES else SUCCESS
    else:
        outcome = CRITICAL_FAILURE if botched else FAILURE
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


def _again_param(label: str, die: str) -> Any:
    """The x-again field of a pool (a fresh dataclass field each call)."""
    return param(
        label,
        hint=f"{die} showing this or more rolls one more",
        low=min(AGAIN_VALUES),
        high=max(AGAIN_VALUES),
        options=_AGAIN_WORDS,
        default=10,
    )


# The fields several kinds of check share (each call of a partial is a fresh dataclass field).
_botch_param = partial(
    param,
    "Botch die",
    hint="which failures roll the extra d10 that can botch",
    options=_BOTCH_WORDS,
    default="failure",
)
_botch_faces_param = partial(
    param,
    "Botch die botches on",
    hint="faces counted up from 1; a power may make botches likelier",
    low=min(BOTCH_FACES),
    high=max(BOTCH_FACES),
    options=_BOTCH_FACES_WORDS,
    default=1,
)
_dc_param = partial(
    param,
    "Difficulty Check (DC)",
    hint="successes needed, set by the Storyteller",
    low=0,
    high=MAX_DC,
    default=1,
)
_exceed_param = partial(
    param, "Exceed the DC", hint="successes must beat the DC, as for Dispel Magic", default=False
)
_defence_param = partial(
    param, "Defense", hint="dice the target's Defense takes off your pool", low=0, default=0
)


def _stat_param(label: str, whose: str) -> Any:
    return param(label, hint=f"{whose} Stat for the action, such as Charisma", low=0)


def _skill_param(label: str, whose: str) -> Any:
    return param(label, hint=f"{whose} ranks in the Skill that applies, 0 if none", low=0)


def _modifier_param(label: str) -> Any:
    return param(label, hint="dice added less dice taken away (night, daylight ...)", default=0)


def _static_fields(check: Any) -> None:
    """Validate the fields ``Check`` and ``Mitigated`` share (the pool's and the botch die's)."""
    choice("again", check.again, AGAIN_VALUES)
    choice("botch", check.botch, BOTCH_MODES)
    choice("botch_faces", check.botch_faces, BOTCH_FACES)


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A static roll: a pool of ``dice`` d10 against a DC (Rolling the Dice, Static Rolls).

    Successes must meet ``dc``, or beat it with ``exceed=True`` (Dispel Magic).
    ``dice`` is the pool after bonuses and penalties: 0 or less rolls one die.
    Critical success needs a success and 5+ successes; after a failure the
    botch die is rolled as ``botch`` says: ``"failure"`` (any failure, default),
    ``"zero"`` (only 0 successes) or ``"none"`` (a power that ignores it). It
    botches on a 1, or on 1 to ``botch_faces`` for a power that makes botches
    likelier. From a character sheet: ``Check.skill(stat=, skill=, ...)``.
    Rulings: again-critical-success-needs-success, again-botch-after-any-failure,
    again-botch-powers, again-botch-ignore-timing, again-reroll-always-taken.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("successes", one="success")
    target: ClassVar[str] = "dc"
    dice: int = param(
        "Dice Pool", hint="d10s after bonuses and penalties (below one, roll one)", high=MAX_DICE
    )
    dc: int = _dc_param()
    again: int = _again_param("Re-roll on (x-again)", "a die")
    exceed: bool = _exceed_param()
    botch: Botch = _botch_param()
    botch_faces: int = _botch_faces_param()

    def __post_init__(self) -> None:
        integer("dice", self.dice, limit=MAX_DICE)
        boolean("exceed", self.exceed)
        integer("dc", self.dc, low=0 if self.exceed else 1, limit=MAX_DC)
        _static_fields(self)

    @classmethod
    def skill(cls, *, stat: int, skill: int, modifier: int = 0, **rules: Any) -> Check:
        """A static roll of Stat + Skill + ``modifier`` dice (``dice_pool``; Roll Types);
        ``rules`` are the other fields (``dc``, ``again``, ``exceed``, ``botch``,
        ``botch_faces``). Ruling again-sheet-pool.
        """
        pool = dice_pool(stat=stat, skill=skill, modifier=modifier)
        try:
            return cls(dice=pool, **rules)
        except LimitError as error:
            raise _too_large(_named("", stat=stat, skill=skill, modifier=modifier), error) from None

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
        return _static_outcomes(self.pool, self.again, self.needed, self.botch, self.botch_faces)

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Successes 0..bound and the exact tail above (default: tail below 10**-6)."""
        return _tally_for(self.pool, self.again, bound)

    def _play(self, dice: Dice) -> Roll:
        extra = (("difficulty", DIFFICULTIES.get(self.dc, "")),)
        return _play_static(self, dice, self.dice, self.needed, extra)


@dataclass(frozen=True, kw_only=True)
class Mitigated(CheckBase):
    """A mitigated roll: ``dice`` less the target's ``defence``, at least 1 die (Mitigated Rolls).

    The successes are the result (for example damage): 1 or more is a
    success, 5 or more a critical success, 0 a failure with the botch die
    (``botch`` and ``botch_faces`` as for ``Check``). From a character sheet:
    ``Mitigated.skill(stat=, skill=, weapon=, ...)``.
    Rulings: again-mitigated-result, again-pool-floor, again-botch-powers.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("successes", one="success")
    dice: int = param("Dice Pool", hint="d10s before the Defense is taken off", high=MAX_DICE)
    defence: int = _defence_param()
    again: int = _again_param("Re-roll on (x-again)", "a die")
    botch: Botch = _botch_param()
    botch_faces: int = _botch_faces_param()

    def __post_init__(self) -> None:
        integer("dice", self.dice, limit=MAX_DICE)
        integer("defence", self.defence, low=0)
        _static_fields(self)

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
            given = _named("", stat=stat, skill=skill, weapon=weapon, modifier=modifier)
            raise _too_large(given, error) from None

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
    guard's Perception is the active side. The result is binary: no critical
    success and no botch die. The tally is the active side's successes beyond
    the defender's (0 when the defender wins). Each pool rolls at least one die.
    From a character sheet: ``Opposed.skills(stat=, skill=, against_stat=, ...)``.
    Rulings: again-opposed-sides, again-opposed-binary.

    Exact: P(A > D) = sum_j P(D = j) P(A > j); past j = 0 each term is
    (r_A r_D)**j times a polynomial in j, summed in closed form.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("net successes", one="net success")
    dice: int = param(
        "Active Dice Pool",
        hint="the active side's d10s, perhaps the guard's Perception",
        high=MAX_OPPOSED_DICE,
    )
    against_dice: int = param(
        "Defending Dice Pool", hint="the defending side's d10s, who win ties", high=MAX_OPPOSED_DICE
    )
    again: int = _again_param("Active side's re-roll on (x-again)", "an active die")
    against_again: int = _again_param("Defending side's re-roll on (x-again)", "a defending die")

    def __post_init__(self) -> None:
        integer("dice", self.dice, limit=MAX_OPPOSED_DICE)
        integer("against_dice", self.against_dice, limit=MAX_OPPOSED_DICE)
        choice("again", self.again, AGAIN_VALUES)
        choice("against_again", self.against_again, AGAIN_VALUES)

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
        ``rules`` are ``again`` and ``against_again``. Ruling again-sheet-pool.
        """
        active = dice_pool(stat=stat, skill=skill, modifier=modifier)
        defending = _sheet_pool("against_", against_stat, against_skill, 0, against_modifier)
        try:
            return cls(dice=active, against_dice=defending, **rules)
        except LimitError as error:
            if active > MAX_OPPOSED_DICE:
                given = _named("", stat=stat, skill=skill, modifier=modifier)
            else:
                given = _named("against_", stat=against_stat, skill=against_skill, modifier=against_modifier)
            raise _too_large(given, error) from None

    def _key(self) -> tuple[int, int, int, int]:
        return max(self.dice, 1), self.again, max(self.against_dice, 1), self.against_again

    def success_from(self) -> int | None:
        """One net success: more than the defending side."""
        return 1

    def chance(self) -> Fraction:
        """P(the active side rolls more successes than the defending side)."""
        return _opposed_parts(*self._key())[0]

    def outcomes(self) -> Distribution:
        win, tie = _opposed_parts(*self._key())
        return Distribution(((DEFENDER_WINS, 1 - win - tie), (TIE, tie), (ACTIVE_WINS, win)))

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """Net successes of the active side 0..bound and the exact tail above."""
        if bound is not None:
            check_bound(bound, lowest=0, limit=MAX_OPPOSED_BOUND)
        return _opposed_tally(*self._key(), bound)

    def _play(self, dice: Dice) -> Roll:
        n, a, m, d = self._key()
        active, hits = _roll_pool(dice, n, a, "active ")
        defending, blocks = _roll_pool(dice, m, d, "defending ")
        outcome = ACTIVE_WINS if hits > blocks else TIE if hits == blocks else DEFENDER_WINS
        details = (
            ("active pool", n),
            ("active pool raised to 1 die", self.dice < 1),
            ("defending pool", m),
            ("defending pool raised to 1 die", self.against_dice < 1),
            ("active successes", hits),
            ("defending successes", blocks),
            ("margin", hits - blocks),
        )
        return Roll(
            SYSTEM,
            self.describe(),
            (*active, *defending),
            max(hits - blocks, 0),
            outcome,
            outcome == ACTIVE_WINS,
            self.outcomes()[outcome],
            details=details,
        )


# --- built from the character sheet ----------------------------------------------------------


def _named(side: str, **values: int) -> str:
    """The sheet entries that gave a pool, as written: "stat=3, skill=2 and modifier=0"."""
    parts = [f"{side}{name}={value!r}" for name, value in values.items()]
    return ", ".join(parts[:-1]) + f" and {parts[-1]}"


def _too_large(given: str, error: LimitError) -> LimitError:
    """A pool too large to compute, said with the sheet entries that gave it."""
    return LimitError(f"{given} give too large a pool: {error}")


def _sum(*terms: int) -> str:
    """How the sheet's numbers add up: "3 + 2 - 1 = 4"."""
    text = str(terms[0]) + "".join(f" - {-t}" if t < 0 else f" + {t}" for t in terms[1:])
    return f"{text} = {sum(terms)}"


class _Sheet(FromSheet):
    """An Again kind built from the character sheet: the plain check comes from its
    classmethod with every field by name, and a roll adds how the sheet made the pool."""

    def _entries(self) -> dict[str, Any]:
        """Every field by name: the keywords of the classmethod that builds the plain check."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True, kw_only=True)
class SkillCheck(_Sheet):
    """A static roll of Stat + Skill with flat fields (``again.skill`` for the command line and
    widgets): the same odds and rolls as ``Check.skill(...)``, the way to build one from a
    character sheet in Python (Roll Types, Static Rolls). Rulings: again-sheet-pool and those
    of ``Check``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("successes", one="success")
    target: ClassVar[str] = "dc"
    stat: int = _stat_param("Core Statistic", "the")
    skill: int = _skill_param("Skill ranks", "your")
    modifier: int = _modifier_param("Bonuses and penalties")
    dc: int = _dc_param()
    again: int = _again_param("Re-roll on (x-again)", "a die")
    exceed: bool = _exceed_param()
    botch: Botch = _botch_param()
    botch_faces: int = _botch_faces_param()

    def __post_init__(self) -> None:
        self._plain()

    def _plain(self) -> Check:
        return Check.skill(**self._entries())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        return (("stat + skill + modifier", _sum(self.stat, self.skill, self.modifier)),)


@dataclass(frozen=True, kw_only=True)
class MitigatedSkill(_Sheet):
    """A mitigated roll of Stat + Skill + weapon dice with flat fields (``again.mitigated_skill``
    for the command line and widgets): the same odds and rolls as ``Mitigated.skill(...)``
    (Mitigated Rolls). Rulings: again-sheet-pool and those of ``Mitigated``.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("successes", one="success")
    stat: int = _stat_param("Core Statistic", "the")
    skill: int = _skill_param("Skill ranks", "your")
    weapon: int = param("Base weapon dice", hint="the weapon's own dice, added to the blow", low=0, default=0)
    modifier: int = _modifier_param("Other bonuses and penalties")
    defence: int = _defence_param()
    again: int = _again_param("Re-roll on (x-again)", "a die")
    botch: Botch = _botch_param()
    botch_faces: int = _botch_faces_param()

    def __post_init__(self) -> None:
        self._plain()

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
    tally: ClassVar[Tally] = Tally("net successes", one="net success")
    stat: int = _stat_param("Active side's Core Statistic", "the active side's")
    skill: int = _skill_param("Active side's Skill ranks", "the active side's")
    modifier: int = _modifier_param("Active side's bonuses and penalties")
    again: int = _again_param("Active side's re-roll on (x-again)", "an active die")
    against_stat: int = _stat_param("Defending side's Core Statistic", "the defender's")
    against_skill: int = _skill_param("Defending side's Skill ranks", "the defender's")
    against_modifier: int = _modifier_param("Defending side's bonuses and penalties")
    against_again: int = _again_param("Defending side's re-roll on (x-again)", "a defending die")

    def __post_init__(self) -> None:
        self._plain()

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
