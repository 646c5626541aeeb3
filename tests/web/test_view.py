"""The widget renderer: one tree for build time and the browser, in the rules' words."""

from __future__ import annotations

import json
import re

import pytest

from rollkit import again, hits, ninefold, trait
from rollkit.web import (
    node,
    odds_view,
    request,
    roll_view,
    summary,
    tally_chart,
    to_html,
    to_json,
    values_text,
)


def test_html_escapes_text_and_refuses_handlers_and_undeclared_classes() -> None:
    tree = node("p", {"class": "x rk-p", "title": '"<b>'}, "<script>", node("b", {}, "&"))
    html = to_html(tree)
    assert html == '<p class="x rk-p" title="&quot;&lt;b&gt;">&lt;script&gt;<b>&amp;</b></p>'
    assert to_json(tree) == ["p", {"class": "x rk-p", "title": '"<b>'}, "<script>", ["b", {}, "&"]]
    with pytest.raises(ValueError, match="no event handler"):
        node("p", {"onclick": "steal()"})
    with pytest.raises(ValueError, match="rk-nowhere is not declared"):
        node("p", {"class": "rk-p rk-nowhere"})


def test_values_are_named_in_the_rules_words() -> None:
    check = hits.Check(dice=5, threshold=7, tn=2)
    assert values_text(check) == "Dice Pool 5, Threshold 7+, Target Number (TN) 2"
    view = odds_view(check)
    assert view.title == view.values and "Dice Pool 5" in to_html(view.tree)


def test_the_page_title_is_kept_only_for_the_page_values() -> None:
    base = {
        "op": "odds",
        "check": "hits",
        "title": "Five dice",
        "initial": {"dice": "5", "threshold": "7", "tn": "2"},
    }
    same = json.loads(request(json.dumps({**base, "params": {"dice": "5", "threshold": "7", "tn": "2"}})))
    edited = json.loads(request(json.dumps({**base, "params": {"dice": "8", "threshold": "7", "tn": "2"}})))
    assert same["result"]["view"]["title"] == "Five dice"
    assert edited["result"]["view"]["title"].startswith("Dice Pool 8")


def test_cumulative_views_add_up_from_the_exact_odds() -> None:
    check = hits.Check(dice=2, threshold=6, tn=1)  # each die a Hit half the time
    at_least = to_html(odds_view(check, view="at-least").tree)
    assert "≥ 1 Hits: 75.00%" in at_least and "≥ 0 Hits: 100%" in at_least
    at_most = to_html(odds_view(check, view="at-most").tree)
    assert "≤ 0 Hits: 25.00%" in at_most and "≤ 2 Hits: 100%" in at_most


def test_mean_and_spread_by_hand() -> None:
    html = to_html(odds_view(hits.Check(dice=2, threshold=6, tn=1)).tree)
    assert "On average 1.00 Hits (typically within ±0.71)." in html  # variance 2 * 1/4
    assert "On average" not in to_html(odds_view(again.Check(dice=2)).tree)  # a tail: no mean


def test_a_pinned_setting_is_drawn_beside() -> None:
    view = odds_view(hits.Check(dice=3, threshold=7, tn=1), pinned=hits.Check(dice=5, threshold=7, tn=1))
    html = to_html(view.tree)
    assert "rk-bar-pinned" in html and "pinned: Dice Pool 5" in html


def test_roll_summary_in_rule_terms() -> None:
    check = hits.Check(dice=3, threshold=7, tn=3)
    roll = check.resolve([1, 2, 9])
    assert summary(check, roll) == "Failure: 1 Hit against TN 3, Botch 2 (Major Failure); 3 Hits needed."
    roll = check.resolve([7, 8, 9])
    assert summary(check, roll).startswith("Success: 3 Hits against TN 3, DoS 1")
    t = trait.Check(mod=2, threshold=15)
    assert summary(t, t.resolve([6, 7])) == "Success: total 15 against Threshold 15."
    assert summary(t, t.resolve([1, 7])).endswith("; total of 15 or more needed.")
    a = again.Check(dice=2, dc=2)
    assert summary(a, a.resolve([8, 3, 5])) == "Failure: 1 success against DC 2; 2 successes needed."
    a = again.Check(dice=2, dc=2, exceed=True)  # needs 3: no field says 3, so none is named
    assert summary(a, a.resolve([8, 9, 5])) == "Failure: 2 successes; 3 successes needed."
    # where one is enough, a failure's "0" already says what was needed
    one = hits.Check(dice=2, threshold=7, tn=1)
    assert summary(one, one.resolve([3, 4])) == "Failure: 0 Hits against TN 1, Botch 1 (Nominal Failure)."
    damage = ninefold.Damage(offence=60, defence=30, effect_dice=4, effect_die=6)
    assert summary(damage, damage.resolve([18, 20])) == "Failure: 0 damage, defended."
    assert summary(damage, damage.resolve([80])) == "Failure: 0 damage, offence fails."
    # a score still says it: a tied contest loses, and the sentence says what wins
    contest = trait.Contest(mod=2, against_mod=2)
    tie = summary(contest, contest.resolve([5, 6, 5, 6]))
    assert tie == "Failure: margin 0, lose; margin of 1 or more needed."
    view = roll_view(check, roll)
    html = to_html(view.tree)
    assert view.faces == (7, 8, 9) and "d10 showing 7: Hit" in html
    assert "<li>Effect: 0</li>" in html  # a detail worth 0 is still said
    assert "Seed" not in html  # resolved from given faces: no seed to replay


