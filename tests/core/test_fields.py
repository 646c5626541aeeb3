"""Every check parameter carries its label, hint and range, and they agree with the rules.

The declared ranges (``Param.low``/``high``) are held against what each check
really accepts; the text input rules (spaces, digits, empty values) are held
for ``build`` (the widgets' path) and for the command line alike.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import pytest

from rollkit import RulesError, critdice, hits
from rollkit._cli import main
from rollkit._fields import Field, fields
from rollkit._params import build, checks

KINDS = list(checks())

# One valid check of every kind (the first ones are tests/core/test_cli.py's EXAMPLES).
BASELINES: dict[str, dict[str, Any]] = {
    "ninefold": {"to_pass": 45},
    "ninefold.percentage": {"dc": 60, "bonus": 5},
    "ninefold.contest": {"offence": 60, "defence": 30},
    "ninefold.mentalic": {"at_least": 12},
    "ninefold.skill": {"stat": 18, "paths": (20, 10), "buffs": (5,), "debuffs": (3,)},
    "ninefold.defender": {"offence": 60, "stat": 30, "effect_types": 2, "resistances": (20, 35)},
    "trait": {"mod": 5, "threshold": 15, "adept": True, "exp": 4},
    "trait.contest": {"mod": 5, "against_mod": 3},
    "hits": {"dice": 5, "threshold": 7, "tn": 3},
    "hits.opposed": {"dice": 5, "threshold": 7, "against_dice": 4, "against_threshold": 6},
    "hits.group": {"dice": 4, "threshold": 7, "tn": 2, "helpers": ((8, 6), (3, 7))},
    "hits.luck": {"fate": 3, "tn": 1},
    "hits.attribute": {"level": 4, "tn": 2},
    "hits.skill": {"attribute": 4, "training": "skilled", "focus": 1, "tn": 3},
    "hits.knowledge": {"intellect": 5, "rating": 3, "tn": 3},
    "again": {"dice": 6, "dc": 2, "again": 9},
    "again.mitigated": {"dice": 7, "defence": 3},
    "again.opposed": {"dice": 4, "against_dice": 5},
    "again.skill": {"stat": 3, "skill": 2, "dc": 4},
    "again.mitigated_skill": {"stat": 3, "skill": 2, "weapon": 2, "defence": 3},
    "again.opposed_skills": {"stat": 2, "skill": 2, "against_stat": 3, "against_skill": 2},
    "critdice": {"dice": 4, "sn": 9},
    "critdice.skill": {"rank": 2, "stats": (3, 5), "weapon_bonus": 3},
    "critdice.stat": {"stat": 4},
}

# Other fields set while one field sits at (or just past) an end of its range, so that
# a rule across fields (bands that must fit the die, both opposed pools under one limit,
# groups bought out of the pool, a DC of 0 only to be exceeded ...) lets that end through.
# A value may depend on the tested value.
_NO_BANDS = {"favourable": 0, "unfavourable": 0}
ALONE: dict[tuple[str, str], dict[str, Any] | Callable[[int], dict[str, Any]]] = {
    ("ninefold", "die"): {"to_pass": 50, **_NO_BANDS},
    ("ninefold", "favourable"): {"unfavourable": 0},
    ("ninefold", "unfavourable"): {"favourable": 0},
    ("ninefold.percentage", "favourable"): {"unfavourable": 0},
    ("ninefold.percentage", "unfavourable"): {"favourable": 0},
    ("ninefold.contest", "offence_die"): {"offence": 50, **_NO_BANDS},
    ("ninefold.contest", "defence_die"): {"defence": 50},
    ("ninefold.contest", "favourable"): {"unfavourable": 0},
    ("ninefold.contest", "unfavourable"): {"favourable": 0},
    ("ninefold.skill", "stat"): {"paths": (), "buffs": (), "debuffs": ()},
    ("ninefold.skill", "die"): {"stat": 50, "paths": (), "buffs": (), "debuffs": (), **_NO_BANDS},
    ("ninefold.skill", "favourable"): {"unfavourable": 0},
    ("ninefold.skill", "unfavourable"): {"favourable": 0},
    ("ninefold.defender", "stat"): {"resistances": ()},
    ("ninefold.defender", "armour"): {"stat": 0, "resistances": ()},
    ("ninefold.defender", "cover"): {"stat": 0, "resistances": ()},
    ("ninefold.defender", "armour_piercing"): {"stat": 0, "resistances": ()},
    ("ninefold.defender", "effect_types"): {"resistances": ()},
    ("ninefold.defender", "offence_die"): {"offence": 50, **_NO_BANDS},
    ("ninefold.defender", "defence_die"): {"stat": 50, "resistances": ()},
    ("ninefold.defender", "favourable"): {"unfavourable": 0},
    ("ninefold.defender", "unfavourable"): {"favourable": 0},
    ("hits", "dice"): lambda dice: {"bought": hits.max_bought(dice=max(0, dice))},
    ("hits", "bought"): lambda bought: {"dice": min(hits.MAX_POOL, 10 * bought + 10)},
    ("hits.opposed", "dice"): {"against_dice": 0},
    ("hits.opposed", "against_dice"): {"dice": 0},
    ("hits.group", "dice"): {"helpers": ()},
    ("hits.opposed", "bought"): lambda bought: {
        "dice": min(hits.MAX_OPPOSED_DICE, 10 * bought + 10),
        "against_dice": 0,
    },
    ("hits.opposed", "against_bought"): lambda bought: {
        "against_dice": min(hits.MAX_OPPOSED_DICE, 10 * bought + 10),
        "dice": 0,
    },
    ("hits.luck", "bought"): lambda bought: {"fate": min(hits.MAX_ROLLED, 10 * bought + 10)},
    # the baseline sheets give 3, 6 and 10 dice: situational dice make the pool 10 * bought + 10
    ("hits.attribute", "bought"): lambda bought: {"modifier": 10 * bought + 7},
    ("hits.skill", "bought"): lambda bought: {"modifier": 10 * bought + 4},
    ("hits.knowledge", "bought"): lambda bought: {"modifier": 10 * bought},
    ("again", "dc"): {"exceed": True},
    ("again.skill", "dc"): {"exceed": True},
    ("critdice.skill", "rank"): {"stats": (0,), "weapon_bonus": 0},
}


def _fields(kind: str) -> tuple[Field, ...]:
    return fields(checks()[kind])


def _alone(kind: str, name: str, value: int) -> dict[str, Any]:
    """The baseline of ``kind`` with ``name`` set to ``value`` and ``ALONE``'s fields set aside."""
    extra = ALONE.get((kind, name), {})
    return {**BASELINES[kind], **(extra(value) if callable(extra) else extra), name: value}


