"""The sizes beyond which rollkit refuses (``LimitError``) rather than compute for too long.

Limits are declared data: each system's ``_rules`` module defines its ``MAX_*``
constants and ``LIMITS``, one ``Limit`` per constant saying what it bounds, in the
order ``rollkit limits`` lists them. ``limits()`` gathers them; a test holds every
exported ``MAX_*`` name to its entry.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Limit", "limits"]


class Limit(NamedTuple):
    """``system.name`` (a ``MAX_*`` constant) is ``value``; ``description`` says what it bounds.

    A named tuple rather than a dataclass: every system builds its ``LIMITS`` on import, and
    a dataclass would cost a fresh process about 0.3 ms more there.
    """

    system: str
    name: str
    value: int
    description: str


def limits() -> tuple[Limit, ...]:
    """Every limit of every system, with its value and what it bounds."""
    from . import _registry

    return tuple(limit for module in _registry.systems().values() for limit in module.LIMITS)
