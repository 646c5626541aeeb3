"""What do I need? The value of one whole-number field that reaches a chance of success.

``need(check, vary="dice", chance="75%")`` answers "how many dice for 75%?": the least value
of a field that raises the chance (or the greatest of one that lowers it) giving at least that
chance, with the exact chance there and one step before it; the value closest to another
chance (even odds unless told); and what one step of each whole-number field is worth. The
chance is exact throughout, and which way a field moves it is worked out from the chances, not
assumed.

A field the check declares ``monotone`` is searched by halving; any other has every value
worked out, up to ``MAX_SCAN`` of them (``LimitError`` beyond, never a silent cut). The values
searched are the field's declared range (or the reader's ``low``/``high``) where the check
allows them with the other values: rules across fields narrow it and values a rule refuses in
between (a d20's toPass comes in steps of 5%) are stepped over.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ._check import CheckBase
from ._errors import LimitError, ParameterTypeError, RulesError
from ._fields import Field, fields
from ._format import detail, fraction, percent, probability_json
from ._validate import describe
from ._values import name_words, value_text

__all__ = ["MAX_GAP", "MAX_SCAN", "OPEN_SPAN", "Found", "Need", "Step", "need", "wanted"]

At = Literal["least", "most"]
"""Whether the reader wants at least the chance asked for, or at most."""

Moves = Literal["rises", "falls", "constant", "mixed"]
"""How the chance moves as the field's value grows: one way, not at all, or up and down."""

MAX_SCAN = 256
"""The most values of a field rollkit works out one by one, where the chance may rise and fall."""

MAX_GAP = 200
"""The most values in a row a rule may refuse inside a field's range: a search steps over such
runs (a d3's toPass comes in steps of 100%, 99 refused values) and stops at a longer one."""

OPEN_SPAN = 1000
"""How many values rollkit searches where the rules set no end to a field's range (a Defense,
a pool of 0 or fewer dice), counted from the other end, unless a rule ends it sooner or the
reader sets an end; ``MAX_SCAN`` values where it works out every value."""

_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


@dataclass(frozen=True, kw_only=True)
class Found:
    """One value of a field and the exact chance of success at it."""

    value: int
    chance: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "chance": probability_json(self.chance)}


@dataclass(frozen=True, kw_only=True)
class Step:
    """What one step of a whole-number field is worth from its value: the next value up and down
    that the rules allow with the other values (None where there is none), each with its chance."""

    field: str
    label: str
    value: int
    chance: Fraction
    up: Found | None
    down: Found | None

    def to_json(self) -> dict[str, Any]:
        def side(found: Found | None) -> dict[str, Any] | None:
            if found is None:
                return None
            return {**found.to_json(), "change": probability_json(found.chance - self.chance)}

        return {
            "field": self.field,
            "label": self.label,
            "value": self.value,
            "chance": probability_json(self.chance),
            "up": side(self.up),
            "down": side(self.down),
        }


