"""The roll log's entry (rollkit.web.LogEntry): what a finished roll answers with, the exact
chances against enumeration, the chat line, the exports' row and the tree the log shows."""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from rollkit import _registry, critdice, hits, trait
from rollkit.web import LogContext, log_entry, node, roll_view, to_html
from rollkit.web import request as web_request
from tests.helpers.strategies import example

# What Discord's Markdown reads as markup anywhere in a line (bold, italics, strike, code,
# spoilers, escapes); a line starting with "#", ">" or "-" would be a heading, a quote or a list.
DISCORD_MARKUP = re.compile(r"[*_~`|\\]|^[#>\-]")


def _roll(check: str, params: dict[str, object], seed: int, **more: object) -> dict[str, object]:
    answer = json.loads(
        web_request(json.dumps({"op": "roll", "check": check, "params": params, "seed": seed, **more}))
    )
    assert answer["ok"], answer
    return answer["result"]


def _enumerated(check: object, sides: tuple[int, ...]) -> dict[str, Fraction]:
    """Each outcome's chance, counted over every face combination (each die its own sides)."""
    counts: dict[str, int] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        outcome = check.resolve(faces).outcome  # type: ignore[attr-defined]
        counts[outcome] = counts.get(outcome, 0) + 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("check", "sides"),
    [
        (hits.Check(dice=3, threshold=7, tn=2), (10, 10, 10)),
        (hits.Check(dice=4, threshold=8, tn=1), (10,) * 4),
        (trait.Check(mod=3, threshold=15), (12, 12)),
    ],
)
def test_the_chances_are_those_of_every_face_combination(check: object, sides: tuple[int, ...]) -> None:
    """The chance of the outcome rolled, and of it or a better one, counted over every face
    combination (the ranks of the outcomes from the rules: worst first, as outcomes() lists them)."""
    chances = _enumerated(check, sides)
    order = list(check.outcomes().keys())  # type: ignore[attr-defined]
    for faces in itertools.islice(itertools.product(*(range(1, s + 1) for s in sides)), 0, None, 97):
        roll = check.resolve(faces)  # type: ignore[attr-defined]
        entry = log_entry("kind", check, roll)  # type: ignore[arg-type]
        rank = order.index(roll.outcome)
        better = sum((p for name, p in chances.items() if order.index(name) >= rank), Fraction(0))
        assert entry.chance == chances[roll.outcome]
        assert entry.at_least == better


@pytest.mark.parametrize("kind", sorted(_registry.kinds()))
def test_every_kind_answers_a_roll_with_its_entry(kind: str) -> None:
    cls = _registry.find(kind)
    params = example(cls)
    check = cls(**params)
    outcomes = list(check.outcomes().items())
    for seed in (1, 2, 3):
        result = _roll(kind, {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}, seed)
        entry = result["log"]
        assert entry["kind"] == kind and entry["seed"] == seed and entry["faces"] == result["faces"]
        named = f" (rolled with {result['view']['values']})" if result["view"]["values"] else ""
        assert result["view"]["summary"] == entry["summary"][:-1] + named + "."  # the values said apart
        assert entry["outcome"] == result["outcome"]
        rank = [name for name, _ in outcomes].index(result["outcome"])
        at_least = Fraction(0)
        for _, p in outcomes[rank:]:
            at_least += p
        assert Fraction(entry["at_least"]["probability"]) == at_least
        assert Fraction(entry["chance"]["probability"]) == dict(outcomes)[result["outcome"]]
        assert len(entry["dice"]) == len(result["faces"])
        chat = entry["chat"]
        assert "\n" not in chat and not DISCORD_MARKUP.search(chat), chat
        assert entry["summary"] in chat or DISCORD_MARKUP.search(entry["summary"])
        # the replay data rebuilds the same check, and its seed the same dice
        replays = entry["replays"]
        again = _roll(replays["check"], replays["params"], replays["seed"])
        assert again["faces"] == result["faces"]


def test_the_entry_names_the_check_its_dice_and_chances_in_the_rules_words() -> None:
    result = _roll(
        "hits",
        {"dice": "5", "threshold": "7", "tn": "3"},
        42,
        log={"title": "Five dice", "initial": {"dice": "5", "threshold": "7", "tn": "3"}},
    )
    entry = result["log"]
    assert entry["check"] == "Hits: Five dice"
    assert entry["values"] == "Dice Pool 5, Threshold 7+, Target Number (TN) 3"
    assert entry["faces"] == [2, 1, 5, 4, 4]
    assert entry["dice"][0] == "2 on a d10: no Hit"
    # Botch 2 is 2 or 3 Hits short of the TN: 0 or 1 Hit of 5 dice at 7+; Botch 3 (4 or more
    # short) cannot happen against TN 3
    assert entry["outcome"] == "Botch 2 (Major Failure)"
    assert entry["chance"]["probability"] == str(Fraction(6**5 + 5 * 4 * 6**4, 10**5)) == "1053/3125"
    assert entry["at_least"]["probability"] == "1"
    assert entry["chat"] == (
        "Hits (Dice Pool 5, Threshold 7+, Target Number (TN) 3): Failure: 0 Hits against TN 3,"
        " Botch 2 (Major Failure); 3 Hits needed. Dice: 2, 1, 5, 4, 4. Chance 33.70%,"
        " this or better 100%."
    )
    row = dict(entry["row"])
    assert list(row) == [
        "Check",
        "Values",
        "Character",
        "Result",
        "Dice",
        "Chance of this outcome",
        "Chance of this or better",
        "Seed",
        "Replay of",
    ]
    assert row["Chance of this outcome"] == "33.70% (1053/3125)" and row["Chance of this or better"] == "100%"
    assert row["Seed"] == "42" and row["Character"] == "" and row["Replay of"] == ""
    edited = _roll(
        "hits",
        {"dice": "6", "threshold": "7", "tn": "3"},
        42,
        log={"title": "Five dice", "initial": {"dice": "5", "threshold": "7", "tn": "3"}},
    )
    assert edited["log"]["check"] == "Hits"  # the page's title belongs to its own values only


