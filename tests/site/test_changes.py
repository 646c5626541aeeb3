"""What changed (``docs_tools.changes``): the rules part of the CHANGELOG as the "What changed"
page, and the dated mark on each rule section that changed, linking to its entry."""

from __future__ import annotations

import re
from datetime import date
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("markdown", reason="the docs venv renders pages")

import markdown  # noqa: E402 (after the skip above)

from docs_tools import changes  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

LOG = """# Changelog

What each change means.

## Unreleased

### Dice for players
- **A die** rolls.
  Its second line.
- **For Python users:** `Die(sides=6)` is new.
- In Python: `roll()` takes a seed.
- `rollkit roll` replays dice.
- The widget says [which die](https://example.org/dice) it was.

### For contributors
- A test of dice.

### For Python users
- `Distribution` is a mapping.

## 0.1.0

- Five dice systems.
"""


def test_the_rules_part_leaves_out_what_is_for_contributors_and_python_users() -> None:
    part = changes.rules_part(LOG)
    assert part.splitlines() == [
        "## This version (not released yet) {#changed-unreleased}",
        "",
        "",
        "### Dice for players {#changed-dice-for-players}",
        "",
        "- **A die** rolls.",
        "  Its second line.",
        "- The widget says [which die](https://example.org/dice) it was.",  # links kept
        "",
        "## 0.1.0",
        "",
        "- Five dice systems.",
    ]


def test_a_mark_links_from_its_page_to_its_entry() -> None:
    change = changes.Changed(
        page="hits/special-checks.md", anchor="validation-dice", entry="Dice for players", day=date(2026, 12, 1), what="it rolls"
    )
    assert changes.mark(change) == [
        "",
        "[Changed 1 December 2026](../changes.md#changed-dice-for-players): it rolls.",
        '{: .rk-changed data-rollkit-changed="2026-12-01" }',
        "",
    ]
    html = markdown.markdown("## Validation dice\n" + "\n".join(changes.mark(change)), extensions=["attr_list"])
    assert '<p class="rk-changed" data-rollkit-changed="2026-12-01"><a href="../changes.md#changed-dice-for-players">' in html


def test_marks_go_after_their_heading_outside_code_and_a_missing_one_fails() -> None:
    page = "again/index.md"
    wanted = [c for c in changes.CHANGED if c.page == page]
    assert wanted
    lines = ["# Again", "```python", "## critical success", "```", *(f"### {c.anchor.replace('-', ' ')}" for c in wanted), "text"]
    out = changes._marked(lines, page)
    assert out[:4] == lines[:4]  # nothing in the code block
    for change in wanted:
        at = out.index(f"### {change.anchor.replace('-', ' ')}")
        assert out[at + 1 : at + 5] == changes.mark(change)
    with pytest.raises(changes.ChangesError, match=r"docs/again/index.md has no heading #critical-success"):
        changes._marked(["# Again", "## Critical failure"], page)


def test_every_declared_change_names_an_entry_and_a_heading_of_its_page() -> None:
    changes.check()  # every entry in the CHANGELOG's rules part
    for change in changes.CHANGED:
        text = (ROOT / "docs" / change.page).read_text(encoding="utf-8")
        assert changes.mark(change)[1] in "\n".join(changes._marked(text.splitlines(), change.page))


@pytest.mark.site
def test_the_what_changed_page_and_the_marks_are_on_the_built_site(built: Path) -> None:
    page = (built / "changes" / "index.html").read_text(encoding="utf-8")
    assert "What changed" in page and "Every roll is kept in a Roll log" in page
    assert "For contributors" not in page and "For Python users" not in page
    assert "DEVELOPERS.md says what a new system writes" not in page  # a contributors' bullet
    home = (built / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="changes/"[^>]*>(?:\s|<[^>]+>)*What changed', home)  # in the navigation
    for change in changes.CHANGED:
        target = built / change.page.removesuffix(".md").removesuffix("index").strip("/") / "index.html"
        html = target.read_text(encoding="utf-8")
        heading = re.search(rf'<h\d id="{change.anchor}"', html)
        assert heading, (change.page, change.anchor)
        found = re.search(r'<p class="rk-changed" data-rollkit-changed="([\d-]+)"><a href="([^"]+)">([^<]+)</a>', html[heading.end() : heading.end() + 800])
        assert found, change
        assert found.groups()[0] == change.day.isoformat() and unescape(found.groups()[2]) == "Changed 1 December 2026"
        link, _, anchor = found.groups()[1].partition("#")
        assert (target.parent / link / "index.html").resolve() == (built / "changes" / "index.html").resolve()
        assert f'id="{anchor}"' in page, anchor  # the entry it links to
