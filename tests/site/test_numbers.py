"""The numeric diff of the site (``docs_tools.numbers``, ``scripts/numbers``): every number the
build computes, and a planted rules change reported on every page it moves and nowhere else."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

pytest.importorskip("markdown", reason="the docs venv renders fences")
pytest.importorskip("pymdownx", reason="the docs venv renders fences")

from docs_tools import numbers  # noqa: E402 (after the skips above)
from docs_tools.fences import evaluate  # noqa: E402
from docs_tools.mdfences import scan  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# -- the snapshot of the real docs -------------------------------------------------------


@pytest.fixture(scope="module")
def collected() -> list[numbers.Number]:
    return numbers.collect()


def test_every_fence_kind_of_the_site_is_collected_or_said_to_show_none() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    kinds = re.findall(r"- name: (\S+)\n\s+class: \S+\n\s+format: !!python/name:docs_tools", config)
    assert "rollkit" in kinds and "rollkit-table" in kinds, kinds
    missing = [k for k in kinds if k not in numbers.COLLECTORS and k not in numbers.NO_NUMBERS]
    assert not missing, f"add a collector to docs_tools.numbers.COLLECTORS for {missing}"


def test_every_computing_fence_of_the_docs_gives_numbers(collected: list[numbers.Number]) -> None:
    found = {(n.page, n.line) for n in collected}
    fences = [
        (path.relative_to(ROOT / "docs").as_posix(), fence.line)
        for path in sorted((ROOT / "docs").rglob("*.md"))
        for fence in scan(path.read_text(encoding="utf-8"))[0]
        if fence.info.split()[:1] and fence.info.split()[0] in numbers.COLLECTORS
    ]
    assert len(fences) > 150
    # a table of words alone (the defence codes) has none
    quiet = [f for f in fences if f not in found]
    assert len(quiet) <= 2, quiet
    for page, line in quiet:
        fence = next(f for f in scan((ROOT / "docs" / page).read_text(encoding="utf-8"))[0] if f.line == line)
        assert fence.info.split()[0] == "rollkit-table"
        assert not re.search(r"\d", str(evaluate(fence.body))), (page, line)


def test_each_number_has_one_key_and_its_exact_value(collected: list[numbers.Number]) -> None:
    keys = [n.key for n in collected]
    assert len(keys) == len(set(keys))
    chances = [n for n in collected if n.fence in ("rollkit", "rollkit-chart") and n.shown.endswith("%")]
    assert [n for n in chances if not re.fullmatch(r"\d+/\d+", n.exact)] == []
    assert len(chances) > 3000


def test_a_widget_and_a_table_hold_the_chances_their_pages_show(collected: list[numbers.Number]) -> None:
    by_key = {n.key: n for n in collected}
    # five dice at 7+ (2 in 5 per die) against TN 3: at least three Hits, worked out here
    p = sum(comb(5, k) * Fraction(2, 5) ** k * Fraction(3, 5) ** (5 - k) for k in range(3, 6))
    widget = by_key["index.md", "rollkit", "Try a roll: five dice at 7+ against TN 3", "Chance of success"]
    assert (widget.exact, widget.shown) == (f"{p.numerator}/{p.denominator}", "31.74%")
    cell = by_key["hits/odds.md", "rollkit-table", "Chance of success by pool and TN › 7+", "Dice 1, TN 1"]
    assert (cell.exact, cell.shown) == ("2/5", "40.00%")
    bars = [n for n in collected if n.title == "Sum of 2d12"]
    assert [(n.label, n.exact) for n in bars[:2]] == [("2", "1/144"), ("3", "1/72")]
    assert {n.page for n in collected if n.fence == "generated"} == {
        "reference/limits.md",
        "reference/cli.md",
    }


# -- a planted rules change in a revision of a small tree --------------------------------

PAGES = {
    "again.md": """# Again

```rollkit
check: again
title: One die against DC 1
dice: 1
```
""",
    "hits.md": """# Hits

```rollkit
check: hits
title: One die at 7+ against TN 1
dice: 1
threshold: 7
tn: 1
```

## By pool

```rollkit-table
[("Dice", "TN 1")] + [(n, hits.Check(dice=n, threshold=7, tn=1).chance()) for n in range(1, 4)]
```
""",
    "mixed.md": """# Both

```rollkit-table
[("Pool", "Again critical", "Hits 7+ TN 1")] + [
    (n, again.Check(dice=n).outcomes()["critical success"], hits.Check(dice=n, threshold=7, tn=1).chance())
    for n in range(1, 4)
]
```

