"""The scripts of every built page: the few the first paint needs run as they are parsed, the
rest once the page is parsed (``defer``: the theme's bundle, by ``overrides/main.html``, and
``extra_javascript`` in ``mkdocs.yml``), so that the browser can paint a page before they run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# Run where they stand, before the first paint: the theme's storage helpers and early.js in
# <head> (classes and link addresses set before anything is styled, widgets enabled as they
# are parsed), and the colour toggle's script right after its form (the scheme shown at once).
AS_PARSED = ("assets/csp/md-storage.js", "assets/early.js", "assets/csp/md-palette.js")

# After the page is parsed, in this order (the theme's bundle first: the others use it).
DEFERRED = (
    "assets/javascripts/bundle.",
    "assets/csp/md-content.js",
    "assets/csp/md-a11y.js",
    "assets/csp/drawer.js",
    "assets/rollkit.mjs",
)

SCRIPT = re.compile(r"<script\b([^>]*)>")


def _scripts(html: str) -> list[tuple[str, str]]:
    """Each <script src> of a page: its address below the site's root, and how it runs."""
    found = []
    for attributes in SCRIPT.findall(html):
        src = re.search(r'\bsrc="([^"]+)"', attributes)
        if not src:
            continue
        address = re.sub(r"^(?:\.\./|\./|/)+", "", src.group(1))
        how = "module" if 'type="module"' in attributes else "defer" if re.search(r"\bdefer\b", attributes) else "parsed"
        found.append((address, how))
    return found


@pytest.mark.site
def test_only_what_the_first_paint_needs_runs_before_the_page_is_parsed(built: Path) -> None:
    pages = [page for page in sorted(built.rglob("*.html")) if "javascripts/bundle." in page.read_text(encoding="utf-8")]
    assert len(pages) > 20
    for page in pages:
        scripts = _scripts(page.read_text(encoding="utf-8"))
        early = [address for address, how in scripts if how == "parsed"]
        assert early == list(AS_PARSED), (page, early)
        later = [(address, how) for address, how in scripts if how != "parsed"]
        assert len(later) == len(DEFERRED), (page, later)
        for (address, how), want in zip(later, DEFERRED, strict=True):
            assert address.startswith(want), (page, address, want)
            assert how == ("module" if want.endswith(".mjs") else "defer"), (page, address, how)
