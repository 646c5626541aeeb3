"""Every number the build computes, as data, and what moved between two revisions.

``python -m docs_tools.numbers`` (``scripts/numbers``) renders the docs' fences straight from
the Markdown sources, without a site build, and writes one record per number: the page, the
fence (its kind and title), the row or label, the exact value (a ``Fraction`` as ``"a/b"``)
and the text the page shows. ``--diff REV`` collects the same from ``git archive REV`` with
this very module copied in (so a revision older than it is read the same way) and reports, in
Markdown for a CI job summary or with ``--json``, what changed from what to what on which
page, largest change first, then what was added or removed. It informs: it exits 0 either way.

A fence kind joins with one line in ``COLLECTORS``: ``"kind": "module:function"``, a function
taking the fence's body and returning its title and its ``Entry``s (label, exact value, and
the shown text when it is not the value's usual one). It is imported only when a page has a
fence of that kind, so an older revision without that module is read all the same.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FORMAT = 1  # of the snapshot
ARCHIVED = ("rollkit", "docs", "docs_tools")  # what a revision's numbers are made from

__all__ = [
    "COLLECTORS",
    "Entry",
    "Number",
    "Change",
    "collect",
    "page_numbers",
    "snapshot",
    "compare",
    "in_tree",
    "markdown",
    "exact_text",
    "shown_text",
    "main",
]


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One number of a fence: what it is called there, its exact value, and the text shown
    ("" for the usual one: a chance as a percentage, a whole number as it is)."""

    label: str
    value: Fraction | int | float | str
    shown: str = ""


Collector = Callable[[str], tuple[str, Iterable[Entry]]]

COLLECTORS: dict[str, str] = {
    "rollkit": f"{__name__}:widget_numbers",
    "rollkit-table": f"{__name__}:table_numbers",
    "rollkit-chart": f"{__name__}:chart_numbers",
    "rollkit-example": f"{__name__}:example_numbers",
}
"""Each fence kind that shows computed numbers, and the function giving them."""

NO_NUMBERS = frozenset({"rollkit-sheets"})
"""Fence kinds that show no computed number (the Characters page's editor)."""


@dataclass(frozen=True, kw_only=True)
class Number:
    """One number on the site: ``page`` (under docs/), the fence's ``line``, ``fence`` kind and
    ``title``, the ``label`` of the number there, its ``exact`` value and the ``shown`` text."""

    page: str
    line: int
    fence: str
    title: str
    label: str
    exact: str
    shown: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.page, self.fence, self.title, self.label)

    @property
    def place(self) -> str:
        """``page.md:LINE`` of its fence (the page alone for a generated page)."""
        return f"{self.page}:{self.line}" if self.line else self.page


# -- values as written -------------------------------------------------------------------


