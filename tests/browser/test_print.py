"""Print in Chromium (print media, and PDF: headless Chromium prints one): a chapter prints every
widget's title, odds and link with no navigation and no control; a dark page prints light;
folds and worked examples print as the reader left them; a widget whose values the reader
changed prints the link to those values."""

from __future__ import annotations

import re
import shutil
import subprocess
from urllib.parse import parse_qsl, urlsplit

import pytest

from tests.browser.pages import ARTIFACTS, new_context
from tests.helpers.site import Site

CHAPTER = "trait/"
PRINTED = "print/trait/"

# Each widget of the page as print media shows it: its title, its chance of success with the
# exact fraction, its printed link, whether its QR code is drawn, and whether the widget's
# title, odds and link are all in the page's visible text.
WIDGETS = """() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => {
    const qr = w.querySelector('.rk-qr svg');
    const link = w.querySelector('.rk-print-link a');
    return { id: w.id, title: w.querySelector('.rk-title').innerText.trim(),
             chance: w.querySelector('.rk-chance').innerText.trim(),
             exact: w.querySelector('.rk-chance .rk-exact').innerText.trim(),
             link: link ? link.innerText.trim() : null, href: link ? link.href : null,
             qr: !!qr && qr.checkVisibility() && qr.getBoundingClientRect().width > 50,
             rows: [...w.querySelectorAll('.rk-outcomes tbody tr')].map((r) => r.innerText) };
})"""

# What a reader could press, or the site's furniture, that shows in print media.
SHOWN = """() => [...document.querySelectorAll(
    'input, button, select, textarea, .md-header, .md-sidebar, .md-footer, .md-tabs, .md-search')]
    .filter((e) => e.checkVisibility()).map((e) => e.outerHTML.slice(0, 80))"""


def _pdf_text(pdf: bytes) -> str | None:
    """The text of ``pdf`` without white space (pdftotext's lines break anywhere), or None
    without poppler's pdftotext."""
    if shutil.which("pdftotext") is None:
        return None
    done = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True)
    return re.sub(r"\s+", "", done.stdout.decode())


def _printed_page(browser: object, site: Site, path: str, **options: object) -> object:
    page = new_context(browser, viewport={"width": 1000, "height": 1200}, **options).new_page()  # type: ignore[attr-defined]
    page.goto(site.url(path))
    if path == CHAPTER:  # the site's own page: its script bound its widgets
        page.wait_for_function(
            "[...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)"
        )
    page.emulate_media(media="print")
    return page


