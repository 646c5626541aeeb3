"""Chance against a field: the chance of success (or of exactly, at least, at most a tally)
plotted against one whole-number field's values, one line per value of another field
(Threshold 6, 7, 8), with the same numbers as a table. Exact ``Fraction``\\s throughout; a
value the rules refuse (a rule across fields) is a gap, its reason said once.

``against_view`` draws one check's fields; ``compare_view`` draws several checks (one line
each) against the field they share, as the compare page does. ``against_panel`` is the
widget's switch to this view and its settings, from the fields' declarations.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .._check import CheckBase
from .._dist import Distribution
from .._errors import RulesError
from .._fields import Field, Param, fields
from .._format import percent
from .._params import build, convert, find
from .._validate import describe
from .._values import value_text, values_text
from ._chart import SERIES_COLOURS, Series, lines
from ._refusal import in_words
from ._tree import JSON, Child, Element, node, to_json
from ._views import _exact

__all__ = [
    "MAX_LINES",
    "MAX_POINTS",
    "MEASURES",
    "AgainstView",
    "against_fields",
    "against_panel",
    "against_view",
    "compare_view",
    "typed_view",
]

MAX_POINTS = 41
"""The most values of the varied field one view draws (a wider range asks for a larger Step)."""

MAX_LINES = SERIES_COLOURS
"""The most lines one view draws: each line has its own colour and dash."""

MEASURES = {"success": "success", "exactly": "exactly", "at-least": "at least", "at-most": "at most"}
"""What is plotted: the chance of success, or of exactly / at least / at most a tally."""

_SPAN = 12  # a default range: this many steps around the current value
_LONGEST_VALUES = 200  # the line values as typed: six values and their commas, with room


@dataclass(frozen=True)
class AgainstView:
    """Chances against a field as a widget or a page shows them: the title, the values the
    lines share (in words), the tree, and the settings drawn (for the widget's inputs)."""

    title: str
    values: str
    tree: Element
    settings: Mapping[str, JSON]
    series: tuple[Series, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "title": self.title,
            "values": self.values,
            "tree": to_json(self.tree),
            "settings": dict(self.settings),
        }


# -- the settings' own fields: errors point at them as data ----------------------------


def _tally_label(cls: type[CheckBase]) -> str:
    many = cls.tally.many
    return many[:1].upper() + many[1:]


def against_fields(cls: type[CheckBase] | None) -> dict[str, Field]:
    """The settings of the view as fields (``against.from`` ...), so that an error about one
    names it in the widget's words; the tally is named as ``cls`` counts it ("Hits")."""
    tally = _tally_label(cls) if cls is not None else "Tally"
    names = {
        "vary": "Chance against",
        "from": "From",
        "to": "To",
        "step": "Step",
        "lines": "One line per",
        "values": "Line values",
        "measure": "Chance of",
        "tally": tally,
    }
    low = {"step": 1}
    return {
        f"against.{key}": Field(f"against.{key}", int, False, None, Param(label, low=low.get(key)))
        for key, label in names.items()
    }


def _refuse(key: str, message: str, said: str) -> RulesError:
    return RulesError(message, field=f"against.{key}", said=said)


def _about(key: str, error: RulesError) -> RulesError:
    """A check field's refusal of a setting's value, said about that setting."""
    said = error.said or str(error)
    return type(error)(str(error), field=f"against.{key}", said=said)


# -- which fields can be varied, and which give the lines ------------------------------


def _short(field: Field) -> str:
    """A field's label as a chart says it: "TN" for "Target Number (TN)", "Threshold"."""
    before, _, inner = field.label.rpartition(" (")
    inner = inner.removesuffix(")")
    if before and inner.isalpha() and inner.isupper():
        return inner
    return field.label.replace(" (x+)", "").replace(" (x-again)", "")


@dataclass(frozen=True)
class _Axis:
    """How a chart says the varied field: its axis title ("toPass (%)"), the name before a
    value ("toPass") and the value's unit ("%")."""

    label: str
    name: str
    unit: str = ""

    def at(self, x: int) -> str:
        return f"{self.name} {x}{self.unit}"


def _axis(field: Field) -> _Axis:
    short = _short(field)
    if short.endswith(" (%)"):
        return _Axis(short, short.removesuffix(" (%)"), "%")
    return _Axis(short, short)


def _named(field: Field, value: object) -> str:
    """A field's value in the rules' words: "Threshold 7+", "TN 3", "Defense toPass 25%",
    "Re-roll on 9-again", "Equal totals: the actor wins"."""
    if field.kind == "choice":
        return f"{_short(field)}: {value_text(field, value)}"
    if _short(field).endswith(" (%)"):
        return _axis(field).at(int(typing.cast(int, value)))
    return f"{_short(field)} {value_text(field, value)}"


def _variable(field: Field) -> bool:
    return field.kind == "number" and not field.param.options


def _liner(field: Field) -> bool:
    return field.kind in ("number", "choice", "yes/no")


def _field(cls: type, name: object, key: str, allowed: Callable[[Field], bool]) -> Field:
    found = {f.name: f for f in fields(cls) if allowed(f)}
    if isinstance(name, str) and name in found:
        return found[name]
    words = ", ".join(f.label for f in found.values())
    raise _refuse(
        key,
        f"{key}={describe(name)} is not allowed: choose one of {', '.join(found)}",
        f"{describe(name)} cannot be drawn here; choose {words or 'nothing: this check has no such field'}.",
    )


def _around(field: Field, value: object) -> range:
    """A default range: ``_SPAN`` steps around the current value, inside the declared range
    (steps of 10 for a percentage)."""
    param = field.param
    step = 10 if "(%)" in field.label else 1
    centre = value if isinstance(value, int) and not isinstance(value, bool) else (param.low or 0)
    centre = (centre + step // 2) // step * step  # a round number of steps
    low, high = param.low, param.high
    start = centre - step * (_SPAN // 2)
    if low is not None:
        start = max(start, low)
    stop = start + step * _SPAN
    if high is not None and stop > high:
        stop = high
        start = stop - step * _SPAN if low is None else max(low, stop - step * _SPAN)
    return range(start, stop + 1, step)


def _over(field: Field, over: Sequence[int] | None, current: object) -> tuple[int, ...]:
    xs = list(_around(field, current) if over is None else over)
    for x in xs:
        try:
            field.param.check(field.name, x)
        except RulesError as error:
            low = field.param.low
            below = isinstance(x, int) and low is not None and x < low
            said = (error.said or str(error)).rstrip(".")
            raise type(error)(
                str(error), field=f"against.{'from' if below else 'to'}", said=f"{said} for {_short(field)}."
            ) from None
    values = sorted(set(xs))
    many = f"{values[0]} to {values[-1]} is {len(values)} values" if values else ""
    _counted(
        "to",
        "over",
        values,
        MAX_POINTS,
        f"{many}, more than the {MAX_POINTS} drawn at once; narrow the range or take a larger Step",
    )
    return tuple(values)


def _counted(key: str, name: str, values: Sequence[object], most: int, many: str) -> tuple[object, ...]:
    """``values``, unless there are none or more than ``most`` (``many`` says so, for players)."""
    if not values:
        raise _refuse(key, f"{name} is empty: give at least one value", "give at least one value.")
    if len(values) > most:
        raise _refuse(
            key,
            f"{name} has {len(values)} values, which is too many: at most {most} are drawn at once",
            f"{many}.",
        )
    return tuple(values)


def _fits(field: Field, x: object) -> bool:
    try:
        field.param.check(field.name, x)
    except RulesError:
        return False
    return True


def _line_values(field: Field, given: Sequence[object] | None, current: object) -> tuple[object, ...]:
    if given is None:
        choices = tuple(c for c, _ in field.param.options) or field.choices
        if choices:
            at = choices.index(current) if current in choices else 0
            return choices[at : at + MAX_LINES] if len(choices) - at >= MAX_LINES else choices[-MAX_LINES:]
        given = (
            [v for v in (current - 1, current, current + 1) if _fits(field, v)]
            if isinstance(current, int)
            else []
        )
        given = given or [current]
    out: list[object] = []
    for value in given:
        try:
            checked = field.check(value)
        except RulesError as error:
            said = f"{_short(field)} {error.said or error}"
            raise type(error)(str(error), field="against.values", said=said) from None
        if checked in out:
            raise _refuse(
                "values",
                f"line_values={describe(list(given))} is not allowed: {checked!r} is given twice",
                f"{_named(field, checked)} is given twice.",
            )
        out.append(checked)
    return _counted(
        "values",
        "line_values",
        out,
        MAX_LINES,
        f"{len(out)} values given, more than the {MAX_LINES} lines drawn at once",
    )


def read_values(field: Field, text: str) -> tuple[object, ...] | None:
    """Line values as a reader types them ("6, 7, 8"), each read as ``field`` reads text; None
    for an empty text (the default values)."""
    if len(text) > _LONGEST_VALUES:
        raise _refuse(
            "values",
            f"values is {len(text)} characters long: at most {_LONGEST_VALUES} are read",
            f"{len(text)} characters is too long; enter at most {MAX_LINES} values, such as 6, 7, 8.",
        )
    pieces = text.replace(";", " ").replace(",", " ").split()  # one pass, whatever the spaces
    if not pieces:
        return None
    out = []
    for piece in pieces:
        try:
            out.append(convert(field, piece))
        except RulesError as error:
            raise _about("values", error) from None
    return tuple(out)


def _number(cls: type[CheckBase], key: str, value: object) -> int | None:
    """A setting's whole number as the widget sends it (text or a number); None when empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    named = against_fields(cls)[f"against.{key}"]
    if isinstance(value, int) and not isinstance(value, bool):
        return int(named.check(value))
    return int(convert(named, value if isinstance(value, str) else describe(value)))


def _current(field: Field, params: Mapping[str, JSON]) -> object:
    """A field's value as the reader has it (None when missing or not valid alone)."""
    value = params.get(field.name)
    try:
        return convert(field, value) if isinstance(value, str) else field.check(value)
    except RulesError:
        return field.default


def typed_view(
    kind: str,
    params: Mapping[str, JSON],
    *,
    vary: str,
    start: object = None,
    stop: object = None,
    step: object = None,
    lines: str = "",
    values: str = "",
    measure: str = "success",
    tally: object = None,
    shown: tuple[str, ...] | None = None,
) -> AgainstView:
    """``against_view`` for check ``kind`` with ``params`` and the settings as a widget's inputs
    hold them (text; an empty one takes its default): the range ``start`` to ``stop`` by
    ``step``, the line values as typed ("6, 7, 8"). The reader's own values of the drawn fields
    need not be allowed with the others: only the values drawn are checked, each alone."""
    cls: type[CheckBase] = find(kind)
    varied = _field(cls, vary, "vary", _variable)
    low, high, by = (_number(cls, k, v) for k, v in (("from", start), ("to", stop), ("step", step)))
    current = _current(varied, params)
    over: Sequence[int] | None = None
    if (low, high, by) != (None, None, None):
        by = by or 1
        least, most = varied.param.low, varied.param.high
        if low is None and high is None:
            default = _around(varied, current)
            low, high = default.start, default[-1]
        elif low is None:
            assert high is not None
            low = high - by * _SPAN if least is None else max(least, high - by * _SPAN)
        elif high is None:
            high = low + by * _SPAN if most is None else min(most, low + by * _SPAN)
        if high < low:
            raise _refuse(
                "to",
                f"to={high} is not allowed: it is below from={low}",
                f"{high} is below From ({low}); enter a number of at least {low}.",
            )
        over = range(low, high + 1, by)
    xs = _over(varied, over, current)
    per = _field(cls, lines, "lines", lambda f: _liner(f) and f.name != varied.name) if lines else None
    line_values = _line_values(per, read_values(per, values), _current(per, params)) if per else (None,)
    check = _first(kind, params, varied, xs, per, line_values)
    return against_view(
        check,
        vary=varied.name,
        over=xs,
        lines=per.name if per else None,
        line_values=line_values if per else None,
        measure=measure,
        tally=_number(cls, "tally", tally) if measure != "success" else None,
        shown=shown,
    )


def _first(
    kind: str,
    params: Mapping[str, JSON],
    varied: Field,
    xs: Sequence[int],
    per: Field | None,
    line_values: Sequence[object],
) -> CheckBase:
    """The check at the first point the rules allow (the others come from it); when none is
    allowed, the reader's own values' refusal (or the first point's)."""
    first: RulesError | None = None
    for value in line_values:
        for x in xs:
            try:
                found: CheckBase = build(
                    kind, {**params, varied.name: x, **({per.name: value} if per else {})}
                )
            except RulesError as error:
                first = first or error
                continue
            return found
    build(kind, params)  # raises the refusal of the reader's own values, if they are refused
    assert first is not None
    raise first


# -- what is measured ---------------------------------------------------------------


def _measure(check: CheckBase, measure: str, tally: int | None) -> Fraction:
    if measure == "success":
        return check.chance()
    assert tally is not None
    dist = check.distribution()
    listed = [k for k, _ in dist.pairs if isinstance(k, int)]
    if dist.tail and listed and tally > max(listed):  # list far enough that the tail lies above
        dist = check.distribution(bound=tally)
    return _tallied(dist, measure, tally)


def _tallied(dist: Distribution, measure: str, tally: int) -> Fraction:
    if measure == "exactly":
        found = dist.get(tally, Fraction(0))
        return found if isinstance(found, Fraction) else Fraction(0)
    if measure == "at-least":
        return dist.at_least(tally)
    return dist.probability(lambda k: isinstance(k, int) and k <= tally)


def _checked_measure(cls: type[CheckBase], measure: object, tally: object) -> tuple[str, int | None]:
    if not isinstance(measure, str) or measure not in MEASURES:
        raise _refuse(
            "measure",
            f"measure={describe(measure)} is not allowed: choose one of {', '.join(MEASURES)}",
            f"{describe(measure)} is not a chance this view draws; choose "
            + ", ".join(MEASURES.values())
            + ".",
        )
    if measure == "success":
        return measure, None
    if isinstance(tally, bool) or not isinstance(tally, int):
        raise _refuse(
            "tally",
            f"tally={describe(tally)} is not allowed: {measure} needs a whole number",
            f"{describe(tally)} is not a whole number; enter how many {cls.tally.many}."
            if tally is not None
            else f"enter how many {cls.tally.many}.",
        )
    return measure, tally


def _what(cls: type[CheckBase], measure: str, tally: int | None) -> str:
    """What the chart plots, in words: "success", "at least 3 Hits", "exactly total 15"."""
    if measure == "success" or tally is None:
        return "success"
    counted = cls.tally
    return f"{MEASURES[measure]} {counted.said(tally)}"


# -- the view -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    name: str
    make: Callable[[int], CheckBase]
    known: Mapping[str, Field]


Gaps = dict[tuple[str, str], list[tuple[int, int, str]]]
"""The points each rule refuses (the line, the value and the refusal in words), by rule."""


def _compute(
    drawn: Sequence[_Line], xs: tuple[int, ...], measure: str, tally: int | None
) -> tuple[list[Series], Gaps]:
    """Each line's exact chance at each x; where the rules refuse a value, a gap (None), with
    the reason (in the rules' words) for the points it covers."""
    series: list[Series] = []
    gaps: Gaps = {}
    for index, line in enumerate(drawn):
        points: list[tuple[int, Fraction | None]] = []
        for x in xs:
            try:
                check = line.make(x)
            except RulesError as error:
                key = (error.field or str(error), type(error).__name__)  # one rule, any numbers
                gaps.setdefault(key, []).append((index, x, in_words(error, line.known)[0]))
                points.append((x, None))
                continue
            try:
                points.append((x, _measure(check, measure, tally)))
            except RulesError as error:
                raise _about("tally", error) from None
        series.append(Series(line.name, tuple(points)))
    return series, gaps


def _runs(xs: Sequence[int], every: Sequence[int]) -> str:
    """Values as runs of neighbours in ``every``: "0 to 4, 7 and 9"."""
    at = {x: i for i, x in enumerate(every)}
    runs: list[list[int]] = []
    for x in xs:
        if runs and at[x] == at[runs[-1][-1]] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    said = [f"{r[0]} to {r[-1]}" if len(r) > 2 else " and ".join(map(str, r)) for r in runs]
    return ", ".join(said[:-1]) + f" and {said[-1]}" if len(said) > 1 else said[0]


def _gaps(gaps: Gaps, names: Sequence[str], axis: _Axis, xs: tuple[int, ...]) -> Element | None:
    """Each rule that refuses some values, said once: the points it leaves out, and its words
    at the last of them (the nearest to the values it allows, mostly)."""
    if not gaps:
        return None
    several = len(names) > 1
    items: list[Child] = []
    for points in gaps.values():
        by_line: dict[int, list[int]] = {}
        for index, x, _ in points:
            by_line.setdefault(index, []).append(x)
        spans = {tuple(v) for v in by_line.values()}
        every = several and len(by_line) == len(names) and len(spans) == 1
        if every:
            where = f"{axis.name} {_runs(next(iter(spans)), xs)}{axis.unit} on every line"
        else:
            where = "; ".join(
                f"{axis.name} {_runs(v, xs)}{axis.unit}" + (f" ({names[i]})" if several else "")
                for i, v in by_line.items()
            )
        index, x, said = points[-1]
        at = axis.at(x) + (f" ({names[index]})" if several and not every else "")
        items.append(node("li", {}, f"{where}. At {at}: {said}"))
    return node(
        "div",
        {"class": "rk-gaps"},
        node("p", {}, "Left out, because the rules do not allow these values:"),
        node("ul", {}, *items),
    )


def _cell(p: Fraction | None, what: str) -> Element:
    if p is None:
        return node(
            "td",
            {},
            node("span", {"aria-hidden": "true"}, "\u2014"),
            node("span", {"class": "rk-sr"}, "not allowed"),
        )
    return node("td", {}, node("span", {"class": "rk-p"}, percent(p)), " ", *_exact(p, what))


def _table(series: Sequence[Series], xs: tuple[int, ...], axis: _Axis, title: str) -> Element:
    head = [node("th", {"scope": "col"}, axis.label), *(node("th", {"scope": "col"}, s.name) for s in series)]
    rows = []
    for i, x in enumerate(xs):
        cells = [_cell(s.points[i][1], f"{s.name}, {axis.at(x)}") for s in series]
        rows.append(node("tr", {}, node("th", {"scope": "row"}, str(x)), *cells))
    return node(
        "details",
        {"class": "rk-against-table"},
        node("summary", {}, "The same chances as a table"),
        node(
            "div",
            {"class": "rk-scroll", "tabindex": "0", "role": "region", "aria-label": f"Table: {title}"},
            node(
                "table",
                {"class": "rk-outcomes"},
                node("caption", {}, title),
                node("thead", {}, node("tr", {}, *head)),
                node("tbody", {}, *rows),
            ),
        ),
    )


def _help() -> Element:
    """How to read a point's exact value: words for a pointer and for a touch screen."""
    return node(
        "p",
        {"class": "rk-against-help"},
        node(
            "span",
            {"class": "rk-help-pointer"},
            "Point at a dot, or Tab to a line and move with the arrow keys,",
        ),
        node("span", {"class": "rk-help-touch"}, "Tap a dot"),
        " to see its exact chance. The table below has every value.",
    )


def _render(
    *,
    title: str,
    about: str,
    drawn: Sequence[_Line],
    xs: tuple[int, ...],
    axis: _Axis,
    measure: str,
    tally: int | None,
    settings: Mapping[str, JSON],
) -> AgainstView:
    series, gaps = _compute(drawn, xs, measure, tally)
    chart = lines(series, title=title, x_label=axis.label, x_name=axis.name, x_unit=axis.unit)
    names = [s.name for s in series]
    tree = node(
        "div",
        {"class": "rk-against-view"},
        node("p", {"class": "rk-for"}, "For ", node("span", {"class": "rk-values"}, about))
        if about
        else None,
        node("figure", {"class": "rk-chart rk-against-chart"}, chart),
        _help(),
        _gaps(gaps, names, axis, xs),
        _table(series, xs, axis, title),
    )
    return AgainstView(title=title, values=about, tree=tree, settings=settings, series=tuple(series))


@dataclass(frozen=True)
class _Question:
    """The settings of a view of one check, checked, with the defaults filled in."""

    varied: Field
    xs: tuple[int, ...]
    per: Field | None
    values: tuple[object, ...]
    measure: str
    tally: int | None

    def settings(self) -> dict[str, JSON]:
        """The settings as the widget's inputs show them."""
        xs = self.xs
        steps = {b - a for a, b in zip(xs, xs[1:])}
        shown = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)
        return {
            "vary": self.varied.name,
            "from": xs[0],
            "to": xs[-1],
            "step": steps.pop() if len(steps) == 1 else 1,
            "lines": self.per.name if self.per else "",
            "values": shown if self.per else "",
            "measure": self.measure,
            "tally": self.tally,
        }


def _ask(
    check: CheckBase,
    *,
    vary: str,
    over: Sequence[int] | None,
    lines: str | None,
    line_values: Sequence[object] | None,
    measure: str,
    tally: int | None,
) -> _Question:
    cls = type(check)
    varied = _field(cls, vary, "vary", _variable)
    xs = _over(varied, over, getattr(check, varied.name))
    per = _field(cls, lines, "lines", lambda f: _liner(f) and f.name != varied.name) if lines else None
    values = _line_values(per, line_values, getattr(check, per.name)) if per else (None,)
    measure, tally = _checked_measure(cls, measure, tally)
    return _Question(varied, xs, per, values, measure, tally)


def against_view(
    check: CheckBase,
    *,
    vary: str,
    over: Sequence[int] | None = None,
    lines: str | None = None,
    line_values: Sequence[object] | None = None,
    measure: str = "success",
    tally: int | None = None,
    title: str = "",
    shown: tuple[str, ...] | None = None,
) -> AgainstView:
    """The chance of ``measure`` ("success", or "exactly" / "at-least" / "at-most" ``tally``)
    for ``check`` with field ``vary`` taking each value of ``over`` (default: around its value,
    at most ``MAX_POINTS``), one line per value of field ``lines`` (``line_values``; default:
    its value and its neighbours, at most ``MAX_LINES``), the other fields as ``check`` has
    them. A mistake in these settings raises ``RulesError`` about ``against.<setting>``."""
    q = _ask(check, vary=vary, over=over, lines=lines, line_values=line_values, measure=measure, tally=tally)
    cls, varied, per = type(check), q.varied, q.per
    known = {f.name: f for f in fields(cls)}

    def maker(value: object) -> Callable[[int], CheckBase]:
        fixed = {per.name: value} if per else {}
        return lambda x: _with(check, {varied.name: x, **fixed})

    what = _what(cls, q.measure, q.tally)
    drawn = [_Line(_named(per, v) if per else what.capitalize(), maker(v), known) for v in q.values]
    omit = (varied.name, per.name) if per else (varied.name,)
    heading = title or (
        f"Chance of {what} against {_axis(varied).name}"
        + (f", one line per {_axis(per).name}" if per else "")
    )
    return _render(
        title=heading,
        about=values_text(check, shown=shown, omit=omit),
        drawn=drawn,
        xs=q.xs,
        axis=_axis(varied),
        measure=q.measure,
        tally=q.tally,
        settings=q.settings(),
    )


def _with(check: CheckBase, values: Mapping[str, object]) -> CheckBase:
    """``check`` with some fields set again (checked again: a rule across fields may refuse)."""
    changed: CheckBase = dataclasses.replace(typing.cast(typing.Any, check), **values)
    return changed


def compare_view(
    checks: Sequence[tuple[str, CheckBase]],
    *,
    vary: str,
    over: Sequence[int],
    measure: str = "success",
    tally: int | None = None,
    title: str = "",
    x_label: str = "",
) -> AgainstView:
    """Several checks (each a named line) against the field ``vary`` they share, each point
    the check with that field at one value of ``over``: the compare page's view."""
    if not checks or len(checks) > MAX_LINES:
        raise _refuse(
            "lines",
            f"checks has {len(checks)} entries: give 1 to {MAX_LINES}",
            f"give 1 to {MAX_LINES} checks to compare.",
        )
    first = type(checks[0][1])
    varied = _field(first, vary, "vary", _variable)
    xs = _over(varied, over, None)
    measure, tally = _checked_measure(first, measure, tally)
    drawn = []
    for name, check in checks:
        _field(type(check), vary, "vary", _variable)

        def make(x: int, check: CheckBase = check) -> CheckBase:
            return _with(check, {vary: x})

        drawn.append(_Line(name, make, {f.name: f for f in fields(type(check))}))
    heading = title or f"Chance of {_what(first, measure, tally)} against {_axis(varied).name}"
    return _render(
        title=heading,
        about="",
        drawn=drawn,
        xs=xs,
        axis=_Axis(x_label, x_label) if x_label else _axis(varied),
        measure=measure,
        tally=tally,
        settings=_Question(varied, xs, None, (), measure, tally).settings(),
    )


# -- the widget's switch and settings --------------------------------------------------


def _select(
    control_id: str, key: str, label: str, options: Sequence[tuple[str, str]], chosen: str
) -> Element:
    return node(
        "div",
        {"class": "rk-field"},
        node("label", {"for": control_id}, label),
        node(
            "select",
            {"id": control_id, "data-against": key, "aria-describedby": f"{control_id}-error"},
            *[
                node("option", {"value": value, "selected": value == chosen}, words)
                for value, words in options
            ],
        ),
        node("span", {"class": "rk-field-error", "id": f"{control_id}-error", "hidden": True}),
    )


def _input(
    control_id: str, key: str, label: str, value: JSON, *, number: bool = True, hint: str = ""
) -> Element:
    attrs: dict[str, str | int | None] = (
        {"type": "number", "step": "1", "inputmode": "numeric"} if number else {"type": "text"}
    )
    described = " ".join(x for x in (f"{control_id}-hint" if hint else "", f"{control_id}-error") if x)
    return node(
        "div",
        {"class": "rk-field"},
        node("label", {"for": control_id}, label),
        node(
            "input",
            {
                **attrs,
                "id": control_id,
                "data-against": key,
                "value": "" if value is None else str(value),
                "autocomplete": "off",
                "aria-describedby": described,
            },
        ),
        node("span", {"class": "rk-hint", "id": f"{control_id}-hint"}, hint) if hint else None,
        node("span", {"class": "rk-field-error", "id": f"{control_id}-error", "hidden": True}),
    )


def _defaults(check: CheckBase, shown: tuple[str, ...]) -> tuple[Field, Field | None] | None:
    """The field drawn along by default (the first shown whole number) and the one giving the
    lines (the next shown one that can), or None when nothing can be drawn."""
    cls = type(check)
    visible = [f for f in fields(cls) if f.name in shown]
    vary = next((f for f in visible if _variable(f)), None)
    if vary is None:
        return None
    after = visible[visible.index(vary) + 1 :]
    per = next((f for f in after if f.kind == "number"), None) or next((f for f in after if _liner(f)), None)
    return vary, per


def against_panel(widget_id: str, check: CheckBase, *, shown: tuple[str, ...]) -> Element | None:
    """A widget's switch to "chance against a field" and its settings, hidden until the page
    script makes the widget live (it does nothing without it); None when no shown field is a
    whole number to draw along. The settings are a template, made at the first switch: a page
    holds one per widget, whose controls the browser would otherwise examine as the page loads."""
    found = _defaults(check, shown)
    if found is None:
        return None
    vary, per = found
    cls = type(check)
    start = _ask(
        check,
        vary=vary.name,
        over=None,
        lines=per.name if per else None,
        line_values=None,
        measure="success",
        tally=None,
    ).settings()
    visible = [f for f in fields(cls) if f.name in shown]
    base = f"{widget_id}-against"
    tally = start["tally"] if start["tally"] is not None else (check.success_from() or 0)
    many = cls.tally.many if cls.tally.score else f"many {cls.tally.many}"
    measures = [
        (key, f"{words} this {many}" if key != "success" else words) for key, words in MEASURES.items()
    ]
    return node(
        "div",
        {"class": "rk-against", "hidden": True},
        node(
            "button",
            {
                "type": "button",
                "class": "md-button rk-against-toggle",
                "aria-pressed": "false",  # aria-controls once the settings are made
            },
            "Chance against a field",
        ),
        node(
            "template",  # made at the first switch (rollkit/against.mjs)
            {"class": "rk-against-template"},
            node(
                "fieldset",
                {"class": "rk-against-fields", "id": base, "hidden": True},
                node("legend", {}, "Chance against a field"),
                node(
                    "div",
                    {"class": "rk-against-row"},
                    _select(
                        f"{base}-vary",
                        "vary",
                        "Chance against",
                        [(f.name, f.label) for f in visible if _variable(f)],
                        vary.name,
                    ),
                    _input(f"{base}-from", "from", "From", start["from"]),
                    _input(f"{base}-to", "to", "To", start["to"], hint=f"at most {MAX_POINTS} values"),
                    _input(f"{base}-step", "step", "Step", start["step"]),
                ),
                node(
                    "div",
                    {"class": "rk-against-row"},
                    _select(
                        f"{base}-lines",
                        "lines",
                        "One line per",
                        [("", "one line only"), *((f.name, f.label) for f in visible if _liner(f))],
                        per.name if per else "",
                    ),
                    _input(
                        f"{base}-values",
                        "values",
                        "Line values",
                        start["values"],
                        number=False,
                        hint=f"up to {MAX_LINES}, such as 6, 7, 8",
                    ),
                    _select(f"{base}-measure", "measure", "Chance of", measures, "success"),
                    _input(f"{base}-tally", "tally", _tally_label(cls), tally),
                ),
            ),
        ),
        node("div", {"class": "rk-against-out"}),
        node("p", {"class": "rk-against-error", "role": "alert", "hidden": True}),
    )
