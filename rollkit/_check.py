"""What every check shares: seeded rolls and replays through one code path."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from ._dist import Distribution
from ._errors import ParameterTypeError, RulesError
from ._fields import check_fields
from ._roll import Dice, Roll
from ._validate import integer
from ._words import Tally

__all__ = ["CheckBase", "FromSheet", "MAX_SEED"]

MAX_SEED = 2**64 - 1


class CheckBase:
    """Base of every public check class (each a frozen, keyword-only dataclass).

    A subclass implements the contract below: ``chance``, ``outcomes``,
    ``distribution`` and ``_play(dice) -> Roll``, which draws every face through
    ``dice.next(sides)`` (``roll`` and ``resolve`` both run it); it sets
    ``system`` (its package's ``SYSTEM``), ``tally`` and, where one field sets
    success, ``target``. Its fields are declared with ``param(...)`` and checked against
    those declarations when it is made (``check_fields``); ``_check_rules`` then applies the
    rules that tie several fields together.
    """

    system: ClassVar[str] = ""
    tally: ClassVar[Tally] = Tally("total", score=True)
    """What the tally counts, in the rules' words ("Hits", "successes", "margin")."""
    tally_name: ClassVar[str] = "total"
    """``tally.many``: set from ``tally`` for every subclass."""
    target: ClassVar[str] = ""
    """The parameter that sets the least tally to succeed ("tn"), if one does."""
    monotone: ClassVar[frozenset[str]] = frozenset()
    """The whole-number fields in which the chance of success moves one way only (up, down or
    not at all) whatever the other values are: ``rollkit.need`` searches them by halving and
    works out every value of any other field; tests hold each to brute force."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.tally_name = cls.tally.many

    def __post_init__(self) -> None:
        check_fields(self)
        self._check_rules()

    def _check_rules(self) -> None:
        """The rules across fields (each field alone is checked against its declaration)."""

    def chance(self) -> Fraction:  # pragma: no cover - abstract
        """The exact probability of success."""
        raise NotImplementedError

    def monotone_fields(self) -> frozenset[str]:
        """``monotone`` with these values: a kind whose chance moves one way in a field only for
        some values of the others adds that field here when they hold."""
        return self.monotone

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

    @classmethod
    def hint_range(cls, name: str, fixed: Mapping[str, Any]) -> str | None:
        """What a widget's hint says field ``name`` takes while the fields in ``fixed`` keep
        their values, where a rule across fields allows less than the field's declaration
        ("0 to 2000" dice to roll); None: the declared range."""
        return None

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


class FromSheet(CheckBase):
    """A kind of check built from character-sheet entries, with the flat fields the command
    line and widgets need (``critdice.skill``, ``again.skill``, ``ninefold.defender`` ...).

    Its odds are those of the plain check ``_plain()`` builds through that check's
    classmethod; a roll is that check's roll, described as this kind, with ``_sheet()`` first
    in its details (how the entries made the pool or the number).
    """

    def _plain(self) -> CheckBase:  # pragma: no cover - abstract
        """The plain check the sheet's entries make."""
        raise NotImplementedError

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        """How the entries made the plain check's numbers, for the roll's details."""
        return ()

    def success_from(self) -> int | None:
        return self._plain().success_from()

    def success_includes(self) -> str:
        return self._plain().success_includes()

    def chance(self) -> Fraction:
        """The plain check's chance of success."""
        return self._plain().chance()

    def outcomes(self) -> Distribution:
        return self._plain().outcomes()

    def distribution(self, *, bound: int | None = None) -> Distribution:
        """The plain check's distribution (listed up to ``bound``, the exact rest in the tail)."""
        return self._plain().distribution(bound=bound)

    def _play(self, dice: Dice) -> Roll:
        return self._from_sheet(self._plain()._play(dice))

    def _from_sheet(self, roll: Roll) -> Roll:
        """The plain check's ``roll`` as this kind's: its description, the sheet's details first."""
        return dataclasses.replace(roll, check=self.describe(), details=(*self._sheet(), *roll.details))


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
