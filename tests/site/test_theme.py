"""The theme step (``docs_tools.sitebuild.theme``): Material's rule that stops transitions
while the colours switch answers to a mark only a reader's switch sets, so that Material's
own mark, set and removed on every page load, restyles nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_tools.sitebuild import theme

RULE = "[data-md-color-switching] *,[data-md-color-switching] :after{transition-duration:0s!important}"


def _sheet(site: Path, name: str, text: str) -> Path:
    path = site / "assets" / "stylesheets" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_rule_answers_to_the_readers_switch_only(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, "palette.0123abcd.min.css", "body{color:red}" + RULE)
    other = _sheet(tmp_path, "main.0123abcd.min.css", "a{color:blue}")
    assert theme.write(tmp_path) == [sheet]
    text = sheet.read_text(encoding="utf-8")
    assert text == (
        "body{color:red}[data-rollkit-switching] *,[data-rollkit-switching] :after"
        "{transition-duration:0s!important}"
    )
    assert other.read_text(encoding="utf-8") == "a{color:blue}"


def test_zensicals_palette_in_its_looks_folder_is_found(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, "modern/palette.b60ce83d.min.css", RULE)
    assert theme.write(tmp_path) == [sheet]
    assert "data-md-color-switching" not in sheet.read_text(encoding="utf-8")


def test_a_palette_without_the_rule_fails_the_build(tmp_path: Path) -> None:
    _sheet(tmp_path, "palette.0123abcd.min.css", "body{color:red}")
    with pytest.raises(RuntimeError, match=r"holds the rule \[data-md-color-switching\]"):
        theme.write(tmp_path)


def test_the_built_sites_palette_answers_to_the_readers_switch(built: Path) -> None:
    sheets = sorted(built.glob("assets/stylesheets/**/palette.*.min.css"))
    assert sheets
    for sheet in sheets:
        text = sheet.read_text(encoding="utf-8")
        assert "[data-rollkit-switching] *" in text
        assert "data-md-color-switching" not in text
