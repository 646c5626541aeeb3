"""Worked examples that run in the page, in Chromium under the strict CSP: a pycon block on the
developers page and one on the Hits page edited and run online, then again offline after one
visit, each output read against rollkit's own answers; an error's traceback trimmed to the
reader's code; Stop on a run that never ends, and such a run stopped by itself when a widget
waits for Python; Reset; by keyboard; no Python before it is asked
for; axe clean with the controls shown, at phone width in dark mode; with JavaScript off, a plain
code block."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rollkit import hits, ninefold
from tests.browser import axe
from tests.browser.pages import (
    ARTIFACTS,
    CSP,
    READY_MS,
    instant_go,
    kept_whole,
    new_context,
    serve_copy,
    track,
    type_seed,
    wait_rolled,
)
from tests.helpers.site import Site

DEVELOPERS = "developers/"
HITS = "hits/"
FIRST = ">>> from rollkit import again, critdice, ninefold, trait"  # the developers page's first block
ERROR = ">>> hits.Check(dice=-1, threshold=6, tn=2)"  # its second block raises
HITS_BLOCK = ">>> check = Check(dice=5, threshold=7, tn=2)"  # the Hits page's first worked example


@pytest.fixture
def strict(site: Site, tmp_path: object) -> Iterator[Site]:
    """The built site served under the strict Content-Security-Policy."""
    yield from serve_copy(site, tmp_path, headers={"Content-Security-Policy": CSP})  # type: ignore[arg-type]


def _example(page: object, holding: str) -> object:
    """The example whose code holds ``holding``, its fold opened, its controls bound."""
    page.wait_for_function("() => document.querySelector('[data-rollkit-example].rk-example-live')")  # type: ignore[attr-defined]
    found = page.locator("[data-rollkit-example]").filter(has=page.locator(".highlight", has_text=holding))  # type: ignore[attr-defined]
    assert found.count() == 1, holding
    found.evaluate("(e) => { const fold = e.closest('details'); if (fold) fold.open = true; }")
    return found.first


def _ran(page: object, example: object, press: str = "") -> str:
    """Run ``example`` (its Run button, or the key ``press`` in its code field) and wait for the
    transcript; the text of its output region."""
    output = example.locator(".rk-example-output")  # type: ignore[attr-defined]
    output.evaluate("(o) => o.replaceChildren()")
    if press:
        example.locator("textarea").press(press)  # type: ignore[attr-defined]
    else:
        example.get_by_role("button", name="Run", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "(o) => o.childElementCount && !o.hasAttribute('aria-busy')",
        arg=output.element_handle(),
        timeout=READY_MS,
    )
    return str(output.text_content())


def _heard(example: object) -> str:
    """What the output region says to a screen reader: its text but the code echoed (aria-hidden)."""
    return str(
        example.locator(".rk-example-output").evaluate(  # type: ignore[attr-defined]
            """(o) => { const copy = o.cloneNode(true);
                for (const hidden of copy.querySelectorAll('[aria-hidden=true]')) hidden.remove();
                return copy.textContent; }"""
        )
    )


def _edit(example: object, old: str, new: str) -> None:
    """Edit the example's code as a reader does: Edit, then change ``old`` to ``new`` in the field."""
    example.get_by_role("button", name="Edit", exact=True).click()  # type: ignore[attr-defined]
    field = example.get_by_label("Python to run")  # type: ignore[attr-defined]
    assert field.is_visible() and example.locator(".highlight").is_hidden()  # type: ignore[attr-defined]
    text = field.input_value()
    assert old in text
    field.fill(text.replace(old, new))


def _developers_run(page: object) -> None:
    example = _example(page, FIRST)
    _edit(example, "to_pass=45", "to_pass=60")
    shown = _ran(page, example)
    assert f">>> ninefold.Check(to_pass=60).chance()\n{ninefold.Check(to_pass=60).chance()!r}\n" in shown
    assert (
        _heard(example) == f"{ninefold.Check(to_pass=60).chance()!r}\nFraction(3, 4)\nTrue\nFraction(1, 1)\n"
    )


