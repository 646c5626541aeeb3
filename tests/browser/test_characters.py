"""Characters in Chromium: one made on the Characters page fills a widget on another page, the
widget names it and so does each roll made with it; edits stay local until saved to the
sheet; mistakes are marked on the value Python refuses; export and import as a file, a
shared link that offers (never overwrites); axe-clean with the editor open; the keyboard, a
phone, the dark scheme and no JavaScript."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollkit import Character, hits, trait
from rollkit._params import build
from tests.browser import axe
from tests.browser.pages import (
    CSP,
    READY_MS,
    instant_go,
    new_context,
    open_page,
    screenshot,
    serve_copy,
    track,
    type_seed,
)
from tests.helpers.site import Site

KEY = "rollkit.characters"
WREN = Character.make(
    name="Wren",
    system="trait",
    values={"exp": 3},
    entries={"traits": [{"name": "Sneak", "score": 51}, {"name": "Study", "score": 40, "adept": True}]},
)


@pytest.fixture
def strict(site: Site, tmp_path: Path) -> Iterator[Site]:
    """The site served under the strict Content Security Policy."""
    yield from serve_copy(site, tmp_path, headers={"Content-Security-Policy": CSP})


def _stored(page: object) -> dict[str, object]:
    found: dict[str, object] = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')") or "null")  # type: ignore[attr-defined]
    return found


def _keep(page: object, site: Site, *characters: Character, active: dict[str, str] | None = None) -> None:
    """``characters`` kept by the page's browser, as the Characters page keeps them."""
    data = {
        "version": 1,
        "characters": [c.to_json() for c in characters],
        "active": active if active is not None else {c.system: c.name for c in reversed(characters)},
    }
    page.goto(site.url("characters/"))  # type: ignore[attr-defined]
    page.evaluate("([key, data]) => localStorage.setItem(key, JSON.stringify(data))", [KEY, data])  # type: ignore[attr-defined]


def _shows_chance(page: object, selector: str, chance: str) -> None:
    """The first widget ``selector`` finds shows the exact chance ``chance`` (its odds updated)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "([selector, chance]) => document.querySelector(selector).dataset.chance === chance",
        arg=[selector, chance],
        timeout=READY_MS,
    )


def _status(page: object, starts: str) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(text) => document.querySelector('.rk-sheets-status').textContent.startsWith(text)",
        arg=starts,
        timeout=READY_MS,
    )


def _make_wren(page: object, site: Site) -> object:
    """Wren made through the Characters page's form: the keyboard opens it, Python checks it."""
    page.goto(site.url("characters/"))  # type: ignore[attr-defined]
    page.wait_for_selector(".rk-sheets.rk-live-widget")  # type: ignore[attr-defined]
    page.select_option("#rk-sheet-new-system", "trait")  # type: ignore[attr-defined]
    page.focus("#rk-sheet-new-system")  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # Create
    form = page.locator('.rk-sheet-editor[data-system="trait"]')  # type: ignore[attr-defined]
    assert page.evaluate("() => document.activeElement.name") == "name"  # type: ignore[attr-defined]
    page.keyboard.type("Wren")  # type: ignore[attr-defined]
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    page.keyboard.type("3")  # EXP  # type: ignore[attr-defined]
    first = form.locator(".rk-rows > .rk-row").nth(0)
    first.locator("[data-key=name]").fill("Sneak")
    first.locator("[data-key=score]").fill("51")
    form.get_by_role("button", name="Add a Trait").click()
    second = form.locator(".rk-rows > .rk-row").nth(1)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Trait 2, Trait"  # type: ignore[attr-defined]
    second.locator("[data-key=name]").fill("Study")
    second.locator("[data-key=score]").fill("40")
    second.locator("[data-key=adept]").check()
    second.locator("[data-key=score]").press("Enter")  # submits the form
    _status(page, "Saved Wren.")
    return form


