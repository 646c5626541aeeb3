"""Every number a worked example's reader reads is proved by the example itself.

A worked example is a ``!!! example`` block or a ``??? example`` fold. Its prose (the title, the paragraphs, the Result
tab, code spans included) may show a number only when it is

- one of the example's inputs or outputs: a number written in its pycon transcript (what is
  typed and what Python prints, a ``Fraction(a, b)`` as that value too) or one of the facts
  of its ```` ```rollkit-example ```` fences (``docs_tools.examples.facts``: each value, each
  face, each claim and everything rollkit gives for the roll);
- or the shown rounding of an exact output at the precision shown: "about 46%" for
  1424/3125, "45.6%" but not "45.5%" (rounded half up; 0% and 100% only when exact);
- or marked as story by the author, with an HTML comment right after it (the page does not
  show it): ``printed in 1986<!-- story -->``. For a page count or a year, never for a number
  rollkit could compute.

``unproved(path)`` lists the others as ``page.md:LINE``, the number and the block's title.
As a Markdown extension (``docs_tools.proof`` in ``mkdocs.yml``) it fails the build of a page
with any, under mkdocs and Zensical alike; ``tests/site/test_example_numbers.py`` fails on any
in ``docs/``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from docs_tools import examples
from docs_tools.fences import FenceError
from docs_tools.mdfences import source_of

__all__ = [
    "Example",
    "Unproved",
    "UnprovedError",
    "blocks",
    "numbers",
    "unproved",
    "proved",
    "STORY",
    "makeExtension",
]

STORY = "<!-- story -->"
_MARKER = re.compile(r'^(?:!!!|\?\?\?\+?)\s+example(?:\s+"(?P<title>.*)")?\s*$')
_OPEN = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[\w-]*)")
# a number as a reader reads it: 7, -3, 1,042, 45.57, 1/6, 46%
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>[-−])?(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<dec>\d+))?"
    r"(?:/(?P<den>\d+))?(?P<pct>\s?%)?(?P<story><!-- story -->)?"
)
_SKIP = re.compile(r"\]\([^)]*\)|\{[#.][^}]*\}|<[^!>][^>]*>|&\w+;|\[[^\]]*\]\[[^\]]*\]")
_PYNUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")
_PYFRACTION = re.compile(r"Fraction\((-?\d+),\s*(\d+)\)|(?<![\w.])(-?\d+)/(\d+)(?![\w.])")


@dataclass(frozen=True)
class Example:
    """A ``!!! example`` block (or ``??? example`` fold): its page, title, prose lines (1-based line, text) and the
    exact values its transcript and fences prove."""

    page: str
    line: int
    title: str
    prose: tuple[tuple[int, str], ...]
    values: frozenset[Fraction]
    texts: frozenset[str]  # numbers as written in the transcripts (decimals kept as written)
    broken: bool = False  # a rollkit-example fence that fails: it fails the build itself


@dataclass(frozen=True)
class Unproved:
    page: str
    line: int
    number: str
    title: str
    closest: str = ""  # for a percentage, the example's nearest exact chance and how it shows

    def __str__(self) -> str:
        said = f"{self.page}:{self.line}: {self.number!r} in the example {self.title!r} is no input or output of it"
        if self.closest:
            return f"{said}: {self.closest}"
        return (
            f"{said}, nor the rounding of one: print it in the transcript, or leave it out "
            f"(only a page count or a year is story: {self.number}{STORY})"
        )


def _closest(shown: str, values: frozenset[Fraction]) -> str:
    """For a percentage nothing proves, the example's nearest chance, exact and at ``shown``'s
    precision: the expected value beside the one written."""
    text = shown.rstrip("%").strip()
    places = len(text.split(".")[1]) if "." in text else 0
    chances = [v for v in values if 0 <= v <= 1]
    if not chances:
        return ""
    near = min(chances, key=lambda v: abs(v * 100 - Fraction(text)))
    scaled = near * 100 * 10**places
    rounded = Fraction(
        scaled.numerator // scaled.denominator
        + (2 * (scaled.numerator % scaled.denominator) >= scaled.denominator),
        10**places,
    )
    at = f"{float(rounded):.{places}f}%"
    return f"the nearest chance it gives is {near.numerator}/{near.denominator}, which shows as {at}, not {shown}"


def _pycon(body: str) -> tuple[set[Fraction], set[str]]:
    values: set[Fraction] = set()
    texts: set[str] = set()
    for a, b, c, d in _PYFRACTION.findall(body):
        values.add(Fraction(int(a or c), int(b or d)))
    for text in _PYNUM.findall(body):
        texts.add(text.lstrip("-"))
        values.add(Fraction(text))
    return values, texts


def _facts(body: str) -> set[Fraction]:
    found: set[Fraction] = set()
    for fact in examples.facts(examples.parse(body)):
        value = fact.value
        if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
            found.add(Fraction(value))
        elif isinstance(value, str):
            found |= {Fraction(n) for n in _PYNUM.findall(value)}
    return found


def blocks(path: Path, shown: str | None = None) -> Iterator[Example]:
    """Every ``!!! example`` block and ``??? example`` fold of a page (``shown``: the page's name in messages)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    name = shown or str(path)
    i = 0
    while i < len(lines):
        match = _MARKER.match(lines[i])
        if not match:
            i += 1
            continue
        start, title = i, match.group("title") or ""
        prose: list[tuple[int, str]] = [(start + 1, title)]
        values: set[Fraction] = set()
        texts: set[str] = set()
        broken = False
        i += 1
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith("    ")):
            opened = _OPEN.match(lines[i])
            if opened:
                fence, info, indent = opened.group("fence"), opened.group("info"), opened.group("indent")
                body: list[str] = []
                i += 1
                while i < len(lines) and not lines[i].strip().startswith(fence):
                    body.append(lines[i][len(indent) :])
                    i += 1
                i += 1
                text = "\n".join(body)
                if info == "pycon":
                    more, written = _pycon(text)
                    values |= more
                    texts |= written
                elif info == examples.KIND:
                    try:
                        values |= _facts(text)
                    except Exception:  # noqa: BLE001 - the fence's own error fails the build, at its line
                        broken = True
                continue
            stripped = lines[i].strip()
            if not stripped.startswith("==="):
                prose.append((i + 1, stripped))
            else:
                prose.append((i + 1, stripped.partition(" ")[2]))
            i += 1
        yield Example(name, start + 1, title, tuple(prose), frozenset(values), frozenset(texts), broken)


