"""Glossary terms on the rules pages: a Python-Markdown extension (``docs_tools.glossary`` in
``mkdocs.yml``'s ``markdown_extensions``; mkdocs and Zensical both run it).

On every page of a system's chapter (``docs/<system>/``, the glossary page aside), the first use
of each of the system's terms (``rollkit._registry.glossary``) in each section of prose becomes::

    <span class="rk-term" data-rollkit-term="hits-tn" tabindex="0" aria-describedby="rk-term-3">TN
      <span class="rk-term-def" id="rk-term-3" data-search-exclude>
        <strong>TN (Target Number)</strong> — The Hits ... <a href="index.md#target-number-tn">Rule: ...</a>
      </span>
    </span>

``assets/rollkit.css`` shows the definition below the term's line on hover, focus and tap, with
no script; ``assets/rollkit/glossary.mjs`` lets Escape hide it and scrolls it into view. A term is not marked in the
section of its own rule; headings, code, links, tables, admonition titles, tab labels and the
widgets (raw HTML to Python-Markdown) are left alone, and the definitions stay out of the search
index (``data-search-exclude``), so a search finds them on the glossary page.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from docs_tools.mdfences import source_of
from rollkit import _registry
from rollkit._glossary import Term

__all__ = ["GLOSSARY_PAGE", "GlossaryExtension", "headings", "makeExtension", "terms_of"]

DOCS = Path(__file__).resolve().parent.parent / "docs"
GLOSSARY_PAGE = "glossary.md"
"""Each system's glossary page, in its chapter's folder (written by ``docs_tools.pages``)."""

_SKIP_TAGS = frozenset(
    "h1 h2 h3 h4 h5 h6 a code pre kbd samp script style table button label summary sup sub"
    " abbr dfn svg math img figure".split()
)
_SKIP_CLASSES = ("admonition-title", "headerlink", "footnote", "tabbed-labels", "rk-", "rollkit-", "md-")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ATTRS = re.compile(r"\s*\{([^}]*)\}\s*$")
_FENCE = re.compile(r"^\s*(```+|~~~+)")


def _slug(text: str) -> str:
    """The heading's anchor as the ``toc`` extension makes it (Python-Markdown's ``slugify``)."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _plain(markdown: str) -> str:
    """A heading's text as it reads: links as their text, no code or emphasis marks."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"[`*]", "", text).strip()


def headings(system: str, page: str) -> dict[str, str]:
    """Every heading of ``docs/<system>/<page>`` by its anchor: its text as it reads."""
    path = DOCS / system / page
    return _headings(path, path.stat().st_mtime_ns)  # read again once edited (mkdocs serve)


@cache
def _headings(path: Path, _changed: int) -> dict[str, str]:
    found: dict[str, str] = {}
    fence = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        opened = _FENCE.match(line)
        if opened and (not fence or opened.group(1).startswith(fence)):
            fence = "" if fence else opened.group(1)
            continue
        match = None if fence else _HEADING.match(line)
        if not match:
            continue
        title, anchor = match.group(2), ""
        attrs = _ATTRS.search(title)
        if attrs:
            title = title[: attrs.start()]
            anchor = next((a[1:] for a in attrs.group(1).split() if a.startswith("#")), "")
        title = _plain(title)
        base = anchor or _slug(title)
        anchor, n = base, 0
        while anchor in found:  # as toc makes a repeated heading's anchor unique
            n += 1
            anchor = f"{base}_{n}"
        found[anchor] = title
    return found


def terms_of(system: str) -> tuple[Term, ...]:
    """The system's terms, each checked against its chapter: a missing rule page or anchor is a
    ``ValueError`` naming the term."""
    found = _registry.glossary(system)
    for term in found:
        if not (DOCS / system / term.page).exists():
            raise ValueError(f"glossary term {term.id}: there is no page docs/{system}/{term.page}")
        if term.section not in headings(system, term.page):
            raise ValueError(f"glossary term {term.id}: docs/{system}/{term.page} has no #{term.section}")
    return found


@cache
def _finder(system: str) -> tuple[re.Pattern[str], dict[str, Term]]:
    by_spelling = {written: term for term in terms_of(system) for written in term.written}
    spellings = sorted(by_spelling, key=lambda s: (-len(s), s))
    pattern = re.compile(r"(?<![\w-])(?:{})(?![\w-])".format("|".join(map(re.escape, spellings))))
    return pattern, by_spelling


def _skipped(element: Element) -> bool:
    classes = element.get("class", "").split()
    return element.tag in _SKIP_TAGS or any(c.startswith(_SKIP_CLASSES) for c in classes)


class _Terms(Treeprocessor):
    """Marks the first use of each term in each section of a system's page."""

    def run(self, root: Element) -> None:
        path = source_of(self.md)
        if path is None or not path.resolve().is_relative_to(DOCS):
            return
        parts = path.resolve().relative_to(DOCS).parts
        if len(parts) != 2 or parts[0] not in _registry.names() or parts[1] == GLOSSARY_PAGE:
            return
        self.system, self.page = parts
        self.pattern, self.by_spelling = _finder(self.system)
        if not self.by_spelling:
            return
        self.seen: set[str] = set()
        self.count = 0
        self._walk(root)

    def _walk(self, element: Element) -> None:
        marked = self._split(element.text or "")
        if marked is not None:
            element.text, spans = marked
            for i, span in enumerate(spans):
                element.insert(i, span)
        for child in list(element):
            if re.fullmatch(r"h[1-6]", child.tag):  # a new section: its terms not yet used,
                self.seen = {t.id for t in self.by_spelling.values() if self._defines(t, child)}
            if not _skipped(child):
                self._walk(child)
            marked = self._split(child.tail or "")
            if marked is not None:
                child.tail, spans = marked
                at = list(element).index(child) + 1
                for i, span in enumerate(spans):
                    element.insert(at + i, span)

    def _defines(self, term: Term, heading: Element) -> bool:
        """Whether ``heading`` opens the section of the term's own rule (it is not marked there)."""
        return term.page == self.page and term.section == heading.get("id")

    def _split(self, text: str) -> tuple[str, list[Element]] | None:
        """``text`` with its unseen terms as elements: the text before them, and the elements,
        each carrying the text after it; ``None`` when there is nothing to mark."""
        if not text:
            return None
        head: str | None = None
        spans: list[Element] = []
        last = 0
        for match in self.pattern.finditer(text):
            term = self.by_spelling[match.group(0)]
            if term.id in self.seen:
                continue
            self.seen.add(term.id)
            before = text[last : match.start()]
            if spans:
                spans[-1].tail = before
            else:
                head = before
            spans.append(self._span(term, match.group(0)))
            last = match.end()
        if not spans:
            return None
        spans[-1].tail = text[last:]
        return head or "", spans

    def _span(self, term: Term, written: str) -> Element:
        self.count += 1
        described = f"rk-term-{self.count}"
        span = Element(
            "span",
            {
                "class": "rk-term",
                "data-rollkit-term": term.id,
                "tabindex": "0",
                "aria-describedby": described,
            },
        )
        span.text = written
        definition = SubElement(
            span, "span", {"class": "rk-term-def", "id": described, "data-search-exclude": ""}
        )
        name = SubElement(definition, "strong")
        name.text = term.title
        name.tail = f" \N{EM DASH} {term.definition} "
        page = "" if term.page == self.page else term.page
        link = SubElement(definition, "a", {"href": f"{page}#{term.section}"})
        link.text = f"Rule: {headings(self.system, term.page)[term.section]}"
        return span


class GlossaryExtension(Extension):
    """Registers the terms' tree processor: after ``toc`` (its anchors are set) and before
    mkdocs' link rewriting (so each rule's link is to a page's ``.md`` like any other)."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(_Terms(md), "rollkit_glossary", 4)


def makeExtension(**kwargs: Any) -> GlossaryExtension:  # noqa: N802 (Python-Markdown's name)
    return GlossaryExtension(**kwargs)
