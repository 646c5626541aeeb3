"""Small static SVG charts drawn at build time (no charting library anywhere)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from rollkit._format import fraction, percent

__all__ = ["Series", "line_chart", "bar_chart"]

# Colours readable on both the light and the dark scheme.
PALETTE = ("#3f6ec6", "#d9822b", "#3c9a5f", "#c0392b", "#8e5cc2", "#7f8c8d")


@dataclass(frozen=True)
class Series:
    """One line: a name and (x, probability) points."""

    name: str
    points: tuple[tuple[int, Fraction], ...]


def _frame(width: int, height: int, title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(title)}" class="rollkit-chart">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def _axes(
    left: int,
    top: int,
    w: int,
    h: int,
    x_label: str,
    ticks_x: Sequence[tuple[float, str]],
    y_max: float = 1.0,
) -> list[str]:
    out = [
        f'<g class="axes" stroke="currentColor" stroke-opacity="0.5" fill="none">'
        f'<path d="M{left} {top} V{top + h} H{left + w}"/></g>'
    ]
    for i in range(5):
        y = top + h - h * i / 4
        out.append(
            f'<line x1="{left}" x2="{left + w}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="currentColor" stroke-opacity="0.12"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="currentColor">{y_max * i / 4:.0%}</text>'
        )
    for x, label in ticks_x:
        out.append(
            f'<text x="{x:.1f}" y="{top + h + 16}" text-anchor="middle" font-size="11" '
            f'fill="currentColor">{escape(label)}</text>'
        )
    out.append(
        f'<text x="{left + w / 2:.1f}" y="{top + h + 34}" text-anchor="middle" '
        f'font-size="12" fill="currentColor">{escape(x_label)}</text>'
    )
    return out


def line_chart(
    series: Sequence[Series], *, title: str, x_label: str, width: int = 640, height: int = 320
) -> str:
    """Chance (0..100%) against a whole-number x, one polyline per series, with a legend."""
    left, top, right = 48, 16, 150
    w, h = width - left - right, height - top - 48
    xs = sorted({x for s in series for x, _ in s.points})
    lo, hi = xs[0], xs[-1]
    span = max(hi - lo, 1)

    def px(x: int) -> float:
        return left + w * (x - lo) / span

    def py(p: Fraction) -> float:
        return top + h - h * float(p)

    every = max(1, -(-len(xs) // 12))  # at most a dozen labels
    body = _axes(left, top, w, h, x_label, [(px(x), str(x)) for x in xs[::every]])
    for i, s in enumerate(series):
        colour = PALETTE[i % len(PALETTE)]
        points = " ".join(f"{px(x):.1f},{py(p):.1f}" for x, p in s.points)
        body.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
            f"<title>{escape(s.name)}</title></polyline>"
        )
        for x, p in s.points:
            body.append(
                f'<circle cx="{px(x):.1f}" cy="{py(p):.1f}" r="2.5" fill="{colour}">'
                f"<title>{escape(s.name)}, {x}: {percent(p)} ({fraction(p)})</title></circle>"
            )
        ly = top + 14 + 18 * i
        body.append(
            f'<rect x="{left + w + 14}" y="{ly - 9}" width="12" height="4" fill="{colour}"/>'
            f'<text x="{left + w + 32}" y="{ly}" font-size="12" fill="currentColor">'
            f"{escape(s.name)}</text>"
        )
    return _frame(width, height, title, body)


def bar_chart(
    bars: Sequence[tuple[str, Fraction]],
    *,
    title: str,
    x_label: str,
    tail: tuple[str, Fraction] | None = None,
    width: int = 640,
    height: int = 240,
) -> str:
    """One bar per outcome (probability 0..100% of the tallest), the tail drawn hatched."""
    items = list(bars) + ([tail] if tail and tail[1] else [])
    left, top = 48, 16
    w, h = width - left - 16, height - top - 48
    top_p = max((float(p) for _, p in items), default=1.0) or 1.0
    slot = w / max(len(items), 1)
    body = _axes(
        left,
        top,
        w,
        h,
        x_label,
        [
            (left + slot * (i + 0.5), label)
            for i, (label, _) in enumerate(items)
            if len(items) <= 24 or i % max(1, len(items) // 12) == 0
        ],
        y_max=top_p,
    )
    for i, (label, p) in enumerate(items):
        bh = h * float(p) / top_p
        is_tail = tail is not None and i == len(items) - 1 and tail[1] > 0
        style = 'fill="none" stroke="#3f6ec6" stroke-dasharray="3 2"' if is_tail else 'fill="#3f6ec6"'
        body.append(
            f'<rect x="{left + slot * i + slot * 0.1:.1f}" y="{top + h - bh:.1f}" '
            f'width="{slot * 0.8:.1f}" height="{bh:.1f}" {style}>'
            f"<title>{escape(label)}: {percent(p)} ({fraction(p)})</title></rect>"
        )
    return _frame(width, height, title, body)
