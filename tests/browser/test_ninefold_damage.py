"""The Ninefold damage widget (offence, defence, the effect rolled) on a phone in the dark, by
keyboard: the roll CPython makes, each step in the log, the damage chart."""

from __future__ import annotations

import re

from rollkit._params import build
from rollkit.web import roll_view
from tests.browser.pages import ARTIFACTS, READY_MS, new_context, screenshot, type_seed, wait_rolled
from tests.helpers.site import Site


def _landing_seed(check: object) -> int:
    """The first seed whose roll gets the effect through (some damage dealt)."""
    return next(seed for seed in range(1, 200) if check.roll(seed=seed).tally > 0)  # type: ignore[attr-defined]


def test_the_damage_widget_rolls_offence_defence_and_each_effect_die(browser: object, site: Site) -> None:
    page = new_context(browser, viewport={"width": 390, "height": 844}, color_scheme="dark").new_page()  # type: ignore[attr-defined]
    page.goto(site.url("ninefold/contests/"))
    widget = page.locator('[data-rollkit-widget][data-check="ninefold.damage"]').first
    widget.scroll_into_view_if_needed()
    page.wait_for_function(
        """() => document.querySelector('[data-rollkit-widget][data-check="ninefold.damage"]').rollkit""",
        timeout=READY_MS,
    )
    params = widget.evaluate("(w) => w.rollkit.params()")
    check = build("ninefold.damage", params)
    seed = _landing_seed(check)
    expected = check.roll(seed=seed)
    widget.evaluate("(w) => { delete w.dataset.seed; }")
    type_seed(widget, seed)
    widget.get_by_role("button", name="Roll", exact=True).focus()
    page.keyboard.press("Enter")
    wait_rolled(widget, seed)
    assert widget.get_attribute("data-faces") == ",".join(map(str, expected.faces))
    summary = widget.locator(".rk-result").inner_text().strip()
    assert re.sub(r" \(rolled with .*\)\.$", ".", summary) == roll_view(check, expected).sentence()
    assert summary.startswith(f"Success: {expected.tally} damage")
    dice = widget.evaluate(  # each die as it is read out: "5 on a d6: effect"
        """(w) => [...w.querySelectorAll('.rk-roll-detail .rk-dice .rk-die')].map(
            (d) => d.querySelector('.rk-face').textContent + d.querySelector('.rk-sr').textContent)"""
    )
    effect = [text for text in dice if text.endswith("effect")]
    assert len(effect) == expected.detail("effect dice") > 0, dice
    assert dice[0].endswith("offence") and dice[1].split(": ")[-1].endswith("defence"), dice
    assert sum(int(text.split(" on a ")[0]) for text in effect) == expected.tally
    assert page.evaluate("document.body.scrollWidth") <= 391
    assert widget.locator(".rk-chart svg").count() == 1
    screenshot(page, "ninefold-damage-phone-dark")
    widget.screenshot(path=str(ARTIFACTS / "screenshots" / "ninefold-damage-widget.png"))
