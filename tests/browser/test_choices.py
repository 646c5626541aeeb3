"""A player's own choices in the browser: spending Legendary ranks and Focus on a Critical dice
roll by tapping its dice, then replaying the whole roll from its link (issue #11, item 1)."""

from __future__ import annotations

from rollkit._params import build
from tests.browser import axe
from tests.browser.pages import READY_MS, open_page, type_seed
from tests.helpers.site import Site

PAGE = "critdice/legendary-and-focus/"
SEED = 5


def _pending(page: object, index: int, value: bool) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "([i, on]) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];"
        " return (w.dataset.pending === '1') === on && w.getAttribute('aria-busy') !== 'true'; }",
        arg=[index, value],
        timeout=READY_MS,
    )


def _index(page: object) -> int:
    """The first widget on the page whose check has Legendary ranks to spend."""
    found = page.evaluate(  # type: ignore[attr-defined]
        "[...document.querySelectorAll('[data-rollkit-widget]')].findIndex((w) =>"
        " w.dataset.check === 'critdice' && Number(w.rollkit.params().legendary) > 0)"
    )
    assert found >= 0
    return int(found)


def test_spend_points_by_tapping_dice_then_replay_from_the_link(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    index = _index(page)
    widget = page.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    type_seed(widget, SEED)
    widget.get_by_role("button", name="Roll", exact=True).click()
    _pending(page, index, True)
    params = widget.evaluate("(w) => w.rollkit.params()")
    check = build("critdice", params)
    hand = check.hand(seed=SEED)
    shown = widget.locator(".rk-hand .rk-face").all_inner_texts()
    assert [int(f) for f in shown] == list(hand.rolled)
    assert "Your standard dice" in widget.locator(".rk-result").inner_text()

    # Spend: + on the first die that can rise, twice (a rank, then Focus), by keyboard and by click.
    die = next(
        n for n in range(1, len(hand.rolled) + 1) if not hand.why_not(n, 1) and hand.rolled[n - 1] <= 10
    )
    raise_button = widget.locator(f'.rk-move[data-die="{die}"][data-by="1"]')
    raise_button.focus()
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "([i, d]) => document.querySelectorAll('[data-rollkit-widget]')[i].querySelector("
        "`.rk-hand .rk-dice > li:nth-child(${d}) .rk-was`)?.textContent.startsWith('was')",
        arg=[index, die],
        timeout=READY_MS,
    )
    expected = hand.moved(die, 1)
    assert widget.evaluate("(w) => w.rollkit.spend") == expected.written() == f"{die}+1L"
    assert page.evaluate("document.activeElement.dataset.die") == str(die)  # type: ignore[attr-defined]
    widget.locator(f'.rk-move[data-die="{die}"][data-by="1"]').click()
    expected = expected.moved(die, 1)
    page.wait_for_function(  # type: ignore[attr-defined]
        "([i, s]) => document.querySelectorAll('[data-rollkit-widget]')[i].rollkit.spend === s",
        arg=[index, expected.written()],
        timeout=READY_MS,
    )
    odds = widget.locator(".rk-hand-odds").inner_text()
    assert "As the dice stand" in odds and "rollkit's plan" in odds

    # The hand's own state is audited like the rest of the widget.
    axe.start(page, within=f"#{widget.get_attribute('id')}")
    found = axe.finish(page)
    assert not found, axe.report(found)

    # Roll the critical dice: the roll is CPython's roll with the same moves.
    widget.locator('.rk-finish[data-spend="chosen"]').click()
    _pending(page, index, False)
    roll = check.roll(seed=SEED, adjustments=expected.adjustments)
    assert widget.get_attribute("data-faces") == ",".join(map(str, roll.faces))
    assert "With rollkit's plan for the points" in (widget.locator(".rk-how").text_content() or "")
    summary = widget.locator(".rk-result").inner_text()
    link = widget.evaluate("(w) => w.rollkit.link()")
    assert "spend=" in link

    # The link opens the same roll, moves and all, on a fresh page.
    other = open_page(browser, site)
    other.goto(link)  # type: ignore[attr-defined]
    other.wait_for_function(  # type: ignore[attr-defined]
        "([i, seed]) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];"
        " return w.dataset.seed === seed && !w.dataset.pending && w.querySelector('.rk-how'); }",
        arg=[index, str(SEED)],
        timeout=READY_MS,
    )
    replayed = other.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    assert replayed.get_attribute("data-faces") == ",".join(map(str, roll.faces))
    assert replayed.locator(".rk-result").inner_text() == summary

    # "Use rollkit's plan instead" gives the plan's roll; a changed value closes an open hand.
    widget.get_by_role("button", name="Roll", exact=True).click()
    _pending(page, index, True)
    widget.locator('.rk-finish[data-spend="plan"]').click()
    _pending(page, index, False)
    assert widget.get_attribute("data-faces") == ",".join(map(str, check.roll(seed=SEED).faces))
    widget.get_by_role("button", name="Roll", exact=True).click()
    _pending(page, index, True)
    dice_field = widget.locator('.rk-fields [name="dice"]')
    dice_field.fill(str(int(dice_field.input_value()) + 1))
    _pending(page, index, False)
    assert "values changed" in widget.locator(".rk-result").inner_text()
    assert page.rollkit_errors == [] and other.rollkit_errors == []  # type: ignore[attr-defined]
