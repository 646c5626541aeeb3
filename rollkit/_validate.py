"""Parameter checks shared by every system: one clear message per mistake.

A check's own fields are checked by their declarations (``rollkit._fields``); these serve the
rules' functions (``trait.mod_for(score=...)``) and values that are not fields. The error
names the parameter as its ``field`` when ``name`` is a plain name, with a message in the
rules' words (``said``) beside the Python one.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ._errors import LimitError, ParameterTypeError, RulesError

__all__ = ["integer", "within", "boolean", "choice", "describe"]


def describe(value: Any) -> str:
    """A short, safe rendering of a value for an error message."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return text


def _field(name: str) -> str | None:
    return name if name.isidentifier() else None


def integer(
    name: str,
    value: Any,
    *,
    low: int | None = None,
    high: int | None = None,
    limit: int | None = None,
    allowed: str | None = None,
) -> int:
    """Return ``value`` if it is an ``int`` within ``low..high``, else raise.

    ``high`` is a bound of the rules (``RulesError``); ``limit`` is a bound of
    what rollkit computes exactly (``LimitError``). Messages are built only on failure.
    """
    if (
        type(value) is int
        and (low is None or value >= low)
        and (high is None or value <= high)
        and (limit is None or value <= limit)
    ):
        return value
    field = _field(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: {name} must be a whole number"
            f" ({type(value).__name__} given)",
            field=field,
            said=f"{describe(value)} is not a whole number.",
        )
    if allowed is None:
        if low is not None and high is not None:
            allowed = f"a whole number from {low} to {high}"
        elif low is not None:
            allowed = f"a whole number of at least {low}"
        elif high is not None:
            allowed = f"a whole number of at most {high}"
        else:
            allowed = "a whole number"
    if (low is not None and value < low) or (high is not None and value > high):
        raise RulesError(
            f"{name}={describe(value)} is not allowed: {name} must be {allowed}",
            field=field,
            said=f"{value} is out of range; enter {allowed}.",
        )
    if limit is not None and value > limit:
        raise LimitError(
            f"{name}={describe(value)} is too large: rollkit computes exact odds for {name} up to {limit}",
            field=field,
            said=f"{value} is too large to work out exactly; enter at most {limit}.",
        )
    return value


def within(name: str, value: Any, bound: int, *, low: int | None = None, unit: str = "") -> int:
    """A whole number within -``bound``..``bound``: below ``low`` breaks the rules
    (``RulesError``), beyond the bound is a limit of exact computing (``LimitError``)."""
    integer(name, value, low=low)
    if abs(value) > bound:
        least = -bound if low is None else low
        raise LimitError(
            f"{name}={describe(value)} is too {'large' if value > 0 else 'small'}: rollkit"
            f" computes exact odds for {name} from {least} to {bound}{unit}",
            field=_field(name),
            said=f"{value} is too {'large' if value > 0 else 'small'} to work out exactly;"
            f" enter a whole number from {least} to {bound}.",
        )
    return int(value)


def boolean(name: str, value: Any) -> bool:
    """Return ``value`` if it is a ``bool``, else raise."""
    if not isinstance(value, bool):
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: {name} must be True or False"
            f" ({type(value).__name__} given)",
            field=_field(name),
            said=f"{describe(value)} is not yes or no.",
        )
    return value


def choice(name: str, value: Any, options: Collection[Any]) -> Any:
    """Return ``value`` if it is one of ``options`` (same type, equal), else raise."""
    if any(type(value) is type(o) and value == o for o in options):
        return value
    listed = ", ".join(repr(o) for o in options)
    same_type = any(type(value) is type(o) for o in options)
    error = RulesError if same_type else ParameterTypeError
    raise error(
        f"{name}={describe(value)} is not allowed: {name} must be one of {listed}",
        field=_field(name),
        said=f"{describe(value)} is not one of the choices ({', '.join(str(o) for o in options)}).",
    )
