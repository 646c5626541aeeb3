"""What a widget shows, as one small tree: built at build time and again in the browser.

``odds_view`` and ``roll_view`` return nodes ``[tag, {attribute: value}, *children]``
(a child is a node or plain text). The site turns them into HTML at build time
(``to_html``) and the browser's script turns the same trees into DOM nodes, so
the pre-rendered widget and the live one can never drift apart. No attribute is
ever an event handler and every text is plain text.
"""

from __future__ import annotations

import math
from fractions import Fraction
from html import escape
from typing import Any, cast

from ._dist import Distribution
from ._format import detail, fraction, percent

__all__ = ["VIEWS", "odds_view", "roll_view", "to_html", "values_text"]

Node = list[Any]

VIEWS = {"exactly": "Exactly", "at-least": "At least", "at-most": "At most"}
"""The ways a tally chart can be read: each value, or everything at or above / below it."""

_VOID = {"input", "br", "img"}

# The chart: a viewBox whose text is at least 12 px wide at phone width (CSS caps its size).
_W, _H, _LEFT, _TOP, _BOTTOM = 360, 210, 54, 12, 46
_FONT = 13
_MAX_BARS = 60  # more outcomes than this are drawn in bands of equal width


def node(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """A view node; attribute values become text here (JSON would turn 203.0 into 203)."""
    shown = {k: v if v is None or isinstance(v, bool) else str(v) for k, v in (attrs or {}).items()}
    return [tag, shown, *[c for c in children if c is not None and c != ""]]


def to_html(tree: Any) -> str:
    """A view tree as HTML, every text and attribute escaped."""
    if isinstance(tree, str):
        return escape(tree, quote=False)
    tag, attrs, *children = tree
    if not tag.replace("-", "").isalnum():
        raise ValueError(f"not a tag: {tag!r}")
    shown = "".join(
        f' {k}="{escape(str(v))}"'
        for k, v in attrs.items()
        if v is not False and v is not None and not k.startswith("on")
    )
    if tag in _VOID:
        return f"<{tag}{shown}>"
    return f"<{tag}{shown}>{''.join(to_html(c) for c in children)}</{tag}>"


# -- the words of a check ------------------------------------------------------------


def _fields(check: Any) -> Any:
    from ._params import fields

    cls: type = type(check)
    return fields(cls)


def _value_text(field: Any, value: Any) -> str:
    if field.param and field.param.options:
        return str(field.param.words(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(v, tuple) for v in value):  # helpers: "8 at 6+; 3 at 7+"
            return "; ".join(" at ".join(map(str, v)) + "+" for v in value)
        return ", ".join(map(str, value))
    if "(x+)" in field.label and isinstance(value, int):
        return f"{value}+"
    return str(value)


def values_text(check: Any, *, shown: tuple[str, ...] | None = None) -> str:
    """The values a result belongs to, in the rules' words: "Dice Pool 5, Threshold 7+ ...".

    Required values, values off their default and the ``shown`` ones are named.
    """
    parts = []
    for field in _fields(check):
        value = getattr(check, field.name)
        if not (field.required or value != field.default or (shown and field.name in shown)):
            continue
        label = field.label.replace(" (x+)", "").replace(" (x-again)", "")
        parts.append(f"{label} {_value_text(field, value)}")
    return ", ".join(parts)


def _tally_name(check: Any) -> str:
    return str(type(check).tally_name)


# -- odds ------------------------------------------------------------------------------


def _exact(p: Fraction, what: str) -> list[Any]:
    """A fraction as shown, with a copy button for the whole value when it is shortened."""
    short = fraction(p)
    if short == str(p):
        return [node("span", {"class": "rk-exact"}, short)]
    return [
        node("span", {"class": "rk-exact"}, short),
        node(
            "button",
            {
                "type": "button",
                "class": "rk-copy",
                "data-copy": str(p),
                "aria-label": f"Copy the exact chance of {what}",
            },
            "Copy",
        ),
    ]


Row = tuple[str, Fraction, float]
"""One bar: its label, its chance and the tally it starts at (the tail is infinite)."""


def _cumulative(dist: Distribution, view: str) -> list[Row]:
    """The tally's bars for ``view``: each value, or the chance of at least / at most it."""
    pairs: list[tuple[Any, Fraction]] = list(dist.items())  # a tally: whole numbers
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
    """Outcomes per bar: 1, or a round 2, 5, 10, 20... so that at most ``_MAX_BARS`` remain."""
    if count <= _MAX_BARS:
        return 1
    return next(
        size
        for size in (2, 5, 10, 20, 50, 100, 200, 500, 1000, count)
        if math.ceil(count / size) <= _MAX_BARS
    )


def _banded(rows: list[Row], view: str) -> list[Row]:
    """Many outcomes in round bands of at most ``_MAX_BARS`` bars (summed for "exactly")."""
    size = _band_size(len(rows))
    if size == 1:
        return rows
    out = []
    for i in range(0, len(rows), size):
        chunk = rows[i : i + size]
        label = chunk[0][0] if len(chunk) == 1 else f"{chunk[0][0]}–{chunk[-1][0]}"
        value = sum((p for _, p, _ in chunk), Fraction(0)) if view == "exactly" else chunk[0][1]
        out.append((label, value, chunk[0][2]))
    return out


def _target(check: Any, least: int) -> str:
    """The marker's words: the field that sets success ("TN 3", "DC 2"), else "Success"."""
    name = type(check).target
    field = next((f for f in _fields(check) if f.name == name), None)
    if field is None or getattr(check, field.name) != least:
        return "Success"
    before, _, short = field.label.rpartition("(")  # "Target Number (TN)" -> "TN"
    short = short.rstrip(")")
    return f"{short if short.isalpha() else (before or field.label).strip()} {least}"


def chart(
    check: Any, dist: Distribution, *, view: str = "exactly", pinned: tuple[str, Distribution] | None = None
) -> Node:
    """The tally as bars in the rules' words: bars that succeed coloured, a marker where
    success starts, and a pinned setting drawn as outlines beside them."""
    name = _tally_name(check)
    least = check.success_from()
    rows = _banded(_cumulative(dist, view), view)
    series = [rows]
    if pinned is not None:
        mine = {label: p for label, p, _ in _banded(_cumulative(pinned[1], view), view)}
        series.append([(label, mine.get(label, Fraction(0)), key) for label, _, key in rows])
    top = max((float(p) for s in series for _, p, _ in s), default=1.0) or 1.0
    ticks = _ticks(top)
    scale = ticks[-1] or 1.0
    w, h = _W - _LEFT - 8, _H - _TOP - _BOTTOM
    slot = w / max(len(rows), 1)
    parts: list[Any] = []
    for t in ticks:
        y = _TOP + h - h * t / scale
        parts.append(
            node(
                "line", {"x1": _LEFT, "x2": _LEFT + w, "y1": f"{y:.1f}", "y2": f"{y:.1f}", "class": "rk-grid"}
            )
        )
        parts.append(
            node(
                "text",
                {"x": _LEFT - 4, "y": f"{y + 4:.1f}", "text-anchor": "end", "font-size": _FONT},
                _tick_label(t),
            )
        )
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
                    node("title", {}, f"{label} {name}: {percent(p)}"),
                )
            )
    every = max(1, math.ceil(len(rows) / (w / (_FONT * 2.6))))
    longest = max((len(label) for label, _, _ in rows), default=1)
    every = max(every, math.ceil(len(rows) * longest * _FONT * 0.62 / w))
    for i, (label, _, _) in enumerate(rows):
        if i % every == 0:
            parts.append(
                node(
                    "text",
                    {
                        "x": f"{_LEFT + slot * (i + 0.5):.1f}",
                        "y": _TOP + h + 16,
                        "text-anchor": "middle",
                        "font-size": _FONT,
                    },
                    label,
                )
            )
    at = next((i for i, (_, _, key) in enumerate(rows) if least is not None and key >= least), None)
    if at is not None and at > 0:
        x = _LEFT + slot * at
        words = _target(check, least) if least is not None else ""
        right = x + len(words) * _FONT * 0.6 < _LEFT + w
        parts.append(
            node(
                "line", {"x1": f"{x:.1f}", "x2": f"{x:.1f}", "y1": _TOP, "y2": _TOP + h, "class": "rk-target"}
            )
        )
        parts.append(
            node(
                "text",
                {
                    "x": f"{x + (3 if right else -3):.1f}",
                    "y": _TOP + 10,
                    "text-anchor": "start" if right else "end",
                    "font-size": _FONT,
                    "class": "rk-target-text",
                },
                words,
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
        label += f"; success from {least} {name}"
    return node(
        "svg", {"viewBox": f"0 0 {_W} {_H}", "role": "img", "aria-label": label, "class": "rk-svg"}, *parts
    )


def _succeeds(check: Any, name: str) -> Node | None:
    """Under the chart: which bars succeed, in words."""
    least = check.success_from()
    if least is None:
        return None
    needed = f"{name} of {least} or more" if name in _SCORES else f"{least} or more {name}"
    target = _target(check, least)
    return node(
        "p",
        {"class": "rk-succeeds"},
        node("span", {"class": "rk-key rk-key-success"}),
        f" Success: {needed}"
        + (f" ({target})" if target != "Success" else "")
        + (f", counting {check.success_includes()}" if check.success_includes() else "")
        + ".",
    )


def _mean(dist: Distribution, name: str) -> Node | None:
    if dist.tail or not dist.pairs or not all(isinstance(k, int) for k, _ in dist.pairs):
        return None
    mean = dist.mean()
    tallies = [(cast(int, k), p) for k, p in dist.pairs]  # whole numbers, checked above
    variance = sum((p * (k - mean) ** 2 for k, p in tallies), Fraction(0))
    spread = math.sqrt(variance)
    return node(
        "p",
        {"class": "rk-mean"},
        f"On average {float(mean):.2f} {name}",
        f" (typically within ±{spread:.2f})." if variance else ".",
    )


def odds_view(
    check: Any,
    *,
    view: str = "exactly",
    title: str = "",
    shown: tuple[str, ...] | None = None,
    pinned: Any = None,
) -> dict[str, Any]:
    """The odds part of a widget for ``check``: chance, outcome table, mean and chart."""
    if view not in VIEWS:
        from ._errors import RulesError

        raise RulesError(f"view={view!r} is not allowed: choose one of {', '.join(VIEWS)}")
    chance = check.chance()
    outcomes = check.outcomes()
    dist = check.distribution()
    name = _tally_name(check)
    rows = [
        node(
            "tr",
            {},
            node("th", {"scope": "row"}, str(k)),
            node("td", {"class": "rk-p"}, percent(p)),
            node("td", {}, *_exact(p, str(k))),
        )
        for k, p in outcomes.items()
    ]
    about = values_text(check, shown=shown)
    pin = (values_text(pinned, shown=shown), pinned.distribution()) if pinned is not None else None
    legend = None
    if pin is not None:
        legend = node(
            "p",
            {"class": "rk-legend"},
            node("span", {"class": "rk-key"}),
            f" {about}  ",
            node("span", {"class": "rk-key rk-key-pinned"}),
            f" pinned: {pin[0]}",
        )
    tree = node(
        "div",
        {"class": "rk-odds-view"},
        node("p", {"class": "rk-for"}, "Odds for ", node("span", {"class": "rk-values"}, about)),
        node(
            "p",
            {"class": "rk-chance"},
            "Chance of success"
            + (f", counting {check.success_includes()}" if check.success_includes() else "")
            + ": ",
            node("strong", {"class": "rk-p"}, percent(chance)),
            " = ",
            *_exact(chance, "success"),
        ),
        _mean(dist, name),
        node(
            "div",
            {"class": "rk-scroll", "tabindex": "0", "role": "region", "aria-label": "Chance of each outcome"},
            node(
                "table",
                {"class": "rk-outcomes"},
                node(
                    "thead",
                    {},
                    node(
                        "tr",
                        {},
                        node("th", {"scope": "col"}, "Outcome"),
                        node("th", {"scope": "col"}, "Chance"),
                        node("th", {"scope": "col"}, "Exact"),
                    ),
                ),
                node("tbody", {}, *rows),
            ),
        ),
        legend,
        node("figure", {"class": "rk-chart"}, chart(check, dist, view=view, pinned=pin)),
        _succeeds(check, name),
    )
    return {"title": title or about, "values": about, "tree": tree, "chance": str(chance), "view": view}


# -- a roll ----------------------------------------------------------------------------

_MARKS = {
    "hit": "Hit",
    "success": "success",
    "kept": "kept",
    "pass": "pass",
    "miss": "no Hit",
    "fail": "fail",
    "dropped": "dropped",
    "nothing": "nothing",
}


_SINGULAR = {
    "Hits": "Hit",
    "successes": "success",
    "net successes": "net success",
    "Stat points": "Stat point",
}


_SCORES = ("total", "margin", "Effect")
"""Tallies that are a score rather than a count of things."""


def _count(count: int, word: str) -> str:
    if word in _SCORES:
        return f"{word} {count}"
    return f"{count} {_SINGULAR.get(word, word) if count == 1 else word}"


def summary(check: Any, roll: Any) -> str:
    """One sentence in the rules' words: what happened and, on a failure, what was needed."""
    verdict = "Success" if roll.success else "Failure"
    name = _tally_name(check)
    least = check.success_from()
    target = _target(check, least) if least is not None else "Success"
    text = f"{verdict}: {_count(roll.tally, name)}" + (f" against {target}" if target != "Success" else "")
    said = roll.outcome.lower()
    if said not in (verdict.lower(), "pass", "fail") and said not in text.lower():  # no "effect dice, effect"
        text += f", {roll.outcome}"
    if not roll.success and least is not None and roll.tally < least:
        text += (
            f"; {name} of {least} or more needed" if name in _SCORES else f"; {_count(least, name)} needed"
        )
    return text + "."


def roll_view(check: Any, roll: Any) -> dict[str, Any]:
    """A roll as a summary sentence, a strip of dice with their roles, and folded details."""
    dice = []
    seen: dict[str, str] = {}
    for die in roll.dice:
        marks = [die.counts]
        if "again" in die.note or "explod" in die.note or "roll another" in die.note:
            marks.append("explodes")
        if die.role not in ("pool", "check", "standard"):
            marks.append(die.role)
        described = (
            f"d{die.sides} showing {die.face}: "
            + ", ".join(_MARKS.get(m, m) for m in marks)
            + (f" ({die.note})" if die.note else "")
        )
        for m in marks:
            seen.setdefault(m, _MARKS.get(m, m))
        dice.append(
            node(
                "li",
                {"class": " ".join(["rk-die"] + [f"rk-{_slug(m)}" for m in marks]), "title": described},
                node("span", {"class": "rk-face", "aria-hidden": "true"}, str(die.face)),
                node("span", {"class": "rk-sr"}, described),
            )
        )
    legend = node(
        "ul",
        {"class": "rk-marks", "aria-label": "What the marks mean"},
        *[node("li", {"class": f"rk-die rk-{_slug(m)} rk-mark"}, text) for m, text in seen.items()],
    )
    labels = {f.name: f.label for f in _fields(check)}
    details = [
        node("li", {}, f"{labels.get(k) or _detail_name(k)}: {detail(v)}")
        for k, v in roll.details
        if _shown(v)
    ]
    tree = node(
        "div",
        {"class": "rk-roll-view"},
        node("ol", {"class": "rk-dice", "aria-label": "Dice in the order rolled"}, *dice),
        legend if seen else None,
        node(
            "details",
            {"class": "rk-how"},
            node("summary", {}, "How it was counted"),
            node("ul", {}, *details),
            node(
                "p",
                {},
                ("With rollkit's plan for the points, t" if roll._chosen() else "T")
                + f"his outcome had a {percent(roll.probability)} chance"
                f" ({fraction(roll.probability)})."
                + (" The odds on this page assume that plan." if roll._chosen() else "")
                + (f" Seed {roll.seed}." if roll.seed is not None else ""),
            ),
        ),
    )
    return {"summary": summary(check, roll), "tree": tree, "seed": roll.seed, "faces": list(roll.faces)}


_ACRONYMS = {"tn": "TN", "dc": "DC", "sn": "SN", "mod": "MOD", "exp": "EXP", "dos": "DoS"}


def _detail_name(key: str) -> str:
    """A detail's key in the rules' words: "actor_exp" -> "Actor EXP", "tn" -> "TN"."""
    words = [_ACRONYMS.get(w, w) for w in key.replace("_", " ").split()]
    return " ".join([words[0][:1].upper() + words[0][1:], *words[1:]]) if words else key


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _shown(value: Any) -> bool:
    """Whether a detail says anything: not None, False or empty (0 is a real value)."""
    return not (value is None or value is False or (isinstance(value, (tuple, list, str)) and not value))


def hand_view(check: Any, hand: Any) -> dict[str, Any]:
    """The standard dice of a roll still open to the player's choices (critdice ``Hand``):
    each die with a button to move it down or up a point, the points left, the exact odds as
    the dice stand against rollkit's plan, and the buttons that finish the roll."""
    dice = []
    for number, (rolled, now, counts) in enumerate(zip(hand.rolled, hand.faces, hand.counts()), 1):
        moved = f"rolled {rolled}, now {now}" if now != rolled else f"shows {now}"
        said = f"Die {number} {moved}: {_MARKS.get(counts, counts)}" + (
            " and a critical die" if counts == "critical success" else ""
        )
        buttons = []
        for by, sign, verb in ((-1, "\u2212", "Lower"), (1, "+", "Raise")):
            reason = hand.why_not(number, by)
            buttons.append(
                node(
                    "button",
                    {
                        "type": "button",
                        "class": "rk-move",
                        "data-die": number,
                        "data-by": by,
                        "aria-label": f"{verb} die {number}" + (f" ({reason})" if reason else ""),
                        "title": reason or f"{verb} die {number} one point",
                        "disabled": bool(reason),
                    },
                    sign,
                )
            )
        dice.append(
            node(
                "li",
                {"class": f"rk-die rk-{_slug(counts)}" + (" rk-moved" if now != rolled else "")},
                buttons[0],
                node("span", {"class": "rk-face", "aria-hidden": "true"}, str(now)),
                buttons[1],
                node("span", {"class": "rk-sr"}, said),
                node(
                    "span",
                    {"class": "rk-was", "aria-hidden": "true"},
                    f"was {rolled}" if now != rolled else "",
                ),
            )
        )
    left = [
        f"{name} {hand.left(using)} of {owned}"
        for using, owned, name in (
            ("Legendary", hand.check._plain().legendary, "Legendary ranks"),
            ("Focus", hand.check._plain().focus, "Focus"),
        )
        if owned
    ]
    owed = hand.owed()
    planned = hand.planned()
    mine, plan = hand.outcomes(), planned.outcomes()
    tree = node(
        "div",
        {"class": "rk-roll-view rk-hand"},
        node(
            "p",
            {"class": "rk-hand-help"},
            "Spend before the critical dice: \u2212 and + move a die one point (a Legendary rank"
            " first, then Focus); a tap back on a moved die returns the point.",
        ),
        node("ol", {"class": "rk-dice", "aria-label": "Standard dice: move them with \u2212 and +"}, *dice),
        node("p", {"class": "rk-points"}, "Still to spend: " + ", ".join(left) + "."),
        node(
            "p",
            {"class": "rk-hand-odds"},
            "As the dice stand, the chance of success is "
            f"{percent(mine['success'] + mine['critical success'])}"
            f" ({fraction(mine['success'] + mine['critical success'])}). With rollkit's plan it would"
            f" be {percent(plan['success'] + plan['critical success'])}: "
            + (planned.said() or "no points spent")
            + ".",
        ),
        node(
            "div",
            {"class": "rk-finish-buttons"},
            node(
                "button",
                {"type": "button", "class": "rk-finish md-button md-button--primary", "data-spend": "chosen"},
                f"Roll the critical {'die' if owed == 1 else 'dice'}" if owed else "Total the roll",
            ),
            node(
                "button",
                {"type": "button", "class": "rk-finish md-button", "data-spend": "plan"},
                "Use rollkit's plan instead",
            ),
        ),
    )
    faces = ", ".join(map(str, hand.faces))
    base = hand.base()
    text = f"Your standard dice: {faces}; total {base} so far"
    text += f", {owed} critical {'die' if owed == 1 else 'dice'} to roll." if owed else "."
    return {"summary": text, "tree": tree, "seed": hand.seed, "faces": list(hand.rolled), "pending": True}