def test_a_typed_seed_a_replay_and_a_character_are_said_in_the_entry_and_the_chat_line() -> None:
    log = {"typed": True, "replay": "12 Mar 2026, 20:14:05", "character": "  Mira <b>the Bold</b> "}
    entry = _roll("trait", {"mod": "5", "threshold": "15"}, 7, log=log)["log"]
    chat = entry["chat"]
    assert chat.startswith("Trait checks (MOD 5, Threshold 15) for Mira <b>the Bold</b>: ")
    assert chat.endswith(" Seed 7 typed. Replay of a roll from 12 Mar 2026, 20:14:05.")
    html = to_html(_tree(entry))
    assert "For Mira &lt;b&gt;the Bold&lt;/b&gt;" in html and "<b>the" not in html
    assert "Replay of a roll from 12 Mar 2026, 20:14:05." in html and "Seed 7, typed by the roller." in html
    row = dict(entry["row"])
    assert row["Character"] == "Mira <b>the Bold</b>" and row["Seed"] == "7, typed by the roller"
    assert row["Replay of"] == "12 Mar 2026, 20:14:05"
    shared = _roll("trait", {"mod": "5", "threshold": "15"}, 7, log={"replay": ""})["log"]
    assert shared["chat"].endswith(" Replay of a shared roll.") and "typed" not in shared["chat"]
    assert dict(shared["row"])["Replay of"] == "a shared roll"
    plain = _roll("trait", {"mod": "5", "threshold": "15"}, 7)["log"]
    assert "typed" not in plain["chat"] and "Replay" not in plain["chat"] and " for " not in plain["chat"]


def _tree(entry: dict[str, object]) -> object:
    """The entry's tree (JSON) back as an Element, to write as HTML."""

    def back(tree: object) -> object:
        if isinstance(tree, str):
            return tree
        tag, attrs, *children = tree  # type: ignore[misc]
        return node(tag, attrs, *(back(c) for c in children))

    return back(entry["tree"])


def test_the_log_shows_the_dice_as_the_widget_does_and_long_fractions_short() -> None:
    check = hits.Check(dice=40, threshold=7, tn=12)
    roll = check.roll(seed=3)
    view = roll_view(check, roll)
    entry = log_entry("hits", check, roll, view=view)
    strip = [e for e in view.tree.walk() if e.attr("class") in ("rk-dice", "rk-marks")]
    assert entry.strip == tuple(strip) and len(strip) == 2
    assert [to_html(e) for e in strip] == [to_html(e) for e in entry.tree().walk() if e in strip]
    assert len(str(entry.chance)) > 40
    shown = to_html(entry.tree())
    assert "…" in shown and str(entry.chance) not in shown  # shortened as the site shows fractions
    assert str(entry.chance) in dict(entry.row())["Chance of this outcome"]  # the export: whole


def test_a_hand_open_to_choices_has_no_entry_and_a_finished_one_has() -> None:
    params = {"dice": "6", "focus": "3"}
    hand = _roll("critdice", params, 7, choose=True)
    assert hand.get("pending") and "log" not in hand
    planned = _roll("critdice", params, 7, choose=True, spend="plan")["log"]
    assert planned["planned"] is False and planned["replays"]["spend"] is None
    check = critdice.Check(dice=6, focus=3)
    spend = check.hand(seed=7).planned().written()
    assert spend  # rollkit's plan spends points on these dice
    chosen = _roll("critdice", params, 7, choose=True, spend=spend, finish=True)["log"]
    assert chosen["planned"] is True and chosen["replays"]["spend"] == spend
    assert chosen["chat"].endswith("with rollkit's plan.")
    assert "With rollkit's plan for the points" in to_html(_tree(chosen))


@pytest.mark.parametrize(
    ("log", "said"),
    [
        (5, "the roll's log details are not a set of values."),
        ({"title": 3}, "title is not text."),
        ({"character": ["Mira"]}, "character is not text."),
    ],
)
def test_a_bad_log_object_is_said_as_a_mistake_not_a_bug(log: object, said: str) -> None:
    answer = json.loads(
        web_request(
            json.dumps(
                {"op": "roll", "check": "hits", "params": {"dice": 3, "threshold": 7, "tn": 1}, "log": log}
            )
        )
    )
    assert answer == {"ok": False, "error": said[:1].upper() + said[1:], "field": None}


def test_an_outcome_the_check_does_not_list_is_a_bug() -> None:
    check = hits.Check(dice=3, threshold=7, tn=1)
    roll = check.roll(seed=1)
    with pytest.raises(ValueError, match="not one of hits's outcomes"):
        log_entry("hits", check, replace(roll, outcome="nowhere"), context=LogContext())


def test_the_chat_line_writes_what_a_chat_would_mark_up_plainly() -> None:
    entry = _roll("trait", {"mod": "5", "threshold": "15"}, 7, log={"character": "Mira_the *Bold* ~|`\\"})[
        "log"
    ]
    assert not DISCORD_MARKUP.search(entry["chat"]), entry["chat"]
    assert " for Mira the ×Bold× -/'/: " in entry["chat"]
    assert dict(entry["row"])["Character"] == "Mira_the *Bold* ~|`\\"  # the exports keep the name as typed