def _hits_run(page: object) -> None:
    example = _example(page, HITS_BLOCK)
    _edit(example, "tn=2)", "tn=4)")
    check = hits.Check(dice=5, threshold=7, tn=4)
    roll = check.resolve([3, 10, 8, 5, 7])
    assert _ran(page, example, press="Control+Enter")  # by keyboard, from the code field
    assert _heard(example) == f"{(roll.tally, roll.detail('effect'), roll.outcome)!r}\n{check.chance()!r}\n"


def test_examples_run_on_two_pages_online_and_offline(browser: object, strict: Site) -> None:
    page = track(
        new_context(browser, offline_copy=True, viewport={"width": 1200, "height": 900}).new_page(), strict
    )  # type: ignore[attr-defined]
    page.goto(strict.url(DEVELOPERS))  # type: ignore[attr-defined]
    _example(page, FIRST)
    # no code field until the first Edit: the browser's form filler examines every text field of a
    # page that has loaded, laying out the fold around it (rollkit/web/_run.py)
    assert page.locator("textarea").count() == 0  # type: ignore[attr-defined]
    page.wait_for_timeout(1500)  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") is None  # type: ignore[attr-defined]
    assert not [u for u in strict.requests if "/pyodide/" in u], "Python downloaded before it was asked for"
    _developers_run(page)
    instant_go(page, strict, HITS)
    _hits_run(page)
    kept_whole(page, strict.directory)

    page.context.set_offline(True)  # type: ignore[attr-defined]
    for path, run in ((HITS, _hits_run), (DEVELOPERS, _developers_run)):
        answer = page.goto(strict.url(path))  # type: ignore[attr-defined]
        assert answer.from_service_worker, path
        run(page)
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_an_error_stop_and_reset(browser: object, strict: Site) -> None:
    page = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), strict)  # type: ignore[attr-defined]
    page.goto(strict.url(DEVELOPERS))  # type: ignore[attr-defined]
    example = _example(page, ERROR)
    reset = example.get_by_role("button", name="Reset", exact=True)  # type: ignore[attr-defined]
    assert reset.is_disabled()
    shown = _ran(page, example)  # the block as it is: its last statement raises
    trace = shown[shown.index("Traceback") :]
    lines = [line for line in trace.splitlines() if set(line) - set(" ~^")]  # Python's carets aside
    assert lines == [  # the reader's frame only (line 6 of the block), none of rollkit's or the worker's
        "Traceback (most recent call last):",
        '  File "<example>", line 6, in <module>',
        "    hits.Check(dice=-1, threshold=6, tn=2)",
        "rollkit._errors.RulesError: dice=-1 is not allowed: dice must be a whole number from 0 to 100000",
    ]
    assert example.locator(".rk-example-error").text_content() == trace  # type: ignore[attr-defined]

    _edit(example, ">>> from rollkit import hits", ">>> while True: pass\n>>> from rollkit import hits")
    boots = page.evaluate("Number(document.documentElement.dataset.rollkitBoots)")  # type: ignore[attr-defined]
    example.get_by_role("button", name="Run", exact=True).click()  # type: ignore[attr-defined]
    stop = example.get_by_role("button", name="Stop", exact=True)  # type: ignore[attr-defined]
    stop.wait_for(state="visible", timeout=READY_MS)
    stop.click()
    output = example.locator(".rk-example-output")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "(o) => o.textContent.startsWith('Stopped.')", arg=output.element_handle(), timeout=READY_MS
    )
    assert output.text_content() == "Stopped. Press Run to run the code again."
    assert stop.is_hidden()
    field = example.get_by_label("Python to run")  # type: ignore[attr-defined]
    field.fill(field.input_value().replace(">>> while True: pass\n", ""))
    assert "True\n" in _ran(page, example)  # a new worker answers
    assert page.evaluate("Number(document.documentElement.dataset.rollkitBoots)") == boots + 1  # type: ignore[attr-defined]

    reset.click()
    assert field.is_hidden() and example.locator(".highlight").is_visible()  # type: ignore[attr-defined]
    assert field.input_value() == field.evaluate("(f) => f.defaultValue") and ERROR in field.input_value()
    assert output.text_content() == "" and reset.is_disabled()
    assert page.evaluate("document.activeElement.textContent") == "Edit"  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    assert page.evaluate("document.activeElement.textContent") == "Run"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("scheme", "width"), [("light", 1200), ("dark", 390)])
