"""Print: the build step after the pages. It makes each printed widget's link whole and draws
its QR code, and writes the print pages: one per chapter and one for the whole book.

    printing.write(site_dir, config)  # after builder.pages (docs_tools.sitebuild.orchestrator)

- Every built page: each widget's print block (``docs_tools.widgets.print_block``: the query
  its Copy link writes) gets the page's address (its ``<link rel="canonical">``): the printed
  text is the short link (the page and the widget, which opens with the values printed), the
  link and its QR code (segno, inline SVG: the CSP needs nothing) carry the values too. A
  chapter's pages get "Print this chapter" beside the footer's "Print the whole book"
  (``overrides/partials/copyright.html``).
- ``print/<system>/index.html``: a chapter (a section of ``mkdocs.yml``'s nav whose pages are
  one system's folder), its pages in nav order; ``print/index.html``: a cover, the contents and
  every chapter in nav order. Each is the built pages' article content, its links moved to
  the print page's folder, styled by the site's own style sheets (``assets/print.css`` for
  paper), with no script: a printed widget is its build-time odds.
- With a PDF engine, a PDF beside each (``pdf.py``: Chromium through Playwright); the build
  passes without one.

These pages are written from the built pages rather than generated as mkdocs pages, so that
they hold exactly what the site shows (the fences rendered once) under mkdocs and Zensical
alike, and the site's navigation and search never list them.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import segno
import yaml

from docs_tools.sitebuild import app, pdf
from rollkit._registry import names

FOLDER = "print"
WHOLE_BOOK = "Print the whole book"
THIS_CHAPTER = "Print this chapter"

__all__ = ["Chapter", "chapters", "write", "FOLDER", "WHOLE_BOOK", "THIS_CHAPTER"]

_BLOCK = re.compile(r'<div class="rk-print" data-rollkit-print="([^"]*)">.*?</div>', re.S)
_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)">')
_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
_STYLES = re.compile(r'<link rel="stylesheet" href="([^"]*)"[^>]*>')
_BODY = re.compile(r"<body[^>]*>")
_URL = re.compile(r'\b(href|src)="([^"]*)"')
_PAGES_LINKS = '<p class="rk-print-pages">'


@dataclass(frozen=True)
class Chapter:
    """A chapter of the book: its system, its title in the nav and its pages' addresses
    (relative to the site's root, as ``trait/when-you-fail/``) with their nav titles."""

    system: str
    title: str
    pages: tuple[str, ...]


class _Loader(yaml.SafeLoader):
    """mkdocs.yml as plain data: its tags (``!ENV``, ``!!python/name:``) read as nothing."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _address(source: str) -> str:
    """A page's address from its Markdown file: ``trait/index.md`` -> ``trait/``."""
    stem = source.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def _files(items: list[Any]) -> list[str]:
    out: list[str] = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                out.extend(
                    _files(value) if isinstance(value, list) else [value] if isinstance(value, str) else []
                )
    return out


def chapters(config: Path) -> tuple[Chapter, ...]:
    """The book's chapters in nav order: each section of the nav whose pages all lie in one
    system's folder."""
    nav = yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader).get("nav") or []
    found: list[Chapter] = []
    for item in nav:
        if not isinstance(item, dict):
            continue
        for title, value in item.items():
            pages = _files(value) if isinstance(value, list) else []
            folders = {p.split("/", 1)[0] for p in pages if "/" in p}
            if (
                pages
                and len(folders) == 1
                and all("/" in p for p in pages)
                and (system := folders.pop()) in names()
            ):
                found.append(Chapter(system, str(title), tuple(_address(p) for p in pages)))
    return tuple(found)


def _qr(link: str) -> str:
    """The QR code of ``link`` as inline SVG, dark on white whatever the colour scheme."""
    return segno.make(link).svg_inline(
        border=2, omitsize=True, svgclass=None, lineclass=None, dark="#000", light="#fff", title=link
    )


