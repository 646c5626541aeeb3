"""Choices after the dice: where the rules let the roller decide after seeing some dice.

A check that offers such choices is a ``Choosing`` check: ``roll`` and ``resolve`` take the
player's choices as written (``adjustments``), and ``hand(seed=|faces=)`` gives the dice
before any choice as an immutable ``Hand``. A choice is either dice moved a point at a time
(``moved``) or one of the ways to finish the hand its ``offers`` name (a Trait miss: pay its
Chance or keep the failure). The command line (``--adjust``) and the widgets work from this
protocol alone; a system implements it in its own package (Critical dice's Legendary ranks and
Focus, Trait checks' Chance).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ._check import CheckBase
from ._dist import Distribution
from ._format import fraction, percent
from ._roll import Roll

__all__ = ["Choosing", "Hand", "Offer"]


@dataclass(frozen=True)
class Offer:
    """One way to finish a hand, as a button offers it: ``spend`` is the choices it finishes
    with as written, or ``"chosen"`` (the moves made so far) or ``"plan"`` (rollkit's plan,
    what the page's odds assume); ``label`` is the button's words."""

    spend: str
    label: str
    primary: bool = False


class Hand(ABC):
    """The dice of one roll as the player may still change them, one move at a time.

    Each move gives a new hand; ``finish`` rolls on. ``rolled`` are the faces as rolled,
    ``faces`` as they stand, ``seed`` draws the rest of the roll (None for dice rolled at
    the table).
    """

    seed: int | None
    rolled: tuple[int, ...]

    @property
    @abstractmethod
    def faces(self) -> tuple[int, ...]:
        """The dice as they stand after the moves so far."""

    @abstractmethod
    def counts(self) -> tuple[str, ...]:
        """How each die counts as it stands, as a die's ``counts`` says it ("success")."""

    @abstractmethod
    def why_not(self, die: int, by: int) -> str:
        """Why die ``die`` (from 1) cannot move ``by`` (+1 or -1) now, in the rules' words
        ("" when it can)."""

    @abstractmethod
    def moved(self, die: int, by: int) -> Hand:
        """This hand with die ``die`` moved one point (``by`` is +1 or -1)."""

    @abstractmethod
    def chosen(self, written: str) -> Hand:
        """This hand's dice with the moves ``written`` as ``written()`` writes them."""

    @abstractmethod
    def written(self) -> str:
        """The moves so far as written for a link or the command line ("" for none)."""

    @abstractmethod
    def planned(self) -> Hand:
        """This hand's dice with rollkit's plan making the moves instead."""

    @abstractmethod
    def said(self) -> str:
        """The moves in words, for a sentence ("" for none)."""

    @abstractmethod
    def chance(self) -> Fraction:
        """The exact chance of success with the dice as they stand."""

    @abstractmethod
    def finish(self) -> Roll:
        """The whole roll, with these moves."""

    @abstractmethod
    def help(self) -> str:
        """What the player can do with the dice, in one sentence."""

    @abstractmethod
    def to_spend(self) -> str:
        """What is left to spend, in words ("Legendary ranks 1 of 2, Focus 3 of 3")."""

    @abstractmethod
    def next_step(self) -> str:
        """What finishing does, as a button says it ("Roll the critical dice")."""

    @abstractmethod
    def summary(self) -> str:
        """The dice as they stand, in one sentence."""

    def open(self) -> bool:
        """Whether any die can still be moved."""
        return any(not self.why_not(d, by) for d in range(1, len(self.rolled) + 1) for by in (1, -1))

    def moves(self) -> bool:
        """Whether the player moves dice a point at a time (else ``offers`` are the choices)."""
        return True

    def offers(self) -> tuple[Offer, ...]:
        """The ways to finish this hand: with the moves made so far, or with rollkit's plan."""
        return (Offer("chosen", self.next_step(), primary=True), Offer("plan", "Use rollkit's plan instead"))

    def was(self, die: int) -> str:
        """How die ``die`` was moved, in words ("rolled 10, now 12"), or how it shows."""
        rolled, now = self.rolled[die - 1], self.faces[die - 1]
        return f"rolled {rolled}, now {now}" if now != rolled else f"shows {now}"


class Choosing(CheckBase):
    """A check whose roller makes choices after seeing some of the dice (see ``Hand``)."""

    written: ClassVar[str] = ""
    """How the player's choices are written, for the command line's ``--adjust``."""

    def chosen_words(self, roll: Roll) -> str:
        """What a roll's chance is when the player chose (``roll.chosen``), in one sentence."""
        p = roll.probability
        return (
            f"With rollkit's plan for the choices after the dice, this outcome had a {percent(p)} chance"
            f" ({fraction(p)}). rollkit's odds for these values assume that plan."
        )

    def reckoned_outcomes(self, roll: Roll) -> Distribution:
        """The outcomes (worst to best) a roll's chance is reckoned among: the check's own,
        unless the player's choice amounts to other settings (``roll.reckoned``)."""
        return self.outcomes()

    def hand(self, *, seed: int | None = None, faces: Iterable[int] | None = None) -> Hand:
        """The dice before any choice: from ``seed`` (the dice ``roll(seed=)`` shows) or the
        ``faces`` rolled at the table."""
        raise NotImplementedError  # pragma: no cover - abstract

    def roll(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        adjustments: str | None = None,
    ) -> Roll:
        """Roll; the player's ``adjustments`` (as written) replace rollkit's plan."""
        raise NotImplementedError  # pragma: no cover - abstract

    def resolve(self, faces: Iterable[int], *, adjustments: str | None = None) -> Roll:
        """Replay dice rolled at the table, with the player's ``adjustments`` (as written)."""
        raise NotImplementedError  # pragma: no cover - abstract