def exact_text(value: Fraction | int | float | str) -> str:
    """The exact value as the snapshot keeps it: a Fraction always as ``"a/b"``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def shown_text(value: Fraction | int | float | str) -> str:
    """The text a page shows for ``value`` by default: a chance as ``rollkit._format.percent``."""
    from rollkit._format import fraction, percent

    if isinstance(value, Fraction):
        return percent(value) if 0 <= value <= 1 else fraction(value)
    return exact_text(value)


_WHOLE = re.compile(r"([+\u2212-]?)(\d+(?:\.\d+)?)[+%]?")  # also "12+", "+20%", "−1"


def _number(value: str) -> Fraction | None:
    """An exact value as a number: a fraction, or a number written with a sign or a "+" or "%"
    after it ("12+": 12); None for other text."""
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        found = _WHOLE.fullmatch(value.strip())
        return (
            (-1 if found.group(1) in "-\u2212" and found.group(1) else 1) * Fraction(found.group(2))
            if found
            else None
        )


# -- the fences' collectors ----------------------------------------------------------------


def widget_numbers(body: str) -> tuple[str, list[Entry]]:
    """A widget's pre-rendered odds (``rollkit.web.odds_view``): the chance of success, each
    outcome's chance, the chance of each tally (the chart's bars before any banding) or the
    tail, and the average and spread."""
    from docs_tools.widgets import parse
    from rollkit._params import build
    from rollkit.web import values_text

    widget = parse(body)
    check = build(widget.check, dict(widget.params))
    name = type(check).tally.many
    out = [Entry(label="Chance of success", value=check.chance())]
    out += [Entry(label=f"Outcome {k}", value=p) for k, p in check.outcomes().items()]
    dist = check.distribution()
    out += [Entry(label=f"{k} {name}", value=p) for k, p in dist.pairs]
    if dist.tail:
        out.append(Entry(label=f"{dist.tail_label} {name}", value=dist.tail))
    elif dist.pairs and all(isinstance(k, int) for k, _ in dist.pairs):  # as odds_view's mean
        mean = dist.mean()
        out.append(Entry(label=f"Average {name}", value=mean, shown=f"{float(mean):.2f}"))
        variance = sum((p * (k - mean) ** 2 for k, p in dist.pairs), Fraction(0))
        if variance:
            spread = f"±{math.sqrt(variance):.2f}"
            out.append(
                Entry(label=f"Spread of {name} (the variance, shown as ±)", value=variance, shown=spread)
            )
    return widget.title or values_text(check, shown=widget.show), out


def example_numbers(body: str) -> tuple[str, list[Entry]]:
    """A worked example's verified values (``docs_tools.examples.snapshot``): each claim and
    each other value the fence shows, exact."""
    from docs_tools.examples import parse, snapshot

    example = parse(body)
    out = []
    for fact in snapshot(body):
        value = str(fact["value"])
        try:
            exact: Fraction | str = Fraction(value)
        except ValueError:
            exact = value
        out.append(Entry(label=str(fact["what"]), value=exact))
    return example.title or f"Worked example: {example.check}", out


def table_numbers(body: str) -> tuple[str, list[Entry]]:
    """A table's cells (``docs_tools.fences``), each labelled by its row and column headers; a
    table has no title (the page names it by its heading and tabs)."""
    from docs_tools.fences import evaluate
    from rollkit._format import percent

    rows = [list(r) for r in evaluate(body)]
    head = [str(c) for c in rows[0]]
    out = []
    for i, row in enumerate(rows[1:], 1):
        if re.search(r"\d", str(row[0])):  # a row's own heading may be worked out too: "0-2"
            out.append(Entry(label=f"Row {i}, {head[0]}", value=row[0]))
        for column, cell in zip(head[1:], row[1:]):
            if isinstance(cell, (Fraction, int, float)) or (isinstance(cell, str) and re.search(r"\d", cell)):
                shown = percent(cell) if isinstance(cell, Fraction) else ""  # as fences._cell
                out.append(Entry(label=f"{head[0]} {row[0]}, {column}", value=cell, shown=shown))
    return "", out


@dataclass(frozen=True)
class _Chart:
    title: str
    entries: tuple[Entry, ...]


def _label(check: Any, vary: str) -> str:
    from rollkit._fields import fields

    found = next((f.label for f in fields(type(check)) if f.name == vary), vary)
    return re.sub(r" \((x\+|x-again)\)", "", found)


def _points(title: str, series: Iterable[Any], x_name: str) -> _Chart:
    """A chart of lines: each point (x, chance) of each line, a gap left out."""
    return _Chart(
        title,
        tuple(
            Entry(label=f"{s.name}, {x_name} {x}", value=p)
            for s in series
            for x, p in s.points
            if p is not None
        ),
    )


def _chart_makers() -> dict[str, Any]:
    """The chart fences' names, each giving the chart's data instead of its drawing."""
    from rollkit import web

    def against(check: Any, **k: Any) -> _Chart:
        view = web.against_view(check, **k)
        return _points(view.title, view.series, _label(check, k["vary"]))

    def compare(checks: Any, **k: Any) -> _Chart:
        view = web.compare_view(checks, **k)
        return _points(view.title, view.series, k.get("x_label") or _label(checks[0][1], k["vary"]))

    def line_chart(series: Any, **k: Any) -> _Chart:
        return _points(k.get("title", ""), series, k.get("x_name") or k.get("x_label", ""))

    def bar_chart(items: Any, **k: Any) -> _Chart:
        tail = k.get("tail")
        shown = list(items) + ([tail] if tail and tail[1] else [])
        return _Chart(k.get("title", ""), tuple(Entry(label=str(label), value=p) for label, p in shown))

    return {
        "against_chart": against,
        "compare_chart": compare,
        "line_chart": line_chart,
        "bar_chart": bar_chart,
    }


def chart_numbers(body: str) -> tuple[str, list[Entry]]:
    """A chart's points or bars: the fence run by ``docs_tools.fences.evaluate`` itself (uncached),
    its namespace's chart makers giving their data."""
    from unittest import mock

    from docs_tools import fences

    names = fences._namespace
    with mock.patch.object(fences, "_namespace", lambda: {**names(), **_chart_makers()}):
        chart = fences.evaluate.__wrapped__(body)
    if not isinstance(chart, _Chart):
        return "", []
    return chart.title, list(chart.entries)


