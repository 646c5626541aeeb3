"""Examples that run in the page: a pycon block's code, as the reader edited it, run in the worker.

``{"op": "run", "code": text}``. The text is read as the block holds it: where a line starts
with ``>>>``, the ``>>>`` lines and their ``...`` continuations are the code and every other
line is the output the page printed for them (not run); text with no ``>>>`` line is plain
Python, run statement by statement. Each statement runs as the interactive interpreter (and
doctest) runs it: an expression's value is shown by its ``repr``, what it prints is kept, an
error is shown as its traceback trimmed to the reader's code (lines counted as in the text),
and the next statement runs. The code runs in a fresh namespace each time, in the worker's
Python: nothing is evaluated by the page. The answer is the transcript, each statement's code
hidden from screen readers so that the output region announces only what the code gave.
"""

from __future__ import annotations

import ast
import builtins
import io
import linecache
import re
import sys
import traceback
from dataclasses import dataclass
from types import CodeType

from .._errors import RulesError
from ._tree import JSON, Child, Element, node, to_json

__all__ = [
    "FILENAME",
    "MAX_CODE",
    "MAX_OUTPUT",
    "RUN_KEYS",
    "RunAnswer",
    "RunRequest",
    "RunView",
    "Statement",
    "example_controls",
    "read_run",
    "run_answer",
    "run_code",
    "statements",
]

FILENAME = "<example>"
"""The file name the reader's code has in its tracebacks."""
MAX_CODE = 20_000
"""The most characters of code one run takes."""
MAX_OUTPUT = 20_000
"""The most characters of output one run keeps (the rest is counted, not kept)."""
RUN_KEYS = frozenset({"op", "code"})

_PS1 = re.compile(r"^(?P<indent>[ ]*)>>>(?: |$)")
_PS2 = re.compile(r"^[ ]*\.\.\.(?: |$)")


@dataclass(frozen=True)
class RunRequest:
    """Run ``code``: a pycon block's text (``>>>`` lines) or plain Python."""

    code: str


@dataclass(frozen=True)
class Statement:
    """One statement of the reader's code: ``echo`` as the transcript shows it, ``line`` its
    first line in the text (from 1), ``code`` compiled for the interactive interpreter, or the
    ``SyntaxError`` that compiling it raised."""

    echo: str
    line: int
    code: CodeType | None = None
    error: SyntaxError | None = None


@dataclass(frozen=True)
class RunView:
    """The transcript as the example's output region shows it: ``tree``; ``errors`` counts
    the statements that raised."""

    tree: Element
    errors: int

    def to_json(self) -> dict[str, JSON]:
        return {"tree": to_json(self.tree), "errors": self.errors}


@dataclass(frozen=True)
class RunAnswer:
    """The transcript of one run."""

    view: RunView

    def to_json(self) -> dict[str, JSON]:
        return {"view": self.view.to_json()}


def read_run(data: dict[str, object]) -> RunRequest:
    """The ``run`` request in ``data`` (already read as JSON), checked."""
    code = data.get("code")
    if not isinstance(code, str):
        raise RulesError("code must be text", field="code", said="the code to run is not text.")
    if len(code) > MAX_CODE:
        raise RulesError(
            f"code of {len(code):,} characters is not allowed: at most {MAX_CODE:,}",
            field="code",
            said=f"the code is {len(code):,} characters long; an example runs at most {MAX_CODE:,}.",
        )
    return RunRequest(code=code)


def _compiled(source: str, line: int) -> tuple[CodeType | None, SyntaxError | None]:
    padded = "\n" * (line - 1) + source  # so the compiled lines are the text's own
    try:
        return compile(padded, FILENAME, "single", dont_inherit=True), None
    except SyntaxError as error:
        return None, error


def _pycon(lines: list[str]) -> tuple[list[Statement], list[str]]:
    found: list[Statement] = []
    shown = list(lines)  # the text's lines as its tracebacks quote them: code without prompts
    i = 0
    while i < len(lines):
        first = _PS1.match(lines[i])
        if first is None:
            i += 1
            continue
        start = i
        code = [lines[i][first.end() :]]
        shown[i] = code[0]
        i += 1
        while i < len(lines) and (more := _PS2.match(lines[i])) is not None:
            code.append(lines[i][more.end() :])
            shown[i] = code[-1]
            i += 1
        echo = "\n".join(lines[start:i]).strip(" ")
        compiled, error = _compiled("\n".join(code) + "\n", start + 1)
        found.append(Statement(echo=echo, line=start + 1, code=compiled, error=error))
    return found, shown


def _plain(text: str, lines: list[str]) -> list[Statement]:
    try:
        module = ast.parse(text, FILENAME)
    except SyntaxError as error:
        return [Statement(echo="", line=error.lineno or 1, error=error)]
    groups: list[list[ast.stmt]] = []  # statements sharing a line are one input, as typed
    for stmt in module.body:
        first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", []))])
        if groups and first <= (groups[-1][-1].end_lineno or groups[-1][-1].lineno):
            groups[-1].append(stmt)
        else:
            groups.append([stmt])
    found = []
    for group in groups:
        head = group[0]
        first = min([head.lineno, *(d.lineno for d in getattr(head, "decorator_list", []))])
        last = group[-1].end_lineno or group[-1].lineno
        echo = "\n".join(("... " if n else ">>> ") + line for n, line in enumerate(lines[first - 1 : last]))
        try:
            code = compile(ast.Interactive(body=group), FILENAME, "single", dont_inherit=True)
        except SyntaxError as error:
            found.append(Statement(echo=echo, line=first, error=error))
        else:
            found.append(Statement(echo=echo, line=first, code=code))
    return found


