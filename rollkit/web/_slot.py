"""The place in a widget where the page script offers the reader's character: part of the
widget's form (``rollkit.web.widget``), for the kinds that fill from their system's sheet."""

from __future__ import annotations

from .. import _registry
from .._sheet import sheet
from ._tree import Element, node

__all__ = ["sheet_slot"]


def sheet_slot(name: str, widget_id: str) -> Element | None:
    """The hidden place in the widget of check kind ``name`` where the page script offers the
    reader's active character ("Use Wren"), when the kind fills from its system's sheet."""
    cls = _registry.find(name)
    found = sheet(getattr(cls, "system", ""))
    if found is None or found.fill(cls) is None:
        return None
    return node(
        "div",
        {"class": "rk-sheet", "id": f"{widget_id}-sheet", "hidden": True},
        node(
            "div",
            {"class": "rk-sheet-bar"},
            node("button", {"type": "button", "class": "md-button rk-sheet-use"}, "Use a character"),
            node(
                "button",
                {"type": "button", "class": "md-button rk-sheet-save", "hidden": True},
                "Save to sheet",
            ),
            node(
                "button", {"type": "button", "class": "md-button rk-sheet-stop", "hidden": True}, "Stop using"
            ),
            node("a", {"class": "rk-sheet-link", "href": "#"}, "Characters"),
        ),
        node("div", {"class": "rk-sheet-fill"}),
        node("p", {"class": "rk-sheet-changed", "hidden": True}),
    )
