"""Every number in a worked example's prose and Result is proved by the example
(``docs_tools.proof``): one of its inputs or outputs, from its pycon transcript or its
```` ```rollkit-example ```` fences, or the shown rounding of an exact one, or marked as story."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders the pages")

from docs_tools import proof  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md"))

TRANSCRIPT = """    === "Python"

        ```pycon
        >>> from rollkit.hits import Check
        >>> Check(dice=5, threshold=6, tn=3).chance()
        Fraction(1, 2)
        >>> Check(dice=5, threshold=7, tn=3).chance()
        Fraction(992, 3125)
        ```
"""


def _plant(tmp_path: Path, prose: str) -> Path:
    page = tmp_path / "planted.md"
    page.write_text(f'# Planted\n\n!!! example "Five dice"\n    {prose}\n\n{TRANSCRIPT}', encoding="utf-8")
    return page


def test_every_number_in_the_worked_examples_is_proved() -> None:
    found = [str(u) for page in PAGES for u in proof.unproved(page, str(page.relative_to(ROOT)))]
    assert found == [], "\n".join(found)


def test_the_check_reads_every_worked_example_and_its_numbers() -> None:
    examples = [e for page in PAGES for e in proof.blocks(page)]
    read = sum(1 for e in examples for _, text in e.prose for _ in proof.numbers(text))
    assert len(examples) >= 80 and read >= 1200, (len(examples), read)
    converted = [e for e in examples if "```rollkit-example" in "".join(t for _, t in e.prose)]
    assert converted == []  # a fence's body is the example's proof, never its prose


@pytest.mark.parametrize(
    ("prose", "unproved"),
    [
        ("Five dice at 6+ against TN 3 succeed half the time: 50%.", []),
        ("At 7+ it is about 32%, 31.74% to be exact.", []),  # 992/3125 = 31.744%
        ("At 7+ it is about 31%.", ["31%"]),  # the wrong rounding
        ("At 7+ it is 31.75%.", ["31.75%"]),
        ("Six dice would make it 41%.", ["41%"]),  # not an input or output of this example
        ("Together 13 Hits.", ["13"]),
        ("As printed in 1986<!-- story -->, at 7+.", []),
        ("The odds are 992/3125 at 7+, not 992/3124.", ["992/3124"]),
    ],
)
def test_a_planted_number_that_nothing_proves_fails_with_its_page_and_line(
    tmp_path: Path, prose: str, unproved: list[str]
) -> None:
    page = _plant(tmp_path, prose)
    found = proof.unproved(page, "planted.md")
    assert [u.number for u in found] == unproved
    for u in found:
        assert str(u).startswith(f"planted.md:4: {u.number!r} in the example 'Five dice' is no input or output of it")


def test_the_build_of_a_page_with_an_unproved_number_fails_with_its_page_and_line(tmp_path: Path) -> None:
    import markdown

    page = _plant(tmp_path, "At 7+ it is about 31%.")
    md = markdown.Markdown(extensions=["admonition", "pymdownx.superfences", "pymdownx.tabbed", "docs_tools.proof"])
    # where mkdocs leaves the page's file (docs_tools.mdfences.source_of)
    where = types.SimpleNamespace(file=types.SimpleNamespace(abs_src_path=str(page)), run=lambda root: None)
    md.treeprocessors.register(where, "rollkit-page", 0)
    with pytest.raises(proof.UnprovedError) as failed:
        md.convert(page.read_text(encoding="utf-8"))
    assert str(failed.value) == (
        f"{page}:4: '31%' in the example 'Five dice' is no input or output of it: "
        "the nearest chance it gives is 992/3125, which shows as 32%, not 31%"
    )
    md.reset()
    _plant(tmp_path, "At 7+ it is about 32%.")
    assert "about 32%" in md.convert(page.read_text(encoding="utf-8"))


def test_a_number_without_a_rounding_to_compare_says_how_to_prove_it(tmp_path: Path) -> None:
    (found,) = proof.unproved(_plant(tmp_path, "Together 13 Hits."), "planted.md")
    assert str(found) == (
        "planted.md:4: '13' in the example 'Five dice' is no input or output of it, nor the rounding "
        "of one: print it in the transcript, or leave it out (only a page count or a year is story: "
        "13<!-- story -->)"
    )
    (found,) = proof.unproved(_plant(tmp_path, "At 7+ it is 31.75%."), "planted.md")
    assert str(found).endswith(": the nearest chance it gives is 992/3125, which shows as 31.74%, not 31.75%")


def test_an_example_whose_fence_fails_is_left_to_the_fence(tmp_path: Path) -> None:
    page = tmp_path / "broken.md"
    fence = "        ```rollkit-example\n        check: hits\n        dice: 3\n        faces: 8\n        says tally: 1\n        ```"
    page.write_text(f'!!! example "Broken"\n    Three dice, 13 Hits.\n\n    === "Result"\n\n{fence}\n', encoding="utf-8")
    assert [e.broken for e in proof.blocks(page)] == [True]
    assert proof.unproved(page) == []  # the fence's own error names its line (test_build.py)
