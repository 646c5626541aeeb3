"""What a widget shows: the odds of a check, a roll, and a hand open to the player's choices,
each as a tree (``rollkit.web._tree``) with the sentence a reader hears first. Words come from
the check's declarations (labels, options), its ``tally`` and its system's ``WORDS``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from fractions import Fraction

from .. import _registry
from .._check import CheckBase
from .._choices import Hand
from .._dist import Distribution
from .._errors import RulesError
from .._format import fraction, percent
from .._roll import Roll
from .._said import chance_said, details_said, die_marks, die_said, summary, target_words
from .._values import values_text
from .._words import Words
from ._changed import changed_note
from ._chart import VIEWS, tally_chart
from ._tree import JSON, Child, Element, node, to_json

__all__ = [
    "HandView",
    "OddsView",
    "Origin",
    "RollView",
    "hand_view",
    "odds_view",
    "roll_view",
    "field_text",
    "summary",
    "values_text",
]


@dataclass(frozen=True)
class OddsView:
    """A check's odds as a widget shows them: its title, the values they belong to (in words),
    the tree, the exact chance of success (as text) and how the chart is read."""

    title: str
    values: str
    tree: Element
    chance: str
    view: str

    def to_json(self) -> dict[str, JSON]:
        return {
            "title": self.title,
            "values": self.values,
            "tree": to_json(self.tree),
            "chance": self.chance,
            "view": self.view,
        }


@dataclass(frozen=True)
class RollView:
    """A roll (or a hand still open to choices: ``pending``) as a widget shows it: the
    sentence (which names the ``values`` rolled with), the tree (whose ``rk-roll-stale`` line
    says ``stale`` once the reader changes a value), the seed and the faces."""

    summary: str
    tree: Element
    seed: int | None
    faces: tuple[int, ...]
    pending: bool = False
    values: str = ""
    stale: str = ""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "summary": self.summary,
            "tree": to_json(self.tree),
            "seed": self.seed,
            "faces": list(self.faces),
            "values": self.values,
        }
        if self.pending:
            out["pending"] = True
        return out

    def sentence(self) -> str:
        """The summary without the values it names (for where they are said beside it)."""
        named = f" (rolled with {self.values})."
        return (
            self.summary[: -len(named)] + "."
            if self.values and self.summary.endswith(named)
            else self.summary
        )


@dataclass(frozen=True)
class Origin:
    """Where a roll's dice came from when they were not freshly drawn: a seed the reader
    ``typed``, or a ``replay`` of an earlier roll (``at``: when that roll was made, ISO 8601,
    "" when unknown), whose seed may have been typed too. ``zone`` is the reader's offset from
    UTC in minutes, to say ``at`` in their time (None: in UTC)."""

    typed: bool = False
    replay: bool = False
    at: str = ""
    zone: int | None = None

    def when(self) -> str:
        """``at`` in words ("on 1 December 2026 at 15:18 your time"), "" when unknown."""
        try:
            moment = datetime.fromisoformat(self.at)
        except ValueError:
            return ""
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        if self.zone is None or not -24 * 60 < self.zone < 24 * 60:
            moment, where = moment.astimezone(UTC), "UTC"
        else:
            moment, where = moment.astimezone(timezone(timedelta(minutes=self.zone))), "your time"
        return f"on {moment.day} {moment:%B %Y} at {moment:%H:%M} {where}"

    def said(self, values: str, seed: int | None) -> str:
        """The roll's origin in one or two sentences; "" for a roll drawn here and now."""
        from_seed = f"seed {seed}" if seed is not None else "the dice given"  # a worked example's faces
        typed = " Its seed was typed in, not drawn at random." if self.typed else ""
        if self.replay:
            when = self.when()
            return (
                f"Replay of a roll with {values}"
                + (f" made {when}" if when else "")
                + f", from {from_seed}: the same dice, not a new roll.{typed}"
            )
        if self.typed:
            return f"Seed {seed} was typed in, not drawn at random: anyone can choose these dice again."
        return ""


HandView = RollView
"""A hand open to the player's choices is shown as a pending roll."""


# -- the words of a check ------------------------------------------------------------


