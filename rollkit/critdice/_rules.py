"""The critdice rules: the name, limits, dice, Success Numbers and outcome names; what each
face counts at an SN; how rollkit spends Legendary ranks and Focus; the pools of the
character sheet.

From the dice rules of seed 004 (Dice Checks, Creating Dice Pool, Use Legendary Status,
Use Focus, Going Above 12); the value checks every critdice check shares.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .._errors import LimitError, ParameterTypeError, RulesError
from .._fields import Param
from .._limits import Limit
from .._validate import boolean, describe, integer
from .._words import Words

SYSTEM = "critdice"
"""The system's name: the module, ``Check.system``, ruling ids and limits use it."""
WORDS = Words(
    name="Critical dice",
    title="Critical dice",
    plain_roles=frozenset({"standard"}),
    acronyms={"sn": "SN"},
)
"""What Critical dice calls things (roll sentences, die marks, the site's titles)."""
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
MAX_WRITTEN = 200
LIMITS: tuple[Limit, ...] = (
    Limit(
        SYSTEM,
        "MAX_SN",
        MAX_SN,
        "Highest SN accepted; every SN above 12 plays the same (ruling critdice-sn-above-12).",
    ),
    Limit(
        SYSTEM,
        "MAX_DICE",
        MAX_DICE,
        "Largest standard pool whose exact odds rollkit computes with no points to spend.",
    ),
    Limit(
        SYSTEM,
        "MAX_ADJUSTED_DICE",
        MAX_ADJUSTED_DICE,
        "Largest standard pool whose exact odds rollkit computes with Legendary or Focus points.",
    ),
    Limit(
        SYSTEM, "MAX_POINTS", MAX_POINTS, "Largest ``legendary + focus`` whose exact odds rollkit computes."
    ),
    Limit(
        SYSTEM,
        "MAX_CRITICAL",
        MAX_CRITICAL,
        "Most critical dice an ability may put in the pool from the start.",
    ),
    Limit(SYSTEM, "MAX_BOUND", MAX_BOUND, "Largest ``bound`` accepted by ``distribution``."),
    Limit(
        SYSTEM,
        "MAX_WRITTEN",
        MAX_WRITTEN,
        "Longest written adjustments (``6+3F, 2-1L``) read, in characters.",
    ),
)
"""Each ``MAX_*`` limit with what it bounds (``rollkit limits``)."""

CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS = (
    "critical failure",
    "failure",
    "success",
    "critical success",
)
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


@cache
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


def _choose(low: tuple[int, ...], high: tuple[int, ...], budget: int, shape: _Shape) -> tuple[int, int, int]:
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


def _plan(
    faces: tuple[int, ...], shape: _Shape, legendary: int, focus: int
) -> tuple[tuple[int, int, int, str], ...]:
    """One step per point: (die number from 1, face before, face after, "Legendary"/"Focus")."""
    budget = legendary + focus
    if budget == 0:
        return ()
    lows = sorted((shape.sn - f, i) for i, f in enumerate(faces) if 2 <= f < 2 + shape.low)
    highs = sorted((SIDES - f, i) for i, f in enumerate(faces) if SIDES - shape.high <= f < SIDES)
    m, crits, _ = _choose(
        _prefix((c for c, _ in lows), budget), _prefix((c for c, _ in highs), budget), budget, shape
    )
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


def best_adjustments(
    *, faces: tuple[int, ...], sn: int = DEFAULT_SN, legendary: int = 0, focus: int = 0
) -> tuple[tuple[int, int, int, str], ...]:
    """How rollkit spends Legendary ranks and Focus on rolled standard ``faces``.

    Each step moves one die up one point: (die number from 1, before, after,
    "Legendary" or "Focus"), Legendary first. The plan maximises the expected
    total (Use Legendary Status, Use Focus; ruling critdice-policy).
    """
    if isinstance(faces, (str, bytes)) or not isinstance(faces, (tuple, list)):
        raise ParameterTypeError(
            f"faces={describe(faces)} is not allowed: faces must be a sequence of whole numbers"
        )
    for i, f in enumerate(faces):
        integer(f"faces[{i}]", f, low=1, high=SIDES)
    _sn(sn)
    integer("legendary", legendary, low=0)
    integer("focus", focus, low=0)
    return _plan(tuple(faces), _shape(min(sn, 13)), legendary, focus)


# --- the player's own choices --------------------------------------------------------------

