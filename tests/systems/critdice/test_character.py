"""critdice: a character's Stats, Skills, Legendary Ranks and Focus fill each check as
``skill_pool`` and the classmethods make it (Creating Dice Pool; rulings critdice-skill-stats)."""

from __future__ import annotations

import pytest

from rollkit import Character, RulesError, critdice


def kit(rank: int = 2, allowed: bool = True) -> Character:
    return Character.make(
        name="Kit",
        system=critdice.SYSTEM,
        values={"legendary": 1, "focus": 2},
        entries={
            "stats": [{"name": "Agility", "stat": 4}, {"name": "Wits", "stat": 3}],
            "skills": [
                {
                    "name": "Sneak",
                    "rank": rank,
                    "stat": "Agility",
                    "other": "Wits",
                    "untrained_allowed": allowed,
                },
                {"name": "Lore", "rank": 1, "stat": "Wits"},
            ],
        },
    )


def test_a_skill_check_takes_the_rank_stats_and_points() -> None:
    made = kit().fill(critdice.SkillCheck, {"skills": "Sneak"}).check()
    assert made == critdice.SkillCheck(rank=2, stats=(4, 3), legendary=1, focus=2)
    assert made.chance() == critdice.Check.skill(rank=2, stats=(4, 3), legendary=1, focus=2).chance()


def test_a_plain_check_takes_the_skill_pool() -> None:
    made = kit().fill(critdice.Check, {"skills": "Sneak"}).check(sn=9)
    assert made == critdice.Check(dice=critdice.skill_pool(rank=2, stats=(4, 3)), sn=9, legendary=1, focus=2)
    assert made.dice == 2 + 4
    untrained = kit(rank=0).fill(critdice.Check, {"skills": "Sneak"}).check()
    assert untrained.dice == 3  # the lower Stat at Rank 0


def test_a_stat_check_takes_the_stat() -> None:
    made = kit().fill(critdice.StatCheck, {"stats": "Wits"}).check()
    assert made == critdice.StatCheck(stat=3, legendary=1, focus=2)
    assert made.chance() == critdice.Check.stat(stat=3, legendary=1, focus=2).chance()


def test_a_skill_that_needs_training_is_refused_at_rank_0() -> None:
    with pytest.raises(RulesError) as caught:
        kit(rank=0, allowed=False).fill(critdice.Check, {"skills": "Sneak"})
    assert caught.value.field == "check"
    assert caught.value.said == "Sneak: at Rank 0 it cannot be used untrained; it needs Rank 1 or more."


def test_a_pool_too_large_is_said_about_its_rank() -> None:
    made = kit(rank=90).fill(critdice.SkillCheck, {"skills": "Sneak"})
    with pytest.raises(RulesError) as caught:
        made.check()
    assert caught.value.field == "rank" and "{" not in str(caught.value.said)
