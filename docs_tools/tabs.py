"""Worked examples' tabs (Result, Python) are plain tabs: the style sheet draws them and the
page's own script links them, not the theme's tab component.

The theme gives every tab set marked ``data-tabs`` (pymdownx.tabbed marks each) a component that
measures the set as the page loads and again on every page change, to slide its underline: a
forced layout of each worked example's block, which the page otherwise skips while it is far off
screen (``theme.css``), three times over (about 80 sets on the rules pages, up to 20 on one).
The tabs of a worked example (a ``!!! example`` block or a ``??? example`` fold) lose the mark:
radio buttons and the style sheet switch them as they do without JavaScript, ``theme.css``
underlines the chosen tab, and ``assets/csp/md-content.js`` links them (a tab chosen in one
example is chosen in every example of every page, and kept). Other tab sets keep the theme's.

A Markdown extension (``docs_tools.tabs`` in ``mkdocs.yml``), so mkdocs and Zensical both
build it.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

__all__ = ["TabsExtension", "makeExtension", "worked"]


def worked(element: etree.Element) -> bool:
    """A worked example's block or fold (the admonition extension's or pymdownx.details')."""
    classes = (element.get("class") or "").split()
    return "example" in classes and (element.tag == "details" or "admonition" in classes)


class _Tabs(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        for block in root.iter():
            if not worked(block):
                continue
            for tabs in block.iter("div"):
                if "tabbed-set" in (tabs.get("class") or "").split():
                    tabs.attrib.pop("data-tabs", None)


class TabsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(_Tabs(md), "rollkit-tabs", 3)  # after pymdownx.tabbed's slugs (4)


def makeExtension(**kwargs: Any) -> TabsExtension:  # noqa: N802 (Python-Markdown's name)
    return TabsExtension(**kwargs)
