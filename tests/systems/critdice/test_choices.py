"""critdice: the player's own spending of Legendary ranks and Focus (issue #11, item 1).

Every legal adjustment sequence on small pools is replayed and held to an independent count
of the final faces; every illegal one is refused; the odds of a hand as it stands are held to
an enumeration of the critical dice; rollkit's plan is held to the best expected total over
every reachable set of faces.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from rollkit import critdice
from rollkit._errors import ParameterTypeError, RulesError
from rollkit.critdice import FOCUS, LEGENDARY, Adjustment, Check
from rollkit.web import request


def _value(face: int, sn: int) -> int:
    """What one standard face counts, written out from the rules' list (Roll the Dice Pool)."""
    if face == 1:
        return -1
    if face >= sn:
        return 1
    return 0


def _legal(
    faces: tuple[int, ...], moves: tuple[tuple[int, int, str], ...], legendary: int, focus: int
) -> bool:
    """The rules, point by point: no Fail moved, nothing above 12 or down to 1, no overspending."""
    now = list(faces)
    paid = {LEGENDARY: 0, FOCUS: 0}
    for die, by, using in moves:
        if not 1 <= die <= len(faces) or faces[die - 1] == 1:
            return False
        for _ in range(abs(by)):
            now[die - 1] += 1 if by > 0 else -1
            paid[using] += 1
            if not 2 <= now[die - 1] <= 12:
                return False
    return paid[LEGENDARY] <= legendary and paid[FOCUS] <= focus


MOVES = [(d, b, u) for d in (1, 2, 3) for b in (-1, 1, 3) for u in (LEGENDARY, FOCUS)]
FACES = (1, 2, 3, 7, 8, 10, 11, 12)  # a Fail, the lowest faces, both sides of the SN, the top


@pytest.mark.parametrize(("legendary", "focus", "sn"), [(1, 2, 8), (2, 0, 3)])
def test_every_adjustment_sequence_on_two_dice(legendary: int, focus: int, sn: int) -> None:
    check = Check(dice=2, sn=sn, legendary=legendary, focus=focus)
    legal = refused = 0
    for faces in itertools.product(FACES, repeat=2):
        for length in (0, 1, 2):
            for moves in itertools.product(MOVES, repeat=length):
                chosen = [Adjustment(die=d, by=b, using=u) for d, b, u in moves]
                if not _legal(faces, moves, legendary, focus):
                    with pytest.raises(RulesError):
                        check.resolve(faces, adjustments=chosen)
                    with pytest.raises(RulesError):
                        critdice.Hand(check=check, rolled=faces, adjustments=tuple(chosen))
                    refused += 1
                    continue
                final = list(faces)
                for d, b, _ in moves:
                    final[d - 1] += b
                twelves = final.count(12)
                critical = [3] * twelves  # each critical die shows 3: 1 success below SN 8, 2 at SN 2-3
                roll = check.resolve([*faces, *critical], adjustments=chosen)
                expected = sum(_value(f, sn) for f in final) + twelves * (2 if 3 >= sn else 1)
                assert roll.tally == expected, (faces, moves)
                assert roll.faces[:2] == faces
                assert roll.detail("points spent by") == "the player's choice"
                spent = {u: sum(abs(b) for _, b, w in moves if w == u) for u in (LEGENDARY, FOCUS)}
                assert (roll.detail("legendary spent"), roll.detail("focus spent")) == (
                    spent[LEGENDARY],
                    spent[FOCUS],
                )
                legal += 1
    assert legal > 500 and refused > 5000


def test_the_written_form_reads_like_the_values() -> None:
    assert critdice.adjustments("6+3F, 2-1L") == (
        Adjustment(die=6, by=3, using=FOCUS),
        Adjustment(die=2, by=-1, using=LEGENDARY),
    )
    assert critdice.adjustments("6 +3 Focus; 1+1legendary") == (
        Adjustment(die=6, by=3, using=FOCUS),
        Adjustment(die=1, by=1, using=LEGENDARY),
    )
    assert str(Adjustment(die=4, by=-2, using=LEGENDARY)) == "4-2L"
    assert critdice.adjustments("") == ()


