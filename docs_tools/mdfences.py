"""Find fenced code blocks in Markdown with their real line numbers.

Fences nested in admonitions (``!!! example``), collapsible blocks (``???``)
and content tabs (``=== "Tab"``) count too: the marker line is blanked, which
turns the indented body into an indented code block, and that block is parsed
again with its line offset. ``inline`` walks the prose the same way.

``locate`` names the page and line of a fence that a superfences formatter is
rendering, under mkdocs and Zensical alike, for the formatter's error message.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

__all__ = ["Fence", "Block", "scan", "inline", "source_of", "locate"]

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
            markers[i] = (
                match.group("kind"),
                rest[0].strip('"') if rest else "",
                title.group(1) if title else "",
            )
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


def source_of(md: Any) -> Path | None:
    """The Markdown file that ``md`` (one ``Markdown`` instance a page) is converting.

    Python-Markdown itself does not know; the builders leave it on the processors they
    register: mkdocs on its link-rewriting tree processors (``file.abs_src_path``),
    Zensical on its rendering-context preprocessor (``page.path`` under ``docs_dir``).
    ``tests/site/test_build.py`` holds both to it.
    """
    for processor in getattr(md, "treeprocessors", ()):
        path = getattr(getattr(processor, "file", None), "abs_src_path", None)
        if path:
            return Path(path)
    for processor in getattr(md, "preprocessors", ()):
        page, config = getattr(processor, "page", None), getattr(processor, "config", None)
        if getattr(page, "path", None) and isinstance(config, dict) and config.get("docs_dir"):
            return Path(config.get("root_dir") or ".", config["docs_dir"], page.path)
    return None


def _lines(body: str) -> list[str]:
    # as Python-Markdown hands a fence's body to a formatter: tabs expanded, no trailing blanks
    return [line.expandtabs(4).rstrip() for line in body.strip("\n").split("\n")]


def locate(md: Any, kind: str, body: str) -> str:
    """``page.md:LINE`` of the ```` ```kind ```` fence holding ``body`` on the page ``md`` is
    converting (the page relative to the working directory when under it); just the page
    when the fence cannot be found in its file, and ``an unknown page`` without one.

    Only called for a failing fence, so a page's fences are never parsed twice to build it.
    """
    path = source_of(md)
    if path is None:
        return "an unknown page"
    shown = os.path.relpath(path) if Path(path).resolve().is_relative_to(Path.cwd()) else str(path)
    try:
        fences = [f for f in scan(path.read_text(encoding="utf-8"))[0] if f.info.split()[:1] == [kind]]
    except (OSError, UnicodeDecodeError):
        return shown
    wanted = _lines(body)
    same = [f.line for f in fences if _lines(f.body) == wanted]
    if not same and len(fences) == 1:
        same = [fences[0].line]
    return f"{shown}:{same[0]}" if same else shown
