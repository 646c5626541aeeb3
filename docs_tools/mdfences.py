"""Find fenced code blocks in Markdown with their real line numbers.

Fences nested in admonitions (``!!! example``), collapsible blocks (``???``)
and content tabs (``=== "Tab"``) count too: the marker line is blanked, which
turns the indented body into an indented code block, and that block is parsed
again with its line offset. ``inline`` walks the prose the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

__all__ = ["Fence", "Block", "scan", "inline"]

_MARKER = re.compile(r"^(?P<indent>\s*)(?P<kind>!!!|\?\?\?\+?|===)\s+(?P<rest>.*)$")
_TITLE = re.compile(r'"(.*)"')


@dataclass(frozen=True)
class Fence:
    """A fenced code block: its info string, its body and the line of its opening fence."""

    info: str
    body: str
    line: int  # 1-based line of the opening fence in the file


@dataclass(frozen=True)
class Block:
    """An admonition or content tab: its marker, type and the fences inside it."""

    kind: str  # "!!!", "???", "???+" or "==="
    type: str  # e.g. "example", or the first word of a tab title
    line: int
    fences: tuple[Fence, ...]  # nested ones included
    title: str = ""  # the quoted title, e.g. "In Python" or a tab's whole title


_parser = MarkdownIt("commonmark")


def _parse(text: str) -> tuple[list[Token], dict[int, tuple[str, str, str]]]:
    """Tokens of ``text`` with block markers blanked, and the markers by 0-based line."""
    lines = text.split("\n")
    markers: dict[int, tuple[str, str, str]] = {}
    for i, line in enumerate(lines):
        match = _MARKER.match(line)
        if match and not match.group("indent"):
            rest = match.group("rest").split()
            title = _TITLE.search(match.group("rest"))
            markers[i] = (match.group("kind"), rest[0].strip('"') if rest else "",
                          title.group(1) if title else "")
            lines[i] = "***"  # a one-line block: the indented body after it is a code block
    return _parser.parse("\n".join(lines)), markers


def _scan(text: str, offset: int, fences: list[Fence], blocks: list[Block]) -> None:
    tokens, markers = _parse(text)
    owner: int | None = None
    for token in tokens:
        if token.map is None:
            continue
        start = token.map[0]
        if token.type == "hr" and start in markers:
            owner = start
            continue
        if token.type == "fence":
            fences.append(Fence(token.info.strip(), token.content, offset + start + 1))
        elif token.type == "code_block":
            # commonmark strips four columns from an indented block: the body is dedented
            inner: list[Fence] = []
            _scan(token.content, offset + start, inner, blocks)
            fences.extend(inner)
            if owner is not None:
                kind, type_, title = markers[owner]
                blocks.append(Block(kind, type_, offset + owner + 1, tuple(inner), title))
        owner = None


def inline(text: str, offset: int = 0) -> Iterator[tuple[int, Token]]:
    """Every run of prose (a paragraph, heading or table) as an ``inline`` token with its
    1-based line, in order, the prose inside admonitions, details and tabs included.

    Its ``children`` are the text, code spans and links (commonmark, so a table's
    cells are one paragraph and ``{#id}`` after a heading is plain text).
    """
    for token in _parse(text)[0]:
        if token.map is None:
            continue
        if token.type == "code_block":
            yield from inline(token.content, offset + token.map[0])
        elif token.type == "inline":
            yield offset + token.map[0] + 1, token


def scan(text: str) -> tuple[list[Fence], list[Block]]:
    """All fences (in order, nested ones included) and all admonition/tab blocks."""
    fences: list[Fence] = []
    blocks: list[Block] = []
    _scan(text, 0, fences, blocks)
    fences.sort(key=lambda f: f.line)
    blocks.sort(key=lambda b: b.line)
    return fences, blocks
