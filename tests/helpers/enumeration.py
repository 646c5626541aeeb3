"""The chance of success of any check by brute force: every sequence of faces its roll can draw.

``every_roll(check)`` replays the check's own roll (``_play``) on every sequence of faces,
each die branching into all its faces, and adds up the sequences that succeed; it never reads
the check's maths. Where dice explode or start more dice the sequences are cut at ``depth``
dice, and the probability of those cut is returned with the sum, so the exact chance lies in
``[chance, chance + cut]``. A check whose roll needs more than ``plays`` replays is refused
(``TooMany``), so a test stays small.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rollkit import CheckBase
from rollkit._roll import Dice

__all__ = ["Enumerated", "TooMany", "every_roll"]


class TooMany(Exception):
    """The check's roll has more sequences of faces than the test allows."""


class _Short(BaseException):
    """The replay needs one more die than the faces given: a BaseException, so that nothing in a
    roll that catches errors can mistake it for one."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Prefix(Dice):
    """The faces of one sequence so far; asking for one more stops the replay."""

    def next(self, sides: int) -> int:
        if self._used >= len(self._faces or ()):
            raise _Short(sides)
        return super().next(sides)


@dataclass(frozen=True)
class Enumerated:
    """The chance of success over every sequence of faces, and the probability of those cut."""

    chance: Fraction
    cut: Fraction

    @property
    def exact(self) -> bool:
        return self.cut == 0

    def holds(self, value: Fraction) -> bool:
        """Whether ``value`` can be the exact chance."""
        return self.chance <= value <= self.chance + self.cut


def every_roll(check: CheckBase, *, depth: int = 6, plays: int = 4000) -> Enumerated:
    """``check``'s chance of success from every sequence of at most ``depth`` dice."""
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    success, cut, played = Fraction(0), Fraction(0), 0
    while stack:
        faces, p = stack.pop()
        played += 1
        if played + len(stack) > plays:  # each sequence waiting is replayed at least once
            raise TooMany(check)
        try:
            roll = check._play(_Prefix(faces=faces))
        except _Short as short:
            if len(faces) >= depth:
                cut += p
                continue
            each = p / short.sides
            stack.extend((faces + (face,), each) for face in range(1, short.sides + 1))
            continue
        if roll.success:
            success += p
    return Enumerated(success, cut)
