"""Rolled dice, their log, and the source of faces (a seeded RNG or given faces)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ._errors import ParameterTypeError, RulesError
from ._format import detail, fraction, percent, probability_json, wrap
from ._validate import describe

__all__ = ["Die", "Roll", "Dice"]


@dataclass(frozen=True)
class Die:
    """One die as rolled, in order, and how it counted.

    ``role`` says why it was rolled (``"pool"``, ``"extra"``, ``"reroll"``,
    ``"critical"``, ``"validation"``, ``"botch check"``, ...); ``counts`` says
    how it counted (``"hit"``, ``"miss"``, ``"success"``, ``"fail"``,
    ``"dropped"``, ``"kept"``, ...); ``value`` is what it added to the tally;
    ``note`` explains anything else (``"10-again: roll another die"``), ``explodes``
    says that this die made another die be rolled and ``adjusted`` is the face it counted as
    after points moved it (Critical dice; None when it counted as rolled).
    """

    face: int
    sides: int
    role: str
    counts: str
    value: int = 0
    note: str = ""
    explodes: bool = False
    adjusted: int | None = None

    def __str__(self) -> str:
        text = f"d{self.sides}={self.face} {self.role}: {self.counts}"
        if self.value:
            text += f" ({self.value:+d})"
        if self.note:
            text += f", {self.note}"
        return text


@dataclass(frozen=True)
class Roll:
    """The full record of one check: every die in order, the tally and the outcome.

    ``faces`` replays it: ``check.resolve(roll.faces) == roll`` up to the seed.
    ``probability`` is the exact chance of this ``outcome`` before rolling; ``chosen`` says
    that the player made the choices after the dice (Critical dice points) rather than
    rollkit's plan, whose chance ``probability`` then is, unless ``reckoned`` names what it is
    reckoned with instead ("Chance to spend 1": the limit a Trait player's choice amounts to).
    """

    system: str
    check: str
    dice: tuple[Die, ...]
    tally: int
    outcome: str
    success: bool
    probability: Fraction
    seed: int | None = None
    details: tuple[tuple[str, Any], ...] = ()
    chosen: bool = False
    reckoned: str = ""

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def detail(self, key: str) -> Any:
        """One entry of ``details`` by name."""
        for k, v in self.details:
            if k == key:
                return v
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "check": self.check,
            "seed": self.seed,
            "faces": list(self.faces),
            "dice": [
                {
                    "face": d.face,
                    "sides": d.sides,
                    "role": d.role,
                    "counts": d.counts,
                    "value": d.value,
                    "note": d.note,
                    "explodes": d.explodes,
                    "adjusted": d.adjusted,
                }
                for d in self.dice
            ],
            "tally": self.tally,
            "outcome": self.outcome,
            "success": self.success,
            **probability_json(self.probability),
            "details": {k: _plain(v) for k, v in self.details},
            "chosen": self.chosen,
            **({"reckoned": self.reckoned} if self.reckoned else {}),
        }

    def __str__(self) -> str:
        lines = [wrap(self.check + (f"  seed={self.seed}" if self.seed is not None else ""))]
        lines += [f"  {i:>2}. {d}" for i, d in enumerate(self.dice, 1)]
        lines += [wrap(f"  {k}: {detail(v)}") for k, v in self.details]
        lines.append(
            wrap(
                f"  tally {self.tally}: {self.outcome} (chance of this outcome"
                + (" with " + (self.reckoned or "rollkit's plan") if self.chosen else "")
                + f" {fraction(self.probability)} = {percent(self.probability)})"
            )
        )
        return "\n".join(lines)


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class Dice:
    """Where faces come from: a ``random.Random`` or a given sequence of faces.

    Every system draws through ``next(sides)``, so ``roll`` and ``resolve``
    share one code path and a seeded roll replays exactly.
    """

    def __init__(self, *, rng: random.Random | None = None, faces: Sequence[int] | None = None) -> None:
        self._rng = rng
        self._faces = faces
        self._used = 0

    @classmethod
    def given(cls, faces: Iterable[int]) -> Dice:
        if isinstance(faces, (str, bytes)) or not isinstance(faces, Iterable):
            raise ParameterTypeError(
                f"faces={describe(faces)} is not allowed: faces must be a sequence of whole numbers"
            )
        faces = tuple(faces)
        for i, f in enumerate(faces):
            if isinstance(f, bool) or not isinstance(f, int):
                raise ParameterTypeError(
                    f"faces[{i}]={describe(f)} is not allowed: each face must be a whole number"
                )
        return cls(faces=faces)

    def next(self, sides: int) -> int:
        if self._rng is not None:
            self._used += 1
            return self._rng.randint(1, sides)
        assert self._faces is not None
        if self._used >= len(self._faces):
            raise RulesError(
                f"faces={describe(list(self._faces))} is not allowed: the check needs more"
                f" dice than the {len(self._faces)} faces given (die {self._used + 1} is a d{sides})"
            )
        face = self._faces[self._used]
        if not 1 <= face <= sides:
            raise RulesError(
                f"faces[{self._used}]={face} is not allowed: that die is a d{sides}, which shows 1 to {sides}"
            )
        self._used += 1
        return face

    def finish(self) -> None:
        """For given faces: every face must have been used."""
        if self._faces is not None and self._used != len(self._faces):
            raise RulesError(
                f"faces={describe(list(self._faces))} is not allowed: the check used"
                f" {self._used} dice, {len(self._faces) - self._used} faces are left over"
            )
