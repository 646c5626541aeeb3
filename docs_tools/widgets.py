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

import hashlib
import json
from dataclasses import dataclass
from html import escape
from typing import Any

from pymdownx.superfences import SuperFencesException

from docs_tools import svg
from rollkit import RulesError
from rollkit._params import Field, build, fields, find, odds_json, python_call

__all__ = ["Widget", "parse", "render", "formatter", "chart"]

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


def chart(odds: dict[str, Any], title: str) -> str:
    from fractions import Fraction

    dist = odds["distribution"]
    bars = [(str(o["outcome"]), Fraction(o["probability"])) for o in dist["outcomes"]]
    tail = (dist["tail"]["label"] or "more", Fraction(dist["tail"]["probability"]))
    return svg.bar_chart(bars, title=title, x_label="tally", tail=tail)


def _control(widget_id: str, field: Field, value: Any, shown: bool) -> str:
    name = escape(field.name)
    control_id = f"{widget_id}-{name}"
    label = escape(field.name.replace("_", " "))
    if not shown:
        return f'<input type="hidden" name="{name}" value="{escape(_text(value))}">'
    if field.hint is bool:
        checked = " checked" if value else ""
        return (f'<label class="rk-field rk-check" for="{control_id}"><input type="checkbox" '
                f'id="{control_id}" name="{name}"{checked}> {label}</label>')
    if field.choices:
        options = "".join(
            f'<option value="{escape(str(c))}"{" selected" if c == value else ""}>{escape(str(c))}</option>'
            for c in field.choices)
        return (f'<label class="rk-field" for="{control_id}"><span>{label}</span>'
                f'<select id="{control_id}" name="{name}">{options}</select></label>')
    mode = ' inputmode="numeric"' if field.hint is int else ""
    return (f'<label class="rk-field" for="{control_id}"><span>{label}</span>'
            f'<input type="text" id="{control_id}" name="{name}" value="{escape(_text(value))}"'
            f'{mode} autocomplete="off" spellcheck="false"></label>')


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _exact(shown: dict[str, Any], what: str) -> str:
    """An exact fraction as shown, with a copy button for the whole value when it is shortened."""
    if shown["fraction"] == shown["probability"]:
        return escape(shown["fraction"])
    return (f'{escape(shown["fraction"])} <button type="button" class="rk-copy" '
            f'data-copy="{escape(shown["probability"])}" aria-label="Copy the exact chance of'
            f' {escape(what)}">Copy</button>')


def _outcome_rows(odds: dict[str, Any]) -> str:
    return "".join(
        f'<tr><th scope="row">{escape(str(o["outcome"]))}</th><td class="rollkit-p">{o["percent"]}</td>'
        f'<td class="rk-exact">{_exact(o, str(o["outcome"]))}</td></tr>'
        for o in odds["outcomes"]["outcomes"])


def render(widget: Widget, widget_id: str) -> str:
    """The widget's HTML, with every value escaped and the odds pre-computed."""
    check = build(widget.check, dict(widget.params))
    odds = odds_json(check)
    system = widget.check.split(".")[0]
    controls = "".join(
        _control(widget_id, f, getattr(check, f.name), f.name in widget.show) for f in fields(type(check)))
    title = widget.title or check.describe()
    state = escape(json.dumps({"check": widget.check, "params": {f.name: _text(getattr(check, f.name))
                                                                 for f in fields(type(check))}}))
    return f"""<div class="rollkit-widget" id="{widget_id}" data-rollkit-widget="{escape(system)}" data-check="{escape(widget.check)}" data-state="{state}">
<form class="rk-form" aria-label="{escape(title)}"><fieldset><legend>{escape(title)}</legend>{controls}</fieldset>
<div class="rk-actions"><button type="button" class="md-button md-button--primary rk-roll">Roll</button>
<label class="rk-field rk-seed" for="{widget_id}-seed"><span>seed</span><input type="text" id="{widget_id}-seed" inputmode="numeric" placeholder="random" autocomplete="off"></label>
<button type="button" class="md-button rk-stop" hidden>Stop</button>
<span class="rk-status" role="status">Exact odds computed when this page was built.</span></div></form>
<p class="rk-error" role="alert" hidden></p>
<div class="rk-odds"><p class="rk-chance">Chance of success: <strong class="rollkit-p" title="{escape(odds['chance']['fraction'])}">{odds['chance']['percent']}</strong> <span class="rk-exact">= {_exact(odds['chance'], "success")}</span></p>
<table class="rk-outcomes"><thead><tr><th scope="col">outcome</th><th scope="col">chance</th><th scope="col">exact</th></tr></thead><tbody>{_outcome_rows(odds)}</tbody></table>
<figure class="rk-chart">{chart(odds, "Distribution of the tally")}</figure></div>
<div class="rk-result" aria-live="polite" aria-atomic="true"></div>
<details class="rk-python"><summary>As Python</summary><pre><code>{escape(python_call(check))}</code></pre></details>
</div>"""


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter: a stable id from the fence's text, unique on its page."""
    try:
        widget = parse(src)
    except (ValueError, RulesError) as error:
        raise SuperFencesException(f"rollkit fence: {error}") from error
    used = md.__dict__.setdefault("_rollkit_ids", set())
    base = "rk-" + hashlib.sha1(src.strip().encode()).hexdigest()[:8]
    widget_id, n = base, 1
    while widget_id in used:
        n += 1
        widget_id = f"{base}-{n}"
    used.add(widget_id)
    return render(widget, widget_id)
