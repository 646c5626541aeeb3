"""The print pages as PDF files, when a PDF engine is installed: Chromium, driven by Playwright
(both already the browser tests' tools), prints each page with its print style sheet on A4.

``engine()`` is the Chromium to use, or None: no Playwright, no Chromium (``$ROLLKIT_CHROMIUM``,
``$CHROME_PATH`` or ``chromium`` on PATH), or ``ROLLKIT_PDF=0``. The build passes without one and
writes no PDF; the print pages then say nothing of one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

__all__ = ["engine", "write"]

_CHROMIUM_ENV = ("ROLLKIT_CHROMIUM", "CHROME_PATH")
_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def engine() -> str | None:
    """The Chromium that prints the PDFs, or None when there is none (or ``ROLLKIT_PDF=0``)."""
    if os.environ.get("ROLLKIT_PDF") == "0":
        return None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return None
    for name in _CHROMIUM_ENV:
        if value := os.environ.get(name):
            return shutil.which(value)
    return next((found for name in _CHROMIUM_NAMES if (found := shutil.which(name))), None)


def write(chromium: str, pages: list[tuple[Path, Path]]) -> None:
    """Print each (HTML page, PDF file) pair with ``chromium``: print media, A4, page numbers."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.emulate_media(media="print", color_scheme="light")
            for source, target in pages:
                page.goto(source.resolve().as_uri(), wait_until="load")
                page.pdf(
                    path=str(target),
                    format="A4",
                    margin={"top": "15mm", "bottom": "18mm", "left": "15mm", "right": "15mm"},
                    display_header_footer=True,
                    header_template="<span></span>",
                    footer_template=(
                        '<div style="font-size:8px;width:100%;text-align:center;color:#555">'
                        '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
                    ),
                    outline=True,
                    tagged=True,
                )
        finally:
            browser.close()
