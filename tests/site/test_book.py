"""The site reads first as a rulebook: a home page for players, the rules first in the
navigation and Python in a part of its own, no Python in the rules' prose, a contents fold on
long pages, search results that name their system, and a 404 page that leads back.

The tests marked ``site`` read the session's build (``built``); the others read the sources.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

pytest.importorskip("markdown", reason="the docs venv renders pages")

import markdown  # noqa: E402 (after the skip above)
import yaml  # noqa: E402 (after the skip above)

from docs_tools import contents  # noqa: E402
from docs_tools.sitebuild import search  # noqa: E402
from rollkit import _registry  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CHAPTERS = sorted(p.relative_to(DOCS).as_posix() for s in _registry.names() for p in (DOCS / s).glob("*.md"))
# Every address the site had before the developers' part was made: none of them may go away.
ADDRESSES = (
    "",
    "ninefold/",
    "ninefold/contests/",
    "ninefold/percentage-dcs/",
    "trait/",
    "trait/prowess-and-stagger/",
    "trait/when-you-fail/",
    "trait/contested-checks/",
    "hits/",
    "hits/special-checks/",
    "hits/odds/",
    "again/",
    "again/mitigated-and-opposed/",
    "again/odds/",
    "critdice/",
    "critdice/legendary-and-focus/",
    "critdice/odds/",
    "compare/",
    "widgets/",
    "characters/",
    "performance/",
    "rulings/",
    "reference/python/",
    "reference/cli/",
    "reference/limits/",
)
DEVELOPERS = (
    "developers/index.md",
    "developers/examples.md",
    "reference/python.md",
    "reference/cli.md",
    "reference/limits.md",
    "performance.md",
)


def _nav() -> list[object]:
    """mkdocs.yml's nav (the file as a whole holds Python tags that a safe loader refuses)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^nav:\n(?:  .*\n)+", text, flags=re.M)
    assert block, "mkdocs.yml has no nav"
    return list(yaml.safe_load(block.group(0))["nav"])


def _pages(item: object) -> list[str]:
    if isinstance(item, str):
        return [item]
    if isinstance(item, list):
        return [p for i in item for p in _pages(i)]
    assert isinstance(item, dict)
    return [p for v in item.values() for p in _pages(v)]


def test_the_navigation_puts_the_rules_first_and_python_apart() -> None:
    nav = _nav()
    *rules, last = nav
    assert isinstance(last, dict) and list(last) == ["For developers"]
    assert _pages(last) == list(DEVELOPERS)
    players = _pages(rules)
    assert players[0] == "index.md"
    assert set(CHAPTERS) <= set(players)
    assert {"compare.md", "rulings.md", "widgets.md", "characters.md"} <= set(players)
    assert not [p for p in players if p.startswith(("reference/", "developers/")) or p == "performance.md"]
    every = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert every == set(players) | set(DEVELOPERS), "a page outside the navigation"


def test_the_home_page_is_for_players() -> None:
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    pick = text[text.index("## Pick your game") :].split("\n## ", 1)[0]
    for system in _registry.names():  # each system a sentence and a link
        assert f"]({system}/index.md)" in pick, system
    assert "```rollkit\n" in text, "a widget to try"
    assert "```text" not in text and "rollkit odds" not in text, "the command line is the developers'"
    assert "Using rollkit in Python" not in text and "\n```pycon" not in text, "Python only in a tab"
    assert "](developers/index.md)" in text
    developers = (DOCS / "developers" / "index.md").read_text(encoding="utf-8")
    assert (
        "## Using rollkit in Python" in developers and "## Using rollkit from the command line" in developers
    )


_MARK = re.compile(r"^(\s*)(?:\?\?\?\+?|===|!!!)\s+.*Python")
_CODE = re.compile(r"`([^`]+)`")
# a call, a keyword argument, a snake_case name or a module path: Python, not the rules' words
_PYTHON = re.compile(r"(?<!\w)[A-Za-z_]\w+\(|\w=|\b[a-z]+_[a-z_]+\b|\brollkit\.")


def python_in_prose(text: str) -> list[str]:
    """``LINE: words`` for each line of rules prose (outside code fences and outside the blocks
    titled for Python: the "In Python" folds and the Python tabs) that names Python or holds
    a code span that reads as Python."""
    found: list[str] = []
    skip: int | None = None
    fence = ""
    for number, line in enumerate(text.split("\n"), 1):
        indent = len(line) - len(line.lstrip())
        if skip is not None and (not line.strip() or indent > skip):
            continue
        skip = None
        stripped = line.lstrip()
        if fence:
            fence = "" if stripped.startswith(fence) else fence
            continue
        if stripped.startswith("```"):
            fence = "```"
            continue
        if stripped.startswith("<!--"):  # a comment, never shown (a generated page's mark)
            continue
        if match := _MARK.match(line):
            skip = len(match.group(1))
            continue
        if re.search(r"\bPython\b", line) or any(_PYTHON.search(code) for code in _CODE.findall(line)):
            found.append(f"{number}: {stripped}")
    return found


def test_the_python_in_prose_check_can_fail() -> None:
    text = (
        "# Rules\n\nA DC (in Python, `Check(dc=3)`) is a bar.\n\nThe `cap` field picks one.\n\n"
        "Roll `12d(6+):3` against `DC = toPass`.\n\n"
        '??? example "In Python"\n\n    Words about `Check(dc=3)` in Python.\n\n'
        '=== "Python"\n\n    `botch_faces` here is fine.\n\n'
        "```text\nrollkit odds hits\n```\n\nAnd `botch_faces` is not.\n"
    )
    assert python_in_prose(text) == [
        "3: A DC (in Python, `Check(dc=3)`) is a bar.",
        "21: And `botch_faces` is not.",
    ]


