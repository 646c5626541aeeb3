"""A check's values in the rules' words ("Dice Pool 5, Threshold 7+"), as the widgets, the
roll log, "What do I need?" and the command line all say them."""

from __future__ import annotations

from . import _registry
from ._check import CheckBase
from ._fields import Field, fields

__all__ = ["heading", "name_words", "value_text", "values_text"]


def name_words(field: Field) -> str:
    """A field's label as a sentence names it: "Threshold" for "Threshold (x+)"."""
    return field.label.replace(" (x+)", "").replace(" (x-again)", "")


def value_text(field: Field, value: object) -> str:
    """One value as the rules write it: "7+", "yes", "8 at 6+; 3 at 7+", an option's words."""
    if field.param.options:
        return str(field.param.words(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(v, tuple) for v in value):
            parts = field.param.entries()
            if len(parts) == 2 and "(x+)" in parts[1].label:  # pools: "8 at 6+; 3 at 7+"
                return "; ".join(" at ".join(map(str, v)) + "+" for v in value)
            # other entries part by part: "Intellect 4, Knowledge Rating 2; ..."
            return "; ".join(", ".join(f"{p.label} {n}" for p, n in zip(parts, v)) for v in value)
        return ", ".join(map(str, value))
    if "(x+)" in field.label and isinstance(value, int):
        return f"{value}+"
    return str(value)


def values_text(check: CheckBase, *, shown: tuple[str, ...] | None = None, omit: tuple[str, ...] = ()) -> str:
    """The values a result belongs to, in the rules' words: "Dice Pool 5, Threshold 7+ ...".

    Required values, values off their default and the ``shown`` ones are named (the ``omit``
    ones never: a chart draws them along its axis or as its lines).
    """
    parts = []
    for field in fields(type(check)):
        if field.name in omit:
            continue
        value = getattr(check, field.name)
        if not (field.required or value != field.default or (shown and field.name in shown)):
            continue
        parts.append(f"{name_words(field)} {value_text(field, value)}")
    return ", ".join(parts)


def heading(check: CheckBase) -> tuple[str, str]:
    """The two lines the command line's text output opens with: the check in the rules' words
    ("Hits: Dice Pool 5, ..."), then the same check as Python ("in Python: hits.Check(...)")."""
    return f"{_registry.words(check.system).name}: {values_text(check)}", f"in Python: {check.describe()}"
