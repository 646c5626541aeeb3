"""What every check shares: seeded rolls and replays through one code path."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import ClassVar

from ._dist import Distribution
from ._errors import ParameterTypeError, RulesError
from ._roll import Dice, Roll
from ._validate import integer

__all__ = ["CheckBase", "MAX_SEED"]

MAX_SEED = 2**64 - 1


class CheckBase:
    """Base of every public check class (each a frozen, keyword-only dataclass).

    A subclass implements the contract below: ``chance``, ``outcomes``,
    ``distribution`` and ``_play(dice) -> Roll``, which draws every face through
    ``dice.next(sides)`` (``roll`` and ``resolve`` both run it); it sets
    ``system`` (its package's ``SYSTEM``), ``tally_name`` and, where one field sets
    success, ``target``.
    """

    system: ClassVar[str] = ""
    tally_name: ClassVar[str] = "total"
    """What the tally counts, in the rules' words ("Hits", "successes", "margin")."""
    target: ClassVar[str] = ""
    """The parameter that sets the least tally to succeed ("tn"), if one does."""

    def chance(self) -> Fraction:  # pragma: no cover - abstract
        """The exact probability of success."""
        raise NotImplementedError

    def outcomes(self) -> Distribution:  # pragma: no cover - abstract
        """Every named outcome, worst to best, zero-probability ones included."""
        raise NotImplementedError

    def distribution(self, *, bound: int | None = None) -> Distribution:  # pragma: no cover
        """The exact distribution of the tally, listed up to ``bound`` with the exact rest in
        the tail (``_dist.listed``, ``_dist.check_bound``)."""
        raise NotImplementedError

    def success_from(self) -> int | None:
        """The least tally that succeeds, when the tally alone decides success (else None).

        Charts mark it; a test holds it to ``chance()`` for every check.
        """
        return None

    def success_includes(self) -> str:
        """What success counts besides the plain rule, in the rules' words, for the odds' labels
        ("a miss bought with Chance"); "" when nothing else counts."""
        return ""

    def _play(self, dice: Dice) -> Roll:  # pragma: no cover - abstract
        raise NotImplementedError

    def roll(self, *, seed: int | None = None, rng: random.Random | None = None) -> Roll:
        """Roll with a seed (recorded, so the roll can be replayed) or an explicit RNG.

        With neither, a fresh seed is drawn and recorded.
        """
        return _rolled(self._play, seed=seed, rng=rng)

    def resolve(self, faces: Iterable[int]) -> Roll:
        """The same result as a roll whose dice showed ``faces``, in rolling order."""
        return _resolved(self._play, faces)

    def describe(self) -> str:
        """The call that builds this check, e.g. ``hits.Check(dice=5, threshold=7, tn=3)``."""
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields if f.init)
        return f"{self.system}.{type(self).__name__}({args})"


def _rolled(play: Callable[[Dice], Roll], *, seed: int | None, rng: random.Random | None) -> Roll:
    """``play`` with faces from ``rng``, or from a seeded RNG whose seed the roll records."""
    if rng is not None:
        if seed is not None:
            raise RulesError("seed and rng are not allowed together: give one of them")
        if not isinstance(rng, random.Random):
            raise ParameterTypeError(f"rng={rng!r:.60} is not allowed: rng must be a random.Random")
        return play(Dice(rng=rng))
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    seed = integer("seed", seed, low=0, high=MAX_SEED)
    return dataclasses.replace(play(Dice(rng=random.Random(seed))), seed=seed)


def _resolved(play: Callable[[Dice], Roll], faces: Iterable[int]) -> Roll:
    """``play`` with the given ``faces``, every one of them used."""
    dice = Dice.given(faces)
    result = play(dice)
    dice.finish()
    return result
