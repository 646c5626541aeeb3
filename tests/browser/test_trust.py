"""Widgets a player trusts at a glance (issue #21, item 5), each point as the issue names it,
on the built site in Chromium: a roll made with earlier values, replays and typed seeds,
spending Chance after a failed Trait roll, dice that say what they did, pinned odds as
numbers, the phone, and the words."""

from __future__ import annotations

import re
from datetime import datetime
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

from rollkit import critdice, trait
from rollkit._format import percent
from rollkit._params import build
from tests.browser.pages import (
    READY_MS,
    instant_go,
    new_context,
    open_page,
    roll_widget,
    screenshot,
    type_seed,
)
from tests.helpers.site import Site

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
FIRST = "[data-rollkit-widget]"


def _widget(page: object, index: int = 0) -> object:
    return page.locator(FIRST).nth(index)  # type: ignore[attr-defined]


def _settled(page: object, index: int) -> None:
    """Widget ``index`` has an answer on screen and no request waiting."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "(i) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];"
        " return w.dataset.seed && w.getAttribute('aria-busy') !== 'true'; }",
        arg=index,
        timeout=READY_MS,
    )


def _finished(page: object, index: int) -> None:
    """Widget ``index``'s roll finished: a roll waiting for choices takes rollkit's plan."""
    _settled(page, index)
    widget = _widget(page, index)
    if widget.get_attribute("data-pending") == "1":  # type: ignore[attr-defined]
        widget.locator('.rk-finish[data-spend="plan"]').click()  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            "(i) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];"
            " return !w.dataset.pending && w.getAttribute('aria-busy') !== 'true'; }",
            arg=index,
            timeout=READY_MS,
        )


def _chance_is(page: object, index: int, want: Fraction) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "([i, want]) => document.querySelectorAll('[data-rollkit-widget]')[i].dataset.chance === want",
        arg=[index, str(want)],
        timeout=READY_MS,
    )


def _ready(page: object) -> None:
    page.evaluate("() => { window.rollkitWidgets.start().catch(() => null); }")  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]


# -- a roll made with earlier values ------------------------------------------------------------


def test_a_roll_made_with_earlier_values_is_marked_after_an_edit(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, "trait/")
    widget = _widget(page)
    shown = roll_widget(page, 0, 1)
    assert shown["params"]["mod"] == "5" and shown["params"]["threshold"] == "15"  # type: ignore[index]
    result = widget.locator(".rk-result")  # type: ignore[attr-defined]
    assert "MOD 5, Threshold 15" in result.inner_text()  # the sentence says what it was rolled with
    assert widget.locator(".rk-roll-stale:visible").count() == 0  # type: ignore[attr-defined]

    mod = widget.locator('.rk-fields [name="mod"]')  # type: ignore[attr-defined]
    mod.fill("2")
    _chance_is(page, 0, trait.Check(mod=2, threshold=15).chance())
    stale = widget.locator(".rk-roll-stale")  # type: ignore[attr-defined]
    assert stale.count() == 1 and stale.is_visible()
    assert "MOD 5, Threshold 15" in stale.inner_text() and "changed" in stale.inner_text()
    assert "MOD 5, Threshold 15" in result.inner_text()
    assert widget.locator(".rk-roll-detail.rk-stale").count() == 1  # type: ignore[attr-defined]
    screenshot(page, "trust-stale-roll")

    mod.fill("5")  # the values it was rolled with again: the roll belongs to them once more
    _chance_is(page, 0, trait.Check(mod=5, threshold=15).chance())
    assert stale.is_hidden() and widget.locator(".rk-roll-detail.rk-stale").count() == 0  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


# -- replays and typed seeds ----------------------------------------------------------------------


def test_a_replay_and_a_typed_seed_say_so_and_the_seed_is_an_option(
    browser: object, live_page: object, site: Site
) -> None:
    page = live_page
    instant_go(page, site, "trait/")
    widget = _widget(page)
    assert widget.locator(".rk-seed input").is_hidden()  # type: ignore[attr-defined]  # an option, not beside Roll

    widget.get_by_role("button", name="Roll", exact=True).click()  # type: ignore[attr-defined]
    _finished(page, 0)
    assert widget.get_attribute("data-typed") is None  # type: ignore[attr-defined]
    assert widget.locator(".rk-origin").count() == 0  # type: ignore[attr-defined]  # a fresh roll: nothing to say
    drawn = widget.evaluate("(w) => w.rollkit.link()")  # type: ignore[attr-defined]
    assert "typed" not in parse_qs(urlsplit(drawn).query)

    widget.evaluate("(w) => { delete w.dataset.seed; }")  # type: ignore[attr-defined]
    type_seed(widget, 4)
    widget.locator(".rk-seed input").press("Enter")  # type: ignore[attr-defined]  # Enter in a box rolls, as Roll does
    _finished(page, 0)
    assert widget.get_attribute("data-typed") == "1"  # type: ignore[attr-defined]
    origin = widget.locator(".rk-origin")  # type: ignore[attr-defined]
    assert origin.is_visible() and "typed" in origin.inner_text() and "4" in origin.inner_text()
    link = widget.evaluate("(w) => w.rollkit.link()")  # type: ignore[attr-defined]
    query = parse_qs(urlsplit(link).query)
    assert query["seed"] == ["4"] and query["typed"] == ["1"] and query["at"]
    at = datetime.fromisoformat(query["at"][0])
    summary = widget.locator(".rk-result").inner_text()  # type: ignore[attr-defined]

    other = open_page(browser, site)
    other.goto(link)  # type: ignore[attr-defined]
    _finished(other, 0)
    replayed = _widget(other)
    said = replayed.locator(".rk-origin").inner_text()  # type: ignore[attr-defined]
    assert said.startswith("Replay") and "typed" in said and str(at.year) in said, said
    assert "seed 4" in said and "MOD 5, Threshold 15" in said, said
    assert replayed.get_attribute("data-replay") and replayed.get_attribute("data-typed") == "1"  # type: ignore[attr-defined]
    assert replayed.locator(".rk-result").inner_text() == summary  # type: ignore[attr-defined]
    replayed.locator(".rk-seed-option > summary").click()  # type: ignore[attr-defined]
    assert replayed.locator(".rk-seed input").input_value() == ""  # type: ignore[attr-defined]  # nothing typed here
    screenshot(other, "trust-replay")

    # a drawn roll's link replays as a replay too, without the typed mark
    third = open_page(browser, site)
    third.goto(drawn)  # type: ignore[attr-defined]
    _finished(third, 0)
    said = _widget(third).locator(".rk-origin").inner_text()  # type: ignore[attr-defined]
    assert said.startswith("Replay") and "typed" not in said, said
    assert page.rollkit_errors == [] and other.rollkit_errors == []  # type: ignore[attr-defined]


# -- Chance after a failed Trait roll -------------------------------------------------------------


def test_after_a_failed_trait_roll_the_player_may_spend_chance(
    browser: object, live_page: object, site: Site
) -> None:
    page = live_page
    instant_go(page, site, "trait/")
    widget = _widget(page)
    check = build("trait", widget.evaluate("(w) => w.rollkit.params()"))  # type: ignore[attr-defined]
    seed = next(s for s in range(1, 500) if check.roll(seed=s).outcome == "low failure")
    widget.evaluate("(w) => { delete w.dataset.seed; }")  # type: ignore[attr-defined]
    type_seed(widget, seed)
    widget.get_by_role("button", name="Roll", exact=True).click()  # type: ignore[attr-defined]
    spend = widget.get_by_role("button", name=re.compile(r"^Spend 1 Chance"))  # type: ignore[attr-defined]
    spend.wait_for(timeout=READY_MS)
    assert widget.get_by_role("button", name=re.compile(r"^Keep the low failure")).count() == 1  # type: ignore[attr-defined]
    assert "low failure" in widget.locator(".rk-result").inner_text()  # type: ignore[attr-defined]
    spend.click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const w = document.querySelector('[data-rollkit-widget]');"
        " return !w.dataset.pending && w.querySelector('.rk-result').textContent.includes('Complication'); }",
        timeout=READY_MS,
    )
    paid = check.roll(seed=seed, adjustments="pay")  # type: ignore[call-arg]
    assert paid.success and paid.outcome == "success with a Complication"
    assert widget.get_attribute("data-faces") == ",".join(map(str, paid.faces))  # type: ignore[attr-defined]
    said = widget.locator(".rk-result").inner_text()  # type: ignore[attr-defined]
    assert said.startswith("Success") and "1 Chance" in (widget.locator(".rk-how").text_content() or "")  # type: ignore[attr-defined]
    link = widget.evaluate("(w) => w.rollkit.link()")  # type: ignore[attr-defined]
    assert parse_qs(urlsplit(link).query)["spend"] == ["pay"]
    other = open_page(browser, site)
    other.goto(link)  # type: ignore[attr-defined]
    _settled(other, 0)
    other.wait_for_function("() => !document.querySelector('[data-rollkit-widget]').dataset.pending")  # type: ignore[attr-defined]
    assert _widget(other).locator(".rk-result").inner_text() == said  # type: ignore[attr-defined]
    screenshot(page, "trust-trait-chance")
    assert page.rollkit_errors == [] and other.rollkit_errors == []  # type: ignore[attr-defined]


# -- dice that say what they did ------------------------------------------------------------------

MARKER = """(li) => { const face = li.querySelector('.rk-face');
    return [getComputedStyle(face, '::before').content, getComputedStyle(face, '::after').content]; }"""
LOOK = """(li) => { const s = getComputedStyle(li);
    return { width: parseFloat(s.borderTopWidth), colour: s.borderTopColor, background: s.backgroundColor,
             style: s.borderTopStyle }; }"""


def test_dice_show_what_they_did(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, "critdice/legendary-and-focus/")
    widget = _widget(page)
    check = critdice.Check(dice=4, legendary=1, focus=2)
    assert build("critdice", widget.evaluate("(w) => w.rollkit.params()")) == check  # type: ignore[attr-defined]
    seed = 7  # the plan raises die 4 from 11 to 12 with Focus
    planned = check.hand(seed=seed).planned()
    assert planned.rolled[3] == 11 and planned.faces[3] == 12
    roll = check.roll(seed=seed)
    shown = roll_widget(page, 0, seed)
    assert shown["faces"] == ",".join(map(str, roll.faces))
    faces = widget.locator(".rk-roll-view .rk-dice .rk-face").all_inner_texts()  # type: ignore[attr-defined]
    expected = [*planned.faces, *(d.face for d in roll.dice[len(planned.faces) :])]
    assert [int(f) for f in faces] == expected  # the final row shows the dice as they counted
    raised = widget.locator(".rk-roll-view .rk-dice > li").nth(3)  # type: ignore[attr-defined]
    assert "11" in (raised.text_content() or "")  # and says what it was rolled as

    # a 12 (critical success) is drawn at least as strongly as a single success
    strong = raised.evaluate(LOOK)
    single = widget.locator('.rk-roll-view .rk-dice > li[data-marks~="success"]').first.evaluate(LOOK)  # type: ignore[attr-defined]
    plain = widget.locator('.rk-roll-view .rk-dice > li[data-marks~="nothing"]').first.evaluate(LOOK)  # type: ignore[attr-defined]
    assert strong["colour"] == single["colour"] != plain["colour"], (strong, single, plain)
    assert strong["width"] > single["width"] and strong["background"] != "rgba(0, 0, 0, 0)", (strong, single)

    # the legend's keys are not dice
    keys = widget.locator(".rk-roll-view .rk-marks > li")  # type: ignore[attr-defined]
    assert keys.count() >= 2
    for i in range(keys.count()):
        look = keys.nth(i).evaluate(LOOK)
        assert look["style"] == "none" or look["width"] == 0, look
        assert keys.nth(i).locator(".rk-mark-sample").count() == 1

    # selecting a die copies what it is, not "5d12 showing 5"
    copied = widget.locator(".rk-roll-view .rk-dice > li").first.evaluate(  # type: ignore[attr-defined]
        """(li) => { const r = document.createRange(); r.selectNodeContents(li);
        const s = getSelection(); s.removeAllRanges(); s.addRange(r); return s.toString(); }"""
    )
    assert not re.match(r"^\s*\d+\s*d\d+", copied), copied
    assert copied.strip().startswith(str(expected[0])), copied

    # rerolled, exploding and botch dice each carry a mark of their own (again, 5 dice, botch on
    # a failure: seed 1 has a 10 that rolls again, its reroll and a botch die)
    instant_go(page, site, "again/")
    index = page.evaluate(  # type: ignore[attr-defined]
        "[...document.querySelectorAll('[data-rollkit-widget]')].findIndex((w) =>"
        " w.dataset.check === 'again' && w.rollkit.params().botch === 'failure' && w.rollkit.params().dice === '5')"
    )
    assert index >= 0
    roll_widget(page, index, 1)
    dice = _widget(page, index).locator(".rk-roll-view .rk-dice > li")  # type: ignore[attr-defined]
    marks = [dice.nth(i).get_attribute("data-marks") or "" for i in range(dice.count())]
    wanted = {
        "explodes": next(i for i, m in enumerate(marks) if "explodes" in m.split()),
        "reroll": next(i for i, m in enumerate(marks) if "reroll" in m.split()),
        "botch": next(i for i, m in enumerate(marks) if "botch-check" in m.split()),
        "plain": next(i for i, m in enumerate(marks) if m == "fail"),
    }
    seen = {name: tuple(dice.nth(i).evaluate(MARKER)) for name, i in wanted.items()}
    assert seen["plain"] == ("none", "none"), seen
    own = [seen[name] for name in ("explodes", "reroll", "botch")]
    assert all(m != ("none", "none") for m in own) and len(set(own)) == 3, seen
    screenshot(page, "trust-dice")
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


# -- pinned odds ---------------------------------------------------------------------------------

FILL = "(e) => getComputedStyle(e).fill"


def test_pinned_odds_are_numbers_and_keep_their_colour_in_dark_mode(browser: object, site: Site) -> None:
    page = new_context(browser, viewport={"width": 1200, "height": 900}, color_scheme="dark").new_page()  # type: ignore[attr-defined]
    page.goto(site.url("trait/"))
    _ready(page)
    widget = _widget(page)
    widget.get_by_role("button", name="Pin these odds to compare").click()  # type: ignore[attr-defined]
    widget.locator('.rk-fields [name="mod"]').fill("2")  # type: ignore[attr-defined]
    now, pinned = trait.Check(mod=2, threshold=15).chance(), trait.Check(mod=5, threshold=15).chance()
    _chance_is(page, 0, now)
    page.wait_for_function("() => document.querySelector('.rk-bar-pinned')")
    compare = widget.locator(".rk-compare")  # type: ignore[attr-defined]
    assert compare.count() == 1, "the pinned odds are not given as numbers"
    said = compare.inner_text()
    difference = now - pinned
    assert percent(now) in said and percent(pinned) in said, said
    assert str(abs(difference)) in said and "MOD 5" in said, said
    pin = widget.locator("rect.rk-bar-pinned.rk-bar-success").first.evaluate(FILL)  # type: ignore[attr-defined]
    mine = widget.locator("rect.rk-bar-success:not(.rk-bar-pinned)").first.evaluate(FILL)  # type: ignore[attr-defined]
    assert pin != mine, (pin, mine)
    screenshot(page, "trust-pinned-dark")


# -- the phone ------------------------------------------------------------------------------------

AREAS = """(w) => [...w.querySelectorAll('.rk-actions button, .rk-actions input, .rk-seed-option summary, .rk-views button')]
    .filter((e) => e.checkVisibility()).map((e) => { const b = e.getBoundingClientRect();
    return [e.className || e.tagName, b.width, b.height]; })"""
TEXT_SIZES = """(svg) => { const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale); }"""
FITS = """() => [...document.querySelectorAll('[data-rollkit-widget] .rk-scroll')].map((s) => {
    const box = s.getBoundingClientRect(), last = s.querySelector('thead th:last-child').getBoundingClientRect();
    return [last.right <= box.right + 1, getComputedStyle(s).backgroundImage]; })"""


def test_on_a_phone(browser: object, site: Site) -> None:
    page = new_context(browser, **PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(site.url("trait/"))
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")
    widget = _widget(page)
    roll = widget.get_by_role("button", name="Roll", exact=True)  # type: ignore[attr-defined]
    box = roll.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    for name, width, height in widget.evaluate(AREAS):  # type: ignore[attr-defined]
        assert box["width"] * box["height"] >= width * height, (name, width, height, box)
    screenshot(page, "trust-phone-trait")
    for svg in page.locator(".rk-chart svg").all():
        assert min(svg.evaluate(TEXT_SIZES)) >= 12

    page.goto(site.url("critdice/"))
    for fits, cue in page.evaluate(FITS):
        assert fits, "an odds table's last column is cut off"
        assert "gradient" in cue  # and a table wider than the screen would show that it scrolls

    page.goto(site.url("compare/"))
    charts = page.locator("svg.rollkit-chart").all()
    assert charts
    for svg in charts:
        smallest = min(svg.evaluate(TEXT_SIZES))
        assert smallest >= 12, f"chart text {smallest:.1f} px"
    screenshot(page, "trust-phone-compare")

    for path in ("hits/odds/", "again/odds/", "critdice/odds/"):
        page.goto(site.url(path))
        text = page.locator("article").inner_text()
        assert not re.search(r"\bhover", text, re.IGNORECASE), path


# -- the words ------------------------------------------------------------------------------------

AMERICAN = re.compile(r"\b(offense|defense|armor|favorable|unfavorable)\b", re.IGNORECASE)


def test_the_words(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, "trait/")
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    statuses = page.locator(".rk-status").all_text_contents()  # type: ignore[attr-defined]
    assert len(statuses) >= 2
    assert [s for s in statuses if s.strip()] and len([s for s in statuses if "Live" in s]) == 1, statuses
    assert not any("rollkit 0." in s for s in statuses), statuses

    # the stacking cap and a certain outcome, in words
    widget = _widget(page)
    widget.locator('.rk-fields [name="mod"]').fill("20")  # type: ignore[attr-defined]
    _chance_is(page, 0, Fraction(1))
    roll_widget(page, 0, 3)
    how = widget.locator(".rk-how").text_content() or ""  # type: ignore[attr-defined]
    assert "Stack cap" not in how and "Stacking cap" in how, how
    assert "(1)" not in how and "certain" in how, how
    widget.locator('.rk-fields [name="mod"]').fill("5")  # type: ignore[attr-defined]

    # points spent on Critical dice, in words
    instant_go(page, site, "critdice/legendary-and-focus/")
    roll_widget(page, 0, 7)
    how = _widget(page).locator(".rk-how").text_content() or ""  # type: ignore[attr-defined]
    assert "->" not in how and "raised from 11 to 12" in how, how

    # hints say what a reader may enter: no bound nobody reaches, the bound the error gives
    for path in ("ninefold/", "ninefold/contests/", "ninefold/percentage-dcs/"):
        instant_go(page, site, path)
        hints = page.locator("[data-rollkit-widget] .rk-hint").all_text_contents()  # type: ignore[attr-defined]
        assert hints and not [h for h in hints if "1000000" in h], path
        forms = page.locator("[data-rollkit-widget] .rk-form").all_text_contents()  # type: ignore[attr-defined]
        assert not [AMERICAN.findall(f) for f in forms if AMERICAN.search(f)], path
        if path == "ninefold/":
            bars = _widget(page).locator("rect.rk-bar")  # type: ignore[attr-defined]
            assert 1 < bars.count() <= 20, bars.count()
            labels = _widget(page).locator(".rk-chart text").all_text_contents()  # type: ignore[attr-defined]
            assert not [t for t in labels if "–-" in t], labels

    instant_go(page, site, "hits/")
    widget = _widget(page)
    hint = widget.locator('.rk-field:has([name="dice"]) .rk-hint').inner_text()  # type: ignore[attr-defined]
    assert "0 to 2000" in hint, hint
    widget.locator('.rk-fields [name="dice"]').fill("2001")  # type: ignore[attr-defined]
    widget.locator(".rk-error:not([hidden])").wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    assert "2000" in widget.locator(".rk-error").inner_text()  # type: ignore[attr-defined]
    widget.locator('.rk-fields [name="dice"]').fill("5")  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
