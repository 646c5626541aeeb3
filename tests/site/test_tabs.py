"""A worked example's tabs lose the theme's mark (``data-tabs``), other tab sets keep it
(docs_tools/tabs.py); the built site's style sheet underlines the chosen tab of unmarked sets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders the pages")

import markdown  # noqa: E402 (after the skip above)

SOURCE = """\
!!! example "A worked example"

    === "Result"

        Three Hits.

    === "Python"

        Some code.

??? example "A folded one"

    === "Result"

        Two Hits.

    === "Python"

        More code.

=== "TN 2"

    A table.

=== "TN 3"

    Another.
"""


def _html(extensions: list[str]) -> str:
    md = markdown.Markdown(
        extensions=["admonition", "pymdownx.details", "pymdownx.superfences", *extensions],
        extension_configs={"pymdownx.tabbed": {"alternate_style": True}},
    )
    return md.convert(SOURCE)


def _sets(html: str) -> list[str]:
    return re.findall(r'<div class="tabbed-set tabbed-alternate"[^>]*>', html)


def test_a_worked_examples_tabs_lose_the_themes_mark_and_others_keep_it() -> None:
    before = _sets(_html(["pymdownx.tabbed"]))
    assert len(before) == 3 and all("data-tabs" in s for s in before)  # pymdownx marks every set
    after = _sets(_html(["pymdownx.tabbed", "docs_tools.tabs"]))
    assert after[:2] == ['<div class="tabbed-set tabbed-alternate">'] * 2  # the block and the fold
    assert after[2] == '<div class="tabbed-set tabbed-alternate" data-tabs="3:2">'  # not an example


@pytest.mark.site
def test_the_rules_pages_tabs_of_worked_examples_are_unmarked(built: Path) -> None:
    page = (built / "hits" / "index.html").read_text(encoding="utf-8")
    examples = re.findall(
        r'<div class="admonition example">.*?<div class="tabbed-set[^"]*"([^>]*)>', page, re.S
    )
    assert examples and all("data-tabs" not in attrs for attrs in examples)
    # theme.css draws the chosen tab of up to three: every unmarked set on the site has no more
    labels = [
        len(re.findall(r"<label ", found))
        for html in built.rglob("index.html")
        for found in re.findall(
            r'<div class="tabbed-set tabbed-alternate">(?:<input [^>]*>)*<div class="tabbed-labels">(.*?)</div>',
            html.read_text(encoding="utf-8"),
        )
    ]
    assert len(labels) >= 80 and max(labels) <= 3, labels
    theme = (built / "assets" / "theme.css").read_text(encoding="utf-8")
    chosen = ".tabbed-set:not([data-tabs])>input:nth-child(2):checked~.tabbed-labels>:nth-child(2)"
    assert chosen in re.sub(r"\s+", "", theme)
