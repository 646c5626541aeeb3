"""A check's fields, declared once: the rules' label, a hint, the range, the entries of a list
and the options of a choice, in one ``param(...)`` per field.

That declaration is also what the check's own validation runs (``check_fields``, called by
``CheckBase.__post_init__`` before the rules that tie several fields together), and what the
widgets, the command line's ``--help``, the reference pages and the tests' strategies read, so
a range is written in one place. A mistake raises ``RulesError`` naming the field as data
(``field``, ``item``, ``part``) with a Python message and one in the rules' words (``said``).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ._errors import LimitError, ParameterTypeError, RulesError
from ._validate import describe

__all__ = [
    "Field",
    "Kind",
    "Param",
    "check_fields",
    "declare",
    "declared",
    "fields",
    "like",
    "param",
    "sharing",
]

Limited = Literal["", "high", "both"]
"""Which ends of a field's range are rollkit's limits of exact computing (``LimitError``)
rather than the rules' (``RulesError``): none, the top, or both (a range of -N to N)."""

Kind = Literal["number", "yes/no", "choice", "list", "text"]
"""How a field is entered: a whole number, yes or no, one of a few values, a list of whole
numbers (or of groups of them, such as a helper's Dice Pool and Threshold), or text."""


@dataclass(frozen=True)
class Param:
    """A parameter as a player sees it, and the range the check accepts.

    ``label`` is the rules' word for it ("Target Number (TN)"); ``hint`` is one short line on
    what it does in play; ``low`` and ``high`` are the whole numbers rollkit accepts, ``limit``
    says which of them are limits of exact computing rather than the rules' (``"high"``,
    ``"both"``), ``unit`` what the numbers count, for the limit's message, and ``why`` why the
    rules' range is what it is, for an error ("a 1 is always a Fail").

    A list parameter says what one entry is (``item``: "helper"), how many it takes (``least``,
    ``most``), the value a new entry starts at (``start``) and, when each entry is several
    numbers, what each of them is (``parts``: "Dice Pool", "Threshold (x+)"); ``low``/``high``
    bound each entry's number when it has no parts. A field with a few allowed values names
    each in words (``options``: ``((10, "10-again"), ...)``); widgets offer them as a choice.
    ``far`` says the limits of exact computing lie far beyond anything played (a percentage of
    a million): a widget's hint leaves them out (``hinted``), an error still gives them.
    """

    label: str
    hint: str = ""
    low: int | None = None
    high: int | None = None
    item: str = ""
    least: int = 0
    most: int | None = None
    start: int | None = None
    parts: tuple[Param, ...] = ()
    options: tuple[tuple[Any, str], ...] = ()
    limit: Limited = ""
    unit: str = ""
    why: str = ""
    far: bool = False

    def hinted(self) -> str:
        """The range as a hint says it: ``allowed``, without limits that lie ``far`` beyond play."""
        if not self.far or not self.limit:
            return self.allowed()
        return dataclasses.replace(self, high=None, low=None if self.limit == "both" else self.low).allowed()

    def allowed(self) -> str:
        """The accepted range in words: "0 to 2000", "at least 1", or ""."""
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"at least {self.low}"
        if self.high is not None:
            return f"at most {self.high}"
        return ""

    def words(self, value: Any) -> str:
        """``value`` as ``options`` name it ("10-again"), else as written."""
        return next((text for option, text in self.options if option == value), str(value))

    def wanted(self) -> str:
        """What to enter, for an error message: "a whole number from 1 to 10"."""
        span = self.allowed()
        return f"a whole number {'from' if ' to ' in span else 'of'} {span}" if span else "a whole number"

    def entries(self) -> tuple[Param, ...]:
        """What each number of one list entry is: its ``parts``, or the entry itself."""
        return self.parts or (
            Param(
                self.item or self.label,
                low=self.low,
                high=self.high,
                start=self.start,
                limit=self.limit,
                unit=self.unit,
                why=self.why,
                far=self.far,
            ),
        )

    def check(self, name: str, value: Any) -> int:
        """``value`` if it is a whole number in range, else the error for ``name`` (a Python name
        such as ``dice`` or ``helpers[2]``): ``RulesError`` outside the rules' range,
        ``LimitError`` beyond a limit of exact computing, ``ParameterTypeError`` for a
        non-number. The error's ``said`` is the mistake in the rules' words, after the place."""
        if (
            type(value) is int
            and (self.low is None or value >= self.low)
            and (self.high is None or value <= self.high)
        ):
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParameterTypeError(
                f"{name}={describe(value)} is not allowed: {name} must be a whole number"
                f" ({type(value).__name__} given)",
                said=f"{describe(value)} is not a whole number; enter {self.wanted()}.",
            )
        big = self.high is not None and value > self.high
        if self.limit == "both" or (self.limit == "high" and big):
            raise LimitError(
                f"{name}={describe(value)} is too {'large' if big else 'small'}: rollkit computes exact"
                f" odds for {name} {self._span(big)}{self.unit}",
                said=f"{value} is too {'large' if big else 'small'} to work out exactly;"
                f" enter {self.wanted()}.",
            )
        why = f" ({self.why})" if self.why else ""
        raise RulesError(
            f"{name}={describe(value)} is not allowed: {name} must be {self.wanted()}{why}",
            said=f"{value} is out of range; enter {self.wanted()}{why}.",
        )

    def _span(self, big: bool) -> str:
        if self.limit == "high" or self.low is None:
            return f"up to {self.high}" if big or self.low is None else f"from {self.low}"
        return f"from {self.low} to {self.high}"


