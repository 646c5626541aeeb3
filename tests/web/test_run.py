"""Worked examples that run in the page: the worker's ``run`` request (rollkit/web/_run.py), the
transcript it gives (as the interactive interpreter and doctest print it), errors trimmed to the
reader's code, and the controls each pycon block gets at build time."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from itertools import product

from rollkit.web import example_controls, request, run_code, to_html
from rollkit.web._run import FILENAME, MAX_CODE, MAX_OUTPUT, statements

BLOCK = """>>> from rollkit import hits
>>> check = hits.Check(dice=6, threshold=7, tn=3)
>>> check.chance()
Fraction(992, 3125)
>>> for n in (1, 2):
...     print(n * 10)
10
20"""


def _six_dice() -> Fraction:
    """Six d10 at 7+ against TN 3, by enumerating every face."""
    wins = sum(sum(f >= 7 for f in faces) >= 3 for faces in product(range(1, 11), repeat=6))
    return Fraction(wins, 10**6)


def _run(code: str) -> dict[str, object]:
    return json.loads(request(json.dumps({"op": "run", "code": code})))  # type: ignore[no-any-return]


def _text(tree: object) -> str:
    """A JSON tree's text, as a reader sees it."""
    if isinstance(tree, str):
        return tree
    _, attrs, *children = tree  # type: ignore[misc]
    return "".join(_text(c) for c in children)


def _heard(tree: object) -> str:
    """What a screen reader says of a JSON tree (aria-hidden parts left out)."""
    if isinstance(tree, str):
        return tree
    _, attrs, *children = tree  # type: ignore[misc]
    return "" if attrs.get("aria-hidden") == "true" else "".join(_heard(c) for c in children)


def test_an_edited_block_runs_and_shows_each_statements_output() -> None:
    got = _run(BLOCK)
    assert got["ok"] is True
    tree = got["result"]["view"]["tree"]  # type: ignore[index]
    assert got["result"]["view"]["errors"] == 0  # type: ignore[index]
    assert _text(tree) == (
        ">>> from rollkit import hits\n"
        ">>> check = hits.Check(dice=6, threshold=7, tn=3)\n"
        ">>> check.chance()\n"
        f"{_six_dice()!r}\n"  # six dice now, not the block's five
        ">>> for n in (1, 2):\n...     print(n * 10)\n"
        "10\n20\n"
    )
    assert _heard(tree) == f"{_six_dice()!r}\n10\n20\n"  # the live region says only the result


def test_plain_code_runs_statement_by_statement_with_values_echoed() -> None:
    view = run_code("x = 2\nx * 3\nprint('a'); x + 1\ndef f():\n    return x\nf()\nNone\n")
    assert view.tree.text() == (
        ">>> x = 2\n>>> x * 3\n6\n>>> print('a'); x + 1\na\n3\n"
        ">>> def f():\n...     return x\n>>> f()\n2\n>>> None\n"
    )
    assert view.errors == 0


def test_an_error_shows_a_traceback_trimmed_to_the_readers_code_and_the_run_goes_on() -> None:
    code = (
        ">>> from rollkit import hits\n"
        ">>> def pool(level):\n"
        "...     return hits.Check.attribute(level=level, tn=2)\n"
        ">>> pool(12)\n"
        "Traceback (most recent call last):\n"
        "  ...\n"
        ">>> print('next')\n"
    )
    view = run_code(code)
    out = view.tree.text()
    assert view.errors == 1
    trace = out[out.index("Traceback") : out.index(">>> print")]
    assert trace.startswith("Traceback (most recent call last):\n")
    assert f'File "{FILENAME}", line 4, in <module>\n    pool(12)\n' in trace  # the text's own line 4
    assert (
        f'File "{FILENAME}", line 3, in pool\n    return hits.Check.attribute(level=level, tn=2)\n' in trace
    )
    assert trace.rstrip().endswith(
        "rollkit._errors.RulesError: level=12 is not allowed: level must be a whole number from 1 to 11"
        " (the text gives no Threshold above 11; ruling hits-attribute-above-11)"
    )
    assert "File" not in trace.replace(f'File "{FILENAME}"', "")  # no frame of rollkit or the runner
    assert "_run.py" not in out and "rollkit/hits" not in out
    assert out.endswith(">>> print('next')\nnext\n")
    error = next(e for e in view.tree.walk() if e.attr("class") == "rk-example-error")
    assert error.text() == trace


def test_syntax_errors_name_the_line_of_the_text() -> None:
    assert run_code(">>> 1 +\n>>> 2\n").tree.text() == (
        '>>> 1 +\n  File "<example>", line 1\n    1 +\n       ^\nSyntaxError: invalid syntax\n>>> 2\n2\n'
    )
    assert run_code("a = 1\nb = (\n").tree.text().startswith('  File "<example>", line 2\n')
    assert "SyntaxError: 'return' outside function" in run_code("return 5\n").tree.text()


def test_the_readers_code_cannot_leave_the_worker_changed() -> None:
    before = sys.stdout, sys.stderr, sys.stdin, sys.displayhook
    view = run_code("import sys\nsys.exit(3)\ninput()\n")
    assert (sys.stdout, sys.stderr, sys.stdin, sys.displayhook) == before
    assert "SystemExit: 3" in view.tree.text() and "EOFError" in view.tree.text()
    assert view.errors == 2
    assert run_code("x\n").errors == 1  # a fresh namespace each run: nothing kept from the last
    run_code("x = 1\n")
    assert "NameError: name 'x' is not defined" in run_code("x\n").tree.text()


def test_output_is_cut_at_its_limit_and_says_so() -> None:
    text = run_code(f"print('x' * {MAX_OUTPUT + 5000})\nprint('after')\n").tree.text()
    assert text.split("\n", 1)[1].count("x") == MAX_OUTPUT  # after the echoed statement
    assert text.endswith("… (output cut here: 5,001 more characters)\n")  # the rest, and no more runs
    assert "after" not in text


def test_no_output_and_no_code_say_so() -> None:
    assert run_code(">>> x = 1\n").tree.text() == ">>> x = 1\nNo output."
    assert run_code("").tree.text() == "No code to run."


def test_bad_requests_are_said_as_the_readers_mistake_not_a_bug() -> None:
    assert _run("x" * (MAX_CODE + 1)) == {
        "ok": False,
        "error": f"The code is {MAX_CODE + 1:,} characters long; an example runs at most {MAX_CODE:,}.",
        "field": None,
    }
    got = json.loads(request(json.dumps({"op": "run", "code": 3})))
    assert got == {"ok": False, "error": "The code to run is not text.", "field": None}


def test_lines_under_a_prompt_are_output_not_code() -> None:
    found, shown = statements(BLOCK)
    assert [s.line for s in found] == [1, 2, 3, 5]
    assert [s.echo for s in found][-1] == ">>> for n in (1, 2):\n...     print(n * 10)"
    assert shown[4:6] == ["for n in (1, 2):", "    print(n * 10)"] and shown[3] == "Fraction(992, 3125)"


def test_the_controls_hold_the_blocks_text_and_the_stable_hooks() -> None:
    html = to_html(example_controls(BLOCK, control_id="rk-ex-1"))
    for name in ("Edit", "Run", "Reset", "Stop"):
        assert f">{name}</button>" in html
    assert '<textarea id="rk-ex-1"' in html and "&gt;&gt;&gt; from rollkit import hits\n" in html
    assert '<label for="rk-ex-1">Python to run</label>' in html
    assert '<div class="rk-example-output" aria-live="polite"></div>' in html
    assert 'class="md-button rk-example-reset" disabled' in html
