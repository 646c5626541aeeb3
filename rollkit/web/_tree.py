"""What a widget shows, as small immutable trees: the same tree becomes HTML at build time
(``to_html``) and DOM nodes in the browser (``to_json``, built by the page script), so the
pre-rendered widget and the live one cannot drift apart. No attribute is ever an event
handler and every text is plain text; every class name is one ``CLASSES`` declares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from ._classes import CLASSES

__all__ = ["JSON", "Attribute", "Child", "Element", "node", "to_html", "to_json"]

JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"
"""A value as JSON carries it."""

Attribute: TypeAlias = str | int | float | bool | None
"""An attribute's value: text (numbers become text), or True/False/None (present or not)."""

_VOID = frozenset({"input", "br", "wbr", "img", "meta", "link"})


@dataclass(frozen=True)
class Element:
    """One element: its tag, its attributes (text, or True/False/None) and its children."""

    tag: str
    attrs: tuple[tuple[str, str | bool | None], ...] = ()
    children: tuple[Child, ...] = ()

    def attr(self, name: str) -> str | bool | None:
        """One attribute's value (None when it is not set)."""
        return next((value for key, value in self.attrs if key == name), None)

    def walk(self) -> tuple[Element, ...]:
        """This element and every element inside it, in document order."""
        out: list[Element] = [self]
        for child in self.children:
            if isinstance(child, Element):
                out.extend(child.walk())
        return tuple(out)

    def text(self) -> str:
        """The text inside, as a reader would copy it."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


Child: TypeAlias = Element | str
"""A child of an element: an element, or plain text."""


def node(tag: str, attrs: Mapping[str, Attribute] | None = None, *children: Child | None) -> Element:
    """An element; numbers in attributes become text here (JSON would write 203.0 as 203),
    empty children are dropped, and a class must be one ``CLASSES`` declares."""
    if not tag.replace("-", "").isalnum():
        raise ValueError(f"not a tag: {tag!r}")
    shown: list[tuple[str, str | bool | None]] = []
    for key, value in (attrs or {}).items():
        if key.lower().startswith("on"):
            raise ValueError(f"no event handler attributes: {key!r}")
        if key == "class" and isinstance(value, str):
            unknown = [name for name in value.split() if name.startswith("rk-") and name not in CLASSES]
            if unknown:
                raise ValueError(f"class {', '.join(unknown)} is not declared in rollkit.web.CLASSES")
        shown.append((key, value if value is None or isinstance(value, bool) else str(value)))
    kept = tuple(c for c in children if c is not None and c != "")
    return Element(tag, tuple(shown), kept)


def to_html(tree: Child) -> str:
    """A tree as HTML, every text and attribute escaped."""
    # Imported here: only the build writes HTML, and the browser's worker, which builds no HTML,
    # starts sooner without the html module's table of 2,231 named characters.
    from html import escape

    if isinstance(tree, str):
        return escape(tree, quote=False)
    shown = "".join(
        f" {key}" if value is True else f' {key}="{escape(str(value))}"'
        for key, value in tree.attrs
        if value is not False and value is not None
    )
    if tree.tag in _VOID:
        return f"<{tree.tag}{shown}>"
    return f"<{tree.tag}{shown}>{''.join(to_html(c) for c in tree.children)}</{tree.tag}>"


def to_json(tree: Child) -> JSON:
    """A tree as the page script builds it: ``[tag, {attribute: value}, *children]``."""
    if isinstance(tree, str):
        return tree
    attrs: dict[str, JSON] = dict(tree.attrs)
    return [tree.tag, attrs, *(to_json(c) for c in tree.children)]
