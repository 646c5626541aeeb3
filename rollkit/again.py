"""again: pools of d10 where 8+ succeeds and high faces roll again (seed 003).

Each die showing 8, 9 or 10 is one success. A die at or above the ``again``
value (10, or 9 / 8 with the powers that grant 9-again / 8-again) also adds a
new die, which counts and may roll again in turn, with no limit. A pool cut
below one die still rolls one die.

Exact maths, with ``r`` the chance that a die rolls again, ``q`` the chance
of a success that stops and ``f = 7/10`` the chance of a failure: one die's
successes have the generating function ``(f + q z) / (1 - r z)``, so a pool of
``n`` dice is a binomial count plus an independent negative binomial one. Its
probabilities follow a three-term recurrence in integers over powers of 10.
Opposed pools sum an infinite series in closed form (see ``Opposed``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import islice
from typing import Any, ClassVar, Literal, get_args

from ._check import CheckBase
from ._dist import TAIL_BELOW, Distribution, check_bound
from ._fields import param
from ._limits import Limit
from ._roll import Dice, Die, Roll
from ._rulings import Ruling
from ._validate import boolean, choice, integer

__all__ = [
    "Check", "Mitigated", "Opposed", "RULINGS", "CHECKS", "DIFFICULTIES", "OUTCOMES",
    "OPPOSED_OUTCOMES", "AGAIN_VALUES", "BOTCH_MODES", "SUCCESS_FACE", "CRITICAL_SUCCESSES",
    "BOTCH_FACE", "MAX_DICE", "MAX_DC", "MAX_BOUND", "MAX_OPPOSED_DICE", "MAX_OPPOSED_BOUND",
    "TAIL_BELOW", "SYSTEM", "LIMITS",
]

SYSTEM = "again"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
SUCCESS_FACE = 8
"""A die showing this or more is a success (Rolling the Dice)."""
AGAIN_VALUES = (10, 9, 8)
_AGAIN_WORDS = tuple((n, f"{n}-again") for n in AGAIN_VALUES)
"""10-again is the default; 9-again and 8-again come from powers."""
CRITICAL_SUCCESSES = 5
"""Successes that make a critical success (Critical Success)."""
BOTCH_FACE = 1
"""The botch die shows this for a critical failure (Critical Failure)."""
Botch = Literal["failure", "zero", "none"]
BOTCH_MODES: tuple[str, ...] = get_args(Botch)
"""When the botch die is rolled: after any failure, only after 0 successes, never."""
_BOTCH_WORDS = (("failure", "after any failure"), ("zero", "only with no successes"),
                ("none", "never"))
DIFFICULTIES: dict[int, str] = dict(
    enumerate(("Easy", "Moderate", "Challenging", "Hard", "Extremely Hard"), start=1))
"""The DC table of Static Rolls: DC value to its name."""

MAX_DICE = 1000
MAX_DC = 1000
MAX_BOUND = 2000
MAX_OPPOSED_DICE = 100
MAX_OPPOSED_BOUND = 400
LIMITS: tuple[Limit, ...] = (
    Limit(SYSTEM, "MAX_DICE", MAX_DICE,
          "Largest pool (``Check``, ``Mitigated``) whose exact odds rollkit computes."),
    Limit(SYSTEM, "MAX_DC", MAX_DC, "Largest DC whose exact odds rollkit computes."),
    Limit(SYSTEM, "MAX_BOUND", MAX_BOUND,
          "Largest ``bound`` accepted by ``Check`` / ``Mitigated`` ``distribution``."),
    Limit(SYSTEM, "MAX_OPPOSED_DICE", MAX_OPPOSED_DICE,
          "Largest pool on either side of an ``Opposed`` roll."),
    Limit(SYSTEM, "MAX_OPPOSED_BOUND", MAX_OPPOSED_BOUND,
          "Largest ``bound`` accepted by ``Opposed.distribution``."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS = (
    "critical failure", "failure", "success", "critical success")
OUTCOMES = (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)
"""Outcomes of ``Check`` and ``Mitigated``, worst to best."""
DEFENDER_WINS, TIE, ACTIVE_WINS = "defender wins", "tie: defender wins", "active side wins"
OPPOSED_OUTCOMES = (DEFENDER_WINS, TIE, ACTIVE_WINS)
"""Outcomes of ``Opposed`` from the active side's view, worst to best."""


# --- exact maths on one pool -------------------------------------------------------------