@dataclass(frozen=True, kw_only=True)
class Need:
    """The answer of ``need``: what was asked, the values searched, what was found.

    ``found`` is the value that gives the chance asked for (None: no value does), ``short`` the
    value one step before it that falls short (None: there is none, as when ``every`` value
    gives it), ``best`` the value nearest to it when none does (the highest chance, or the
    lowest for "at most"). ``closest`` is the value whose chance is nearest ``closest_to``.
    ``steps`` say what one step of each whole-number field is worth at ``check``: the values
    given, or where the varied field had no value, the value found (else ``best``).
    """

    check: CheckBase
    vary: str
    label: str
    wanted: Fraction
    at: At
    moves: Moves
    low: int
    high: int
    open_low: bool
    open_high: bool
    found: Found | None
    short: Found | None
    every: bool
    best: Found
    closest_to: Fraction
    closest: Found
    steps: tuple[Step, ...]

    @property
    def extreme(self) -> Literal["least", "greatest"]:
        """Whether the answer is the least or the greatest value that gives the chance asked."""
        rising = self.moves != "falls"
        return "least" if rising == (self.at == "least") or self.moves == "mixed" else "greatest"

    def _field(self) -> Field:
        return next(f for f in fields(type(self.check)) if f.name == self.vary)

    def value_said(self, value: int) -> str:
        """A value of the varied field as the rules write it ("7+", "9-again")."""
        return value_text(self._field(), value)

    def asked(self) -> str:
        """The chance asked for, in words: "at least 75%"."""
        return f"at {self.at} {chance_words(self.wanted)}"

    def range_said(self) -> str:
        """The values searched: "from 0 to 2000", saying where rollkit set an end itself."""
        text = f"from {self.low} to {self.high}"
        ends = [e for e, is_open in (("least", self.open_low), ("greatest", self.open_high)) if is_open]
        if ends:
            text += f" (the rules set no {' or '.join(ends)} {name_words(self._field())};"
            text += " rollkit looked no further)"
        return text

    def said(self) -> str:
        """The answer in the rules' words, with the exact chances."""
        name = name_words(self._field())
        asked = self.asked()
        if self.low == self.high:
            gives = "gives" if self.found is not None else "does not give"
            return (
                f"These values allow only {name} {self.value_said(self.low)}: {detail(self.best.chance)},"
                f" which {gives} {asked}."
            )
        if self.moves == "constant":
            gives = "every" if self.found is not None else "no"
            return (
                f"The chance does not change with {name}: {detail(self.best.chance)} at every value"
                f" {self.range_said()}, so {gives} value gives {asked}."
            )
        lead = (
            f"The chance rises and falls with {name}, so rollkit worked out every value {self.range_said()}. "
            if self.moves == "mixed"
            else ""
        )
        if self.found is None:
            most = "most" if self.at == "least" else "least"
            return (
                f"{lead}No value of {name} {self.range_said()} gives {asked}: the {most} is"
                f" {detail(self.best.chance)}, with {self.value_said(self.best.value)}."
            )
        text = (
            f"{lead}The {self.extreme} {name} that gives {asked} is {self.value_said(self.found.value)}:"
            f" {detail(self.found.chance)}"
        )
        if self.short is not None:
            return text + f"; with {self.value_said(self.short.value)}: {detail(self.short.chance)}."
        if self.every:
            return text + f"; every value of {name} {self.range_said()} gives {asked}."
        return text + "."

    def closest_said(self) -> str:
        """The value closest to ``closest_to``, in words."""
        target = chance_words(self.closest_to)
        name = name_words(self._field())
        if self.moves == "constant":
            return f"Closest to {target}: every value of {name} gives {detail(self.closest.chance)}."
        return (
            f"Closest to {target}: {name} {self.value_said(self.closest.value)},"
            f" {detail(self.closest.chance)}."
        )

    def to_json(self) -> dict[str, Any]:
        """The answer as plain data, every chance whole (``probability_json``)."""

        def one(found: Found | None) -> dict[str, Any] | None:
            return None if found is None else found.to_json()

        return {
            "check": self.check.describe(),
            "vary": self.vary,
            "label": self.label,
            "wanted": probability_json(self.wanted),
            "at": self.at,
            "moves": self.moves,
            "extreme": self.extreme,
            "searched": {
                "low": self.low,
                "high": self.high,
                "open_low": self.open_low,
                "open_high": self.open_high,
            },
            "found": one(self.found),
            "short": one(self.short),
            "every": self.every,
            "best": self.best.to_json(),
            "closest": {"to": probability_json(self.closest_to), **self.closest.to_json()},
            "steps": [s.to_json() for s in self.steps],
            "said": self.said(),
            "closest_said": self.closest_said(),
        }


# -- words -----------------------------------------------------------------------------


def chance_words(p: Fraction) -> str:
    """A chance asked for, as a reader writes it: "75%", "33.5%", or "33.33% (1/3)"."""
    hundredths = p * 100
    if (hundredths * 10**4).denominator == 1:
        whole, part = divmod(int(hundredths * 10**4), 10**4)
        return f"{whole}" + (f".{part:04d}".rstrip("0") if part else "") + "%"
    return f"{percent(p)} ({fraction(p)})"


def points(change: Fraction) -> str:
    """A change of chance in percentage points: "+3.21 points", "-0.5 points", "no change"."""
    if change == 0:
        return "no change"
    sign = "+" if change > 0 else "\u2212"
    return f"{sign}{percent(abs(change)).removesuffix('%')} points"


