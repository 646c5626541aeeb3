"""Ninefold toPass and defence built from their parts (issue #11): Stat, one Skill path, Buff
and Debuff Bonuses; resistances, vulnerabilities, immunity, armour and armour piercing.

Every check built from parts is held against the plain number the parts sum to, worked out
here by hand from the text's formulas, and that plain number's odds against face counting
(``brute_check`` / ``brute_contest`` of brute.py).
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, ParameterTypeError, RulesError, ninefold
from rollkit._cli import main
from rollkit._params import build
from rollkit.ninefold import (
    Check,
    Contest,
    DefenderContest,
    Immune,
    SkillCheck,
    defence_to_pass,
    to_pass,
)
from tests.helpers.properties import assert_exact, assert_replayable
from tests.systems.ninefold.brute import CONTEST_NAMES, NAMES, assert_matches, brute_check, brute_contest

# --------------------------------------------------------------------------- the formulas by hand


def path_total(path: int | tuple[int, ...]) -> int:
    return path if isinstance(path, int) else sum(path)


def hand_to_pass(stat: int, paths, buffs, debuffs) -> int:
    """toPass = Stat + Skills + Buff - Debuff, Skills the one best path (paths never stack)."""
    skills = max((path_total(p) for p in paths), default=0)
    return stat + skills + sum(buffs) - sum(debuffs)


def hand_defence(stat, paths, armour, cover, types, resistances, buffs, debuffs, piercing) -> int:
    """defence toPass = stat + skill + armor + cover + max(resistance) + buffs - debuffs - AP;
    a type without a resistance is +0 in the maximum; an untyped effect adds 0."""
    listed = list(resistances) + [0] * (types - len(resistances))
    resistance = max(listed) if types else 0
    skill = max((path_total(p) for p in paths), default=0)
    return stat + skill + armour + cover + resistance + sum(buffs) - sum(debuffs) - piercing


@cache
def brute_check_cached(p: int, n: int, conv: str):
    return brute_check(p, n, conv, 5, 5, 0)


@cache
def brute_contest_cached(off: int, dfn: int, n: int, d: int, immune: bool):
    return brute_contest(off, dfn, n, d, "roll-under", 5, 5, 3, immune)


def same_roll(parts_roll, plain_roll) -> bool:
    """A roll from the parts is the plain check's roll, its details after the parts."""
    k = len(parts_roll.details) - len(plain_roll.details)
    return (
        k > 0
        and dataclasses.replace(parts_roll, check=plain_roll.check, details=parts_roll.details[k:])
        == plain_roll
    )


# --------------------------------------------------------------------------- toPass from parts

STATS = (-80, 0, 18, 75)
PATHS = ((), (20,), (20, 10), ((15, 5), 25), (0, 0), ((40, 30),))
BUFFS = ((), (5,), (5, 3), (-5, 20))
DEBUFFS = ((), (3,), (2, 50), (-5,))


@pytest.mark.parametrize("conv", ["roll-under", "roll-high"])
def test_parts_give_the_odds_of_the_plain_to_pass(conv):
    """Every combination, clamped ends included (75 + 70 + 25 = 170, -80 - 52 = -132)."""
    seen = set()
    for stat, paths, buffs, debuffs in itertools.product(STATS, PATHS, BUFFS, DEBUFFS):
        total = hand_to_pass(stat, paths, buffs, debuffs)
        seen.add(min(100, max(0, total)))
        assert to_pass(stat=stat, paths=paths, buffs=buffs, debuffs=debuffs) == total
        check = Check.skill(stat=stat, paths=paths, buffs=buffs, debuffs=debuffs, convention=conv)
        assert check == Check(to_pass=total, convention=conv)
        outcomes, margins, chance = brute_check_cached(total, 100, conv)
        assert check.chance() == chance
        assert_matches(check.outcomes(), outcomes, NAMES)
        assert_matches(check.distribution(), margins)
        if all(isinstance(p, int) for p in paths):  # the flat kind takes path totals
            flat = SkillCheck(stat=stat, paths=paths, buffs=buffs, debuffs=debuffs, convention=conv)
            assert (flat.chance(), flat.outcomes(), flat.distribution()) == (
                chance,
                check.outcomes(),
                check.distribution(),
            )
    assert {0, 100} <= seen and len(seen) > 20


