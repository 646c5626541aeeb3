"""A worked example's Result (```` ```rollkit-example ````) on the built site in Chromium:
its Replay loads the example's very faces into the widget it names, said to be a replay, at
phone width and by keyboard; without JavaScript the Result is there and Replay is not."""

from __future__ import annotations

from rollkit import hits
from tests.browser.pages import READY_MS, new_context, screenshot, track
from tests.helpers.site import Site

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
FACES = [9, 2, 7, 10, 4, 8, 7]  # "Five Hits against TN 2" on the Hits page


def test_replay_loads_the_examples_dice_into_the_widget(browser: object, site: Site) -> None:
    page = track(new_context(browser, **PHONE).new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))
    example = page.locator(".rk-worked", has=page.locator(".rk-result", has_text="5 Hits against TN 2"))
    replay = example.get_by_role("link", name="Replay")
    replay.wait_for(state="visible", timeout=READY_MS)
    box = replay.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    target = example.get_attribute("data-rollkit-worked")
    widget = page.locator(f"#{target}")
    assert widget.get_attribute("data-rollkit-widget") == "hits"
    replay.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([id, faces]) => document.getElementById(id).dataset.faces === faces",
        arg=[target, ",".join(map(str, FACES))],
        timeout=READY_MS,
    )
    roll = hits.Check(dice=7, threshold=7, tn=2).resolve(FACES)
    assert roll.tally == 5 and roll.outcome == "DoS 2 (Normal Success)"
    said = widget.locator(".rk-result").text_content()
    assert said.startswith("Success: 5 Hits against TN 2, DoS 2 (Normal Success)"), said
    assert widget.locator(".rk-origin").text_content().startswith("Replay of a roll with Dice Pool 7")
    assert widget.locator("[name=dice]").input_value() == "7"  # the example's values, on the form
    assert "faces=9%2C2%2C7%2C10%2C4%2C8%2C7" in page.url
    screenshot(page, "worked-replayed")
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_without_javascript_the_result_is_there_and_replay_is_not(browser: object, site: Site) -> None:
    page = new_context(browser, java_script_enabled=False, **PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(site.url("critdice/"))
    example = page.locator(".rk-worked").first
    assert example.locator(".rk-result").text_content().startswith("Success: total 3")
    assert example.locator(".rk-die").count() == 5
    assert not example.get_by_role("link", name="Replay").is_visible()