def param(
    label: str,
    *,
    hint: str = "",
    low: int | None = None,
    high: int | None = None,
    item: str = "",
    least: int = 0,
    most: int | None = None,
    start: int | None = None,
    parts: tuple[Param, ...] = (),
    options: tuple[tuple[Any, str], ...] = (),
    limit: Limited = "",
    unit: str = "",
    why: str = "",
    far: bool = False,
    default: Any = dataclasses.MISSING,
) -> Any:
    """A dataclass field carrying its ``Param`` (use as ``dice: int = param("Dice pool", ...)``)."""
    meta = {
        "rollkit": Param(
            label, hint, low, high, item, least, most, start, parts, options, limit, unit, why, far
        )
    }
    return dataclasses.field(default=default, metadata=meta)


def declare(declared: Param, *, default: Any = dataclasses.MISSING) -> Any:
    """A dataclass field carrying a ``Param`` made elsewhere: a rules module that also checks
    the value outside any check (``critdice.best_adjustments(sn=...)``) declares it once."""
    return dataclasses.field(default=default, metadata={"rollkit": declared})


def like(cls: type, name: str) -> Any:
    """The field ``name`` of check class ``cls`` declared again for another kind, as it is there
    (label, range, default): a kind built from a character sheet takes the plain check's fields
    this way, so each is declared once (``tn: int = like(Check, "tn")``)."""
    found = next((f for f in dataclasses.fields(cls) if f.name == name), None)
    if found is None or declared(found) is None:
        raise TypeError(f"{cls.__name__} declares no field {name!r}")
    return dataclasses.field(default=found.default, metadata=found.metadata)


_T = typing.TypeVar("_T", bound=type)


def sharing(source: type, *names: str) -> Callable[[_T], _T]:
    """A class decorator, under ``@dataclass``: the kind takes the fields ``names`` of check
    class ``source`` as they are declared there, after its own (a kind built from a character
    sheet passes them on to the plain check). A base class of the kind declares their types
    for type checkers; the declarations stay in one place::

        @dataclass(frozen=True, kw_only=True)
        @sharing(Check, "tn", "bought")
        class AttributeCheck(FromSheet):
            level: int = param("Attribute Level", ...)
    """
    hints = typing.get_type_hints(source)

    def add(cls: _T) -> _T:
        annotations = cls.__dict__.get("__annotations__", {})
        for name in names:
            if name in annotations:
                raise TypeError(f"{cls.__name__} declares {name} itself; it shares it from {source.__name__}")
            annotations[name] = hints[name]
            setattr(cls, name, like(source, name))
        cls.__annotations__ = annotations
        return cls

    return add


def declared(field: dataclasses.Field[Any]) -> Param | None:
    """The ``Param`` a dataclass field was declared with, if any."""
    found = field.metadata.get("rollkit")
    return found if isinstance(found, Param) else None