def test_paths_never_stack():
    assert to_pass(stat=18, paths=((15, 5), 10)) == 38  # Swords 20 and Brawling 10: 20 counts
    assert to_pass(stat=18, paths=((15, 5), 10)) != 18 + 15 + 5 + 10
    assert to_pass(stat=18, paths=(10, (15, 5))) == to_pass(stat=18, paths=((15, 5), 10))
    assert to_pass(stat=18, paths=(20, 20)) == 38  # two equal paths: still one
    assert to_pass(stat=18, paths=()) == to_pass(stat=18) == 18  # no fitting path: +0
    assert to_pass(stat=18, paths=((),)) == 18  # a path with no bonus yet
    # the ruling's numbers: 40, not 50
    assert to_pass(stat=18, paths=((15, 5), 10), buffs=(5,), debuffs=(3,)) == 40
    assert 18 + 30 + 5 - 3 == 50


def test_plain_numbers_and_lists_add_up():
    assert to_pass(stat=18, skills=20, buff=5, debuff=3) == 40  # unchanged
    assert to_pass(stat=18, skills=20, buff=2, buffs=(3,), debuff=1, debuffs=(1, 1)) == 40
    assert to_pass(stat=18, skills=20, buffs=5, debuffs=3) == 40  # one number is a list of one
    assert to_pass(stat=10, buffs=[4, 6], debuffs=[-5]) == 25  # lists as lists; a negative Debuff
    # the debuff-sign ruling: the robot's -2% is a Debuff Bonus of 2
    assert to_pass(stat=12, skills=20, debuffs=(2,)) == 30
    assert to_pass(stat=12, skills=20, debuffs=(-2,)) == 34 > to_pass(stat=12, skills=20) == 32


@settings(max_examples=60, deadline=None)
@given(
    stat=st.integers(-150, 150),
    paths=st.lists(st.integers(0, 60), max_size=3),
    buffs=st.lists(st.integers(-40, 40), max_size=3),
    debuffs=st.lists(st.integers(-40, 40), max_size=3),
    face=st.integers(1, 100),
    conv=st.sampled_from(["roll-under", "roll-high"]),
    effect=st.integers(0, 5),
)
def test_a_flat_skill_check_rolls_as_the_plain_check(stat, paths, buffs, debuffs, face, conv, effect):
    flat = SkillCheck(
        stat=stat,
        paths=tuple(paths),
        buffs=tuple(buffs),
        debuffs=tuple(debuffs),
        convention=conv,
        effect_dice=effect,
    )
    plain = Check(to_pass=hand_to_pass(stat, paths, buffs, debuffs), convention=conv, effect_dice=effect)
    assert flat.outcomes() == plain.outcomes() and flat.chance() == plain.chance()
    assert same_roll(flat.resolve([face]), plain.resolve([face]))
    assert flat.success_from() == plain.success_from() == 0


@pytest.mark.parametrize(
    "die,stat,paths,buffs,debuffs,bands",
    [
        (20, 5, (20, 10), (5, 5), (), (5, 5)),  # 35: 7 faces of a d20
        (10, 0, (30, 60), (), (10,), (10, 0)),  # 50
        (4, 5, ((10, 15),), (-3, 3), (5,), (0, 0)),  # 25: one face of a d4
        (2, 90, (), (20,), (), (0, 50)),  # 110: always
    ],
)
@pytest.mark.parametrize("conv", ["roll-under", "roll-high"])
def test_parts_on_other_dice(die, stat, paths, buffs, debuffs, bands, conv):
    total = hand_to_pass(stat, paths, buffs, debuffs)
    fav, unfav = bands
    check = Check.skill(
        stat=stat,
        paths=paths,
        buffs=buffs,
        debuffs=debuffs,
        die=die,
        convention=conv,
        favourable=fav,
        unfavourable=unfav,
    )
    outcomes, margins, chance = brute_check(total, die, conv, fav, unfav, 0)
    assert check.chance() == chance == Fraction(min(100, max(0, total)), 100)
    assert_matches(check.outcomes(), outcomes, NAMES)
    assert_matches(check.distribution(), margins)