def proved(number: re.Match[str], example: Example) -> bool:
    """Whether one number of the prose is proved by the example (see the module's docstring)."""
    if number.group("story"):
        return True
    digits = number.group("num").replace(",", "")
    sign = -1 if number.group("sign") else 1
    if number.group("den"):
        value = Fraction(int(digits), int(number.group("den")))
        return value in example.values
    decimal = digits + ("." + number.group("dec") if number.group("dec") else "")
    value = sign * Fraction(decimal)
    if number.group("pct"):
        shown = ("-" if sign < 0 else "") + decimal + "%"
        if sign < 0 and decimal in example.texts:  # a band moved by points: "Critical -5%", favourable=5 - 5
            return True
        return any(examples.shows(v, shown) for v in example.values) or value in example.values
    if number.group("dec"):
        return decimal in example.texts or value in example.values
    return value in example.values or abs(value) in example.values or digits in example.texts


def numbers(text: str) -> Iterator[re.Match[str]]:
    """The numbers a reader reads in one line of prose (link targets, ids and tags left out)."""
    return _NUMBER.finditer(_SKIP.sub(" ", text.replace("`", " ")))


def unproved(path: Path, shown: str | None = None) -> list[Unproved]:
    """The numbers of a page's worked examples that nothing proves, in page order."""
    found = []
    for example in blocks(path, shown):
        if example.broken:
            continue
        for line, text in example.prose:
            for number in numbers(text):
                if not proved(number, example):
                    written = number.group(0).strip()
                    closest = (
                        _closest(written, example.values)
                        if number.group("pct") and not number.group("sign")
                        else ""
                    )
                    found.append(Unproved(example.page, line, written, example.title, closest))
    return found


class UnprovedError(FenceError):
    """A page whose worked examples show a number nothing proves: it fails the build."""


class _Proof(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        path = source_of(self.md)
        if path is not None and Path(path).is_file():
            shown = os.path.relpath(path) if Path(path).resolve().is_relative_to(Path.cwd()) else str(path)
            found = unproved(Path(path), shown)
            if found:
                raise UnprovedError("\n".join(str(u) for u in found))
        return lines


class ProofExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(_Proof(md), "rollkit-proof", 40)


def makeExtension(**kwargs: Any) -> ProofExtension:  # noqa: N802 (Python-Markdown's name)
    return ProofExtension(**kwargs)