@pytest.mark.parametrize("page", CHAPTERS)
def test_the_rules_prose_holds_no_python(page: str) -> None:
    assert python_in_prose((DOCS / page).read_text(encoding="utf-8")) == []


def _converted(text: str) -> str:
    extensions = ["toc", "attr_list", "docs_tools.contents"]
    return markdown.Markdown(extensions=extensions, extension_configs={"toc": {"permalink": True}}).convert(
        text
    )


def test_a_long_page_gets_its_contents_under_its_title() -> None:
    sections = "".join(f"## Part {n}\n\nWords.\n\n### Detail {n}\n\nMore.\n\n" for n in range(1, 4))
    html = _converted("# A chapter\n\nOpening words.\n\n" + sections)
    title, rest = html.split("</h1>", 1)
    assert rest.lstrip().startswith(
        '<details class="abstract" data-rollkit-contents="" data-search-exclude="">'
    )
    fold = rest[: rest.index("</details>")]
    assert "<summary>On this page</summary>" in fold
    assert re.findall(r'href="#([^"]+)"', fold) == [
        "part-1",
        "detail-1",
        "part-2",
        "detail-2",
        "part-3",
        "detail-3",
    ]
    assert 'href="#a-chapter"' not in fold and "&para;" not in fold  # no title, no permalink signs


def test_a_short_page_has_no_contents_fold() -> None:
    assert contents.LEAST == 3
    html = _converted("# Short\n\n## One\n\nWords.\n\n### One and a half\n\nWords.\n")
    assert "data-rollkit-contents" not in html
    html = _converted("# Long enough\n\n## One\n\n### One and a half\n\n## Two\n")
    assert "data-rollkit-contents" in html


def test_search_titles_name_their_system() -> None:
    assert search.titled("Botch", "hits/#botch") == "Botch (Hits)"
    assert (
        search.titled("Odds of typical checks", "critdice/odds/") == "Odds of typical checks (Critical dice)"
    )
    assert search.titled("The Check (Hits)", "hits/") == "The Check (Hits)"
    assert search.titled("Trait checks", "trait/") == "Trait checks"
    assert search.titled("Every failure rolls the botch die", "rulings/#again-botch-after-any-failure") == (
        "Every failure rolls the botch die (Again)"
    )
    assert search.titled("Rulings and errata", "rulings/") == "Rulings and errata"
    assert search.titled("Compare the systems", "compare/#hits") == "Compare the systems"


@pytest.mark.site
def test_every_old_address_still_has_its_page(built: Path) -> None:
    assert [a for a in ADDRESSES if not (built / a / "index.html").is_file()] == []
    assert (built / "developers" / "index.html").is_file()


@pytest.mark.site
@pytest.mark.parametrize("page", CHAPTERS)
def test_every_chapter_opens_with_its_contents(built: Path, page: str) -> None:
    path = page.removesuffix(".md").removesuffix("index")
    html = (built / path / "index.html").read_text(encoding="utf-8")
    after_title = html.split("</h1>", 1)[1].lstrip()
    assert after_title.startswith('<details class="abstract" data-rollkit-contents')
    fold = after_title[: after_title.index("</details>")]
    links = re.findall(r'href="#([^"]+)"', fold)
    assert len(links) >= contents.LEAST
    assert all(f'id="{anchor}"' in html for anchor in links)


@pytest.mark.site
def test_search_results_name_their_system(built: Path) -> None:
    entries = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    titles = {e["location"]: e["title"] for e in entries}
    assert titles["hits/#effect-and-botch"] == "Effect and Botch (Hits)"
    assert titles["again/#critical-failure-botch"] == "Critical failure (botch) (Again)"
    assert titles["hits/odds/"] == "Odds of typical checks (Hits)"
    assert titles["critdice/odds/"] == "Odds of typical checks (Critical dice)"
    for page, tab in (
        ("hits/odds", "Odds of typical checks (Hits)"),
        ("critdice/odds", "Odds of typical checks (Critical dice)"),
    ):
        head = (built / page / "index.html").read_text(encoding="utf-8").split("</head>", 1)[0]
        assert re.findall(r"<title>([^<]*)</title>", head) == [f"{tab} - rollkit"]  # a browser tab says which
    botches = {
        loc: t for loc, t in titles.items() if "botch" in t.lower() and loc.split("/")[0] in ("hits", "again")
    }
    assert len(botches) >= 4
    for location, title in botches.items():
        assert title.endswith({"hits": "(Hits)", "again": "(Again)"}[location.split("/")[0]]), location
    for location, title in titles.items():  # every entry under a chapter says which
        system = location.split("/")[0]
        if system in _registry.names():
            assert _registry.words(system).name.lower() in title.lower(), (location, title)


@pytest.mark.site
def test_the_404_page_leads_back(built: Path) -> None:
    html = (built / "404.html").read_text(encoding="utf-8")
    block = html[html.index("data-rollkit-not-found") :]
    block = block[: block.index("</div>")]
    found = re.findall(r'<a href="([^"]+)">(.*?)</a>', block)
    assert found and all(href.startswith("/") for href, _ in found), "the page is served at any address"
    # where each link leads from a missing page deep down (the session's build is for the root)
    links = {
        urlsplit(urljoin("http://host/a/b/missing/", h)).path: re.sub(r"<[^>]+>", "", t).strip()
        for h, t in found
    }
    root = "/"
    assert links.get(root) == "the home page", links
    for path, name in (
        ("ninefold/", "Ninefold"),
        ("hits/", "The Check (Hits)"),
        ("critdice/", "Critical dice"),
    ):
        assert links.get(root + path) == name, (path, links)
    assert links.get(root + "rulings/") == "Rulings and errata"