def _names(message: str, name: str) -> bool:
    """Whether an error message names the parameter ``name`` (as ``name=``, ``name[0]`` ...)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", message) is not None


def _ranged() -> list[tuple[str, str, int | None, int | None]]:
    return [
        (kind, f.name, f.param.low, f.param.high)
        for kind in KINDS
        for f in _fields(kind)
        if f.hint is int and f.param is not None and (f.param.low is not None or f.param.high is not None)
    ]


def test_every_check_kind_has_a_baseline() -> None:
    assert set(BASELINES) == set(KINDS)
    for kind, params in BASELINES.items():
        build(kind, params)


# --- (a), (c): every field is declared in the rules' words ----------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_has_a_label_and_a_hint(kind: str) -> None:
    for field in _fields(kind):
        param = field.param
        assert param is not None, f"{kind}.{field.name} has no param(...)"
        assert param.label.strip() and param.label == param.label.strip(), field.name
        assert param.label != field.name.replace("_", " "), f"{kind}.{field.name}: code name"
        assert param.hint.strip(), f"{kind}.{field.name} has no hint"
        assert len(param.hint) <= 60 and "\n" not in param.hint, param.hint
        words = set(re.findall(r"[\w']+", param.hint))
        assert "_" not in param.hint and not words & {"tn", "sn", "dc", "mod", "exp"}, param.hint
        assert not param.hint.endswith("."), param.hint
        if field.hint is bool or field.choices:
            assert param.low is None and param.high is None, field.name
        if param.low is not None and param.high is not None:
            assert param.low <= param.high, field.name
        is_list = typing.get_origin(field.hint) is tuple
        assert bool(param.item) == is_list, f"{kind}.{field.name}: item names a list entry"


@pytest.mark.parametrize("kind", KINDS)
def test_labels_are_unique_within_a_check(kind: str) -> None:
    labels = [f.label for f in _fields(kind)]
    assert len(set(labels)) == len(labels), labels


def test_labels_use_the_rules_words() -> None:
    label = {(kind, f.name): f.label for kind in KINDS for f in _fields(kind)}
    assert label["hits", "tn"] == "Target Number (TN)"
    assert label["hits", "threshold"] == "Threshold (x+)"
    assert label["critdice", "sn"] == "Success Number (SN)"
    assert label["ninefold", "to_pass"] == "toPass (%)"
    assert label["again", "dc"] == "Difficulty Check (DC)"
    assert label["trait", "mod"] == "MOD"


# --- (b): declared ranges and validation agree ----------------------------------------------


@pytest.mark.parametrize(
    ("kind", "name", "low", "high"), _ranged(), ids=lambda v: v if isinstance(v, str) else None
)
def test_declared_range_is_what_the_check_accepts(
    kind: str, name: str, low: int | None, high: int | None
) -> None:
    outside = ([low - 1] if low is not None else []) + ([high + 1] if high is not None else [])
    for value in outside:  # refused, naming the field, whatever the other fields are
        for params in ({**BASELINES[kind], name: value}, _alone(kind, name, value)):
            with pytest.raises(RulesError) as error:
                build(kind, params)
            assert _names(str(error.value), name), (value, str(error.value))
    for value in (v for v in (low, high) if v is not None):
        try:
            build(kind, {**BASELINES[kind], name: value})
        except RulesError as error:  # a rule across fields: it names another field,
            others = [f.name for f in _fields(kind) if f.name != name]  # or ALONE lists it
            assert (kind, name) in ALONE or any(_names(str(error), o) for o in others), (value, str(error))
        build(kind, _alone(kind, name, value))  # with those fields set aside, it builds


def test_list_entries_have_the_declared_range() -> None:
    stats = next(f for f in fields(critdice.SkillCheck) if f.name == "stats").param
    assert stats is not None and (stats.low, stats.high) == (0, critdice.MAX_DICE)
    for value in (stats.low, stats.high):
        build("critdice.skill", {"rank": 0, "stats": (value,)})
    for value in (stats.low - 1, stats.high + 1):
        with pytest.raises(RulesError, match="stats"):
            build("critdice.skill", {"rank": 0, "stats": (value,)})


# --- --help names every option as the rules do ------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_help_shows_label_hint_and_range(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    assert main(["roll", kind, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for field in _fields(kind):
        param = field.param
        assert param is not None
        said = f"{param.label}: {param.hint}"
        assert said in text, said
        if param.options:  # each allowed value, and what it means
            listed = ", ".join(f"{v} ({w})" if str(v) != w else w for v, w in param.options)
            assert f"{said}; one of {listed} (" in text, said
            allowed = {v for v, _ in param.options}
            values = set(field.choices) if field.choices else set(range(param.low, param.high + 1))
            assert allowed <= values and len(allowed) == len(param.options)
            assert all(words.strip() and words != field.label for _, words in param.options)
        elif param.allowed() and typing.get_origin(field.hint) is not tuple:
            assert f"{said}; {param.allowed()} (" in text, said
        assert ("(required)" in text.split(said)[1].split("--")[0]) == field.required


def test_help_example_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "hits", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--tn VALUE" in out and "--dice VALUE" in out
    text = " ".join(out.split())
    assert "--tn VALUE Target Number (TN): Hits needed to succeed; 0 to 1000000 (required)" in text
    assert (
        "Relevant Stats: one or two, the higher one used from Rank 1 on; each Stat 0 to 100,"
        " separated by commas; at most 2 (required)" in _help("critdice.skill", capsys)
    )
    assert (
        "each helper as Dice Pool:Threshold (x+) (Dice Pool 0 to 600; Threshold (x+) 1 to 10),"
        " separated by commas; at most 100 (default none)" in _help("hits.group", capsys)
    )
    assert "toPass (%):" in _help("ninefold", capsys)  # a % in a label survives argparse
    assert "(default off)" in _help("trait", capsys)


def _help(kind: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["systems", kind]) == 0
    return " ".join(capsys.readouterr().out.split())


# --- text input: one rule for the widgets (build) and the command line ------------------------

HITS = {"threshold": "7", "tn": "1"}
RANGE = f"enter a whole number from 0 to {hits.MAX_POOL}."


def _cli(capsys: pytest.CaptureFixture[str], dice: str) -> tuple[int, str, str]:
    code = main(["odds", "hits", "--dice", dice, "--threshold", "7", "--tn", "1", "--json"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text", [" 6 ", "6", "\t6\n", "\u00a06 ", "+6", "6 "])
def test_surrounding_spaces_are_accepted(capsys: pytest.CaptureFixture[str], text: str) -> None:
    assert build("hits", {"dice": text, **HITS}) == hits.Check(dice=6, threshold=7, tn=1)
    code, out, err = _cli(capsys, text)
    assert code == 0 and err == "" and '"check": "hits.Check(dice=6,' in out
    assert build("critdice.skill", {"rank": " 2", "stats": " 3 , 5 "}).stats == (3, 5)
    assert build("hits.group", {"dice": "4", **HITS, "helpers": " 8:6 , 3 : 7 "}).helpers == ((8, 6), (3, 7))
    assert build("trait", {"mod": " -2 ", "threshold": "15", "cap": " none ", "adept": " yes "}) == build(
        "trait", {"mod": -2, "threshold": 15, "cap": "none", "adept": True}
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", f"Dice Pool: \u201cabc\u201d is not a whole number; {RANGE}"),
        ("1e9", f"Dice Pool: \u201c1e9\u201d is not a whole number; {RANGE}"),
        ("2.5", f"Dice Pool: \u201c2.5\u201d is not a whole number; {RANGE}"),
        (" 5 5 ", f"Dice Pool: \u201c5 5\u201d is not a whole number; {RANGE}"),
        ("0x10", f"Dice Pool: \u201c0x10\u201d is not a whole number; {RANGE}"),
        ("", f"Dice Pool is empty: {RANGE}"),
        ("   ", f"Dice Pool is empty: {RANGE}"),
        ("\u0665", f"Dice Pool: \u201c\u0665\u201d is not written with the digits 0-9; {RANGE}"),
        ("\uff15", f"Dice Pool: \u201c\uff15\u201d is not written with the digits 0-9; {RANGE}"),
        (" 1\u0660 ", f"Dice Pool: \u201c1\u0660\u201d is not written with the digits 0-9; {RANGE}"),
    ],
)
def test_bad_whole_numbers_say_why_in_the_rules_words(
    capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    with pytest.raises(RulesError) as error:
        build("hits", {"dice": text, **HITS})
    assert str(error.value) == message
    code, out, err = _cli(capsys, text)
    assert code == 2 and out == ""
    assert err == f"rollkit: error: {message}\n"


def test_messages_state_each_fields_own_range() -> None:
    cases = [
        (
            "trait",
            {"mod": "x", "threshold": "15"},
            "MOD: \u201cx\u201d is not a whole number; enter a whole number from -100 to 100.",
        ),
        (
            "again",
            {"dice": "x"},
            "Dice Pool: \u201cx\u201d is not a whole number; enter a whole number of at most 1000.",
        ),
        (
            "again.mitigated",
            {"dice": "3", "defence": ""},
            "Defense is empty: enter a whole number of at least 0.",
        ),
        (
            "critdice",
            {"dice": "4", "sn": "\uff18"},
            "Success Number (SN): \u201c\uff18\u201d is"
            " not written with the digits 0-9; enter a whole number from 2 to 24.",
        ),
        (
            "critdice.skill",
            {"rank": "1", "stats": "3, x"},
            "Relevant Stats, Stat 2: \u201cx\u201d is"
            " not a whole number; enter a whole number from 0 to 100.",
        ),
        (
            "critdice.skill",
            {"rank": "1", "stats": "3,"},
            "Relevant Stats, Stat 2 is empty: enter a whole number from 0 to 100.",
        ),
        (
            "critdice.skill",
            {"rank": "1", "stats": "3 4 5"},
            "Relevant Stats: 3 Stats given; enter at most 2.",
        ),
        ("critdice.skill", {"rank": "1", "stats": " "}, "Relevant Stats: enter at least 1 Stat."),
        (
            "hits.group",
            {"dice": "4", **HITS, "helpers": "8:6:1"},
            "Supporting PCs, helper 1:"
            " \u201c8:6:1\u201d is not 2 numbers joined by \u201c:\u201d; enter Dice Pool, Threshold"
            " (x+) joined by \u201c:\u201d.",
        ),
        (
            "hits.group",
            {"dice": "4", **HITS, "helpers": "2:7 8:\u0666"},
            "Supporting PCs, helper 2,"
            " Threshold (x+): \u201c\u0666\u201d is not written with the digits 0-9; enter a whole"
            " number from 1 to 10.",
        ),
        (
            "hits.group",
            {"dice": "4", **HITS, "helpers": "2:11"},
            "Supporting PCs, helper 1,"
            " Threshold (x+): 11 is out of range; enter a whole number from 1 to 10.",
        ),
        (
            "trait",
            {"mod": "1", "threshold": "5", "cap": "bogus"},
            "Stacking cap: \u201cbogus\u201d is not one of the choices; choose online, draft or none.",
        ),
        ("trait", {"mod": "1", "threshold": "5", "adept": ""}, "Adept is empty: enter true or false."),
    ]
    for kind, params, message in cases:
        with pytest.raises(RulesError) as error:
            build(kind, params)
        assert str(error.value) == message
        assert "'" not in message and "=" not in message  # plain sentences, no reprs


def test_cli_messages_are_one_line_for_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    for kind in KINDS:
        for field in _fields(kind):
            if field.hint is not int:
                continue
            argv = ["roll", kind, f"--{field.name}", "\uff15"]
            argv += [
                a
                for f in _fields(kind)
                if f.required and f.name != field.name
                for a in (f"--{f.name}", _text(BASELINES[kind][f.name]))
            ]
            assert main(argv) == 2
            out, err = capsys.readouterr()
            assert out == "" and err.count("\n") == 1
            assert err.startswith(
                f"rollkit: error: {field.label}: \u201c\uff15\u201d is not"
                " written with the digits 0-9; enter a whole number"
            ), err


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(":".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in value)
    return str(value)