def _filled(page: str, canonical: str) -> str:
    """``page`` with each widget's print block made whole for the page's address."""

    def block(match: re.Match[str]) -> str:
        query = html.unescape(match.group(1))
        widget = query.rsplit("#", 1)[1]
        short, full = f"{canonical}#{widget}", canonical + query
        return (
            f'<div class="rk-print" data-rollkit-print="{html.escape(query)}">'
            f'<p class="rk-print-link">Open this widget with these values: '
            f'<a href="{html.escape(full)}">{html.escape(short)}</a></p>'
            f'<span class="rk-qr" data-rollkit-qr="{html.escape(full)}">{_qr(full)}</span></div>'
        )

    return _BLOCK.sub(block, page)


def _moved(url: str, page: str, to: str, inside: tuple[str, ...] = ()) -> str:
    """``url`` as written on the page at ``page`` (a folder relative to the site's root),
    written from the folder ``to`` instead; a link to one of the pages ``inside`` the print
    page stays in it (to its section, or to the place it names)."""
    parts = urlsplit(url)
    if not url or url.startswith("#") or parts.scheme or parts.netloc:
        return url
    target = urlsplit(urljoin("/" + page, url))
    if target.path.lstrip("/") in inside and not target.query:
        return "#" + (target.fragment or _slug(target.path.lstrip("/")))
    moved = posixpath.relpath(target.path, "/" + to.rstrip("/") or "/")
    if moved == ".":
        moved = "./"
    elif target.path.endswith("/"):
        moved += "/"
    return (
        moved
        + (f"?{target.query}" if target.query else "")
        + (f"#{target.fragment}" if target.fragment else "")
    )


def _move_urls(text: str, page: str, to: str, inside: tuple[str, ...]) -> str:
    return _URL.sub(
        lambda m: f'{m.group(1)}="{html.escape(_moved(html.unescape(m.group(2)), page, to, inside))}"', text
    )


def _slug(address: str) -> str:
    return "page-" + (address.strip("/").replace("/", "-") or "home")


def _read(site_dir: Path, address: str) -> str:
    return (site_dir / address / "index.html").read_text(encoding="utf-8")


def _article(site_dir: Path, address: str, to: str, inside: tuple[str, ...]) -> str:
    found = _ARTICLE.search(_read(site_dir, address))
    if found is None:
        raise RuntimeError(f"{address}index.html has no article to print")
    return _move_urls(found.group(1), address, to, inside)


def _title(article: str, fallback: str) -> str:
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", article, re.S)
    text = re.sub(r"<[^>]+>", "", heading.group(1)) if heading else fallback
    return html.unescape(text).replace("\u00b6", "").strip() or fallback


def _chapter_html(
    site_dir: Path, chapter: Chapter, to: str, inside: tuple[str, ...]
) -> tuple[str, list[tuple[str, str]]]:
    """A chapter's pages as one ``<section>``, and its pages' (anchor, title) for a contents."""
    parts, contents = [], []
    for address in chapter.pages:
        article = _article(site_dir, address, to, inside)
        contents.append((_slug(address), _title(article, address)))
        parts.append(f'<section class="rk-print-page" id="{_slug(address)}">{article}</section>')
    body = "".join(parts)
    return f'<section class="rk-print-chapter" id="chapter-{chapter.system}">{body}</section>', contents


def _document(site_dir: Path, *, to: str, title: str, body: str, pdf: str) -> str:
    """A print page: the site's style sheets and colour scheme, a note on screen, ``body``."""
    home = _read(site_dir, "")
    styles = "".join(
        f'<link rel="stylesheet" href="{html.escape(_moved(html.unescape(href), "", to))}">'
        for href in _STYLES.findall(home)
    )
    opening = _BODY.search(home)
    body_tag = (
        re.sub(r'data-md-color-scheme="[^"]*"', 'data-md-color-scheme="default"', opening.group(0))
        if opening
        else "<body>"
    )
    back = _moved("./", "", to)
    pdf_link = f' or <a href="{html.escape(pdf)}">open it as a PDF</a>' if pdf else ""
    return (
        '<!doctype html>\n<html lang="en" class="no-js">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        f'<title>{html.escape(title)}</title>\n<link rel="manifest" href="{html.escape(_moved(app.NAME, "", to))}">\n'
        f"{styles}\n</head>\n{body_tag}\n"
        '<main class="md-main"><div class="md-main__inner md-grid"><div class="md-content">'
        '<article class="md-content__inner md-typeset">'
        f'<p class="rk-print-note">This page is laid out for paper: print it with your'
        f" browser's Print{pdf_link}. Widgets print their odds as worked out when the site was"
        f' built, each with a link and a QR code that open it. <a href="{html.escape(back)}">Back to the site</a>.</p>'
        f"{body}</article></div></div></main>\n</body>\n</html>\n"
    )


