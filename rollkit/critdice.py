"""critdice: d12 pools against a Success Number, with chains of Critical Dice (seed 004).

Each standard die at or above the Success Number (SN, default 8) is one
success, a 1 takes one away, and a 12 also rolls a Critical Die. A critical
die adds 1 success below the SN and 2 at or above it, and each 12 on it rolls
one more, with no limit. Legendary ranks and Focus points move standard dice
by one point each after the roll and before the critical dice.

Exact maths: one critical die's successes have the generating function
``C(z) = A(z) / (1 - z**v / 12)`` (``A`` the faces 1..11, ``v`` what a 12
counts), so a roll is a table of (base successes, critical dice) from the
standard dice, then a Horner sum in ``C(z)``: integers over powers of 12.
With points to spend, the adjustment policy (``best_adjustments``) depends
only on the sorted costs of the few dice it could raise, so the odds sum
over those cost profiles instead of over every face combination.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from math import comb
from typing import Any, ClassVar

from ._check import CheckBase
from ._dist import TAIL_BELOW, Distribution, check_bound
from ._errors import LimitError, ParameterTypeError, RulesError
from ._fields import param
from ._limits import Limit
from ._roll import Dice, Die, Roll
from ._rulings import Ruling
from ._validate import boolean, describe, integer

__all__ = [
    "Check", "SkillCheck", "StatCheck", "skill_pool", "stat_pool", "best_adjustments",
    "RULINGS", "CHECKS", "OUTCOMES", "SIDES", "DEFAULT_SN", "MIN_SN", "MAX_SN", "MAX_DICE",
    "MAX_ADJUSTED_DICE", "MAX_POINTS", "MAX_CRITICAL", "MAX_BOUND", "TAIL_BELOW",
    "PHYSICAL_STANDARD_DICE", "PHYSICAL_CRITICAL_DICE", "SYSTEM", "LIMITS",
]

SYSTEM = "critdice"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
SIDES = 12
"""Standard and critical dice are d12."""
DEFAULT_SN = 8
"""The Success Number unless the Story Guide sets another (Determine Success Number)."""
MIN_SN = 2
"""A 1 is always a Fail, so the lowest meaningful SN is 2 (ruling critdice-sn-range)."""
MAX_SN = 24
PHYSICAL_STANDARD_DICE, PHYSICAL_CRITICAL_DICE = 9, 3
"""The dice a player owns (Creating Dice Pool): not a cap on pools (critdice-pool-size)."""
MAX_DICE = 100
MAX_ADJUSTED_DICE = 30
MAX_POINTS = 10
MAX_CRITICAL = 100
MAX_BOUND = 1000
LIMITS: tuple[Limit, ...] = (
    Limit(SYSTEM, "MAX_SN", MAX_SN, "Highest SN accepted; every SN above 12 plays the same"
          " (ruling critdice-sn-above-12)."),
    Limit(SYSTEM, "MAX_DICE", MAX_DICE,
          "Largest standard pool whose exact odds rollkit computes with no points to spend."),
    Limit(SYSTEM, "MAX_ADJUSTED_DICE", MAX_ADJUSTED_DICE, "Largest standard pool whose exact"
          " odds rollkit computes with Legendary or Focus points."),
    Limit(SYSTEM, "MAX_POINTS", MAX_POINTS,
          "Largest ``legendary + focus`` whose exact odds rollkit computes."),
    Limit(SYSTEM, "MAX_CRITICAL", MAX_CRITICAL,
          "Most critical dice an ability may put in the pool from the start."),
    Limit(SYSTEM, "MAX_BOUND", MAX_BOUND, "Largest ``bound`` accepted by ``distribution``."),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS = (
    "critical failure", "failure", "success", "critical success")
OUTCOMES = (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)
"""Worst to best; "critical success" is a success with a 12 among the standard dice."""


# --- the shape of one SN ---------------------------------------------------------------------

@dataclass(frozen=True)
class _Shape:
    """What the faces of a d12 do at one SN (SN above 12 all share one shape).

    Low dice (faces 2..SN-1) can be raised to the SN for +1 at cost SN - face;
    high dice (faces SN..11, or 2..11 when SN > 12) can be raised to 12 for a
    critical die at cost 12 - face; a low die raised to 12 costs ``gap`` more
    than raising it to the SN. ``worth_*`` are 11 times the expected gains.
    """

    sn: int  # 13 stands for every SN above 12
    low: int  # faces below the SN that can reach it (2..SN-1)
    high: int  # faces other than 12 that count all they can short of a 12
    high_value: int  # what a high face counts
    twelve_value: int  # what a standard 12 counts besides its critical die
    gap: int  # 12 - SN: from the SN on to 12
    crit_ones: int  # critical-die faces 1..11 worth 1 success
    crit_twos: int  # critical-die faces 1..11 worth 2 successes
    crit_twelve: int  # what a 12 on a critical die counts
    worth_success: int  # 11 x the gain of one more success
    worth_critical: int  # 11 x the expected gain of one critical die


@lru_cache(maxsize=None)
def _shape(sn: int) -> _Shape:
    if sn > SIDES:
        return _Shape(13, 0, 10, 0, 0, 0, 11, 0, 1, 11, 12)
    return _Shape(sn, sn - 2, 12 - sn, 1, 1, 12 - sn, sn - 1, 12 - sn, 2, 11, 25 - sn)


# --- the adjustment policy ---------------------------------------------------------------------

def _prefix(costs: Iterable[int], budget: int) -> tuple[int, ...]:
    """Prefix sums of sorted ``costs`` while they stay within ``budget`` (starting at 0)."""
    sums = [0]
    for c in costs:
        if sums[-1] + c > budget:
            break
        sums.append(sums[-1] + c)
    return tuple(sums)


def _choose(low: tuple[int, ...], high: tuple[int, ...], budget: int,
            shape: _Shape) -> tuple[int, int, int]:
    """The best (raised to SN or more, raised to 12, points spent) for two prefix-sum lists.

    For each count m of low dice raised (cheapest first), the rest of the
    budget buys as many critical dice as it can: high dice first (cheapest
    first, each costs at most ``gap``), then low dice already raised moved on
    to 12 for ``gap`` each. Best expected total, then fewest points, then
    most critical dice (ruling critdice-policy).
    """
    full = len(high) - 1
    best: tuple[tuple[int, int, int], int, int, int] | None = None
    for m, spent in enumerate(low):
        rest = budget - spent
        crits = bisect.bisect_right(high, rest) - 1
        if crits == full:
            crits += m if shape.gap == 0 else min(m, (rest - high[full]) // shape.gap)
        cost = spent + high[min(crits, full)] + shape.gap * max(0, crits - full)
        key = (shape.worth_success * m + shape.worth_critical * crits, -cost, crits)
        if best is None or key > best[0]:
            best = (key, m, crits, cost)
    assert best is not None
    return best[1], best[2], best[3]


def _plan(faces: tuple[int, ...], shape: _Shape, legendary: int,
          focus: int) -> tuple[tuple[int, int, int, str], ...]:
    """One step per point: (die number from 1, face before, face after, "Legendary"/"Focus")."""
    budget = legendary + focus
    if budget == 0:
        return ()
    lows = sorted((shape.sn - f, i) for i, f in enumerate(faces) if 2 <= f < 2 + shape.low)
    highs = sorted((SIDES - f, i) for i, f in enumerate(faces) if SIDES - shape.high <= f < SIDES)
    m, crits, _ = _choose(_prefix((c for c, _ in lows), budget),
                          _prefix((c for c, _ in highs), budget), budget, shape)
    from_high = min(crits, len(highs))
    target: dict[int, int] = {i: SIDES for _, i in highs[:from_high]}
    for k, (_, i) in enumerate(lows[:m]):
        target[i] = SIDES if k < crits - from_high else shape.sn
    steps: list[tuple[int, int, int, str]] = []
    for i in sorted(target):
        for face in range(faces[i], target[i]):
            source = "Legendary" if len(steps) < legendary else "Focus"
            steps.append((i + 1, face, face + 1, source))
    return tuple(steps)


def best_adjustments(*, faces: tuple[int, ...], sn: int = DEFAULT_SN, legendary: int = 0,
                     focus: int = 0) -> tuple[tuple[int, int, int, str], ...]:
    """How rollkit spends Legendary ranks and Focus on rolled standard ``faces``.

    Each step moves one die up one point: (die number from 1, before, after,
    "Legendary" or "Focus"), Legendary first. The plan maximises the expected
    total (Use Legendary Status, Use Focus; ruling critdice-policy).
    """
    if isinstance(faces, (str, bytes)) or not isinstance(faces, (tuple, list)):
        raise ParameterTypeError(
            f"faces={describe(faces)} is not allowed: faces must be a sequence of whole numbers")
    for i, f in enumerate(faces):
        integer(f"faces[{i}]", f, low=1, high=SIDES)
    _sn(sn)
    integer("legendary", legendary, low=0)
    integer("focus", focus, low=0)
    return _plan(tuple(faces), _shape(min(sn, 13)), legendary, focus)


# --- exact odds ------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _profiles(kinds: int, budget: int, n: int) -> tuple[dict[tuple[int, ...], int], ...]:
    """For k = 0..n dice, each showing one of ``kinds`` faces with costs 1..kinds:
    the number of face sequences per profile (sorted costs the budget can cover).

    Cost groups are taken cheapest first; C(j + k, k) places k new dice among j.
    Once a group cannot be afforded, the remaining faces only fill places.
    """
    alive: dict[tuple[int, tuple[int, ...]], int] = {(0, ()): 1}
    done: dict[tuple[int, tuple[int, ...], int], int] = defaultdict(int)
    for cost in range(1, kinds + 1):
        grown: dict[tuple[int, tuple[int, ...]], int] = defaultdict(int)
        for (j, prof), w in alive.items():
            room = (budget - sum(prof)) // cost
            if room == 0:
                done[j, prof, kinds - cost + 1] += w
                continue
            for k in range(n - j + 1):
                grown[j + k, prof + (cost,) * min(k, room)] += w * comb(j + k, k)
        alive = grown
    for (j, prof), w in alive.items():
        done[j, prof, 0] += w
    out: list[dict[tuple[int, ...], int]] = [defaultdict(int) for _ in range(n + 1)]
    for (j, prof, faces), w in done.items():
        for k in range(n - j + 1 if faces else 1):
            out[j + k][prof] += w * comb(j + k, k) * faces**k
    return tuple(dict(d) for d in out)


@lru_cache(maxsize=128)
def _pool_weights(n: int, sn: int, budget: int) -> dict[tuple[int, int], int]:
    """(base successes, critical dice from 12s) -> number of face sequences, over 12**n.

    Only pairs with at least one face sequence are keys.
    """
    if budget == 0:
        return _unadjusted_weights(n, sn)
    return _policy_weights(n, sn, budget)


def _times_poly(poly: list[int], factor: list[int]) -> list[int]:
    """poly * factor, coefficients lowest first."""
    if len(factor) == 3:  # faces worth -1, 0 and +1: one pass
        c0, c1, c2 = factor
        pad = [0, 0, *poly, 0, 0]
        return [c0 * a + c1 * b + c2 * c for a, b, c in zip(pad[2:], pad[1:], pad)]
    size = len(poly)
    out = [0] * (size + len(factor) - 1)
    for j, c in enumerate(factor):
        if c:
            out[j:j + size] = [o + c * x for o, x in zip(out[j:j + size], poly)]
    return out


def _unadjusted_weights(n: int, sn: int) -> dict[tuple[int, int], int]:
    """``_pool_weights`` with no points to spend, so no policy: plain counting.

    With k twelves among the n dice (C(n, k) places), each other die shows
    one of the faces 1..11, so their base successes are the coefficients of
    F(z)**(n - k), F(z) = the sum of z**value over those faces (values from
    ``_face_count``, the same function that scores a rolled die).
    """
    shape = _shape(sn)
    values = [_face_count(face, sn, shape)[1] for face in range(1, SIDES)]
    least = min(values)
    face_poly = [0] * (max(values) - least + 1)
    for value in values:
        face_poly[value - least] += 1
    twelve = _face_count(SIDES, sn, shape)[1]
    powers = [[1]]  # F(z)**m / z**(m * least) for m = 0..n
    for _ in range(n):
        powers.append(_times_poly(powers[-1], face_poly))
    out: dict[tuple[int, int], int] = {}
    for k in range(n + 1):
        first = (n - k) * least + k * twelve
        place = comb(n, k)
        for i, w in enumerate(powers[n - k]):
            if w:
                out[first + i, k] = place * w
    return out


def _policy_weights(n: int, sn: int, budget: int) -> dict[tuple[int, int], int]:
    """``_pool_weights`` with the adjustment policy applied to every roll.

    Dice split into 1s, low, high and 12s (multinomial); the policy's
    (m, crits) depends only on the low and high cost profiles.
    """
    shape = _shape(sn)
    lows, highs = _profiles(shape.low, budget, n), _profiles(shape.high, budget, n)
    low_sums = {p: _prefix(p, budget) for d in lows for p in d}
    high_sums = {p: _prefix(p, budget) for d in highs for p in d}
    picks = {(a, b): _choose(sa, sb, budget, shape)[:2]
             for a, sa in low_sums.items() for b, sb in high_sums.items()}
    by_low: dict[tuple[tuple[int, ...], int], dict[tuple[int, int], int]] = {}
    for n_high, dh in enumerate(highs):
        for a in low_sums:
            acc: dict[tuple[int, int], int] = defaultdict(int)
            for b, w in dh.items():
                acc[picks[a, b]] += w
            by_low[a, n_high] = acc
    out: dict[tuple[int, int], int] = defaultdict(int)
    for n_low, dl in enumerate(lows):
        for n_high in range(n - n_low + 1):
            both: dict[tuple[int, int], int] = defaultdict(int)
            for a, wa in dl.items():
                for mc, w in by_low[a, n_high].items():
                    both[mc] += wa * w
            rest = n - n_low - n_high
            place = comb(n, n_low) * comb(n - n_low, n_high)
            for (m, crits), w in both.items():
                for twelves in range(rest + 1):
                    base = shape.high_value * n_high + shape.twelve_value * twelves \
                        - (rest - twelves) + m
                    out[base, twelves + crits] += place * comb(rest, twelves) * w
    return dict(out)


def _times_chain(poly: list[int], shape: _Shape) -> list[int]:
    """Multiply by one critical die's C(z) (coefficients scaled by 12**index), same length."""
    a1, a2, v = shape.crit_ones, 12 * shape.crit_twos, shape.crit_twelve
    q = 12 ** (v - 1)
    out = [0] * len(poly)
    for i in range(len(poly) - 1, 0, -1):
        out[i] = a1 * poly[i - 1] + (a2 * poly[i - 2] if i >= 2 else 0)
    for i in range(v, len(out)):
        out[i] += q * out[i - v]
    return out


