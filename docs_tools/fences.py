"""Build-time fences: Python run by CPython at build time, its value shown on the page.

```` ```rollkit-table ```` runs its body and renders the value of the last
expression (a header row then rows) as a table; probabilities (``Fraction``)
show as percentages, each with its exact fraction in the cell's ``title`` (mouse
hover) and in a span that a "Show exact fractions" checkbox just before the table
reveals through CSS alone (keyboard, touch, no JavaScript). ```` ```rollkit-chart ````
renders the SVG string its last expression returns, or a view tree: ``against_chart(check,
vary=..., over=..., lines=..., line_values=...)`` and ``compare_chart([(name, check), ...],
vary=..., over=...)`` are the widgets' "chance against a field" view (``rollkit.web``). A failing fence raises
``FenceError``, which fails the build (mkdocs and Zensical alike) naming the
fence's page and line.
"""

from __future__ import annotations

import ast
import hashlib
from fractions import Fraction
from functools import cache
from html import escape
from typing import Any

from pymdownx.superfences import SuperFencesException

import rollkit
from docs_tools.mdfences import locate
from rollkit import web
from rollkit._format import fraction, percent

try:  # mkdocs reports a BuildError as its message alone, without a traceback
    from mkdocs.exceptions import BuildError as _Reported
except ImportError:  # Zensical without mkdocs
    _Reported = Exception  # type: ignore[assignment,misc]

__all__ = [
    "evaluate",
    "page_id",
    "render",
    "table_formatter",
    "chart_formatter",
    "FENCES",
    "FenceError",
    "failed",
]

FENCES = ("rollkit-table", "rollkit-chart")


def _namespace() -> dict[str, Any]:
    space: dict[str, Any] = {
        "rollkit": rollkit,
        "Fraction": Fraction,
        "pct": percent,
        "Series": web.Series,
        "line_chart": lambda *a, **k: web.to_html(web.lines(*a, **k)),
        "bar_chart": lambda *a, **k: web.to_html(web.bars(*a, **k)),
        "against_chart": lambda *a, **k: web.against_view(*a, **k).tree,
        "compare_chart": lambda *a, **k: web.compare_view(*a, **k).tree,
    }
    space.update(rollkit.SYSTEMS)
    return space


@cache
def evaluate(source: str) -> Any:
    """Run ``source`` and return the value of its last expression."""
    tree = ast.parse(source, mode="exec")
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the fence must end with an expression: the value to show")
    last = ast.Expression(tree.body.pop().value)
    space = _namespace()
    exec(compile(tree, "<fence>", "exec"), space)
    return eval(compile(last, "<fence>", "eval"), space)


def _digest(source: str) -> str:
    return hashlib.sha1(source.strip().encode()).hexdigest()[:8]


def page_id(md: Any, prefix: str, source: str) -> str:
    """A stable id from a fence's text, unique on its page (mkdocs renders each page with
    its own ``Markdown``, which keeps the ids used so far): ``prefix`` + hash, then -2, -3 ..."""
    used = md.__dict__.setdefault("_rollkit_ids", set())
    base = prefix + _digest(source)
    found = next(c for c in [base, *(f"{base}-{n}" for n in range(2, len(used) + 3))] if c not in used)
    used.add(found)
    return found


def _cell(value: Any, tag: str) -> str:
    """A cell; a probability shows its percentage, its exact fraction (shown by the table's
    checkbox, styled in assets/theme.css) and the same fraction as its title."""
    if isinstance(value, Fraction):
        exact = escape(fraction(value))
        return (
            f'<{tag} class="rollkit-p" title="{exact}">{escape(percent(value))}'
            f' <span class="rollkit-frac">{exact}</span></{tag}>'
        )
    return f"<{tag}>{escape(str(value))}</{tag}>"


def render_table(rows: Any, control_id: str = "rkt") -> str:
    """The table's HTML; ``control_id`` names its "Show exact fractions" checkbox."""
    rows = [list(r) for r in rows]
    if len(rows) < 2:
        raise ValueError("a rollkit-table needs a header row and at least one row")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {i} has {len(row)} cells, the header has {width}")
    head = "".join(_cell(c, "th") for c in rows[0])
    body = "".join("<tr>" + "".join(_cell(c, "td") for c in r) + "</tr>" for r in rows[1:])
    # the checkbox is a sibling before the table (or Material's wrapper around it), so
    # that `:checked ~` reaches the fractions without any script
    control = ""
    if any(isinstance(c, Fraction) for row in rows for c in row):
        control = (
            f'<input type="checkbox" class="rollkit-show-exact" id="{control_id}">'
            f'<label for="{control_id}">Show exact fractions</label>'
        )
    # no class on the table itself: Material styles only tables without one
    return (
        f'<div class="rollkit-table" data-search-exclude>{control}<table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


@cache
def render(kind: str, source: str, element_id: str = "") -> str:
    """The HTML of a build-time fence (raises on any mistake); ``element_id`` is the
    table's checkbox id (by default one from the source's hash)."""
    value = evaluate(source)
    if kind == "rollkit-table":
        return render_table(value, element_id or "rkt-" + _digest(source))
    if isinstance(value, web.Element):
        return f'<div class="rollkit-figure" data-search-exclude>{web.to_html(value)}</div>'
    if not (isinstance(value, str) and value.startswith("<svg")):
        raise ValueError(
            "a rollkit-chart must end with a chart (against_chart, compare_chart, line_chart or bar_chart)"
        )
    return f'<figure class="rollkit-figure" data-search-exclude>{value}</figure>'


class FenceError(SuperFencesException, _Reported):
    """A fence that cannot be rendered: it fails the build. superfences re-raises only its
    own exception (anything else would leave the fence on the page as plain code)."""


def failed(md: Any, kind: str, source: str, error: Exception) -> FenceError:
    """The build error for a fence that failed: ``page.md:LINE: kind fence failed: ...``."""
    return FenceError(f"{locate(md, kind, source)}: {kind} fence failed: {type(error).__name__}: {error}")


def _format(md: Any, kind: str, source: str, element_id: str = "") -> str:
    try:
        return render(kind, source, element_id)
    except Exception as error:
        raise failed(md, kind, source, error) from error


def table_formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    return _format(md, "rollkit-table", src, page_id(md, "rkt-", src))


def chart_formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    return _format(md, "rollkit-chart", src)
