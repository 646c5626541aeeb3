"""The ```rollkit fence: a live roll widget, pre-rendered with exact odds at build time.

The body names a check and its starting parameters, one ``key: value`` a line::

    check: hits          # a name from `rollkit systems`
    title: Five dice at 7+ against TN 3
    show: dice, tn       # the parameters the reader can edit (default: all)
    dice: 5
    threshold: 7
    tn: 3

The page gets real form controls, the exact chance, the outcome table and a
chart of the tally, computed by rollkit in CPython (``rollkit.web.widget``: the same trees
the browser shows); assets/rollkit.mjs then makes it live in the browser with the same
rollkit running in Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from docs_tools.fences import failed, page_id
from rollkit import web
from rollkit._fields import fields
from rollkit._params import build, find
from rollkit.web import Element, field_text, node, to_html

__all__ = ["Widget", "parse", "render", "formatter", "print_block"]

_KEYS = ("check", "title", "show")


@dataclass(frozen=True)
class Widget:
    check: str
    title: str
    show: tuple[str, ...]
    params: tuple[tuple[str, str], ...]


def parse(source: str) -> Widget:
    """Read and check a fence body; any mistake raises ValueError naming the line."""
    values: dict[str, str] = {}
    for number, raw in enumerate(source.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"line {number} of the fence: expected 'name: value', got {raw!r}")
        if key in values:
            raise ValueError(f"line {number} of the fence: {key} is given twice")
        values[key] = value.strip()
    if "check" not in values:
        raise ValueError("the fence needs 'check: NAME' (see `rollkit systems`)")
    name = values.pop("check")
    cls = find(name)
    known = [f.name for f in fields(cls)]
    title = values.pop("title", "")
    show = tuple(s.strip() for s in values.pop("show", ",".join(known)).split(",") if s.strip())
    for key in (*show, *values):
        if key not in known:
            raise ValueError(f"{key} is not a parameter of {name}: it takes {', '.join(known)}")
    build(name, values)  # raises RulesError with the parameter's name
    return Widget(name, title, show, tuple(values.items()))


def print_block(widget_id: str, params: dict[str, str]) -> Element:
    """What a printed widget adds to its odds: a link that opens it, here with these values.

    ``data-rollkit-print`` holds the link's query and fragment, as the widget's Copy link
    writes them (``?rk=ID&p.name=value#ID``); the build step ``docs_tools.sitebuild.printing``
    makes the link whole from the page's address and draws its QR code. Shown only in print
    (``assets/print.css``)."""
    query = "?" + urlencode({"rk": widget_id, **{f"p.{k}": v for k, v in params.items()}}) + f"#{widget_id}"
    return node(
        "div",
        {"class": "rk-print", "data-rollkit-print": query},
        node(
            "p",
            {"class": "rk-print-link"},
            "Open this widget with these values: ",
            node("a", {"href": query}, query),
        ),
    )


def render(widget: Widget, widget_id: str) -> str:
    """The widget's HTML: controls, the same odds view the browser renders later, and the link
    a printed copy shows."""
    check = build(widget.check, dict(widget.params))
    tree = web.widget(widget.check, check, widget_id=widget_id, title=widget.title, show=widget.show)
    params = {f.name: field_text(getattr(check, f.name)) for f in fields(type(check))}
    return to_html(replace(tree, children=(*tree.children, print_block(widget_id, params))))


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter: a stable id from the fence's text, unique on its page; any
    mistake fails the build naming the fence's page and line."""
    try:
        return render(parse(src), page_id(md, "rk-", src.strip()))
    except Exception as error:
        raise failed(md, "rollkit", src, error) from error
