"""A widget's "What do I need?" in Chromium: "dice for 75%" on the Hits odds page answered with
the least pool and the exact chances at it and one die fewer; asked again when the widget's
values change; a chance that is not one tied to its field; an answer that takes long offers
Stop, and one the page stopped is never said as the reader's mistake; by keyboard, at phone
width, in dark mode, and clean for axe."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rollkit import hits
from rollkit._format import detail
from tests.browser import axe
from tests.browser.pages import (
    READY_MS,
    expose_pyodide,
    new_context,
    run_in_worker,
    screenshot,
    serve_changed_worker,
)
from tests.helpers.site import Site

PAGE = "hits/odds/"
TITLE = "Six dice at 7+ against TN 3"


def _least_pool(chance: Fraction) -> tuple[int, Fraction, Fraction]:
    """The least pool at 7+ against TN 3 whose chance is at least ``chance``, by a plain scan of
    ``chance()``: the pool, its chance and the chance with one die fewer."""
    pools = [hits.Check(dice=d, threshold=7, tn=3).chance() for d in range(0, 40)]
    least = next(d for d, c in enumerate(pools) if c >= chance)
    return least, pools[least], pools[least - 1]


def _open(browser: object, site: Site, *, hook: bool = False, **options: object) -> tuple[object, object]:
    page = new_context(browser, **options).new_page()  # type: ignore[attr-defined]
    if hook:  # a worker the test can reach into (run_in_worker)
        serve_changed_worker(page, expose_pyodide)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.rollkit_errors = errors
    page.goto(site.url(PAGE))
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)"
    )
    titled = page.locator("[data-rollkit-widget]").filter(has=page.locator(".rk-title", has_text=TITLE))
    return page, page.locator(f"#{titled.get_attribute('id')}")  # the title changes with the values


def _answer(page: object, widget: object, previous: str = "") -> str:
    box = widget.locator(".rk-need")  # type: ignore[attr-defined]
    box.evaluate("(b, previous) => { b.dataset.previous = previous; }", previous)
    page.wait_for_function(  # type: ignore[attr-defined]
        """(b) => { const said = b.querySelector('.rk-need-answer').textContent;
            return said && said !== b.dataset.previous && !b.hasAttribute('aria-busy'); }""",
        arg=box.element_handle(),
        timeout=READY_MS,
    )
    return str(box.locator(".rk-need-answer").text_content())


def test_dice_for_75_percent_on_the_hits_page(browser: object, site: Site) -> None:
    page, widget = _open(browser, site, viewport={"width": 1200, "height": 900})
    least, there, short = _least_pool(Fraction(3, 4))
    box = widget.locator(".rk-need")  # type: ignore[attr-defined]
    box.locator("summary").click()
    box.get_by_label("Find the value of").select_option(label="Dice Pool")
    box.get_by_label("that gives").select_option(label="at least")
    box.get_by_label("Chance of success").fill("75%")
    box.get_by_role("button", name="Find").click()
    said = _answer(page, widget)
    assert said == (
        f"The least Dice Pool that gives at least 75% is {least}: {detail(there)};"
        f" with {least - 1}: {detail(short)}."
    )
    assert (least, str(there), str(short)) == (9, "1500416/1953125", "267424/390625")
    shown = str(box.locator(".rk-need-detail").text_content())
    assert "For Dice Pool 6, Threshold 7+, Target Number (TN) 3." in shown
    assert box.locator(".rk-need-answer").get_attribute("aria-live") == "polite"
    assert box.locator(".rk-need-detail").get_attribute("aria-live") is None  # only the answer is said
    axe.start(page, within=f"#{widget.get_attribute('id')}")  # type: ignore[attr-defined]
    found = axe.finish(page)
    assert not found, axe.report(found)
    screenshot(page, "need-hits-desktop")

    widget.locator(".rk-fields input[name=dice]").fill("8")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "(b) => b.querySelector('.rk-need-detail').textContent.includes('For Dice Pool 8,')",
        arg=box.element_handle(),
        timeout=READY_MS,
    )
    assert box.locator(".rk-need-answer").text_content() == said  # the same least pool, for new values
    assert "rk-need-stale" not in str(box.get_attribute("class"))
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_chance_that_is_not_one_is_tied_to_its_field_by_keyboard(browser: object, site: Site) -> None:
    page, widget = _open(browser, site, viewport={"width": 1200, "height": 900})
    box = widget.locator(".rk-need")  # type: ignore[attr-defined]
    box.locator("summary").focus()
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert box.evaluate("(b) => b.open") is True
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    assert page.evaluate("() => document.activeElement.name") == "vary"  # type: ignore[attr-defined]
    chance = box.get_by_label("Chance of success")
    chance.fill("lots")
    chance.press("Enter")
    said = _answer(page, widget)
    assert said.startswith("Chance: “lots” is not a chance; enter a percentage such as 75%")
    assert chance.get_attribute("aria-invalid") == "true"
    error = box.locator(".rk-field-error")
    assert error.is_visible() and str(error.text_content()).startswith("Chance: “lots” is not a chance")
    chance.fill("0.5")
    chance.press("Enter")
    least, there, short = _least_pool(Fraction(1, 2))
    said = _answer(page, widget, said)
    assert (
        said
        == f"The least Dice Pool that gives at least 50% is {least}: {detail(there)}; with {least - 1}: {detail(short)}."
    )
    assert chance.get_attribute("aria-invalid") is None and not error.is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_phone_width(browser: object, site: Site, scheme: str) -> None:
    page, widget = _open(browser, site, viewport={"width": 390, "height": 844}, color_scheme=scheme)
    box = widget.locator(".rk-need")  # type: ignore[attr-defined]
    box.locator("summary").click()
    box.get_by_role("button", name="Find").click()
    _answer(page, widget)
    for target in (box.locator("summary"), box.get_by_role("button", name="Find")):
        size = target.bounding_box()
        assert size is not None and size["height"] >= 44 and size["width"] >= 44, size
    width = page.evaluate("() => document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= 390, width  # nothing wider than the phone
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot(page, f"need-hits-phone-{scheme}")), full_page=False)  # type: ignore[attr-defined]
    axe.start(page, within=f"#{widget.get_attribute('id')}")  # type: ignore[attr-defined]
    found = axe.finish(page)
    assert not found, axe.report(found)


# The worker's answer to a need, made to run until the worker is stopped.
FOREVER = "import rollkit.web._need as n\ndef forever(*a, **k):\n    while True:\n        pass\nn.need_answer = forever"


def test_a_long_answer_offers_stop_and_a_stopped_one_is_not_the_readers_mistake(
    browser: object, site: Site
) -> None:
    page, widget = _open(browser, site, hook=True, viewport={"width": 1200, "height": 900})
    box = widget.locator(".rk-need")  # type: ignore[attr-defined]
    box.locator("summary").click()
    find, halt = box.get_by_role("button", name="Find"), box.get_by_role("button", name="Stop")
    assert halt.is_hidden()
    find.click()
    said = _answer(page, widget)  # Python is running: a real answer first
    assert said.startswith("The least Dice Pool"), said
    boots = lambda: page.evaluate("document.documentElement.dataset.rollkitBoots")  # type: ignore[attr-defined]  # noqa: E731
    assert boots() == "1"

    # Held while a roll waits: stopped by the page after three seconds, and said as that.
    run_in_worker(page, FOREVER)
    find.click()
    halt.wait_for(state="visible", timeout=READY_MS)
    widget.locator(".rk-roll").click()  # type: ignore[attr-defined]
    said = _answer(page, widget, said)
    assert said == (
        "This took longer than 3 seconds and was stopped, so that the other widgets could answer."
        " Press Find to ask again."
    )
    assert "Fix the widget" not in said and halt.is_hidden()
    assert box.locator(".rk-need-detail").text_content() == ""
    widget.locator("xpath=self::*[@data-seed]").wait_for(timeout=READY_MS)  # the roll, on a new worker
    assert boots() == "2"

    # Stopped by the reader: the Stop takes the focus with it to Find, and Find asks again.
    page.locator("html[data-rollkit-ready]").wait_for(state="attached", timeout=READY_MS)  # type: ignore[attr-defined]
    run_in_worker(page, FOREVER)
    find.click()
    halt.wait_for(state="visible", timeout=READY_MS)
    halt.focus()
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    said = _answer(page, widget, said)
    assert said == "Stopped. Press Find to ask again."
    assert halt.is_hidden()
    assert page.evaluate("document.activeElement.textContent") == "Find"  # type: ignore[attr-defined]
    find.click()
    said = _answer(page, widget, said)
    assert said.startswith("The least Dice Pool"), said
    assert boots() == "3"
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