LEGENDARY, FOCUS = "Legendary", "Focus"
"""What pays for an adjustment: a Legendary rank or a point of Focus (from Mind)."""
_USING = {"l": LEGENDARY, "legendary": LEGENDARY, "f": FOCUS, "focus": FOCUS}
_WRITTEN = re.compile(r"(\d+)\s*([+-])\s*(\d+)\s*([a-z]+)", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class Adjustment:
    """One choice made after seeing the dice: move standard die number ``die`` (from 1, in
    rolling order) ``by`` points up (+) or down (-), paid with ``using`` (``"Legendary"`` ranks
    or ``"Focus"`` points, one per point). Written ``6+3F``: die 6 up 3 with Focus (Use
    Legendary Status; Use Focus).
    """

    die: int
    by: int
    using: str

    def __post_init__(self) -> None:
        integer("die", self.die, low=1)
        integer("by", self.by)
        if self.by == 0:
            raise RulesError("by=0 is not allowed: an adjustment moves a die at least one point (+1 or -1)")
        if self.using not in (LEGENDARY, FOCUS):
            raise RulesError(f"using={describe(self.using)} is not allowed: use {LEGENDARY!r} or {FOCUS!r}")

    def __str__(self) -> str:
        return f"{self.die}{self.by:+d}{self.using[0]}"

    def said(self) -> str:
        """In words: "die 6 up 3 (Focus)"."""
        points = abs(self.by)
        way = "up" if self.by > 0 else "down"
        return f"die {self.die} {way} {points} ({self.using})"


_SEPARATORS = re.compile(r"[,;\s]+")


def _written_moves(text: str) -> list[str]:
    """The moves of written adjustments, split where a comma, semicolon or space comes before a
    digit (the start of the next move): one pass over the text, no backtracking."""
    moves, start = [], 0
    for gap in _SEPARATORS.finditer(text):
        if gap.end() < len(text) and text[gap.end()].isdigit():
            moves.append(text[start : gap.start()])
            start = gap.end()
    moves.append(text[start:])
    return [move for move in moves if move.strip()]


def adjustments(chosen: Any) -> tuple[Adjustment, ...]:
    """The player's adjustments from ``Adjustment`` values or their written form ("6+3F, 2-1L"),
    at most ``MAX_WRITTEN`` characters."""
    if isinstance(chosen, str):
        if len(chosen) > MAX_WRITTEN:
            raise LimitError(
                f"adjustments is {len(chosen):,} characters long: rollkit reads at most {MAX_WRITTEN}",
                said=f"the choices after the dice are {len(chosen):,} characters long; they are written"
                f" in at most {MAX_WRITTEN} (such as 6+3F, 2-1L).",
            )
        found: list[Adjustment] = []
        for i, item in enumerate(_written_moves(chosen.strip())):
            match = _WRITTEN.fullmatch(item.strip())
            using = _USING.get(match[4].lower()) if match else None
            if match is None or using is None:
                raise RulesError(
                    f"adjustments[{i}]={describe(item.strip())} is not allowed: write each adjustment"
                    " as die number, + or - points, then L (Legendary) or F (Focus), e.g. 6+3F",
                    said=f"the choice {describe(item.strip())} is not written as die number, + or -"
                    " points, then L (Legendary) or F (Focus), such as 6+3F.",
                )
            points = int(match[3])
            if points == 0:
                raise RulesError(
                    f"adjustments[{i}]={describe(item.strip())} is not allowed: an adjustment"
                    " moves a die at least one point",
                    said=f"the choice {describe(item.strip())} moves no die: a move is at least one point.",
                )
            found.append(
                Adjustment(die=int(match[1]), by=points if match[2] == "+" else -points, using=using)
            )
        return tuple(found)
    if not isinstance(chosen, (tuple, list)) or not all(isinstance(a, Adjustment) for a in chosen):
        raise ParameterTypeError(
            f"adjustments={describe(chosen)} is not allowed: give a sequence of Adjustment"
            " values or their written form, e.g. '6+3F, 2-1L'"
        )
    return tuple(chosen)


def chosen_steps(
    faces: tuple[int, ...], chosen: tuple[Adjustment, ...], *, legendary: int, focus: int
) -> tuple[tuple[int, int, int, str], ...]:
    """The player's ``chosen`` adjustments as one step per point, like ``best_adjustments``.

    Checked against the rules: only standard dice, never a Fail (a die rolled as 1), never
    above 12 (Use Focus; ruling critdice-legendary-cap, so no sacrifice above SN 12: ruling
    critdice-no-sacrifice), never down to 1 (critdice-never-to-one), and no more Legendary
    ranks or Focus than the check has. Moves on one die apply in order (critdice-stacking).
    """
    now = list(faces)
    steps: list[tuple[int, int, int, str]] = []
    for i, move in enumerate(chosen):
        named = f"adjustments[{i}]={str(move)!r}"
        if move.die > len(faces):
            raise RulesError(
                f"{named} is not allowed: the pool has {len(faces)} standard"
                f" {'die' if len(faces) == 1 else 'dice'}, numbered from 1 in rolling order",
                said=f"there is no die {move.die}: the pool has {len(faces)} standard"
                f" {'die' if len(faces) == 1 else 'dice'}, numbered from 1 in rolling order.",
            )
        face = now[move.die - 1]
        if faces[move.die - 1] == 1:
            raise RulesError(
                f"{named} is not allowed: die {move.die} shows 1, a Fail, and Fails cannot be adjusted",
                said=f"die {move.die} shows 1, a Fail, and Fails cannot be adjusted.",
            )
        after = face + move.by
        if after > SIDES:
            raise RulesError(
                f"{named} is not allowed: die {move.die} would go from {face} to {after}, and no"
                " adjustment takes a die above 12",
                said=f"die {move.die} would go from {face} to {after}; no adjustment takes a die above 12.",
            )
        if after < 2:
            raise RulesError(
                f"{named} is not allowed: die {move.die} would go from {face} to {after}, and no"
                " adjustment brings a die down to 1 (it would become a Fail)",
                said=f"die {move.die} would go from {face} to {after}; no adjustment brings a die down"
                " to 1 (it would become a Fail).",
            )
        step = 1 if move.by > 0 else -1
        steps += [(move.die, f, f + step, move.using) for f in range(face, after, step)]
        now[move.die - 1] = after
    for using, owned, name in ((LEGENDARY, legendary, "legendary"), (FOCUS, focus, "focus")):
        spent = sum(s[3] == using for s in steps)
        if spent > owned:
            raise RulesError(
                f"adjustments={describe(', '.join(map(str, chosen)))} is not allowed: they spend"
                f" {spent} {using} but the check has {name}={owned}",
                field=name,
                said=f"these choices spend {spent} {using}, and there {'is' if owned == 1 else 'are'} only"
                f" {owned}.",
            )
    return tuple(steps)


# --- parameters and pools ----------------------------------------------------------------------


SN = Param(
    "Success Number (SN)",
    hint="a die at or above this is a Success",
    low=MIN_SN,
    high=MAX_SN,
    why="a 1 is always a Fail; every SN above 12 plays the same",
)
"""The Success Number, as every check declares it and ``best_adjustments`` checks it."""


def _sn(sn: Any) -> int:
    return SN.check("sn", sn)


def skill_pool(
    *, rank: int, stats: tuple[int, ...], weapon_bonus: int = 0, untrained_allowed: bool = True
) -> int:
    """Standard dice for a skill check (Creating Dice Pool).

    Rank 1+: rank plus the higher of the relevant ``stats`` (one or two),
    plus weapon bonus dice up to the rank. Rank 0: the lower stat alone, no
    weapon dice, and refused for skills with ``untrained_allowed=False``.
    Rulings: critdice-skill-stats, critdice-weapon-cap.
    """
    integer("rank", rank, low=0)
    if isinstance(stats, (str, bytes)) or not isinstance(stats, (tuple, list)):
        raise ParameterTypeError(
            f"stats={describe(stats)} is not allowed: stats must be a tuple of one or two whole numbers"
        )
    if not 1 <= len(stats) <= 2:
        raise RulesError(f"stats={describe(stats)} is not allowed: stats must hold one or two relevant stats")
    for i, s in enumerate(stats):
        integer(f"stats[{i}]", s, low=0)
    integer("weapon_bonus", weapon_bonus, low=0)
    boolean("untrained_allowed", untrained_allowed)
    if rank == 0:
        if not untrained_allowed:
            raise RulesError(
                "rank=0 is not allowed: this skill needs rank 1 or more (untrained_allowed=False)",
                field="rank",
                said="0 is not allowed: with {untrained_allowed} off, this Skill needs Rank 1 or more.",
            )
        return min(stats)
    return rank + max(stats) + min(weapon_bonus, rank)


def stat_pool(*, stat: int) -> int:
    """Standard dice for a stat check: the stat itself (Creating Dice Pool)."""
    return integer("stat", stat, low=0)


def _face_count(face: int, sn: int, shape: _Shape) -> tuple[str, int]:
    if face == 1:
        return "fail", -1
    if face == SIDES:
        return "critical success", shape.twelve_value
    return ("success", 1) if face >= sn else ("nothing", 0)