def test_the_roll_log_shows_the_parts_in_the_rules_words():
    check = SkillCheck(stat=18, paths=(20, 10), buffs=(5,), debuffs=(3,))
    roll = check.resolve([37])
    assert roll.detail("skills") == "20, the best of 2 fitting Skill paths (20; 10); paths never stack"
    assert roll.detail("final toPass") == "40 = Stat 18 + Skills 20 + Buff Bonus 5 - Debuff Bonus 3"
    assert (roll.tally, roll.outcome, roll.detail("margin")) == (3, "pass", 3)
    assert roll.check.startswith("ninefold.SkillCheck(stat=18, paths=(20, 10)")
    several = SkillCheck(stat=-5, buffs=(5, 3, -1), debuffs=(2, -4)).resolve([1])
    assert several.detail("skills") == "0, no trained Skill path fits"
    assert (
        several.detail("final toPass") == "4 = Stat -5 + Buff Bonus 7 (5 + 3 - 1) - Debuff Bonus -2 (2 - 4)"
    )
    assert -5 + 7 + 2 == 4 and several.success
    one = SkillCheck(stat=30, paths=(25,)).resolve([99])
    assert one.detail("skills") == "25, one Skill path"
    assert one.detail("final toPass") == "55 = Stat 30 + Skills 25"
    # the parts come first, then the plain check's own details
    assert [k for k, _ in roll.details] == ["skills", "final toPass", "margin", "critical", "effect dice"]
    text = str(roll)
    assert "final toPass: 40 = Stat 18" in text and "paths never stack" in text


# --------------------------------------------------------------------------- the defence from parts


DEFENCES = [
    # stat, paths, armour, cover, types, resistances, buffs, debuffs, piercing
    (30, (), 0, 0, 2, (20, 35), (), (), 0),  # fire +20, poison +35: 65
    (30, (20, 15), 10, 5, 1, (), (5,), (5,), 15),  # armour path 20 counts; AP 15 > armour 10
    (30, (), 0, 0, 1, (-10,), (), (), 0),  # vulnerable to the one type: 20
    (30, (), 0, 0, 2, (-10,), (), (), 0),  # vulnerable to one of two: the other is +0
    (30, (), 0, 0, 2, (-10, -5), (), (), 0),  # vulnerable to both: the lesser hurts, 25
    (30, (), 0, 0, 0, (), (), (), 0),  # untyped
    (60, (40,), 20, 10, 1, (35,), (10,), (), 0),  # 175: always defends
    (-20, (), 0, 0, 1, (-40,), (), (10, 5), 25),  # -100: never defends
    (0, (0, 0), 0, 0, 3, (5, 0, 10), (), (), 0),
    (45, (10, 5), 15, 0, 2, (-5, 15), (10, -5), (5, 5), 10),
]


@pytest.mark.parametrize("defence", DEFENCES)
@pytest.mark.parametrize("immune", [False, True])
@pytest.mark.parametrize("offence", [-10, 0, 55, 100, 130])
def test_defence_parts_give_the_odds_of_the_plain_contest(defence, immune, offence):
    stat, paths, armour, cover, types, res, buffs, debuffs, piercing = defence
    if immune and not types:
        return  # refused: see test_flat_errors_name_the_field
    plain_defence = hand_defence(stat, paths, armour, cover, *defence[4:])
    flat = DefenderContest(
        offence=offence,
        stat=stat,
        paths=paths,
        armour=armour,
        cover=cover,
        effect_types=types,
        resistances=res,
        immune=immune,
        buffs=buffs,
        debuffs=debuffs,
        armour_piercing=piercing,
        offence_die=20,
        defence_die=20,
        effect_dice=3,
    )
    plain = Contest(
        offence=offence,
        defence=0 if immune else plain_defence,
        offence_die=20,
        defence_die=20,
        effect_dice=3,
        immune=immune,
    )
    outcomes, tallies = brute_contest_cached(offence, 0 if immune else plain_defence, 20, 20, immune)
    assert_matches(flat.outcomes(), outcomes, CONTEST_NAMES)
    assert_matches(flat.distribution(), tallies)
    assert flat.outcomes() == plain.outcomes() and flat.chance() == plain.chance()
    p_off = Fraction(min(100, max(0, offence)), 100)
    p_def = Fraction(min(100, max(0, plain_defence)), 100)
    assert flat.chance() == (0 if immune else p_off * (1 - p_def))
    for faces in ([1, 20], [4, 13], [20, 1], [1, 1], [12, 12]):
        plain_roll = _resolve_any(plain, faces)
        assert same_roll(flat.resolve(plain_roll.faces), plain_roll)


