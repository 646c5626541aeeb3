"""Build-time fences: Python run by CPython at build time, its value shown on the page.

```` ```rollkit-table ```` runs its body and renders the value of the last
expression (a header row then rows) as a table; probabilities (``Fraction``)
show as percentages with the exact fraction on hover. ```` ```rollkit-chart ````
renders the SVG string its last expression returns. A failing fence raises
``SuperFencesException``, which fails the build (the mkdocs hook checks every
fence first and names the page and line).
"""

from __future__ import annotations

import ast
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Any

from pymdownx.superfences import SuperFencesException

import rollkit
from rollkit._format import fraction, percent
from docs_tools import svg

__all__ = ["evaluate", "render", "table_formatter", "chart_formatter", "FENCES"]

FENCES = ("rollkit-table", "rollkit-chart")


def _namespace() -> dict[str, Any]:
    space: dict[str, Any] = {"rollkit": rollkit, "Fraction": Fraction, "pct": percent,
                             "Series": svg.Series, "line_chart": svg.line_chart,
                             "bar_chart": svg.bar_chart}
    space.update(rollkit.SYSTEMS)
    return space


@lru_cache(maxsize=None)
def evaluate(source: str) -> Any:
    """Run ``source`` and return the value of its last expression."""
    tree = ast.parse(source, mode="exec")
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the fence must end with an expression: the value to show")
    last = ast.Expression(tree.body.pop().value)
    space = _namespace()
    exec(compile(tree, "<fence>", "exec"), space)
    return eval(compile(last, "<fence>", "eval"), space)


def _cell(value: Any, tag: str) -> str:
    if isinstance(value, Fraction):
        return f'<{tag} class="rollkit-p" title="{fraction(value)}">{percent(value)}</{tag}>'
    return f"<{tag}>{escape(str(value))}</{tag}>"


def render_table(rows: Any) -> str:
    rows = [list(r) for r in rows]
    if len(rows) < 2:
        raise ValueError("a rollkit-table needs a header row and at least one row")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {i} has {len(row)} cells, the header has {width}")
    head = "".join(_cell(c, "th") for c in rows[0])
    body = "".join("<tr>" + "".join(_cell(c, "td") for c in r) + "</tr>" for r in rows[1:])
    # no class on the table itself: Material styles only tables without one
    return (f'<div class="rollkit-table"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


@lru_cache(maxsize=None)
def render(kind: str, source: str) -> str:
    """The HTML of a build-time fence (raises on any mistake)."""
    value = evaluate(source)
    if kind == "rollkit-table":
        return render_table(value)
    if not (isinstance(value, str) and value.startswith("<svg")):
        raise ValueError("a rollkit-chart must end with an SVG chart (line_chart or bar_chart)")
    return f'<figure class="rollkit-figure">{value}</figure>'


def _format(kind: str, source: str) -> str:
    try:
        return render(kind, source)
    except Exception as error:  # superfences would swallow anything else
        first = source.strip().splitlines()[0] if source.strip() else ""
        raise SuperFencesException(f"{kind} fence starting {first!r}: {type(error).__name__}: {error}") from error


def table_formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    return _format("rollkit-table", src)


def chart_formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    return _format("rollkit-chart", src)
