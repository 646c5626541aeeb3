"""The rules site: worked examples are doctests, the build is strict and self-contained.

The tests of the built site read ``built``, the one mkdocs build of the session that the
browser tests serve too (``tests/conftest.py``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from docs_tools.mdfences import scan
from rollkit._registry import BUILT_IN
from docs_tools.sitebuild import runtime_dir

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def examples_without_doctest(text: str) -> list[int]:
    """Lines of `!!! example` admonitions (and collapsed `??? example` blocks) that hold no
    ```pycon fence."""
    _, blocks = scan(text)
    return [
        b.line
        for b in blocks
        if b.kind in ("!!!", "???", "???+")
        and b.type == "example"
        and not any(f.info.split()[:1] == ["pycon"] for f in b.fences)
    ]


def test_the_example_check_can_fail() -> None:
    text = (
        '!!! example "Has one"\n    text\n\n    ```pycon\n    >>> 1\n    1\n    ```\n\n'
        '!!! example "Has none"\n    Only words.\n\n??? example "Collapsed, none"\n    ```python\n    x = 1\n    ```\n'
    )
    assert examples_without_doctest(text) == [9, 12]


def test_every_worked_example_has_a_doctest() -> None:
    pages = sorted(DOCS.rglob("*.md"))
    missing = [
        f"{p.relative_to(ROOT)}:{line}"
        for p in pages
        for line in examples_without_doctest(p.read_text(encoding="utf-8"))
    ]
    assert missing == []
    worked = sum(
        len([b for b in scan(p.read_text(encoding="utf-8"))[1] if b.kind == "!!!" and b.type == "example"])
        for p in pages
    )
    assert worked >= 30, worked  # the folded "In Python" blocks are not worked examples


def test_every_system_chapter_exists_with_examples_and_widgets() -> None:
    for system in BUILT_IN:
        text = "".join(p.read_text(encoding="utf-8") for p in (DOCS / system).glob("*.md"))
        assert "!!! example" in text and "```pycon" in text, system
        assert "```rollkit-table" in text, system
        assert "```rollkit\n" in text, system