# -- reading what was asked --------------------------------------------------------------


def wanted(value: object, *, name: str = "chance") -> Fraction:
    """A chance as a reader gives it: a ``Fraction`` (or whole 0 or 1), or text such as
    ``"75%"``, ``"3/4"`` or ``"0.75"``; a ``RulesError`` about ``name`` for anything else."""
    shown = describe(value)
    if isinstance(value, str):
        text = value.strip()
        said = _quoted(value)
        percent_sign = text.endswith("%")
        body = text.removesuffix("%").strip()
        top, slash, bottom = body.partition("/")
        parts = [top.strip(), bottom.strip()] if slash else [body]
        if not all(_NUMBER.fullmatch(p) for p in parts) or (slash and percent_sign):
            raise RulesError(
                f"{name}={shown} is not a chance: give a percentage ('75%'), a fraction ('3/4')"
                " or a decimal ('0.75')",
                field=name,
                said=f"{said} is not a chance; enter a percentage such as 75%, a fraction such"
                " as 3/4 or a decimal such as 0.75.",
            )
        if slash and Fraction(parts[1]) == 0:
            raise RulesError(
                f"{name}={shown} is not a chance: the fraction divides by zero",
                field=name,
                said=f"{said} divides by zero; enter a chance such as 75% or 3/4.",
            )
        p = Fraction(parts[0]) / Fraction(parts[1]) if slash else Fraction(parts[0])
        p = p / 100 if percent_sign else p
    elif isinstance(value, Fraction) or (type(value) is int):
        p = Fraction(value)
    elif isinstance(value, float) and math.isfinite(value):
        p = Fraction(repr(value))
    else:
        raise ParameterTypeError(
            f"{name}={shown} is not a chance: give a Fraction or text such as '75%'",
            field=name,
            said=f"{shown} is not a chance; enter one such as 75%.",
        )
    if not 0 <= p <= 1:
        raise RulesError(
            f"{name}={shown} is not allowed: a chance is from 0 to 1 (0% to 100%)",
            field=name,
            said=f"{chance_words(p) if p > 0 else shown} is not a chance; enter one from 0% to 100%.",
        )
    return p


def _quoted(text: str) -> str:
    from ._params import _quoted as quoted

    return quoted(text)


def _vary(cls: type, vary: object) -> Field:
    numbers = [f for f in fields(cls) if f.kind == "number"]
    choose = ", ".join(f.name for f in numbers)
    labels = ", ".join(f.label for f in numbers)
    found = next((f for f in fields(cls) if f.name == vary), None)
    if found is None:
        raise RulesError(
            f"vary={describe(vary)} is not a field of {cls.__name__}: choose one of {choose}",
            field="vary",
            said=f"{describe(vary)} is not a value of this check; choose {labels}.",
        )
    if found.kind != "number":
        raise RulesError(
            f"vary={describe(vary)} is not allowed: {found.name} is not a whole number (choose one of {choose})",
            field="vary",
            said=f"{found.label} is not a whole number; choose {labels}.",
        )
    return found


# -- the values of one field ---------------------------------------------------------------