def _resolve_any(check, faces):
    """The roll of the first faces the check takes (1 or 2 dice)."""
    try:
        return check.resolve(faces[:1])
    except RulesError:
        return check.resolve(faces)


def test_the_named_api_matches_the_flat_kind():
    """Contest.defender with named types against DefenderContest with counted ones."""
    named = Contest.defender(
        offence=60,
        stat=30,
        paths=((15, 5), 15),
        armour=10,
        resistances={"fire": -10, "poison": 35, "cold": 50},
        effect_types=("fire", "poison"),
        buffs=(5,),
        debuffs=(5,),
        armour_piercing=15,
    )
    assert named.defence == 30 + 20 + 10 + 35 + 5 - 5 - 15 == 80  # cold does not match
    flat = DefenderContest(
        offence=60,
        stat=30,
        paths=(20, 15),
        armour=10,
        effect_types=2,
        resistances=(-10, 35),
        buffs=(5,),
        debuffs=(5,),
        armour_piercing=15,
    )
    assert flat._plain() == named
    assert (
        defence_to_pass(
            stat=30,
            paths=((15, 5), 15),
            armour=10,
            resistances={"fire": -10, "poison": 35},
            effect_types=("fire", "poison"),
            buffs=(5,),
            debuffs=5,
            armour_piercing=15,
        )
        == 80
    )
    immune = Contest.defender(offence=60, stat=30, effect_types=("fire", "poison"), immunities=("POISON",))
    assert immune == Contest(offence=60, defence=0, immune=True)
    assert immune == DefenderContest(offence=60, stat=30, effect_types=2, immune=True)._plain()


def test_the_rulings_numbers():
    # resistance-not-a-buff: fire -10, poison +35 against fire-and-poison, Stat 30: 65, not 55
    res = {"fire": -10, "poison": 35}
    assert defence_to_pass(stat=30, resistances=res, effect_types=("fire", "poison")) == 65
    assert defence_to_pass(stat=30, resistances=res, effect_types=("fire",)) == 20
    # armour-piercing: Stat 30, armour 10, piercing 15: 25, not capped at the armour (30)
    assert defence_to_pass(stat=30, armour=10, armour_piercing=15) == 25
    # defence-after-offence: armour path 20 or evasion path 15, Stat 30: defends 50 or 45 in 100
    best = Contest.defender(offence=60, stat=30, paths=(20, 15))
    assert best.defence == 50 and best.chance() == Fraction(60, 100) * Fraction(50, 100)
    assert Contest.defender(offence=60, stat=30, paths=(15,)).defence == 45


def test_choosing_the_defence_after_the_offence_roll_changes_nothing():
    """The defender sees the offence face, then picks its path (ruling
    ``ninefold-defence-after-offence``): face by face the best pick is the same path, so the
    chance the effect lands is the one of the best path chosen beforehand."""
    paths = (15, 20, 0)
    for offence, die in ((60, 100), (35, 20), (100, 20), (0, 20)):
        chosen_after = Fraction(0)
        for face in range(1, die + 1):
            passed = face <= offence * die // 100  # roll-under: the lowest faces pass
            lands = {p: (1 - Fraction(30 + p, 100)) * passed for p in paths}
            best = min(lands.values())
            if passed:
                assert [p for p in paths if lands[p] == best] == [20]
            chosen_after += best / die
        fixed = Contest.defender(offence=offence, stat=30, paths=paths, offence_die=die)
        assert fixed.defence == 50 and fixed.chance() == chosen_after