def generated_numbers() -> Iterator[tuple[str, str, list[Entry]]]:
    """The numbers of the generated pages (``docs_tools.pages``) that rollkit computes: the
    limits, how huge values are shown, and the command line page's ``need`` example."""
    from rollkit import _format
    from rollkit._limits import limits

    yield (
        "reference/limits.md",
        "Limits",
        [Entry(label=f"{x.system}.{x.name}", value=x.value, shown=f"{x.value:,}") for x in limits()],
    )
    yield (
        "reference/limits.md",
        "How huge exact values are shown",
        [
            Entry(label="Fraction shown whole up to (characters)", value=_format.FRACTION_DIGITS),
            Entry(label="Decimal places of a percentage", value=_format.PLACES),
            Entry(label="Text lines wrapped at (characters)", value=_format.WIDTH),
        ],
    )
    try:
        from docs_tools.pages import NEED_EXAMPLE
    except ImportError:  # a revision from before the example was named
        return
    from rollkit import need

    kind, *words = NEED_EXAMPLE[1:]
    given = {k.removeprefix("--"): v for k, v in zip(words[::2], words[1::2])}
    vary, chance = given.pop("vary"), given.pop("chance")
    answer = need(kind, vary=vary, chance=chance, values=given)
    out = []
    for said, found in (
        ("found", answer.found),
        ("one step short", answer.short),
        ("closest", answer.closest),
    ):
        if found is not None:
            out.append(Entry(label=f"{answer.label}, {said}", value=found.value))
            out.append(Entry(label=f"Chance of success at {answer.label} {found.value}", value=found.chance))
    for step in answer.steps:
        for way, found in (("up", step.up), ("down", step.down)):
            if found is not None:
                out.append(Entry(label=f"{step.label} one step {way}: {found.value}", value=found.chance))
    yield "reference/cli.md", "rollkit " + " ".join(NEED_EXAMPLE), out


# -- a page's fences, in context ---------------------------------------------------------

_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*(?:\{[^}]*\})?\s*$")


def _where(text: str, fences: Sequence[Any], blocks: Sequence[Any]) -> dict[int, str]:
    """For each fence's line: the heading over it, and the titles of the tabs and admonitions
    holding it (a table has no title of its own)."""
    inside = set()
    for fence in fences:
        inside.update(range(fence.line, fence.line + fence.body.count("\n") + 2))
    heading, at = "", {}
    starts = {f.line for f in fences}
    for number, line in enumerate(text.split("\n"), 1):
        found = _HEADING.match(line)
        if found and number not in inside:
            heading = found.group(1)
        if number in starts:
            held = [b.title for b in blocks if b.title and any(f.line == number for f in b.fences)]
            at[number] = " › ".join([h for h in [heading, *held] if h])
    return at


def _collector(kind: str) -> Collector:
    module, _, name = COLLECTORS[kind].partition(":")
    found: Collector = getattr(importlib.import_module(module), name)
    return found


def page_numbers(page: str, text: str) -> Iterator[Number]:
    """Every number the fences of one page (``page``: its path under docs/) show."""
    from docs_tools.mdfences import scan

    fences, blocks = scan(text)
    where: dict[int, str] | None = None
    seen: dict[tuple[str, str], int] = {}
    for fence in fences:
        kind = fence.info.split()[0] if fence.info.split() else ""
        if kind not in COLLECTORS:
            continue
        try:
            title, entries = _collector(kind)(fence.body)
        except Exception as error:
            raise RuntimeError(
                f"docs/{page}:{fence.line}: {kind} fence failed: {type(error).__name__}: {error}"
            ) from error
        if not title:
            where = where if where is not None else _where(text, fences, blocks)
            title = where.get(fence.line, "") or kind
        seen[(kind, title)] = seen.get((kind, title), 0) + 1
        if seen[(kind, title)] > 1:
            title += f" ({seen[(kind, title)]})"
        labels: dict[str, int] = {}
        for entry in entries:
            labels[entry.label] = labels.get(entry.label, 0) + 1
            label = entry.label + (f" ({labels[entry.label]})" if labels[entry.label] > 1 else "")
            yield Number(
                page=page,
                line=fence.line,
                fence=kind,
                title=title,
                label=label,
                exact=exact_text(entry.value),
                shown=entry.shown or shown_text(entry.value),
            )


