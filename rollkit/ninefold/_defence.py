"""Defence toPass with typed resistances and immunity ("Contested and Combat Rolls")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._errors import LimitError, ParameterTypeError, RulesError
from .._validate import describe
from ._values import MAX_TYPES, _points

@dataclass(frozen=True)
class Immune:
    """The defender is immune: the effect does not apply, so there is no toPass."""

    types: tuple[str, ...]

    def __str__(self) -> str:
        return "immune to " + " and ".join(self.types)


def _type_name(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: an effect type must be a non-empty string"
        )
    return value.strip().casefold()


def _type_names(name: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (tuple, list, frozenset, set)):
        raise ParameterTypeError(
            f"{name}={describe(value)} is not allowed: {name} must be a tuple of type names"
        )
    if len(value) > MAX_TYPES:
        raise LimitError(f"{name} has {len(value)} entries: rollkit takes at most {MAX_TYPES}")
    return tuple(_type_name(f"{name}[{i}]", v) for i, v in enumerate(value))


def _resistance_table(value: Any) -> dict[str, int]:
    if isinstance(value, str) or not isinstance(value, (Mapping, tuple, list)):
        raise ParameterTypeError(
            f"resistances={describe(value)} is not allowed: resistances must be a mapping"
            " or a tuple of (type, bonus) pairs"
        )
    if len(value) > MAX_TYPES:
        raise LimitError(f"resistances has {len(value)} entries: rollkit takes at most {MAX_TYPES}")
    table: dict[str, int] = {}
    for item in value.items() if isinstance(value, Mapping) else value:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ParameterTypeError(
                f"resistances entry {describe(item)} is not allowed:"
                " each must be a (type, bonus) pair"
            )
        kind = _type_name("resistance type", item[0])
        if kind in table:
            raise RulesError(
                f"resistances={describe(value)} is not allowed: {kind!r} is listed twice")
        table[kind] = _points(f"resistances[{kind!r}]", item[1])
    return table


def defence_to_pass(
    *,
    stat: int,
    skill: int = 0,
    armour: int = 0,
    cover: int = 0,
    resistances: Mapping[str, int] | tuple[tuple[str, int], ...] = (),
    effect_types: tuple[str, ...] = (),
    buffs: int = 0,
    debuffs: int = 0,
    armour_piercing: int = 0,
    immunities: tuple[str, ...] = (),
) -> int | Immune:
    """Defence toPass with typed resistances ("Contested and Combat Rolls").

    stat + skill + armour + cover + the single highest resistance among the
    effect's types + buffs - debuffs - armour piercing, not clamped. Resistances
    never add up; a type the defender has no resistance for counts as +0 in
    that maximum (ruling ``ninefold-resistance-missing-type``); a negative
    resistance is a vulnerability. Immunity to any of the effect's types
    returns ``Immune`` instead of a number (ruling ``ninefold-immunity``).
    Type names match ignoring case and surrounding spaces.
    """
    total = (_points("stat", stat) + _points("skill", skill) + _points("armour", armour)
             + _points("cover", cover) + _points("buffs", buffs) - _points("debuffs", debuffs)
             - _points("armour_piercing", armour_piercing))
    table = _resistance_table(resistances)
    types = _type_names("effect_types", effect_types)
    immune = set(_type_names("immunities", immunities))
    hit = tuple(dict.fromkeys(t for t in types if t in immune))
    if hit:
        return Immune(types=hit)
    return total + max((table.get(t, 0) for t in types), default=0)