@lru_cache(maxsize=32)
def _totals(n: int, sn: int, budget: int, critical: int, size: int,
            plain: bool = False) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(low, W, V) with P(total = t) = W[t - low] / 12**(n + t - low) for t < low + size.

    ``low`` is the lowest base. One Horner pass in C(z): the sum over k of
    P_k(z) C(z)**k, times C(z)**critical; with ``plain``, V is the same for
    the rolls with no standard 12 (k = 0 alone), else empty. A smaller size
    gives a prefix of the same numbers, so callers share a size and slice.
    Each critical die adds at least 1, so terms that cannot land below
    ``low + size`` are skipped, which is exact.
    """
    shape = _shape(sn)
    weights = _pool_weights(n, sn, budget)
    low = min(base for base, _ in weights)
    reach = size - critical
    polys: dict[int, list[int]] = {}
    for (base, k), w in weights.items():
        i = base - low
        if i + k < reach:
            poly = polys.get(k)
            if poly is None:
                poly = polys[k] = [0] * size
            poly[i] += w * 12**i
    top = max(polys, default=0)
    acc = polys.get(top) or [0] * size
    for k in range(top - 1, -1, -1):
        acc = _times_chain(acc, shape)
        if k in polys:
            acc = [x + y for x, y in zip(acc, polys[k])]
    rest = (polys.get(0) or [0] * size) if plain else []
    for _ in range(critical):
        acc = _times_chain(acc, shape)
        if plain:
            rest = _times_chain(rest, shape)
    return low, tuple(acc), tuple(rest)


def _first_size(n: int, critical: int) -> int:
    """The first size ``_default_bound`` tries; it doubles it until the tail is small."""
    return 3 * n + 3 * critical + 24


@lru_cache(maxsize=1024)
def _outcomes(n: int, sn: int, budget: int, critical: int) -> Distribution:
    """Critical failure (total < 0), failure (0), success (1+, no 12), critical success."""
    weights = _pool_weights(n, sn, budget)
    low = min(base for base, _ in weights)
    _, every, plain = _totals(n, sn, budget, critical, 1 - low, True)
    den = 12 ** (n - low)
    below = sum(w * 12 ** (-low - i) for i, w in enumerate(every[:-1]))
    plain_total = sum(w for (_, k), w in weights.items() if k == 0)
    plain_up = plain_total * 12 ** -low - sum(w * 12 ** (-low - i) for i, w in enumerate(plain))
    # a dict, not a list of pairs: from_weights then skips a slow first isinstance(Mapping)
    return Distribution.from_weights(
        {CRITICAL_FAILURE: below, FAILURE: every[-1], SUCCESS: plain_up,
         CRITICAL_SUCCESS: den - below - every[-1] - plain_up}, den)


@lru_cache(maxsize=1024)
def _default_bound(n: int, sn: int, budget: int, critical: int) -> int:
    """Smallest bound whose tail is below TAIL_BELOW (exact integer test)."""
    size = _first_size(n, critical)
    while True:
        low, w, _ = _totals(n, sn, budget, critical, size)
        cum = 0
        for i, x in enumerate(w):
            cum = cum * 12 + x
            den = 12 ** (n + i)
            if (den - cum) * TAIL_BELOW.denominator < den * TAIL_BELOW.numerator:
                return low + i
        size *= 2


def _lowest(n: int, sn: int, budget: int, critical: int) -> tuple[int, int]:
    """(lowest base, lowest total): every critical die adds at least 1."""
    weights = _pool_weights(n, sn, budget)
    return min(b for b, _ in weights), min(b + k for b, k in weights) + critical


@lru_cache(maxsize=64)
def _tally(n: int, sn: int, budget: int, critical: int, bound: int) -> Distribution:
    """Totals from the lowest reachable one to ``bound``, and the exact mass above."""
    low, start = _lowest(n, sn, budget, critical)
    need = bound - low + 1
    size = _first_size(n, critical)  # the sizes _default_bound uses, so its pass is reused
    while size < need:
        size *= 2
    w = _totals(n, sn, budget, critical, size)[1][:need]
    pairs, cum = [], 0
    for i, x in enumerate(w):
        cum = cum * 12 + x
        if low + i >= start:
            pairs.append((low + i, Fraction(x, 12 ** (n + i))))
    den = 12 ** (n + len(w) - 1)
    return Distribution(tuple(pairs), Fraction(den - cum, den), f"{bound + 1} or more")


# --- parameters and pools ----------------------------------------------------------------------

def _sn(sn: Any) -> int:
    return integer("sn", sn, low=MIN_SN, high=MAX_SN, allowed=(
        f"a whole number from {MIN_SN} to {MAX_SN} (a 1 is always a Fail;"
        " every SN above 12 plays the same)"))


def skill_pool(*, rank: int, stats: tuple[int, ...], weapon_bonus: int = 0,
               untrained_allowed: bool = True) -> int:
    """Standard dice for a skill check (Creating Dice Pool).

    Rank 1+: rank plus the higher of the relevant ``stats`` (one or two),
    plus weapon bonus dice up to the rank. Rank 0: the lower stat alone, no
    weapon dice, and refused for skills with ``untrained_allowed=False``.
    Rulings: critdice-skill-stats, critdice-weapon-cap.
    """
    integer("rank", rank, low=0)
    if isinstance(stats, (str, bytes)) or not isinstance(stats, (tuple, list)):
        raise ParameterTypeError(f"stats={describe(stats)} is not allowed: stats must be a"
                                 " tuple of one or two whole numbers")
    if not 1 <= len(stats) <= 2:
        raise RulesError(f"stats={describe(stats)} is not allowed: stats must hold one or two"
                         " relevant stats")
    for i, s in enumerate(stats):
        integer(f"stats[{i}]", s, low=0)
    integer("weapon_bonus", weapon_bonus, low=0)
    boolean("untrained_allowed", untrained_allowed)
    if rank == 0:
        if not untrained_allowed:
            raise RulesError("rank=0 is not allowed: this skill needs rank 1 or more"
                             " (untrained_allowed=False)")
        return min(stats)
    return rank + max(stats) + min(weapon_bonus, rank)


def stat_pool(*, stat: int) -> int:
    """Standard dice for a stat check: the stat itself (Creating Dice Pool)."""
    return integer("stat", stat, low=0)


# --- checks ------------------------------------------------------------------------------------

def _face_count(face: int, sn: int, shape: _Shape) -> tuple[str, int]:
    if face == 1:
        return "fail", -1
    if face == SIDES:
        return "critical success", shape.twelve_value
    return ("success", 1) if face >= sn else ("nothing", 0)


def _steps_note(steps: list[tuple[int, int, int, str]]) -> str:
    legendary = sum(s[3] == "Legendary" for s in steps)
    spent = ", ".join(f"{n} {name}" for n, name in
                      ((legendary, "Legendary"), (len(steps) - legendary, "Focus")) if n)
    return f"raised {steps[0][1]} -> {steps[-1][2]} ({spent})"


# The fields every kind of check shares (a fresh dataclass field each call).
_sn_param = partial(param, "Success Number (SN)", hint="a die at or above this is a Success",
                    low=MIN_SN, high=MAX_SN, default=DEFAULT_SN)
_legendary_param = partial(param, "Legendary Ranks", hint="each moves one die a point up or down",
                           low=0, high=MAX_POINTS, default=0)
_focus_param = partial(param, "Focus", hint="Mind points spent to move dice a point each", low=0,
                       high=MAX_POINTS, default=0)


@dataclass(frozen=True, kw_only=True)
class Check(CheckBase):
    """A dice check: ``dice`` standard d12 against the SN ``sn`` (Dice Checks).

    Each die at or above the SN is a success, a 1 a Fail (-1), a 12 also rolls
    a critical die (1 success below the SN, 2 at or above; a 12 rolls one
    more). ``legendary`` ranks and ``focus`` points move standard dice one
    point each before the critical dice, spent by ``best_adjustments``;
    ``critical`` is critical dice an ability adds. Total 1+ succeeds, 0 fails,
    below 0 is a critical failure. Rulings: every ``critdice-*`` entry.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    dice: int = param("Dice Pool", hint="Standard Dice (d12) rolled", low=0, high=MAX_DICE)
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()
    critical: int = param("Critical Dice", hint="Critical Dice an Ability adds from the start",
                          low=0, high=MAX_CRITICAL, default=0)

    def __post_init__(self) -> None:
        integer("dice", self.dice, low=0, limit=MAX_DICE)
        _sn(self.sn)
        integer("legendary", self.legendary, low=0, limit=MAX_POINTS)
        integer("focus", self.focus, low=0, limit=MAX_POINTS)
        integer("critical", self.critical, low=0, limit=MAX_CRITICAL)
        points = self.legendary + self.focus
        if points > MAX_POINTS:
            raise LimitError(f"legendary+focus={points} is too large: rollkit computes exact"
                             f" odds for legendary+focus up to {MAX_POINTS}")
        if points and self.dice > MAX_ADJUSTED_DICE:
            raise LimitError(f"dice={self.dice} is too large: with Legendary or Focus points"
                             f" rollkit computes exact odds for dice up to {MAX_ADJUSTED_DICE}")

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
                rolled.append(Die(face, SIDES, "critical",
                                  "double success" if double else "success", 1 + double,
                                  "12: roll another critical die" if face == SIDES else ""))
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
        return Roll(SYSTEM, self.describe(), tuple(rolled), total, outcome, total >= 1,
                    self.outcomes()[outcome], details=details)


