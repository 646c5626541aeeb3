"""Face counting shared by the checks: integer weights, Distributions built once and cached."""

from __future__ import annotations

from functools import lru_cache

from .._dist import Distribution, power
from ._rules import _CRITICALS, CHECK_OUTCOMES, CONTEST_OUTCOMES


@lru_cache(maxsize=4096)
def _face_counts(sides: int, passing: int, favourable: int, unfavourable: int) -> tuple[int, ...]:
    """Faces per outcome of CHECK_OUTCOMES, seen roll-under: 1..passing pass,
    1..favourable and the top ``unfavourable`` faces are the critical bands."""
    pass_fav = min(passing, favourable)
    pass_unfav = max(0, passing - (sides - unfavourable))
    fail_fav = favourable - pass_fav
    fail_unfav = unfavourable - pass_unfav
    return (
        fail_unfav,
        sides - passing - fail_fav - fail_unfav,
        fail_fav,
        pass_unfav,
        passing - pass_fav - pass_unfav,
        pass_fav,
    )


def _classify(low: int, sides: int, passing: int, favourable: int, unfavourable: int) -> tuple[bool, str]:
    """(passed, critical) for a face read roll-under (``low`` = 1 is the best face)."""
    if low <= favourable:
        critical = "favourable"
    elif low > sides - unfavourable:
        critical = "unfavourable"
    else:
        critical = "none"
    return low <= passing, critical


def _check_outcome(passed: bool, critical: str) -> str:
    return CHECK_OUTCOMES[3 * passed + _CRITICALS.index(critical)]


@lru_cache(maxsize=1024)
def _check_outcomes(sides: int, passing: int, favourable: int, unfavourable: int) -> Distribution:
    counts = _face_counts(sides, passing, favourable, unfavourable)
    return Distribution.from_weights(list(zip(CHECK_OUTCOMES, counts)), sides)


@lru_cache(maxsize=1024)
def _uniform(low: int, count: int) -> Distribution:
    """Margins low .. low + count - 1, each 1/count."""
    return Distribution.from_weights([(low + i, 1) for i in range(count)], count)


@lru_cache(maxsize=1024)
def _contest_weights(
    n: int, passing: int, fav: int, unfav: int, d: int, held: int, immune: bool
) -> tuple[int, ...]:
    """Weights over n * d of CONTEST_OUTCOMES (offence die n, defence die d)."""
    c = _face_counts(n, passing, fav, unfav)
    if immune:
        return (sum(c[:3]) * d, passing * d, 0, 0, 0, 0)
    return (sum(c[:3]) * d, 0, passing * held) + tuple(k * (d - held) for k in c[3:])


@lru_cache(maxsize=1024)
def _contest_outcomes(
    n: int, passing: int, fav: int, unfav: int, d: int, held: int, immune: bool
) -> Distribution:
    weights = _contest_weights(n, passing, fav, unfav, d, held, immune)
    return Distribution.from_weights(list(zip(CONTEST_OUTCOMES, weights)), n * d)


@lru_cache(maxsize=1)
def _four_d6() -> tuple[int, ...]:
    """Ways to roll each total 0..24 on 4d6 (index = total)."""
    return tuple(power((0, 1, 1, 1, 1, 1, 1), 4))
