"""What changed, for players: the rules part of ``CHANGELOG.md`` as the site's "What changed"
page, and a dated mark on each rule section that changed, linking to its entry there.

A Markdown extension (``markdown_extensions: - docs_tools.changes`` in ``mkdocs.yml``; mkdocs
and Zensical both load it) does both while a page is converted, so the page is made from the
CHANGELOG at every build:

- ``docs/changes.md`` holds ``MARKER``; the extension puts ``rules_part(CHANGELOG.md)`` there.
  The rules part is every entry but the ones for contributors and Python users (``SKIPPED``)
  and, in the others, every bullet for Python users or the command line (``_for_players``):
  one that starts with "For Python users", "In Python" or code. Each entry's heading gets
  the id ``entry_id(title)``, which the marks link to.
- ``CHANGED`` declares which rule sections changed, one place: the page, the heading's id, the
  CHANGELOG entry and the date. After that heading the extension writes the mark, "Changed 1
  December 2026: ...", a paragraph of class ``rk-changed`` with ``data-rollkit-changed`` (the
  date) whose link opens the entry. A declared page, heading or entry that does not exist fails
  the build, naming it.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from markdown import Extension
from markdown.extensions.toc import slugify
from markdown.preprocessors import Preprocessor

from docs_tools.mdfences import source_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHANGELOG = ROOT / "CHANGELOG.md"
PAGE = "changes.md"  # the "What changed" page, under docs/
MARKER = "<!-- rollkit: the rules part of CHANGELOG.md (docs_tools.changes) -->"
SKIPPED = ("For contributors", "For Python users")
UNRELEASED = "## This version (not released yet) {#changed-unreleased}"

__all__ = ["Changed", "CHANGED", "entry_id", "rules_part", "mark", "makeExtension", "ChangesError"]


class ChangesError(RuntimeError):
    """A declared change names a page, heading or entry that is not there."""


@dataclass(frozen=True, kw_only=True)
class Changed:
    """A rule section that changed: the heading ``anchor`` on ``page`` (under docs/), the
    CHANGELOG ``entry`` (its heading) that says how, on ``day``, and ``what`` in a few words."""

    page: str
    anchor: str
    entry: str
    day: date
    what: str


_TODAY = date(2026, 12, 1)
CHANGED: tuple[Changed, ...] = (
    Changed(
        page="hits/special-checks.md",
        anchor="validation-dice",
        entry="Every rule playable from the character sheet",
        day=_TODAY,
        what="a failed Validation Die no longer cancels success by itself; its keyword says what it does",
    ),
    Changed(
        page="hits/special-checks.md",
        anchor="a-knowledge-group-check",
        entry="The Check (Hits): an attack to its damage, and every sheet option",
        day=_TODAY,
        what="a helper's Knowledge Rating must be within 1 level of the leader's, above as well as below",
    ),
    Changed(
        page="again/index.md",
        anchor="critical-success",
        entry="Again, Critical dice and Trait: criticals, botches and Chance wherever the rules say",
        day=_TODAY,
        what="five or more successes are a critical success on any roll, one that misses too",
    ),
    Changed(
        page="again/mitigated-and-opposed.md",
        anchor="critical-successes-and-botches",
        entry="Again, Critical dice and Trait: criticals, botches and Chance wherever the rules say",
        day=_TODAY,
        what="an opposed roll rolls the botch die, and either side can be critical",
    ),
    Changed(
        page="ninefold/index.md",
        anchor="choosing-a-die",
        entry="Ninefold played to the end",
        day=_TODAY,
        what="X+ is a roll above X: a 40% check on a d20 is 12+",
    ),
)


def entry_id(title: str) -> str:
    """The id of a CHANGELOG entry's heading on the "What changed" page."""
    return "changed-" + slugify(title, "-")


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


_BULLET = re.compile(r"^- (?:\*\*)?(?:For Python users|In Python|`)")


def _for_players(bullet: list[str]) -> bool:
    return not _BULLET.match(bullet[0])