def test_the_defence_log_shows_the_parts():
    contest = DefenderContest(
        offence=60,
        stat=30,
        paths=(20, 15),
        armour=10,
        effect_types=2,
        resistances=(20, 35),
        debuffs=(5,),
        armour_piercing=15,
        effect_dice=4,
    )
    roll = contest.resolve([3, 99])
    assert roll.detail("defence skill") == "20, the best of 2 fitting Skill paths (20; 15); paths never stack"
    assert roll.detail("resistance") == "+35, the highest of type 1 +20, type 2 +35; resistances never add"
    assert roll.detail("defence toPass") == (
        "75 = Stat 30 + Skill 20 + Armour 10 + Resistance 35 - Debuffs 5 - Armour piercing 15"
    )
    assert roll.outcome == "effect, favourable critical" and roll.tally == 8
    assert roll.detail("defence margin") == 75 - 99
    missing = DefenderContest(offence=60, stat=30, effect_types=2, resistances=(-10,)).resolve([70])
    assert (
        missing.detail("resistance")
        == "+0, the highest of type 1 -10, type 2 none (+0); resistances never add"
    )
    vulnerable = DefenderContest(offence=60, stat=30, resistances=(-10,)).resolve([70])
    assert vulnerable.detail("resistance") == "-10 (type 1 -10); a vulnerability"
    assert vulnerable.detail("defence toPass") == "20 = Stat 30 + Resistance -10"
    assert vulnerable.outcome == "offence fails" and len(vulnerable.dice) == 1
    immune = DefenderContest(offence=60, stat=30, resistances=(-10,), immune=True).resolve([5])
    assert immune.detail("defence") == (
        "immune to one of the effect's types; the effect does not apply and no defence is rolled"
    )
    assert immune.outcome == "immune" and [d.role for d in immune.dice] == ["offence"]
    named = defence_to_pass(stat=30, effect_types=("fire",), immunities=("fire",))
    assert isinstance(named, Immune) and str(named) == "immune to fire"


# --------------------------------------------------------------------------- errors, limits, fields


def test_python_errors_name_the_entry():
    with pytest.raises(RulesError, match=r"skills=20 with paths=\(10,\) is not allowed.*not both"):
        to_pass(stat=10, skills=20, paths=(10,))
    with pytest.raises(RulesError, match=r"skill=5 with paths=\(10,\)"):
        defence_to_pass(stat=10, skill=5, paths=(10,))
    with pytest.raises(RulesError, match=r"paths\[1\]\[0\]=-5 is not allowed.*Debuff Bonus"):
        to_pass(stat=10, paths=(10, (-5, 3)))
    with pytest.raises(RulesError, match=r"paths\[0\]=-1 is not allowed"):
        Check.skill(stat=10, paths=(-1,))
    with pytest.raises(ParameterTypeError, match=r"buffs\[2\]='3' is not allowed"):
        to_pass(stat=10, buffs=(1, 2, "3"))
    with pytest.raises(ParameterTypeError, match=r"debuffs='5' is not allowed"):
        to_pass(stat=10, debuffs="5")
    with pytest.raises(ParameterTypeError, match=r"paths='20' is not allowed: paths must be a tuple"):
        to_pass(stat=10, paths="20")
    with pytest.raises(ParameterTypeError, match=r"paths\[0\]=1.5"):
        to_pass(stat=10, paths=(1.5,))
    with pytest.raises(ParameterTypeError, match=r"buffs=True"):
        defence_to_pass(stat=10, buffs=True)
    with pytest.raises(LimitError, match=r"buffs has 1001 entries.*MAX_PARTS"):
        to_pass(stat=10, buffs=(1,) * (ninefold.MAX_PARTS + 1))
    with pytest.raises(LimitError, match=r"paths\[0\] has 1001 entries"):
        to_pass(stat=10, paths=((1,) * 1001,))
    with pytest.raises(LimitError, match=r"paths has more than 1000 proficiency bonuses in all.*MAX_PARTS"):
        to_pass(stat=10, paths=((1,) * 600, (2,) * 401))
    assert to_pass(stat=10, paths=((1,) * 600, (2,) * 400)) == 810
    with pytest.raises(LimitError, match=r"debuffs\[0\]=10000000 is too large"):
        to_pass(stat=10, debuffs=(10**7,))
    # a toPass the parts make, said with the parts
    with pytest.raises(RulesError) as error:
        Check.skill(stat=18, paths=(20,), buffs=(5,), die=20)
    assert str(error.value).startswith(
        "stat=18, paths=(20,) and buffs=(5,) make toPass 43, which is not allowed on a d20"
    )
    with pytest.raises(
        LimitError, match=r"stat=1000000 and buffs=\(1,\) make toPass 1000001, which is too large"
    ):
        Check.skill(stat=10**6, buffs=(1,))
    with pytest.raises(
        RulesError, match=r"stat=30 and armour=3 make defence toPass 33, which is not allowed on a d20"
    ):
        Contest.defender(offence=60, stat=30, armour=3, defence_die=20)
    with pytest.raises(RulesError, match=r"offence=33 is not allowed on a d20"):
        Contest.defender(offence=33, stat=30, offence_die=20)
    with pytest.raises(RulesError, match=r"^favourable=60 with unfavourable=60"):
        Check.skill(stat=30, favourable=60, unfavourable=60)