class _Pooled(CheckBase):
    """A check whose pool comes from a rule (skill, stat): everything goes to its ``Check``."""

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


def _pool_limit(check: _Pooled, given: str) -> None:
    """Build the pooled check once, so a too-large pool names what the reader gave."""
    try:
        check._check()
    except LimitError as error:
        raise LimitError(f"{given} give too large a pool: {error}") from None


@dataclass(frozen=True, kw_only=True)
class SkillCheck(_Pooled):
    """A skill check: the pool of ``skill_pool`` rolled as a ``Check`` (Creating Dice Pool).

    Rulings: critdice-skill-stats, critdice-weapon-cap and those of ``Check``.
    """

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    rank: int = param("Skill Rank", hint="0 means untrained, with the lower Stat alone", low=0,
                      high=MAX_DICE)
    stats: tuple[int, ...] = param("Relevant Stats", hint="one or two, the higher one used from"
                                   " Rank 1 on", item="Stat", low=0, high=MAX_DICE,
                                   least=1, most=2, start=3)
    weapon_bonus: int = param("Weapon bonus dice", hint="added dice, never more than the Skill"
                              " Rank", low=0, default=0)
    untrained_allowed: bool = param("Usable at Rank 0", hint="some Skills cannot be used"
                                    " untrained", default=True)
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()

    def __post_init__(self) -> None:
        _pool_limit(self, f"rank={self.rank!r}, stats={self.stats!r} and weapon_bonus={self.weapon_bonus!r}")
        object.__setattr__(self, "stats", tuple(self.stats))

    def _check(self) -> Check:
        pool = skill_pool(rank=self.rank, stats=self.stats, weapon_bonus=self.weapon_bonus,
                          untrained_allowed=self.untrained_allowed)
        return Check(dice=pool, sn=self.sn, legendary=self.legendary, focus=self.focus)


