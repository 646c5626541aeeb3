"""The one chart renderer: a check's tally as bars (the widgets), and chances as bars or lines
(the pages' chart fences), as trees with a viewBox. Colours come from the style sheet's
classes, so light and dark schemes read the same; every bar and point says its value in a
``<title>``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .._check import CheckBase
from .._dist import Distribution
from .._format import fraction, percent
from .._said import target_words
from .._words import Tally
from ._tree import Child, Element, node

__all__ = ["Series", "VIEWS", "bars", "lines", "tally_chart"]

VIEWS = {"exactly": "Exactly", "at-least": "At least", "at-most": "At most"}
"""The ways a tally chart can be read: each value, or everything at or above / below it."""

SERIES_COLOURS = 6
"""Lines take the classes ``rk-series-0`` to ``rk-series-5`` in turn (the style sheet's colours)."""

# The widget's chart: a viewBox whose text is at least 12 px high at phone width (CSS caps it).
_W, _H, _LEFT, _TOP, _BOTTOM = 360, 214, 56, 12, 48
_FONT = 14
_MAX_BARS = 60  # more outcomes than this are drawn in bands of equal width ...
_BANDS = 20  # ... at most this many, one starting where success starts

Row = tuple[str, Fraction, float]
"""One bar: its label, its chance and the tally it starts at (the tail is infinite)."""


@dataclass(frozen=True)
class Series:
    """One line: a name and (x, probability) points; a probability of None is a gap."""

    name: str
    points: tuple[tuple[int, Fraction | None], ...]


def _cumulative(dist: Distribution, view: str) -> list[Row]:
    """The tally's bars for ``view``: each value, or the chance of at least / at most it."""
    pairs = [(k, p) for k, p in dist.items() if isinstance(k, int)]  # a tally: whole numbers
    if view == "exactly":
        rows = [(str(k), p, float(k)) for k, p in pairs]
        if dist.tail:
            rows.append((dist.tail_label or "more", dist.tail, math.inf))
        return rows
    rows, running = [], Fraction(0)
    if view == "at-most":
        for k, p in pairs:
            running += p
            rows.append((f"≤ {k}", running, float(k)))
        return rows
    running = dist.tail
    for k, p in reversed(pairs):
        running += p
        rows.append((f"≥ {k}", running, float(k)))
    return rows[::-1]


def _ticks(top: float) -> list[float]:
    """Round tick values (as fractions of 1) from 0 to at least ``top``."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    count = math.ceil(top / step - 1e-9)
    return [step * i for i in range(count + 1)]


def _tick_label(value: float) -> str:
    text = f"{value * 100:.4f}".rstrip("0").rstrip(".")
    return f"{text}%"


def _band_size(count: int) -> int:
    """Outcomes per bar: 1 up to ``_MAX_BARS`` outcomes, else a round 2, 5, 10, 20... so that
    at most ``_BANDS`` bars remain (one more where a band starts at success)."""
    if count <= _MAX_BARS:
        return 1
    return next(
        size
        for size in (2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, count)
        if math.ceil(count / size) <= _BANDS
    )


def _banded(rows: list[Row], view: str, least: int | None = None) -> list[Row]:
    """Many outcomes in round bands (summed for "exactly"), one starting at ``least`` (where
    success starts) so that no bar holds both; a band is labelled "-60 to -51"."""
    size = _band_size(len(rows))
    if size == 1:
        return rows
    start = 0
    if least is not None:
        at = next((i for i, (_, _, key) in enumerate(rows) if key >= least), 0)
        start = at % size
    edges = [0, *range(start, len(rows), size)] if start else list(range(0, len(rows), size))
    out = []
    for i, first in enumerate(edges):
        chunk = rows[first : edges[i + 1] if i + 1 < len(edges) else len(rows)]
        label = chunk[0][0] if len(chunk) == 1 else f"{chunk[0][0]} to {chunk[-1][0]}"
        value = sum((p for _, p, _ in chunk), Fraction(0)) if view == "exactly" else chunk[0][1]
        out.append((label, value, chunk[0][2]))
    return out


def _bar_words(tally: Tally, label: str, key: float) -> str:
    """A bar's outcome in the tally's words: "1 Hit", "3 Hits", "0 to 4 Hits", "≥ 1 Hits";
    a score after its name, as a roll says it: "total 15", "margin -10 to -6"."""
    if tally.score:
        return f"{tally.many} {label}"
    if math.isfinite(key) and label == str(int(key)):
        return tally.said(int(key))
    return f"{label} {tally.many}"


def _text(x: float | str, y: float | str, words: str, **attrs: str | int) -> Element:
    return node(
        "text",
        {"x": x if isinstance(x, str) else f"{x:.1f}", "y": y, "font-size": _FONT, **attrs},
        words,
    )


def tally_chart(
    check: CheckBase,
    dist: Distribution,
    *,
    view: str = "exactly",
    pinned: tuple[str, Distribution] | None = None,
) -> Element:
    """The tally as bars in the rules' words: bars that succeed coloured, a marker where
    success starts, and a pinned setting drawn as outlines beside them."""
    tally = type(check).tally
    name = tally.many
    least = check.success_from()
    rows = _banded(_cumulative(dist, view), view, least)
    series = [rows]
    if pinned is not None:
        mine = {label: p for label, p, _ in _banded(_cumulative(pinned[1], view), view, least)}
        series.append([(label, mine.get(label, Fraction(0)), key) for label, _, key in rows])
    top = max((float(p) for s in series for _, p, _ in s), default=1.0) or 1.0
    ticks = _ticks(top)
    scale = ticks[-1] or 1.0
    w, h = _W - _LEFT - 8, _H - _TOP - _BOTTOM
    slot = w / max(len(rows), 1)
    parts: list[Child] = []
    for t in ticks:
        y = _TOP + h - h * t / scale
        parts.append(
            node(
                "line", {"x1": _LEFT, "x2": _LEFT + w, "y1": f"{y:.1f}", "y2": f"{y:.1f}", "class": "rk-grid"}
            )
        )
        parts.append(_text(str(_LEFT - 4), f"{y + 4:.1f}", _tick_label(t), **{"text-anchor": "end"}))
    width = slot * (0.8 if pinned is None else 0.42)
    colour = least is not None and view != "at-most"
    for index, row in enumerate(series):
        for i, (label, p, key) in enumerate(row):
            bh = h * float(p) / scale
            x = _LEFT + slot * i + slot * 0.1 + index * width
            tail = view == "exactly" and dist.tail and i == len(row) - 1
            cls = (
                "rk-bar"
                + (" rk-bar-pinned" if index else "")
                + (" rk-bar-tail" if tail else "")
                + (" rk-bar-success" if colour and least is not None and key >= least else "")
            )
            parts.append(
                node(
                    "rect",
                    {
                        "x": f"{x:.1f}",
                        "y": f"{_TOP + h - bh:.1f}",
                        "width": f"{width:.1f}",
                        "height": f"{bh:.1f}",
                        "class": cls,
                    },
                    node("title", {}, f"{_bar_words(tally, label, key)}: {percent(p)}"),
                )
            )
    every = max(1, math.ceil(len(rows) / (w / (_FONT * 2.6))))
    longest = max((len(label) for label, _, _ in rows), default=1)
    every = max(every, math.ceil(len(rows) * longest * _FONT * 0.62 / w))
    for i, (label, _, _) in enumerate(rows):
        if i % every == 0:
            parts.append(
                _text(_LEFT + slot * (i + 0.5), str(_TOP + h + 16), label, **{"text-anchor": "middle"})
            )
    at = next((i for i, (_, _, key) in enumerate(rows) if least is not None and key >= least), None)
    if at is not None and at > 0 and least is not None:
        x = _LEFT + slot * at
        words = target_words(check, least)
        right = x + len(words) * _FONT * 0.6 < _LEFT + w
        parts.append(
            node(
                "line", {"x1": f"{x:.1f}", "x2": f"{x:.1f}", "y1": _TOP, "y2": _TOP + h, "class": "rk-target"}
            )
        )
        parts.append(
            _text(
                x + (3 if right else -3),
                str(_TOP + 10),
                words,
                **{"text-anchor": "start" if right else "end", "class": "rk-target-text"},
            )
        )
    parts.append(
        node("line", {"x1": _LEFT, "x2": _LEFT + w, "y1": _TOP + h, "y2": _TOP + h, "class": "rk-axis"})
    )
    caption = {
        "exactly": name,
        "at-least": f"at least this many {name}",
        "at-most": f"at most this many {name}",
    }[view]
    parts.append(
        node(
            "text",
            {
                "x": _LEFT + w / 2,
                "y": _H - 8,
                "text-anchor": "middle",
                "font-size": _FONT,
                "class": "rk-axis-title",
            },
            caption.capitalize(),
        )
    )
    parts.append(
        node(
            "text",
            {
                "x": 11,
                "y": _TOP + h / 2,
                "text-anchor": "middle",
                "font-size": _FONT,
                "transform": f"rotate(-90 11 {_TOP + h / 2:.1f})",
                "class": "rk-axis-title",
            },
            "Chance",
        )
    )
    label = f"Chart: chance of each {name} value" if view == "exactly" else f"Chart: chance of {caption}"
    if least is not None:
        label += f"; success from {tally.said(least)}"
    return node(
        "svg", {"viewBox": f"0 0 {_W} {_H}", "role": "img", "aria-label": label, "class": "rk-svg"}, *parts
    )


# -- the pages' charts: chances against a whole number, as lines or bars ----------------------
# A narrow viewBox with large text: at phone width (about 360 px) every label is at least 12 px
# high; the style sheet caps the width on a wide screen. A line chart's legend goes below it.

_PAGE_W = 400
_PAGE_FONT = 14
_PAGE_LEFT = 52
_ROW = 20  # a legend row


def _frame(width: int, height: int, title: str, body: list[Child]) -> Element:
    return node(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-label": title,
            "class": "rollkit-chart",
        },
        node("title", {}, title),
        *body,
    )


def _axes(
    left: int,
    top: int,
    w: int,
    h: int,
    x_label: str,
    ticks_x: Sequence[tuple[float, str]],
    y_max: float = 1.0,
) -> list[Child]:
    out: list[Child] = [
        node("g", {"class": "rk-axis"}, node("path", {"d": f"M{left} {top} V{top + h} H{left + w}"}))
    ]
    for i in range(5):
        y = top + h - h * i / 4
        out.append(
            node("line", {"x1": left, "x2": left + w, "y1": f"{y:.1f}", "y2": f"{y:.1f}", "class": "rk-grid"})
        )
        out.append(
            node(
                "text",
                {"x": left - 6, "y": f"{y + 5:.1f}", "text-anchor": "end", "font-size": _PAGE_FONT},
                f"{y_max * i / 4:.0%}",
            )
        )
    for x, label in ticks_x:
        out.append(
            node(
                "text",
                {"x": f"{x:.1f}", "y": top + h + 18, "text-anchor": "middle", "font-size": _PAGE_FONT},
                label,
            )
        )
    out.append(
        node(
            "text",
            {"x": f"{left + w / 2:.1f}", "y": top + h + 38, "text-anchor": "middle", "font-size": _PAGE_FONT},
            x_label,
        )
    )
    return out


def _x_ticks(count: int, longest: int, w: float) -> int:
    """Every how many x values a label is written, so that labels never touch."""
    return max(1, math.ceil(count * (longest + 1) * _PAGE_FONT * 0.6 / w))


# A line chart's viewBox: 14-unit text stays at least 12 px wide on a 390 px phone.
_LW, _LF, _BAND, _PLOT = 360, 14, 44, 170


def _wide(text: str) -> float:
    """About how wide ``text`` is drawn at the line chart's font size."""
    return len(text) * _LF * 0.56


def _runs(points: Sequence[tuple[int, Fraction | None]]) -> list[list[tuple[int, Fraction]]]:
    """The stretches of a line between its gaps."""
    runs: list[list[tuple[int, Fraction]]] = [[]]
    for x, p in points:
        if p is None:
            runs.append([])
        else:
            runs[-1].append((x, p))
    return [r for r in runs if r]


def _tip(x: float, lines_: Sequence[str]) -> Element:
    """A point's value, drawn in the band above the plot when the point is pointed at, tapped or
    focused (the style sheet shows it), centred over the point and kept inside the chart."""
    half = max(_wide(t) for t in lines_) / 2
    at = min(max(x, 4 + half), _LW - 4 - half) if 2 * half < _LW - 8 else _LW / 2
    x_at = f"{at:.1f}"
    return node(
        "text",
        {"class": "rk-tip", "x": x_at, "y": 17},
        *[node("tspan", {"x": x_at, "dy": "1.25em" if i else None}, t) for i, t in enumerate(lines_)],
    )


def lines(
    series: Sequence[Series], *, title: str, x_label: str, x_name: str = "", x_unit: str = ""
) -> Element:
    """Chance (0..100%) against a whole-number x (``x_label`` under the axis), one line per
    series (a point of None is a gap), with a legend under it. Each point is focusable (one
    per line in the tab order) and names its exact value ("TN 2, Dice Pool 5: ...", ``x_name``
    and ``x_unit`` saying the x); pointed at, tapped or focused it shows that value above the
    plot."""
    left, right, top = 58, 12, _BAND
    w, h = _LW - left - right, _PLOT
    xs = sorted({x for s in series for x, _ in s.points})
    lo, hi = (xs[0], xs[-1]) if xs else (0, 1)
    span = max(hi - lo, 1)

    def px(x: int) -> float:
        return left + w * (x - lo) / span

    def py(p: Fraction) -> float:
        return top + h - h * float(p)

    body: list[Child] = []
    for i in range(5):
        y = top + h - h * i / 4
        body.append(
            node("line", {"x1": left, "x2": left + w, "y1": f"{y:.1f}", "y2": f"{y:.1f}", "class": "rk-grid"})
        )
        body.append(_line_text(left - 6, y + 5, f"{25 * i}%", "end"))
    widest = max((_wide(str(x)) for x in xs), default=_LF) + 10
    every = max(1, math.ceil(len(xs) * widest / w))
    for x in xs[::every]:
        body.append(_line_text(px(x), top + h + 20, str(x), "middle"))
    body.append(
        node("path", {"class": "rk-axis", "d": f"M{left} {top} V{top + h} H{left + w}", "fill": "none"})
    )
    body.append(_line_text(left + w / 2, top + h + 42, x_label, "middle", "rk-axis-title"))
    body.append(
        node(
            "text",
            {
                "x": 14,
                "y": f"{top + h / 2:.1f}",
                "text-anchor": "middle",
                "transform": f"rotate(-90 14 {top + h / 2:.1f})",
                "class": "rk-axis-title",
            },
            "Chance",
        )
    )
    points: list[Child] = []
    for i, s in enumerate(series):
        colour = f"rk-series-{i % SERIES_COLOURS}"
        for run in _runs(s.points):
            if len(run) > 1:
                shape = " ".join(f"{px(x):.1f},{py(p):.1f}" for x, p in run)
                body.append(node("polyline", {"class": f"rk-line {colour}", "points": shape}))
        first = True
        dots: list[Child] = []
        for x, p in s.points:
            if p is None:
                continue
            said = f"{s.name}, {x_name or x_label} {x}{x_unit}"
            dots.append(
                node(
                    "g",
                    {
                        "class": "rk-point",
                        "tabindex": "0" if first else "-1",
                        "role": "img",
                        "aria-label": f"{said}: {percent(p)} ({fraction(p)})",
                    },
                    node(
                        "circle", {"class": "rk-dot", "cx": f"{px(x):.1f}", "cy": f"{py(p):.1f}", "r": "3.5"}
                    ),
                    _tip(px(x), [said, f"{percent(p)} = {fraction(p)}"]),
                )
            )
            first = False
        points.append(
            node(
                "g", {"class": colour, "role": "group", "aria-label": s.name, "text-anchor": "middle"}, *dots
            )
        )
    body.extend(_legend(series, top + h + 58))
    height = top + h + 58 + 22 * math.ceil(len(series) / _columns(series)) + 4
    return node(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {_LW} {height}",
            "role": "group",
            "aria-label": f"Chart: {title}",
            "class": "rollkit-chart rk-lines",
            "font-size": _LF,
        },
        *body,
        *points,
    )