def test_a_character_made_on_one_page_fills_a_widget_on_another_and_names_its_roll(
    browser: object, site: Site
) -> None:
    page = open_page(browser, site)
    _make_wren(page, site)
    assert _stored(page) == {"version": 1, "characters": [WREN.to_json()], "active": {"trait": "Wren"}}
    assert "used by the Trait checks widgets" in page.locator(".rk-sheet-list").inner_text()  # type: ignore[attr-defined]

    instant_go(page, site, "trait/")  # another page, by the reader's navigation
    widget = page.locator('[data-rollkit-widget][data-check="trait"]').first  # type: ignore[attr-defined]
    use = widget.get_by_role("button", name="Use Wren")
    use.focus()
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    widget.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    focused = "() => document.activeElement.closest('.rk-sheet-picks') && document.activeElement.name"
    assert page.evaluate(focused) == "traits"  # the keyboard goes on to the Trait to pick  # type: ignore[attr-defined]
    assert widget.locator("[data-rollkit-character]").inner_text() == "Wren"
    assert widget.locator("[data-rollkit-character]").get_attribute("data-rollkit-character") == "Wren"
    assert widget.locator(".rk-sheet-from").inner_text() == (
        "Values from Wren\u2019s sheet: Sneak 51: MOD 5; EXP 3; not Adept in Sneak."
    )
    params = widget.evaluate("(w) => w.rollkit.params()")
    assert (params["mod"], params["exp"], params["adept"]) == ("5", "3", "false")
    want = trait.Check(mod=trait.mod_for(score=51), exp=3, threshold=int(params["threshold"]))
    assert build("trait", params) == want
    _shows_chance(page, '[data-rollkit-widget][data-check="trait"]', str(want.chance()))

    page.evaluate(  # type: ignore[attr-defined]
        "() => { window.__rolls = []; document.addEventListener('rollkit:roll', (e) => window.__rolls.push(e.detail)); }"
    )
    seed = next(s for s in range(100) if want.roll(seed=s).success)  # a miss waits for a choice
    type_seed(widget, seed)
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function("() => window.__rolls.length === 1", timeout=READY_MS)  # type: ignore[attr-defined]
    rolled = page.evaluate("() => window.__rolls[0]")  # type: ignore[attr-defined]
    assert rolled["character"] == "Wren" and rolled["entry"]["character"] == "Wren"  # the log's entry
    assert rolled["entry"]["faces"] == list(want.roll(seed=seed).faces)
    page.get_by_role("button", name="Roll log").click()  # type: ignore[attr-defined]
    entry = page.locator("[data-rollkit-log] [data-rollkit-log-entry]").first  # type: ignore[attr-defined]
    assert "For Wren" in entry.locator(".rk-log-for").inner_text()
    page.locator("[data-rollkit-log]").get_by_role("button", name="Close").click()  # type: ignore[attr-defined]

    widget.locator(".rk-sheet-picks select").focus()
    page.keyboard.press("ArrowDown")  # Study  # type: ignore[attr-defined]
    widget.locator(".rk-sheet-from", has_text="Study 40: MOD 4").wait_for(timeout=READY_MS)
    assert page.evaluate(focused) == "traits"  # still there, in the new tree  # type: ignore[attr-defined]
    params = widget.evaluate("(w) => w.rollkit.params()")
    assert (params["mod"], params["exp"], params["adept"]) == ("4", "3", "true")

    widget.get_by_role("button", name="Stop using Wren").click()
    assert widget.evaluate("(w) => w.rollkit.params()")["mod"] == widget.evaluate(
        "(w) => w.rollkit.initial.params.mod"
    )
    assert widget.locator("[data-rollkit-character]").count() == 0
    type_seed(widget, seed)
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function("() => window.__rolls.length === 2", timeout=READY_MS)  # type: ignore[attr-defined]
    assert page.evaluate("() => window.__rolls[1].character") is None  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_an_edit_in_a_widget_stays_there_until_saved_to_the_sheet(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    _keep(page, site, WREN)
    page.goto(site.url("trait/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-rollkit-widget][data-check="trait"]').nth(1)  # shows MOD, EXP, Adept  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Use Wren").click()
    widget.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    widget.locator("[name=exp]").fill("5")
    widget.locator("[name=mod]").fill("9")
    changed = widget.locator(".rk-sheet-changed")
    assert changed.inner_text() == (
        "Changed here only, not on Wren\u2019s sheet: MOD, EXP. MOD is not saved: MOD comes from Sneak's score."
    )
    assert widget.locator("[data-sheet-changed]").count() == 2
    assert _stored(page)["characters"] == [WREN.to_json()]  # nothing saved yet
    widget.get_by_role("button", name="Save EXP to Wren\u2019s sheet").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        f"() => JSON.parse(localStorage.getItem('{KEY}')).characters[0].values.exp === 5", timeout=READY_MS
    )
    saved = _stored(page)["characters"][0]  # type: ignore[index]
    assert Character.from_json(saved) == Character.make(
        name="Wren", system="trait", values={"exp": 5}, entries=WREN.to_json()["entries"]
    )
    assert widget.evaluate("(w) => w.rollkit.params()")["mod"] == "5"  # the fill again: from the sheet
    assert widget.locator("[data-sheet-changed]").count() == 0 and changed.is_hidden()


def test_a_hits_character_fills_a_skill_check_through_its_governing_attribute(
    browser: object, site: Site
) -> None:
    rome = Character.make(
        name="Rome",
        system="hits",
        entries={
            "attributes": [{"name": "AGI", "level": 5}, {"name": "STR", "level": 3}],
            "skills": [{"name": "Stealth", "attribute": "AGI", "training": "skilled", "focus": 1}],
        },
    )
    page = open_page(browser, site)
    _keep(page, site, rome, WREN)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-rollkit-widget][data-check="hits.skill"]').first  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Use Rome").click()
    widget.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    params = widget.evaluate("(w) => w.rollkit.params()")
    assert (params["attribute"], params["training"], params["focus"]) == ("5", "skilled", "1")
    want = hits.Check.skill(attribute=5, training="skilled", focus=1, tn=int(params["tn"])).chance()
    assert build("hits.skill", params).chance() == want
    _shows_chance(page, '[data-rollkit-widget][data-check="hits.skill"]', str(want))
    plain = page.locator('[data-rollkit-widget][data-check="hits"]').first  # type: ignore[attr-defined]
    plain.get_by_role("button", name="Use Rome").click()
    plain.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    made = hits.Check.skill(attribute=5, training="skilled", focus=1, tn=1)
    got = plain.evaluate("(w) => w.rollkit.params()")
    assert (got["dice"], got["threshold"]) == (str(made.dice), str(made.threshold))
    assert page.locator('[data-check="hits.luck"] .rk-sheet').count() == 0  # nothing to fill there


