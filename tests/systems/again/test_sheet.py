"""rollkit.again from the character sheet: Stat + Skill pools (issue #11).

A pool built from the sheet must play exactly as the plain pool its numbers add up to;
the small cases are also held against face enumeration (brute.py's reference).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollkit import LimitError, ParameterTypeError, RulesError, again
from rollkit._cli import main
from rollkit._params import build
from rollkit.again import (
    Check,
    Mitigated,
    MitigatedSkill,
    Opposed,
    OpposedSkills,
    SkillCheck,
    dice_pool,
)
from tests.helpers.properties import assert_exact, assert_replayable
from tests.systems.again.brute import brute_outcomes, brute_pmf


def test_dice_pool_adds_the_sheet() -> None:
    assert dice_pool(stat=3, skill=2) == 5  # Charisma 3 + Handle Animal 2
    assert dice_pool(stat=3, skill=2, weapon=2, modifier=1) == 8
    assert dice_pool(stat=2, skill=0, modifier=-3) == -1  # the check then rolls one die
    assert dice_pool(stat=0, skill=0) == 0


# --- the same odds as the plain pool ------------------------------------------------------------

SHEETS = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (3, 2, 0), (3, 2, -1), (2, 0, -3), (4, 3, 2), (0, 6, -6)]


@pytest.mark.parametrize(("stat", "skill", "modifier"), SHEETS)
@pytest.mark.parametrize(
    ("dc", "again_value", "exceed", "botch", "faces", "critical"),
    [
        (1, 10, False, "failure", 1, "any"),
        (3, 9, True, "zero", 2, "any"),
        (0, 8, True, "none", 1, "success"),
        (6, 10, False, "failure", 10, "any"),
        (7, 8, False, "failure", 2, "success"),
    ],
)
def test_static_sheet_pool_plays_as_the_plain_pool(
    stat: int,
    skill: int,
    modifier: int,
    dc: int,
    again_value: int,
    exceed: bool,
    botch: str,
    faces: int,
    critical: str,
) -> None:
    rules = {
        "dc": dc,
        "again": again_value,
        "exceed": exceed,
        "botch": botch,
        "botch_faces": faces,
        "critical": critical,
    }
    plain = Check(dice=stat + skill + modifier, **rules)  # type: ignore[arg-type]
    built = Check.skill(stat=stat, skill=skill, modifier=modifier, **rules)  # type: ignore[arg-type]
    assert built == plain
    kind = SkillCheck(stat=stat, skill=skill, modifier=modifier, **rules)  # type: ignore[arg-type]
    assert kind.outcomes() == plain.outcomes() and kind.chance() == plain.chance()
    assert kind.distribution() == plain.distribution()
    assert kind.distribution(bound=3) == plain.distribution(bound=3)
    assert kind.success_from() == plain.success_from() == dc + exceed


@pytest.mark.parametrize(("stat", "skill", "modifier"), SHEETS)
@pytest.mark.parametrize(("weapon", "defence"), [(0, 0), (2, 3), (1, 9)])
def test_mitigated_sheet_pool_plays_as_the_plain_pool(
    stat: int, skill: int, modifier: int, weapon: int, defence: int
) -> None:
    plain = Mitigated(dice=stat + skill + weapon + modifier, defence=defence, botch_faces=2)
    built = Mitigated.skill(
        stat=stat, skill=skill, weapon=weapon, modifier=modifier, defence=defence, botch_faces=2
    )
    assert built == plain
    kind = MitigatedSkill(
        stat=stat, skill=skill, weapon=weapon, modifier=modifier, defence=defence, botch_faces=2
    )
    assert kind.outcomes() == plain.outcomes() and kind.chance() == plain.chance()
    assert kind.distribution() == plain.distribution() and kind.success_from() == 1


@pytest.mark.parametrize(
    ("active", "defending"), [((1, 0, 0), (0, 1, 0)), ((3, 1, 1), (2, 3, -2)), ((0, 0, -2), (2, 2, 0))]
)
@pytest.mark.parametrize(("again_value", "against_again"), [(10, 10), (8, 9)])
@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"critical": "success", "botch": "zero", "against_botch_faces": 3},
        {"critical": "none", "botch_faces": 2, "against_botch": "none"},
    ],
)
def test_opposed_sheet_pools_play_as_the_plain_pools(
    active: tuple[int, int, int],
    defending: tuple[int, int, int],
    again_value: int,
    against_again: int,
    rules: dict[str, object],
) -> None:
    plain = Opposed(
        dice=sum(active),
        against_dice=sum(defending),
        again=again_value,
        against_again=against_again,
        **rules,  # type: ignore[arg-type]
    )
    sides = {
        **rules,
        "stat": active[0],
        "skill": active[1],
        "modifier": active[2],
        "against_stat": defending[0],
        "against_skill": defending[1],
        "against_modifier": defending[2],
        "again": again_value,
        "against_again": against_again,
    }
    assert Opposed.skills(**sides) == plain
    kind = OpposedSkills(**sides)
    assert kind.outcomes() == plain.outcomes() and kind.chance() == plain.chance()
    assert kind.distribution(bound=4) == plain.distribution(bound=4) and kind.success_from() == 1


@pytest.mark.parametrize(("stat", "skill", "modifier"), [(1, 0, 0), (1, 1, 0), (2, 1, -1), (0, 0, -4)])
@pytest.mark.parametrize("faces", [1, 3])
def test_small_sheet_pools_against_face_enumeration(stat: int, skill: int, modifier: int, faces: int) -> None:
    pool = max(stat + skill + modifier, 1)
    kind = SkillCheck(stat=stat, skill=skill, modifier=modifier, dc=2, again=9, botch_faces=faces)
    assert dict(kind.outcomes().items()) == brute_outcomes(pool, 9, 2, "failure", depth=9, faces=faces)
    pmf, _ = brute_pmf(pool, 9, 7)
    dist = kind.distribution(bound=9)
    assert [dist[s] for s in range(7)] == [pmf.get(s, Fraction(0)) for s in range(7)]


# --- rolls -------------------------------------------------------------------------------------


def test_calming_the_bear_from_the_sheet() -> None:
    # Charisma 3 + Handle Animal 2 against DC 4 (Hard): the bear of Static Rolls
    bear = SkillCheck(stat=3, skill=2, dc=4)
    faces = [8, 3, 9, 5, 2, 6]
    roll, plain = bear.resolve(faces), Check(dice=5, dc=4).resolve(faces)
    assert roll.tally == 2 and roll.outcome == "failure" and roll.dice == plain.dice
    assert roll.check == bear.describe() and roll.check.startswith("again.SkillCheck(stat=3, skill=2,")
    assert roll.details == (("stat + skill + modifier", "3 + 2 + 0 = 5"), *plain.details)
    assert roll.probability == plain.probability == bear.outcomes()["failure"]
    assert bear.chance() == Fraction(1512741, 20000000)


def test_sheet_rolls_say_how_the_pool_was_built() -> None:
    blow = MitigatedSkill(stat=3, skill=2, weapon=2, modifier=-1, defence=3).resolve([10, 8, 4, 9])
    assert blow.detail("stat + skill + weapon + modifier") == "3 + 2 + 2 - 1 = 6"
    assert blow.detail("pool") == 3 and blow.tally == 3
    low = SkillCheck(stat=2, skill=0, modifier=-3).resolve([8])
    assert low.detail("stat + skill + modifier") == "2 + 0 - 3 = -1" and low.detail("pool raised to 1 die")
    sneak = OpposedSkills(stat=2, skill=2, against_stat=3, against_skill=2, against_modifier=1)
    roll = sneak.resolve([8, 3, 2, 1, 9, 4, 5, 6, 7, 1, 4])
    assert roll.detail("active stat + skill + modifier") == "2 + 2 + 0 = 4"
    assert roll.detail("defending stat + skill + modifier") == "3 + 2 + 1 = 6"
    assert roll.outcome == "tie: defender wins" and roll.detail("defending pool") == 6
    assert roll.detail("botch die rolled by") == "active side" and roll.detail("botch die") == 4


SPREAD = [
    SkillCheck(stat=3, skill=2, dc=4),
    SkillCheck(stat=1, skill=0, modifier=-2, dc=0, exceed=True, again=8, botch="zero", botch_faces=3),
    MitigatedSkill(stat=3, skill=2, weapon=2, defence=3, botch_faces=2),
    OpposedSkills(stat=2, skill=2, against_stat=3, against_skill=2, again=9),
    SkillCheck(stat=4, skill=3, dc=6, again=8, botch_faces=2),
    OpposedSkills(
        stat=3,
        skill=2,
        against_stat=3,
        against_skill=3,
        botch="zero",
        against_botch_faces=2,
        critical="success",
    ),
]


@pytest.mark.parametrize("check", SPREAD, ids=lambda c: c.describe())
def test_properties(check: object) -> None:
    assert_exact(check)  # type: ignore[arg-type]
    assert_replayable(check)  # type: ignore[arg-type]


# --- command line and widgets -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "check"),
    [
        (
            ["again.skill", "--stat", "3", "--skill", "2", "--dc", "4", "--botch-faces", "2"],
            SkillCheck(stat=3, skill=2, dc=4, botch_faces=2),
        ),
        (
            ["again.mitigated_skill", "--stat", "3", "--skill", "2", "--weapon", "2", "--defence", "3"],
            MitigatedSkill(stat=3, skill=2, weapon=2, defence=3),
        ),
        (
            [
                "again.opposed_skills",
                "--stat",
                "2",
                "--skill",
                "2",
                "--against-stat",
                "3",
                "--against-skill",
                "2",
            ],
            OpposedSkills(stat=2, skill=2, against_stat=3, against_skill=2),
        ),
    ],
    ids=lambda v: v[0] if isinstance(v, list) else "",
)
def test_command_line_builds_the_sheet_kinds(
    capsys: pytest.CaptureFixture[str], argv: list[str], check: again.SkillCheck
) -> None:
    assert main(["odds", *argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["check"] == check.describe()
    assert Fraction(data["chance"]["probability"]) == check.chance()


def test_widget_text_builds_the_sheet_kinds() -> None:
    assert build(
        "again.skill", {"stat": "3", "skill": " 2", "modifier": "-1", "botch_faces": "2"}
    ) == SkillCheck(stat=3, skill=2, modifier=-1, botch_faces=2)
    with pytest.raises(RulesError, match="Core Statistic"):
        build("again.skill", {"stat": "x", "skill": "2"})


# --- errors name the field ------------------------------------------------------------------


@pytest.mark.parametrize("bad", [2.0, "3", None, True])
@pytest.mark.parametrize(
    ("cls", "field", "base"),
    [
        (SkillCheck, "stat", {"skill": 2}),
        (SkillCheck, "skill", {"stat": 2}),
        (SkillCheck, "modifier", {"stat": 2, "skill": 2}),
        (SkillCheck, "botch_faces", {"stat": 2, "skill": 2}),
        (MitigatedSkill, "weapon", {"stat": 2, "skill": 2}),
        (MitigatedSkill, "defence", {"stat": 2, "skill": 2}),
        (OpposedSkills, "against_stat", {"stat": 2, "skill": 2, "against_skill": 1}),
        (OpposedSkills, "against_skill", {"stat": 2, "skill": 2, "against_stat": 1}),
        (OpposedSkills, "against_modifier", {"stat": 2, "skill": 2, "against_stat": 1, "against_skill": 1}),
    ],
)
def test_type_errors_name_the_field(cls: type, field: str, base: dict[str, object], bad: object) -> None:
    with pytest.raises(ParameterTypeError, match=f"^{field}="):
        cls(**{**base, field: bad})


@pytest.mark.parametrize(
    ("build_it", "field"),
    [
        (lambda: dice_pool(stat=-1, skill=2), "stat"),
        (lambda: Check.skill(stat=2, skill=-1), "skill"),
        (lambda: Mitigated.skill(stat=2, skill=1, weapon=-2), "weapon"),
        (lambda: SkillCheck(stat=2, skill=1, botch_faces=0), "botch_faces"),
        (lambda: SkillCheck(stat=2, skill=1, dc=0), "dc"),
        (lambda: MitigatedSkill(stat=2, skill=1, defence=-1), "defence"),
        (lambda: Opposed.skills(stat=2, skill=1, against_stat=-1, against_skill=0), "against_stat"),
        (lambda: OpposedSkills(stat=2, skill=1, against_stat=1, against_skill=-3), "against_skill"),
        (
            lambda: OpposedSkills(stat=2, skill=1, against_stat=1, against_skill=1, against_again=7),
            "against_again",
        ),
    ],
)
def test_rules_errors_name_the_field(build_it: object, field: str) -> None:
    with pytest.raises(RulesError, match=f"^{field}=") as info:
        build_it()  # type: ignore[operator]
    assert not isinstance(info.value, (LimitError, ParameterTypeError))


@pytest.mark.parametrize(
    ("build_it", "named"),
    [
        (lambda: SkillCheck(stat=again.MAX_DICE, skill=1), "stat=1000, skill=1 and modifier=0"),
        (lambda: Check.skill(stat=10**12, skill=0), "stat=1000000000000, skill=0 and modifier=0"),
        (
            lambda: MitigatedSkill(stat=999, skill=1, weapon=1, defence=5),
            "stat=999, skill=1, weapon=1 and modifier=0",
        ),
        (
            lambda: OpposedSkills(stat=again.MAX_OPPOSED_DICE, skill=1, against_stat=1, against_skill=1),
            "stat=100, skill=1 and modifier=0",
        ),
        (
            lambda: Opposed.skills(stat=1, skill=1, against_stat=60, against_skill=41),
            "against_stat=60, against_skill=41 and against_modifier=0",
        ),
    ],
)
def test_too_large_pools_name_the_sheet_entries(build_it: object, named: str) -> None:
    with pytest.raises(LimitError) as info:
        build_it()  # type: ignore[operator]
    assert str(info.value).startswith(f"{named} give too large a pool: ")
    assert "rollkit computes exact odds for" in str(info.value)
