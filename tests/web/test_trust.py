"""What a widget shows so that a player trusts it at a glance (issue #21, item 5): the values a
roll was made with, where its dice came from (a typed seed, a replay), dice as they counted,
pinned odds as numbers, and hints that say what a reader may enter."""

from __future__ import annotations

import json
from datetime import datetime
from fractions import Fraction

import pytest

from rollkit import LimitError, critdice, hits, ninefold, trait
from rollkit._fields import Param
from rollkit._words import Words
from rollkit.web import Element, Origin, odds_view, request, roll_view, to_html, widget


def _texts(tree: Element, cls: str) -> list[str]:
    return [e.text() for e in tree.walk() if cls in str(e.attr("class") or "").split()]


def _answer(**req: object) -> dict:
    message = {"op": "roll", "check": "trait", "params": {"mod": 5, "threshold": 15}, **req}
    answer = json.loads(request(json.dumps(message)))
    assert answer["ok"], answer
    return answer["result"]


# -- a roll says what it was rolled with ---------------------------------------------------------


def test_a_roll_names_its_values_and_says_when_they_are_no_longer_on_screen() -> None:
    check = trait.Check(mod=5, threshold=15)
    view = roll_view(check, check.resolve([6, 7]))
    assert view.summary == "Success: total 18 against Threshold 15 (rolled with MOD 5, Threshold 15)."
    assert view.values == "MOD 5, Threshold 15"
    stale = [e for e in view.tree.walk() if e.attr("class") == "rk-roll-stale"]
    assert len(stale) == 1 and stale[0].attr("hidden") is True  # shown by the page after an edit
    assert stale[0].text() == "Rolled with MOD 5, Threshold 15: the values above have changed since."
    shown = roll_view(check, check.resolve([6, 7]), shown=("mod", "threshold", "exp"))
    assert "(rolled with MOD 5, Threshold 15, EXP 0)" in shown.summary  # the widget's fields too


def test_a_certain_outcome_is_said_as_certain() -> None:
    check = trait.Check(mod=20, threshold=15)
    html = to_html(roll_view(check, check.resolve([1, 1])).tree)
    assert "This outcome was certain with these values." in html and "(1)" not in html
    assert "This outcome had a 75.00% chance (3/4)." in to_html(
        roll_view(trait.Check(mod=5, threshold=15), trait.Check(mod=5, threshold=15).resolve([6, 7])).tree
    )


def test_the_stacking_cap_is_said_in_the_rules_words() -> None:
    check = trait.Check(mod=5, threshold=15)
    html = to_html(roll_view(check, check.resolve([6, 7])).tree)
    assert "<li>Stacking cap: 1</li>" in html and "Stack cap" not in html
    assert Words(name="x", title="x", details={"a_b": "The A"}).detail("a_b") == "The A"
    assert Words(name="x", title="x").detail("a_b") == "A b"


# -- where the dice came from ---------------------------------------------------------------------


def test_a_fresh_roll_says_nothing_of_its_origin() -> None:
    check = trait.Check(mod=5, threshold=15)
    assert _texts(roll_view(check, check.roll(seed=3)).tree, "rk-origin") == []
    result = _answer(seed=3, choose=False, spend="plan", finish=True)
    assert (result["typed"], result["replay"]) == (False, False)
    assert datetime.fromisoformat(result["at"]).tzinfo is not None  # when it was rolled, in UTC


def test_a_typed_seed_is_said_in_the_view_and_the_answer() -> None:
    result = _answer(seed="4", typed=True, spend="keep", finish=True)
    assert result["typed"] is True and result["replay"] is False
    said = json.dumps(result["view"]["tree"])
    assert "Seed 4 was typed in, not drawn at random" in said


@pytest.mark.parametrize(
    ("zone", "when"),
    [(None, "on 1 December 2026 at 14:18 UTC"), (60, "on 1 December 2026 at 15:18 your time")],
)
def test_a_replay_says_of_what_and_from_when(zone: int | None, when: str) -> None:
    origin = Origin(replay=True, at="2026-12-01T14:18:07Z", zone=zone, typed=True)
    assert origin.when() == when
    said = origin.said("MOD 5, Threshold 15", 4)
    assert said == (
        f"Replay of a roll with MOD 5, Threshold 15 made {when}, from seed 4: the same dice, not a"
        " new roll. Its seed was typed in, not drawn at random."
    )
    assert Origin(replay=True, at="not a time").said("MOD 5", 4) == (
        "Replay of a roll with MOD 5, from seed 4: the same dice, not a new roll."
    )
    result = _answer(seed=4, replay={"at": "2026-12-01T14:18:07Z"}, zone=60, spend="plan", finish=True)
    assert result["replay"] is True and result["at"] == "2026-12-01T14:18:07Z"  # the replayed roll's time
    assert "Replay of a roll with MOD 5, Threshold 15 made on 1 December 2026" in json.dumps(result["view"])


# -- dice as they counted ------------------------------------------------------------------------