def test_generated_pages_are_current() -> None:
    pytest.importorskip("mkdocs", reason="the docs venv generates the pages (signatures vary by Python)")
    done = subprocess.run(
        [sys.executable, "-m", "docs_tools.pages", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + "run: python -m docs_tools.pages"


def test_every_ruling_is_on_the_rulings_page() -> None:
    pytest.importorskip("markdown", reason="the docs venv renders pages")
    import rollkit
    from docs_tools.pages import ruling_links

    page = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for ruling in rollkit.RULINGS:
        assert f"### {ruling.title} {{#{ruling.id}}}" in page
        assert ruling_links(ruling.ruling, "") in page




@pytest.mark.site
def test_strict_build_makes_the_whole_site(built: Path) -> None:
    for page in (
        "index.html",
        "rulings/index.html",
        "compare/index.html",
        "reference/python/index.html",
        *(f"{s}/index.html" for s in BUILT_IN),
    ):
        assert (built / page).exists(), page
    for runtime in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        assert (runtime_dir(built) / runtime).exists(), runtime  # pyodide/<hash>/
    assert list(runtime_dir(built).glob("rollkit-*.whl"))


@pytest.mark.site
def test_the_site_references_nothing_outside_itself(built: Path) -> None:
    """No resource the browser would fetch (script, style, image, font, frame) is elsewhere.

    Plain links a reader may follow (the theme's credit in the footer) are not requests.
    """
    outside = re.compile(
        r"""<(?:script|img|link|iframe|source|audio|video|embed|object|use|image)\b[^>]*"""
        r"""\b(?:src|href|srcset|xlink:href)\s*=\s*["'](?:https?:)?//(?!127\.0\.0\.1)""",
        re.I,
    )
    css_import = re.compile(r"""@import|url\(\s*["']?(?:https?:)?//""", re.I)
    found = []
    for path in built.rglob("*"):
        if path.suffix in (".html", ".css") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in outside.finditer(text):
                found.append(f"{path.relative_to(built)}: {text[match.start() : match.end() + 80]}")
            if path.suffix == ".css" and css_import.search(text):
                found.append(f"{path.relative_to(built)}: {css_import.search(text).group(0)}")
    assert found == []
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+font: false$", config, re.M)
    assert "fonts.googleapis" not in (built / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("fence", "needle"),
    [
        (
            "```rollkit\ncheck: hits\ndice: 5\nthreshold: 12\ntn: 1\n```",
            "Threshold (x+): 12 is out of range; enter a whole number from 1 to 10",
        ),
        ("```rollkit\ncheck: dragons\ndice: 5\n```", "check='dragons' is not a known check"),
        (
            "```rollkit\ncheck: hits\ndice: 5\nthreshold: 7\ntn: 1\ncolour: red\n```",
            "colour is not a parameter of hits",
        ),
        ("```rollkit\ncheck: hits\nthis line has no colon\n```", "expected 'name: value'"),
        ("```rollkit-table\n[[1, 2], [3]]\n```", "row 1 has 1 cells"),
    ],
    ids=["bad value", "unknown system", "unknown parameter", "malformed line", "bad table"],
)
@pytest.mark.site
def test_a_broken_fence_fails_the_build_with_page_and_line(tmp_path: Path, fence: str, needle: str) -> None:
    pytest.importorskip("mkdocs")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(f"# x\n\ntext\n\n{fence}\n")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = re.sub(r"^nav:\n(?:  .*\n)+", "", config, flags=re.M)
    config = (
        config.replace("docs_dir: docs", f"docs_dir: {docs}")
        .replace("custom_dir: overrides", f"custom_dir: {ROOT}/overrides")
        .replace("base_path: [benchmarks]", f"base_path: [{ROOT}/benchmarks]")
    )
    (tmp_path / "mkdocs.yml").write_text(config)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            str(tmp_path / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode != 0
    assert "index.md:5: rollkit" in done.stderr and needle in done.stderr, done.stderr[-800:]


def test_pycon_fences_are_items_with_their_lines(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["tests.helpers.pycon"]')
    pytester.syspathinsert(ROOT)
    (pytester.path / "docs").mkdir()
    (pytester.path / "docs" / "page.md").write_text(
        '# t\n\n```pycon\n>>> 1 + 1\n2\n```\n\n!!! example "Nested"\n    Words.\n\n'
        '    ```pycon\n    >>> x = 2\n    >>> x * 3\n    7\n    ```\n\n=== "Tab"\n\n    ```pycon\n    >>> 3\n    3\n    ```\n'
        # folded, and a Python tab inside a worked example (two levels deep)
        '\n??? example "In Python"\n\n    ```pycon\n    >>> 4\n    4\n    ```\n\n'
        '!!! example "Worked"\n    Words.\n\n    === "Result"\n\n        Five.\n\n'
        '    === "Python"\n\n        ```pycon\n        >>> 2 + 2\n        5\n        ```\n'
    )
    result = pytester.runpytest("docs", "-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*md:3 PASSED*",
            "*md:11 FAILED*",
            "*md:19 PASSED*",
            "*md:26 PASSED*",
            "*md:40 FAILED*",
            "docs/page.md:13: >>> x * 3*",
            "docs/page.md:41: >>> 2 + 2*",
        ]
    )


@pytest.mark.site
def test_search_indexes_the_rules_not_the_computed_blocks(built: Path) -> None:
    """Widgets, tables and charts are numbers a search would only drown in (data-search-exclude)."""
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] + " " + doc["title"] for doc in index["docs"])
    assert "Target Number" in text and "Success Number" in text
    for computed in ("Rolling needs JavaScript", "Chance of success:", "Pin these odds", "Read the chart as", "Python to run"):
        assert computed not in text, computed
    assert not [doc["location"] for doc in index["docs"] if doc["location"].startswith(("reference/", "changes/"))]