def test_flat_errors_name_the_field():
    with pytest.raises(RulesError, match=r"resistances=\(20, 35\) is not allowed with effect_types=1"):
        DefenderContest(offence=60, stat=30, resistances=(20, 35))
    with pytest.raises(RulesError, match=r"immune=True is not allowed with effect_types=0"):
        DefenderContest(offence=60, stat=30, effect_types=0, immune=True)
    with pytest.raises(RulesError, match=r"resistances\[1\]=2000000 is too large"):
        DefenderContest(offence=60, stat=30, effect_types=2, resistances=(1, 2 * 10**6))
    with pytest.raises(LimitError, match=r"effect_types=1001 is too large"):
        DefenderContest(offence=60, stat=30, effect_types=1001)
    with pytest.raises(RulesError, match=r"effect_types=-1 is not allowed"):
        DefenderContest(offence=60, stat=30, effect_types=-1)
    with pytest.raises(ParameterTypeError, match=r"immune=1 is not allowed"):
        DefenderContest(offence=60, stat=30, immune=1)
    with pytest.raises(RulesError, match=r"paths\[1\]=-3"):
        SkillCheck(stat=30, paths=(3, -3))
    # lists given as lists are kept as tuples
    assert SkillCheck(stat=30, paths=[20], buffs=[1], debuffs=[2]) == SkillCheck(
        stat=30, paths=(20,), buffs=(1,), debuffs=(2,)
    )


def test_widgets_and_the_command_line_build_the_parts(capsys):
    check = build("ninefold.skill", {"stat": "18", "paths": "20, 10", "buffs": "5", "debuffs": "3"})
    assert check == SkillCheck(stat=18, paths=(20, 10), buffs=(5,), debuffs=(3,))
    assert check.chance() == Fraction(2, 5)
    contest = build(
        "ninefold.defender",
        {"offence": "60", "stat": "30", "effect_types": "2", "resistances": "-10 35", "immune": "false"},
    )
    assert contest._plain().defence == 65
    with pytest.raises(RulesError, match=r"Skill paths \(%\), Skill path 2: .* out of range"):
        build("ninefold.skill", {"stat": "18", "paths": "20, -10"})
    code = main(
        ["odds", "ninefold.skill", "--stat", "18", "--paths", "20,10", "--buffs", "5", "--debuffs", "3"]
    )
    out, _ = capsys.readouterr()
    assert code == 0 and "exact fraction 2/5" in out
    code = main(["roll", "ninefold.skill", "--stat", "12", "--paths", "20", "--debuffs=-2", "--seed", "7"])
    out, _ = capsys.readouterr()
    assert code == 0 and "  Final toPass: 34 = Stat 12 + Skills 20 - Debuff Bonus -2\n" in out
    code = main(["systems"])
    out, _ = capsys.readouterr()
    assert code == 0 and "ninefold.skill         --stat [--paths] [--buffs] [--debuffs] [--die]" in out
    assert "ninefold.defender      --offence --stat [--paths] [--armour] [--cover] [--effect-types]" in out
    code = main(["systems", "ninefold.defender"])
    out, _ = capsys.readouterr()
    assert code == 0 and "Resistances (%)" in out and "Armour piercing (%)" in out


