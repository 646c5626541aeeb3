"""The ```rollkit fence: a live roll widget, pre-rendered with exact odds at build time.

The body names a check and its starting parameters, one ``key: value`` a line::

    check: hits          # a name from `rollkit systems`
    title: Five dice at 7+ against TN 3
    show: dice, tn       # the parameters the reader can edit (default: all)
    dice: 5
    threshold: 7
    tn: 3

The page gets real form controls, the exact chance, the outcome table and a
chart of the tally, computed by rollkit in CPython; assets/rollkit.mjs then
makes it live in the browser with the same rollkit running in Pyodide.
"""

from __future__ import annotations

import json
import typing
from dataclasses import dataclass
from html import escape
from typing import Any

from docs_tools.fences import failed, page_id
from rollkit._fields import Param
from rollkit._params import Field, build, fields, find, python_call
from rollkit._view import VIEWS, odds_view, to_html

__all__ = ["Widget", "parse", "render", "formatter"]

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


def _control(widget_id: str, field: Field, value: Any, shown: bool) -> str:
    """A form control named after the parameter, labelled in the rules' words, with its hint."""
    name = escape(field.name)
    control_id = f"{widget_id}-{name}"
    if not shown:
        return f'<input type="hidden" name="{name}" value="{escape(_text(value))}">'
    label = escape(field.label)
    hint_text = field.param.hint if field.param else ""
    allowed = field.param.allowed() if field.param and field.hint is int and not field.param.options else ""
    if field.param and typing.get_origin(field.hint) is tuple:
        allowed = "; ".join(f"{p.label} {p.allowed()}" for p in field.param.entries() if p.allowed())
    hint = "; ".join(t for t in (hint_text, allowed) if t)
    described = f"{control_id}-hint {control_id}-error"
    tail = (
        f'<span class="rk-hint" id="{control_id}-hint">{escape(hint)}</span>'
        f'<span class="rk-field-error" id="{control_id}-error" hidden></span>'
    )
    if field.hint is bool:
        checked = " checked" if value else ""
        return (
            f'<div class="rk-field rk-check"><input type="checkbox" id="{control_id}" name="{name}"'
            f'{checked} aria-describedby="{described}"><label for="{control_id}">{label}</label>{tail}</div>'
        )
    choices = (
        field.param.options
        if field.param and field.param.options
        else tuple((c, str(c)) for c in field.choices)
    )
    if choices:
        options = "".join(
            f'<option value="{escape(str(c))}"{" selected" if c == value else ""}>{escape(words)}</option>'
            for c, words in choices
        )
        return (
            f'<div class="rk-field"><label for="{control_id}">{label}</label>'
            f'<select id="{control_id}" name="{name}" aria-describedby="{described}">{options}</select>{tail}</div>'
        )
    if field.hint is int:
        low = field.param.low if field.param else None
        high = field.param.high if field.param else None
        bounds = (f' min="{low}"' if low is not None else "") + (f' max="{high}"' if high is not None else "")
        return (
            f'<div class="rk-field"><label for="{control_id}">{label}</label>'
            f'<input type="number" id="{control_id}" name="{name}" value="{escape(_text(value))}"'
            f' step="1"{bounds} inputmode="numeric" autocomplete="off" aria-describedby="{described}">{tail}</div>'
        )
    return _list_control(control_id, field, value, hint)


def _number(low: int | None, high: int | None) -> str:
    return (
        (f' min="{low}"' if low is not None else "")
        + (f' max="{high}"' if high is not None else "")
        + ' step="1" inputmode="numeric" autocomplete="off"'
    )


def _row(control_id: str, declared: Param, number: int | str, values: tuple[Any, ...]) -> str:
    """One entry of a list editor: its name, its numbers and Remove (``number`` from 1).

    The page script renumbers rows after Add or Remove, so it keeps the same shape.
    """
    entry = f"{(declared.item or 'entry').capitalize()} {number}"
    parts = declared.entries()
    inputs = "".join(
        f'<label class="rk-part">{escape(part.label) if len(parts) > 1 else ""}'
        f'<input type="number" data-part="{j}" data-label="{escape(part.label) if len(parts) > 1 else ""}"'
        f' aria-label="{escape(entry)}{", " + escape(part.label) if len(parts) > 1 else ""}"'
        f' value="{escape(str(v))}"{_number(part.low, part.high)} aria-describedby="{control_id}-error"></label>'
        for j, (part, v) in enumerate(zip(parts, values))
    )
    return (
        f'<li class="rk-row"><span class="rk-entry">{escape(entry)}</span>{inputs}'
        f'<button type="button" class="rk-remove">Remove<span class="rk-sr"> {escape(entry)}</span>'
        f"</button></li>"
    )


