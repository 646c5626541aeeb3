"""A Ninefold character's sheet: Stats, trained Skill paths, standing Buff Bonuses, typed
resistances and armor; the checks that fill from the Stat, the Skill path and the Buffs the
reader picks ("Skill Checks", "Contested and Combat Rolls")."""

from __future__ import annotations

import dataclasses

from .._fields import Field
from .._sheet import Character, Fill, Group, How, Pick, Picked, Place, Sheet, Source, field_of, value
from ._checks import Check, PercentageCheck, SkillCheck
from ._contest import Contest
from ._defender import DefenderContest
from ._rules import SYSTEM, to_pass

__all__ = ["SHEET"]


def _one(cls: type, name: str, label: str, hint: str) -> Field:
    """A number as one entry of the list field ``name`` of ``cls`` declares it (its range)."""
    return value("bonus", dataclasses.replace(field_of(cls, name).param.entries()[0], label=label, hint=hint))


STATS = Group("stats", "Stats", "Stat", values=(field_of(SkillCheck, "stat"),), hint="each Stat, as recorded")
PATHS = Group(
    "paths",
    "Skill paths",
    "Skill path",
    values=(_one(SkillCheck, "paths", "Bonus (%)", "the path's proficiency bonuses, added up"),),
    hint="each trained path's total bonus",
)
BUFFS = Group(
    "buffs",
    "Buff Bonuses",
    "Buff",
    values=(_one(SkillCheck, "buffs", "Bonus (%)", "added to toPass where it applies"),),
    hint="gear, aspects and conditions you keep",
)
RESISTANCES = Group(
    "resistances",
    "Resistances",
    "resistance",
    values=(_one(DefenderContest, "resistances", "Resistance (%)", "negative: a vulnerability"),),
    hint="each type, such as fire, with its bonus to the defense",
)


def _parts(
    picked: Picked, stat_field: str, total_said: str = "toPass"
) -> tuple[tuple[Source, ...], int, str]:
    """The Stat, Skill path and Buffs picked: their sources, toPass (``to_pass``) and its words
    ("Perception 18 + Scout 20 = toPass 38", the total said as ``total_said``)."""
    stat, path, buffs = picked.one("stats"), picked.maybe("paths"), picked.several("buffs")
    paths = () if path is None else (path["bonus"],)
    bonuses = tuple(b["bonus"] for b in buffs)
    total = to_pass(stat=stat["stat"], paths=paths, buffs=bonuses)
    terms = [f"{stat.name} {stat['stat']}"] + ([] if path is None else [f"{path.name} {path['bonus']}"])
    terms += [f"{b.name} {b['bonus']}" for b in buffs]
    return (
        (
            Source(
                stat_field, stat["stat"], f"{stat.name} {stat['stat']}", Place("stats", stat.name, "stat")
            ),
            Source(
                "paths",
                paths,
                "no Skill path" if path is None else f"{path.name} {path['bonus']}",
                why="the Skill path is picked from the sheet",
            ),
            Source(
                "buffs",
                bonuses,
                ", ".join(terms[1 + len(paths) :]) or "no Buffs",
                why="the Buffs are picked from the sheet",
            ),
        ),
        total,
        " + ".join(terms) + f" = {total_said} {total}",
    )


def _skill(character: Character, picked: Picked) -> tuple[Source, ...]:
    return _parts(picked, "stat")[0]


def _total(field: str, label: str) -> How:
    """toPass of the picked Stat, Skill path and Buffs as the one field ``field`` of a kind,
    said as ``label``."""

    def how(character: Character, picked: Picked) -> tuple[Source, ...]:
        _, total, said = _parts(picked, "stat", label)
        return (Source(field, total, said, why=f"{label} adds up the Stat, Skill path and Buffs picked"),)

    return how


def _defender(character: Character, picked: Picked) -> tuple[Source, ...]:
    sources = _parts(picked, "stat")[0]
    armour = character.value("armour")
    types = picked.several("resistances")
    typed: tuple[Source, ...] = ()
    if types:
        typed = (
            Source(
                "resistances",
                tuple(r["bonus"] for r in types),
                ", ".join(f"{r.name} {r['bonus']}" for r in types),
                why="the resistances are picked from the sheet",
            ),
            Source(
                "effect_types",
                len(types),
                f"{len(types)} of the effect's types: {', '.join(r.name for r in types)}",
                why="the effect's types are picked from the sheet",
            ),
        )
    return (*sources, Source("armour", armour, f"Armor {armour}", Place("", "", "armour")), *typed)


_PICKS = (
    Pick("stats", "Stat"),
    Pick("paths", "Skill path", optional=True),
    Pick("buffs", "Buffs", several=True),
)
_DEFENCE = (
    Pick("stats", "Defense Stat"),
    Pick("paths", "Defense Skill path", optional=True),
    Pick("resistances", "Resistances to the effect's types", several=True),
    Pick("buffs", "Buffs", several=True),
)

SHEET = Sheet(
    system=SYSTEM,
    title="character",
    values=(field_of(DefenderContest, "armour"),),
    groups=(STATS, PATHS, BUFFS, RESISTANCES),
    fills=(
        Fill(SkillCheck, _PICKS, _skill),
        Fill(Check, _PICKS, _total("to_pass", "toPass")),
        Fill(Contest, _PICKS, _total("offence", "Offense toPass")),
        Fill(PercentageCheck, _PICKS, _total("bonus", "check bonus")),
        Fill(DefenderContest, _DEFENCE, _defender),
    ),
)
"""A Ninefold character's sheet and the checks it fills."""