def statements(text: str) -> tuple[tuple[Statement, ...], list[str]]:
    """The statements of ``text`` in order (pycon when a line starts with ``>>>``, else plain
    Python), and the text's lines as a traceback quotes them."""
    lines = text.expandtabs().splitlines()
    if any(_PS1.match(line) for line in lines):
        found, shown = _pycon(lines)
        return tuple(found), shown
    return tuple(_plain("\n".join(lines) + "\n", lines)), lines


class _Sink(io.TextIOBase):
    """Where the reader's code writes: kept up to ``MAX_OUTPUT`` characters, the rest counted."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        self.lost = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = MAX_OUTPUT - self.kept
        self.parts.append(text[:room])
        self.kept += min(len(text), room)
        self.lost += max(0, len(text) - room)
        return len(text)

    def take(self) -> str:
        out = "".join(self.parts)
        self.parts = []
        return out


def _trace(error: BaseException) -> str:
    """``error`` as the interpreter prints it, with only the frames of the reader's code."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == FILENAME]
    head = ["Traceback (most recent call last):\n", *traceback.format_list(frames)] if frames else []
    return "".join(head + traceback.format_exception_only(type(error), error))


def run_code(text: str) -> RunView:
    """Run ``text``, a pycon block's text (its ``>>>`` and ``...`` lines run; the lines under
    them are output, not run) or plain Python, a statement at a time as the interactive
    interpreter does, in a fresh namespace; its transcript, each error trimmed to ``text``'s
    own frames and lines."""
    found, shown = statements(text)
    sink = _Sink()
    namespace: dict[str, object] = {"__name__": "__main__", "__builtins__": builtins}

    def display(value: object) -> None:
        if value is not None:
            namespace["_"] = value
            sink.write(repr(value) + "\n")

    children: list[Child] = []
    errors = 0
    said = False  # any output at all
    saved = sys.stdout, sys.stderr, sys.stdin, sys.displayhook
    linecache.cache[FILENAME] = (len(text), None, [line + "\n" for line in shown], FILENAME)
    try:
        sys.stdout = sys.stderr = sink
        sys.stdin = io.StringIO()
        sys.displayhook = display
        for statement in found:
            failed: BaseException | None = statement.error
            if statement.code is not None:
                try:
                    exec(statement.code, namespace)  # noqa: S102 (the reader's own code, in the worker)
                except BaseException as error:  # noqa: BLE001 (SystemExit too: the reader's code raised it)
                    failed = error
            got = sink.take()
            if failed is not None:
                got += _trace(failed)
                errors += 1
            if statement.echo:
                children.append(
                    node("span", {"class": "rk-example-echo", "aria-hidden": "true"}, statement.echo + "\n")
                )
            if got:
                said = True
                children.append(
                    node("span", {"class": "rk-example-error"}, got) if failed is not None else got
                )
            if sink.lost:
                break
    finally:
        sys.stdout, sys.stderr, sys.stdin, sys.displayhook = saved
        linecache.cache.pop(FILENAME, None)
    if sink.lost:
        children.append(f"… (output cut here: {sink.lost:,} more characters)\n")
    if not said:
        children.append(
            node("span", {"class": "rk-example-none"}, "No output." if found else "No code to run.")
        )
    return RunView(tree=node("pre", {"class": "rk-example-transcript"}, *children), errors=errors)


def run_answer(req: RunRequest) -> RunAnswer:
    """The answer to one ``run`` request."""
    return RunAnswer(view=run_code(req.code))


def example_controls(source: str, *, control_id: str) -> Element:
    """A pycon block's controls, for the page script to show: the code field holding ``source``
    (the block's own text, which Reset puts back; Edit shows it in the block's place), Edit, Run,
    Reset (and Stop while a run takes long) and the output region. ``control_id`` is unique on
    the page.

    The field stays in a ``<template>`` until the first Edit: a text field on the page, even a
    hidden one, is one the browser's form filler examines when the page has loaded, which makes
    it lay out the fold or box around it then (Chromium), all in one long task."""
    hint = f"{control_id}-hint"
    rows = min(max(source.count("\n") + 1, 3), 30)
    return node(
        "div",
        {"class": "rk-example-controls"},
        node(
            "template",
            {"class": "rk-example-field-template"},
            node(
                "div",
                {"class": "rk-example-field", "hidden": True},
                node("label", {"for": control_id}, "Python to run"),
                node(
                    "textarea",
                    {
                        "id": control_id,
                        "class": "rk-example-code",
                        "rows": rows,
                        "wrap": "off",
                        "spellcheck": "false",
                        "autocapitalize": "off",
                        "autocomplete": "off",
                        "aria-describedby": hint,
                    },
                    source,
                ),
                node(
                    "p",
                    {"id": hint, "class": "rk-example-hint"},
                    "Lines starting with >>> or ... run; the lines under them are what the page printed. "
                    "Ctrl+Enter runs.",
                ),
            ),
        ),
        node(
            "div",
            {"class": "rk-example-bar", "role": "group", "aria-label": "Run this example"},
            node("button", {"type": "button", "class": "md-button rk-example-edit"}, "Edit"),
            node("button", {"type": "button", "class": "md-button md-button--primary rk-example-run"}, "Run"),
            node(
                "button", {"type": "button", "class": "md-button rk-example-reset", "disabled": True}, "Reset"
            ),
            node("button", {"type": "button", "class": "md-button rk-example-stop", "hidden": True}, "Stop"),
        ),
        node("div", {"class": "rk-example-output", "aria-live": "polite"}),
    )