def _list_control(control_id: str, field: Field, value: tuple[Any, ...], hint: str) -> str:
    """A list parameter as rows with Add and Remove; the joined text stays in a hidden input
    named after the parameter, as the command line writes it ("8:6,3:7")."""
    declared = field.param or Param(field.label)
    entries = [v if isinstance(v, tuple) else (v,) for v in value]
    rows = "".join(_row(control_id, declared, i + 1, v) for i, v in enumerate(entries))
    start = tuple(p.start if p.start is not None else (p.low or 0) for p in declared.entries())
    item = declared.item or "entry"
    most = f' data-most="{declared.most}"' if declared.most is not None else ""
    return (
        f'<fieldset class="rk-field rk-list" id="{control_id}" data-least="{declared.least}"{most}'
        f' data-item="{escape((declared.item or "entry").capitalize())}"'
        f' aria-describedby="{control_id}-hint {control_id}-error"><legend>{escape(field.label)}</legend>'
        f'<input type="hidden" name="{escape(field.name)}" value="{escape(_text(value))}">'
        f'<ol class="rk-rows">{rows}</ol>'
        f'<template class="rk-row-template">{_row(control_id, declared, "N", start)}</template>'
        f'<button type="button" class="md-button rk-add">Add a{"n" if item[0] in "aeiou" else ""}'
        f" {escape(item)}</button>"
        f'<span class="rk-hint" id="{control_id}-hint">{escape(hint)}</span>'
        f'<span class="rk-field-error" id="{control_id}-error" hidden></span></fieldset>'
    )


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _views(widget_id: str) -> str:
    radios = "".join(
        f'<label><input type="radio" name="{widget_id}-view" value="{key}"'
        f'{" checked" if key == "exactly" else ""} class="rk-view"> {escape(text)}</label>'
        for key, text in VIEWS.items()
    )
    return (
        f'<div class="rk-views"><fieldset class="rk-view-choice" disabled><legend>Read the chart as'
        f'</legend>{radios}</fieldset><button type="button" class="md-button rk-pin"'
        f' aria-pressed="false" disabled>Pin these odds to compare</button></div>'
    )


def render(widget: Widget, widget_id: str) -> str:
    """The widget's HTML: controls, and the same odds view the browser renders later."""
    check = build(widget.check, dict(widget.params))
    system = widget.check.split(".")[0]
    all_fields = fields(type(check))
    controls = "".join(
        _control(widget_id, f, getattr(check, f.name), f.name in widget.show) for f in all_fields
    )
    odds = odds_view(check, title=widget.title, shown=widget.show)
    params = {f.name: _text(getattr(check, f.name)) for f in all_fields}
    state = escape(
        json.dumps(
            {"check": widget.check, "params": params, "title": widget.title, "shown": list(widget.show)}
        )
    )
    title = escape(odds["title"])
    # A <section>: mkdocs-material's search skips a data-search-exclude element only up to the
    # first closing tag of the same name inside it, and a widget holds many <div>s.
    return f"""<section class="rollkit-widget" id="{widget_id}" data-search-exclude data-rollkit-widget="{escape(system)}" data-check="{escape(widget.check)}" data-state="{state}" data-chance="{escape(odds["chance"])}">
<form class="rk-form" aria-labelledby="{widget_id}-title"><fieldset class="rk-controls" disabled><legend id="{widget_id}-title" class="rk-title">{title}</legend>
<div class="rk-fields">{controls}</div>
<div class="rk-actions"><button type="button" class="md-button md-button--primary rk-roll">Roll</button>
<div class="rk-field rk-seed"><label for="{widget_id}-seed">Seed</label><input type="number" id="{widget_id}-seed" min="0" step="1" inputmode="numeric" placeholder="random" autocomplete="off" aria-describedby="{widget_id}-seed-hint {widget_id}-seed-error"><span class="rk-hint" id="{widget_id}-seed-hint">blank for a new roll; a number replays one</span><span class="rk-field-error" id="{widget_id}-seed-error" hidden></span></div>
<button type="button" class="md-button rk-share">Copy link</button>
<button type="button" class="md-button rk-stop" hidden>Stop</button>
<span class="rk-status"></span></div></fieldset>
<p class="rk-nojs">Rolling needs JavaScript, which is off or still loading. The odds below were worked out when this page was built.</p></form>
<div class="rk-result" aria-live="polite" aria-atomic="true" tabindex="-1"></div>
<div class="rk-roll-detail"></div>
<p class="rk-error" role="alert" hidden></p>
<div class="rk-odds">{_views(widget_id)}<p class="rk-stale-note" hidden></p>{to_html(odds["tree"])}</div>
<details class="rk-python"><summary>As Python</summary><pre><code>{escape(python_call(check))}</code></pre></details>
</section>"""


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter: a stable id from the fence's text, unique on its page; any
    mistake fails the build naming the fence's page and line."""
    try:
        return render(parse(src), page_id(md, "rk-", src.strip()))
    except Exception as error:
        raise failed(md, "rollkit", src, error) from error
