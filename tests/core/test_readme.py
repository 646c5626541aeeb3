"""The README's commands stay true: every `rollkit` line of its command-line block runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rollkit._cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    block = text.split("## Command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.startswith("rollkit ")]


def test_the_block_is_found() -> None:
    assert len(_commands()) >= 5


@pytest.mark.parametrize("command", _commands())
def test_each_readme_command_runs(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(shlex.split(command)[1:]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip()


def test_the_python_example_names_real_methods() -> None:
    from rollkit import critdice, hits

    text = README.read_text(encoding="utf-8")
    for name in re.findall(r"`(\w+)\(", text.split("## Python", 1)[1].split("## Command line", 1)[0]):
        assert hasattr(hits.Check, name) or hasattr(critdice.Check, name), name