```rollkit-chart
compare_chart([("Hits", hits.Check(dice=1, threshold=7, tn=1)), ("Again", again.Check(dice=1))],
              vary="dice", over=range(1, 4), title="Both by pool")
```
""",
    "prose.md": "# Prose\n\nNo fence: 5 dice, 31.74%.\n",
}


def _git(tree: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(tree), *args], check=True, capture_output=True)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A revision of a small site: this rollkit and docs_tools, four pages, committed."""
    root = tmp_path / "tree"
    for part in ("rollkit", "docs_tools"):
        shutil.copytree(ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    for name, text in PAGES.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a site")
    return root


def _diff(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return numbers.in_tree(root, "--diff", "HEAD", *args)


def test_the_small_site_has_numbers_on_each_page_with_a_fence(tree: Path) -> None:
    done = numbers.in_tree(tree, "--out", "-")
    assert done.returncode == 0, done.stderr
    found = {(n["page"], n["title"], n["label"]): n["exact"] for n in json.loads(done.stdout)["numbers"]}
    assert found["hits.md", "One die at 7+ against TN 1", "Chance of success"] == "2/5"
    assert found["hits.md", "By pool", "Dice 2, TN 1"] == "16/25"  # 1 - (3/5)**2
    assert found["mixed.md", "Both", "Pool 1, Hits 7+ TN 1"] == "2/5"
    assert found["mixed.md", "Both by pool", "Again, Dice Pool 1"] == "3/10"
    assert found["mixed.md", "Both by pool", "Hits, Dice Pool 3"] == "98/125"  # 1 - (3/5)**3
    assert not [k for k in found if k[0] == "prose.md"]


def test_an_unchanged_tree_moves_no_number(tree: Path) -> None:
    done = _diff(tree, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["changes"] == []
    shown = numbers.markdown([], against="HEAD", total=12)
    assert (
        shown
        == "## Numbers on the site against `HEAD`\n\nNo number changed: all 12 numbers the build computes are the same.\n"
    )


def test_a_planted_rules_change_is_reported_where_it_moves_numbers_and_nowhere_else(tree: Path) -> None:
    rules = tree / "rollkit" / "again" / "_rules.py"
    text = rules.read_text(encoding="utf-8")
    assert "\nCRITICAL_SUCCESSES = 5\n" in text
    rules.write_text(
        text.replace("\nCRITICAL_SUCCESSES = 5\n", "\nCRITICAL_SUCCESSES = 4\n"), encoding="utf-8"
    )

    done = _diff(tree, "--json")
    assert done.returncode == 0, done.stderr
    changes = json.loads(done.stdout)["changes"]
    assert all(c["before"] and c["after"] for c in changes)  # none new or gone
    moved = {(c["after"]["page"], c["after"]["title"], c["after"]["label"]): c for c in changes}
    # one die at 10-again: a critical needs four 10s then an 8+ (five successes), now three 10s
    assert set(moved) == {
        ("again.md", "One die against DC 1", "Outcome critical success"),
        ("again.md", "One die against DC 1", "Outcome success"),
        ("mixed.md", "Both", "Pool 1, Again critical"),
        ("mixed.md", "Both", "Pool 2, Again critical"),
        ("mixed.md", "Both", "Pool 3, Again critical"),
    }
    critical = moved["again.md", "One die against DC 1", "Outcome critical success"]
    assert (critical["before"]["exact"], critical["after"]["exact"]) == ("3/100000", "3/10000")
    success = moved["again.md", "One die against DC 1", "Outcome success"]
    assert (success["before"]["exact"], success["after"]["exact"]) == ("29997/100000", "2997/10000")
    assert moved["mixed.md", "Both", "Pool 1, Again critical"]["after"]["exact"] == "3/10000"
    sizes = [abs(Fraction(c["after"]["exact"]) - Fraction(c["before"]["exact"])) for c in changes]
    assert sizes == sorted(sizes, reverse=True)

    report = numbers.markdown(
        [
            numbers.Change(before=numbers.Number(**c["before"]), after=numbers.Number(**c["after"]))
            for c in changes
        ],
        against="HEAD",
        total=json.loads(done.stdout)["total"],
    )
    assert "5 changed, 0 new, 0 gone" in report
    assert "on 2 pages: `again.md`, `mixed.md`." in report
    assert (
        "| `again.md:3` | One die against DC 1, Outcome critical success | 0.003% (3/100000) | 0.03% (3/10000)"
        in report
    )
    assert "hits.md" not in report and "prose.md" not in report


def test_the_changes_come_largest_first() -> None:
    def number(label: str, exact: str) -> numbers.Number:
        return numbers.Number(
            page="p.md", line=1, fence="rollkit", title="T", label=label, exact=exact, shown=exact
        )

    before = [
        number("a", "1/10"),
        number("b", "1/2"),
        number("c", "3"),
        number("d", "Botch"),
        number("e", "7+"),
        number("gone", "1"),
    ]
    after = [
        number("a", "3/10"),
        number("b", "49/100"),
        number("c", "4"),
        number("d", "DoS 1"),
        number("e", "8+"),
        number("new", "2"),
    ]
    changes = numbers.compare(before, after)
    # a chance by its points (1/5, 1/100), another number by its share of the larger (1/4, and
    # 1/8 for 7+ to 8+), text 1
    assert [(c.number.label, c.size) for c in changes[:5]] == [
        ("d", 1),
        ("c", Fraction(1, 4)),
        ("a", Fraction(1, 5)),
        ("e", Fraction(1, 8)),
        ("b", Fraction(1, 100)),
    ]
    assert [(c.before is None, c.after is None, c.number.label) for c in changes[5:]] == [
        (True, False, "new"),
        (False, True, "gone"),
    ]
    assert changes[2].words() == "T, a: 1/10 -> 3/10"
    report = numbers.markdown(changes, against="main", total=6)
    assert "| `p.md:1` | T, e | 7+ | 8+ | +1 |" in report
    assert "| `p.md:1` | T, a | 1/10 | 3/10 | +20.00 points |" in report
    cut = numbers.markdown(changes, against="main", total=6, listed=2)
    assert "| `p.md:1` | T, c |" in cut and "| `p.md:1` | T, a |" not in cut
    assert "... and 3 more (`scripts/numbers --diff REV --json` lists every one)." in cut


def test_a_revision_it_cannot_read_is_said_and_passes(tree: Path) -> None:
    done = numbers.in_tree(tree, "--diff", "no-such-revision")
    assert done.returncode == 0
    assert "Not compared:" in done.stdout and "no-such-revision" in done.stdout


@pytest.mark.parametrize("page", ["index.md", "trait/index.md", "again/odds.md"])
def test_each_number_is_shown_where_its_fence_renders(page: str) -> None:
    """The collectors give what the renderers show: each shown text is in its fence's HTML."""
    from html import unescape

    from docs_tools import fences, widgets

    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    by_line = {f.line: f for f in scan(text)[0]}
    found = list(numbers.page_numbers(page, text))
    assert len(found) > 10
    for line in sorted({n.line for n in found}):
        fence = by_line[line]
        kind = fence.info.split()[0]
        if kind == "rollkit-example":  # its own fence checks its claims (tests/site/test_examples.py)
            continue
        if kind == "rollkit":
            html = widgets.render(widgets.parse(fence.body), "rk-test")
        else:
            html = fences.render(kind, fence.body)
        html = unescape(html)
        for n in (n for n in found if n.line == line):
            assert n.shown in html, (page, line, n.label, n.shown)


@pytest.mark.site  # a copy of the whole docs, collected twice: with the site tests
def test_the_planted_change_on_the_whole_site_moves_every_again_widget_and_nothing_else(
    tmp_path: Path,
) -> None:
    """The same plant in a copy of this site: every page with an Again widget moves (each shows
    the chance of a critical success), and every number that moves is in a fence of Again."""
    root = tmp_path / "site"
    for part in ("rollkit", "docs_tools", "docs"):
        shutil.copytree(ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "the site")
    rules = root / "rollkit" / "again" / "_rules.py"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace("\nCRITICAL_SUCCESSES = 5\n", "\nCRITICAL_SUCCESSES = 4\n"), encoding="utf-8"
    )

    done = _diff(root, "--json")
    assert done.returncode == 0, done.stderr
    changes = json.loads(done.stdout)["changes"]
    assert changes and all(c["before"] and c["after"] for c in changes)
    bodies = {
        (path.relative_to(root / "docs").as_posix(), fence.line): fence
        for path in (root / "docs").rglob("*.md")
        for fence in scan(path.read_text(encoding="utf-8"))[0]
    }
    widgets = {
        page for (page, _), fence in bodies.items() if re.search(r"^check: again", fence.body, re.MULTILINE)
    }
    assert len(widgets) >= 3
    assert {c["after"]["page"] for c in changes} == widgets
    for c in changes:
        fence = bodies[c["after"]["page"], c["after"]["line"]]
        assert re.search(r"\bagain\b", fence.body), (c["after"]["page"], c["after"]["line"])
