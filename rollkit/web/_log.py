"""What the roll log keeps of one roll, in the rules' words: rendered once, here.

The page keeps the entries in the reader's browser (``docs/assets/rollkit/log.mjs``) and shows
them without Python, so an entry carries everything it is shown and exported as: the tree the
log shows, one line of chat text, and the row its Markdown and CSV exports write.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .. import _registry
from .._check import CheckBase
from .._choices import Choosing
from .._errors import RulesError
from .._fields import fields
from .._format import fraction, probability_json
from .._format import percent as _percent
from .._roll import Roll
from .._validate import describe
from ._tree import JSON, Child, Element, node, to_json
from ._views import RollView, field_text, roll_view, values_text

__all__ = ["LogContext", "LogEntry", "log_context", "log_entry"]

percent = lru_cache(maxsize=16)(_percent)
"""An entry shows each of its chances several times (tree, chat line, row): worked out once."""

_CHAT_PLAIN = str.maketrans({"*": "×", "_": " ", "~": "-", "`": "'", "|": "/", "\\": "/"})
"""What chat programs would read as markup anywhere in a line (Discord's Markdown), written
plainly; a chat line starts with the system's name, so nothing marks up its start."""


@dataclass(frozen=True)
class LogContext:
    """What a widget says about a roll besides its values: the page's ``title`` for its
    ``initial`` values (and the ``shown`` fields), that the reader ``typed`` the seed, that it
    ``replay``\\s a roll (the page's words for when that roll was made, "" when unknown), and
    ``character``, the name of whom the roll was made for ("" when none)."""

    title: str = ""
    initial: Mapping[str, JSON] | None = None
    shown: tuple[str, ...] | None = None
    typed: bool = False
    replay: str | None = None
    character: str = ""


def _text(value: JSON, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RulesError(
            f"log.{name}={describe(value)} is not allowed: expected text", said=f"{name} is not text."
        )
    return value


def log_context(value: JSON) -> LogContext:
    """A roll request's ``log`` object read (None: nothing said); a ``RulesError`` otherwise."""
    if value is None:
        return LogContext()
    if not isinstance(value, dict):
        raise RulesError(
            f"log={describe(value)} is not allowed: expected an object",
            said="the roll's log details are not a set of values.",
        )
    initial, shown = value.get("initial"), value.get("shown")
    return LogContext(
        title=_text(value.get("title"), "title"),
        initial=initial if isinstance(initial, dict) else None,
        shown=tuple(s for s in shown if isinstance(s, str)) if isinstance(shown, list) else None,
        typed=value.get("typed") is True,
        replay=None if value.get("replay") is None else _text(value.get("replay"), "replay"),
        character=_text(value.get("character"), "character").strip(),
    )


_PLAN = "rollkit's plan"


@dataclass(frozen=True)
class LogEntry:
    """One roll as the log keeps it: the check (``kind``, its ``system`` and the page's ``title``
    in words, its ``values``), the ``dice`` as the widget says them, the ``summary`` sentence, the
    exact ``chance`` of its ``outcome`` and ``at_least`` (of it or a better one, outcomes going
    worst to best; ``planned`` when the player chose and these are rollkit's plan's), the seed
    (``typed`` by the reader or drawn), what it replays and whom it was for, and the replay data:
    ``params`` (as the form writes them) and ``spend`` (the player's written choices)."""

    kind: str
    system: str
    title: str
    values: str
    summary: str
    outcome: str
    success: bool
    dice: tuple[str, ...]
    roles: tuple[tuple[str, tuple[int, ...]], ...]
    faces: tuple[int, ...]
    chance: Fraction
    at_least: Fraction
    planned: bool = False
    reckoned: str = ""
    seed: int | None = None
    typed: bool = False
    replay: str | None = None
    character: str = ""
    params: Mapping[str, str] = field(default_factory=dict)
    spend: str | None = None
    strip: tuple[Element, ...] = ()

    def check_words(self) -> str:
        """The check as the log names it: "Hits: Five dice at 7+ against TN 3"."""
        return f"{self.system}: {self.title}" if self.title else self.system

    def _chances(self, *, whole: bool) -> tuple[str, str]:
        """Both chances as "31.25% (5/16)" (the fraction whole or as the site shortens it), a
        certain or impossible one as "100%" or "0%" alone."""

        def said(p: Fraction) -> str:
            return percent(p) if p in (0, 1) else f"{percent(p)} ({str(p) if whole else fraction(p)})"

        return said(self.chance), said(self.at_least)

    def _plan(self) -> str:
        """What the chances were reckoned with when the player chose after the dice."""
        return self.reckoned or _PLAN

    def _replayed(self) -> str:
        return f"Replay of a roll from {self.replay}" if self.replay else "Replay of a shared roll"

    def _seed(self) -> str:
        return "" if self.seed is None else f"{self.seed}" + (", typed by the roller" if self.typed else "")

    def chat(self) -> str:
        """One line to paste into a group's chat (no Markdown a chat program would read): the
        check, whom for, the result, the dice and the chance."""
        dice = "; ".join(
            f"{role} ({', '.join(map(str, faces))})" if role else ", ".join(map(str, faces))
            for role, faces in self.roles
        )
        text = (
            self.system
            + (f" ({self.values})" if self.values else "")
            + (f" for {self.character}" if self.character else "")
            + f": {self.summary} Dice: {dice or 'none'}."
            + f" Chance {percent(self.chance)}, this or better {percent(self.at_least)}"
            + (f" with {self._plan()}." if self.planned else ".")
            + (f" Seed {self.seed} typed." if self.typed and self.seed is not None else "")
            + (f" {self._replayed()}." if self.replay is not None else "")
        )
        return " ".join(text.translate(_CHAT_PLAIN).split())

    def row(self) -> tuple[tuple[str, str], ...]:
        """The entry as the exports' columns (heading, text), the exact chances written whole."""
        this, better = self._chances(whole=True)
        return (
            ("Check", self.check_words()),
            ("Values", self.values),
            ("Character", self.character),
            ("Result", self.summary),
            ("Dice", "; ".join(self.dice)),
            ("Chance of this outcome", this + (f", with {self._plan()}" if self.planned else "")),
            ("Chance of this or better", better),
            ("Seed", self._seed()),
            ("Replay of", (self.replay or "a shared roll") if self.replay is not None else ""),
        )

    def tree(self) -> Element:
        """What the log shows of the roll (the page adds when, the replay link and the buttons)."""
        this, better = self._chances(whole=False)
        seed = self._seed()
        children: list[Child | None] = [
            node(
                "p",
                {"class": "rk-log-check"},
                node("strong", {}, self.system),
                f": {self.title}" if self.title else "",
            ),
            node("p", {"class": "rk-log-values"}, self.values) if self.values else None,
            node("p", {"class": "rk-log-for"}, f"For {self.character}") if self.character else None,
            node("p", {"class": "rk-log-replayed"}, self._replayed() + ".")
            if self.replay is not None
            else None,
            node(
                "p",
                {"class": "rk-log-summary " + ("rk-success" if self.success else "rk-failure")},
                self.summary,
            ),
            *self.strip,
            node(
                "p",
                {"class": "rk-log-chance"},
                (f"With {self.reckoned or _PLAN + ' for the points'}, the c" if self.planned else "C")
                + f"hance of {self.outcome}: {this}; of this or better: {better}.",
            ),
            node("p", {"class": "rk-log-seed"}, f"Seed {seed}.") if seed else None,
        ]
        return node("div", {"class": "rk-log-what"}, *children)

    def to_json(self) -> dict[str, JSON]:
        """The entry as the page keeps it: the facts, the replay data, the chat line, the
        exports' row and the tree it shows."""
        return {
            "kind": self.kind,
            "system": self.system,
            "title": self.title,
            "check": self.check_words(),
            "values": self.values,
            "character": self.character,
            "summary": self.summary,
            "outcome": self.outcome,
            "success": self.success,
            "dice": list(self.dice),
            "faces": list(self.faces),
            "chance": _probability(self.chance),
            "at_least": _probability(self.at_least),
            "planned": self.planned,
            "seed": self.seed,
            "typed": self.typed,
            "replay": self.replay,
            "replays": {
                "check": self.kind,
                "params": dict(self.params),
                "seed": self.seed,
                "spend": self.spend,
            },
            "chat": self.chat(),
            "row": [[heading, text] for heading, text in self.row()],
            "tree": to_json(self.tree()),
        }


def _probability(p: Fraction) -> dict[str, JSON]:
    return {k: v for k, v in probability_json(p).items() if isinstance(v, (str, float))}


def _roles(check: CheckBase, roll: Roll) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The faces in order, in runs of one role; the ordinary pool's role goes unsaid."""
    words = _registry.words(check.system)
    runs: list[tuple[str, list[int]]] = []
    for die in roll.dice:
        role = "" if die.role in words.plain_roles else words.mark(die.role)
        if runs and runs[-1][0] == role:
            runs[-1][1].append(die.face)
        else:
            runs.append((role, [die.face]))
    return tuple((role, tuple(faces)) for role, faces in runs)


def _strip(view: RollView) -> tuple[tuple[Element, ...], tuple[str, ...]]:
    """The roll view's strip of dice (and the key to its marks), and each die as it says it."""
    strip = tuple(
        e for e in view.tree.children if isinstance(e, Element) and e.attr("class") in ("rk-dice", "rk-marks")
    )
    said = tuple(
        "".join(
            part.text()
            for part in die.children
            if isinstance(part, Element) and part.attr("class") in ("rk-face", "rk-sr")
        )
        for die in (strip[0].children if strip else ())
        if isinstance(die, Element)
    )
    return strip, said


def log_entry(
    kind: str,
    check: CheckBase,
    roll: Roll,
    *,
    context: LogContext | None = None,
    title: str = "",
    spend: str | None = None,
    view: RollView | None = None,
) -> LogEntry:
    """The log's entry for ``roll`` of ``check`` (kind ``kind``): ``title`` is the page's for
    these values ("" when they are not its own), ``spend`` the player's written choices."""
    context = context or LogContext()
    outcomes = list(
        (check.reckoned_outcomes(roll) if isinstance(check, Choosing) else check.outcomes()).items()
    )
    names = [name for name, _ in outcomes]
    if roll.outcome not in names:
        raise ValueError(f"the roll's outcome {roll.outcome!r} is not one of {kind}'s outcomes")
    at_least = sum((p for _, p in outcomes[names.index(roll.outcome) :]), Fraction(0))
    view = view or roll_view(check, roll)
    strip, said = _strip(view)
    return LogEntry(
        kind=kind,
        system=_registry.words(check.system).name,
        title=title,
        values=values_text(check, shown=context.shown),
        summary=view.sentence(),
        outcome=roll.outcome,
        success=roll.success,
        dice=said,
        roles=_roles(check, roll),
        faces=roll.faces,
        chance=roll.probability,
        at_least=at_least,
        planned=roll.chosen,
        reckoned=roll.reckoned,
        seed=roll.seed,
        typed=context.typed,
        replay=context.replay,
        character=context.character,
        params={f.name: field_text(getattr(check, f.name)) for f in fields(type(check))},
        spend=spend,
        strip=strip,
    )
