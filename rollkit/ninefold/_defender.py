"""A contest against a defender built from its sheet, with flat fields (``ninefold.defender``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .._errors import RulesError
from .._fields import like, param, sharing
from .._words import Tally
from ._checks import _bonuses_param, _FromSheet, _paths_param
from ._contest import Contest
from ._rules import MAX_TYPES, POINTS, SYSTEM, Details, Reduced, _defence_parts, _field

_ONE_OF_ITS_TYPES = "immune to one of the effect's types"


class _DefenderFields(_FromSheet):
    """The types of the fields ``DefenderContest`` shares with ``Contest``."""

    offence_die: int
    defence_die: int
    defence_favourable: int
    defence_unfavourable: int
    reduced: Reduced


@dataclass(frozen=True, kw_only=True)
@sharing(
    Contest,
    "offence_die",
    "defence_die",
    "convention",
    "favourable",
    "unfavourable",
    "defence_favourable",
    "defence_unfavourable",
    "criticals",
    "effect_dice",
    "reduced",
)
class DefenderContest(_DefenderFields):
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
    monotone: ClassVar[frozenset[str]] = frozenset(
        {
            "offence",
            "stat",
            "armour",
            "cover",
            "effect_types",
            "armour_piercing",
            "offence_die",
            "defence_die",
            "favourable",
            "unfavourable",
            "effect_dice",
        }
    )

    # The offence comes first (``sharing`` adds its fields after the kind's own ones).
    offence: int = like(Contest, "offence")
    stat: int = _field(POINTS, "Defence Stat (%)", hint="the Stat the defence rests on, as recorded")
    paths: tuple[int, ...] = _paths_param(
        "Defence Skill paths (%)", "armour or evasion path totals; only the best counts"
    )
    armour: int = _field(POINTS, "Armour (%)", hint="the armour's bonus to the defence", default=0)
    cover: int = _field(POINTS, "Cover (%)", hint="the cover's bonus to the defence", default=0)
    effect_types: int = param(
        "Effect types",
        hint="how many types the effect has: fire and poison is 2",
        low=0,
        high=MAX_TYPES,
        limit="high",
        default=1,
    )
    resistances: tuple[int, ...] = _field(
        POINTS,
        "Resistances (%)",
        hint="to the effect's types, one each; negative: vulnerable",
        item="resistance",
        most=MAX_TYPES,
        start=10,
        default=(),
    )
    immune: bool = param(
        "Immunity", hint="immune to one of its types: the effect does not apply", default=False
    )
    buffs: tuple[int, ...] = _bonuses_param(
        "Buff Bonuses (%)", "each added to the defence: shields, aspects, conditions", "Buff Bonus"
    )
    debuffs: tuple[int, ...] = _bonuses_param(
        "Debuff Bonuses (%)", "each taken off the defence", "Debuff Bonus"
    )
    armour_piercing: int = _field(
        POINTS, "Armour piercing (%)", hint="taken off the defence in full", default=0
    )

    def _check_rules(self) -> None:
        types = self.effect_types
        if len(self.resistances) > types:
            raise RulesError(
                f"resistances={self.resistances!r} is not allowed with effect_types={types}: the"
                " defender has at most one resistance to each type of the effect",
                field="resistances",
                said=f"{len(self.resistances)} given, but {{effect_types}} is {types}: the defender"
                " has at most one resistance to each of the effect's types.",
            )
        if self.immune and not types:
            raise RulesError(
                "immune=True is not allowed with effect_types=0: an effect with no type has no type"
                " to be immune to (give it 1 or more types)",
                field="immune",
                said="{effect_types} is 0, and an effect with no type has no type to be immune to;"
                " turn this off or give the effect 1 or more types.",
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
            defence_favourable=self.defence_favourable,
            defence_unfavourable=self.defence_unfavourable,
            criticals=self.criticals,
            effect_dice=self.effect_dice,
            reduced=self.reduced,
        )

    def _sheet(self) -> Details:
        details = _defence_parts(**self._entries())[1]
        return tuple(
            (key, _ONE_OF_ITS_TYPES + words[words.index(";") :] if key == "defence" else words)
            for key, words in details
        )
