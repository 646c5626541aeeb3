"""The styles step (``docs_tools.sitebuild.styles``): the site's own stylesheets are built
without their comments, every rule and string kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_tools.sitebuild import styles

SOURCE = """/* The widget's result.
   Two lines of why. */
.rk-result { color: red; } /* after a rule */

.rk-note::before { content: "/* a string, not a comment */"; }
.rk-quote::after { content: '\\'*/'; /* inside a rule */ margin: 0; }
@media print { .rk-result { color: black; } }
"""

EXPECTED = """.rk-result { color: red; }

.rk-note::before { content: "/* a string, not a comment */"; }
.rk-quote::after { content: '\\'*/';  margin: 0; }
@media print { .rk-result { color: black; } }
"""


def test_comments_go_and_rules_and_strings_stay() -> None:
    assert styles.uncommented(SOURCE) == EXPECTED


def test_a_comment_never_closed_fails_the_build() -> None:
    with pytest.raises(ValueError, match="never closed"):
        styles.uncommented(".a { color: red; } /* and then")


def test_the_step_writes_our_sheets_only(tmp_path: Path) -> None:
    ours = tmp_path / "assets" / "theme.css"
    material = tmp_path / "assets" / "stylesheets" / "main.0123abcd.min.css"
    material.parent.mkdir(parents=True)
    ours.write_text(SOURCE, encoding="utf-8")
    material.write_text("/*! Material */a{color:blue}", encoding="utf-8")
    assert styles.write(tmp_path) == [ours]
    assert ours.read_text(encoding="utf-8") == EXPECTED
    assert material.read_text(encoding="utf-8") == "/*! Material */a{color:blue}"


def test_the_built_sites_sheets_have_no_comments_and_every_rule(built: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    for name in ("theme.css", "rollkit.css", "print.css"):
        text = (built / "assets" / name).read_text(encoding="utf-8")
        source = (root / "docs" / "assets" / name).read_text(encoding="utf-8")
        assert "/*" not in text and "/*" in source, name
        # every selector line of the source that opens a rule is in the built sheet
        opening = [line for line in source.splitlines() if line.endswith("{") and "/*" not in line]
        assert opening and all(line in text.splitlines() for line in opening), name