class _Values:
    """One field's values with the other values fixed: which the rules allow and the chance at
    each, each worked out once."""

    def __init__(self, check: CheckBase, field: Field) -> None:
        self.field = field
        self._made: dict[int, CheckBase | None] = {getattr(check, field.name): check}
        self._chances: dict[int, Fraction] = {}

    def made(self, value: int) -> CheckBase | None:
        if value not in self._made:
            base = next(c for c in self._made.values() if c is not None)
            try:
                self._made[value] = dataclasses.replace(base, **{self.field.name: value})  # type: ignore[type-var]
            except RulesError:
                self._made[value] = None
        return self._made[value]

    def chance(self, value: int) -> Fraction:
        if value not in self._chances:
            made = self.made(value)
            assert made is not None, value
            self._chances[value] = made.chance()
        return self._chances[value]

    def found(self, value: int) -> Found:
        return Found(value=value, chance=self.chance(value))

    def nearest(self, start: int, toward: int) -> int | None:
        """The first allowed value from ``start`` on the way to ``toward`` (both included),
        looking at ``MAX_GAP`` values at most."""
        step = 1 if toward >= start else -1
        for value in range(start, start + step * min(MAX_GAP, abs(toward - start) + 1), step):
            if self.made(value) is not None:
                return value
        return None

    def edge(self, start: int, end: int) -> int:
        """The last allowed value from ``start`` (allowed) on the way to ``end``."""
        near = self.nearest(end, start)
        if near is not None:
            return near
        step = 1 if end >= start else -1
        good, bad = start, end  # an allowed value; nothing allowed from here within MAX_GAP
        while abs(bad - good) > 1:
            mid = (good + bad) // 2 if step > 0 else -((-good - bad) // 2)
            found = self.nearest(mid, bad - step)
            if found is None:
                bad = mid
            else:
                good = found
        return good

    def between(self, a: int, b: int) -> int | None:
        """An allowed value strictly between ``a`` and ``b``, near the middle (None: none)."""
        if abs(b - a) < 2:
            return None
        step = 1 if b > a else -1
        mid = (a + b) // 2
        found = self.nearest(mid, b - step)
        if found is None and mid - step != a:
            found = self.nearest(mid - step, a + step)
        return found

    def crossing(
        self, reaches: Callable[[Fraction], bool], first: int, last: int
    ) -> tuple[int | None, int | None]:
        """Where ``reaches`` turns true on the way from ``first`` to ``last``, for a chance that
        moves one way: the last value short of it and the first that reaches it (None: none)."""
        if not reaches(self.chance(last)):
            return last, None
        if reaches(self.chance(first)):
            return None, first
        short, hit = first, last
        while (mid := self.between(short, hit)) is not None:
            if reaches(self.chance(mid)):
                hit = mid
            else:
                short = mid
        return short, hit


# -- the search ----------------------------------------------------------------------------


def _bounds(field: Field, value: int, low: object, high: object, *, span: int) -> tuple[int, int, bool, bool]:
    """The ends to search between: the reader's, else the declared ones; an end the rules do not
    set (open) is ``span`` values from the other end, or around ``value`` when both are open."""
    declared = field.param
    ends: list[int | None] = []
    for name, given, end in (("low", low, declared.low), ("high", high, declared.high)):
        if given is None:
            ends.append(end)
            continue
        try:
            ends.append(declared.check(name, given))
        except RulesError as error:
            raise type(error)(str(error), field=name, said=f"{field.label}: {error.said}") from None
    lo, hi = ends
    open_lo, open_hi = lo is None, hi is None
    if lo is None and hi is None:
        lo = value - span // 2
        hi = lo + span
    elif lo is None:
        lo = min(value, hi - span)  # type: ignore[operator]
    elif hi is None:
        hi = max(value, lo + span)
    assert lo is not None and hi is not None
    if lo > hi:
        raise RulesError(
            f"low={lo} and high={hi} are not allowed: low must not be above high",
            field="low",
            said=f"{field.label}: {lo} to {hi} is no range; enter the lower value first.",
        )
    return lo, hi, open_lo, open_hi


def _anchor(name: str, values: Mapping[str, Any], field: Field) -> CheckBase:
    """The check with ``values`` and the varied field at a value the rules allow, to search from
    (its default, or the declared start, or the whole number nearest 1 in its range)."""
    from ._params import build

    declared = field.param
    start = field.default if not field.required and isinstance(field.default, int) else declared.start
    if start is None:
        start = max(1, declared.low) if declared.low is not None else 1
        start = min(start, declared.high) if declared.high is not None else start
    first: RulesError | None = None
    for step in (1, -1):
        for offset in range(MAX_GAP):
            value = start + step * offset
            if (declared.low is not None and value < declared.low) or (
                declared.high is not None and value > declared.high
            ):
                break
            try:
                return build(name, {**values, field.name: value})  # type: ignore[no-any-return]
            except RulesError as error:
                first = first or error
    assert first is not None
    raise first