@pytest.mark.parametrize(
    ("faces", "chosen", "needle"),
    [
        ([1, 9], "1+1L", "die 1 shows 1, a Fail"),
        ([5, 11], "2+2F", "from 11 to 13"),
        ([3, 9], "1-2L", "down to 1"),
        ([5, 9], "3+1L", "the pool has 2 standard dice"),
        ([5, 9], "1+2L", "they spend 2 Legendary but the check has legendary=1"),
        ([5, 9], "1+1F, 2+2F", "they spend 3 Focus but the check has focus=2"),
        ([5, 9], "1+1X", "L (Legendary) or F (Focus)"),
        ([5, 9], "1+0F", "at least one point"),
        ([5, 9], "die one up", "write each adjustment"),
    ],
)
def test_a_choice_the_rules_refuse_says_why(faces: list[int], chosen: str, needle: str) -> None:
    check = Check(dice=2, legendary=1, focus=2)
    with pytest.raises(RulesError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        check.resolve(faces, adjustments=chosen)


def test_wrong_types_are_refused() -> None:
    with pytest.raises(ParameterTypeError):
        Check(dice=2).resolve([5, 9], adjustments=[("1", 1, "Focus")])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="using='Mind'"):
        Adjustment(die=1, by=1, using="Mind")
    with pytest.raises(RulesError, match="by=0"):
        Adjustment(die=1, by=0, using=FOCUS)


def _at_most(pending: int, limit: int, sn: int) -> Fraction:
    """P(the critical dice still to roll add up to ``limit`` or less), by enumerating faces:
    a face below the SN adds 1, at or above it 2, and a 12 calls one more die."""
    if pending == 0:
        return Fraction(1) if limit >= 0 else Fraction(0)
    if limit < pending:  # every critical die adds at least 1
        return Fraction(0)
    total = Fraction(0)
    for face in range(1, 13):
        worth = 2 if face >= sn else 1
        total += _at_most(pending - 1 + (face == 12), limit - worth, sn) / 12
    return total


@pytest.mark.parametrize("sn", [2, 8, 12, 13])
def test_the_odds_of_a_hand_match_enumerated_critical_dice(sn: int) -> None:
    check = Check(dice=3, sn=sn, legendary=2, critical=1)
    for faces in itertools.product((1, 2, 7, 8, 11, 12), repeat=3):
        hand = check.hand(faces=faces)
        base = sum(_value(f, sn) for f in faces)
        pending = faces.count(12) + 1
        below = _at_most(pending, -base - 1, sn)
        zero = _at_most(pending, -base, sn) - below
        out = hand.outcomes()
        assert out["critical failure"] == below, faces
        assert out["failure"] == zero, faces
        won = "critical success" if 12 in faces else "success"
        assert out[won] == 1 - below - zero, faces
        assert sum(out.values()) == 1


def test_the_plan_has_the_best_expected_total_of_every_reachable_hand() -> None:
    """rollkit's plan against every set of final faces two points can reach (ruling critdice-policy)."""
    sn, critical_worth = 8, Fraction(25 - 8, 11)
    check = Check(dice=3, sn=sn, legendary=1, focus=1)
    for faces in itertools.product(range(1, 13), repeat=3):
        best = Fraction(-99)
        for shifts in itertools.product(range(-2, 3), repeat=3):
            if sum(map(abs, shifts)) > 2:
                continue
            final = [f + s for f, s in zip(faces, shifts)]
            if any(s and f == 1 for f, s in zip(faces, shifts)) or not all(
                2 <= x <= 12 or x == 1 for x in final
            ):
                continue
            if any(x == 1 and f != 1 for x, f in zip(final, faces)):
                continue
            best = max(best, sum(_value(x, sn) for x in final) + final.count(12) * critical_worth)
        planned = check.hand(faces=faces).planned().faces
        assert sum(_value(x, sn) for x in planned) + planned.count(12) * critical_worth == best, faces


def test_a_hand_moves_one_point_at_a_time_and_gives_points_back() -> None:
    hand = Check(dice=3, legendary=1, focus=2).hand(faces=[7, 1, 10])
    up = hand.moved(1, +1)
    assert up.written() == "1+1L" and up.left(LEGENDARY) == 0 and up.left(FOCUS) == 2
    assert up.moved(3, +1).moved(3, +1).written() == "1+1L, 3+2F"
    assert up.moved(3, +1).moved(3, +1).faces == (8, 1, 12)
    assert up.moved(1, -1).written() == ""  # the rank comes back
    assert up.moved(1, -1).left(LEGENDARY) == 1
    assert hand.why_not(2, +1) == "a Fail cannot be adjusted"
    spent = up.moved(3, +1).moved(3, +1)
    assert spent.why_not(1, +1) == "no Legendary ranks or Focus left"
    assert spent.why_not(3, -1) == ""  # taking a point back is always allowed
    assert not spent.open() or spent.why_not(3, -1) == ""
    with pytest.raises(RulesError, match="die 2 cannot move"):
        hand.moved(2, +1)
    with pytest.raises(RulesError, match="by=2"):
        hand.moved(1, 2)


