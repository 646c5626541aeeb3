"""What a widget shows: the odds of a check, a roll, and a hand open to the player's choices,
each as a tree (``rollkit.web._tree``) with the sentence a reader hears first. Words come from
the check's declarations (labels, options), its ``tally`` and its system's ``WORDS``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .. import _registry
from .._check import CheckBase
from .._choices import Hand
from .._dist import Distribution
from .._errors import RulesError
from .._fields import Field, fields
from .._format import detail, fraction, percent
from .._roll import Die, Roll
from ._chart import VIEWS, tally_chart, target_words
from ._tree import JSON, Child, Element, node, to_json

__all__ = [
    "HandView",
    "OddsView",
    "RollView",
    "hand_view",
    "odds_view",
    "roll_view",
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
    """A roll (or a hand still open to choices: ``pending``) as a widget shows it."""

    summary: str
    tree: Element
    seed: int | None
    faces: tuple[int, ...]
    pending: bool = False

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "summary": self.summary,
            "tree": to_json(self.tree),
            "seed": self.seed,
            "faces": list(self.faces),
        }
        if self.pending:
            out["pending"] = True
        return out


HandView = RollView
"""A hand open to the player's choices is shown as a pending roll."""


# -- the words of a check ------------------------------------------------------------


def _value_text(field: Field, value: object) -> str:
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


def values_text(check: CheckBase, *, shown: tuple[str, ...] | None = None) -> str:
    """The values a result belongs to, in the rules' words: "Dice Pool 5, Threshold 7+ ...".

    Required values, values off their default and the ``shown`` ones are named.
    """
    parts = []
    for field in fields(type(check)):
        value = getattr(check, field.name)
        if not (field.required or value != field.default or (shown and field.name in shown)):
            continue
        label = field.label.replace(" (x+)", "").replace(" (x-again)", "")
        parts.append(f"{label} {_value_text(field, value)}")
    return ", ".join(parts)


# -- odds ------------------------------------------------------------------------------


def _exact(p: Fraction, what: str) -> list[Child]:
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


def odds_view(
    check: CheckBase,
    *,
    view: str = "exactly",
    title: str = "",
    shown: tuple[str, ...] | None = None,
    pinned: CheckBase | None = None,
) -> OddsView:
    """The odds part of a widget for ``check``: chance, outcome table, mean and chart."""
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
    includes = check.success_includes()
    tree = node(
        "div",
        {"class": "rk-odds-view"},
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
        legend,
        node("figure", {"class": "rk-chart"}, tally_chart(check, dist, view=view, pinned=pin)),
        _succeeds(check),
    )
    return OddsView(title=title or about, values=about, tree=tree, chance=str(chance), view=view)


# -- a roll ----------------------------------------------------------------------------


def summary(check: CheckBase, roll: Roll) -> str:
    """One sentence in the rules' words: what happened and, on a failure, what was needed."""
    verdict = "Success" if roll.success else "Failure"
    tally = type(check).tally
    least = check.success_from()
    target = target_words(check, least) if least is not None else "Success"
    text = f"{verdict}: {tally.said(roll.tally)}" + (f" against {target}" if target != "Success" else "")
    said = roll.outcome.lower()
    if said not in (verdict.lower(), "pass", "fail") and said not in text.lower():  # no "effect dice, effect"
        text += f", {roll.outcome}"
    if not roll.success and least is not None and roll.tally < least:
        text += f"; {tally.needed(least) if tally.score else tally.said(least)} needed"
    return text + "."


def _marks(die: Die, plain: frozenset[str]) -> list[str]:
    """How a die counted, then what else it did: made another die roll, its role."""
    marks = [die.counts]
    if die.explodes:
        marks.append("explodes")
    if die.role not in plain:
        marks.append(die.role)
    return marks


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _shown(value: object) -> bool:
    """Whether a detail says anything: not None, False or empty (0 is a real value)."""
    return not (value is None or value is False or (isinstance(value, (tuple, list, str)) and not value))


def roll_view(check: CheckBase, roll: Roll) -> RollView:
    """A roll as a summary sentence, a strip of dice with their roles, and folded details."""
    words = _registry.words(check.system)
    dice = []
    seen: dict[str, str] = {}
    for die in roll.dice:
        marks = _marks(die, words.plain_roles)
        described = (
            f"d{die.sides} showing {die.face}: "
            + ", ".join(words.mark(m) for m in marks)
            + (f" ({die.note})" if die.note else "")
        )
        for m in marks:
            seen.setdefault(m, words.mark(m))
        dice.append(
            node(
                "li",
                {"class": "rk-die", "data-marks": " ".join(_slug(m) for m in marks), "title": described},
                node("span", {"class": "rk-face", "aria-hidden": "true"}, str(die.face)),
                node("span", {"class": "rk-sr"}, described),
            )
        )
    legend = node(
        "ul",
        {"class": "rk-marks", "aria-label": "What the marks mean"},
        *[node("li", {"class": "rk-die rk-mark", "data-marks": _slug(m)}, text) for m, text in seen.items()],
    )
    labels = {f.name: f.label for f in fields(type(check))}
    details = [
        node("li", {}, f"{labels.get(k) or words.detail(k)}: {detail(v)}")
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
                ("With rollkit's plan for the points, t" if roll.chosen else "T")
                + f"his outcome had a {percent(roll.probability)} chance"
                f" ({fraction(roll.probability)})."
                + (" The odds on this page assume that plan." if roll.chosen else "")
                + (f" Seed {roll.seed}." if roll.seed is not None else ""),
            ),
        ),
    )
    return RollView(summary=summary(check, roll), tree=tree, seed=roll.seed, faces=roll.faces)


def hand_view(check: CheckBase, hand: Hand) -> RollView:
    """The dice of a roll still open to the player's choices: each die with a button to move
    it down or up a point, what is left to spend, the exact odds as the dice stand against
    rollkit's plan, and the buttons that finish the roll."""
    words = _registry.words(check.system)
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
    tree = node(
        "div",
        {"class": "rk-roll-view rk-hand"},
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
        node(
            "div",
            {"class": "rk-finish-buttons"},
            node(
                "button",
                {"type": "button", "class": "rk-finish md-button md-button--primary", "data-spend": "chosen"},
                hand.next_step(),
            ),
            node(
                "button",
                {"type": "button", "class": "rk-finish md-button", "data-spend": "plan"},
                "Use rollkit's plan instead",
            ),
        ),
    )
    return RollView(summary=hand.summary(), tree=tree, seed=hand.seed, faces=hand.rolled, pending=True)
