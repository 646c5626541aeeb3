"""Every system's glossary (``rollkit._glossary``, ``GLOSSARY``): terms found through the registry,
ids unique, definitions in our own words, each pointing at a heading of its chapter; and the
build's marking of the terms on the rules pages (``docs_tools.glossary``)."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from rollkit import _registry
from rollkit._glossary import Term
from tests.helpers.sources import runs as _runs
from tests.helpers.sources import seed_text as _seed_text
from tests.helpers.sources import words as _words

ROOT = Path(__file__).resolve().parents[2]
NAMES = list(_registry.BUILT_IN)


@pytest.mark.parametrize("name", NAMES)
def test_every_system_has_a_glossary_of_its_own_terms(name: str) -> None:
    terms = _registry.glossary(name)
    assert len(terms) >= 10, name
    ids = [t.id for t in terms]
    assert len(set(ids)) == len(ids), ids
    assert all(t.id.startswith(f"{name}-") for t in terms), ids
    spellings = [s for t in terms for s in t.written]
    assert len(set(spellings)) == len(spellings), sorted(s for s in spellings if spellings.count(s) > 1)


@pytest.mark.parametrize("name", NAMES)
def test_definitions_are_in_our_own_words(name: str) -> None:
    """No definition shares a run of eight words with the seed it explains."""
    seed = _runs(_seed_text(name))
    copied = {t.id: sorted(_runs(t.definition) & seed) for t in _registry.glossary(name)}
    assert {k: v for k, v in copied.items() if v} == {}


def test_the_copy_check_can_fail() -> None:
    seed = _seed_text("hits")
    lifted = " ".join(_words(seed)[200:212])
    assert _runs(lifted) & _runs(seed)


@pytest.mark.parametrize("name", NAMES)
def test_each_term_points_at_a_heading_of_its_chapter(name: str) -> None:
    pytest.importorskip("markdown", reason="the docs venv renders pages")
    from docs_tools.glossary import headings, terms_of

    for term in terms_of(name):  # raises on a missing page or anchor
        assert term.section in headings(name, term.page), term.id


@pytest.mark.parametrize("name", NAMES)
def test_the_widgets_short_words_are_glossary_terms(name: str) -> None:
    """A detail the widgets write with an acronym ("TN", "SN", "DC", "DoS") is a term here."""
    written = {s for t in _registry.glossary(name) for s in t.written}
    acronyms = set(_registry.words(name).acronyms.values())
    assert acronyms <= written, acronyms - written


def test_a_term_refuses_what_is_no_term() -> None:
    good = {"id": "hits-x", "term": "X", "definition": "A thing.", "page": "index.md", "section": "x"}
    Term(**good)  # type: ignore[arg-type]
    for change in (
        {"id": "X"},
        {"id": "hits"},
        {"page": "index"},
        {"section": "#x"},
        {"definition": "no end"},
    ):
        with pytest.raises(ValueError, match="Term"):
            Term(**{**good, **change})  # type: ignore[arg-type]


def test_a_system_without_a_glossary_has_none() -> None:
    _registry.register("tests.data.toy_boons")
    try:
        assert _registry.glossary("boons") == ()
    finally:
        _registry.unregister("boons")


# -- marking the terms on a page (docs_tools.glossary, under Python-Markdown) ----------------------

PAGE = """# The Check and its Effect

- A Botch, with `DoS` in code and a [Hardness link](x.md).

| Power | Focus |
|---|---|
| 3 | 2 |

Roll the pool; each die at the Threshold is a Hit. The TN decides, and TN again.

## Target Number (TN)

The TN is defined here, so it is not marked; Hits are.

## Later

TN and Effect, DoS and Power.
"""


def _render(text: str, page: str) -> str:
    markdown = pytest.importorskip("markdown")
    from markdown.treeprocessors import Treeprocessor

    class Where(Treeprocessor):  # where mkdocs leaves the page's file (docs_tools.mdfences.source_of)
        def run(self, root: object) -> None:
            return None

    class Page(markdown.Extension):
        def extendMarkdown(self, md: object) -> None:  # noqa: N802
            where = Where(md)
            where.file = types.SimpleNamespace(abs_src_path=str(ROOT / "docs" / page))  # type: ignore[attr-defined]
            md.treeprocessors.register(where, "relpath", 0)  # type: ignore[attr-defined]

    md = markdown.Markdown(extensions=["tables", "toc", "docs_tools.glossary", Page()])
    return md.convert(text)


def _marked(html: str) -> list[tuple[str, str]]:
    return re.findall(
        r'<span aria-describedby="[^"]+" class="rk-term" data-rollkit-term="([^"]+)" tabindex="0">([^<]+)',
        html,
    )


def test_the_first_use_in_each_section_is_marked_with_its_definition() -> None:
    html = _render(PAGE, "hits/index.md")
    assert _marked(html) == [
        ("hits-botch", "Botch"),  # not in the heading, the code, the link or the table
        ("hits-dice-pool", "pool"),
        ("hits-threshold", "Threshold"),
        ("hits-hit", "Hit"),
        ("hits-tn", "TN"),
        ("hits-hit", "Hits"),  # the TN's own section: TN is not marked there
        ("hits-tn", "TN"),
        ("hits-effect", "Effect"),
        ("hits-dos", "DoS"),
        ("hits-power", "Power"),
    ]
    tn = next(t for t in _registry.glossary("hits") if t.id == "hits-tn")
    assert html.count(tn.definition) == 2
    assert 'href="#target-number-tn">Rule: Target Number (TN)</a>' in html
    assert 'class="rk-term-def" data-search-exclude="" id="rk-term-4"' in html
    assert 'aria-describedby="rk-term-4"' in html
    assert '<h1 id="the-check-and-its-effect">The Check and its Effect</h1>' in html
    assert "<th>Power</th>" in html and "<code>DoS</code>" in html and ">Hardness link</a>" in html


def test_other_pages_are_left_alone() -> None:
    for page in ("hits/glossary.md", "rulings.md", "index.md"):
        assert "rk-term" not in _render(PAGE, page), page
    again = _marked(_render(PAGE, "again/index.md"))  # Again's own words on Again's pages
    assert again[:2] == [("again-botch", "Botch"), ("again-dice-pool", "pool")], again
