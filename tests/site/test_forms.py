"""No closed fold of a built page holds a form control outside a template.

Chromium's form filler looks at every form control of a page once it has been parsed and, to
tell whether a control can be focused, lays out whatever holds it: a closed fold (and a widget
that the page has not drawn yet) is laid out then, for each widget of the page, inside the task
that the page's load waits on. A control that a reader sees only once a fold is open is made
from a ``<template>`` as it opens (the Seed box, "What do I need?", "Chance against a field",
a runnable example's code field)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

CONTROLS = {"input", "select", "textarea"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Folds(HTMLParser):
    """The form controls found inside a closed ``<details>`` and outside any ``<template>``."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # (tag, a closed fold)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        inert = any(t == "template" for t, _ in self.stack)
        closed = any(c for _, c in self.stack)
        if tag in CONTROLS and closed and not inert and named.get("type") != "hidden":
            self.found.append(f"<{tag} id={named.get('id')!r} line {self.getpos()[0]}>")
        if tag not in VOID:
            self.stack.append((tag, tag == "details" and "open" not in named))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return


def closed_fold_controls(html: str) -> list[str]:
    folds = _Folds()
    folds.feed(html)
    return folds.found


def test_the_check_finds_a_box_in_a_closed_fold_and_not_in_a_template_or_an_open_one() -> None:
    assert closed_fold_controls("<details><summary>S</summary><div><input id=a></div></details>") == [
        "<input id='a' line 1>"
    ]
    assert closed_fold_controls("<details><template><input id=a></template></details>") == []
    assert closed_fold_controls("<details open><select id=b></select></details><input id=c>") == []
    assert closed_fold_controls("<details><input type=hidden name=h></details>") == []


@pytest.mark.site
def test_no_closed_fold_of_a_built_page_holds_a_form_control(built: Path) -> None:
    pages = sorted(built.rglob("*.html"))
    found = {
        str(page.relative_to(built)): controls
        for page in pages
        if (controls := closed_fold_controls(page.read_text(encoding="utf-8")))
    }
    widgets = sum(page.read_text(encoding="utf-8").count("data-rollkit-widget=") for page in pages)
    assert widgets >= 50  # the check read the widgets' pages
    assert found == {}, found