@dataclass(frozen=True)
class Field:
    """One parameter of a check class: its name, type hint, default and how players see it."""

    name: str
    hint: Any
    required: bool
    default: Any
    param: Param

    @property
    def label(self) -> str:
        """The parameter in the rules' words."""
        return self.param.label

    @property
    def kind(self) -> Kind:
        """How the field is entered (from its type hint)."""
        hint = _unwrap(self.hint)
        if hint is bool:
            return "yes/no"
        if hint is int:
            return "number"
        if typing.get_origin(hint) is Literal:
            return "choice"
        if typing.get_origin(hint) is tuple:
            return "list"
        return "text"

    @property
    def optional(self) -> bool:
        """Whether None is allowed (an ``X | None`` hint)."""
        return typing.get_origin(self.hint) in (typing.Union, types.UnionType) and type(None) in (
            typing.get_args(self.hint)
        )

    @property
    def choices(self) -> tuple[Any, ...]:
        """The allowed values of a choice (a ``Literal``) or of yes/no, else ()."""
        hint = _unwrap(self.hint)
        if hint is bool:
            return (False, True)
        return typing.get_args(hint) if typing.get_origin(hint) is Literal else ()

    @property
    def pairs(self) -> bool:
        """Whether each entry of a list is several numbers (a helper's pool and Threshold)."""
        args = typing.get_args(_unwrap(self.hint))
        return bool(args) and typing.get_origin(args[0]) is tuple

    @property
    def most_entries(self) -> int:
        """The most entries a list field may be written with (a form, a link): its declared
        most, else a thousand."""
        return self.param.most if self.param.most is not None else _MOST_WRITTEN_ENTRIES

    @property
    def longest(self) -> int:
        """The most characters this field's value may be written in (a form, a link, the command
        line): text longer than this is refused before it is read."""
        kind = self.kind
        if kind == "list":
            return max(self.most_entries, 1) * len(self.param.entries()) * _NUMBER_CHARACTERS
        if kind == "choice":
            return max(len(str(c)) for c in self.choices) + _NUMBER_CHARACTERS
        return _NUMBER_CHARACTERS

    def place(self, item: int | None = None, part: int | None = None) -> str:
        """Where a mistake is, in the rules' words: "Supporting PCs, helper 2, Threshold (x+)"."""
        where = self.label
        if item is not None and self.kind == "list":
            where += f", {self.param.item or 'entry'} {item + 1}"
            parts = self.param.entries()
            if part is not None and len(parts) > 1 and part < len(parts):
                where += f", {parts[part].label}"
        return where

    def check(self, value: Any) -> Any:
        """``value`` if this field allows it (a list as a tuple), else a ``RulesError`` about this
        field, with its entry and part where a list's entry is wrong."""
        try:
            return self._check(value)
        except RulesError as error:
            raise error.about(self.name) from None

    def _check(self, value: Any) -> Any:
        name, declared = self.name, self.param
        if value is None and self.optional:
            return None
        kind = self.kind
        if kind == "number":
            return declared.check(name, value)
        if kind == "yes/no":
            if isinstance(value, bool):
                return value
            raise ParameterTypeError(
                f"{name}={describe(value)} is not allowed: {name} must be True or False"
                f" ({type(value).__name__} given)",
                said=f"{describe(value)} is not yes or no.",
            )
        if kind == "choice":
            options = self.choices
            if any(type(value) is type(o) and value == o for o in options):
                return value
            listed = ", ".join(repr(o) for o in options)
            error = RulesError if any(type(value) is type(o) for o in options) else ParameterTypeError
            raise error(
                f"{name}={describe(value)} is not allowed: {name} must be one of {listed}",
                said=f"{describe(value)} is not one of the choices; choose "
                + _either([declared.words(o) for o in options])
                + ".",
            )
        if kind == "list":
            return self._entries(value)
        return value

    def _entries(self, value: Any) -> tuple[Any, ...]:
        name, declared = self.name, self.param
        parts = declared.entries()
        what = "groups of " + " and ".join(p.label for p in parts) if self.pairs else "whole numbers"
        if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
            raise ParameterTypeError(
                f"{name}={describe(value)} is not allowed: {name} must be a tuple of {what}"
                f" ({type(value).__name__} given)",
                said=f"{describe(value)} is not a list of {what}.",
            )
        entry = declared.item or "entry"
        if declared.most is not None and len(value) > declared.most:
            error = LimitError if declared.limit else RulesError
            raise error(
                f"{name} has {len(value)} entries, which is too many: rollkit takes up to"
                f" {declared.most} {plural(entry)}",
                said=f"{len(value)} {plural(entry)} given; enter at most {declared.most}.",
            )
        if len(value) < declared.least:
            raise RulesError(
                f"{name}={describe(value)} is not allowed: {name} must have at least {declared.least}"
                f" {plural(entry) if declared.least > 1 else entry}",
                said=f"enter at least {declared.least} {plural(entry) if declared.least > 1 else entry}.",
            )
        out: list[object] = []
        for i, one in enumerate(value):
            if not self.pairs:
                try:
                    out.append(parts[0].check(f"{name}[{i}]", one))
                except RulesError as error:
                    raise error.about(name, item=i) from None
                continue
            if not isinstance(one, (tuple, list)) or len(one) != len(parts):
                raise ParameterTypeError(
                    f"{name}[{i}]={describe(one)} is not allowed: each {entry} must be"
                    f" {len(parts)} numbers ({', '.join(p.label for p in parts)})",
                    field=name,
                    item=i,
                    said=f"{describe(one)} is not {len(parts)} numbers;"
                    f" enter {', '.join(p.label for p in parts)}.",
                )
            numbers = []
            for j, (part, number) in enumerate(zip(parts, one)):
                try:
                    numbers.append(part.check(f"{name}[{i}] {part.label}", number))
                except RulesError as error:
                    raise error.about(name, item=i, part=j) from None
            out.append(tuple(numbers))
        return tuple(out)