def field_text(value: object) -> str:
    """A field's value as a form input (and the command line) writes it: "8:6,3:7", "true"."""
    if isinstance(value, tuple):
        return ",".join(":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


# -- odds ------------------------------------------------------------------------------


def _breakable(text: str) -> list[Child]:
    """A fraction as text that a narrow column may wrap after its slash, never inside a number."""
    head, slash, tail = text.partition("/")
    return [head + slash, node("wbr", {}), tail] if slash else [text]


def _exact(p: Fraction, what: str) -> list[Child]:
    """A fraction as shown, with a copy button for the whole value when it is shortened."""
    short = fraction(p)
    if short == str(p):
        return [node("span", {"class": "rk-exact"}, *_breakable(short))]
    return [
        node("span", {"class": "rk-exact"}, *_breakable(short)),
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


def _succeeds(check: CheckBase) -> Element | None:
    """Under the chart: which bars succeed, in words."""
    least = check.success_from()
    if least is None:
        return None
    target = target_words(check, least)
    return node(
        "p",
        {"class": "rk-succeeds"},
        node("span", {"class": "rk-key rk-key-success"}),
        f" Success: {type(check).tally.needed(least)}"
        + (f" ({target})" if target != "Success" else "")
        + (f", counting {check.success_includes()}" if check.success_includes() else "")
        + ".",
    )


def _mean(dist: Distribution, name: str) -> Element | None:
    if dist.tail or not dist.pairs or not all(isinstance(k, int) for k, _ in dist.pairs):
        return None
    mean = dist.mean()
    tallies = [(k, p) for k, p in dist.pairs if isinstance(k, int)]  # whole numbers, checked above
    variance = sum((p * (k - mean) ** 2 for k, p in tallies), Fraction(0))
    spread = math.sqrt(variance)
    return node(
        "p",
        {"class": "rk-mean"},
        f"On average {float(mean):.2f} {name}",
        f" (typically within ±{spread:.2f})." if variance else ".",
    )


def _compare(now: Fraction, before: Fraction, pinned: str) -> Element:
    """Both chances of success as numbers, and the exact difference between them."""
    change = now - before
    sign = "+" if change > 0 else "\u2212" if change < 0 else ""
    points = percent(abs(change)).removesuffix("%")
    return node(
        "p",
        {"class": "rk-compare"},
        f"Chance of success: {percent(now)} ({fraction(now)}) with these values,"
        f" {percent(before)} ({fraction(before)}) pinned ({pinned}): "
        + (
            "the same."
            if not change
            else f"a difference of {sign}{points} percentage points ({sign}{fraction(abs(change))})."
        ),
    )


def odds_view(
    check: CheckBase,
    *,
    view: str = "exactly",
    title: str = "",
    shown: tuple[str, ...] | None = None,
    pinned: CheckBase | None = None,
    earlier: str | None = None,
) -> OddsView:
    """The odds part of a widget for ``check``: chance, outcome table, mean and chart; with
    ``earlier`` (a link of an earlier build: the chance it carried, "" none), a note when the
    chance is not that any more, with both numbers."""
    if view not in VIEWS:
        raise RulesError(
            f"view={view!r} is not allowed: choose one of {', '.join(VIEWS)}",
            said=f"the chart cannot be read as {view!r}.",
        )
    chance = check.chance()
    outcomes = check.outcomes()
    dist = check.distribution()
    name = type(check).tally.many
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
    legend = compare = None
    if pin is not None and pinned is not None:
        legend = node(
            "p",
            {"class": "rk-legend"},
            node("span", {"class": "rk-key"}),
            f" {about}  ",
            node("span", {"class": "rk-key rk-key-pinned"}),
            f" pinned: {pin[0]}",
        )
        compare = _compare(chance, pinned.chance(), pin[0])
    includes = check.success_includes()
    tree = node(
        "div",
        {"class": "rk-odds-view"},
        changed_note(chance, earlier) if earlier is not None else None,
        node("p", {"class": "rk-for"}, "Odds for ", node("span", {"class": "rk-values"}, about)),
        node(
            "p",
            {"class": "rk-chance"},
            "Chance of success" + (f", counting {includes}" if includes else "") + ": ",
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
        compare,
        legend,
        node("figure", {"class": "rk-chart"}, tally_chart(check, dist, view=view, pinned=pin)),
        _succeeds(check),
    )
    return OddsView(title=title or about, values=about, tree=tree, chance=str(chance), view=view)


# -- a roll ----------------------------------------------------------------------------


def _with(sentence: str, values: str) -> str:
    """A roll's sentence naming the values it was rolled with."""
    return f"{sentence[:-1]} (rolled with {values})." if values else sentence


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _dice(roll: Roll, words: Words) -> tuple[Element, Element | None]:
    """A roll's dice in rolling order, each as it counted (a moved die shows where it ended,
    and what it was rolled as), and the legend of their marks (keys, not dice)."""
    dice = []
    seen: dict[str, str] = {}
    for die in roll.dice:
        marks = die_marks(die, words.plain_roles)
        shows, was, how = die_said(die, words)
        for m in marks:
            seen.setdefault(m, words.mark(m))
        dice.append(
            node(
                "li",
                {
                    "class": "rk-die",
                    "data-marks": " ".join(_slug(m) for m in marks),
                    "title": f"d{die.sides} showing {shows}{was}: {how}",
                },
                node("span", {"class": "rk-face"}, str(shows)),
                node("span", {"class": "rk-was", "aria-hidden": "true"}, f"was {die.face}") if was else None,
                node("span", {"class": "rk-sr"}, f" on a d{die.sides}{was}: {how}"),
            )
        )
    legend = node(
        "ul",
        {"class": "rk-marks", "aria-label": "What the marks mean"},
        *[
            node(
                "li",
                {"class": "rk-mark"},
                node("span", {"class": "rk-mark-sample", "data-marks": _slug(m), "aria-hidden": "true"}),
                text,
            )
            for m, text in seen.items()
        ],
    )
    return node("ol", {"class": "rk-dice", "aria-label": "Dice in the order rolled"}, *dice), (
        legend if seen else None
    )


def _stale(values: str) -> str:
    """What a roll on screen says once the reader has changed a value."""
    return f"Rolled with {values}: the values above have changed since."


def _notes(values: str, stale: str, origin: Origin | None, seed: int | None) -> list[Child | None]:
    """Above a roll's dice: where they came from (when not drawn here and now), and the line
    the page shows once the values change (``stale``)."""
    said = (origin or Origin()).said(values, seed)
    return [
        node("p", {"class": "rk-origin"}, said) if said else None,
        node("p", {"class": "rk-roll-stale", "hidden": True}, stale),
    ]


def roll_view(
    check: CheckBase, roll: Roll, *, shown: tuple[str, ...] | None = None, origin: Origin | None = None
) -> RollView:
    """A roll as a summary sentence naming the values it was rolled with (the ``shown`` ones
    too), a strip of dice with their roles, folded details, and where its dice came from when
    they were not drawn here and now (``origin``: typed, or a replay)."""
    words = _registry.words(check.system)
    values = values_text(check, shown=shown)
    strip, legend = _dice(roll, words)
    details = [node("li", {}, line) for line in details_said(check, roll)]
    stale = _stale(values)
    tree = node(
        "div",
        {"class": "rk-roll-view"},
        *_notes(values, stale, origin, roll.seed),
        strip,
        legend,
        node(
            "details",
            {"class": "rk-how"},
            node("summary", {}, "How it was counted"),
            node("ul", {}, *details),
            node(
                "p",
                {},
                chance_said(check, roll) + (f" Seed {roll.seed}." if roll.seed is not None else ""),
            ),
        ),
    )
    return RollView(
        summary=_with(summary(check, roll), values),
        tree=tree,
        seed=roll.seed,
        faces=roll.faces,
        values=values,
        stale=stale,
    )


def hand_view(
    check: CheckBase, hand: Hand, *, shown: tuple[str, ...] | None = None, origin: Origin | None = None
) -> RollView:
    """The dice of a roll still open to the player's choices and the buttons that finish it
    (``hand.offers``). Where dice move a point at a time, each die has a button to move it down
    or up, with what is left to spend and the exact odds as the dice stand against rollkit's
    plan; otherwise the dice are shown as they count (a Trait miss: pay its Chance or keep it)."""
    words = _registry.words(check.system)
    values = values_text(check, shown=shown)
    stale = _stale(values)
    finish = node(
        "div",
        {"class": "rk-finish-buttons"},
        *[
            node(
                "button",
                {
                    "type": "button",
                    "class": "rk-finish md-button" + (" md-button--primary" if offer.primary else ""),
                    "data-spend": offer.spend,
                },
                offer.label,
            )
            for offer in hand.offers()
        ],
    )
    if hand.moves():
        body = _moving(hand, words)
    else:
        strip, legend = _dice(hand.planned().finish(), words)
        body = [node("p", {"class": "rk-hand-help"}, hand.help()), strip, legend]
    tree = node(
        "div",
        {"class": "rk-roll-view rk-hand"},
        *_notes(values, stale, origin, hand.seed),
        *body,
        finish,
    )
    return RollView(
        summary=_with(hand.summary(), values),
        tree=tree,
        seed=hand.seed,
        faces=hand.rolled,
        pending=True,
        values=values,
        stale=stale,
    )


def _moving(hand: Hand, words: Words) -> list[Child | None]:
    """A hand whose dice move a point at a time: each die between its buttons, what is left to
    spend and the odds as the dice stand."""
    dice = []
    for number, (rolled, now, counts) in enumerate(zip(hand.rolled, hand.faces, hand.counts()), 1):
        said = f"Die {number} {hand.was(number)}: {words.mark(counts)}" + (
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
                {"class": "rk-die" + (" rk-moved" if now != rolled else ""), "data-marks": _slug(counts)},
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
    planned = hand.planned()
    mine, plan = hand.chance(), planned.chance()
    return [
        node("p", {"class": "rk-hand-help"}, hand.help()),
        node("ol", {"class": "rk-dice", "aria-label": "Standard dice: move them with \u2212 and +"}, *dice),
        node("p", {"class": "rk-points"}, "Still to spend: " + hand.to_spend() + "."),
        node(
            "p",
            {"class": "rk-hand-odds"},
            f"As the dice stand, the chance of success is {percent(mine)} ({fraction(mine)})."
            f" With rollkit's plan it would be {percent(plan)}: "
            + (planned.said() or "no points spent")
            + ".",
        ),
    ]