def test_a_moved_die_shows_the_face_it_counted_as_and_what_it_was_rolled_as() -> None:
    check = critdice.Check(dice=4, legendary=1, focus=2)
    roll = check.roll(seed=7)  # the plan raises die 3 from 7 to 8 and die 4 from 11 to 12
    assert [d.adjusted for d in roll.dice[:4]] == [None, None, 8, 12]
    assert roll.to_json()["dice"][3]["adjusted"] == 12
    tree = roll_view(check, roll).tree
    assert _texts(tree, "rk-face") == ["6", "3", "8", "12", "1"]
    assert _texts(tree, "rk-was") == ["was 7", "was 11"]
    dice = [e for e in tree.walk() if e.attr("class") == "rk-die"]
    assert dice[3].text().startswith("12was 11 on a d12, rolled as 11: critical success")
    assert dice[0].text() == "6 on a d12: nothing"  # a die's text reads "6 on a d12", never "6d12"
    assert "die 4 raised from 11 to 12 (1 Focus)" in to_html(tree)


def test_the_legend_keys_are_swatches_not_dice() -> None:
    check = critdice.Check(dice=4, legendary=1, focus=2)
    tree = roll_view(check, check.roll(seed=7)).tree
    keys = [e for e in tree.walk() if e.attr("class") == "rk-mark"]
    assert [k.text() for k in keys] == ["nothing", "success", "critical success", "explodes", "critical"]
    for key in keys:
        assert key.tag == "li" and "rk-die" not in str(key.attr("class"))
        sample = key.children[0]
        assert isinstance(sample, Element) and sample.attr("class") == "rk-mark-sample"
        assert sample.attr("data-marks") and sample.text() == ""


# -- pinned odds ---------------------------------------------------------------------------------


def test_pinned_odds_are_both_given_as_numbers_with_their_difference() -> None:
    now, pinned = trait.Check(mod=2, threshold=15), trait.Check(mod=5, threshold=15)
    assert (now.chance(), pinned.chance()) == (Fraction(13, 24), Fraction(3, 4))
    said = _texts(odds_view(now, pinned=pinned).tree, "rk-compare")
    assert said == [
        "Chance of success: 54.17% (13/24) with these values, 75.00% (3/4) pinned (MOD 5, Threshold 15):"
        " a difference of \u221220.83 percentage points (\u22125/24)."
    ]
    up = _texts(odds_view(pinned, pinned=now).tree, "rk-compare")[0]
    assert up.endswith("a difference of +20.83 percentage points (+5/24).")
    assert _texts(odds_view(now, pinned=now).tree, "rk-compare")[0].endswith(": the same.")
    assert _texts(odds_view(now).tree, "rk-compare") == []


# -- hints say what a reader may enter ------------------------------------------------------------


def _hint(tree: Element, name: str) -> str:
    for element in tree.walk():
        if element.attr("id") == f"rk-t-{name}-hint":
            return element.text()
    raise AssertionError(name)


def test_hints_leave_out_limits_far_beyond_play() -> None:
    tree = widget("ninefold.contest", ninefold.Contest(offence=60, defence=30), widget_id="rk-t")
    assert _hint(tree, "offence") == "the offence's chance to pass"
    assert _hint(tree, "effect_dice") == "rolled when the effect lands, changed by criticals; at least 0"
    assert 'max="1000000"' in to_html(tree)  # the inputs keep the limit; an error still says it
    far = Param("x", low=-5, high=5, limit="both", far=True)
    assert (far.hinted(), far.allowed()) == ("", "-5 to 5")
    high = Param("x", low=0, high=5, limit="high", far=True)
    assert (high.hinted(), Param("x", low=0, high=5, limit="high").hinted()) == ("at least 0", "0 to 5")
    assert Param("x", low=1, high=10, far=True).hinted() == "1 to 10"  # the rules' own ends stay


def test_a_rule_across_fields_sets_the_hint_where_the_widget_knows_it() -> None:
    check = hits.Check(dice=5, threshold=7, tn=2)
    fixed = widget("hits", check, widget_id="rk-t", show=("dice", "threshold", "tn"))
    assert _hint(fixed, "dice") == "d10s in the pool, bought groups included; 0 to 2000"
    bought = widget(
        "hits", hits.Check(dice=35, threshold=7, tn=2, bought=2), widget_id="rk-t", show=("dice",)
    )
    assert _hint(bought, "dice").endswith("; 0 to 2020")
    free = widget("hits", check, widget_id="rk-t")
    assert _hint(free, "dice").endswith("; 0 to 2000 rolled, and 10 more for each bought group")
    with pytest.raises(LimitError, match="at most 2000"):
        hits.Check(dice=2001, threshold=7, tn=2)
    points = widget(
        "critdice", critdice.Check(dice=4, legendary=1, focus=2), widget_id="rk-t", show=("dice", "focus")
    )
    assert _hint(points, "focus").endswith("; 0 to 9") and _hint(points, "dice").endswith("; 0 to 30")
    both = widget("critdice", critdice.Check(dice=4), widget_id="rk-t")
    assert _hint(both, "legendary").endswith("; 0 to 10 together with Focus")
    assert _hint(both, "dice").endswith("; 0 to 100; at most 30 with points to spend")
