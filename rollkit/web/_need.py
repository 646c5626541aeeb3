"""A widget's "What do I need?": its form (built with the widget), the worker's ``need``
request and the answer it shows, as trees.

``need_form`` is a disclosure under the odds: which whole-number field to find (by label),
at least or at most, and the chance. ``{"op": "need", "check": name, "params": {...}, "vary":
field, "chance": "75%", "at": "least"}`` answers with ``need_view``: the answer in words with
the exact chances (``summary``, the only text a screen reader is told), then the values it
belongs to, the value closest to even odds and what one step of each field is worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from .._check import CheckBase
from .._errors import RulesError
from .._fields import Field, Param, fields
from .._format import detail
from .._need import Found, Need, need, points
from .._params import build
from .._validate import describe
from .._values import name_words, value_text, values_text
from ._tree import JSON, Element, node, to_json

__all__ = [
    "NEED_FIELDS",
    "NeedAnswer",
    "NeedRequest",
    "NeedView",
    "need_answer",
    "need_form",
    "need_view",
    "read_need",
]

NEED_FIELDS = {
    "vary": Field("vary", str, False, None, Param("Find the least or greatest")),
    "chance": Field("chance", str, False, "75%", Param("Chance")),
    "at": Field("at", str, False, "least", Param("That gives")),
}
"""The need form's own fields, so that a mistake in one is tied to it like a check's."""

KEYS = frozenset({"op", "check", "params", "vary", "chance", "at"})


@dataclass(frozen=True)
class NeedRequest:
    """Which value of ``vary`` gives ``chance`` (text, as the reader typed it), at least or at
    most (``at``), for ``check`` (a kind's name) with ``params``."""

    check: str
    params: Mapping[str, JSON]
    vary: str
    chance: str
    at: str = "least"


@dataclass(frozen=True)
class NeedView:
    """The answer as a widget shows it: ``summary`` the sentence announced, ``tree`` the rest."""

    summary: str
    tree: Element
    values: str

    def to_json(self) -> dict[str, JSON]:
        return {"summary": self.summary, "tree": to_json(self.tree), "values": self.values}


@dataclass(frozen=True)
class NeedAnswer:
    view: NeedView
    python: str

    def to_json(self) -> dict[str, JSON]:
        return {"view": self.view.to_json(), "python": self.python}


def read_need(data: Mapping[str, object], check: str, params: Mapping[str, JSON]) -> NeedRequest:
    """The ``need`` request in ``data`` (already read as JSON), checked."""
    texts = {}
    for name in ("vary", "chance", "at"):
        value = data.get(name, NEED_FIELDS[name].default)
        if not isinstance(value, str):
            raise RulesError(
                f"{name}={describe(value)} is not allowed: expected text",
                field=name,
                said=f"{describe(value)} is not text.",
            )
        texts[name] = value
    return NeedRequest(check=check, params=params, vary=texts["vary"], chance=texts["chance"], at=texts["at"])


def need_answer(req: NeedRequest) -> NeedAnswer:
    """The answer to one ``need`` request (raises ``RulesError`` for the reader's mistake)."""
    check = build(req.check, req.params)
    if req.at not in ("least", "most"):
        raise RulesError(
            f"at={describe(req.at)} is not allowed: choose 'least' or 'most'",
            field="at",
            said=f"{describe(req.at)} is neither at least nor at most.",
        )
    found = need(check, vary=req.vary, chance=req.chance, at="least" if req.at == "least" else "most")
    python = "\n".join(
        [
            f"from rollkit import {check.system}, need",
            f"check = {check.describe()}",
            f"need(check, vary={req.vary!r}, chance={req.chance.strip()!r}"
            + (", at='most'" if req.at == "most" else "")
            + ").said()",
        ]
    )
    return NeedAnswer(view=need_view(found), python=python)


def _side(field: Field, base: Fraction, found: Found | None) -> str:
    if found is None:
        return "none allowed"
    return f"{value_text(field, found.value)}: {detail(found.chance)}, {points(found.chance - base)}"


def need_view(answer: Need) -> NeedView:
    """``answer`` as a widget shows it."""
    check = answer.check
    named = {f.name: f for f in fields(type(check))}
    rows = []
    for step in answer.steps:
        field = named[step.field]
        rows.append(
            node(
                "tr",
                {},
                node("th", {"scope": "row"}, f"{name_words(field)} {value_text(field, step.value)}"),
                node("td", {}, _side(field, step.chance, step.up)),
                node("td", {}, _side(field, step.chance, step.down)),
            )
        )
    values = values_text(check)
    tree = node(
        "div",
        {"class": "rk-need-view"},
        node("p", {"class": "rk-for"}, f"For {values}."),
        node("p", {}, answer.closest_said()),
        node(
            "div",
            {"class": "rk-scroll", "tabindex": "0", "role": "region", "aria-label": "What one step is worth"},
            node(
                "table",
                {"class": "rk-outcomes"},
                node("caption", {}, f"What one step of each value is worth, from {detail(check.chance())}"),
                node(
                    "thead",
                    {},
                    node(
                        "tr",
                        {},
                        node("th", {"scope": "col"}, "Value"),
                        node("th", {"scope": "col"}, "One step up"),
                        node("th", {"scope": "col"}, "One step down"),
                    ),
                ),
                node("tbody", {}, *rows),
            ),
        ),
    )
    return NeedView(summary=answer.said(), tree=tree, values=values)


def _select(control_id: str, name: str, label: str, options: list[tuple[str, str]]) -> Element:
    return node(
        "div",
        {"class": "rk-field"},
        node("label", {"for": control_id}, label),
        node(
            "select",
            {"id": control_id, "name": name},
            *(node("option", {"value": value}, text) for value, text in options),
        ),
    )


def need_form(widget_id: str, check: CheckBase, shown: tuple[str, ...]) -> Element | None:
    """The "What do I need?" disclosure of a widget: a choice of its shown whole-number fields
    (None when it shows none), at least or at most, the chance (75% to start), Find, and a Stop
    that the page shows while an answer takes long. The form is a template, made when the fold
    first opens: it does nothing without the page script, and a page holds one per widget, whose
    controls the browser would otherwise examine (laying out each closed fold) as the page loads."""
    numbers = [f for f in fields(type(check)) if f.kind == "number" and f.name in shown]
    if not numbers:
        return None
    base = f"{widget_id}-need"
    chance_id = f"{base}-chance"
    return node(
        "details",
        {"class": "rk-need"},
        node("summary", {}, "What do I need?"),
        node(
            "template",  # made when the fold first opens (rollkit/need.mjs)
            {"class": "rk-need-template"},
            node(
                "form",
                {"class": "rk-need-form", "aria-label": "What do I need?"},
                node(
                    "fieldset",
                    {"class": "rk-need-controls", "disabled": True},
                    node("legend", {"class": "rk-sr"}, "What do I need?"),
                    _select(
                        f"{base}-vary",
                        "vary",
                        "Find the value of",
                        [(f.name, name_words(f)) for f in numbers],
                    ),
                    _select(f"{base}-at", "at", "that gives", [("least", "at least"), ("most", "at most")]),
                    node(
                        "div",
                        {"class": "rk-field"},
                        node("label", {"for": chance_id}, "Chance of success"),
                        node(
                            "input",
                            {
                                "type": "text",
                                "id": chance_id,
                                "name": "chance",
                                "value": "75%",
                                "inputmode": "decimal",
                                "autocomplete": "off",
                                "spellcheck": "false",
                                "aria-describedby": f"{chance_id}-hint {chance_id}-error",
                            },
                        ),
                        node(
                            "span",
                            {"class": "rk-hint", "id": f"{chance_id}-hint"},
                            "such as 75%, 3/4 or 0.75",
                        ),
                        node("span", {"class": "rk-field-error", "id": f"{chance_id}-error", "hidden": True}),
                    ),
                    node("button", {"type": "submit", "class": "md-button rk-need-find"}, "Find"),
                    node(
                        "button",
                        {"type": "button", "class": "md-button rk-need-stop", "hidden": True},
                        "Stop",
                    ),
                ),
            ),
        ),
        node(
            "p", {"class": "rk-need-nojs"}, "Finding a value needs JavaScript, which is off or still loading."
        ),
        node("p", {"class": "rk-need-answer", "aria-live": "polite", "aria-atomic": "true"}),
        node("div", {"class": "rk-need-detail"}),
    )