def need(
    check: CheckBase | str,
    *,
    vary: str,
    chance: Fraction | str | float,
    values: Mapping[str, Any] | None = None,
    at: At = "least",
    closest: Fraction | str | float = Fraction(1, 2),
    low: int | None = None,
    high: int | None = None,
) -> Need:
    """What value of the whole-number field ``vary`` gives ``chance`` of success (a ``Fraction``,
    or text such as ``"75%"``, ``"3/4"``, ``"0.75"``): at least that chance, or ``at="most"``.

    ``check`` is a check, or a kind's name ("hits") with ``values`` (text or numbers, as
    ``rollkit odds`` takes them; ``vary`` may be left out). Where the chance rises with the
    field the answer is its least such value, where it falls its greatest; ``low`` and ``high``
    narrow the values searched. The answer also holds the value whose chance is closest to
    ``closest`` (even odds) and what one step of each whole-number field is worth. Exact
    throughout; a field whose chance may rise and fall is worked out value by value, at most
    ``MAX_SCAN`` values (else ``LimitError``).

    >>> from rollkit import hits, need
    >>> found = need(hits.Check(dice=8, threshold=7, tn=3), vary="dice", chance="75%")
    >>> found.found.value, found.short.value
    (9, 8)
    """
    given = True
    if isinstance(check, str):
        from ._params import find

        cls = find(check)
        field = _vary(cls, vary)
        values = dict(values or {})
        given = field.name in values
        base: CheckBase = _anchor(check, values, field) if not given else _built(check, values)
    elif isinstance(check, CheckBase):
        if values is not None:
            raise ParameterTypeError(
                "values= is only for a kind's name: a check already has its values",
                field="values",
                said="a check already has its values.",
            )
        base, field = check, _vary(type(check), vary)
    else:
        raise ParameterTypeError(
            f"check={describe(check)} is not a check: give a check or a kind's name such as 'hits'",
            field="check",
            said=f"{describe(check)} is not a check.",
        )
    if at not in ("least", "most"):
        raise RulesError(
            f"at={describe(at)} is not allowed: choose 'least' or 'most'",
            field="at",
            said=f"{describe(at)} is neither at least nor at most.",
        )
    p, q = wanted(chance), wanted(closest, name="closest")
    start = getattr(base, field.name)
    one_way = field.name in base.monotone_fields()
    lo, hi, open_lo, open_hi = _bounds(field, start, low, high, span=OPEN_SPAN if one_way else MAX_SCAN - 1)
    values_of = _Values(base, field)
    bottom = values_of.edge(start, min(lo, start))
    top = values_of.edge(start, max(hi, start))
    open_lo = open_lo and bottom == lo
    open_hi = open_hi and top == hi
    first = values_of.nearest(max(lo, bottom), min(hi, top)) if max(lo, bottom) <= min(hi, top) else None
    last = values_of.nearest(min(hi, top), max(lo, bottom)) if first is not None else None
    if first is None or last is None:
        raise RulesError(
            f"low={lo} and high={hi} are not allowed: no {field.name} from {lo} to {hi} is allowed"
            f" with these values",
            field="low",
            said=f"{field.label}: no value from {lo} to {hi} can be used with these values.",
        )
    lo, hi = first, last

    def reaches(c: Fraction) -> bool:
        return c >= p if at == "least" else c <= p

    if one_way:
        moves = _moves(values_of.chance(lo), values_of.chance(hi))
        answer = _one_way(values_of, moves, reaches, at, q, lo, hi, start)
    else:
        if hi - lo + 1 > MAX_SCAN:
            raise LimitError(
                f"vary={field.name!r}: the chance may rise and fall with {field.name}, so rollkit works"
                f" out every value, at most {MAX_SCAN}; from {lo} to {hi} there are {hi - lo + 1}"
                " (give low= and high= to search fewer)",
                field="vary",
                said=f"the chance can rise and fall with {field.label}, so rollkit works out every"
                f" value; the {hi - lo + 1} values from {lo} to {hi} are too many (at most"
                f" {MAX_SCAN}).",
            )
        scanned = [values_of.found(v) for v in range(lo, hi + 1) if values_of.made(v) is not None]
        moves = _moves_of([f.chance for f in scanned])
        if moves == "mixed":
            answer = _mixed(scanned, reaches, at, q)
        else:
            answer = _one_way(values_of, moves, reaches, at, q, lo, hi, start)
    found, short, every, best, near = answer
    at_value = start if given else (found or best).value
    stepped = values_of.made(at_value)
    assert stepped is not None
    return Need(
        check=stepped,
        vary=field.name,
        label=field.label,
        wanted=p,
        at=at,
        moves=moves,
        low=lo,
        high=hi,
        open_low=open_lo,
        open_high=open_hi,
        found=found,
        short=short,
        every=every,
        best=best,
        closest_to=q,
        closest=near,
        steps=steps(stepped),
    )


