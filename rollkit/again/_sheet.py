"""An Again character's sheet: Core Statistics and Skill ranks; the rolls of a Stat plus a Skill
fill from the two the reader picks (Roll Types: Static, Mitigated and Opposed Rolls)."""

from __future__ import annotations

from .._sheet import Character, Entry, Fill, Group, Pick, Picked, Place, Sheet, Source, field_of
from ._checks import Check, Mitigated, MitigatedSkill, Opposed, OpposedSkills, SkillCheck
from ._rules import SYSTEM, dice_pool

__all__ = ["SHEET"]

STATS = Group(
    "stats", "Core Statistics", "Stat", values=(field_of(SkillCheck, "stat"),), hint="each Stat's dice"
)
SKILLS = Group(
    "skills", "Skills", "Skill", values=(field_of(SkillCheck, "skill"),), hint="each Skill's ranks"
)


def _ranks(skill: Entry | None) -> int:
    return 0 if skill is None else int(skill["skill"])


def _entries(character: Character, picked: Picked) -> tuple[Source, ...]:
    stat, skill = picked.one("stats"), picked.maybe("skills")
    return (
        Source("stat", stat["stat"], f"{stat.name} {stat['stat']}", Place("stats", stat.name, "stat")),
        Source(
            "skill",
            _ranks(skill),
            "no Skill: 0 ranks" if skill is None else f"{skill.name}: {_ranks(skill)} ranks",
            None if skill is None else Place("skills", skill.name, "skill"),
            why="no Skill was picked",
        ),
    )


def _pool(character: Character, picked: Picked) -> tuple[Source, ...]:
    """The Dice Pool of the picked Stat and Skill, as ``dice_pool`` adds them."""
    stat, skill = picked.one("stats"), picked.maybe("skills")
    pool = dice_pool(stat=stat["stat"], skill=_ranks(skill))
    shown = f"{stat.name} {stat['stat']}" + ("" if skill is None else f" + {skill.name} {_ranks(skill)}")
    return (
        Source(
            "dice",
            pool,
            f"{shown} = {pool} dice",
            why=f"the Dice Pool adds {stat.name}" + ("" if skill is None else f" and {skill.name}"),
        ),
    )


_PICKS = (Pick("stats", "Stat"), Pick("skills", "Skill", optional=True))
_ACTIVE = (Pick("stats", "Active side's Stat"), Pick("skills", "Active side's Skill", optional=True))

SHEET = Sheet(
    system=SYSTEM,
    title="character",
    values=(),
    groups=(STATS, SKILLS),
    fills=(
        Fill(SkillCheck, _PICKS, _entries),
        Fill(MitigatedSkill, _PICKS, _entries),
        Fill(OpposedSkills, _ACTIVE, _entries),
        Fill(Check, _PICKS, _pool),
        Fill(Mitigated, _PICKS, _pool),
        Fill(Opposed, _ACTIVE, _pool),
    ),
)
"""An Again character's sheet and the rolls it fills."""
