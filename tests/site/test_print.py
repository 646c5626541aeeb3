"""Print: the print pages (one per chapter, one for the whole book), every page's link to them,
and each printed widget's link and QR code (docs_tools.sitebuild.printing,
docs_tools.widgets.print_block).

How the pages print (print media, PDF) is tests/browser/test_print.py's."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders pages")

from docs_tools import widgets  # noqa: E402
from docs_tools.sitebuild import printing  # noqa: E402
from tests.helpers.site import Site  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ("ninefold", "trait", "hits", "again", "critdice")  # the nav's chapter order, written out


def _links(page: str) -> list[tuple[str, str]]:
    """Each link on ``page``: (its text, its href)."""
    return [
        (re.sub(r"<[^>]+>", "", text).strip(), html.unescape(href))
        for href, text in re.findall(r'<a [^>]*?href="([^"]*)"[^>]*>(.*?)</a>', page, re.S)
    ]


def _pages(built: Path) -> list[Path]:
    """The site's own pages (not the print pages, not the runtime)."""
    return [
        p
        for p in sorted(built.rglob("*.html"))
        if not p.relative_to(built).as_posix().startswith(("print/", "pyodide/"))
    ]


def _nav_order(built: Path) -> list[str]:
    """The chapters' pages in the order the site's navigation lists them (the home page's)."""
    home = (built / "index.html").read_text(encoding="utf-8")
    nav = home[home.index('<nav class="md-nav md-nav--primary"') :]
    seen: list[str] = []
    for _, href in _links(nav[: nav.index("</nav>\n</div>")] if "</nav>\n</div>" in nav else nav):
        path = urlsplit(href).path.lstrip("./")
        if path.split("/", 1)[0] in SYSTEMS and path not in seen:
            seen.append(path)
    return seen


def test_a_moved_link_points_where_it_did() -> None:
    assert printing._moved("../hits/#tn", "trait/when-you-fail/", "print/") == "../trait/hits/#tn"
    assert printing._moved("../../hits/#tn", "trait/when-you-fail/", "print/") == "../hits/#tn"
    assert printing._moved("when-you-fail/", "trait/", "print/trait/") == "../../trait/when-you-fail/"
    assert printing._moved("../assets/print.css", "trait/", "print/") == "../assets/print.css"
    assert printing._moved("./", "", "print/") == "../"
    for kept in ("#odds", "https://example.org/a", "mailto:a@b.c", ""):  # left as written
        assert printing._moved(kept, "trait/", "print/trait/") == kept


def test_the_chapters_are_the_nav_sections_of_one_system(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        "site_url: !ENV [X, 'http://a/']\nnav:\n  - Home: index.md\n"
        "  - Trait checks:\n      - trait/index.md\n      - Failing: trait/when-you-fail.md\n"
        "  - Mixed:\n      - trait/x.md\n      - hits/y.md\n"
        "  - Reference:\n      - Python: reference/python.md\n"
        "  - Hits:\n      - hits/index.md\n"
        "markdown_extensions:\n  - x:\n      format: !!python/name:docs_tools.fences.table_formatter\n",
        encoding="utf-8",
    )
    assert printing.chapters(config) == (
        printing.Chapter("trait", "Trait checks", ("trait/", "trait/when-you-fail/")),
        printing.Chapter("hits", "Hits", ("hits/",)),
    )


def test_a_printed_widget_links_to_itself_with_its_values() -> None:
    source = widgets.render(widgets.parse("check: hits\ndice: 6\nthreshold: 5\ntn: 2"), "rk-abc")
    page = printing._filled(source, "http://host/rollkit/hits/")
    (block,) = re.findall(r'<div class="rk-print".*?</div>', page, re.S)
    ((text, href),) = _links(block)
    assert text == "http://host/rollkit/hits/#rk-abc"
    parts = urlsplit(href)
    assert parts.path == "/rollkit/hits/" and parts.fragment == "rk-abc"
    query = dict(parse_qsl(parts.query))
    assert query["rk"] == "rk-abc"
    assert {"p.dice": "6", "p.threshold": "5", "p.tn": "2"}.items() <= query.items()
    qr = re.search(r'<span class="rk-qr" data-rollkit-qr="([^"]*)"><svg [^>]*><title>([^<]*)</title>', block)
    assert qr is not None and html.unescape(qr.group(1)) == href == html.unescape(qr.group(2))
    assert printing._filled(page, "http://host/rollkit/hits/") == page  # filling again changes nothing


