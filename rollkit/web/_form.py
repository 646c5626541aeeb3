"""A widget as one tree: its form (a control per field, from the field's declaration), its
actions, and the odds view it opens with. The site renders it at build time; the page script
binds to it and never builds a form of its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .._check import CheckBase
from .._fields import Field, Param, fields
from .._params import python_call
from ._against import against_panel
from ._chart import VIEWS
from ._need import need_form
from ._slot import sheet_slot
from ._tree import Child, Element, node
from ._views import field_text, odds_view

__all__ = ["list_row", "widget"]


def _number(low: int | None, high: int | None) -> dict[str, str | int | None]:
    return {"min": low, "max": high, "step": "1", "inputmode": "numeric", "autocomplete": "off"}


def _tail(control_id: str, hint: str) -> list[Child]:
    return [
        node("span", {"class": "rk-hint", "id": f"{control_id}-hint"}, hint),
        node("span", {"class": "rk-field-error", "id": f"{control_id}-error", "hidden": True}),
    ]


def list_row(control_id: str, declared: Param, number: int | str, values: tuple[int, ...]) -> Element:
    """One entry of a list editor: its name ("Helper 2"), its numbers and Remove (``number``
    from 1; "N" in the template a new row is made from). The page script renames rows after
    Add or Remove by the same words: ``data-item`` on the list and ``data-label`` on a part."""
    entry = f"{(declared.item or 'entry').capitalize()} {number}"
    parts = declared.entries()
    several = len(parts) > 1
    inputs = [
        node(
            "label",
            {"class": "rk-part"},
            part.label if several else "",
            node(
                "input",
                {
                    "type": "number",
                    "data-part": j,
                    "data-label": part.label if several else "",
                    "aria-label": entry + (f", {part.label}" if several else ""),
                    "value": str(v),
                    **_number(part.low, part.high),
                    "aria-describedby": f"{control_id}-error",
                },
            ),
        )
        for j, (part, v) in enumerate(zip(parts, values))
    ]
    return node(
        "li",
        {"class": "rk-row"},
        node("span", {"class": "rk-entry"}, entry),
        *inputs,
        node(
            "button",
            {"type": "button", "class": "rk-remove"},
            "Remove",
            node("span", {"class": "rk-sr"}, f" {entry}"),
        ),
    )


def _list_control(control_id: str, field: Field, value: tuple[object, ...], hint: str) -> Element:
    """A list parameter as rows with Add and Remove; the joined text stays in a hidden input
    named after the parameter, as the command line writes it ("8:6,3:7")."""
    declared = field.param
    entries: list[tuple[int, ...]] = [v if isinstance(v, tuple) else (v,) for v in value]
    start = tuple(p.start if p.start is not None else (p.low or 0) for p in declared.entries())
    item = declared.item or "entry"
    return node(
        "fieldset",
        {
            "class": "rk-field rk-list",
            "id": control_id,
            "data-least": declared.least,
            "data-most": declared.most,
            # the most entries a shared link may restore, checked before any row is built
            "data-link-most": field.most_entries,
            "data-item": item.capitalize(),
            "aria-describedby": f"{control_id}-hint {control_id}-error",
        },
        node("legend", {}, field.label),
        node("input", {"type": "hidden", "name": field.name, "value": field_text(value)}),
        node(
            "ol",
            {"class": "rk-rows"},
            *[list_row(control_id, declared, i + 1, e) for i, e in enumerate(entries)],
        ),
        node("template", {"class": "rk-row-template"}, list_row(control_id, declared, "N", start)),
        node(
            "button",
            {"type": "button", "class": "md-button rk-add"},
            f"Add a{'n' if item[0] in 'aeiou' else ''} {item}",
        ),
        *_tail(control_id, hint),
    )


def _control(widget_id: str, field: Field, value: object, shown: bool, reach: str | None = None) -> Element:
    """A form control named after the parameter, labelled in the rules' words, with its hint:
    what the reader may enter (``reach``, where a rule across fields allows less than the
    declaration, else the declared range without limits far beyond play)."""
    control_id = f"{widget_id}-{field.name}"
    if not shown:  # a fixed value: its label lets the widget name it when a link tries to change it
        return node(
            "input",
            {"type": "hidden", "name": field.name, "value": field_text(value), "data-label": field.label},
        )
    declared = field.param
    kind = field.kind
    allowed = (reach or declared.hinted()) if kind == "number" and not declared.options else ""
    if kind == "list":
        allowed = "; ".join(f"{p.label} {p.hinted()}" for p in declared.entries() if p.hinted())
    hint = "; ".join(t for t in (declared.hint, allowed) if t)
    described = f"{control_id}-hint {control_id}-error"
    if kind == "yes/no":
        return node(
            "div",
            {"class": "rk-field rk-check"},
            node(
                "input",
                {
                    "type": "checkbox",
                    "id": control_id,
                    "name": field.name,
                    "checked": bool(value),
                    "aria-describedby": described,
                },
            ),
            node("label", {"for": control_id}, field.label),
            *_tail(control_id, hint),
        )
    choices = declared.options or tuple((c, str(c)) for c in field.choices)
    if choices:
        return node(
            "div",
            {"class": "rk-field"},
            node("label", {"for": control_id}, field.label),
            node(
                "select",
                {"id": control_id, "name": field.name, "aria-describedby": described},
                *[node("option", {"value": str(c), "selected": c == value}, words) for c, words in choices],
            ),
            *_tail(control_id, hint),
        )
    if kind == "number":
        return node(
            "div",
            {"class": "rk-field"},
            node("label", {"for": control_id}, field.label),
            node(
                "input",
                {
                    "type": "number",
                    "id": control_id,
                    "name": field.name,
                    "value": field_text(value),
                    **_number(declared.low, declared.high),
                    "aria-describedby": described,
                },
            ),
            *_tail(control_id, hint),
        )
    assert isinstance(value, tuple)
    return _list_control(control_id, field, value, hint)


def _views(widget_id: str) -> Element:
    radios = [
        node(
            "label",
            {},
            node(
                "input",
                {
                    "type": "radio",
                    "name": f"{widget_id}-view",
                    "value": key,
                    "checked": key == "exactly",
                    "class": "rk-view",
                },
            ),
            f" {text}",
        )
        for key, text in VIEWS.items()
    ]
    return node(
        "div",
        {"class": "rk-views"},
        node(
            "fieldset",
            {"class": "rk-view-choice", "disabled": True},
            node("legend", {}, "Read the chart as"),
            *radios,
        ),
        node(
            "button",
            {"type": "button", "class": "md-button rk-pin", "aria-pressed": "false", "disabled": True},
            "Pin these odds to compare",
        ),
    )


def _seed_option(seed_id: str) -> Element:
    """The seed, as an option folded away from Roll: a typed seed gives the same dice every
    time, and a roll made from one says so. The Seed box is a template, made when the fold
    first opens (or when a link's seed is refused by it): a closed fold holding a box is laid
    out by the browser's form filler as the page loads, on every widget of the page."""
    return node(
        "details",
        {"class": "rk-seed-option"},
        node("summary", {}, "Roll from a seed"),
        node(
            "p",
            {"class": "rk-seed-nojs"},
            "Rolling from a seed needs JavaScript, which is off or still loading.",
        ),
        node(
            "template",  # made as the fold first opens (rollkit/widget.mjs seedBox())
            {"class": "rk-seed-template"},
            node(
                "div",
                {"class": "rk-field rk-seed"},
                node("label", {"for": seed_id}, "Seed"),
                node(
                    "input",
                    {
                        "type": "number",
                        "id": seed_id,
                        "min": "0",
                        "step": "1",
                        "inputmode": "numeric",
                        "placeholder": "random",
                        "autocomplete": "off",
                        "aria-describedby": f"{seed_id}-hint {seed_id}-error",
                    },
                ),
                node(
                    "span",
                    {"class": "rk-hint", "id": f"{seed_id}-hint"},
                    "blank: dice drawn at random; a number gives the same dice every time, and the roll"
                    " says its seed was typed",
                ),
                node("span", {"class": "rk-field-error", "id": f"{seed_id}-error", "hidden": True}),
            ),
        ),
    )


def widget(
    name: str,
    check: CheckBase,
    *,
    widget_id: str,
    title: str = "",
    show: tuple[str, ...] | None = None,
) -> Element:
    """The widget for check kind ``name`` starting at ``check``: controls for the ``show``n
    fields (the others as hidden inputs), Roll, Copy link, the seed as an option, the odds view,
    "As Python".

    The shell is a ``<section>``: mkdocs-material's search skips a ``data-search-exclude``
    element only up to the first closing tag of the same name inside it, and a widget holds
    many ``<div>``\\s.
    """
    all_fields = fields(type(check))
    shown = tuple(f.name for f in all_fields) if show is None else show
    fixed = {f.name: getattr(check, f.name) for f in all_fields if f.name not in shown}
    controls = [
        _control(widget_id, f, getattr(check, f.name), f.name in shown, type(check).hint_range(f.name, fixed))
        for f in all_fields
    ]
    odds = odds_view(check, title=title, shown=shown)
    params: Mapping[str, str] = {f.name: field_text(getattr(check, f.name)) for f in all_fields}
    state = json.dumps({"check": name, "params": params, "title": title, "shown": list(shown)})
    seed_id = f"{widget_id}-seed"
    return node(
        "section",
        {
            "class": "rollkit-widget",
            "id": widget_id,
            "data-search-exclude": True,
            "data-rollkit-widget": check.system,
            "data-check": name,
            "data-state": state,
            "data-chance": odds.chance,
        },
        node(
            "form",
            {"class": "rk-form", "aria-labelledby": f"{widget_id}-title"},
            node(
                "fieldset",
                {"class": "rk-controls", "disabled": True},
                node("legend", {"id": f"{widget_id}-title", "class": "rk-title"}, odds.title),
                sheet_slot(name, widget_id),
                node("div", {"class": "rk-fields"}, *controls),
                node(
                    "div",
                    {"class": "rk-actions"},
                    node(
                        "button", {"type": "button", "class": "md-button md-button--primary rk-roll"}, "Roll"
                    ),
                    node("button", {"type": "button", "class": "md-button rk-share"}, "Copy link"),
                    node("button", {"type": "button", "class": "md-button rk-stop", "hidden": True}, "Stop"),
                    node("span", {"class": "rk-status"}),
                ),
                _seed_option(seed_id),
            ),
            node(
                "p",
                {"class": "rk-nojs"},
                "Rolling needs JavaScript, which is off or still loading. The odds below were"
                " worked out when this page was built.",
            ),
        ),
        node("div", {"class": "rk-result", "aria-live": "polite", "aria-atomic": "true", "tabindex": "-1"}),
        node("div", {"class": "rk-roll-detail"}),
        node("p", {"class": "rk-error", "role": "alert", "hidden": True}),
        node("p", {"class": "rk-link-note", "role": "alert", "hidden": True}),
        node(
            "div",
            {"class": "rk-odds"},
            _views(widget_id),
            against_panel(widget_id, check, shown=shown),
            node("p", {"class": "rk-stale-note", "hidden": True}),
            odds.tree,
        ),
        need_form(widget_id, check, shown),  # "What do I need?": rollkit/web/_need.py
        node(
            "details",
            {"class": "rk-python"},
            node("summary", {}, "As Python"),
            node("pre", {}, node("code", {}, python_call(check))),
        ),
    )
