"""The again checks: static, mitigated and opposed rolls of d10 pools (seed 003)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from .._check import CheckBase
from .._dist import Distribution, check_bound
from .._fields import param
from .._roll import Dice, Die, Roll
from .._validate import boolean, choice, integer
from ._maths import _opposed_parts, _opposed_tally, _static_outcomes, _tally_for
from ._rules import (
    _AGAIN_WORDS,
    _BOTCH_WORDS,
    ACTIVE_WINS,
    AGAIN_VALUES,
    BOTCH_FACE,
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
)

__all__ = ["Check", "Mitigated", "Opposed"]


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
                )
            )
        pending, role = rerolls, side + "reroll"
    return rolled, successes


# --- Check and Mitigated ---------------------------------------------------------------------


def _play_static(check: Any, dice: Dice, pool: int, need: int, extra: tuple[tuple[str, Any], ...]) -> Roll:
    """Roll the pool, then the botch die after a failure when ``botch`` calls for it."""
    n = max(pool, 1)
    rolled, successes = _roll_pool(dice, n, check.again)
    success = successes >= need
    botch_die = None
    if not success and (check.botch == "failure" or (check.botch == "zero" and not successes)):
        botch_die = dice.next(10)
        rolled.append(Die(botch_die, 10, "botch check", "botch" if botch_die == BOTCH_FACE else "no botch"))
    if success:
        outcome = CRITICAL_SUCCESS if successes >= CRITICAL_SUCCESSES else SUCCESS
    else:
        outcome = CRITICAL_FAILURE if botch_die == BOTCH_FACE else FAILURE
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


def _botch_param() -> Any:
    """The botch-die field (a fresh dataclass field each call)."""
    return param(
        "Botch die",
        hint="which failures roll the d10 that botches on a 1",
        options=_BOTCH_WORDS,
        default="failure",
    )


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A static roll: a pool of ``dice`` d10 against a DC (Rolling the Dice, Static Rolls).

    Successes must meet ``dc``, or beat it with ``exceed=True`` (Dispel Magic).
    ``dice`` is the pool after bonuses and penalties: 0 or less rolls one die.
    Critical success needs a success and 5+ successes; after a failure the
    botch die (a 1 botches) is rolled as ``botch`` says: ``"failure"`` (any
    failure, default), ``"zero"`` (only 0 successes) or ``"none"``.
    Rulings: again-critical-success-needs-success, again-botch-after-any-failure.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "successes"
    target: ClassVar[str] = "dc"
    dice: int = param(
        "Dice Pool", hint="d10s after bonuses and penalties (below one, roll one)", high=MAX_DICE
    )
    dc: int = param(
        "Difficulty Check (DC)",
        hint="successes needed, set by the Storyteller",
        low=0,
        high=MAX_DC,
        default=1,
    )
    again: int = _again_param("Re-roll on (x-again)", "a die")
    exceed: bool = param(
        "Exceed the DC", hint="successes must beat the DC, as for Dispel Magic", default=False
    )
    botch: Botch = _botch_param()

    def __post_init__(self) -> None:
        integer("dice", self.dice, limit=MAX_DICE)
        boolean("exceed", self.exceed)
        integer("dc", self.dc, low=0 if self.exceed else 1, limit=MAX_DC)
        choice("again", self.again, AGAIN_VALUES)
        choice("botch", self.botch, BOTCH_MODES)

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
        return _static_outcomes(self.pool, self.again, self.needed, self.botch)

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
    success, 5 or more a critical success, 0 a failure with the botch die.
    Rulings: again-mitigated-result, again-pool-floor.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "successes"
    dice: int = param("Dice Pool", hint="d10s before the Defense is taken off", high=MAX_DICE)
    defence: int = param("Defense", hint="dice the target's Defense takes off your pool", low=0, default=0)
    again: int = _again_param("Re-roll on (x-again)", "a die")
    botch: Botch = _botch_param()

    def __post_init__(self) -> None:
        integer("dice", self.dice, limit=MAX_DICE)
        integer("defence", self.defence, low=0)
        choice("again", self.again, AGAIN_VALUES)
        choice("botch", self.botch, BOTCH_MODES)

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
        return _static_outcomes(self.pool, self.again, 1, self.botch)

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
    Rulings: again-opposed-sides, again-opposed-binary.

    Exact: P(A > D) = sum_j P(D = j) P(A > j); past j = 0 each term is
    (r_A r_D)**j times a polynomial in j, summed in closed form.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "net successes"
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
