"""A widget for every parameter (issue #11, item 3).

Every parameter of every check kind can be edited in at least one ```rollkit widget, and
that widget sits in its own system's chapter (``docs/<system>/``), where the rule is told.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders fences")

from docs_tools.mdfences import scan  # noqa: E402 (after the skip above)
from docs_tools.widgets import Widget, parse  # noqa: E402
from rollkit._fields import fields  # noqa: E402
from rollkit._params import checks  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def widgets(docs: Path = DOCS) -> list[tuple[str, int, Widget]]:
    """(page relative to docs/, line, widget) for every ```rollkit fence under ``docs``."""
    found = []
    for page in sorted(docs.rglob("*.md")):
        fences, _ = scan(page.read_text(encoding="utf-8"))
        for fence in fences:
            if fence.info.split()[:1] == ["rollkit"]:
                found.append((page.relative_to(docs).as_posix(), fence.line, parse(fence.body)))
    return found


def system_of(kind: str) -> str:
    return kind.split(".")[0]


def in_own_chapter(page: str, widget: Widget) -> bool:
    return page.split("/")[0] == system_of(widget.check) and "/" in page


def astray(found: list[tuple[str, int, Widget]]) -> list[str]:
    """``docs/page:line: kind`` of each widget in a system's chapter that is not that
    system's own."""
    systems = {system_of(kind) for kind in checks()}
    return [
        f"docs/{page}:{line}: {w.check}"
        for page, line, w in found
        if page.split("/")[0] in systems and not in_own_chapter(page, w)
    ]


def missing(found: list[tuple[str, int, Widget]]) -> list[tuple[str, str]]:
    """(kind, field) pairs that no widget in the kind's own chapter lets the reader edit."""
    shown = {(w.check, name) for page, _, w in found if in_own_chapter(page, w) for name in w.show}
    return [
        (kind, f.name) for kind, cls in checks().items() for f in fields(cls) if (kind, f.name) not in shown
    ]


def test_the_coverage_check_can_fail(tmp_path: Path) -> None:
    def fence(show: str, indent: str = "") -> str:
        body = ["```rollkit", "check: hits", f"show: {show}", "dice: 5", "threshold: 7", "tn: 2", "```"]
        return "".join(f"{indent}{line}\n" for line in body)

    (tmp_path / "hits").mkdir()
    (tmp_path / "again").mkdir()
    (tmp_path / "hits" / "index.md").write_text("# Hits\n\n" + fence("dice, tn"), encoding="utf-8")
    (tmp_path / "again" / "index.md").write_text(
        "# Again\n\n!!! note\n" + fence("bought", "    "), encoding="utf-8"
    )
    (tmp_path / "widgets.md").write_text("# Widgets\n\n" + fence("threshold"), encoding="utf-8")
    found = widgets(tmp_path)
    assert [(page, line) for page, line, _ in found] == [
        ("again/index.md", 4),
        ("hits/index.md", 3),
        ("widgets.md", 3),
    ]
    gaps = missing(found)
    assert ("hits", "dice") not in gaps and ("hits", "tn") not in gaps
    # shown, but not in hits' own chapter: neither counts
    assert ("hits", "bought") in gaps and ("hits", "threshold") in gaps
    assert ("again", "dice") in gaps
    assert astray(found) == ["docs/again/index.md:4: hits"]


def test_every_widget_sits_in_its_own_systems_chapter() -> None:
    assert astray(widgets()) == [], "move these widgets to their own system's pages"


def test_every_parameter_has_a_widget() -> None:
    gaps = missing(widgets())
    assert gaps == [], "no widget in the system's own pages shows: " + ", ".join(
        f"{kind} {name}" for kind, name in gaps
    )
