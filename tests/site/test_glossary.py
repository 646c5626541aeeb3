"""The glossary on the built site: each system's terms marked in its chapter's prose
(``data-rollkit-term``), never inside headings, code, links, tables or widgets, each definition
linking to a heading that exists; a glossary page per system that search finds."""

from __future__ import annotations

import functools
import html
import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rollkit import _registry

NAMES = list(_registry.BUILT_IN)
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
NOT_IN = frozenset("h1 h2 h3 h4 h5 h6 a code pre table button label summary".split())
ONLY_IN_THEIR_RULE = {"hits-fate-pool"}  # the chapter uses them only in their rule's own section


@dataclass(frozen=True)
class Mark:
    term: str
    text: str
    within: tuple[str, ...]  # the tags and classes of every element around it
    described: str  # the id its aria-describedby names
    definition: str  # the text of that element
    rule: str  # its link's href


class _Page(HTMLParser):
    """The marked terms of a built page, and every id on it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, dict[str, str]]] = []
        self.ids: set[str] = set()
        self.marks: list[Mark] = []
        self._open: list[dict[str, object]] = []  # marks being read: their text so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if "data-rollkit-term" in found:
            self._open.append({"attrs": found, "within": self._within(), "text": "", "def": "", "rule": ""})
        for mark in self._open:
            if tag == "a" and "href" in found:
                mark["rule"] = found["href"]
        if tag not in VOID:
            self.stack.append((tag, found.get("class", ""), found))

    def _within(self) -> tuple[str, ...]:
        return tuple(part for tag, classes, _ in self.stack for part in (tag, *classes.split()))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            opened, _, attrs = self.stack.pop()
            if "data-rollkit-term" in attrs and self._open:
                mark = self._open.pop()
                found = mark["attrs"]
                assert isinstance(found, dict)
                self.marks.append(
                    Mark(
                        found["data-rollkit-term"],
                        str(mark["text"]).strip(),
                        tuple(mark["within"]),  # type: ignore[arg-type]
                        found.get("aria-describedby", ""),
                        " ".join(str(mark["def"]).split()),
                        str(mark["rule"]),
                    )
                )
            if opened == tag:
                return

    def handle_data(self, data: str) -> None:
        if not self._open:
            return
        mark = self._open[-1]
        in_definition = any("rk-term-def" in classes.split() for _, classes, _ in self.stack)
        mark["def" if in_definition else "text"] = str(mark["def" if in_definition else "text"]) + data


@functools.cache  # a built page is read once a session: each test only reads what it found
def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _chapter(built: Path, name: str) -> dict[Path, _Page]:
    return {p: _read(p) for p in sorted((built / name).rglob("index.html")) if "glossary" not in p.parts}


@pytest.mark.parametrize("name", NAMES)
def test_every_term_is_marked_in_its_chapters_prose(built: Path, name: str) -> None:
    terms = {t.id: t for t in _registry.glossary(name)}
    pages = _chapter(built, name)
    marks = [m for page in pages.values() for m in page.marks]
    assert {m.term for m in marks} == set(terms) - ONLY_IN_THEIR_RULE, set(terms) - {m.term for m in marks}
    for mark in marks:
        term = terms[mark.term]
        assert mark.text in term.written, mark
        assert not NOT_IN & set(mark.within), mark
        assert not [c for c in mark.within if c.startswith(("rollkit-", "admonition-title"))], mark
        assert mark.definition.startswith(term.title) and term.definition in mark.definition, mark


@pytest.mark.parametrize("name", NAMES)
def test_each_definition_is_described_and_links_to_a_heading_that_exists(built: Path, name: str) -> None:
    pages = _chapter(built, name)
    resolved = {path.resolve(): page for path, page in pages.items()}
    for path, page in pages.items():
        for mark in page.marks:
            assert mark.described in page.ids, (path, mark)
            target, _, anchor = mark.rule.partition("#")
            rule = ((path.parent / target / "index.html") if target else path).resolve()
            assert rule in resolved, (path, mark.rule)
            assert anchor in resolved[rule].ids, (path, mark)
    for term in _registry.glossary(name):  # and what the data says is where its rule is
        page = built / name / (term.page[: -len(".md")].replace("index", "")) / "index.html"
        assert term.section in _read(page).ids, term.id


@pytest.mark.parametrize("name", NAMES)
def test_the_glossary_page_lists_every_term_and_search_finds_it(built: Path, name: str) -> None:
    page = built / name / "glossary" / "index.html"
    text = page.read_text(encoding="utf-8")
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    by_location = {doc["location"]: html.unescape(re.sub(r"<[^>]+>", "", doc["text"])) for doc in index}
    assert "data-rollkit-term" not in text
    for term in _registry.glossary(name):
        assert f'id="{term.id}"' in text, term.id
        found = by_location.get(f"{name}/glossary/#{term.id}", "")
        assert term.definition in " ".join(found.split()), term.id
        elsewhere = [where for where, said in by_location.items() if term.definition in " ".join(said.split())]
        assert elsewhere == [f"{name}/glossary/#{term.id}"], elsewhere  # the pages' copies stay out
