"""The rollkit command: every check is reachable, output is right, bad input exits 2."""

from __future__ import annotations

import dataclasses
import json
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

import rollkit
from rollkit import again, critdice, hits, ninefold, trait
from rollkit._cli import main

# One valid command line per check class, with the check it must build.
EXAMPLES = [
    (["ninefold", "--to-pass", "45"], ninefold.Check(to_pass=45)),
    (["ninefold.contest", "--offence", "60", "--defence", "30"], ninefold.Contest(offence=60, defence=30)),
    (
        ["trait", "--mod", "5", "--threshold", "15", "--adept", "--exp", "4"],
        trait.Check(mod=5, threshold=15, adept=True, exp=4),
    ),
    (["hits", "--dice", "5", "--threshold", "7", "--tn", "3"], hits.Check(dice=5, threshold=7, tn=3)),
    (
        ["hits.group", "--dice", "4", "--threshold", "7", "--tn", "2", "--helpers", "8:6,3:7"],
        hits.Group(dice=4, threshold=7, tn=2, helpers=((8, 6), (3, 7))),
    ),
    (["again", "--dice", "6", "--dc", "2", "--again", "9"], again.Check(dice=6, dc=2, again=9)),
    (["critdice", "--dice", "4", "--sn", "9"], critdice.Check(dice=4, sn=9)),
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "check"), EXAMPLES, ids=lambda v: v[0] if isinstance(v, list) else "")
def test_odds_json_is_the_exact_odds(
    capsys: pytest.CaptureFixture[str], argv: list[str], check: rollkit.CheckBase
) -> None:
    code, out, err = run(capsys, "odds", *argv, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["check"] == check.describe()
    assert Fraction(data["chance"]["probability"]) == check.chance()  # type: ignore[attr-defined]
    listed = {o["outcome"]: Fraction(o["probability"]) for o in data["outcomes"]["outcomes"]}
    assert listed == dict(check.outcomes().items())  # type: ignore[attr-defined]
    total = sum(Fraction(o["probability"]) for o in data["distribution"]["outcomes"])
    assert total + Fraction(data["distribution"]["tail"]["probability"]) == 1


# How each example's text output opens, written out by hand in the rules' words (the fields'
# labels as the widgets show them).
WORDS = {
    "ninefold": "Ninefold: toPass (%) 45",
    "ninefold.contest": "Ninefold: Offence toPass (%) 60, Defence toPass (%) 30",
    "trait": "Trait checks: MOD 5, Threshold 15, EXP 4, Adept yes",
    "hits": "Hits: Dice Pool 5, Threshold 7+, Target Number (TN) 3",
    "hits.group": "Hits: Leader's Dice Pool 4, Leader's Threshold 7+, Target Number (TN) 2,"
    " Supporting PCs 8 at 6+; 3 at 7+",
    "again": "Again: Dice Pool 6, Difficulty Check (DC) 2, Re-roll on 9-again",
    "critdice": "Critical dice: Dice Pool 4, Success Number (SN) 9",
}


def _unwrapped(text: str) -> list[str]:
    return text.replace("\n    ", " ").split("\n")  # a long line is continued, indented


@pytest.mark.parametrize(("argv", "check"), EXAMPLES, ids=lambda v: v[0] if isinstance(v, list) else "")
def test_text_output_names_the_check_in_the_rules_words_first(
    capsys: pytest.CaptureFixture[str], argv: list[str], check: rollkit.CheckBase
) -> None:
    code, out, _ = run(capsys, "odds", *argv)
    words, python, *_ = _unwrapped(out)
    assert code == 0 and (words, python) == (WORDS[argv[0]], f"in Python: {check.describe()}")
    code, out, _ = run(capsys, "roll", *argv, "--seed", "3")
    words, python, *_ = _unwrapped(out)
    assert code == 0 and (words, python) == (WORDS[argv[0]], f"in Python: {check.describe()}")


@pytest.mark.parametrize(("argv", "check"), EXAMPLES, ids=lambda v: v[0] if isinstance(v, list) else "")
def test_roll_with_a_seed_is_the_library_roll(
    capsys: pytest.CaptureFixture[str], argv: list[str], check: rollkit.CheckBase
) -> None:
    code, out, _ = run(capsys, "roll", *argv, "--seed", "1234", "--json")
    assert code == 0
    assert json.loads(out) == check.roll(seed=1234).to_json()
    code, text, _ = run(capsys, "roll", *argv, "--seed", "1234")
    roll = check.roll(seed=1234)
    lines = _unwrapped(text.rstrip("\n"))
    assert code == 0 and lines[-1].endswith(" Seed 1234.")
    # every die in the order rolled, the face it counted as on its die
    faces = [
        f"{n:>2}. {d.face if d.adjusted is None else d.adjusted} on a d{d.sides}"
        for n, d in enumerate(roll.dice, 1)
    ]
    start = lines.index("Dice, in the order rolled:") + 1
    assert [line[2 : 2 + len(f)] for line, f in zip(lines[start:], faces)] == faces


def test_odds_text_shows_chance_outcomes_and_tally(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "hits", "--dice", "2", "--threshold", "6", "--tn", "1")
    assert code == 0
    assert "chance of success: 75.0000%, exact fraction 3/4" in out  # 1 - (1/2)^2, by hand
    assert "\n1  50.0000%  1/2\n" in out  # one hit of two coin-flip dice
    assert "outcomes:" in out and "tally:" in out


def test_bound_is_passed_to_the_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "again", "--dice", "2", "--dc", "1", "--bound", "3", "--json")
    assert code == 0
    dist = json.loads(out)["distribution"]
    assert [o["outcome"] for o in dist["outcomes"]] == [0, 1, 2, 3]
    assert Fraction(dist["tail"]["probability"]) == again.Check(dice=2, dc=1).distribution(bound=3).tail


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["roll", "nope"], "check='nope' is not a known check"),
        (["roll"], "roll needs a SYSTEM"),
        (["fly", "hits"], "command 'fly' is not known"),
        (
            ["roll", "hits", "--dice", "x", "--threshold", "7", "--tn", "1"],
            "Dice Pool: “x” is not a whole number; enter a whole number from 0 to 100000.",
        ),
        (["roll", "hits", "--dice", "5", "--threshold", "7"], "required: --tn"),
        (
            ["roll", "hits", "--dice", "-1", "--threshold", "7", "--tn", "1"],
            "Dice Pool: -1 is out of range; enter a whole number from 0 to 100000.",
        ),
        (
            ["odds", "hits", "--dice", "1000000000", "--threshold", "7", "--tn", "1"],
            "Dice Pool: 1000000000 is too large to work out exactly; enter a whole number from 0 to 100000.",
        ),
        (
            ["roll", "hits", "--dice", "5", "--threshold", "7", "--tn", "1", "--seed", "-4"],
            "--seed -4 is out of range; enter a whole number from 0 to 18446744073709551615.",
        ),
        (["roll", "hits", "--dice", "5", "--threshold", "7", "--tn", "1", "--wat", "1"], "--wat"),
        (
            ["roll", "trait", "--mod", "1", "--threshold", "9", "--cap", "bogus"],
            "Stacking cap: “bogus” is not one of the choices; choose online, draft or none.",
        ),
        (
            ["roll", "hits.group", "--dice", "4", "--threshold", "7", "--tn", "1", "--helpers", "8:6:1"],
            "Supporting PCs, helper 1: “8:6:1” is not 2 numbers joined by “:”",
        ),
        (["roll", "hits", "--dice", "5", "--threshold", "7", "--tn", "1", "--seed", "x"], "--seed 'x'"),
        (["rulings", "nope"], "SYSTEM='nope' is not a system"),
        (["systems", "a", "b"], "at most one SYSTEM"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("rollkit: error: ")
    assert needle in err


def test_rulings_lists_every_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulings", "--json")
    assert code == 0
    assert json.loads(out) == [dataclasses.asdict(r) for r in rollkit.RULINGS]
    code, out, _ = run(capsys, "rulings", "hits")
    assert all(r.id in out for r in rollkit.RULINGS if r.system == "hits")
    assert not any(r.id in out for r in rollkit.RULINGS if r.system != "hits")


def test_systems_lists_every_check_and_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    for name, module in rollkit.SYSTEMS.items():
        for kind in module.CHECKS:
            assert (name if kind == "check" else f"{name}.{kind}") in out
    # one column of names, the longest included, and the options wrapped under each other
    lines = out.splitlines()
    assert max(map(len, lines)) <= 100
    starts = {len(line) - len(line.lstrip(" ")) for line in lines if line.startswith(" ")}
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    column = max(map(len, names)) + 2
    assert "again.opposed_skills" in names and starts == {column}
    assert {line[column] for line in lines} == {"-", "["}  # every line's options start in that column
    code, out, _ = run(capsys, "systems", "hits")
    assert code == 0 and "--threshold" in out and "--tn" in out
    assert run(capsys, "--help")[1].startswith("usage: rollkit roll")


def test_help_for_a_check_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "hits", "--help")
    assert code == 0 and "--dice" in out