def test_the_controls_are_clean_for_axe(browser: object, strict: Site, scheme: str, width: int) -> None:
    context = new_context(browser, viewport={"width": width, "height": 844}, color_scheme=scheme)
    page = track(context.new_page(), strict)  # type: ignore[attr-defined]
    page.goto(strict.url(HITS))  # type: ignore[attr-defined]
    example = _example(page, HITS_BLOCK)
    example.get_by_role("button", name="Edit", exact=True).click()  # type: ignore[attr-defined]
    field = example.get_by_label("Python to run")  # type: ignore[attr-defined]
    field.fill(field.input_value() + "\n>>> 1 / 0\n")
    assert "ZeroDivisionError: division by zero" in _ran(page, example)
    for button in ("Edit", "Run", "Reset"):
        box = example.get_by_role("button", name=button, exact=True).bounding_box()  # type: ignore[attr-defined]
        assert box["height"] >= 44 and box["width"] >= 44, button
    assert example.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")  # type: ignore[attr-defined]
    axe.start(page, within="[data-rollkit-example].rk-example-live")
    found = axe.finish(page)
    assert not found, axe.report(found)
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    example.screenshot(path=str(ARTIFACTS / "screenshots" / f"example-hits-{scheme}-{width}.png"))  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_without_javascript_a_plain_code_block(browser: object, strict: Site) -> None:
    page = new_context(browser, java_script_enabled=False).new_page()  # type: ignore[attr-defined]
    page.goto(strict.url(DEVELOPERS))
    example = page.locator("[data-rollkit-example]").first
    assert example.locator(".highlight").is_visible()
    assert example.get_by_role("button").count() == 0 and example.locator("textarea").count() == 0
    assert example.locator("template").count() == 1  # the controls, inert until the script shows them


def test_a_run_that_holds_python_while_a_widget_waits_is_stopped(browser: object, strict: Site) -> None:
    """A run that never ends while a widget's Roll waits: after three seconds the run is stopped
    and says so, Python starts again and the widget rolls, with no Stop pressed."""
    page = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), strict)  # type: ignore[attr-defined]
    page.goto(strict.url(HITS))  # type: ignore[attr-defined]
    page.evaluate("() => window.rollkitWidgets.start()")  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    example = _example(page, HITS_BLOCK)
    _edit(example, ">>> check = Check(", ">>> while True: pass\n>>> check = Check(")
    boots = page.evaluate("Number(document.documentElement.dataset.rollkitBoots)")  # type: ignore[attr-defined]
    output = example.locator(".rk-example-output")  # type: ignore[attr-defined]
    output.evaluate("(o) => o.replaceChildren()")
    example.get_by_role("button", name="Run", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_function("(o) => o.hasAttribute('aria-busy')", arg=output.element_handle())  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, 21)
    widget.get_by_role("button", name="Roll", exact=True).click()
    wait_rolled(widget, 21)
    assert widget.locator(".rk-error").is_hidden()
    page.wait_for_function(  # type: ignore[attr-defined]
        "(o) => o.childElementCount && !o.hasAttribute('aria-busy')", arg=output.element_handle()
    )
    assert output.text_content() == (
        "This code ran longer than 3 seconds while a widget was waiting, so it was stopped."
        " Press Run to run it again."
    )
    assert page.evaluate("Number(document.documentElement.dataset.rollkitBoots)") == boots + 1  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
