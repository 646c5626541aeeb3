"""Glossary terms: each rules term of a system defined once, as data the site and widgets share.

Each system package declares ``GLOSSARY`` (a tuple of ``Term`` in ``_glossary.py``), found through
the registry (``rollkit._registry.glossary``). The site's glossary pages list them, and the build
marks each term's first use in a section of that system's pages with its definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Term"]

_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
_ANCHOR = re.compile(r"[a-z0-9][a-z0-9_-]*")


@dataclass(frozen=True, kw_only=True)
class Term:
    """One rules term of one system.

    ``id`` is the system's name then the term ("hits-tn"); ``term`` is how the rules write it
    ("TN"), ``spellings`` the other ways a page writes it ("Target Number", plurals); each is
    matched whole and with its case. ``definition`` says what it means in one or two sentences
    of our own; ``page`` is the chapter page of its rule ("index.md", relative to the system's
    folder) and ``section`` that rule's heading anchor on it.
    """

    id: str
    term: str
    spellings: tuple[str, ...] = ()
    stands_for: str = ""
    definition: str
    page: str
    section: str

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise ValueError(f"Term id={self.id!r} must be lower-case words joined by hyphens")
        if not _ANCHOR.fullmatch(self.section) or not self.page.endswith(".md"):
            raise ValueError(
                f"Term {self.id}: page={self.page!r} section={self.section!r} is no rule's place"
            )
        if not self.definition.endswith(".") or len(self.definition) > 400:
            raise ValueError(f"Term {self.id}: the definition is one or two whole sentences")

    @property
    def title(self) -> str:
        """The term as its glossary entry and definition head it: "TN (Target Number)"."""
        return f"{self.term} ({self.stands_for})" if self.stands_for else self.term

    @property
    def written(self) -> tuple[str, ...]:
        """Every way a page writes the term, the term itself first."""
        return (self.term, *self.spellings)