def _line_text(x: float, y: float, words: str, anchor: str, cls: str = "") -> Element:
    attrs: dict[str, str | int] = {"x": f"{x:.1f}", "y": f"{y:.1f}", "text-anchor": anchor}
    if cls:
        attrs["class"] = cls
    return node("text", attrs, words)


def _columns(series: Sequence[Series]) -> int:
    entry = max((_wide(s.name) for s in series), default=0) + 44
    return max(1, min(len(series), int((_LW - 16) // entry))) if series else 1


def _legend(series: Sequence[Series], y0: float) -> list[Child]:
    """Each line's name beside a sample of its colour and dash, in as many columns as fit."""
    cols = _columns(series)
    width = (_LW - 16) / cols
    out: list[Child] = []
    for i, s in enumerate(series):
        colour = f"rk-series-{i % SERIES_COLOURS}"
        x, y = 8 + width * (i % cols), y0 + 22 * (i // cols)
        out.append(
            node(
                "line",
                {
                    "class": f"rk-line {colour}",
                    "x1": f"{x:.1f}",
                    "x2": f"{x + 28:.1f}",
                    "y1": f"{y - 5:.1f}",
                    "y2": f"{y - 5:.1f}",
                },
            )
        )
        out.append(
            node(
                "circle", {"class": f"rk-dot {colour}", "cx": f"{x + 14:.1f}", "cy": f"{y - 5:.1f}", "r": "3"}
            )
        )
        out.append(_line_text(x + 36, y, s.name, "start"))
    return out


def bars(
    items: Sequence[tuple[str, Fraction]],
    *,
    title: str,
    x_label: str,
    tail: tuple[str, Fraction] | None = None,
    width: int = _PAGE_W,
    height: int = 240,
) -> Element:
    """One bar per outcome (probability 0..100% of the tallest), the tail drawn as an outline."""
    shown = list(items) + ([tail] if tail and tail[1] else [])
    left, top = _PAGE_LEFT, 14
    w, h = width - left - 14, height - top - 50
    top_p = max((float(p) for _, p in shown), default=1.0) or 1.0
    slot = w / max(len(shown), 1)
    every = _x_ticks(len(shown), max((len(label) for label, _ in shown), default=1), w)
    body = _axes(
        left,
        top,
        w,
        h,
        x_label,
        [(left + slot * (i + 0.5), label) for i, (label, _) in enumerate(shown) if i % every == 0],
        y_max=top_p,
    )
    for i, (label, p) in enumerate(shown):
        bh = h * float(p) / top_p
        is_tail = tail is not None and i == len(shown) - 1 and tail[1] > 0
        body.append(
            node(
                "rect",
                {
                    "class": "rk-bar rk-bar-tail" if is_tail else "rk-bar",
                    "x": f"{left + slot * i + slot * 0.1:.1f}",
                    "y": f"{top + h - bh:.1f}",
                    "width": f"{slot * 0.8:.1f}",
                    "height": f"{bh:.1f}",
                },
                node("title", {}, f"{label}: {percent(p)} ({fraction(p)})"),
            )
        )
    return _frame(width, height, title, body)