def test_a_seeded_hand_finishes_as_the_seeded_roll() -> None:
    check = Check(dice=5, legendary=1, focus=2)
    for seed in range(40):
        hand = check.hand(seed=seed)
        plain = check.roll(seed=seed)
        assert plain.faces[:5] == hand.rolled  # choices never change the standard dice
        assert hand.planned().finish() == check.roll(seed=seed, adjustments=hand.planned().adjustments)
        assert hand.finish().detail("focus spent") == 0
        assert hand.planned().finish().tally == plain.tally  # the plan, chosen, is the plan
    pooled = critdice.SkillCheck(rank=2, stats=(3,), legendary=1)
    assert pooled.hand(seed=3).finish().check.startswith("critdice.SkillCheck(")


def test_a_widget_rolls_the_standard_dice_then_waits_for_choices() -> None:
    base = {"op": "roll", "check": "critdice", "params": {"dice": "6", "focus": "3"}, "choose": True}
    first = json.loads(request(json.dumps({**base, "seed": 11})))["result"]
    assert first["pending"] is True and first["spend"] == ""
    faces = critdice.Check(dice=6, focus=3).hand(seed=11).rolled
    assert first["view"]["faces"] == list(faces)
    die = next(i for i, f in enumerate(faces, 1) if 2 <= f < 12)
    moved = json.loads(request(json.dumps({**base, "seed": 11, "move": {"die": die, "by": 1}})))["result"]
    assert moved["spend"] == f"{die}+1F"
    done = json.loads(request(json.dumps({**base, "seed": 11, "spend": moved["spend"], "finish": True})))
    expected = critdice.Check(dice=6, focus=3).roll(seed=11, adjustments=f"{die}+1F")
    assert done["result"]["faces"] == list(expected.faces) and "pending" not in done["result"]
    assert f"adjustments='{die}+1F'" in done["result"]["python"]
    plan = json.loads(request(json.dumps({**base, "seed": 11, "spend": "plan"})))["result"]
    assert plan["faces"] == list(critdice.Check(dice=6, focus=3).roll(seed=11).faces)
    assert plan["spend"] == "plan"
    nothing = json.loads(request(json.dumps({**base, "params": {"dice": "6"}, "seed": 11})))["result"]
    assert "pending" not in nothing  # no points: nothing to choose, the roll is whole
    bad = json.loads(request(json.dumps({**base, "seed": 11, "spend": "9+1F", "finish": True})))
    assert bad["ok"] is False and "the pool has 6 standard dice" in bad["error"]


def test_the_command_line_replays_faces_and_choices(capsys: pytest.CaptureFixture[str]) -> None:
    from rollkit._cli import main

    assert (
        main(
            [
                "roll",
                "critdice",
                "--dice",
                "6",
                "--focus",
                "3",
                "--faces",
                "1,1,1,6,7,9,11",
                "--adjust",
                "6+3F",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "   6. 12 on a d12, rolled as 9: critical success" in out and "raised from 9 to 12 (3 Focus)" in out
    )
    assert "With rollkit's plan for the points, this outcome had a 2.14% chance" in out
    assert (
        main(["roll", "critdice", "--dice", "2", "--focus", "1", "--faces", "5,9", "--adjust", "2+4F"]) == 2
    )
    assert "no adjustment takes a die above 12" in capsys.readouterr().err
    assert main(["roll", "hits", "--dice", "2", "--threshold", "7", "--tn", "1", "--faces", "3,8"]) == 0
    assert "   2. 8 on a d10: Hit\n" in capsys.readouterr().out
    assert main(["roll", "hits", "--dice", "2", "--threshold", "7", "--tn", "1", "--adjust", "1+1F"]) == 2


def test_a_link_to_an_open_hand_reopens_it() -> None:
    """A link to a hand not yet finished (``hand=`` in the widget) gives the same dice and moves, still open."""
    base = {"op": "roll", "check": "critdice", "params": {"dice": "4", "legendary": "1", "focus": "2"}}
    hand = critdice.Check(dice=4, legendary=1, focus=2).hand(seed=9)
    die = next(n for n in range(1, 5) if not hand.why_not(n, 1))
    asked = {**base, "seed": 9, "choose": True, "spend": f"{die}+1L"}
    reopened = json.loads(request(json.dumps(asked)))["result"]
    assert reopened["pending"] is True and reopened["spend"] == f"{die}+1L"
    assert reopened["view"]["faces"] == list(hand.rolled)
    assert f"was {hand.rolled[die - 1]}" in str(reopened["view"]["tree"])
