"""A Critical dice character's sheet: Stats, Skills (Rank, the relevant Stats, whether usable
at Rank 0), Legendary Ranks and Focus; the checks that fill from them (Creating Dice Pool,
Use Legendary Status, Use Focus)."""

from __future__ import annotations

from .._errors import RulesError
from .._fields import Param
from .._sheet import Character, Entry, Fill, Group, Pick, Picked, Place, Sheet, Source, field_of, value
from ._checks import Check, SkillCheck, StatCheck
from ._rules import SYSTEM, skill_pool

__all__ = ["SHEET"]

STATS = Group("stats", "Stats", "Stat", values=(field_of(StatCheck, "stat"),), hint="each Stat's value")
SKILLS = Group(
    "skills",
    "Skills",
    "Skill",
    values=(
        field_of(SkillCheck, "rank"),
        value("stat", Param("Relevant Stat", hint="a Stat the Skill uses, by name"), kind=str),
        value(
            "other",
            Param("Second relevant Stat", hint="another Stat it may use, by name, or blank"),
            kind=str,
            default="",
        ),
        field_of(SkillCheck, "untrained_allowed"),
    ),
    hint="each Skill's Rank and the one or two Stats it uses",
    refers=(("stat", "stats"), ("other", "stats")),
)


def _stats(character: Character, skill: Entry) -> tuple[Entry, ...]:
    return tuple(character.entry("stats", name) for name in (skill["stat"], skill["other"]) if name)


def _points(character: Character) -> tuple[Source, ...]:
    legendary, focus = character.value("legendary"), character.value("focus")
    return (
        Source("legendary", legendary, f"Legendary Ranks {legendary}", Place("", "", "legendary")),
        Source("focus", focus, f"Focus {focus}", Place("", "", "focus")),
    )


def _said(stats: tuple[Entry, ...]) -> str:
    return " and ".join(f"{s.name} {s['stat']}" for s in stats)


def _skill(character: Character, picked: Picked) -> tuple[Source, ...]:
    skill = picked.one("skills")
    stats = _stats(character, skill)
    allowed = skill["untrained_allowed"]
    return (
        Source(
            "rank", skill["rank"], f"{skill.name}: Rank {skill['rank']}", Place("skills", skill.name, "rank")
        ),
        Source(
            "stats",
            tuple(s["stat"] for s in stats),
            f"{skill.name} uses {_said(stats)}",
            why=f"the Stats are {_said(stats)} on the sheet",
        ),
        Source(
            "untrained_allowed",
            allowed,
            f"{skill.name} {'can' if allowed else 'cannot'} be used at Rank 0",
            Place("skills", skill.name, "untrained_allowed"),
        ),
        *_points(character),
    )


def _stat(character: Character, picked: Picked) -> tuple[Source, ...]:
    stat = picked.one("stats")
    return (
        Source("stat", stat["stat"], f"{stat.name} {stat['stat']}", Place("stats", stat.name, "stat")),
        *_points(character),
    )


def _pool(character: Character, picked: Picked) -> tuple[Source, ...]:
    """A Skill's standard dice, as ``skill_pool`` counts them."""
    skill = picked.one("skills")
    stats = _stats(character, skill)
    if not skill["rank"] and not skill["untrained_allowed"]:
        raise RulesError(
            f"rank=0 is not allowed: {skill.name} cannot be used at Rank 0",
            said="at Rank 0 it cannot be used untrained; it needs Rank 1 or more.",
        )
    pool = skill_pool(
        rank=skill["rank"],
        stats=tuple(s["stat"] for s in stats),
        untrained_allowed=skill["untrained_allowed"],
    )
    return (
        Source(
            "dice",
            pool,
            f"{skill.name} Rank {skill['rank']} with {_said(stats)}: {pool} dice",
            why=f"the Dice Pool comes from {skill.name}'s Rank and Stats",
        ),
        *_points(character),
    )


_SKILL = Pick("skills", "Skill")

SHEET = Sheet(
    system=SYSTEM,
    title="character",
    values=(field_of(Check, "legendary"), field_of(Check, "focus")),
    groups=(STATS, SKILLS),
    fills=(
        Fill(SkillCheck, (_SKILL,), _skill),
        Fill(StatCheck, (Pick("stats", "Stat"),), _stat),
        Fill(Check, (_SKILL,), _pool),
    ),
)
"""A Critical dice character's sheet and the checks it fills."""
