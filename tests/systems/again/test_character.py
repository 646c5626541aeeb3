"""again: a character's Core Statistics and Skill ranks fill every roll as ``dice_pool`` and the
classmethods make it (Roll Types; ruling again-sheet-pool)."""

from __future__ import annotations

from rollkit import Character, again


def ana() -> Character:
    return Character.make(
        name="Ana",
        system=again.SYSTEM,
        entries={
            "stats": [{"name": "Charisma", "stat": 3}, {"name": "Dexterity", "stat": 4}],
            "skills": [{"name": "Handle Animal", "skill": 2}, {"name": "Stealth", "skill": 3}],
        },
    )


def test_a_static_roll_of_stat_and_skill() -> None:
    made = ana().fill(again.Check, {"stats": "Charisma", "skills": "Handle Animal"}).check(dc=4)
    assert made == again.Check.skill(stat=3, skill=2, dc=4) == again.Check(dice=5, dc=4)
    assert again.dice_pool(stat=3, skill=2) == 5


def test_the_sheet_kinds_take_the_stat_and_the_ranks() -> None:
    picks = {"stats": "Dexterity", "skills": "Stealth"}
    assert ana().fill(again.SkillCheck, picks).check(dc=2) == again.SkillCheck(stat=4, skill=3, dc=2)
    assert ana().fill(again.MitigatedSkill, picks).check(weapon=2) == again.MitigatedSkill(
        stat=4, skill=3, weapon=2
    )
    made = ana().fill(again.OpposedSkills, picks).check(against_stat=2, against_skill=1)
    assert made == again.OpposedSkills(stat=4, skill=3, against_stat=2, against_skill=1)
    assert made.chance() == again.Opposed.skills(stat=4, skill=3, against_stat=2, against_skill=1).chance()


def test_mitigated_and_opposed_pools() -> None:
    picks = {"stats": "Dexterity", "skills": "Stealth"}
    assert ana().fill(again.Mitigated, picks).check(defence=2) == again.Mitigated.skill(
        stat=4, skill=3, defence=2
    )
    made = ana().fill(again.Opposed, picks).check(against_dice=3)
    assert made == again.Opposed(dice=again.dice_pool(stat=4, skill=3), against_dice=3)


def test_a_stat_alone_is_a_skill_of_no_ranks() -> None:
    filled = ana().fill(again.SkillCheck, {"stats": "Dexterity", "skills": ""})
    assert filled.values == {"stat": 4, "skill": 0}
    assert [s.said for s in filled.sources] == ["Dexterity 4", "no Skill: 0 ranks"]
    assert ana().fill("again", {"stats": "Dexterity", "skills": None}).values == {"dice": 4}
