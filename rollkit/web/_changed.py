"""A link made on an earlier build of the site: what its odds were then, said beside the odds now.

A widget's shared link carries the chance of success its values had (``c=13/24``) and the build
it was made on (``b=``); opened on another build, the widget asks for its odds with that chance
as ``earlier`` (``OddsRequest``), and the odds view says so when the chance is not the same any
more, with both numbers, or, when the link did not carry one, that the odds are this version's.
"""

from __future__ import annotations

from fractions import Fraction

from .._format import fraction, percent
from ._tree import Element, node

__all__ = ["EARLIER_MOST", "earlier_chance", "changed_note"]

EARLIER_MOST = 1000  # characters: a link's chance longer than this is taken as not known


def earlier_chance(text: str) -> Fraction | None:
    """The chance a link carried (``"13/24"``), or None when it carried none that is a chance."""
    text = text.strip()
    if not text or len(text) > EARLIER_MOST or not all(c.isdigit() or c == "/" for c in text):
        return None
    try:
        chance = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    return chance if 0 <= chance <= 1 else None


def changed_note(now: Fraction, earlier: str) -> Element | None:
    """The note for odds opened from a link of an earlier build (``earlier``: the chance of
    success it carried, "" when none); None when that chance is the one these values have now."""
    before = earlier_chance(earlier)
    if before == now:
        return None
    if before is None:
        said = (
            "This link was made on an earlier version of the site; the chance it showed is not"
            " known, and the odds below are this version's."
        )
    else:
        said = (
            "This link was made on an earlier version of the site, when these values had a"
            f" {percent(before)} ({fraction(before)}) chance of success; the rules changed since:"
            f" now {percent(now)} ({fraction(now)})."
        )
    return node("p", {"class": "rk-link-changed", "data-rollkit-earlier": earlier or "unknown"}, said)
