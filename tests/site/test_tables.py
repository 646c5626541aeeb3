"""Build-time tables: each probability shows its percentage, and its exact fraction one
checkbox away (no JavaScript) as well as in the cell's title."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

markdown = pytest.importorskip("markdown", reason="the docs venv renders fences")
pytest.importorskip("pymdownx", reason="the docs venv renders fences")

from docs_tools.fences import table_formatter  # noqa: E402 (after the skips above)


def page(text: str) -> str:
    """``text`` rendered as mkdocs renders a page (one Markdown instance a page), with the
    fence configured as in mkdocs.yml."""
    fence = {"name": "rollkit-table", "class": "rollkit-table", "format": table_formatter}
    return markdown.Markdown(
        extensions=["pymdownx.superfences"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [fence]}},
    ).convert(text)


@dataclass
class Cell:
    tag: str
    attrs: dict[str, str]
    text: str = ""
    exact: str = ""  # the text of the span the checkbox reveals


@dataclass
class Table:
    """What a rollkit-table holds, in document order."""

    before: list[tuple[str, dict[str, str]]] = field(default_factory=list)  # elements before <table>
    label: str = ""
    cells: list[Cell] = field(default_factory=list)


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Table] = []
        self.depth = 0  # inside a .rollkit-table div
        self.where = ""  # "before", "label", "table"
        self.span = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "div" and a.get("class") == "rollkit-table":
            self.tables.append(Table())
            self.depth, self.where = 1, "before"
            return
        if not self.depth:
            return
        table = self.tables[-1]
        if tag == "div":
            self.depth += 1
        elif tag == "table":
            self.where = "table"
        elif self.where in ("before", "label") and tag != "table":
            table.before.append((tag, a))
            self.where = "label" if tag == "label" else "before"
        elif tag in ("td", "th"):
            table.cells.append(Cell(tag, a))
        elif tag == "span":
            assert a.get("class") == "rollkit-frac", a
            self.span = True

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if tag == "div":
            self.depth -= 1
        elif tag == "span":
            self.span = False
        elif tag == "label":
            self.where = "before"

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        table = self.tables[-1]
        if self.where == "label":
            table.label += data
        elif self.where == "table" and table.cells:
            if self.span:
                table.cells[-1].exact += data
            else:
                table.cells[-1].text += data


def tables(html: str) -> list[Table]:
    parser = _Tables()
    parser.feed(html)
    return parser.tables


CHANCES = """```rollkit-table
[["Case", "Chance", "Note"],
 ["third", Fraction(1, 3), "x"],
 ["eighth", Fraction(1, 8), "y"],
 ["never", Fraction(0), "z"],
 ["always", Fraction(1), "w"],
 ["huge", Fraction(2**200 + 1, 3**150), "v"]]
```
"""

# typed here, not computed with rollkit._format: what a reader must see for each value
# (2**200 / 3**150 is about 4.3e-12, and fraction() shortens past 40 characters)
EXPECTED = [
    ("33.33%", "1/3"),
    ("12.50%", "1/8"),
    ("0%", "0"),
    ("100%", "1"),
    ("4.3 × 10⁻¹⁰%", "16069380…/36998848… (61/72 digits)"),
]


def test_each_probability_shows_its_percentage_and_its_exact_fraction() -> None:
    found = tables(page("Some text.\n\n" + CHANCES))
    assert len(found) == 1
    table = found[0]
    (box_tag, box), (label_tag, label) = table.before
    assert (box_tag, box["type"], box["class"]) == ("input", "checkbox", "rollkit-show-exact")
    assert "checked" not in box and box["id"].startswith("rkt-")
    assert label_tag == "label" and label["for"] == box["id"]
    assert table.label == "Show exact fractions"
    shown = [(c.text.strip(), c.exact, c.attrs["title"], c.attrs["class"]) for c in table.cells if c.attrs]
    assert shown == [(p, f, f, "rollkit-p") for p, f in EXPECTED]
    words = [c.text for c in table.cells if not c.attrs]
    assert words == [
        "Case",
        "Chance",
        "Note",
        "third",
        "x",
        "eighth",
        "y",
        "never",
        "z",
        "always",
        "w",
        "huge",
        "v",
    ]


def test_identical_tables_on_one_page_get_their_own_checkbox() -> None:
    html = page(CHANCES + "\ntext\n\n" + CHANCES)
    first, second = tables(html)
    ids = [t.before[0][1]["id"] for t in (first, second)]
    assert ids[0] != ids[1] and [t.before[1][1]["for"] for t in (first, second)] == ids
    assert html.count(f'id="{ids[0]}"') == 1 and html.count(f'id="{ids[1]}"') == 1
    # the same page rendered again gets the same ids (stable links and tests)
    assert [t.before[0][1]["id"] for t in tables(page(CHANCES + "\ntext\n\n" + CHANCES))] == ids


def test_a_table_without_probabilities_has_no_checkbox() -> None:
    (table,) = tables(page('```rollkit-table\n[["Level", "Dice"], [1, "2d10"], [2, "3d10"]]\n```\n'))
    assert table.before == [] and table.label == ""
    assert all(not c.attrs and c.exact == "" for c in table.cells)