@pytest.mark.parametrize("path", [PRINTED, CHAPTER])
def test_a_chapter_prints_every_widget_with_its_odds_and_link_and_no_control(
    browser: object, site: Site, path: str
) -> None:
    page = _printed_page(browser, site, path)
    pdf = page.pdf(format="A4")  # type: ignore[attr-defined]
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") > 5
    name = path.strip("/").replace("/", "-")
    (ARTIFACTS / "print").mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "print" / f"{name}.pdf").write_bytes(pdf)
    page.screenshot(path=str(ARTIFACTS / "print" / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]

    text = page.evaluate("document.body.innerText")  # type: ignore[attr-defined]
    widgets = page.evaluate(WIDGETS)  # type: ignore[attr-defined]
    assert len(widgets) >= (8 if path == PRINTED else 2)
    for widget in widgets:
        for words in (widget["title"], widget["chance"], widget["link"], *widget["rows"]):
            assert words and words in text, (widget["id"], words)
        assert "%" in widget["chance"] and widget["chance"].endswith(widget["exact"]), widget["chance"]
        assert widget["qr"], widget["id"]
        assert urlsplit(widget["link"]).fragment == widget["id"]
        assert widget["link"].startswith(site.url("trait/")), widget["link"]
        query = dict(parse_qsl(urlsplit(widget["href"]).query, keep_blank_values=True))
        assert query["rk"] == widget["id"] and any(k.startswith("p.") for k in query)
    assert page.evaluate(SHOWN) == []  # type: ignore[attr-defined]
    for control in (
        "Copy link",
        "Roll from a seed",
        "Pin these odds",
        "Read the chart as",
        "Rolling needs JavaScript",
    ):
        assert control not in text, control
    assert "Print the whole book" not in text and "Roll log" not in text
    printed = _pdf_text(pdf)  # the PDF itself, when poppler can read it (beforeprint fired)
    if printed is not None:
        for widget in widgets:
            for words in (widget["title"], widget["chance"], widget["link"]):
                assert re.sub(r"\s+", "", words) in printed, (widget["id"], words)
        for absent in ("Copylink", "Rollfromaseed", "Pinthese", "AsPython", "Printthewhole", "Rolllog"):
            assert absent not in printed, absent


def test_a_dark_page_prints_light(browser: object, site: Site) -> None:
    page = new_context(browser, viewport={"width": 1000, "height": 1200}, color_scheme="dark").new_page()  # type: ignore[attr-defined]
    page.goto(site.url(CHAPTER))
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"  # type: ignore[attr-defined]
    colours = """() => [document.body, document.querySelector('.md-content'), document.querySelector('.rollkit-widget')]
        .map((e) => getComputedStyle(e)).map((s) => [s.backgroundColor, s.color])"""
    on_screen = page.evaluate(colours)  # type: ignore[attr-defined]
    assert on_screen[0][0] != "rgb(255, 255, 255)"
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    body, content, widget = page.evaluate(colours)  # type: ignore[attr-defined]
    assert body[0] == content[0] == "rgb(255, 255, 255)", (body, content)
    assert widget[1] in ("rgba(0, 0, 0, 0.87)", "rgb(0, 0, 0)"), widget
    page.locator(".rollkit-widget").first.screenshot(path=str(ARTIFACTS / "print" / "dark-widget.png"))  # type: ignore[attr-defined]


def test_folds_and_worked_examples_print_as_the_reader_left_them(browser: object, site: Site) -> None:
    page = _printed_page(browser, site, CHAPTER)
    fold = page.locator("article details:has(> summary:text-is('In Python'))").first  # type: ignore[attr-defined]
    code = fold.locator(":scope > :not(summary)").first
    assert fold.evaluate("(d) => !d.open") and not code.is_visible()
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # type: ignore[attr-defined]
    assert fold.evaluate("(d) => d.open")  # Material opens every fold for printing ...
    assert not code.is_visible()  # ... and one the reader left closed prints closed
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")  # type: ignore[attr-defined]
    assert fold.evaluate("(d) => !d.open")
    fold.evaluate("(d) => { d.open = true; }")  # the reader opens it
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # type: ignore[attr-defined]
    assert code.is_visible()
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")  # type: ignore[attr-defined]

    example = page.locator("article .admonition.example:has(.tabbed-set)").first  # type: ignore[attr-defined]
    result, python = example.locator(".tabbed-block").nth(0), example.locator(".tabbed-block").nth(1)
    assert result.is_visible() and not python.is_visible()
    page.emulate_media(media="screen")  # type: ignore[attr-defined]
    example.locator(".tabbed-labels label").nth(1).click()
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    assert python.is_visible() and not result.is_visible()
    assert ">>>" in python.inner_text()


def test_a_widget_the_reader_changed_prints_the_link_to_their_values(browser: object, site: Site) -> None:
    page = new_context(browser, viewport={"width": 1000, "height": 1200}).new_page()  # type: ignore[attr-defined]
    page.goto(site.url(CHAPTER))
    page.wait_for_function("[...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)")  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]:has(input[name=mod][type=number])").first  # type: ignore[attr-defined]
    built = widget.locator(".rk-print-link a").text_content()
    widget.locator("input[name=mod]").fill("7")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # type: ignore[attr-defined]
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    link = widget.locator(".rk-print-link a")
    query = dict(parse_qsl(urlsplit(link.text_content()).query, keep_blank_values=True))
    assert query["rk"] == widget.get_attribute("id") and query["p.mod"] == "7"
    assert link.get_attribute("href") == link.text_content()
    assert not widget.locator(".rk-qr svg").is_visible()  # drawn for the built values only

    page.emulate_media(media="screen")  # type: ignore[attr-defined]
    page.reload()
    page.wait_for_function("[...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)")  # type: ignore[attr-defined]
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # type: ignore[attr-defined]
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    assert widget.locator(".rk-print-link a").text_content() == built  # as built: the built link
    assert widget.locator(".rk-qr svg").is_visible()
