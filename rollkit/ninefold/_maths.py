"""Face counting shared by the checks: integer weights, Distributions built once and cached."""

from __future__ import annotations

from functools import lru_cache

from .._dist import Distribution, power
from ._rules import _CRITICALS, CHECK_OUTCOMES, CONTEST_OUTCOMES, Band

Segment = tuple[int, int, int, int, int]
"""Faces ``lo`` to ``hi`` (read roll-under, 1 the best) and each one's weights of a favourable,
no and unfavourable critical, over one scale (100 when a face waits on a confirmation roll)."""


@lru_cache(maxsize=4096)
def _segments(sides: int, fav: Band, unfav: Band) -> tuple[int, tuple[Segment, ...]]:
    """The faces of a dN split by how critical they are: the scale and the segments, in order.

    The favourable band covers faces 1..F and ``a`` hundredths of face F + 1, the unfavourable
    one the top U faces and ``b`` hundredths of the face below them; a face covered in part is
    critical when its d100 confirmation roll falls in that part (ruling
    ``ninefold-confirmation-roll``)."""
    (whole_f, a), (whole_u, b) = fav, unfav
    scale = 100 if a or b else 1
    lo, hi = whole_f + 1, sides - whole_u  # the faces outside both whole bands
    parts: list[Segment] = [(1, whole_f, scale, 0, 0)] if whole_f else []
    if a and b and lo == hi:  # one face holds what is left of both bands
        parts.append((lo, lo, a, scale - a - b, b))
    else:
        if a:
            parts.append((lo, lo, a, scale - a, 0))
            lo += 1
        if b:
            hi -= 1
        if lo <= hi:
            parts.append((lo, hi, 0, scale, 0))
        if b:
            parts.append((hi + 1, hi + 1, 0, scale - b, b))
    if whole_u:
        parts.append((sides - whole_u + 1, sides, 0, 0, scale))
    return scale, tuple(parts)


def _needs_confirmation(low: int, sides: int, fav: Band, unfav: Band) -> bool:
    """Whether face ``low`` (read roll-under) is covered by a band in part only."""
    return bool((fav[1] and low == fav[0] + 1) or (unfav[1] and low == sides - unfav[0]))


def _critical(low: int, sides: int, fav: Band, unfav: Band, confirmation: int = 0) -> str:
    """The critical of face ``low`` (read roll-under), given the confirmation roll read the same
    way (1 the best) where the face needs one."""
    if low <= fav[0]:
        return "favourable"
    if low > sides - unfav[0]:
        return "unfavourable"
    if fav[1] and low == fav[0] + 1 and confirmation <= fav[1]:
        return "favourable"
    if unfav[1] and low == sides - unfav[0] and confirmation > 100 - unfav[1]:
        return "unfavourable"
    return "none"


def _check_outcome(passed: bool, critical: str) -> str:
    return CHECK_OUTCOMES[3 * passed + _CRITICALS.index(critical)]


@lru_cache(maxsize=4096)
def _check_weights(sides: int, passing: int, fav: Band, unfav: Band) -> tuple[tuple[int, ...], int]:
    """Weights of CHECK_OUTCOMES over their denominator: faces 1..passing pass (read roll-under)."""
    scale, parts = _segments(sides, fav, unfav)
    weights = [0] * 6
    for lo, hi, w_fav, w_none, w_unfav in parts:
        passed = max(0, min(hi, passing) - lo + 1)
        failed = hi - lo + 1 - passed
        for base, count in ((0, failed), (3, passed)):
            weights[base] += count * w_unfav
            weights[base + 1] += count * w_none
            weights[base + 2] += count * w_fav
    return tuple(weights), sides * scale


@lru_cache(maxsize=1024)
def _check_outcomes(sides: int, passing: int, fav: Band, unfav: Band) -> Distribution:
    weights, total = _check_weights(sides, passing, fav, unfav)
    return Distribution.from_weights(list(zip(CHECK_OUTCOMES, weights)), total)


@lru_cache(maxsize=1024)
def _uniform(low: int, count: int, step: int = 1) -> Distribution:
    """Margins low, low + step, ... (``count`` of them), each 1/count."""
    return Distribution.from_weights([(low + i * step, 1) for i in range(count)], count)


@lru_cache(maxsize=1024)
def _contest_weights(
    n: int, passing: int, fav: Band, unfav: Band, d: int, held: int, immune: bool, half: bool
) -> tuple[tuple[int, ...], int]:
    """Weights of CONTEST_OUTCOMES over their denominator (offence die n, defence die d, the
    defence passing on ``held`` faces; ``half``: a passed defence leaves a reduced effect)."""
    w, total = _check_weights(n, passing, fav, unfav)
    failed, passed = sum(w[:3]), sum(w[3:])
    if immune:
        return (failed * d, passed * d, 0, 0, 0, 0, 0), total * d
    stopped = passed * held
    landed = tuple(k * (d - held) for k in w[3:])
    return (failed * d, 0, 0 if half else stopped, stopped if half else 0, *landed), total * d


@lru_cache(maxsize=1024)
def _contest_outcomes(
    n: int, passing: int, fav: Band, unfav: Band, d: int, held: int, immune: bool, half: bool
) -> Distribution:
    weights, total = _contest_weights(n, passing, fav, unfav, d, held, immune, half)
    return Distribution.from_weights(list(zip(CONTEST_OUTCOMES, weights)), total)


@lru_cache(maxsize=256)
def _sums(sides: int, counts: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Ways to roll each total on k dN, for each k of ``counts``: index i is the total k + i.

    One die at a time, each step a running sum over the last ``sides`` entries (so k dice cost
    k steps of at most k * sides entries each)."""
    wanted, found = set(counts), {}
    ways: list[int] = [1]
    for k in range(1, max(counts, default=0) + 1):
        out, run = [], 0
        for i in range(len(ways) + sides - 1):
            run += ways[i] if i < len(ways) else 0
            run -= ways[i - sides] if i >= sides else 0
            out.append(run)
        ways = out
        if k in wanted:
            found[k] = tuple(ways)
    return found


@lru_cache(maxsize=1)
def _four_d6() -> tuple[int, ...]:
    """Ways to roll each total 0..24 on 4d6 (index = total)."""
    return tuple(power((0, 1, 1, 1, 1, 1, 1), 4))