def test_console_script_and_module_entry_points() -> None:
    for command in ([sys.executable, "-m", "rollkit"],):
        done = subprocess.run(
            [*command, "odds", "hits", "--dice", "1", "--threshold", "6", "--tn", "1"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0 and "exact fraction 1/2" in done.stdout
        bad = subprocess.run(
            [*command, "roll", "hits", "--dice", "0.5"], capture_output=True, text=True, check=False
        )
        assert bad.returncode == 2 and bad.stderr.startswith("rollkit: error:")


def test_limits_are_listed_with_what_they_bound(capsys: pytest.CaptureFixture[str]) -> None:
    from rollkit._limits import limits

    code, out, _ = run(capsys, "limits")
    assert code == 0
    for limit in limits():
        assert limit.description, limit
        assert f"{limit.system}.{limit.name}" in out and str(limit.value) in out
    code, out, _ = run(capsys, "limits", "again")
    assert "again.MAX_DICE" in out and "hits." not in out
    code, out, _ = run(capsys, "roll", "hits", "--help")
    assert code == 0 and "hits.MAX_ROLLED" in out
    assert run(capsys, "limits", "nope")[0] == 2


def test_a_list_option_may_start_with_a_minus_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """``--debuffs -5,3`` is a value, not an unknown option (argparse alone would refuse it)."""
    assert main(["odds", "ninefold.skill", "--stat", "30", "--paths", "10", "--debuffs", "-5,3"]) == 0
    assert "debuffs=(-5, 3)" in capsys.readouterr().out
    assert main(["odds", "hits", "--dice", "5", "--threshold", "7", "--tn", "-1"]) == 2
    assert "Target Number (TN): -1 is out of range" in capsys.readouterr().err


# --- the command line's contract: streams, signals, full option names, help after a command ---


def _rollkit(*args: str, **streams: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rollkit", *args],
        text=True,
        check=False,
        capture_output=not streams,
        **streams,
    )


@pytest.mark.parametrize("command", ["systems", "rulings", "limits", "roll", "odds"])
def test_help_after_any_command_is_that_commands_help(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    for argv in ([command, "--help"], [command, "-h"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: rollkit {command}") and "is not a known check" not in out
    assert main(["systems", "hits", "--help"]) == 0  # help anywhere after systems
    assert capsys.readouterr().out.startswith("usage: rollkit systems")


def test_options_are_taken_by_their_full_names_only(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["odds", "hits", "--dice", "5", "--threshold", "7", "--tn", "3"]
    assert main([*base, "--json"]) == 0
    capsys.readouterr()
    assert main([*base, "--js"]) == 2
    err = capsys.readouterr().err
    assert err == "rollkit: error: unrecognized arguments: --js\n"
    assert main(["odds", "hits", "--dic", "5", "--threshold", "7", "--tn", "3"]) == 2


def test_a_full_output_ends_with_one_line_and_status_74(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _rollkit(
            "odds",
            "hits",
            "--dice",
            "5",
            "--threshold",
            "7",
            "--tn",
            "3",
            stdout=full,
            stderr=subprocess.PIPE,
        )
    assert done.returncode == 74
    assert done.stderr == "rollkit: error: could not write the output (No space left on device)\n"
    with open("/dev/full", "w") as full:  # a check's own --help, printed by argparse
        done = _rollkit("roll", "hits", "--help", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 74 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_failing_stderr_keeps_the_status_of_the_mistake() -> None:
    with open("/dev/full", "w") as full:
        done = _rollkit(
            "odds",
            "hits",
            "--dice",
            "x",
            "--threshold",
            "7",
            "--tn",
            "3",
            stdout=subprocess.PIPE,
            stderr=full,
        )
    assert done.returncode == 2 and done.stdout == ""


def test_ctrl_c_ends_with_one_line_and_status_130(tmp_path: Path) -> None:
    # a computation that runs until it is interrupted: run() replaced by one that says it has
    # begun (a file appears) and sleeps
    begun = tmp_path / "begun"
    script = (
        "import pathlib, sys, time, rollkit._cli as c\n"
        "def run(argv):\n"
        f"    pathlib.Path({str(begun)!r}).touch()\n"
        "    time.sleep(60)\n"
        "c.run = run\n"
        "raise SystemExit(c.main(['odds']))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal gives it: a shell's background job starts with SIGINT ignored,
        # and Python then never turns it into KeyboardInterrupt
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    for _ in range(600):
        if begun.exists():
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert (out, err) == ("", "rollkit: interrupted\n")


def test_a_roll_is_printed_in_the_rules_words_as_a_widget_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "roll", "hits", "--dice", "3", "--threshold", "7", "--tn", "1", "--faces", "3,8,10"
    )
    # 1 or 2 Hits of three d10 at 7+ (4 faces in 10) is DoS 1 against TN 1:
    # 3 x 0.4 x 0.6^2 + 3 x 0.4^2 x 0.6 = 0.432 + 0.288 = 0.72 = 18/25
    assert code == 0 and out == (
        "Hits: Dice Pool 3, Threshold 7+, Target Number (TN) 1\n"
        "in Python: hits.Check(dice=3, threshold=7, tn=1, bought=0, validation=0, keyword='none')\n"
        "\n"
        "Success: 2 Hits against TN 1, DoS 1 (Nominal Success).\n"
        "\n"
        "Dice, in the order rolled:\n"
        "   1. 3 on a d10: no Hit\n"
        "   2. 8 on a d10: Hit\n"
        "   3. 10 on a d10: Hit\n"
        "\n"
        "How it was counted:\n"
        "  Hits: 2\n"
        "  Target Number (TN): 1\n"
        "  Effect: 1\n"
        "  Degree: DoS 1\n"
        "  Description: Nominal Success\n"
        "\n"
        "This outcome had a 72.00% chance (18/25).\n"
    )
