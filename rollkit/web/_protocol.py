"""The widgets' request protocol: what the page's worker asks and what rollkit answers.

A request is JSON text; ``request(message)`` reads it into an ``OddsRequest`` or a
``RollRequest``, answers it and writes the answer as JSON text:

- ``{"op": "odds", "check": name, "params": {...}, "view": ..., "title": ..., "initial": {...},
  "shown": [...], "pinned": {...}}`` gives the odds view and its Python;
- ``{"op": "need", "check": name, "params": {...}, "vary": field, "chance": "75%", "at":
  "least" | "most"}`` gives what value of a field gives that chance (``rollkit.web._need``);
- ``{"op": "roll", "check": name, "params": {...}, "seed": n, "choose": true, "spend": ...,
  "move": {"die": n, "by": 1 | -1}, "finish": true}`` gives a roll (or, where the player
  chooses after the dice, the hand so far);

as ``{"ok": true, "result": {...}}``; the reader's mistake as ``{"ok": false, "error": words,
"field": name, "item": i, "part": j}`` (the field as data, the words the rules'); anything
else is a bug in rollkit, said as one: ``{"ok": false, "internal": true, "error": ...,
"detail": traceback}``.
"""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import _registry
from .._choices import Choosing
from .._errors import RulesError
from .._fields import Field, Param, fields
from .._params import build, convert, python_call
from .._validate import describe
from ._need import KEYS as NEED_KEYS
from ._need import NEED_FIELDS, NeedAnswer, NeedRequest, need_answer, read_need
from ._tree import JSON
from ._views import OddsView, RollView, hand_view, odds_view, roll_view

__all__ = [
    "Failure",
    "Move",
    "OddsAnswer",
    "OddsRequest",
    "RollAnswer",
    "RollRequest",
    "answer",
    "for_players",
    "read",
    "request",
]


@dataclass(frozen=True)
class OddsRequest:
    """The odds of ``check`` (a kind's name) with ``params``, read ``view``-wise; ``title`` is the
    page's own while the values are ``initial``; ``pinned`` values are drawn beside them."""

    check: str
    params: Mapping[str, JSON]
    view: str = "exactly"
    title: str = ""
    initial: Mapping[str, JSON] | None = None
    shown: tuple[str, ...] | None = None
    pinned: Mapping[str, JSON] | None = None


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
    choose."""

    check: str
    params: Mapping[str, JSON]
    seed: str | int | None = None
    choose: bool = False
    spend: str | None = None
    move: Move | None = None
    finish: bool = False


Request = OddsRequest | RollRequest | NeedRequest


@dataclass(frozen=True)
class OddsAnswer:
    view: OddsView
    python: str

    def to_json(self) -> dict[str, JSON]:
        return {"view": self.view.to_json(), "python": self.python}


@dataclass(frozen=True)
class RollAnswer:
    """A roll (``roll`` is ``Roll.to_json``, None while the hand is open) or a hand."""

    view: RollView
    seed: int | None
    spend: str | None = None
    python: str = ""
    roll: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = dict(self.roll)
        out["view"] = self.view.to_json()
        out["seed"] = self.seed
        if self.python:
            out["python"] = self.python
        if self.spend is not None:
            out["spend"] = self.spend
        if self.view.pending:
            out["pending"] = True
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


_SEED = Field("seed", int, False, None, Param("Seed"))
"""The seed of a widget's roll, read like any whole-number field."""