def test_the_editor_marks_the_value_python_refuses(browser: object, strict: Site) -> None:
    page = open_page(browser, strict)
    form = _make_wren(page, strict)
    page.locator(".rk-sheet-list").get_by_role("button", name="Edit Wren").click()  # type: ignore[attr-defined]
    score = form.locator(".rk-rows > .rk-row").nth(1).locator("[data-key=score]")
    assert score.input_value() == "40"
    score.fill("1200")
    form.get_by_role("button", name="Save character").click()
    page.wait_for_selector('[aria-invalid="true"]', timeout=READY_MS)  # type: ignore[attr-defined]
    said = "Traits, Trait 2 (Study), Score: 1200 is too large to work out exactly; enter a whole number from 0 to 1000."
    assert form.locator('.rk-sheet-group[data-group="traits"] .rk-field-error').inner_text() == said
    assert form.locator(".rk-error").inner_text() == said  # announced too (role=alert)
    assert score.get_attribute("aria-invalid") == "true"
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Trait 2, Score"  # type: ignore[attr-defined]
    assert axe.violations(page) == []
    screenshot(page, "characters-editor-error")
    assert _stored(page)["characters"] == [WREN.to_json()]  # the refused edit is not kept
    form.get_by_role("button", name="Cancel").click()
    page.locator(".rk-sheet-list").get_by_role("button", name="Delete Wren").click()  # type: ignore[attr-defined]
    page.locator(".rk-sheet-list").get_by_role("button", name="Keep").click()  # type: ignore[attr-defined]
    assert len(_stored(page)["characters"]) == 1  # type: ignore[arg-type]
    page.locator(".rk-sheet-list").get_by_role("button", name="Delete Wren").click()  # type: ignore[attr-defined]
    page.locator(".rk-sheet-list").get_by_role("button", name="Delete Wren").click()  # type: ignore[attr-defined]
    assert _stored(page) == {"version": 1, "characters": [], "active": {}}
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_export_and_import_a_file(browser: object, strict: Site, tmp_path: Path) -> None:
    page = open_page(browser, strict)
    _keep(page, strict, WREN)
    page.reload()  # type: ignore[attr-defined]
    with page.expect_download() as caught:  # type: ignore[attr-defined]
        page.get_by_role("button", name="Export all").click()  # type: ignore[attr-defined]
    file = tmp_path / "characters.json"
    caught.value.save_as(file)
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data == {"rollkit": "characters", "version": 1, "characters": [WREN.to_json()]}
    assert caught.value.suggested_filename == "rollkit-characters.json"

    other = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), strict)  # type: ignore[attr-defined]
    other.goto(strict.url("characters/"))
    other.wait_for_selector(".rk-sheets.rk-live-widget")
    other.locator(".rk-sheet-import input").set_input_files(str(file))
    _status(other, "Read 1 character from characters.json.")
    assert _stored(other)["characters"] == [WREN.to_json()] and _stored(other)["active"] == {"trait": "Wren"}
    other.locator(".rk-sheet-import input").set_input_files(str(file))
    _status(other, "Read 1 character from characters.json. Wren was already here.")
    changed = json.loads(json.dumps(data))
    changed["characters"][0]["values"]["exp"] = 9
    file.write_text(json.dumps(changed), encoding="utf-8")
    other.locator(".rk-sheet-import input").set_input_files(str(file))
    _status(
        other,
        "Read 1 character from characters.json. Wren is here with other values: imported as \u201cWren (2)\u201d.",
    )
    names = [c["name"] for c in _stored(other)["characters"]]  # type: ignore[union-attr]
    assert names == ["Wren", "Wren (2)"] and _stored(other)["characters"][0] == WREN.to_json()  # type: ignore[index]
    file.write_text("{not json", encoding="utf-8")
    other.locator(".rk-sheet-import input").set_input_files(str(file))
    _status(other, "characters.json is not a characters file")
    assert page.rollkit_errors == [] and other.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_shared_link_offers_its_character_and_never_overwrites(browser: object, strict: Site) -> None:
    page = open_page(browser, strict)
    _keep(page, strict, WREN)
    page.reload()  # type: ignore[attr-defined]
    page.locator(".rk-sheet-list").get_by_role("button", name="Share link Wren").click()  # type: ignore[attr-defined]
    page.wait_for_selector(".rk-sheets[data-shared]", timeout=READY_MS)  # type: ignore[attr-defined]
    link = page.locator(".rk-sheets").get_attribute("data-shared")  # type: ignore[attr-defined]
    assert link == strict.url("characters/") + "#character=" + WREN.to_link()

    fresh = track(new_context(browser, viewport={"width": 1200, "height": 900}).new_page(), strict)  # type: ignore[attr-defined]
    fresh.goto(link)
    offer = fresh.locator(".rk-sheet-offer")
    offer.get_by_role("button", name="Add Wren").wait_for(timeout=READY_MS)
    assert "A shared character: Wren (Trait checks)." in offer.inner_text()
    offer.get_by_role("button", name="Add Wren").click()
    assert _stored(fresh)["characters"] == [WREN.to_json()] and "#" not in fresh.url

    mine = Character.make(
        name="Wren", system="trait", values={"exp": 8}, entries={"traits": [{"name": "Might", "score": 70}]}
    )
    _keep(fresh, strict, mine)
    fresh.goto(link)
    offer = fresh.locator(".rk-sheet-offer")
    offer.get_by_role("button", name="Don\u2019t add").wait_for(timeout=READY_MS)
    assert "You already have a Trait checks character called Wren." in offer.inner_text()
    assert offer.get_by_role("button", name="Replace your Wren").count() == 1
    assert axe.violations(fresh) == []
    offer.get_by_role("button", name="Don\u2019t add").click()
    assert _stored(fresh)["characters"] == [mine.to_json()]  # untouched
    fresh.goto(link)
    offer.get_by_role("button", name="Add as \u201cWren (2)\u201d").click()
    kept = _stored(fresh)["characters"]
    assert kept == [mine.to_json(), {**WREN.to_json(), "name": "Wren (2)"}]
    fresh.goto(strict.url("characters/") + "#character=1.broken")
    offer.get_by_role("button", name="Dismiss").wait_for(timeout=READY_MS)
    assert "This link holds no character; it may be cut short." in offer.inner_text()
    assert fresh.rollkit_errors == []  # type: ignore[attr-defined]


