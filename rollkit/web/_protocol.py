"""The widgets' request protocol: what the page's worker asks and what rollkit answers.

A request is JSON text; ``request(message)`` reads it into an ``OddsRequest`` or a
``RollRequest``, answers it and writes the answer as JSON text:

- ``{"op": "odds", "check": name, "params": {...}, "view": ..., "title": ..., "initial": {...},
  "shown": [...], "pinned": {...}, "earlier": "13/24"}`` gives the odds view and its Python
  (``earlier``: the chance a link made on an earlier build carried, said when it changed);
- ``{"op": "need", "check": name, "params": {...}, "vary": field, "chance": "75%", "at":
  "least" | "most"}`` gives what value of a field gives that chance (``rollkit.web._need``);
- ``{"op": "roll", "check": name, "params": {...}, "seed": n, "choose": true, "spend": ...,
  "move": {"die": n, "by": 1 | -1}, "finish": true, "shown": [...], "typed": true,
  "replay": {"at": iso}, "zone": minutes, "log": {...}, "character": name, "faces": "9, 2, 7"}`` gives a
  roll (from ``faces`` when given: the dice of a worked example, replayed; or, where the player
  chooses after the dice, the hand so far): ``typed`` says the reader typed the seed, ``replay``
  that this is an earlier roll replayed (from a link), made ``at``; the answer carries both,
  and ``at``; a finished roll comes with its roll log entry (``log`` says what the widget knows
  besides the values: ``rollkit.web.LogContext``), naming the character it was rolled for;
- ``{"op": "against", "check": name, "params": {...}, "vary": field, "from": n, "to": n,
  "step": n, "lines": field, "values": "6, 7, 8", "measure": "at-least", "tally": n}`` gives
  the chance against a field (an empty setting takes its default; errors name a setting as
  ``against.from`` ...);
- ``{"op": "sheet", "character": {...} | "link": text | "file": {...}, "check": name, "pick":
  {...}, "save": {...}, "widget": id}`` checks characters and, for a check kind, gives its
  fields from the character's sheet with the entries picked (edits ``save``d to the sheet first);

as ``{"ok": true, "result": {...}}``; the reader's mistake as ``{"ok": false, "error": words,
"field": name, "item": i, "part": j}`` (the field as data, the words the rules'); anything
else is a bug in rollkit, said as one: ``{"ok": false, "internal": true, "error": ...,
"detail": traceback}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeAlias

from .. import _registry
from .._check import CheckBase
from .._choices import Choosing
from .._errors import RulesError
from .._fields import Field, Param, fields
from .._params import build, convert, python_call
from .._validate import describe
from ._log import LogContext, LogEntry, log_context, log_entry
from ._refusal import in_words
from ._tree import JSON
from ._views import OddsView, Origin, RollView, hand_view, odds_view, roll_view

if TYPE_CHECKING:  # the modules of the other requests load with their first request: LATER
    from .._sheet import Character
    from ._against import AgainstView
    from ._need import NeedAnswer, NeedRequest
    from ._run import RunAnswer, RunRequest
    from ._sheet import FillView

__all__ = [
    "AgainstAnswer",
    "AgainstRequest",
    "Failure",
    "Move",
    "OddsAnswer",
    "OddsRequest",
    "RollAnswer",
    "RollRequest",
    "SheetAnswer",
    "SheetRequest",
    "answer",
    "for_players",
    "read",
    "request",
    "LATER",
]

LATER = (
    "rollkit._sheet",
    "rollkit.web._against",
    "rollkit.web._need",
    "rollkit.web._run",
    "rollkit.web._sheet",
    "traceback",
)
"""What only the rarer requests (a chance against a field, "what do I need?", a run, a
character) import, and a bug's report: imported on first use, so that the worker is ready
sooner; the worker imports them in the background while the reader is idle."""


@dataclass(frozen=True)
class OddsRequest:
    """The odds of ``check`` (a kind's name) with ``params``, read ``view``-wise; ``title`` is the
    page's own while the values are ``initial``; ``pinned`` values are drawn beside them;
    ``earlier`` is the chance of success a link made on an earlier build carried ("" none)."""

    check: str
    params: Mapping[str, JSON]
    view: str = "exactly"
    title: str = ""
    initial: Mapping[str, JSON] | None = None
    shown: tuple[str, ...] | None = None
    pinned: Mapping[str, JSON] | None = None
    earlier: str | None = None


@dataclass(frozen=True)
class Move:
    """One point on one die of a hand: ``die`` from 1, ``by`` +1 or -1."""

    die: int
    by: int


@dataclass(frozen=True)
class RollRequest:
    """A roll of ``check`` with ``params``: from ``seed`` (text or a number; None draws one).

    Where the player chooses after the dice (``Choosing`` checks) and ``choose`` is set, the
    hand comes back first with the choices so far (``spend``, as written) and one more
    ``move``; ``finish`` rolls on with ``spend``, and ``spend="plan"`` lets rollkit's plan
    choose. ``shown`` are the fields the widget shows (its sentence names them); ``origin``
    says whether the reader typed the seed and whether this replays an earlier roll; ``log``
    is what the roll log keeps besides the values; ``faces`` are the dice to replay instead of
    a seed's (a worked example's Replay)."""

    check: str
    params: Mapping[str, JSON]
    seed: str | int | None = None
    choose: bool = False
    spend: str | None = None
    move: Move | None = None
    finish: bool = False
    shown: tuple[str, ...] | None = None
    origin: Origin = field(default_factory=Origin)
    log: LogContext = field(default_factory=LogContext)
    character: str | None = None
    faces: tuple[int, ...] | None = None


@dataclass(frozen=True)
class AgainstRequest:
    """The chance against a field for ``check`` with ``params``: field ``vary`` from ``start`` to
    ``stop`` by ``step``, one line per value of field ``lines`` (``values`` as typed: "6, 7, 8"),
    the chance of ``measure`` (``tally``); an empty setting takes its default."""

    check: str
    params: Mapping[str, JSON]
    vary: str
    start: str | int | None = None
    stop: str | int | None = None
    step: str | int | None = None
    lines: str = ""
    values: str = ""
    measure: str = "success"
    tally: str | int | None = None
    shown: tuple[str, ...] | None = None


@dataclass(frozen=True)
class SheetRequest:
    """Characters checked: one (``character``, its JSON; or ``link``, its link form) or an
    exported ``file``'s. With ``check``, that kind's fields from the character's sheet and the
    entries ``pick``ed, for the widget ``widget``; ``save`` writes the reader's edits of those
    fields (by field, as the form writes them) to the sheet first."""

    character: Mapping[str, JSON] | None = None
    link: str | None = None
    file: JSON = None
    check: str | None = None
    pick: Mapping[str, JSON] | None = None
    save: Mapping[str, JSON] | None = None
    widget: str = "rk"


Request: TypeAlias = "OddsRequest | RollRequest | AgainstRequest | SheetRequest | NeedRequest | RunRequest"


@dataclass(frozen=True)
class OddsAnswer:
    view: OddsView
    python: str

    def to_json(self) -> dict[str, JSON]:
        return {"view": self.view.to_json(), "python": self.python}


@dataclass(frozen=True)
class RollAnswer:
    """A roll (``roll`` is ``Roll.to_json``, None while the hand is open, ``log``
    its roll log entry) or a hand; ``typed``
    says its seed was typed by the reader, ``replay`` that it replays an earlier roll, ``at``
    when the roll was made (ISO 8601 in UTC: now, or the replayed roll's time; "" unknown);
    ``faces`` the dice it was given, if any (``given`` in JSON, kept by the widget for its choices)."""

    view: RollView
    seed: int | None
    spend: str | None = None
    python: str = ""
    roll: Mapping[str, JSON] = field(default_factory=dict)
    typed: bool = False
    replay: bool = False
    at: str = ""
    log: LogEntry | None = None
    character: str | None = None
    faces: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = dict(self.roll)
        out["view"] = self.view.to_json()
        out["seed"] = self.seed
        out["typed"] = self.typed
        out["replay"] = self.replay
        out["at"] = self.at
        if self.python:
            out["python"] = self.python
        if self.character is not None:
            out["character"] = self.character
        if self.spend is not None:
            out["spend"] = self.spend
        if self.faces is not None:
            out["given"] = list(self.faces)
        if self.view.pending:
            out["pending"] = True
        if self.log is not None:
            out["log"] = self.log.to_json()
        return out


@dataclass(frozen=True)
class AgainstAnswer:
    view: AgainstView

    def to_json(self) -> dict[str, JSON]:
        return {"view": self.view.to_json()}


@dataclass(frozen=True)
class SheetAnswer:
    """The characters, checked (as the page keeps them: JSON, link form, system's title), and
    a check kind's fields from the first one's sheet when one was asked for."""

    characters: tuple[Character, ...]
    fill: FillView | None = None

    def to_json(self) -> dict[str, JSON]:
        from ._sheet import characters_json

        out: dict[str, JSON] = {"characters": characters_json(self.characters)}
        if self.fill is not None:
            out["fill"] = self.fill.to_json()
        return out


@dataclass(frozen=True)
class Failure:
    """The reader's mistake (``internal`` False), in the rules' words, with the field it is about
    as data; or a bug in rollkit (``internal`` True), with its traceback as ``detail``."""

    error: str
    field: str | None = None
    item: int | None = None
    part: int | None = None
    internal: bool = False
    detail: str = ""

    def to_json(self) -> dict[str, JSON]:
        if self.internal:
            return {"ok": False, "internal": True, "error": self.error, "detail": self.detail}
        out: dict[str, JSON] = {"ok": False, "error": self.error, "field": self.field}
        if self.item is not None:
            out.update(item=self.item, part=self.part)
        return out


_SEED = Field("seed", int, False, None, Param("Seed", low=0))
"""The seed of a widget's roll, read like any whole-number field."""

_OPS = ("odds", "roll", "against", "sheet", "need", "run")
"""What a request can ask for (its ``op``)."""


def _mapping(name: str, value: object) -> Mapping[str, JSON] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise RulesError(
            f"{name}={describe(value)} is not allowed: expected an object",
            said=f"{name} is not a set of values.",
        )
    return value


def _text(name: str, value: object, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise RulesError(
            f"{name}={describe(value)} is not allowed: expected text", said=f"{name} is not text."
        )
    return value


def read(message: str) -> Request:
    """The request ``message`` (JSON text) says, checked; a ``RulesError`` for anything else."""
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        raise RulesError("the request is not valid JSON", said="the request is not valid JSON.") from None
    if not isinstance(data, dict):
        raise RulesError("request must be a JSON object", said="the request is not a JSON object.")
    op = data.get("op")
    if op not in _OPS:
        raise RulesError(
            f"op={describe(op)} is not allowed: use odds, roll, against, sheet, need or run",
            said="the request asks for neither odds, a roll, a chance against a field, a character, what you need nor a run.",
        )
    if op == "run":
        from ._run import read_run

        return read_run(data)
    if op == "sheet":
        return _sheet_request(data)
    check = data.get("check")
    _registry.find(check)
    assert isinstance(check, str)
    params = _mapping("params", data.get("params", {})) or {}
    if op == "against":
        return _read_against(check, params, data)
    if op == "need":
        from ._need import read_need

        return read_need(data, check, params)
    if op == "odds":
        view = _text("view", data.get("view"), "exactly")
        return OddsRequest(
            check=check,
            params=params,
            view=view,
            title=_text("title", data.get("title")),
            initial=_mapping("initial", data.get("initial")),
            shown=_shown(data.get("shown")),
            pinned=_mapping("pinned", data.get("pinned")),
            earlier=_text("earlier", data.get("earlier")) if data.get("earlier") is not None else None,
        )
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RulesError(
            f"seed={describe(seed)} is not allowed: expected a whole number",
            field="seed",
            said=f"{describe(seed)} is not a whole number.",
        )
    spend = data.get("spend")
    if spend is not None and not isinstance(spend, str):
        raise RulesError(
            f"spend={describe(spend)} is not allowed: expected written adjustments or 'plan'",
            said="the choices after the dice are not written as text.",
        )
    move = data.get("move")
    moved = None
    if isinstance(move, dict):
        die, by = move.get("die"), move.get("by")
        if isinstance(die, bool) or not isinstance(die, int) or by not in (1, -1) or isinstance(by, bool):
            raise RulesError(
                f"move={describe(move)} is not allowed: a move is a die and +1 or -1",
                said="that move is not a die and +1 or -1.",
            )
        moved = Move(die=die, by=int(by))
    replay = _mapping("replay", data.get("replay"))
    zone = data.get("zone")
    origin = Origin(
        typed=data.get("typed") is True,
        replay=replay is not None,
        at=_text("replay at", (replay or {}).get("at")),
        zone=zone if isinstance(zone, int) and not isinstance(zone, bool) else None,
    )
    return RollRequest(
        check=check,
        params=params,
        seed=seed,
        choose=data.get("choose") is True,
        spend=spend,
        move=moved,
        finish=bool(data.get("finish")),
        shown=_shown(data.get("shown")),
        origin=origin,
        log=log_context(data.get("log")),
        character=_text("character", data.get("character")) or None,
        faces=_faces(data.get("faces")),
    )


def _faces(value: object) -> tuple[int, ...] | None:
    """The faces a worked example's Replay gives (``"9, 2, 7"`` or a list), read as whole numbers."""
    if value is None:
        return None
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else [value]
    try:
        faces = tuple(int(item.strip()) if isinstance(item, str) else _whole(item) for item in items)
    except (TypeError, ValueError):
        faces = ()
    if not faces:
        raise RulesError(
            f"faces={describe(value)} is not allowed: expected the faces as whole numbers, 9, 2, 7",
            said="the dice to replay are not whole numbers.",
        )
    return faces


def _whole(item: object) -> int:
    if isinstance(item, bool) or not isinstance(item, int):
        raise TypeError(item)
    return item


def _sheet_request(data: Mapping[str, JSON]) -> SheetRequest:
    check = data.get("check")
    if check is not None:
        _registry.find(check)
        assert isinstance(check, str)
    given = [k for k in ("character", "link", "file") if data.get(k) is not None]
    if len(given) != 1:
        raise RulesError(
            "a sheet request gives one of character, link or file",
            said="the request gives no character (or more than one way of giving it).",
        )
    if check is not None and given[0] == "file":
        raise RulesError("a file's characters fill no check", said="a file's characters fill no check.")
    link = data.get("link")
    return SheetRequest(
        character=_mapping("character", data.get("character")),
        link=_text("link", link) if link is not None else None,
        file=data.get("file"),
        check=check,
        pick=_mapping("pick", data.get("pick")),
        save=_mapping("save", data.get("save")),
        widget=_text("widget", data.get("widget"), "rk"),
    )


def _shown(value: object) -> tuple[str, ...] | None:
    """The fields a widget shows, when given as a list of names."""
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return tuple(value)
    return None


def _title(kind: str, check: CheckBase, title: str, initial: Mapping[str, JSON] | None) -> str:
    """The page's ``title`` while ``check`` has the page's ``initial`` values, else ""."""
    if initial is None or not title:
        return ""
    try:
        return title if build(kind, initial) == check else ""
    except RulesError:
        return ""


def _setting(data: Mapping[str, object], key: str) -> str | int | None:
    value = data.get(key)
    if value is None or isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise RulesError(
        f"{key}={describe(value)} is not allowed: expected a whole number",
        field=f"against.{key}",
        said=f"{describe(value)} is not a whole number.",
    )


def _read_against(check: str, params: Mapping[str, JSON], data: Mapping[str, object]) -> AgainstRequest:
    shown = data.get("shown")
    return AgainstRequest(
        check=check,
        params=params,
        vary=_text("vary", data.get("vary")),
        start=_setting(data, "from"),
        stop=_setting(data, "to"),
        step=_setting(data, "step"),
        lines=_text("lines", data.get("lines")),
        values=_text("values", data.get("values")),
        measure=_text("measure", data.get("measure"), "success"),
        tally=_setting(data, "tally"),
        shown=tuple(shown) if isinstance(shown, list) and all(isinstance(s, str) for s in shown) else None,
    )


def _against(req: AgainstRequest) -> AgainstAnswer:
    from ._against import typed_view

    view = typed_view(
        req.check,
        req.params,
        vary=req.vary,
        start=req.start,
        stop=req.stop,
        step=req.step,
        lines=req.lines,
        values=req.values,
        measure=req.measure,
        tally=req.tally,
        shown=req.shown,
    )
    return AgainstAnswer(view=view)


def _odds(req: OddsRequest) -> OddsAnswer:
    check = build(req.check, req.params)
    title = _title(req.check, check, req.title, req.initial)
    pinned = build(req.check, req.pinned) if req.pinned is not None else None
    view = odds_view(check, view=req.view, title=title, shown=req.shown, pinned=pinned, earlier=req.earlier)
    return OddsAnswer(view=view, python=python_call(check))


def _seed(value: str | int | None) -> int | None:
    """The seed as written (a link's, a typed one), read like a field: an empty or blank one is
    refused, never a new random roll (the widget sends none for an empty Seed box)."""
    return int(convert(_SEED, value)) if isinstance(value, str) else value


def _roll(req: RollRequest) -> RollAnswer:
    check = build(req.check, req.params)
    seed = _seed(req.seed)
    chosen = None if req.spend in (None, "plan") else req.spend
    origin = req.origin
    at = origin.at if origin.replay else datetime.now(UTC).isoformat(timespec="seconds")
    faces = req.faces
    if isinstance(check, Choosing):
        if req.choose and req.spend != "plan" and not req.finish:
            hand = (check.hand(faces=faces) if faces is not None else check.hand(seed=seed)).chosen(
                chosen or ""
            )
            if req.move is not None:
                hand = hand.moved(req.move.die, req.move.by)
            if hand.open() or hand.written():
                view = hand_view(check, hand, shown=req.shown, origin=origin)
                return RollAnswer(
                    view=view,
                    seed=hand.seed,
                    spend=hand.written(),
                    typed=origin.typed,
                    replay=origin.replay,
                    at=at,
                    faces=faces,
                )
            seed = hand.seed
        if faces is not None:
            rolled = check.resolve(faces, adjustments=chosen)
        else:
            rolled = check.roll(seed=seed, adjustments=chosen)
        spend: str | None = "plan" if chosen is None else chosen
    else:
        if chosen is not None:
            raise RulesError(
                f"spend={describe(chosen)} is not allowed: {req.check} has no choices after the dice",
                said="this check has no choices to make after the dice.",
            )
        rolled = check.resolve(faces) if faces is not None else check.roll(seed=seed)
        spend = None
    view = roll_view(check, rolled, shown=req.shown, origin=origin)
    title = _title(req.check, check, req.log.title, req.log.initial)
    return RollAnswer(
        view=view,
        seed=rolled.seed,
        spend=spend,
        python=python_call(check, rolled.seed, chosen, faces=faces),
        roll=rolled.to_json(),
        typed=origin.typed,
        replay=origin.replay,
        at=at,
        log=log_entry(req.check, check, rolled, context=req.log, title=title, spend=chosen, view=view),
        character=req.character,
        faces=faces,
    )


def _sheet(req: SheetRequest) -> SheetAnswer:
    from .._sheet import Character, read_characters
    from ._sheet import fill_view

    if req.file is not None:
        return SheetAnswer(characters=read_characters(req.file))
    character = Character.from_link(req.link) if req.link is not None else Character.from_json(req.character)
    if req.check is None:
        return SheetAnswer(characters=(character,))
    pick = {k: v for k, v in (req.pick or {}).items()}
    filled = character.fill(req.check, pick)  # type: ignore[arg-type]
    if req.save:
        character = filled.saved(req.save)
        filled = character.fill(req.check, filled.pick())
    return SheetAnswer(characters=(character,), fill=fill_view(filled, widget_id=req.widget))


def answer(req: Request) -> OddsAnswer | RollAnswer | AgainstAnswer | SheetAnswer | NeedAnswer | RunAnswer:
    """The answer to one request (raises ``RulesError`` for the reader's mistake)."""
    if isinstance(req, OddsRequest):
        return _odds(req)
    if isinstance(req, RollRequest):
        return _roll(req)
    if isinstance(req, SheetRequest):
        return _sheet(req)
    if isinstance(req, AgainstRequest):
        return _against(req)
    from ._need import NeedRequest, need_answer
    from ._run import run_answer

    return need_answer(req) if isinstance(req, NeedRequest) else run_answer(req)


def for_players(error: RulesError, check: str | None = None) -> Failure:
    """The reader's mistake as a widget says it: where (the field's label, the entry and its
    part) and what, in the rules' words; ``{name}`` in a message stands for a field's label."""
    cls = None
    if check is not None:
        try:
            cls = _registry.find(check)
        except RulesError:
            cls = None
    known = {f.name: f for f in fields(cls)} if cls is not None else {}
    known["seed"] = _SEED
    from ._against import against_fields
    from ._need import NEED_FIELDS

    known.update(against_fields(cls))
    known.update((k, v) for k, v in NEED_FIELDS.items() if k not in known)  # the need form's own
    text, found = in_words(error, known)
    if found is None:
        return Failure(error=text)
    return Failure(error=text, field=found.name, item=error.item, part=error.part)


def for_sheet(error: RulesError, check: str | None = None) -> Failure:
    """The reader's mistake on a sheet as the Characters page or a widget says it: the place
    is in the words already ("Traits, Trait 2 (Sneak), Score: ..."), the value, entry and part as
    data. A mistake in a widget's field being saved is said as the widget says it."""
    if check is not None and error.field in {f.name for f in fields(_registry.find(check))}:
        return for_players(error, check)
    said = error.said or " ".join(str(error).split())
    return Failure(error=said[:1].upper() + said[1:], field=error.field, item=error.item, part=error.part)


def request(message: str) -> str:
    """Answer one JSON request from a widget (see the module's docstring) as JSON text."""
    check: str | None = None
    req: Request | None = None
    try:
        req = read(message)
        check = getattr(req, "check", None)  # a run request names no check
        result = answer(req)
        return json.dumps({"ok": True, "result": result.to_json()})
    except RulesError as error:
        if isinstance(req, SheetRequest):
            return json.dumps(for_sheet(error, check).to_json())
        if check is None:
            try:
                found = json.loads(message).get("check")
                check = found if isinstance(found, str) else None
            except (TypeError, ValueError, AttributeError):
                check = None
        return json.dumps(for_players(error, check).to_json())
    except Exception as error:  # a bug: say so, never as the reader's mistake
        import traceback

        return json.dumps(
            Failure(
                error=f"rollkit hit an internal error ({type(error).__name__})",
                internal=True,
                detail=traceback.format_exc(),
            ).to_json()
        )
