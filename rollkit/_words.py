"""What a system calls things, as data its package declares: the core never guesses words.

Each system package exports ``WORDS`` (a ``Words``) and each check class a ``tally`` (a
``Tally``); roll sentences, die marks, detail names and the site's titles read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Tally", "Words"]


@dataclass(frozen=True)
class Tally:
    """What a check's tally counts: one and many ("Hit", "Hits"), or a score ("total").

    A count is said with its number first ("3 Hits", "1 Hit"); a score after its name
    ("total 15", "margin -4").
    """

    many: str
    one: str = ""
    score: bool = False

    def __post_init__(self) -> None:
        if not self.one:
            object.__setattr__(self, "one", self.many)

    def said(self, value: int) -> str:
        """``value`` of this tally in words: "3 Hits", "1 Hit", "total 15"."""
        if self.score:
            return f"{self.many} {value}"
        return f"{value} {self.one if value == 1 else self.many}"

    def needed(self, value: int) -> str:
        """What succeeds, in words: "3 or more Hits", "total of 15 or more"."""
        if self.score:
            return f"{self.many} of {value} or more"
        return f"{value} or more {self.many}"


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Words:
    """A system's own words.

    ``name`` is the system as players call it ("Hits"), ``title`` its chapter's title
    ("The Check (Hits)"); ``marks`` says how a die's ``counts`` or ``role`` is written beside
    it ("miss": "no Hit"), and ``plain_roles`` are the roles of the ordinary pool that need no
    mark; ``acronyms`` are the short words a detail's name is written with ("tn": "TN"), and
    ``details`` the rules' name of a detail where its key is not it ("stack_cap": "Stacking cap").
    """

    name: str
    title: str
    marks: Mapping[str, str] = field(default_factory=dict)
    plain_roles: frozenset[str] = frozenset({"pool"})
    acronyms: Mapping[str, str] = field(default_factory=dict)
    details: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "marks", _frozen(self.marks))
        object.__setattr__(self, "acronyms", _frozen(self.acronyms))
        object.__setattr__(self, "details", _frozen(self.details))

    def mark(self, key: str) -> str:
        """A die's mark in words (the key itself where the system names none)."""
        return self.marks.get(key, key)

    def detail(self, key: str) -> str:
        """A roll detail's key in words: "actor_exp" -> "Actor EXP", "tn" -> "TN"."""
        if key in self.details:
            return self.details[key]
        words = [self.acronyms.get(w, w) for w in key.replace("_", " ").split()]
        return " ".join([words[0][:1].upper() + words[0][1:], *words[1:]]) if words else key
