"""A contest against a defender built from its sheet, with flat fields (``ninefold.defender``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .._errors import RulesError
from .._fields import param
from .._validate import boolean, integer
from .._words import Tally
from ._checks import _bonuses_param, _FromSheet, _paths_param, _stat_param
from ._contest import (
    Contest,
    _defence_die_param,
    _effect_dice_param,
    _favourable_param,
    _offence_die_param,
    _offence_param,
    _unfavourable_param,
)
from ._rules import (
    MAX_POINTS,
    MAX_TYPES,
    SYSTEM,
    Convention,
    Details,
    _bonuses,
    _convention_param,
    _defence_parts,
)

_ONE_OF_ITS_TYPES = "immune to one of the effect's types"


def _armour_param(label: str, hint: str) -> Any:
    return param(label, hint=hint, low=-MAX_POINTS, high=MAX_POINTS, default=0)


@dataclass(frozen=True, kw_only=True)
class DefenderContest(_FromSheet):
    """Offence then defence, the defence built from its parts (``ninefold.defender``).

    The same odds and rolls as ``Contest.defender(...)``, which is the way to
    build one from a character sheet in Python ("Contested and Combat Rolls").
    The effect has ``effect_types`` types; ``resistances`` are the defender's
    resistances to some of them (at most one each), a type without one counting
    +0 and a negative one being a vulnerability; only the highest counts
    (rulings ``ninefold-resistance-missing-type``,
    ``ninefold-resistance-not-a-buff``). ``immune`` means immune to one of
    the types: no defence is rolled (``ninefold-immunity``). Armour piercing is
    subtracted in full (``ninefold-armour-piercing``); the best fitting defence
    Skill path counts (``ninefold-defence-after-offence``). A roll's details say
    how the defence toPass was put together.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Tally("effect dice", one="effect die")

    offence: int = _offence_param()
    stat: int = _stat_param("Defense Stat (%)", "the Stat the defense rests on, as recorded")
    paths: tuple[int, ...] = _paths_param(
        "Defense Skill paths (%)", "armor or evasion path totals; only the best counts"
    )
    armour: int = _armour_param("Armor (%)", "the armor's bonus to the defense")
    cover: int = _armour_param("Cover (%)", "the cover's bonus to the defense")
    effect_types: int = param(
        "Effect types",
        hint="how many types the effect has: fire and poison is 2",
        low=0,
        high=MAX_TYPES,
        default=1,
    )
    resistances: tuple[int, ...] = param(
        "Resistances (%)",
        hint="to the effect's types, one each; negative: vulnerable",
        item="resistance",
        low=-MAX_POINTS,
        high=MAX_POINTS,
        most=MAX_TYPES,
        start=10,
        default=(),
    )
    immune: bool = param(
        "Immunity", hint="immune to one of its types: the effect does not apply", default=False
    )
    buffs: tuple[int, ...] = _bonuses_param(
        "Buff Bonuses (%)", "each added to the defense: shields, aspects, conditions", "Buff Bonus"
    )
    debuffs: tuple[int, ...] = _bonuses_param(
        "Debuff Bonuses (%)", "each taken off the defense", "Debuff Bonus"
    )
    armour_piercing: int = _armour_param("Armor piercing (%)", "taken off the defense in full")
    offence_die: int = _offence_die_param()
    defence_die: int = _defence_die_param()
    convention: Convention = _convention_param("roll-under")
    favourable: int = _favourable_param()
    unfavourable: int = _unfavourable_param()
    effect_dice: int = _effect_dice_param()

    def __post_init__(self) -> None:
        self._lists("paths", "resistances", "buffs", "debuffs")
        types = integer("effect_types", self.effect_types, low=0, limit=MAX_TYPES)
        resistances = _bonuses("resistances", self.resistances)
        object.__setattr__(self, "resistances", resistances)  # one number is one type's
        if len(resistances) > types:
            raise RulesError(
                f"resistances={self.resistances!r} is not allowed with effect_types={types}: the"
                " defender has at most one resistance to each type of the effect"
            )
        if boolean("immune", self.immune) and not types:
            raise RulesError(
                "immune=True is not allowed with effect_types=0: an effect with no type has no type"
                " to be immune to (give it 1 or more types)"
            )
        self._plain()

    def _entries(self) -> dict[str, Any]:
        """The defence parts as ``defence_to_pass`` takes them: the types named "type 1" ..."""
        names = tuple(f"type {i}" for i in range(1, self.effect_types + 1))
        return {
            "stat": self.stat,
            "paths": self.paths,
            "armour": self.armour,
            "cover": self.cover,
            "resistances": tuple(zip(names, self.resistances)),
            "effect_types": names,
            "immunities": names[:1] if self.immune else (),
            "buffs": self.buffs,
            "debuffs": self.debuffs,
            "armour_piercing": self.armour_piercing,
        }

    def _plain(self) -> Contest:
        return Contest.defender(
            offence=self.offence,
            **self._entries(),
            offence_die=self.offence_die,
            defence_die=self.defence_die,
            convention=self.convention,
            favourable=self.favourable,
            unfavourable=self.unfavourable,
            effect_dice=self.effect_dice,
        )

    def _sheet(self) -> Details:
        details = _defence_parts(**self._entries())[1]
        return tuple(
            (key, _ONE_OF_ITS_TYPES + words[words.index(";") :] if key == "defence" else words)
            for key, words in details
        )
