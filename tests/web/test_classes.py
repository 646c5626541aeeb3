"""Every class name the page script and the style sheets rely on is one rollkit.web declares."""

from __future__ import annotations

import re
from pathlib import Path

from rollkit.web import CLASSES

ASSETS = Path(__file__).resolve().parents[2] / "docs" / "assets"
NAME = re.compile(r"(?<![\w-])rk-[a-z0-9]+(?:-[a-z0-9]+)*")


def used(paths: list[Path]) -> dict[str, set[str]]:
    """Each ``rk-`` class name found in ``paths``, with the files using it."""
    found: dict[str, set[str]] = {}
    for path in paths:
        for name in NAME.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, set()).add(path.relative_to(ASSETS).as_posix())
    return found


def sources() -> list[Path]:
    return sorted(p for p in ASSETS.rglob("*") if p.suffix in (".mjs", ".js", ".css"))


def test_the_page_script_and_style_sheets_use_only_declared_classes() -> None:
    files = sources()
    assert ASSETS / "rollkit.css" in files and ASSETS / "rollkit" / "widget.mjs" in files
    found = used(files)
    assert {"rk-roll", "rk-die", "rk-odds-view"} <= set(found)  # the scan reads what it should
    undeclared = {name: sorted(where) for name, where in found.items() if name not in CLASSES}
    assert not undeclared, f"declare these in rollkit/web/_classes.py or stop using them: {undeclared}"


def test_the_scan_finds_an_undeclared_class(tmp_path: Path) -> None:
    planted = ASSETS / "rollkit.css"
    text = planted.read_text(encoding="utf-8") + "\n.rollkit-widget .rk-nowhere { color: red; }\n"
    copy = tmp_path / "rollkit.css"
    copy.write_text(text, encoding="utf-8")
    names = set(NAME.findall(copy.read_text(encoding="utf-8")))
    assert "rk-nowhere" in names and "rk-nowhere" not in CLASSES