def _iter_weights(n: int, again: int) -> Iterator[int]:
    """Yield w_s with P(successes = s) = w_s / 10**(n + s) for s = 0, 1, 2, ...

    With f, q, r in tenths (7, again - 8, 11 - again), H = ((f + q z)/(1 - r z))**n
    satisfies (f + (q - f r) z - q r z**2) H' = n (q + r f) H, which gives a
    three-term recurrence; every division in it is exact.
    """
    qn, rn = again - 8, 11 - again
    a, b, c = n * (10 * qn + 7 * rn), 10 * qn - 7 * rn, 10 * qn * rn
    prev, cur, s = 0, 7**n, 0
    while True:
        yield cur
        prev, cur = cur, ((a - b * s) * cur + c * (s - 1) * prev) // (7 * (s + 1))
        s += 1


@lru_cache(maxsize=64)
def _weights(n: int, again: int, count: int) -> tuple[int, ...]:
    """The first ``count`` weights of ``_iter_weights``."""
    return tuple(islice(_iter_weights(n, again), count))


def _below(w: tuple[int, ...], t: int, top: int) -> int:
    """P(successes < t) as a weight over 10**(n + top), for t <= top + 1."""
    acc = 0
    for s in range(t):
        acc = acc * 10 + w[s]
    return acc * 10 ** (top - t + 1) if t else 0


@lru_cache(maxsize=1024)
def _default_bound(n: int, again: int) -> int:
    """Smallest B with P(successes > B) < TAIL_BELOW (exact integer test)."""
    acc, den = 0, 10 ** (n - 1)
    for s, w in enumerate(_iter_weights(n, again)):
        acc, den = acc * 10 + w, den * 10
        if (den - acc) * TAIL_BELOW.denominator < den:
            return s
    raise AssertionError("unreachable")  # pragma: no cover


@lru_cache(maxsize=32)
def _tally(n: int, again: int, bound: int) -> Distribution:
    """Successes 0..bound exactly, and the exact mass above ``bound``."""
    w = _weights(n, again, bound + 1)
    pairs = tuple((s, Fraction(w[s], 10 ** (n + s))) for s in range(bound + 1))
    den = 10 ** (n + bound)
    listed = _below(w, bound + 1, bound)
    return Distribution(pairs, Fraction(den - listed, den), f"{bound + 1} or more")


@lru_cache(maxsize=4096)
def _static_outcomes(n: int, again: int, need: int, botch: str) -> Distribution:
    """Critical failure / failure / success / critical success of a pool needing ``need``."""
    top = max(need, CRITICAL_SUCCESSES)
    w = _weights(n, again, top)
    den = 10 ** (n + top + 1)
    fail = _below(w, need, top + 1)
    below_top = _below(w, top, top + 1)
    eligible = {"failure": fail, "zero": w[0] * 10 ** (top + 1), "none": 0}[botch]
    botched = eligible // 10  # the botch die shows 1 once in 10
    return Distribution.from_weights(
        [(CRITICAL_FAILURE, botched), (FAILURE, fail - botched),
         (SUCCESS, below_top - fail), (CRITICAL_SUCCESS, den - below_top)], den)


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
            rolled.append(Die(face, 10, role, "success" if hit else "fail", int(hit),
                              f"{again}-again: roll another die" if more else ""))
        pending, role = rerolls, side + "reroll"
    return rolled, successes


# --- Check and Mitigated ---------------------------------------------------------------------

