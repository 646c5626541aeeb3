"""Rulings: where a rules source is ambiguous, contradicts itself or lost a piece."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Ruling"]


@dataclass(frozen=True)
class Ruling:
    """One ruling, published on the site's rulings page.

    ``title`` names it for players in a few words (the site's links show it);
    ``source`` says (in our words) what the rules text says and where;
    ``ruling`` is what rollkit does; ``why`` gives the reason and the numbers
    that show the problem.
    """

    id: str
    title: str
    system: str
    section: str
    source: str
    ruling: str
    why: str