def test_axe_finds_nothing_with_the_editor_open_nor_in_a_widget_using_a_character(
    browser: object, site: Site
) -> None:
    page = open_page(browser, site)
    _keep(page, site, WREN)
    page.reload()  # type: ignore[attr-defined]
    for system in ("ninefold", "trait", "hits", "again", "critdice"):
        page.select_option("#rk-sheet-new-system", system)  # type: ignore[attr-defined]
        page.get_by_role("button", name="Create").click()  # type: ignore[attr-defined]
        form = page.locator(f'.rk-sheet-editor[data-system="{system}"]')  # type: ignore[attr-defined]
        for add in form.locator(".rk-add").all():
            add.click()
        assert form.is_visible()
        assert axe.violations(page) == [], system
    page.goto(site.url("trait/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-rollkit-widget][data-check="trait"]').first  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Use Wren").click()
    widget.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    widget.locator("[name=mod]").fill("7")
    assert axe.violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_nothing_overflows_and_the_primary_actions_are_large(
    browser: object, site: Site, scheme: str
) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    _keep(page, site, WREN)
    page.goto(site.url("characters/"))  # type: ignore[attr-defined]
    page.get_by_role("button", name="Create").click()  # type: ignore[attr-defined]
    wide = "() => document.scrollingElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(wide)  # type: ignore[attr-defined]
    for name in ("Create", "Save character", "Edit Wren", "Share link Wren"):
        box = page.get_by_role("button", name=name).bounding_box()  # type: ignore[attr-defined]
        assert box["height"] >= 44 and box["width"] >= 44, (name, box)
    screenshot(page, f"characters-phone-{scheme}")
    page.goto(site.url("trait/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-rollkit-widget][data-check="trait"]').first  # type: ignore[attr-defined]
    use = widget.get_by_role("button", name="Use Wren")
    box = use.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    use.click()
    widget.locator("[data-rollkit-character]").wait_for(timeout=READY_MS)
    assert page.evaluate(wide)  # type: ignore[attr-defined]
    widget.scroll_into_view_if_needed()
    screenshot(page, f"widget-character-phone-{scheme}")


def test_without_javascript_the_page_says_characters_need_it(browser: object, site: Site) -> None:
    context = new_context(browser, java_script_enabled=False, viewport={"width": 1200, "height": 900})
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(site.url("characters/"))
    assert page.locator(".rk-sheets .rk-nojs").is_visible()
    assert (
        page.locator("#rk-sheet-new-system").is_disabled() and page.locator(".rk-sheet-create").is_disabled()
    )
    assert page.locator(".rk-sheet-editor").first.is_hidden()
    page.goto(site.url("trait/"))
    assert page.locator(".rk-sheet").first.is_hidden()  # no offer that cannot work


def test_a_character_saved_in_another_tab_reaches_this_tabs_widgets_and_list(
    browser: object, site: Site
) -> None:
    context = new_context(browser, viewport={"width": 1200, "height": 900})
    rules = track(context.new_page(), site)  # type: ignore[attr-defined]
    rules.goto(site.url("trait/"))
    rules.wait_for_selector('[data-rollkit-widget][data-check="trait"].rk-live-widget')
    assert rules.locator('[data-check="trait"] .rk-sheet').first.is_hidden()  # no character yet
    listing = track(context.new_page(), site)  # type: ignore[attr-defined]
    listing.goto(site.url("characters/"))
    listing.wait_for_selector(".rk-sheets.rk-live-widget")
    assert "No characters yet" in listing.locator(".rk-sheet-list").inner_text()
    _keep(track(context.new_page(), site), site, WREN)  # type: ignore[attr-defined]
    rules.locator('[data-check="trait"]').first.get_by_role("button", name="Use Wren").wait_for(
        timeout=READY_MS
    )
    listing.locator(".rk-sheet-list li[data-name=Wren]").wait_for(timeout=READY_MS)
    assert rules.rollkit_errors == [] and listing.rollkit_errors == []  # type: ignore[attr-defined]