@pytest.mark.site
def test_every_page_links_to_the_whole_book_and_a_chapter_page_to_its_chapter(built: Path) -> None:
    pages = _pages(built)
    assert len(pages) > 20
    for path in pages:
        relative = path.relative_to(built).as_posix()
        links = dict(_links(path.read_text(encoding="utf-8")))
        assert "Print the whole book" in links, relative
        base = "/" + relative.removesuffix("index.html")
        assert urljoin(base, links["Print the whole book"]) == "/print/", relative
        system = relative.split("/", 1)[0]
        if system in SYSTEMS:
            assert urljoin(base, links["Print this chapter"]) == f"/print/{system}/", relative
        else:
            assert "Print this chapter" not in links, relative


@pytest.mark.site
def test_the_book_holds_every_chapter_in_nav_order(built: Path) -> None:
    order = _nav_order(built)
    assert len(order) >= 3 * len(SYSTEMS)
    book = (built / "print" / "index.html").read_text(encoding="utf-8")
    assert book.index('class="rk-print-cover"') < book.index('class="rk-print-chapter"')
    assert re.findall(r'<section class="rk-print-chapter" id="chapter-([a-z]+)">', book) == list(SYSTEMS)
    printed = re.findall(r'<section class="rk-print-page" id="page-([a-z-]+)">', book)
    assert printed == [p.strip("/").replace("/", "-") for p in order]
    for system in SYSTEMS:
        chapter = (built / "print" / system / "index.html").read_text(encoding="utf-8")
        pages = re.findall(r'<section class="rk-print-page" id="page-([a-z-]+)">', chapter)
        assert pages == [p.strip("/").replace("/", "-") for p in order if p.startswith(f"{system}/")]
        assert "<script" not in chapter
        # every widget of the chapter's pages is in it, as built
        ids = [
            i
            for p in order
            if p.startswith(f"{system}/")
            for i in re.findall(r'data-rollkit-widget="[^"]*" data-check="[^"]*"', (built / p / "index.html").read_text("utf-8"))
        ]
        assert len(re.findall(r'data-rollkit-widget="[^"]*" data-check="[^"]*"', chapter)) == len(ids)


@pytest.mark.site
def test_each_widget_prints_a_link_and_qr_code_for_its_values(built: Path) -> None:
    seen = 0
    for path in _pages(built):
        page = path.read_text(encoding="utf-8")
        canonical = re.search(r'<link rel="canonical" href="([^"]*)">', page)
        for widget in re.finditer(r'<section class="rollkit-widget" id="([^"]*)".*?data-state="([^"]*)"', page):
            seen += 1
            widget_id, state = widget.group(1), json.loads(html.unescape(widget.group(2)))
            block = page[widget.end() :]
            block = block[block.index('<div class="rk-print"') :]
            block = block[: block.index("</span></div>")]
            ((text, href),) = _links(block)
            assert canonical is not None and text == f"{canonical.group(1)}#{widget_id}"
            query = dict(parse_qsl(urlsplit(href).query, keep_blank_values=True))
            assert query == {"rk": widget_id, **{f"p.{k}": v for k, v in state["params"].items()}}
            assert f'data-rollkit-qr="{html.escape(href)}"><svg' in block
    assert seen > 20


def test_a_link_to_a_page_of_the_print_page_stays_in_it() -> None:
    inside = ("trait/", "trait/when-you-fail/")
    assert printing._moved("when-you-fail/", "trait/", "print/trait/", inside) == "#page-trait-when-you-fail"
    assert printing._moved("../when-you-fail/#paying", "trait/x/", "print/", inside) == "#paying"
    assert printing._moved("../hits/", "trait/", "print/trait/", inside) == "../../hits/"


@pytest.mark.site
def test_the_sub_path_builds_print_pages_have_their_pdfs_when_chromium_is_installed(
    subpath_site: Site, built: Path
) -> None:
    """The sub-path build is the one the tests build with PDFs; the root build has none (and
    its print pages offer none)."""
    from docs_tools.sitebuild import pdf

    assert not list(built.glob("print/**/*.pdf"))
    assert "open it as a PDF" not in (built / "print" / "index.html").read_text(encoding="utf-8")
    built = subpath_site.directory
    pages = {built / "print" / "book.pdf": built / "print" / "index.html"}
    pages |= {built / "print" / s / f"{s}.pdf": built / "print" / s / "index.html" for s in SYSTEMS}
    for file, page in pages.items():
        links = dict(_links(page.read_text(encoding="utf-8")))
        if pdf.engine() is None:
            assert not file.exists() and "open it as a PDF" not in links
            continue
        assert file.read_bytes().startswith(b"%PDF"), file
        assert links["open it as a PDF"] == file.name
    if pdf.engine() is not None:  # the whole book runs to many pages
        assert (built / "print" / "book.pdf").read_bytes().count(b"/Type /Page\n") > 50
