"""critdice: the pools of the character sheet (critdice.skill_pool, critdice.stat_pool) and
the check kinds built from them (critdice.SkillCheck, critdice.StatCheck) against the plain
Check they stand for."""

from __future__ import annotations

import dataclasses

import pytest

from rollkit import LimitError, RulesError, critdice
from rollkit.critdice import Check, SkillCheck, StatCheck, skill_pool, stat_pool
from tests.systems.critdice.brute import brute


def test_pools() -> None:
    assert skill_pool(rank=0, stats=(3, 5)) == 3
    assert skill_pool(rank=1, stats=(3, 5)) == 6
    assert skill_pool(rank=2, stats=(3, 5), weapon_bonus=3) == 9
    assert skill_pool(rank=3, stats=[4], weapon_bonus=1) == 8
    assert skill_pool(rank=0, stats=(3, 5), weapon_bonus=4) == 3
    assert skill_pool(rank=2, stats=(2, 2), untrained_allowed=False) == 4
    listed = SkillCheck(rank=1, stats=[2, 4])  # type: ignore[arg-type]
    assert listed.stats == (2, 4) and hash(listed) == hash(SkillCheck(rank=1, stats=(2, 4)))
    assert stat_pool(stat=4) == 4 and stat_pool(stat=0) == 0


def test_pooled_checks_match_check() -> None:
    skill = SkillCheck(rank=2, stats=(3, 5), weapon_bonus=3, sn=7, focus=1)
    plain = Check(dice=9, sn=7, focus=1)
    assert skill.outcomes() == plain.outcomes() and skill.chance() == plain.chance()
    assert skill.distribution() == plain.distribution()
    assert skill.distribution(bound=5) == plain.distribution(bound=5)
    roll = skill.roll(seed=11)
    assert roll.check == skill.describe() and roll.check.startswith("critdice.SkillCheck(rank=2")
    assert dataclasses.replace(roll, check=plain.describe()) == plain.roll(seed=11)
    stat = StatCheck(stat=4, legendary=2)
    assert stat.outcomes() == Check(dice=4, legendary=2).outcomes()
    assert stat.resolve([3, 4, 5, 6]).check == stat.describe()
    with pytest.raises(RulesError, match="untrained_allowed=False"):
        SkillCheck(rank=0, stats=(3, 4), untrained_allowed=False)
    with pytest.raises(LimitError):
        StatCheck(stat=10**9)


def test_checks_from_the_character_sheet() -> None:
    """``Check.skill``/``Check.stat`` build a plain Check; SkillCheck and StatCheck are their
    flat forms for the command line and widgets, with the same odds, checks and messages."""
    assert Check.skill(rank=2, stats=(3, 5), weapon_bonus=3, sn=7, focus=1) == Check(dice=9, sn=7, focus=1)
    assert Check.skill(rank=0, stats=(3, 5), weapon_bonus=3) == Check(dice=3)
    assert Check.stat(stat=4, legendary=2) == Check(dice=4, legendary=2)
    assert SkillCheck(rank=2, stats=[3, 5])._plain() == Check.skill(rank=2, stats=(3, 5))
    assert StatCheck(stat=6, sn=9)._plain() == Check.stat(stat=6, sn=9)
    too_many = r"^rank=50, stats=\(60,\) and weapon_bonus=0 give too large a pool: dice=110"
    for build in (Check.skill, SkillCheck):
        with pytest.raises(LimitError, match=too_many):
            build(rank=50, stats=(60,))
        with pytest.raises(RulesError, match="untrained_allowed=False"):
            build(rank=0, stats=(3,), untrained_allowed=False)
    with pytest.raises(LimitError, match=r"^stat=101 give too large a pool: dice=101 is too"):
        Check.stat(stat=101)
    with pytest.raises(
        LimitError, match=r"^stat=101 is too large: rollkit computes exact odds for stat up to 100"
    ):
        StatCheck(stat=101)  # the kind's own field says so first
    for build in (Check.stat, StatCheck):
        with pytest.raises(LimitError, match=r"^stat=31 give too large a pool: dice=31 is too"):
            build(stat=31, focus=1)


@pytest.mark.parametrize(
    ("rank", "stats", "weapon", "points"),
    [(2, (3,), 0, (0, 0)), (0, (2, 1), 0, (0, 0)), (1, (1, 2), 2, (1, 0)), (1, (1,), 0, (0, 2))],
)
@pytest.mark.parametrize("critical", [1, 2])
def test_sheet_kinds_take_an_abilitys_critical_dice(
    rank: int, stats: tuple[int, ...], weapon: int, points: tuple[int, int], critical: int
) -> None:
    """The issue's reproducer: ``SkillCheck(rank=2, stats=(3,), critical=1)`` raised TypeError.
    Every face of the small pools is enumerated with the policy applied (brute.py)."""
    legendary, focus = points
    pool = skill_pool(rank=rank, stats=stats, weapon_bonus=weapon)
    skill = SkillCheck(
        rank=rank, stats=stats, weapon_bonus=weapon, legendary=legendary, focus=focus, critical=critical
    )
    built = Check.skill(
        rank=rank, stats=stats, weapon_bonus=weapon, legendary=legendary, focus=focus, critical=critical
    )
    assert built == skill._plain() == Check(dice=pool, legendary=legendary, focus=focus, critical=critical)
    if pool <= 3:
        dist, out = brute(pool, 8, legendary, focus, critical, top=6)
        assert dict(skill.outcomes().items()) == out
        listed = skill.distribution(bound=6)
        assert {t: p for t, p in listed.items() if p} == dist
    stat = StatCheck(stat=stats[0], legendary=legendary, focus=focus, critical=critical)
    assert stat._plain() == Check.stat(stat=stats[0], legendary=legendary, focus=focus, critical=critical)
    assert (
        stat.outcomes()
        == Check(dice=stats[0], legendary=legendary, focus=focus, critical=critical).outcomes()
    )
    assert stat.chance() > StatCheck(stat=stats[0], legendary=legendary, focus=focus).chance()


def test_the_reproducer_rolls_the_abilitys_critical_die() -> None:
    check = SkillCheck(rank=2, stats=(3,), critical=1)
    roll = check.resolve([8, 2, 3, 4, 5, 6])
    assert [d.role for d in roll.dice] == ["standard"] * 5 + ["critical"]
    assert roll.tally == 2 and roll.outcome == "success" and roll.detail("critical dice") == 1
    assert roll.probability == check.outcomes()["success"]
    hand = StatCheck(stat=2, critical=2).hand(faces=[12, 5])
    assert hand.owed() == 3  # the 12's critical die and the Ability's two
    finished = hand.finish(critical=[3, 9, 4])
    assert finished.tally == 1 + 1 + 2 + 1 and finished.outcome == "critical success"
    with pytest.raises(RulesError, match="critical="):
        SkillCheck(rank=2, stats=(3,), critical=-1)


def test_numbers_in_the_ability_dice_ruling() -> None:
    """Ruling critdice-ability-dice quotes a Skill check with and without an Ability's critical
    die; both chances from every face of the five dice (brute.py), not from rollkit."""
    why = next(r.why for r in critdice.RULINGS if r.id == "critdice-ability-dice")
    chances = []
    for critical in (0, 1):
        _, out = brute(5, 8, 0, 0, critical, top=0)
        chance = out["success"] + out["critical success"]
        assert SkillCheck(rank=2, stats=(3,), critical=critical).chance() == chance
        chances.append(f"{float(chance) * 100:.2f}%")
    assert f"succeeds {chances[0]} of the time, and {chances[1]} with one critical die" in why
