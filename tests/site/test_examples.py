"""Worked examples in the rules' words (```` ```rollkit-example ````, ``docs_tools.examples``):
every claim is checked against rollkit when the page is rendered, a wrong one fails with the
claim's ``page.md:LINE`` and what rollkit gives instead, the Result is the widgets' roll view
and Replay is the share link of the widget the dice go to."""

from __future__ import annotations

import types
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders the pages")

import markdown  # noqa: E402

from docs_tools import examples, widgets  # noqa: E402
from docs_tools.fences import FenceError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

GOOD = """check: hits
dice: 7
threshold: 7
tn: 2
faces: 9, 2, 7, 10, 4, 8, 7
says tally: 5
says Effect: 3
says outcome: DoS 2 (Normal Success)
says chance: about 84%
says outcome chance: 21168/78125"""


def _hits(dice: int, face: int) -> dict[int, Fraction]:
    """The chance of each number of d10s at ``face``+, over every pattern of hits and misses
    (each pattern weighted by the faces that make it)."""
    out: dict[int, Fraction] = {}
    hit, miss = 11 - face, face - 1
    for pattern in product((True, False), repeat=dice):
        count = sum(pattern)
        out[count] = out.get(count, Fraction(0)) + Fraction(hit**count * miss ** (dice - count), 10**dice)
    return out


def render(page: Path) -> str:
    """``page`` as the site's Markdown renders its fences; the page's file is left where mkdocs
    leaves it (``docs_tools.mdfences.source_of``) so a failure can name it."""
    fence = {"class": "", "format": None}
    md = markdown.Markdown(
        extensions=["admonition", "pymdownx.superfences", "pymdownx.tabbed"],
        extension_configs={
            "pymdownx.superfences": {
                "custom_fences": [
                    {**fence, "name": examples.KIND, "format": examples.formatter},
                    {**fence, "name": "rollkit", "format": widgets.formatter},
                ]
            },
            "pymdownx.tabbed": {"alternate_style": True},
        },
    )
    where = types.SimpleNamespace(file=types.SimpleNamespace(abs_src_path=str(page)), run=lambda root: None)
    md.treeprocessors.register(where, "rollkit-page", 0)
    return md.convert(page.read_text(encoding="utf-8"))


def _page(tmp_path: Path, body: str, widget: str = "") -> tuple[Path, int]:
    """A page with the example nested in a tab of an ``!!! example``; the line of its fence."""
    inner = "\n".join("        " + line for line in ["```rollkit-example", *body.split("\n"), "```"])
    head = "# A page\n\n" + (f"```rollkit\n{widget}\n```\n\n" if widget else "")
    text = head + '!!! example "Five Hits"\n\n    Words.\n\n    === "Result"\n\n' + inner + "\n"
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page, text.split("\n").index("        ```rollkit-example") + 1


def test_the_claims_are_what_enumeration_gives() -> None:
    facts = {f.what: f.value for f in examples.claims(examples.parse(GOOD))}
    assert facts["tally"] == 5 and facts["Effect"] == 3
    chances = _hits(7, 7)
    assert facts["chance"] == sum(p for hits, p in chances.items() if hits >= 2)  # 65732/78125
    assert facts["outcome chance"] == chances[4] + chances[5]  # DoS 2 is Effect 2 or 3


@pytest.mark.parametrize(
    ("exact", "shown", "right"),
    [
        (Fraction(1424, 3125), "about 46%", True),
        (Fraction(1424, 3125), "45.57%", True),
        (Fraction(1424, 3125), "45.56%", False),
        (Fraction(1424, 3125), "45%", False),
        (Fraction(1, 8), "13%", True),  # 12.5: half up
        (Fraction(1, 8), "12%", False),
        (Fraction(999, 1000), "100%", False),  # never 100% unless exact
        (Fraction(1, 1000), "0%", False),
        (Fraction(1), "100%", True),
    ],
)
def test_a_shown_percentage_is_the_rounding_at_its_precision(exact: Fraction, shown: str, right: bool) -> None:
    assert examples.shows(exact, shown) is right