def _built(name: str, values: Mapping[str, Any]) -> CheckBase:
    from ._params import build

    return build(name, values)  # type: ignore[no-any-return]


def _moves(first: Fraction, last: Fraction) -> Moves:
    return "rises" if first < last else "falls" if first > last else "constant"


def _moves_of(chances: list[Fraction]) -> Moves:
    pairs = list(zip(chances, chances[1:]))
    if all(a == b for a, b in pairs):
        return "constant"
    if all(a <= b for a, b in pairs):
        return "rises"
    if all(a >= b for a, b in pairs):
        return "falls"
    return "mixed"


_Answer = tuple[Found | None, Found | None, bool, Found, Found]


def _one_way(
    values: _Values,
    moves: Moves,
    reaches: Callable[[Fraction], bool],
    at: At,
    q: Fraction,
    lo: int,
    hi: int,
    start: int,
) -> _Answer:
    """The answer for a chance that moves one way (or not at all) between ``lo`` and ``hi``."""
    if moves == "constant":
        here = values.found(start if lo <= start <= hi else lo)
        found = here if reaches(here.chance) else None
        return found, None, found is not None, here, here
    rising = moves == "rises"
    upward = rising == (at == "least")  # the values reach the chance as they grow
    first, last = (lo, hi) if upward else (hi, lo)
    short, hit = values.crossing(reaches, first, last)
    best = values.found(last)
    below, above = values.crossing(lambda c: c >= q, *((lo, hi) if rising else (hi, lo)))
    if below is None or above is None:
        near = values.found(above if above is not None else below)  # type: ignore[arg-type]
    else:
        a, b = values.found(above), values.found(below)
        near = a if abs(a.chance - q) <= abs(b.chance - q) else b
    return (
        values.found(hit) if hit is not None else None,
        values.found(short) if short is not None and hit is not None else None,
        hit is not None and short is None,
        best,
        near,
    )


def _mixed(scanned: list[Found], reaches: Callable[[Fraction], bool], at: At, q: Fraction) -> _Answer:
    """The answer for a chance that rises and falls: the least value that gives it."""
    index = next((i for i, f in enumerate(scanned) if reaches(f.chance)), None)
    found = scanned[index] if index is not None else None
    short = scanned[index - 1] if index else None
    every = all(reaches(f.chance) for f in scanned)
    pick = max if at == "least" else min
    best = pick(scanned, key=lambda f: (f.chance, -f.value) if at == "least" else (f.chance, f.value))
    near = min(scanned, key=lambda f: (abs(f.chance - q), f.chance < q, f.value))
    return found, short, every, best, near


@functools.lru_cache(maxsize=16)
def steps(check: CheckBase) -> tuple[Step, ...]:
    """What one step of each whole-number field of ``check`` is worth: the next value up and
    down that the rules allow (within ``MAX_GAP``), each with its exact chance (the last few
    checks' answers are kept: asking about another field of the same values repeats them)."""
    out = []
    chance = check.chance()
    for field in fields(type(check)):
        if field.kind != "number":
            continue
        value = getattr(check, field.name)
        values = _Values(check, field)
        values._chances[value] = chance
        declared = field.param
        up_end = value + MAX_GAP if declared.high is None else min(declared.high, value + MAX_GAP)
        down_end = value - MAX_GAP if declared.low is None else max(declared.low, value - MAX_GAP)
        up = values.nearest(value + 1, up_end) if value + 1 <= up_end else None
        down = values.nearest(value - 1, down_end) if value - 1 >= down_end else None
        out.append(
            Step(
                field=field.name,
                label=field.label,
                value=value,
                chance=chance,
                up=values.found(up) if up is not None else None,
                down=values.found(down) if down is not None else None,
            )
        )
    return tuple(out)