def _contents(entries: list[tuple[str, str, list[tuple[str, str]]]]) -> str:
    items = "".join(
        f'<li><a href="#{anchor}">{html.escape(title)}</a><ol>'
        + "".join(f'<li><a href="#{a}">{html.escape(t)}</a></li>' for a, t in pages)
        + "</ol></li>"
        for anchor, title, pages in entries
    )
    return f'<nav class="rk-print-contents" aria-label="Contents"><h2>Contents</h2><ol>{items}</ol></nav>'


def _chapter_links(site_dir: Path, found: tuple[Chapter, ...]) -> None:
    """Every page: its widgets' print blocks made whole; a chapter's: "Print this chapter"."""
    chapter_of = {address: chapter for chapter in found for address in chapter.pages}
    for path in sorted(site_dir.rglob("*.html")):
        relative = path.relative_to(site_dir).as_posix()
        if relative.startswith(("pyodide/", f"{FOLDER}/")):
            continue
        text = path.read_text(encoding="utf-8")
        canonical = _CANONICAL.search(text)
        new = _filled(text, canonical.group(1)) if canonical else text
        address = relative.removesuffix("index.html")
        chapter = chapter_of.get(address)
        if chapter is not None and THIS_CHAPTER not in new:
            link = posixpath.relpath(f"/{FOLDER}/{chapter.system}", "/" + address.rstrip("/")) + "/"
            new = new.replace(_PAGES_LINKS, f'{_PAGES_LINKS}<a href="{link}">{THIS_CHAPTER}</a> ', 1)
        if new != text:
            path.write_text(new, encoding="utf-8")


def write(site_dir: Path, config: Path) -> list[Path]:
    """Fill in the built site's print links and QR codes and write its print pages (and their
    PDFs when a PDF engine is installed); returns the print pages written."""
    found = chapters(config)
    _chapter_links(site_dir, found)
    meta = yaml.load(config.read_text(encoding="utf-8"), Loader=_Loader)
    name, about = str(meta.get("site_name") or ""), str(meta.get("site_description") or "")
    engine = pdf.engine()
    everything = tuple(address for chapter in found for address in chapter.pages)
    written: list[Path] = []
    book_parts, book_contents = [], []
    for chapter in found:
        to = f"{FOLDER}/{chapter.system}/"
        body, contents = _chapter_html(site_dir, chapter, to, chapter.pages)
        page = site_dir / to / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        chapter_body = _contents([(f"chapter-{chapter.system}", chapter.title, contents)]) + body
        file = f"{chapter.system}.pdf" if engine else ""
        page.write_text(
            _document(site_dir, to=to, title=f"{chapter.title}: print | {name}", body=chapter_body, pdf=file),
            encoding="utf-8",
        )
        written.append(page)
        body, contents = _chapter_html(site_dir, chapter, f"{FOLDER}/", everything)
        book_parts.append(body)
        book_contents.append((f"chapter-{chapter.system}", chapter.title, contents))
    cover = (
        f'<header class="rk-print-cover"><h1>{html.escape(name)}</h1><p>{html.escape(about)}</p>'
        f"{_contents(book_contents)}</header>"
    )
    book = site_dir / FOLDER / "index.html"
    book.parent.mkdir(parents=True, exist_ok=True)
    book.write_text(
        _document(
            site_dir,
            to=f"{FOLDER}/",
            title=f"The whole book: print | {name}",
            body=cover + "".join(book_parts),
            pdf="book.pdf" if engine else "",
        ),
        encoding="utf-8",
    )
    written.append(book)
    if engine:
        pdf.write(
            engine,
            [
                (page, page.parent / (f"{page.parent.name}.pdf" if page != book else "book.pdf"))
                for page in written
            ],
        )
    return written