@dataclass(frozen=True, kw_only=True)
class StatCheck(_Pooled):
    """A stat check: ``stat`` standard dice rolled as a ``Check`` (Creating Dice Pool)."""

    system: ClassVar[str] = SYSTEM
    tally_name: ClassVar[str] = "total"
    stat: int = param("Stat", hint="the Stat alone is the Dice Pool", low=0, high=MAX_DICE)
    sn: int = _sn_param()
    legendary: int = _legendary_param()
    focus: int = _focus_param()

    def __post_init__(self) -> None:
        _pool_limit(self, f"stat={self.stat!r}")

    def _check(self) -> Check:
        return Check(dice=stat_pool(stat=self.stat), sn=self.sn, legendary=self.legendary,
                     focus=self.focus)


CHECKS: dict[str, type] = {"check": Check, "skill": SkillCheck, "stat": StatCheck}


# --- rulings -------------------------------------------------------------------------------------

def _ruling(id: str, title: str, section: str, source: str, ruling: str, why: str) -> Ruling:
    return Ruling(f"{SYSTEM}-{id}", title, SYSTEM, section, source, ruling, why)


RULINGS: tuple[Ruling, ...] = (
    _ruling(
        "twelve-counts", "A 12 is a success and a critical die",
        "Roll the Dice Pool",
        "One bullet gives a success to any die at or above the SN; another calls a 12 a"
        " Critical Success and points to the critical dice. It does not say whether the 12"
        " is also a success.",
        "A standard 12 is both: it counts one success when 12 >= SN (as any die at or"
        " above the SN does) and it rolls one critical die. With an SN above 12 it only"
        " rolls the critical die.",
        "The success bullet covers every face at or above the SN, 12 included. Reading the"
        " bullets as exclusive would make a 12 no better than an 11 in 7 of 12 cases at SN 8"
        " (its critical die shows 1-7 and adds just 1); counted both ways a 12 is worth"
        " 1 + 17/11 = 28/11 successes on average and never less than 2."),
    _ruling(
        "pool-size", "Nine and three dice are a set, not a cap",
        "Creating Dice Pool",
        "A player is told to own nine standard dice in one colour and three critical dice"
        " in another.",
        f"That is the physical set, not a cap: pools may hold more dice (rollkit computes up"
        f" to {MAX_DICE} standard dice, {MAX_ADJUSTED_DICE} when points are spent) and"
        " critical chains never stop for want of dice; at the table, extra dice are rolled"
        " in further throws.",
        "Rank 3, a stat of 5 and a +3 weapon already give 11 dice, and three 12s in a row"
        " on critical dice (1 chance in 1728 for one chain) need a fourth critical die,"
        " while the critical-dice step says to repeat with no limit."),
    _ruling(
        "sn-range", "How low and how high the Success Number goes",
        "Determine Success Number",
        "The SN is 8 unless the Story Guide decides otherwise; abilities and skills may name"
        " one and gear, effects and modifiers may move it. No lowest or highest value is"
        " given.",
        f"sn may be any whole number from {MIN_SN} to {MAX_SN}. An SN of 1 or less is"
        " refused. Every SN above 12 gives the same odds (see critdice-sn-above-12).",
        "At SN 1 a die showing 1 would be a success and a Fail at once, while the rules keep"
        " 1 as a Fail in every case; SN 2 already makes faces 2-12 successes. Above 12 no face"
        " reaches the SN without a sacrifice that never pays, so values past 24 would add"
        " nothing but room for typing mistakes."),
    _ruling(
        "sn-above-12", "Success Numbers above 12",
        "Going Above 12",
        "With an SN above 12, a value can be pushed past 12 only by giving up another 12.",
        "A sacrifice turns one standard 12 into a die that counts nothing and rolls no"
        " critical die, and lets one point of adjustment take another 12 to 13 (one"
        " sacrifice per point above 12); the raised die keeps its own critical die. The"
        " policy never sacrifices, so with SN above 12 faces 2-12 count nothing, 12 still"
        " rolls a critical die, every critical die counts exactly 1 success (none reaches"
        " the SN) and a 12 on it still rolls another.",
        "Above 12 a critical die is worth 1/(1 - 1/12) = 12/11 successes on average and at"
        " least 1 in every outcome. At SN 13 a sacrifice swaps that die for the +1 of the"
        " raised die: never more successes in any outcome, 1/11 fewer on average, and a"
        " point spent. From SN 14 one success takes two or more sacrifices, which is worse."
        " Had the raised die lost its critical die too, the trade would be worse still, so"
        " this choice changes no odds."),
    _ruling(
        "legendary-cap", "Legendary ranks cannot take a die above 12",
        "Use Legendary Status",
        "Focus may not take a die above 12; the Legendary rule states no such cap.",
        "Legendary ranks follow the same cap: no adjustment takes a die above 12 (the"
        " sacrifice of critdice-sn-above-12 aside, which the policy never uses).",
        "A d12 has no face above 12, and with SN 12 or less a 12 already gives all a die can"
        " (one success and a critical die), so a 13 would gain nothing; above SN 12 the text"
        " asks for a sacrifice instead."),
    _ruling(
        "never-to-one", "No die is lowered to 1",
        "Use Legendary Status; Use Focus",
        "Neither Legendary ranks nor Focus may change a Fail (a die showing 1). Nothing says"
        " whether a die may be lowered to 1.",
        "A die rolled as 1 stays a Fail, and no adjustment may bring a die down to 1.",
        "A die moved to 1 would turn into the one face the rules keep out of adjustment."
        " Lowering never helps the roller anyway: what a face counts never drops as the face"
        " rises (-1, 0, +1, then +1 and a critical die), so the rule changes no odds."),
    _ruling(
        "stacking", "Several points may go onto one die",
        "Use Legendary Status; Use Focus",
        "Each Legendary rank moves a die one point; Focus points move dice one point each."
        " Neither says whether several may go onto the same die.",
        "Each rank or point moves one standard die by one point, and any number of ranks and"
        " points, of both kinds, may go onto the same die.",
        "Nothing forbids it, and without it only a 7 (to 8) or an 11 (to 12) could ever"
        " gain at SN 8: a 10 needs two points to reach 12, a 6 two points to reach 8."),
    _ruling(
        "policy", "How rollkit spends Legendary ranks and Focus",
        "Use Legendary Status; Use Focus",
        "The roller may spend ranks and Focus after seeing the dice; the text gives no way"
        " to choose.",
        "rollkit spends to maximise the expected total. A die below the SN raised to it is"
        " +1; a die raised to 12 adds a critical die worth E = (25 - SN)/11 (17/11 at SN 8,"
        " 12/11 above 12), plus 1 if it was below the SN. The best plan is found exactly"
        " for each roll (a small knapsack); ties go to the plan with fewer points, then to"
        " more critical dice. Legendary ranks are spent before Focus, since Focus costs"
        " Mind; points that gain nothing stay unspent (``focus`` is the most Focus the"
        " roller will spend). Dice are never lowered. All odds assume this policy.",
        "A critical die adds at least 1 success in every outcome and E >= 13/11 > 1 on"
        " average, so raising a die to 12 beats raising another die to the SN at the same"
        " cost, but costs differ: at SN 8 with 4 points and faces 7, 6, 8, raising 7 and 6"
        " to 8 (3 points, +2) beats 8 to 12 (4 points, +17/11). The expected total is also"
        " the damage in combat; a plan for the chance of success alone would differ"
        " (two critical dice average 34/11 but give only 2 in 49 of 144 rolls, three sure"
        " successes always 3)."),
    _ruling(
        "outcomes", "The four outcomes, and when a 12 is a critical success",
        "Determine Success or Failure; Story Event",
        "A total of 1 or more is a Success, 0 a Failure, below 0 a Critical Failure with no"
        " degrees. Critical Success names a rolled 12, and on a critical success or failure"
        " the Story Guide decides what else happens.",
        "Outcomes, worst to best: critical failure (total below 0), failure (0), success (1"
        " or more, no standard 12) and critical success (1 or more with at least one"
        " standard die at 12 after adjustments). A roll with a 12 that still totals 0 or"
        " less keeps its total's outcome; the roll's details give the count of critical"
        " successes and a story-event flag (any standard 12 or a total below 0). The story"
        " effects are the Story Guide's and are not computed.",
        "At SN 8, faces 12, 1, 1, 1 and a critical die of 5 total 1 - 3 + 1 = -1: a"
        " critical failure holding a critical success. The outcome follows the total, as"
        " the text's three results do, and the flag keeps both events."),
    _ruling(
        "weapon-cap", "A weapon adds no more dice than the skill rank",
        "Creating Dice Pool",
        "Weapon bonuses cannot put more dice into the pool than the skill rank.",
        "A weapon adds min(weapon_bonus, rank) dice: a larger bonus is cut to the rank, not"
        " refused, and at rank 0 a weapon adds none.",
        "Rank 2, stats 3 and 5 and a +3 weapon give 2 + 5 + 2 = 9 dice."),
    _ruling(
        "skill-stats", "Which stat a skill pool uses",
        "Creating Dice Pool",
        "A skill pool is the rank and the relevant stat: the higher one from rank 1, the"
        " lower one at rank 0; some skills cannot be used at rank 0.",
        "Rank 1 or more: rank + the higher of the one or two relevant stats. Rank 0: the"
        " lower stat alone (the rank adds nothing), refused when untrained_allowed=False."
        " A pool of 0 dice (a stat of 0) rolls nothing and totals 0, a failure, unless an"
        " ability adds critical dice.",
        "Stats 3 and 5: rank 0 rolls 3 dice, rank 1 rolls 1 + 5 = 6. Stat damage can bring a"
        " stat to 0, so an empty pool must still give an answer."),
    _ruling(
        "ability-dice", "Critical dice from abilities",
        "Creating Dice Pool; Roll Critical Dice",
        "There are standard and critical dice, and an ability says which dice it uses.",
        "Check takes ``critical``: critical dice an ability puts in the pool. They are rolled"
        " in the first round of critical dice with those owed for 12s and count like them;"
        " they cannot be adjusted and are not critical successes by themselves.",
        "The text names both kinds of dice for abilities but gives no example; counting"
        " them as ordinary critical dice is the plainest reading."),
    _ruling(
        "adjust-standard-only", "Only standard dice are adjusted",
        "Steps to Making a Dice Check; Roll Critical Dice",
        "The steps put Legendary and Focus after the pool is rolled and before the critical"
        " dice.",
        "Only standard dice can be adjusted. Critical dice are rolled in rounds: all the"
        " dice owed, then one more for each 12 in that round, until a round has no 12;"
        " rollkit draws and replays them in that order.",
        "Critical dice do not exist yet when points are spent; a 12 made by adjustment"
        " rolls its critical die like a rolled 12."),
)