_KEYS = {
    "odds": {"op", "check", "params", "view", "title", "initial", "shown", "pinned"},
    "roll": {"op", "check", "params", "seed", "choose", "spend", "move", "finish"},
    "need": NEED_KEYS,
}


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
    if op not in _KEYS:
        raise RulesError(
            f"op={describe(op)} is not allowed: use odds, roll or need",
            said="the request asks for neither odds nor a roll.",
        )
    check = data.get("check")
    _registry.find(check)
    assert isinstance(check, str)
    params = _mapping("params", data.get("params", {})) or {}
    if op == "need":
        return read_need(data, check, params)
    if op == "odds":
        shown = data.get("shown")
        view = _text("view", data.get("view"), "exactly")
        return OddsRequest(
            check=check,
            params=params,
            view=view,
            title=_text("title", data.get("title")),
            initial=_mapping("initial", data.get("initial")),
            shown=tuple(shown)
            if isinstance(shown, list) and all(isinstance(s, str) for s in shown)
            else None,
            pinned=_mapping("pinned", data.get("pinned")),
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
    return RollRequest(
        check=check,
        params=params,
        seed=seed,
        choose=data.get("choose") is True,
        spend=spend,
        move=moved,
        finish=bool(data.get("finish")),
    )


def _odds(req: OddsRequest) -> OddsAnswer:
    check = build(req.check, req.params)
    title = ""
    if req.initial is not None and req.title:
        try:
            title = req.title if build(req.check, req.initial) == check else ""
        except RulesError:
            title = ""
    pinned = build(req.check, req.pinned) if req.pinned is not None else None
    view = odds_view(check, view=req.view, title=title, shown=req.shown, pinned=pinned)
    return OddsAnswer(view=view, python=python_call(check))


def _seed(value: str | int | None) -> int | None:
    if isinstance(value, str):
        return int(convert(_SEED, value)) if value.strip() else None
    return value


def _roll(req: RollRequest) -> RollAnswer:
    check = build(req.check, req.params)
    seed = _seed(req.seed)
    chosen = None if req.spend in (None, "plan") else req.spend
    if isinstance(check, Choosing):
        if req.choose and req.spend != "plan" and not req.finish:
            hand = check.hand(seed=seed).chosen(chosen or "")
            if req.move is not None:
                hand = hand.moved(req.move.die, req.move.by)
            if hand.open() or hand.written():
                return RollAnswer(view=hand_view(check, hand), seed=hand.seed, spend=hand.written())
            seed = hand.seed
        rolled = check.roll(seed=seed, adjustments=chosen)
        spend: str | None = "plan" if chosen is None else chosen
    else:
        if chosen is not None:
            raise RulesError(
                f"spend={describe(chosen)} is not allowed: {req.check} has no choices after the dice",
                said="this check has no choices to make after the dice.",
            )
        rolled = check.roll(seed=seed)
        spend = None
    return RollAnswer(
        view=roll_view(check, rolled),
        seed=rolled.seed,
        spend=spend,
        python=python_call(check, rolled.seed, chosen),
        roll=rolled.to_json(),
    )


def answer(req: Request) -> OddsAnswer | RollAnswer | NeedAnswer:
    """The answer to one request (raises ``RulesError`` for the reader's mistake)."""
    if isinstance(req, NeedRequest):
        return need_answer(req)
    return _odds(req) if isinstance(req, OddsRequest) else _roll(req)


_PLACE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


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
    known.update((k, v) for k, v in NEED_FIELDS.items() if k not in known)  # the need form's own
    said = error.said or " ".join(str(error).split())
    said = _PLACE.sub(lambda m: known[m[1]].label if m[1] in known else m[0], said)
    found = known.get(error.field or "")
    if found is None:
        return Failure(error=said[:1].upper() + said[1:])
    place = found.place(error.item, error.part)
    text = said if said.startswith(found.label) else f"{place}: {said}"
    return Failure(error=text, field=found.name, item=error.item, part=error.part)


def request(message: str) -> str:
    """Answer one JSON request from a widget (see the module's docstring) as JSON text."""
    check: str | None = None
    try:
        req = read(message)
        check = req.check
        result = answer(req)
        return json.dumps({"ok": True, "result": result.to_json()})
    except RulesError as error:
        if check is None:
            try:
                found = json.loads(message).get("check")
                check = found if isinstance(found, str) else None
            except (TypeError, ValueError, AttributeError):
                check = None
        return json.dumps(for_players(error, check).to_json())
    except Exception as error:  # a bug: say so, never as the reader's mistake
        return json.dumps(
            Failure(
                error=f"rollkit hit an internal error ({type(error).__name__})",
                internal=True,
                detail=traceback.format_exc(),
            ).to_json()
        )