def collect(docs: Path = DOCS) -> list[Number]:
    """Every number the build computes: each page's fences, then the generated pages'."""
    out: list[Number] = []
    for path in sorted(docs.rglob("*.md")):
        out += page_numbers(path.relative_to(docs).as_posix(), path.read_text(encoding="utf-8"))
    for page, title, entries in generated_numbers():
        out += [
            Number(
                page=page,
                line=0,
                fence="generated",
                title=title,
                label=e.label,
                exact=exact_text(e.value),
                shown=e.shown or shown_text(e.value),
            )
            for e in entries
        ]
    return out


def snapshot(numbers: Sequence[Number]) -> dict[str, Any]:
    return {"format": FORMAT, "numbers": [asdict(n) for n in numbers]}


def read_snapshot(data: dict[str, Any]) -> list[Number]:
    return [Number(**n) for n in data["numbers"]]


# -- two revisions -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Change:
    """A number that is new (``before`` None), gone (``after`` None) or moved."""

    before: Number | None
    after: Number | None

    @property
    def number(self) -> Number:
        found = self.after or self.before
        assert found is not None
        return found

    @property
    def size(self) -> Fraction:
        """How far it moved: a chance in points of 1, another number relative to the larger
        of the two; text that is not a number, 1."""
        if self.before is None or self.after is None:
            return Fraction(1)
        a, b = _number(self.before.exact), _number(self.after.exact)
        if a is None or b is None:
            return Fraction(1)
        if 0 <= a <= 1 and 0 <= b <= 1 and "/" in self.before.exact + self.after.exact:
            return abs(b - a)
        return abs(b - a) / max(abs(a), abs(b), Fraction(1))

    def words(self) -> str:
        """``Title, label: before -> after``, as an author reads it."""
        n = self.number
        said = f"{n.title}, {n.label}" if n.title else n.label
        before = self.before.shown if self.before else "(new)"
        after = self.after.shown if self.after else "(gone)"
        if self.before and self.after and self.before.shown == self.after.shown:
            before, after = f"{before} ({self.before.exact})", f"{after} ({self.after.exact})"
        return f"{said}: {before} -> {after}"


def compare(before: Sequence[Number], after: Sequence[Number]) -> list[Change]:
    """What moved between two snapshots, largest change first; then the new and gone ones."""
    old = {n.key: n for n in before}
    new = {n.key: n for n in after}
    moved = [Change(before=old[k], after=n) for k, n in new.items() if k in old and old[k].exact != n.exact]
    moved.sort(key=lambda c: (-c.size, c.number.page, c.number.line, c.number.title, c.number.label))
    added = [Change(before=None, after=n) for k, n in new.items() if k not in old]
    gone = [Change(before=n, after=None) for k, n in old.items() if k not in new]
    return moved + added + gone


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _said(number: Number) -> str:
    """A number as the report shows it: the page's text and its exact value, shortened past
    ``rollkit._format.FRACTION_DIGITS`` characters as the site does."""
    from rollkit._format import fraction

    value = _number(number.exact)
    exact = fraction(value) if value is not None and "/" in number.exact else number.exact
    return _cell(number.shown if exact == number.shown else f"{number.shown} ({exact})")


def _moved_by(change: Change) -> str:
    assert change.before is not None and change.after is not None
    a, b = _number(change.before.exact), _number(change.after.exact)
    if a is None or b is None:
        return ""
    d = b - a
    sign = "+" if d > 0 else "−"
    if 0 <= a <= 1 and 0 <= b <= 1 and "/" in change.before.exact + change.after.exact:
        from rollkit._format import percent

        return f"{sign}{percent(abs(d)).removesuffix('%')} points"
    return f"{sign}{abs(d)}"  # a whole number as it is, else a/b


LISTED = 400
"""The most lines of each list the Markdown report shows (a job summary holds 1 MB); the rest
are counted, and ``--json`` has them all."""


def _rest(chosen: Sequence[Change], listed: int) -> list[str]:
    more = len(chosen) - listed
    return (
        ["", f"... and {more} more (`scripts/numbers --diff REV --json` lists every one)."]
        if more > 0
        else []
    )


