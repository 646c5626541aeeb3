"""An "On this page" fold under the title of every long page, built with the page.

A phone shows no table of contents beside the text (it is in the menu, out of sight), so a
page with at least ``LEAST`` sections and subsections gets, right after its title, a closed
``<details data-rollkit-contents>`` listing them (its sections, each with its subsections),
linked to their headings. It is left out of the search index, and ``theme.css`` hides it
where the theme shows its own table of contents beside the text.

A Markdown extension (``docs_tools.contents`` in ``mkdocs.yml``'s ``markdown_extensions``),
so mkdocs and Zensical both build it; it reads the headings the ``toc`` extension found.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

__all__ = ["LEAST", "LABEL", "ContentsExtension", "makeExtension"]

LEAST = 3  # sections and subsections a page needs before it gets the fold
LABEL = "On this page"


def _entries(tokens: list[dict[str, Any]], depth: int) -> list[dict[str, Any]]:
    """The headings of levels 2 and 3 under the page's title (or at the top, without one)."""
    if len(tokens) == 1 and tokens[0]["level"] == 1:
        tokens = tokens[0]["children"]
    return [t for t in tokens if t["level"] <= depth]


def _list(tokens: list[dict[str, Any]], parent: etree.Element) -> None:
    ordered = etree.SubElement(parent, "ol")
    for token in tokens:
        item = etree.SubElement(ordered, "li")
        link = etree.SubElement(item, "a", {"href": "#" + token["id"]})
        link.text = token["name"]
        children = [c for c in token["children"] if c["level"] <= 3]
        if children:
            _list(children, item)


class _Contents(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        tokens = _entries(list(getattr(self.md, "toc_tokens", [])), 3)
        count = sum(1 + len([c for c in t["children"] if c["level"] <= 3]) for t in tokens)
        if count < LEAST:
            return
        fold = etree.Element(
            "details", {"class": "abstract", "data-rollkit-contents": "", "data-search-exclude": ""}
        )
        etree.SubElement(fold, "summary").text = LABEL
        _list(tokens, fold)
        children = list(root)
        title = next((i for i, e in enumerate(children) if e.tag == "h1"), -1)
        fold.tail = "\n"
        root.insert(title + 1, fold)


class ContentsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(_Contents(md), "rollkit-contents", 4)  # after toc (5)


def makeExtension(**kwargs: Any) -> ContentsExtension:  # noqa: N802 (Python-Markdown's name)
    return ContentsExtension(**kwargs)