_NUMBER_CHARACTERS = 32
"""The most characters one whole number may be written in (its digits, a sign, ``_`` between
digits, spaces and a separator around it): more than any number a field accepts needs."""
_MOST_WRITTEN_ENTRIES = 1000
"""The most entries a list with no declared most may be written with."""


def plural(word: str) -> str:
    """An entry's name for several of them: "helper" -> "helpers", "Buff Bonus" -> "Buff Bonuses"."""
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def _either(words: list[str]) -> str:
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _unwrap(hint: Any) -> Any:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return inner[0]
    return hint


def fields(cls: type) -> tuple[Field, ...]:
    """The fields of check class ``cls`` that a caller sets, in declaration order."""
    return _fields(cls)


@cache
def _fields(cls: type) -> tuple[Field, ...]:
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if required:
            default = None
        elif f.default is not dataclasses.MISSING:
            default = f.default
        else:
            default = typing.cast(Callable[[], Any], f.default_factory)()
        found = declared(f) or Param(f.name.replace("_", " "))
        out.append(Field(f.name, _hint(cls, f.name, f.type), required, default, found))
    return tuple(out)


_PLAIN = {"int": int, "bool": bool, "str": str}


def _hint(cls: type, name: str, hint: Any) -> Any:
    """A field's type: as written, or its text evaluated where it was written (what
    ``typing.get_type_hints`` gives, for one field, at a fraction of its cost)."""
    if not isinstance(hint, str):
        return hint
    if hint in _PLAIN:
        return _PLAIN[hint]
    home = next(c for c in cls.__mro__ if name in c.__dict__.get("__annotations__", {}))
    return _evaluated(home.__module__, hint)


@cache
def _evaluated(module: str, text: str) -> Any:
    names = vars(sys.modules[module])
    if text.isidentifier():  # a type or an alias by its name
        return names[text]
    return eval(text, names)  # noqa: S307 - an annotation of rollkit's own code


def check_fields(obj: Any) -> None:
    """Check every declared field of the dataclass ``obj`` against its declaration, in order;
    a list given as a list is kept as a tuple (the check stays hashable).

    A value its declaration plainly allows passes a quick test read from a plan made once per
    class (building a check is on the hot path of every odds update); any other value goes
    through ``Field.check``, which accepts it (a list made a tuple) or says why not.
    """
    cls: type = type(obj)
    values = obj.__dict__
    for name, how, low, high, field in _plan(cls):
        value = values[name]
        if how == _NUMBER:
            if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
                continue
        elif how == _YES_NO:
            if type(value) is bool:
                continue
        elif how == _CHOICE:
            if isinstance(value, (str, int)) and (type(value), value) in low:
                continue
        elif how == _EMPTY and value == ():
            continue
        checked = field.check(value)
        if checked is not value:
            object.__setattr__(obj, name, checked)


_NUMBER, _YES_NO, _CHOICE, _EMPTY, _FULL = range(5)
"""How a field's value is tested quickly: a number in range, a bool, one of the choices, an
empty list; else always in full."""


@cache
def _plan(cls: type) -> tuple[tuple[str, int, Any, Any, Field], ...]:
    plan: list[tuple[str, int, Any, Any, Field]] = []
    for field in fields(cls):
        hint, param = field.hint, field.param
        kind = "number" if hint is int else "yes/no" if hint is bool else field.kind
        if kind not in ("number", "yes/no") and field.optional:
            plan.append((field.name, _FULL, None, None, field))
        elif kind == "number":
            plan.append((field.name, _NUMBER, param.low, param.high, field))
        elif kind == "yes/no":
            plan.append((field.name, _YES_NO, None, None, field))
        elif kind == "choice":
            plan.append((field.name, _CHOICE, frozenset((type(c), c) for c in field.choices), None, field))
        elif kind == "list":
            plan.append((field.name, _EMPTY, None, None, field))
        else:
            plan.append((field.name, _FULL, None, None, field))
    return tuple(plan)