def _play_static(check: Any, dice: Dice, pool: int, need: int,
                 extra: tuple[tuple[str, Any], ...]) -> Roll:
    """Roll the pool, then the botch die after a failure when ``botch`` calls for it."""
    n = max(pool, 1)
    rolled, successes = _roll_pool(dice, n, check.again)
    success = successes >= need
    botch_die = None
    if not success and (check.botch == "failure" or (check.botch == "zero" and not successes)):
        botch_die = dice.next(10)
        rolled.append(Die(botch_die, 10, "botch check",
                          "botch" if botch_die == BOTCH_FACE else "no botch"))
    if success:
        outcome = CRITICAL_SUCCESS if successes >= CRITICAL_SUCCESSES else SUCCESS
    else:
        outcome = CRITICAL_FAILURE if botch_die == BOTCH_FACE else FAILURE
    details = (("pool", n), ("pool raised to 1 die", pool < 1), *extra,
               ("successes needed", need), ("botch die", botch_die))
    return Roll(SYSTEM, check.describe(), tuple(rolled), successes, outcome, success,
                check.outcomes()[outcome], details=details)


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
    dice: int = param("Dice Pool",
                      hint="d10s after bonuses and penalties (below one, roll one)",
                      high=MAX_DICE)
    dc: int = param("Difficulty Check (DC)", hint="successes needed, set by the Storyteller",
                    low=0, high=MAX_DC, default=1)
    again: int = param("Re-roll on (x-again)", hint="a die showing this or more rolls one more",
                       low=min(AGAIN_VALUES), high=max(AGAIN_VALUES), options=_AGAIN_WORDS,
                       default=10)
    exceed: bool = param("Exceed the DC", hint="successes must beat the DC, as for Dispel Magic",
                         default=False)
    botch: Botch = param("Botch die", hint="which failures roll the d10 that botches on a 1",
                         options=_BOTCH_WORDS, default="failure")

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
    dice: int = param("Dice Pool", hint="d10s before the Defense is taken off",
                      high=MAX_DICE)
    defence: int = param("Defense", hint="dice the target's Defense takes off your pool", low=0,
                         default=0)
    again: int = param("Re-roll on (x-again)", hint="a die showing this or more rolls one more",
                       low=min(AGAIN_VALUES), high=max(AGAIN_VALUES), options=_AGAIN_WORDS,
                       default=10)
    botch: Botch = param("Botch die", hint="which failures roll the d10 that botches on a 1",
                         options=_BOTCH_WORDS, default="failure")

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
        return _play_static(self, dice, self.dice - self.defence, 1,
                            (("defence", self.defence),))


def _tally_for(n: int, again: int, bound: int | None) -> Distribution:
    if bound is None:
        bound = _default_bound(n, again)
    return _tally(n, again, check_bound(bound, lowest=0, limit=MAX_BOUND))


# --- Opposed ---------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _omega(degree: int, ell: int) -> tuple[int, ...]:
    """Weights for an infinite sum: sum over j >= 1 of x**j P(j), x = ell/100.

    For any polynomial P of degree <= ``degree`` = K the sum equals
    sum_i omega_i P(1 + i) / (100 - ell)**(K + 1), from Newton's forward
    differences and sum_j C(j, k) x**j = x**k / (1 - x)**(k + 1).
    """
    rest = 100 - ell
    omega = [0] * (degree + 1)
    row = [1]
    for k in range(degree + 1):
        t = ell ** (k + 1) * rest ** (degree - k)
        for i, c in enumerate(row):
            omega[i] += c * t if (k - i) % 2 == 0 else -c * t
        row = [1, *(row[i] + row[i + 1] for i in range(k)), 1]
    return tuple(omega)


def _cross_sum(wd: tuple[int, ...], g: list[int] | tuple[int, ...], shift: int,
               n: int, m: int, ell: int) -> Fraction:
    """Sum over j >= 0 of d_j g_(j+shift) for d_j = wd[j]/10**(m+j), g_s = g[s]/10**(n+s).

    Both factors are a geometric times a polynomial for j >= 1 (degrees below
    m and n), so the sum past j = 0 is exact through ``_omega``.
    """
    degree = n + m - 2
    omega = _omega(degree, ell)
    acc = 0
    power = 1
    for i in range(degree, -1, -1):
        acc += omega[i] * wd[i + 1] * g[i + 1 + shift] * power
        power *= ell
    rest = 100 - ell
    head = Fraction(wd[0] * g[shift], 10 ** (m + n + shift))
    return head + Fraction(acc, rest ** (degree + 1) * ell ** (degree + 1) * 10 ** (m + n + shift))