@pytest.mark.parametrize(
    ("claim", "got"),
    [
        ("says Effect: 4", "says Effect: 4, but rollkit gives 3"),
        ("says chance: about 46%", "says chance: about 46%, but rollkit gives 65732/78125 (84.14%)"),
        ("says outcome: DoS 3 (Good Success)", "but rollkit gives DoS 2 (Normal Success)"),
        ("says Botch: 1", "rollkit gives no 'Botch' for this roll; it gives tally, outcome, result"),
    ],
)
def test_a_wrong_claim_fails_with_its_page_line_and_what_rollkit_gives(tmp_path: Path, claim: str, got: str) -> None:
    body = GOOD.replace("says Effect: 3", claim) if "Effect" in claim else GOOD + "\n" + claim
    page, line = _page(tmp_path, body)
    claim_line = line + 1 + body.split("\n").index(claim)
    with pytest.raises(FenceError) as failed:
        render(page)
    said = str(failed.value)
    assert said.startswith(f"{page}:{claim_line}: rollkit-example claim is wrong: "), said
    assert got in said, said


def test_the_planted_page_renders_when_its_claims_are_right(tmp_path: Path) -> None:
    page, _ = _page(tmp_path, GOOD)
    html = render(page)
    assert "Success: 5 Hits against TN 2, DoS 2 (Normal Success)" in html
    assert html.count('class="rk-die"') == 7  # the example's dice (its widget has rolled none)


def test_replay_goes_to_the_widget_on_the_page_that_can_hold_the_values(tmp_path: Path) -> None:
    widget = "check: hits\ntitle: Five dice\nshow: dice, threshold, tn\ndice: 5\nthreshold: 7\ntn: 3"
    page, _ = _page(tmp_path, GOOD, widget)
    html = render(page)
    target = html.split('id="', 1)[1].split('"', 1)[0]
    assert target.startswith("rk-") and html.count("data-rollkit-widget=") == 1
    assert f'data-rollkit-worked="{target}"' in html
    assert (
        f'href="?rk={target}&amp;k=hits&amp;p.dice=7&amp;p.threshold=7&amp;p.tn=2&amp;p.bought=0'
        f'&amp;p.validation=0&amp;p.keyword=none&amp;faces=9%2C2%2C7%2C10%2C4%2C8%2C7#{target}"'
    ) in html
    assert '<p class="rk-worked-replay" hidden>' in html  # shown by worked.mjs once the widget is live


def test_without_a_widget_that_can_hold_the_values_the_example_brings_one(tmp_path: Path) -> None:
    # this widget does not show the Threshold, which the example changes
    widget = "check: hits\nshow: dice, tn\ndice: 5\nthreshold: 6\ntn: 3"
    page, _ = _page(tmp_path, GOOD, widget)
    html = render(page)
    assert html.count("data-rollkit-widget=") == 2
    own = html.split('data-rollkit-worked="', 1)[1].split('"', 1)[0]
    assert own.startswith("rkx-") and f'<section class="rollkit-widget" id="{own}"' in html


def test_a_page_check_says_what_the_build_says(tmp_path: Path) -> None:
    page, line = _page(tmp_path, GOOD.replace("says Effect: 3", "says Effect: 4"))
    said = examples.check_page(page.read_text(encoding="utf-8"), str(page))
    with pytest.raises(FenceError) as failed:
        render(page)
    assert said == [str(failed.value)] and said[0].startswith(f"{page}:{line + 7}: ")


def test_replay_of_a_check_with_choices_finishes_as_the_result_shows(tmp_path: Path) -> None:
    body = "check: critdice\ndice: 3\nlegendary: 4\nfaces: 7, 6, 8\nsays legendary spent: 3"
    page, _ = _page(tmp_path, body)
    html = render(page)
    assert "faces=7%2C6%2C8&amp;spend=plan#" in html
    chosen = body.replace("legendary: 4", "focus: 3").replace("says legendary spent: 3", "says focus spent: 3")
    page, _ = _page(tmp_path, chosen + "\nchoices: 3+3F")
    assert "faces=7%2C6%2C8&amp;spend=3%2B3F#" in render(page)


def test_the_snapshot_is_the_fences_claims_and_values_as_plain_data() -> None:
    data = examples.snapshot(GOOD)
    assert {"what": "Effect", "value": "3", "claimed": "3", "line": 7} in data
    assert {"what": "chance", "value": "65732/78125", "claimed": "about 84%", "line": 9} in data
    assert {"what": "faces", "value": "10"} in data and {"what": "Dice Pool", "value": "7"} in data
    assert all(set(d) <= {"what", "value", "claimed", "line"} for d in data)
