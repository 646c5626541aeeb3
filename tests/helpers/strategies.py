"""Values for any check kind, and characters of any sheet, read from their declarations (never
from a table here).

``example(cls)`` is one valid set of values (each required field at its declared start, or
the whole number nearest 1 in its range); ``values(cls)`` draws a kind's values over the
whole declared range, its ends and their neighbours drawn often, lists up to a few entries;
``small_values(cls)`` keeps every number near the bottom of its range (or its default), for
checks small enough to enumerate every roll of.
A kind added to the registry (a new system, a new kind) is covered with no edit here.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rollkit._fields import Field, Param, fields
from rollkit._sheet import Character, Sheet

__all__ = ["characters", "edge", "example", "field_values", "small", "small_values", "values", "UNBOUNDED"]

UNBOUNDED = 10**6
"""How far a draw goes where a declaration sets no end (such a field takes any whole number)."""

_MOST_ENTRIES = 4


def edge(low: int, high: int) -> st.SearchStrategy[int]:
    """Whole numbers in low..high, with the ends, their neighbours and small numbers drawn often."""
    ends = sorted({low, high, min(low + 1, high), max(high - 1, low)})
    small = st.integers(max(low, 0), min(high, 6)) if max(low, 0) <= min(high, 6) else st.nothing()
    return st.one_of(st.sampled_from(ends), small, st.integers(low, high))


def _number(param: Param) -> st.SearchStrategy[int]:
    low = param.low if param.low is not None else -UNBOUNDED
    high = param.high if param.high is not None else UNBOUNDED
    return edge(low, high)


def _start(param: Param) -> int:
    if param.start is not None:
        return param.start
    low = param.low if param.low is not None else -UNBOUNDED
    high = param.high if param.high is not None else UNBOUNDED
    return min(max(1, low), high)


def field_values(field: Field) -> st.SearchStrategy[Any]:
    """Values of one field over its declared range (lists as tuples)."""
    param = field.param
    if field.kind == "number":
        return _number(param)
    if field.kind == "yes/no":
        return st.booleans()
    if field.kind == "choice":
        return st.sampled_from(field.choices)
    if field.kind == "list":
        parts = param.entries()
        entry: st.SearchStrategy[Any] = (
            st.tuples(*(_number(p) for p in parts)) if field.pairs else _number(parts[0])
        )
        most = min(param.most if param.most is not None else _MOST_ENTRIES, _MOST_ENTRIES)
        return st.lists(entry, min_size=min(param.least, most), max_size=max(most, param.least)).map(tuple)
    raise TypeError(f"{field.name}: no strategy for a {field.kind} field")


def values(cls: type) -> st.SearchStrategy[dict[str, Any]]:
    """A kind's values: every required field, and any of the others."""
    declared = fields(cls)
    return st.fixed_dictionaries(
        {f.name: field_values(f) for f in declared if f.required},
        optional={f.name: field_values(f) for f in declared if not f.required},
    )


def example(cls: type) -> dict[str, Any]:
    """One valid set of values for kind ``cls``: its required fields at their starts."""
    out: dict[str, Any] = {}
    for field in fields(cls):
        if not field.required:
            continue
        param = field.param
        if field.kind == "number":
            out[field.name] = _start(param)
        elif field.kind in ("yes/no", "choice"):
            out[field.name] = field.choices[0]
        elif field.kind == "list":
            one = tuple(_start(p) for p in param.entries())
            out[field.name] = (one if field.pairs else one[0],) * param.least
    return out


def characters(sheet: Sheet) -> st.SearchStrategy[Character]:
    """Characters of ``sheet``'s system, every value drawn over its declared range: up to a few
    entries a group, each with a name of its own, a name that refers to another group's entry
    drawn from that group's (which then has one at least)."""
    referred = {target for g in sheet.groups for _, target in g.refers}
    words = st.text(alphabet="abcXYZ -'", min_size=1, max_size=8).map(lambda s: " ".join(s.split()) or "a")

    @st.composite
    def draw(pull: st.DrawFn) -> Character:
        entries: dict[str, list[dict[str, Any]]] = {}
        for group in sorted(sheet.groups, key=lambda g: bool(g.refers)):
            rows = []
            for i in range(pull(st.integers(1 if group.name in referred else 0, 3))):
                row: dict[str, Any] = {"name": f"{pull(words)} {i}"}
                for f in group.values:
                    target = dict(group.refers).get(f.name)
                    if target is None:
                        row[f.name] = pull(field_values(f))
                        continue
                    names = [e["name"] for e in entries[target]] + ([] if f.required else [""])
                    row[f.name] = pull(st.sampled_from(names))
                rows.append(row)
            entries[group.name] = rows
        values = {f.name: pull(field_values(f)) for f in sheet.values}
        return Character.make(name=pull(words), system=sheet.system, values=values, entries=entries)

    return draw()


SMALL = 4
"""How far above the bottom of its range ``small`` draws a number (a range of at most
``SMALL_RANGE`` values is drawn whole)."""

SMALL_RANGE = 24


def small(param: Param) -> tuple[int, int]:
    """The small values of a whole-number declaration: its whole range when short, else the
    first ``SMALL`` + 1 from its low end (from 0 where the range holds 0)."""
    low = param.low if param.low is not None else -SMALL
    high = param.high if param.high is not None else low + 2 * SMALL
    if high - low <= SMALL_RANGE:
        return low, high
    bottom = max(low, min(0, high))
    return bottom, min(high, bottom + SMALL)


def _small(field: Field) -> st.SearchStrategy[Any]:
    param = field.param
    if field.kind == "number":
        drawn = st.integers(*small(param))
        return st.one_of(st.just(field.default), drawn) if isinstance(field.default, int) else drawn
    if field.kind == "list":
        parts = param.entries()
        entry: st.SearchStrategy[Any] = (
            st.tuples(*(st.integers(*small(p)) for p in parts))
            if field.pairs
            else st.integers(*small(parts[0]))
        )
        most = min(param.most if param.most is not None else 2, 2)
        return st.lists(entry, min_size=min(param.least, most), max_size=max(most, param.least)).map(tuple)
    return field_values(field)


def small_values(cls: type) -> st.SearchStrategy[dict[str, Any]]:
    """A kind's values with every number small (``small``) or at its default: rolls short
    enough to enumerate."""
    return st.fixed_dictionaries({f.name: _small(f) for f in fields(cls)})