def _survival(w: tuple[int, ...], n: int) -> list[int]:
    """P(successes > s) = out[s] / 10**(n + s) for each listed s."""
    out, acc, den = [], 0, 10**n
    for x in w:
        acc, den = acc * 10 + x, den * 10
        out.append(den // 10 - acc)
    return out


@lru_cache(maxsize=1024)
def _opposed_parts(n: int, a: int, m: int, d: int) -> tuple[Fraction, Fraction]:
    """(P(active > defending), P(tie)) for pools n (``a``-again) against m (``d``-again)."""
    ell = (11 - a) * (11 - d)
    count = n + m
    wa, wd = _weights(n, a, count), _weights(m, d, count)
    return (_cross_sum(wd, _survival(wa, n), 0, n, m, ell),
            _cross_sum(wd, wa, 0, n, m, ell))


@lru_cache(maxsize=32)
def _opposed_tally(n: int, a: int, m: int, d: int, bound: int | None) -> Distribution:
    """Net successes of the active side, max(0, A - D), to ``bound`` plus the exact tail."""
    win, _ = _opposed_parts(n, a, m, d)
    limit = _default_bound(n, a) if bound is None else bound
    ell = (11 - a) * (11 - d)
    wa, wd = _weights(n, a, n + m + limit + 1), _weights(m, d, n + m)
    pairs = [(0, 1 - win)]
    tail = win
    for k in range(1, limit + 1):
        if bound is None and tail < TAIL_BELOW:
            break
        p = _cross_sum(wd, wa, k, n, m, ell)
        pairs.append((k, p))
        tail -= p
    return Distribution(tuple(pairs), tail, f"{len(pairs)} or more")


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
    dice: int = param("Active Dice Pool",
                      hint="the active side's d10s, perhaps the guard's Perception",
                      high=MAX_OPPOSED_DICE)
    against_dice: int = param("Defending Dice Pool", hint="the defending side's d10s, who win"
                              " ties", high=MAX_OPPOSED_DICE)
    again: int = param("Active side's re-roll on (x-again)",
                       hint="an active die showing this or more rolls one more",
                       low=min(AGAIN_VALUES), high=max(AGAIN_VALUES), options=_AGAIN_WORDS,
                       default=10)
    against_again: int = param("Defending side's re-roll on (x-again)",
                               hint="a defending die showing this or more rolls one more",
                               low=min(AGAIN_VALUES), high=max(AGAIN_VALUES),
                               options=_AGAIN_WORDS, default=10)

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
        details = (("active pool", n), ("active pool raised to 1 die", self.dice < 1),
                   ("defending pool", m),
                   ("defending pool raised to 1 die", self.against_dice < 1),
                   ("active successes", hits), ("defending successes", blocks),
                   ("margin", hits - blocks))
        return Roll(SYSTEM, self.describe(), (*active, *defending), max(hits - blocks, 0),
                    outcome, outcome == ACTIVE_WINS, self.outcomes()[outcome], details=details)


CHECKS: dict[str, type] = {"check": Check, "mitigated": Mitigated, "opposed": Opposed}

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="again-reroll-adds-die", system=SYSTEM, section="Rolling the Dice",
        title="Rolling again adds a die",
        source="A die showing 10 (0 on the face) may be rolled again; powers widen this"
               " to 9s (9-again) or 8s (8-again).",
        ruling="The die that rolls again keeps its success and a new die is added; the"
               " new die counts on its own (8+ succeeds) and rolls again under the same"
               " again value.",
        why="Read as replacing the 10, rolling again would make a die worse: its success"
            " chance would fall from 3/10 to 2/9 (p = 2/10 + p/10). Adding a die gives"
            " 1/3 expected successes per die at 10-again, 3/8 at 9-again, 3/7 at 8-again.",
    ),
    Ruling(
        id="again-reroll-chain", system=SYSTEM, section="Rolling the Dice",
        title="Extra dice can roll again, without limit",
        source="The text does not say whether a die rolled again can itself roll again.",
        ruling="It can, without limit; rollkit never cuts the chain, and lists the"
               " infinite support of successes up to a bound with the exact tail.",
        why="A cap at one extra die would erase real odds: one die at 10-again reaches 3"
            " successes (10, 10, then 8+) with probability 3/1000, which a cap sets to 0.",
    ),
    Ruling(
        id="again-reroll-order", system=SYSTEM, section="Rolling the Dice",
        title="The order in which extra dice are rolled",
        source="The order in which extra dice are rolled is not given.",
        ruling="For the log and resolve(faces): the whole pool first, then one extra die"
               " for each die that rolled again, in order, wave after wave; for opposed"
               " rolls the active side's dice and extras come before the defender's.",
        why="The odds do not depend on the order, but a replay needs a fixed one; this is"
            " the order at the table (roll the pool, pick up the 10s, roll them).",
    ),
    Ruling(
        id="again-ten-shows-zero", system=SYSTEM, section="Rolling the Dice",
        title="The 0 on a d10 is a 10",
        source="A d10's 10 is printed as 0 on the die.",
        ruling="Faces are 1 to 10: give 10, not 0, to resolve(faces); 0 is refused.",
        why="The 0 face is the best face (a success that rolls again), not a face below 1;"
            " one spelling keeps logs and replays unambiguous.",
    ),
    Ruling(
        id="again-pool-floor", system=SYSTEM, section="Rolling the Dice; Mitigated Rolls",
        title="A pool never drops below one die",
        source="Penalties that would leave fewer than 1 die still leave a single die to"
               " roll; mitigated pools are said to be hard to bring to nothing.",
        ruling="dice may be 0 or negative (Check, Opposed), and dice - defence may fall"
               " below 1 (Mitigated): the pool rolled is then exactly 1 ordinary die,"
               " which succeeds on 8+ and rolls again as usual; details show"
               " 'pool raised to 1 die'.",
        why="The text names no special single die, so it works like any other: 3/10 for"
            " at least one success and 3/100000 for a critical success at 10-again.",
    ),
    Ruling(
        id="again-dc-range", system=SYSTEM, section="Static Rolls",
        title="DCs above 5, and DCs that must be beaten",
        source="The DC table runs from 1 (Easy) to 5 (Extremely Hard); Dispel Magic's"
               " number has to be beaten, not met.",
        ruling=f"dc may go above 5 (up to {MAX_DC}) without a name; exceed=True needs"
               " dc + 1 successes and then also allows dc=0.",
        why="The Storyteller picks the number and nothing caps it; a DC of 0 to meet"
            " would always pass, while 0 to beat means at least one success.",
    ),
    Ruling(
        id="again-critical-success-needs-success", system=SYSTEM,
        title="A critical success must first be a success",
        section="Critical Success; Static Rolls",
        source="Any roll of 5 or more successes is called a critical success.",
        ruling="A critical success is a success with 5 or more successes; 5 successes"
               " against a DC of 6 or more (or beating 5) are an ordinary failure.",
        why="Otherwise a failed roll could be critical: with 10 dice against DC 6,"
            " exactly 5 successes happens 12.57% of the time, more often than the"
            " 10.82% chance to pass at all.",
    ),
    Ruling(
        id="again-botch-after-any-failure", system=SYSTEM, section="Critical Failure",
        title="Every failure rolls the botch die",
        source="0 successes is first described as a plain failure, then every failure is"
               " said to call for one extra d10, a 1 on it being a botch.",
        ruling="By default (botch='failure') every failed roll rolls the botch die, 2"
               " successes against DC 4 included; botch='zero' rolls it only after 0"
               " successes. The botch die is logged with role 'botch check'.",
        why="The two readings differ a lot: 5 dice against DC 4 botch 9.24% of the time"
            " after any failure but 1.68% (0.7**5 / 10) after 0 successes only.",
    ),
    Ruling(
        id="again-botch-powers", system=SYSTEM, section="Critical Failure",
        title="Botch powers: only skipping the botch die is modelled",
        source="Some abilities (luck powers are the example) skip the botch roll or make"
               " botches likelier or worse, with no numbers given.",
        ruling="botch='none' skips the botch die; powers that raise the botch chance or"
               " its severity are not modelled.",
        why="Without numbers there is nothing exact to compute; the switch covers the"
            " one effect that is fully stated (ignoring the roll).",
    ),
    Ruling(
        id="again-mitigated-result", system=SYSTEM, section="Mitigated Rolls",
        title="A mitigated roll succeeds on one success",
        source="The defence (e.g. Physical Defense) is taken off the pool and the"
               " successes are the result, such as damage; no threshold is given.",
        ruling="Mitigated: 1 or more successes is a success, 5 or more a critical"
               " success, 0 a failure that rolls the botch die (unless botch='none').",
        why="Damage of 0 is the only result that does nothing; e.g. 4 dice against"
            " defence 2 roll 2 dice: 49/100 no damage, 49/1000 of it a botch.",
    ),
    Ruling(
        id="again-opposed-sides", system=SYSTEM, section="Opposed Rolls",
        title="The active side and the defender in an opposed roll",
        source="Ties favour the defending side; in the stealth example the one sneaking"
               " defends and the guard's Perception is the offensive roll.",
        ruling="Opposed takes the active (offensive) side as dice/again and the"
               " defending side as against_dice/against_again; chance() is the active"
               " side's chance to roll strictly more successes.",
        why="Ties are common: 4 dice against 4 dice tie 26.93% of the time, so the"
            " defender wins 63.46% and the active side only 36.54%.",
    ),
    Ruling(
        id="again-opposed-binary", system=SYSTEM, section="Opposed Rolls; Critical Rolls",
        title="Opposed rolls only win or lose",
        source="Opposed results are win or lose; critical rules speak of a roll's own"
               " successes and failures.",
        ruling="Opposed rolls have no critical success and no botch die; the tally is the"
               " active side's successes beyond the defender's (0 when the defender wins),"
               " and both counts and the signed margin are in the details.",
        why="The margin falls without bound on both sides, while an exact tail can only"
            " cover one side; the binary result needs nothing below 0.",
    ),
)
