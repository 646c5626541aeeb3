"""ninefold: a character's Stats, Skill paths, Buffs, resistances and armor fill each check as
``to_pass`` and the classmethods make it ("Skill Checks", "Contested and Combat Rolls")."""

from __future__ import annotations

from rollkit import Character, ninefold


def nia() -> Character:
    return Character.make(
        name="Nia",
        system=ninefold.SYSTEM,
        values={"armour": 10},
        entries={
            "stats": [{"name": "Perception", "stat": 18}, {"name": "Agility", "stat": 12}],
            "paths": [{"name": "Scout", "bonus": 20}, {"name": "Dodge", "bonus": 15}],
            "buffs": [{"name": "Keen eyes", "bonus": 5}, {"name": "Cloak", "bonus": 10}],
            "resistances": [{"name": "fire", "bonus": 20}, {"name": "poison", "bonus": 35}],
        },
    )


PICKS = {"stats": "Perception", "paths": "Scout", "buffs": ["Keen eyes"]}


def test_a_skill_check_takes_the_stat_path_and_buffs_picked() -> None:
    made = nia().fill(ninefold.SkillCheck, PICKS).check()
    assert made == ninefold.SkillCheck(stat=18, paths=(20,), buffs=(5,))
    assert made.chance() == ninefold.Check.skill(stat=18, paths=(20,), buffs=(5,)).chance()


def test_a_check_contest_and_percentage_take_topass() -> None:
    total = ninefold.to_pass(stat=18, paths=(20,), buffs=(5,))
    assert total == 43
    assert nia().fill(ninefold.Check, PICKS).check() == ninefold.Check(to_pass=total)
    assert nia().fill(ninefold.Contest, PICKS).check(defence=30) == ninefold.Contest(
        offence=total, defence=30
    )
    assert nia().fill(ninefold.PercentageCheck, PICKS).check(dc=50) == ninefold.PercentageCheck(
        dc=50, bonus=total
    )
    said = [s.said for s in nia().fill(ninefold.Check, PICKS).sources]
    assert said == ["Perception 18 + Scout 20 + Keen eyes 5 = toPass 43"]


def test_no_path_and_no_buffs() -> None:
    made = nia().fill(ninefold.Check, {"stats": "Agility", "paths": ""}).check()
    assert made == ninefold.Check(to_pass=12)


def test_a_defender_takes_its_armor_and_the_resistances_to_the_effects_types() -> None:
    picks = {"stats": "Agility", "paths": "Dodge", "resistances": ["fire", "poison"], "buffs": ["Cloak"]}
    made = nia().fill(ninefold.DefenderContest, picks).check(offence=60)
    assert made == ninefold.DefenderContest(
        offence=60, stat=12, paths=(15,), armour=10, effect_types=2, resistances=(20, 35), buffs=(10,)
    )
    rules = ninefold.Contest.defender(
        offence=60,
        stat=12,
        paths=(15,),
        armour=10,
        resistances={"fire": 20, "poison": 35},
        effect_types=("fire", "poison"),
        buffs=(10,),
    )
    assert made.chance() == rules.chance()
    assert rules.defence == 12 + 15 + 10 + 35 + 10  # only the highest resistance counts
