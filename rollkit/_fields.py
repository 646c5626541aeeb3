"""What a check parameter means to a player: its label, a hint and its range.

Each check class declares its fields with ``param(...)``; the widgets, the
command line's ``--help`` and the reference pages all read the same
declaration, so a field is named in the rules' words everywhere.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

__all__ = ["Param", "param", "declared"]


@dataclass(frozen=True)
class Param:
    """A parameter as a player sees it.

    ``label`` is the rules' word for it ("Target Number (TN)"); ``hint`` is one
    short line on what it does in play; ``low`` and ``high`` are the whole
    numbers rollkit accepts (the rules' range, or the limit of what it computes
    exactly); ``item`` names one entry of a list parameter ("helper").

    A list parameter also says how many entries it takes (``least``, ``most``),
    the value a new entry starts at (``start``) and, when each entry is several
    numbers, what each of them is (``parts``: "Dice Pool", "Threshold (x+)").
    A field with a few allowed values names each in words (``options``:
    ``((10, "10-again"), ...)``); widgets offer them as a choice.
    """

    label: str
    hint: str = ""
    low: int | None = None
    high: int | None = None
    item: str = ""
    least: int = 0
    most: int | None = None
    start: int | None = None
    parts: tuple[Param, ...] = ()
    options: tuple[tuple[Any, str], ...] = ()

    def allowed(self) -> str:
        """The accepted range in words: "0 to 2000", "at least 1", or ""."""
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"at least {self.low}"
        if self.high is not None:
            return f"at most {self.high}"
        return ""

    def words(self, value: Any) -> str:
        """``value`` as ``options`` name it ("10-again"), else as written."""
        return next((text for option, text in self.options if option == value), str(value))

    def wanted(self) -> str:
        """What to enter, for an error message: "a whole number from 1 to 10"."""
        span = self.allowed()
        return f"a whole number {'from' if ' to ' in span else 'of'} {span}" if span else "a whole number"

    def entries(self) -> tuple[Param, ...]:
        """What each number of one list entry is: its ``parts``, or the entry itself."""
        return self.parts or (Param(self.item or self.label, low=self.low, high=self.high, start=self.start),)


def param(
    label: str,
    *,
    hint: str = "",
    low: int | None = None,
    high: int | None = None,
    item: str = "",
    least: int = 0,
    most: int | None = None,
    start: int | None = None,
    parts: tuple[Param, ...] = (),
    options: tuple[tuple[Any, str], ...] = (),
    default: Any = dataclasses.MISSING,
) -> Any:
    """A dataclass field carrying its ``Param`` (use as ``dice: int = param("Dice pool", ...)``)."""
    meta = {"rollkit": Param(label, hint, low, high, item, least, most, start, parts, options)}
    return dataclasses.field(default=default, metadata=meta)


def declared(field: dataclasses.Field[Any]) -> Param | None:
    """The ``Param`` a dataclass field was declared with, if any."""
    found = field.metadata.get("rollkit")
    return found if isinstance(found, Param) else None
