"""Static guarantees of the browser code: nothing a reader types is ever run or parsed as HTML."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "docs" / "assets").rglob("*.js")) + sorted((ROOT / "docs" / "assets").rglob("*.mjs"))
FORBIDDEN = re.compile(
    r"\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\s*\(|new\s+Function"
    r"|setTimeout\(\s*['\"`]|setInterval\(\s*['\"`]|\.setAttribute\(\s*['\"]on",
    re.I,
)


def test_our_scripts_never_parse_or_run_strings() -> None:
    assert len(SCRIPTS) >= 4
    hits = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in SCRIPTS
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if FORBIDDEN.search(line)
    ]
    assert hits == []


def test_the_check_would_catch_a_violation() -> None:
    for bad in ("el.innerHTML = answer", "eval(code)", "x.setAttribute('onclick', s)", "new Function(s)"):
        assert FORBIDDEN.search(bad), bad


def test_widget_markup_has_no_inline_handlers_and_escapes_values() -> None:
    pytest.importorskip("pymdownx")
    from docs_tools.widgets import parse, render

    html = render(
        parse(
            "check: hits\ntitle: <img src=x onerror=alert(1)> \"quoted\" & 'single'\ndice: 5\nthreshold: 7\ntn: 3"
        ),
        "rk-test",
    )
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            tags.append((tag, attrs))

    Collect().feed(html)
    assert tags and not any(name.startswith("on") for _, attrs in tags for name, _ in attrs)
    assert not any(tag in ("script", "img", "iframe") for tag, _ in tags)