def markdown(changes: Sequence[Change], *, against: str, total: int, listed: int = LISTED) -> str:
    """The report for a job summary: one table of moved numbers, then the new and gone ones,
    each list cut after ``listed`` lines."""
    moved = [c for c in changes if c.before and c.after]
    added = [c for c in changes if not c.before]
    gone = [c for c in changes if not c.after]
    out = [f"## Numbers on the site against `{against}`", ""]
    if not changes:
        out.append(f"No number changed: all {total} numbers the build computes are the same.")
        return "\n".join(out) + "\n"
    pages = sorted({c.number.page for c in changes})
    out.append(
        f"{len(moved)} changed, {len(added)} new, {len(gone)} gone, of {total} numbers,"
        f" on {len(pages)} page{'s' if len(pages) != 1 else ''}: " + ", ".join(f"`{p}`" for p in pages) + "."
    )
    if moved:
        out += [
            "",
            "### Changed, largest first",
            "",
            "| Page | Number | Before | After | Change |",
            "|---|---|---|---|---|",
        ]
        for c in moved[:listed]:
            assert c.before is not None and c.after is not None
            n = c.number
            out.append(
                f"| `{n.place}` | {_cell(f'{n.title}, {n.label}' if n.title else n.label)} |"
                f" {_said(c.before)} | {_said(c.after)} | {_moved_by(c)} |"
            )
        out += _rest(moved, listed)
    for heading, chosen in (("New", added), ("Gone", gone)):
        if chosen:
            out += ["", f"### {heading}", ""]
            out += [f"- `{c.number.place}` {_cell(c.words())}" for c in chosen[:listed]]
            out += _rest(chosen, listed)
    return "\n".join(out) + "\n"


def in_tree(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m docs_tools.numbers ARGS`` in a fresh process at ``root``, with the rollkit and
    docs_tools there first on the path (this Python, so this venv's packages)."""
    return subprocess.run(
        [sys.executable, "-m", "docs_tools.numbers", *args],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        check=False,
    )


def _run(root: Path) -> list[Number]:
    """The numbers of the tree at ``root``, collected there by this module (copied in)."""
    target = root / "docs_tools" / "numbers.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(Path(__file__).read_bytes())
    done = in_tree(root, "--out", "-")
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed")
    return read_snapshot(json.loads(done.stdout))


def at_revision(revision: str, *, repo: Path = ROOT) -> list[Number]:
    """The numbers of ``revision`` (any name git knows), from a ``git archive`` export."""
    with tempfile.TemporaryDirectory(prefix="rollkit-numbers-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(repo), "archive", "--format=tar", revision, *ARCHIVED],
            capture_output=True,
            check=False,
        )
        if archive.returncode:
            raise RuntimeError(
                archive.stderr.decode(errors="replace").strip() or f"git archive {revision} failed"
            )
        tar = Path(tmp, "tree.tar")
        tar.write_bytes(archive.stdout)
        with tarfile.open(tar) as opened:
            opened.extractall(Path(tmp, "tree"), filter="data")
        return _run(Path(tmp, "tree"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/numbers",
        description="Every number the build computes (a JSON snapshot), or what moved against a revision.",
    )
    parser.add_argument(
        "--out", default="build/numbers.json", help="where the snapshot goes ('-': standard output)"
    )
    parser.add_argument(
        "--diff",
        metavar="REV",
        help="compare the working tree with git revision REV (REV..REV2: two revisions)",
    )
    parser.add_argument("--json", action="store_true", help="with --diff: the changes as JSON, not Markdown")
    args = parser.parse_args(argv)
    against = args.diff
    if args.diff and ".." in args.diff:  # two revisions: the second in place of the working tree
        args.diff, _, later = args.diff.partition("..")
        numbers = at_revision(later or "HEAD")
    else:
        numbers = collect()
    if not args.diff:
        data = json.dumps(snapshot(numbers), indent=1, ensure_ascii=False)
        if args.out == "-":
            print(data)
        else:
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            Path(args.out).write_text(data + "\n", encoding="utf-8")
            print(
                f"{len(numbers)} numbers on {len({n.page for n in numbers})} pages: {args.out}",
                file=sys.stderr,
            )
        return 0
    try:
        before = at_revision(args.diff)
    except RuntimeError as error:  # it informs: a revision it cannot read is said, not failed
        if args.json:
            print(json.dumps({"against": against, "error": str(error)}))
        else:
            print(f"## Numbers on the site against `{against}`\n\nNot compared: {error}")
        return 0
    changes = compare(before, numbers)
    if args.json:
        print(
            json.dumps(
                {
                    "against": against,
                    "total": len(numbers),
                    "changes": [
                        {
                            "before": asdict(c.before) if c.before else None,
                            "after": asdict(c.after) if c.after else None,
                            "words": c.words(),
                        }
                        for c in changes
                    ],
                },
                indent=1,
                ensure_ascii=False,
            )
        )
    else:
        print(markdown(changes, against=against, total=len(numbers)), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
