"""trait: paying Chance after a failed check ("When you fail", seed 001).

``spend`` is the most Chance the player would pay; a miss costing no more becomes a
"success with a Complication". Expected values come from enumerating every face
combination and pricing each miss by hand from the table (1-4 short: 1 Chance,
5-10: 2, 11 or more: 3), never from rollkit's own tables.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from rollkit import ParameterTypeError, RulesError, trait
from rollkit._cli import main
from rollkit._params import build
from rollkit.trait import Check
from rollkit.web import odds_view, request, roll_view, summary, to_html
from tests.helpers.properties import assert_exact, assert_frequencies, assert_replayable

BOUGHT = "success with a Complication"


def price(missed: int) -> int:
    """The Chance a miss costs, from the table: 0 when the Threshold is reached."""
    if missed <= 0:
        return 0
    return 1 if missed <= 4 else 2 if missed <= 10 else 3


def ref_outcome(missed: int, spend: int) -> str:
    cost = price(missed)
    if cost == 0:
        return "success"
    if cost <= spend:
        return BOUGHT
    return {1: "low failure", 2: "moderate failure", 3: "critical failure"}[cost]


@cache
def kept_totals(net: int) -> tuple[Counter[int], int]:
    """Kept-two sums over every face combination of 2 + |net| d12 (best two when net >= 0)."""
    sums: Counter[int] = Counter()
    for faces in itertools.product(range(1, 13), repeat=2 + abs(net)):
        ordered = sorted(faces)
        sums[sum(ordered[-2:] if net >= 0 else ordered[:2])] += 1
    return sums, 12 ** (2 + abs(net))


def ref_outcomes(net: int, bonus: int, threshold: int, spend: int) -> dict[str, Fraction]:
    sums, total = kept_totals(net)
    counts: Counter[str] = Counter()
    for kept, ways in sums.items():
        counts[ref_outcome(threshold - kept - bonus, spend)] += ways
    return {name: Fraction(ways, total) for name, ways in counts.items()}


def extra(net: int) -> dict[str, int]:
    """Fields giving ``net`` Prowess (or Stagger), uncapped."""
    return {"prowess": max(net, 0), "stagger": max(-net, 0), "cap": "none"}  # type: ignore[dict-item]


CASES = [
    (net, mod, threshold, spend)
    for net in (-2, -1, 0, 1, 2)
    for mod, threshold in ((0, 15), (4, 20), (-3, 10), (9, 30), (2, 27), (5, 5))
    for spend in range(4)
]


@pytest.mark.parametrize(("net", "mod", "threshold", "spend"), CASES)
def test_odds_against_every_face_combination(net: int, mod: int, threshold: int, spend: int) -> None:
    check = Check(mod=mod, threshold=threshold, spend=spend, **extra(net))  # type: ignore[arg-type]
    expected = ref_outcomes(net, mod, threshold, spend)
    outcomes = check.outcomes()
    names = (
        ["critical failure", "moderate failure", "low failure"] + ([BOUGHT] if spend else []) + ["success"]
    )
    assert list(outcomes.keys()) == names  # worst to best, zero rows kept
    assert {k: p for k, p in outcomes.items() if p} == expected
    won = expected.get("success", Fraction(0)) + expected.get(BOUGHT, Fraction(0))
    assert check.chance() == won
    # the chart's success marker holds exactly the chance, bought totals included
    least = check.success_from()
    assert least is not None
    assert sum((p for total, p in check.distribution().items() if total >= least), Fraction(0)) == won
    assert (
        trait.Check(mod=mod, threshold=threshold, **extra(net)).outcomes()["success"] == outcomes["success"]
    )  # type: ignore[arg-type]


@pytest.mark.parametrize("spend", range(4))
def test_success_from_is_where_paying_stops(spend: int) -> None:
    check = Check(mod=4, threshold=20, spend=spend)
    assert check.success_from() == {0: 20, 1: 16, 2: 10, 3: 6}[spend]  # 6: the lowest total, 1 + 1 + 4


@pytest.mark.parametrize(
    ("fields", "faces"),
    [
        ({"mod": 4, "threshold": 20}, 2),
        ({"mod": 1, "threshold": 15, "stagger": 1}, 3),
        ({"mod": 0, "threshold": 18, "prowess": 1, "exp": 2}, 3),
    ],
)
@pytest.mark.parametrize("spend", [0, 1, 2, 3])
def test_every_roll_replays_the_choice(fields: dict, faces: int, spend: int) -> None:
    """Each face combination, resolved: the outcome, the Chance spent and the log agree."""
    check = Check(**fields, spend=spend)
    net = fields.get("prowess", 0) - fields.get("stagger", 0)
    outcomes = check.outcomes()
    seen: Counter[str] = Counter()
    for rolled in itertools.product(range(1, 13), repeat=faces):
        ordered = sorted(rolled)
        total = sum(ordered[-2:] if net >= 0 else ordered[:2]) + fields["mod"]
        missed = fields["threshold"] - total
        roll = check.resolve(rolled)
        expected = ref_outcome(missed, spend)
        assert (roll.tally, roll.outcome) == (total, expected)
        assert roll.success == (expected in ("success", BOUGHT))
        assert roll.detail("chance_cost") == price(missed)
        assert roll.detail("chance_spent") == (price(missed) if expected == BOUGHT else 0)
        assert roll.detail("complication") is (expected == BOUGHT)
        assert roll.detail("spend") == spend
        assert roll.probability == outcomes[expected]
        seen[expected] += 1
    assert {k: Fraction(v, 12**faces) for k, v in seen.items()} == {k: p for k, p in outcomes.items() if p}


def test_the_narrow_miss_from_the_source() -> None:
    """Threshold 20, total 17: a Low failure, 1 Chance buys it and a Complication follows."""
    for mod in range(-7, 16):  # every way 2d12 + MOD can total 17
        for a, b in itertools.product(range(1, 13), repeat=2):
            if a + b + mod != 17:
                continue
            kept = Check(mod=mod, threshold=20).resolve([a, b])
            assert (kept.outcome, kept.detail("degree"), kept.detail("chance_cost")) == (
                "low failure",
                "Low",
                1,
            )
            assert kept.detail("chance_spent") == 0 and kept.detail("complication") is False
            for spend in (1, 2, 3):
                paid = Check(mod=mod, threshold=20, spend=spend).resolve([a, b])
                assert (paid.outcome, paid.success) == (BOUGHT, True)
                assert (paid.detail("chance_spent"), paid.detail("complication")) == (1, True)
                assert paid.detail("missed_by") == 3 and paid.tally == 17


def test_the_roll_log_says_what_was_spent() -> None:
    check = Check(mod=4, threshold=20, spend=2)
    roll = check.resolve([3, 5])  # 12: eight short, Moderate, 2 Chance
    text = str(roll)
    assert "spend=2" in text and "degree: Moderate" in text
    assert "chance_cost: 2" in text and "chance_spent: 2" in text and "complication: yes" in text
    assert "tally 12: success with a Complication" in text
    data = roll.to_json()
    assert data["outcome"] == BOUGHT and data["success"] is True
    assert data["details"]["chance_spent"] == 2 and data["details"]["complication"] is True
    html = to_html(roll_view(check, roll).tree)
    assert "<li>Chance to spend: 2</li>" in html
    assert "<li>Chance spent: 2</li>" in html and "<li>Complication: yes</li>" in html
    assert summary(check, roll) == "Success: total 12, success with a Complication."
    declined = dataclasses.replace(check, spend=1).resolve([3, 5])
    assert summary(check, declined).startswith("Failure: total 12, moderate failure")
    assert "<li>Chance spent: 0</li>" in to_html(roll_view(check, declined).tree)
    assert "Complication:" not in to_html(roll_view(check, declined).tree)


def test_the_widget_names_the_limit_and_splits_the_successes() -> None:
    view = odds_view(Check(mod=4, threshold=20, spend=1), shown=("spend",))
    html = to_html(view.tree)
    assert "Chance to spend 1" in view.values
    assert '<th scope="row">success with a Complication</th>' in html
    assert view.chance == str(Fraction(5, 16) + Fraction(11, 36))
    assert "Success: total of 16 or more, counting a miss bought with Chance." in html
    assert "Chance of success, counting a miss bought with Chance: " in html
    plain = to_html(odds_view(Check(mod=4, threshold=20)).tree)
    assert "Complication" not in plain and "(Threshold 20)" in plain


def test_paying_more_never_lowers_the_chance_and_3_always_succeeds() -> None:
    for mod, threshold, prowess, stagger in itertools.product((-5, 0, 6), (5, 20, 35), (0, 2), (0, 3)):
        chances = [
            Check(
                mod=mod, threshold=threshold, prowess=prowess, stagger=stagger, cap="none", spend=s
            ).chance()
            for s in range(4)
        ]
        assert chances == sorted(chances) and chances[3] == 1


def test_spend_zero_is_the_plain_check() -> None:
    plain, zero = Check(mod=3, threshold=18), Check(mod=3, threshold=18, spend=0)
    assert plain == zero and zero.outcomes().keys() == tuple(trait.OUTCOMES)
    assert trait.BOUGHT_SUCCESS == BOUGHT and trait.HIGHEST_COST == 3


@pytest.mark.parametrize(
    "check", [Check(mod=4, threshold=20, spend=1), Check(mod=1, threshold=25, stagger=2, spend=2)]
)
def test_properties(check: Check) -> None:
    assert_exact(check)
    assert_replayable(check)
    assert_frequencies(check, n=2000)


@pytest.mark.parametrize("bad", [-1, 4, 100])
def test_spend_out_of_range(bad: int) -> None:
    with pytest.raises(
        RulesError, match=rf"spend={bad} is not allowed: spend must be a whole number from 0 to 3"
    ):
        Check(mod=0, threshold=15, spend=bad)


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_spend_wrong_type(bad: object) -> None:
    with pytest.raises(ParameterTypeError, match=r"^spend=.* must be a whole number"):
        Check(mod=0, threshold=15, spend=bad)  # type: ignore[arg-type]


def test_spend_errors_name_the_field_for_widgets_and_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = json.loads(
        request(
            json.dumps({"op": "odds", "check": "trait", "params": {"mod": 4, "threshold": 20, "spend": 5}})
        )
    )
    assert answer["ok"] is False and answer["field"] == "spend" and "Chance to spend" in answer["error"]
    assert build("trait", {"mod": "4", "threshold": "20", "spend": "2"}) == Check(
        mod=4, threshold=20, spend=2
    )
    assert main(["odds", "trait", "--mod", "4", "--threshold", "20", "--spend", "-1"]) == 2
    err = capsys.readouterr().err
    assert "Chance to spend" in err and "0 to 3" in err
    assert main(["roll", "trait", "--mod", "4", "--threshold", "20", "--spend", "1", "--faces", "6,7"]) == 0
    out = capsys.readouterr().out
    assert "  Chance spent: 1\n" in out and "Success: total 17, success with a Complication." in out


# ------------------------------------------------------------------ rulings


def _ruling(ruling_id: str) -> trait._rulings.Ruling:  # type: ignore[name-defined]
    return next(r for r in trait.RULINGS if r.id == ruling_id)


def test_rulings_are_there_and_named_in_the_code() -> None:
    for ruling_id in ("trait-spend-limit", "trait-bought-success"):
        assert _ruling(ruling_id).section == "When you fail"
        assert ruling_id in (Check.__doc__ or "")
    assert "trait-bought-success" in (Check.chance.__doc__ or "")


def test_the_rulings_numbers() -> None:
    limit, bought = (_ruling(i).why for i in ("trait-spend-limit", "trait-bought-success"))
    chances = [
        sum(p for k, p in ref_outcomes(0, 4, 20, s).items() if k in ("success", BOUGHT)) for s in range(4)
    ]
    assert chances[:3] == [Fraction(5, 16), Fraction(89, 144), Fraction(67, 72)] and chances[3] == 1
    assert "5/16 with spend 0, 89/144 with 1, 67/72 with 2 and always with 3" in limit
    assert "dice 6 and 7, total 17, a Low failure" in limit and price(20 - 17) == 1
    assert ref_outcomes(0, 4, 20, 1)[BOUGHT] == Fraction(11, 36)
    assert "success 5/16, success with a Complication 11/36, 89/144 together" in bought


# ------------------------------------------------------------------ the choice after the dice


@pytest.mark.parametrize("spend", range(4))
def test_paying_or_keeping_after_the_dice_is_the_limit_it_amounts_to(spend: int) -> None:
    """Every face combination of MOD 4 against 20: "pay" buys any miss, "keep" declines it; the
    outcome, the Chance spent and the chance are those of the Chance to spend that choice is."""
    check = Check(mod=4, threshold=20, spend=spend)
    for a, b in itertools.product(range(1, 13), repeat=2):
        missed = 20 - (a + b + 4)
        cost = price(missed)
        if cost == 0:
            for choice in ("pay", "keep"):
                with pytest.raises(RulesError, match="there is no miss to pay for or keep"):
                    check.resolve([a, b], adjustments=choice)
            continue
        paid = check.resolve([a, b], adjustments="pay")
        assert (paid.outcome, paid.success, paid.detail("chance_spent")) == (BOUGHT, True, cost)
        assert paid.probability == ref_outcomes(0, 4, 20, max(spend, cost))[BOUGHT]
        assert paid.chosen == (cost > spend) and paid.detail("after_the_dice") == f"paid {cost} Chance"
        kept = check.resolve([a, b], adjustments="keep")
        assert (kept.outcome, kept.success, kept.detail("chance_spent")) == (ref_outcome(missed, 0), False, 0)
        assert kept.probability == ref_outcomes(0, 4, 20, min(spend, cost - 1))[kept.outcome]
        assert kept.chosen == (cost <= spend)
        assert paid.faces == kept.faces == (a, b) and paid.tally == kept.tally == a + b + 4
        plain = check.resolve([a, b])  # no choice: spend decides, as the page's odds assume
        assert plain.outcome == (paid if cost <= spend else kept).outcome and not plain.chosen


def test_a_choice_names_the_limit_its_chance_is_reckoned_with() -> None:
    check = Check(mod=5, threshold=15)
    paid = check.resolve([4, 5], adjustments="pay")  # total 14: a Low failure, 1 Chance
    assert paid.reckoned == "Chance to spend 1" and paid.to_json()["reckoned"] == "Chance to spend 1"
    assert "chance of this outcome with Chance to spend 1 13/72" in str(paid).replace("\n    ", " ")
    assert check.chosen_words(paid) == (
        "With Chance to spend 1, as you chose after the dice, this outcome had a 18.06% chance (13/72)."
        " rollkit's odds for these values assume Chance to spend 0."
    )
    same = Check(mod=5, threshold=15, spend=1).resolve([4, 5], adjustments="pay")
    assert not same.chosen and same.reckoned == "" and "reckoned" not in same.to_json()


@pytest.mark.parametrize("bad", ["6+1F", "", "pay 1", 3])
def test_a_choice_is_pay_or_keep(bad: object) -> None:
    with pytest.raises(RulesError, match="the choice is 'pay'") as caught:
        Check(mod=0, threshold=15).resolve([1, 1], adjustments=bad)  # type: ignore[arg-type]
    assert caught.value.said == "after the dice, pay the Chance a miss costs or keep the failure."


def test_the_hand_offers_the_choice_after_a_miss_only() -> None:
    check = Check(mod=5, threshold=15)
    hand = check.hand(faces=[4, 5])
    assert hand.open() and not hand.moves() and hand.written() == "" and hand.faces == (4, 5)
    assert [(o.spend, o.label, o.primary) for o in hand.offers()] == [
        ("pay", "Spend 1 Chance: success with a Complication", True),
        ("plan", "Keep the low failure", False),
    ]
    limit = Check(mod=5, threshold=15, spend=1).hand(faces=[4, 5])
    assert [o.spend for o in limit.offers()] == ["plan", "keep"]  # the plan is what spend does
    assert hand.why_not(1, 1) and limit.planned().written() == "pay" and hand.planned().written() == "keep"
    with pytest.raises(RulesError, match="never moved"):
        hand.moved(1, 1)
    assert hand.chosen("pay").finish() == check.resolve([4, 5], adjustments="pay")
    assert hand.chosen("pay").said() == "pay 1 Chance" and hand.chosen("pay").chance() == 1
    assert hand.summary() == "Failure so far: total 14 against Threshold 15, a low failure."
    assert not check.hand(faces=[6, 7]).open()  # reached the Threshold: nothing to choose
    dear = Check(mod=0, threshold=25).hand(faces=[1, 2])  # missed by 22: Critical, 3 Chance
    assert dear.offers()[0].label == "Spend 3 Chance: success with a Complication"
    assert dear.offers()[1].label == "Keep the critical failure"
    for seed in range(30):
        drawn = check.hand(seed=seed)
        assert drawn.rolled == check.roll(seed=seed).faces and drawn.seed == seed
        assert drawn.finish() == check.roll(seed=seed)  # no choice: the plan's roll


def test_the_choice_from_the_command_line_and_the_widgets(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["roll", "trait", "--mod", "4", "--threshold", "20", "--faces", "6,7", "--adjust", "pay"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "  After the dice: paid 1 Chance\n" in out and ", success with a Complication." in out
    assert main([*args[:-1], "keep"]) == 0
    assert "Failure: total 17 against Threshold 20, low failure;" in capsys.readouterr().out
    assert main(["roll", "trait", "--help"]) == 0 and "'pay' the Chance it costs" in capsys.readouterr().out
    base = {"op": "roll", "check": "trait", "params": {"mod": 4, "threshold": 20}, "choose": True}
    seed = next(s for s in range(200) if Check(mod=4, threshold=20).roll(seed=s).outcome == "low failure")
    pending = json.loads(request(json.dumps({**base, "seed": seed})))["result"]
    assert pending["pending"] is True and "Spend 1 Chance" in json.dumps(pending["view"]["tree"])
    done = json.loads(request(json.dumps({**base, "seed": seed, "spend": "pay", "finish": True})))["result"]
    assert done["outcome"] == BOUGHT and done["spend"] == "pay" and done["chosen"] is True
    assert f"roll = check.roll(seed={seed}, adjustments='pay')" in done["python"]
    assert "as you chose after the dice" in json.dumps(done["view"]["tree"])
    won = next(s for s in range(200) if Check(mod=4, threshold=20).roll(seed=s).success)
    assert "pending" not in json.loads(request(json.dumps({**base, "seed": won})))["result"]
