"""A refusal in the rules' words, said where it is: the one wording of a ``RulesError`` that the
widgets' protocol and the views share."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .._errors import RulesError
from .._fields import Field

__all__ = ["in_words"]

_PLACE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def in_words(error: RulesError, known: Mapping[str, Field]) -> tuple[str, Field | None]:
    """What ``error`` says, in the rules' words, and the field of ``known`` it is about (None
    when it names none): the field's label (its entry and part) first, and each ``{name}`` in
    the message a field's label."""
    said = error.said or " ".join(str(error).split())
    said = _PLACE.sub(lambda m: known[m[1]].label if m[1] in known else m[0], said)
    found = known.get(error.field or "")
    if found is None:
        return said[:1].upper() + said[1:], None
    place = found.place(error.item, error.part)
    return (said if said.startswith(found.label) else f"{place}: {said}"), found