def rules_part(changelog: str) -> str:
    """The Markdown of the "What changed" page's entries: ``changelog`` without its title and
    opening, its entries for contributors and Python users, and its bullets for Python users
    or the command line; each entry's heading with its ``entry_id``."""
    out: list[str] = []
    section: list[str] = []  # the lines of the entry (or bullet) being read
    skipping = True  # the title and opening, then any skipped entry

    def bullet_done() -> None:
        if section and not section[0].startswith("- "):
            out.extend([*section, ""])  # a paragraph, apart from the list after it
        elif section and _for_players(section):
            out.extend(section)
        section.clear()

    for line in changelog.splitlines():
        if line.startswith("## "):
            bullet_done()
            skipping = False
            out.extend(["", UNRELEASED if line.strip() == "## Unreleased" else line, ""])
        elif line.startswith("### "):
            bullet_done()
            title = line[4:].strip()
            skipping = title in SKIPPED
            if not skipping:
                out.extend(["", f"### {title} {{#{entry_id(title)}}}", ""])
        elif skipping:
            continue
        elif line.startswith("- "):
            bullet_done()
            section.append(line)
        elif line.strip():
            section.append(line)
    bullet_done()
    return "\n".join(out).strip() + "\n"


def mark(change: Changed) -> list[str]:
    """The Markdown lines of a change's mark, after its heading on its page."""
    target = posixpath.relpath(PAGE, posixpath.dirname(change.page) or ".")
    return [
        "",
        f"[Changed {_day(change.day)}]({target}#{entry_id(change.entry)}): {change.what}.",
        f'{{: .rk-changed data-rollkit-changed="{change.day.isoformat()}" }}',
        "",
    ]


_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{([^}]*)\})?\s*$")
_ID = re.compile(r"#([\w-]+)")


def _heading_id(line: str) -> str | None:
    found = _HEADING.match(line)
    if not found:
        return None
    attributes = _ID.search(found.group(3) or "")
    return attributes.group(1) if attributes else slugify(found.group(2), "-")


def _marked(lines: list[str], page: str) -> list[str]:
    wanted = {c.anchor: c for c in CHANGED if c.page == page}
    out: list[str] = []
    fence = None
    for line in lines:
        out.append(line)
        opened = _FENCE.match(line)
        if opened:
            fence = None if fence == opened.group(1) else fence or opened.group(1)
            continue
        if fence is None and (anchor := _heading_id(line)) in wanted:
            out.extend(mark(wanted.pop(anchor)))
    if wanted:
        raise ChangesError(
            f"docs/{page} has no heading {', '.join('#' + a for a in wanted)} (docs_tools.changes.CHANGED)"
        )
    return out


class _Changes(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        path = source_of(self.md)
        try:
            page = path.resolve().relative_to(DOCS).as_posix() if path else ""
        except ValueError:  # a page outside the site's docs (a test's own site)
            return lines
        if MARKER in lines:
            at = lines.index(MARKER)
            lines = (
                lines[:at] + rules_part(CHANGELOG.read_text(encoding="utf-8")).splitlines() + lines[at + 1 :]
            )
        return _marked(lines, page)


def check() -> None:
    """Raise ``ChangesError`` unless every declared change names a CHANGELOG entry of the rules part."""
    part = rules_part(CHANGELOG.read_text(encoding="utf-8"))
    for change in CHANGED:
        if f"{{#{entry_id(change.entry)}}}" not in part:
            raise ChangesError(
                f"CHANGELOG.md has no entry for players titled {change.entry!r} (docs_tools.changes.CHANGED)"
            )


class _Extension(Extension):
    def extendMarkdown(self, md: Any) -> None:  # noqa: N802 - Python-Markdown's name
        check()
        md.preprocessors.register(
            _Changes(md), "rollkit-changes", 28
        )  # before fenced code (25) and attr_list


def makeExtension(**kwargs: Any) -> Extension:  # noqa: N802 - Python-Markdown's name
    """The extension, as ``markdown_extensions: - docs_tools.changes`` loads it."""
    return _Extension(**kwargs)