def test_long_fractions_get_a_copy_button() -> None:
    html = to_html(odds_view(hits.Check(dice=60, threshold=7, tn=3)).tree)
    assert 'class="rk-copy"' in html and "digits)" in html
    assert 'class="rk-exact"' in html


def test_roll_details_are_named_in_the_rules_words() -> None:
    check = hits.Opposed(dice=2, threshold=7, against_dice=2, against_threshold=7)
    names = [
        item.split(":")[0]
        for item in re.findall(r"<li>([^<]*)</li>", to_html(roll_view(check, check.roll(seed=1)).tree))
    ]
    assert "TN" in names and "Opposing hits" in names
    assert not [n for n in names if "_" in n or n[:1].islower()], names
    check = hits.Check(dice=3, threshold=7, tn=2)
    html = to_html(roll_view(check, check.roll(seed=1)).tree)
    assert "<li>Target Number (TN): 2</li>" in html


def test_chart_marks_where_success_starts() -> None:
    check = hits.Check(dice=5, threshold=7, tn=3)  # Hits 0..5: bars 3, 4 and 5 succeed
    svg = to_json(tally_chart(check, check.distribution()))
    bars = [node for node in svg[2:] if node[0] == "rect"]
    succeeding = [bar[2][2].split()[0] for bar in bars if "rk-bar-success" in bar[1]["class"]]
    assert succeeding == ["3", "4", "5"]
    marker = next(node for node in svg[2:] if node[1].get("class") == "rk-target-text")
    assert marker[2] == "TN 3"
    assert "success from 3 Hits" in svg[1]["aria-label"]
    html = to_html(odds_view(check).tree)
    assert "Success: 3 or more Hits (TN 3)." in html
    check = trait.Check(mod=0, threshold=15)
    assert [
        n
        for n in to_json(tally_chart(check, check.distribution()))[2:]
        if n[1].get("class") == "rk-target-text"
    ][0][2] == "Threshold 15"


def _band(bar: list[object]) -> str:
    """A margin bar's band, from its title: "margin -55 to -51: 5.00%" -> "-55 to -51"."""
    title = str(bar[2][2])  # type: ignore[index]
    assert title.startswith("margin "), title
    return title.removeprefix("margin ").rsplit(":", 1)[0]


def test_bars_say_their_outcome_as_a_roll_does() -> None:
    """A bar's title in the tally's words: one Hit singular, a score after its name."""
    check = hits.Check(dice=2, threshold=6, tn=1)  # 0, 1 or 2 Hits: 1/4, 1/2, 1/4
    chart = tally_chart(check, check.distribution())
    titles = [n[2][2] for n in to_json(chart)[2:] if n[0] == "rect"]
    assert titles == ["0 Hits: 25.00%", "1 Hit: 50.00%", "2 Hits: 25.00%"]
    assert to_json(chart)[1]["aria-label"].endswith("; success from 1 Hit")
    t = trait.Check(mod=2, threshold=15)
    titles = [n[2][2] for n in to_json(tally_chart(t, t.distribution()))[2:] if n[0] == "rect"]
    assert titles[0].startswith("total 4: ") and titles[-1].startswith("total 26: ")  # MOD 2 and two d12
    assert to_html(tally_chart(t, t.distribution())).count("success from total 15") == 1


def test_d100_is_drawn_in_round_bands() -> None:
    from rollkit import ninefold

    check = ninefold.Check(to_pass=45)  # margins -55..44: 100 outcomes in 20 bands of 5
    bars = [n for n in to_json(tally_chart(check, check.distribution()))[2:] if n[0] == "rect"]
    assert len(bars) == 20
    labels = [_band(bar) for bar in bars]
    assert labels[0] == "-55 to -51" and labels[-1] == "40 to 44"
    assert "0 to 4" in labels  # a band starts where success starts (a margin of 0)
    shifted = ninefold.Check(to_pass=47)  # margins -53..46: the bands still meet at 0
    bars = [n for n in to_json(tally_chart(shifted, shifted.distribution()))[2:] if n[0] == "rect"]
    labels = [_band(bar) for bar in bars]
    assert labels[:2] == ["-53 to -51", "-50 to -46"] and "0 to 4" in labels and labels[-1] == "45 to 46"
    success = [_band(bar) for bar in bars if "rk-bar-success" in bar[1]["class"]]
    assert success[0] == "0 to 4" and len(success) == 10


def test_the_summary_does_not_repeat_the_outcome() -> None:
    from rollkit import ninefold

    contest = ninefold.Contest(offence=60, defence=30)
    roll = next(r for r in (contest.roll(seed=s) for s in range(50)) if r.outcome == "effect")
    text = summary(contest, roll)
    assert text.startswith("Success: ") and text.count("effect") == 1, text


def test_an_exact_fraction_may_wrap_after_its_slash_only() -> None:
    # 5 dice at 7+ against TN 2: at least two Hits, 1 - (3/5)^5 - 5 (2/5) (3/5)^4 = 2072/3125
    html = to_html(odds_view(hits.Check(dice=5, threshold=7, tn=2)).tree)
    assert '<span class="rk-exact">2072/<wbr>3125</span>' in html
    assert re.search(r'<span class="rk-exact">\d+</span>', html)  # a whole number has no break