@pytest.mark.parametrize(
    "check",
    [
        SkillCheck(stat=18, paths=(20, 10), buffs=(5,), debuffs=(3,), effect_dice=3),
        SkillCheck(stat=40, paths=(10,), die=20, convention="roll-high", effect_dice=1),
        SkillCheck(stat=150),
        DefenderContest(offence=60, stat=30, effect_types=2, resistances=(20, 35), effect_dice=4),
        DefenderContest(offence=80, stat=10, immune=True, effect_dice=2, offence_die=20, defence_die=10),
        DefenderContest(offence=55, stat=-30, armour_piercing=20, convention="roll-high"),
    ],
    ids=lambda c: c.describe()[:60],
)
def test_properties(check):
    assert_exact(check)
    assert_replayable(check, seeds=range(6))
    assert check.distribution() == check._plain().distribution()
    assert check.distribution(bound=2) == check._plain().distribution(bound=2)


# --------------------------------------------------------------------------- every option of the plain check


def replays(flat, plain, tries) -> int:
    """How many of the ``tries`` (lists of faces) the plain check takes; each replays the same
    from the sheet kind."""
    done = 0
    for faces in tries:
        try:
            roll = plain.resolve(faces)
        except RulesError:
            continue
        assert same_roll(flat.resolve(faces), roll)
        done += 1
    return done


@pytest.mark.parametrize("criticals", ["confirm", "natural"])
@pytest.mark.parametrize("die,fav,unfav", [(10, 5, 5), (6, 10, 20), (20, 7, 3)])
def test_a_skill_check_takes_every_option_of_the_plain_check(criticals, die, fav, unfav):
    total = 50
    options = dict(die=die, convention="roll-high", favourable=fav, unfavourable=unfav, criticals=criticals)
    flat = SkillCheck(stat=30, paths=(20,), effect_dice=2, **options)
    built = Check.skill(stat=30, paths=(20,), effect_dice=2, **options)
    by_hand = Check(to_pass=total, effect_dice=2, **options)
    assert built == by_hand
    assert flat.outcomes() == by_hand.outcomes() and flat.distribution() == by_hand.distribution()
    outcomes, margins, _ = brute_check(total, die, "roll-high", fav, unfav, 0, criticals)
    assert_matches(flat.outcomes(), outcomes, NAMES)
    assert replays(flat, by_hand, ([die], [die, 1], [die, 100], [1], [1, 1])) >= 2


@pytest.mark.parametrize("reduced", ["none", "half"])
@pytest.mark.parametrize("criticals", ["confirm", "natural"])
def test_a_defender_contest_takes_every_option_of_the_plain_contest(reduced, criticals):
    options = dict(
        offence_die=10,
        defence_die=10,
        convention="roll-under",
        favourable=5,
        unfavourable=15,
        defence_favourable=25,
        defence_unfavourable=5,
        criticals=criticals,
        effect_dice=3,
        reduced=reduced,
    )
    flat = DefenderContest(offence=60, stat=30, armour=10, effect_types=0, **options)
    built = Contest.defender(offence=60, stat=30, armour=10, **options)
    by_hand = Contest(offence=60, defence=40, **options)
    assert built == by_hand
    assert flat.outcomes() == by_hand.outcomes() and flat.distribution() == by_hand.distribution()
    outcomes, tallies = brute_contest(
        60, 40, 10, 10, "roll-under", 5, 15, 3, False, dfav=25, dunfav=5, criticals=criticals, reduced=reduced
    )
    assert_matches(flat.outcomes(), outcomes, CONTEST_NAMES)
    assert_matches(flat.distribution(), tallies)
    faces = ([1, 2, 1], [3, 3, 30], [6, 10, 100], [6, 3, 70], [2, 5], [2, 3, 1], [7], [8, 40])
    assert replays(flat, by_hand, faces) >= 2
