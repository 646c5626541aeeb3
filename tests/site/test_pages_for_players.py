"""Pages read by players: rulings are named by their titles, never by bare ids.

Every link to ``rulings.md#ID`` must show that ruling's title as its text, ID must
be a ruling, and no ruling id may stand in the prose outside a link or a code span.
Generated pages are checked too, so docstrings and limits show titles as well.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

import rollkit
from docs_tools.mdfences import inline, scan

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TITLES = {r.id: r.title for r in rollkit.RULINGS}
_BARE = re.compile(
    "(?<![\\w-])({})(?![\\w-])".format("|".join(re.escape(i) for i in sorted(TITLES, key=len, reverse=True)))
)
_ATTRIBUTES = re.compile(r"\{[#.:][^}]*\}")  # attr_list after a heading, { #id .class }


def _ruling_target(href: str, page: str) -> str | None:
    """The anchor of a link to the rulings page (``page`` is relative to docs/), else None."""
    path, hashmark, anchor = href.partition("#")
    if "://" in path:
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    return anchor if target == "rulings.md" and hashmark else None


def link_problems(text: str, page: str) -> list[str]:
    """``page:line: what is wrong`` for every ruling link or bare ruling id in ``text``."""
    problems: list[str] = []
    for line, token in inline(text):
        link: str | None = None  # the ruling id of the link we are inside
        words: list[str] = []
        depth = 0  # links that are not ruling links
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "link_open":
                target = _ruling_target(str(child.attrs.get("href", "")), page)
                if target is None:
                    depth += 1
                    continue
                link, words = target, []
                if target not in TITLES:
                    problems.append(f"{page}:{line}: #{target} is not a ruling")
            elif child.type == "link_close":
                if link is None:
                    depth -= 1
                    continue
                shown = "".join(words)
                if link in TITLES and shown != TITLES[link]:
                    problems.append(
                        f"{page}:{line}: link to {link} reads {shown!r}, not its title {TITLES[link]!r}"
                    )
                link = None
            elif link is not None and child.type in ("text", "code_inline"):
                words.append(child.content)
            elif child.type == "text":
                for match in _BARE.finditer(_ATTRIBUTES.sub("", child.content)):
                    problems.append(
                        f"{page}:{line}: bare ruling id {match.group(1)}:"
                        f" link it with its title {TITLES[match.group(1)]!r}"
                    )
    return problems


def test_the_check_finds_every_kind_of_problem() -> None:
    text = (
        "# Page\n\nGood: [Untrained actions use the Attribute's pool]"
        "(../rulings.md#hits-untrained-action).\n\n"
        "Old text: [hits-tn-zero](../rulings.md#hits-tn-zero).\n\n"
        '!!! example "Nested"\n    Wrong anchor [x](../rulings.md#hits-nothing-here)\n\n'
        '=== "Tab"\n\n    A bare trait-reach-equal, but `trait-reach-equal` is code.\n\n'
        "## Heading {#trait-contest-ties}\n\n"
        "```text\nagain-pool-floor in a fence\n```\n\n"
        "[elsewhere](../hits/index.md#hits-tn-zero) and [the page](../rulings.md)\n"
    )
    found = link_problems(text, "hits/odds.md")
    assert [p.split(":")[1] for p in found] == ["5", "8", "12"], found
    assert "reads 'hits-tn-zero'" in found[0] and "not a ruling" in found[1]
    assert "bare ruling id trait-reach-equal" in found[2]
    assert link_problems("[A margin of 0 passes](#ninefold-margin-tie)", "rulings.md") == []
    assert link_problems("[Wrong](#ninefold-margin-tie)", "rulings.md") != []


def test_titles_are_short_plain_and_unique() -> None:
    titles = [r.title for r in rollkit.RULINGS]
    assert len(set(titles)) == len(titles)
    for ruling in rollkit.RULINGS:
        assert 3 < len(ruling.title) <= 60, ruling.id
        assert not set(ruling.title) & set("[]`*_#|<>"), ruling.id
        assert ruling.title[0].isupper() or not ruling.title[0].isalpha(), ruling.id
        assert not ruling.title.endswith("."), ruling.id


@pytest.mark.parametrize("page", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")))
def test_rulings_are_linked_by_title(page: str) -> None:
    assert link_problems((DOCS / page).read_text(encoding="utf-8"), page) == []


def _headings(text: str) -> list[tuple[int, str]]:
    """(line, text) of every top-level Markdown heading, fenced code left out."""
    found, fenced = [], False
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.append((number, line))
    return found


def unfolded_python(text: str) -> list[int]:
    """Lines of pycon fences a reader meets unasked: not in a collapsed `???` block, a
    "Python" tab, or a block or section whose title says it is about Python."""
    fences, blocks = scan(text)
    headings = _headings(text)
    lines = []
    for fence in fences:
        if fence.info.split()[:1] != ["pycon"]:
            continue
        around = [b for b in blocks if fence in b.fences]
        heading = next((h for n, h in reversed(headings) if n < fence.line), "")
        if not (any(b.kind in ("???", "???+") or "Python" in b.title for b in around) or "Python" in heading):
            lines.append(fence.line)
    return lines


def examples_without_result_tab(text: str) -> list[int]:
    """Lines of `!!! example` blocks whose Python is not in a "Python" tab after a "Result" tab."""
    _, blocks = scan(text)
    bad = []
    for example in (b for b in blocks if b.kind == "!!!" and b.type == "example"):
        for fence in (f for f in example.fences if f.info.split()[:1] == ["pycon"]):
            tabs = [b for b in blocks if b.kind == "===" and example.line < b.line < fence.line]
            python = [b for b in tabs if b.title == "Python" and fence in b.fences]
            if not python or not any(b.title == "Result" and b.line < python[0].line for b in tabs):
                bad.append(example.line)
                break
    return bad


def test_the_python_checks_can_fail() -> None:
    text = (
        "# Rules\n\nA rule.\n\n```pycon\n>>> 1\n1\n```\n\n"
        '??? example "In Python"\n\n    ```pycon\n    >>> 2\n    2\n    ```\n\n'
        '!!! example "Worked"\n    Words.\n\n    ```pycon\n    >>> 3\n    3\n    ```\n\n'
        '!!! example "Tabbed"\n    Words.\n\n    === "Result"\n\n        Three.\n\n'
        '    === "Python"\n\n        ```pycon\n        >>> 3\n        3\n        ```\n\n'
        "## Try it in Python\n\n```pycon\n>>> 4\n4\n```\n"
    )
    assert unfolded_python(text) == [5, 20]
    assert examples_without_result_tab(text) == [17]


@pytest.mark.parametrize("page", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")))
def test_python_never_interrupts_the_rules(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert unfolded_python(text) == [], 'fold these pycon blocks: ??? example "In Python"'
    assert examples_without_result_tab(text) == [], "give these examples a Result and a Python tab"
