"""The roll log (docs/assets/rollkit/log.mjs): every roll of every widget kept in the browser,
through instant navigation, reloads and offline use; its exports replay the same dice; a roll
copies as a line of chat text; entries are deleted and put back; the header's "Roll log" button
on every page of either build; the log by keyboard, with axe, on a phone and in the dark."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from rollkit._params import build
from tests.browser import axe
from tests.browser.pages import (
    ARTIFACTS,
    CSP,
    READY_MS,
    all_pages,
    instant_go,
    kept_whole,
    new_context,
    roll_widget,
    serve_copy,
    track,
    type_seed,
)
from tests.helpers.site import Site

DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}

# Each entry of the open log as the reader sees it, newest first.
ENTRIES = """(log) => [...log.querySelectorAll('[data-rollkit-log-entry]')].map((e) => ({
    id: e.dataset.id, when: e.querySelector('time').textContent, text: e.innerText,
    summary: e.querySelector('.rk-log-summary').textContent,
    link: [...e.querySelectorAll('a')].find((a) => a.textContent === 'Replay this roll')?.href || '' }))"""


def _said(summary: str) -> str:
    """A widget's roll sentence as the log says it: the values it names are a column apart."""
    return re.sub(r" \(rolled with .*\)\.$", ".", summary)


def _shot(page: object, name: str) -> None:
    """What the window shows (the log is fixed to it), under artifacts/screenshots/."""
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))  # type: ignore[attr-defined]


def _page(browser: object, site: Site, **options: object) -> object:
    context = new_context(browser, viewport=DESKTOP, accept_downloads=True, **options)
    return track(context.new_page(), site)  # type: ignore[attr-defined]


def _open(page: object) -> list[dict[str, str]]:
    """Open the log from the header's button; its entries, newest first."""
    page.get_by_role("button", name="Roll log").click()  # type: ignore[attr-defined]
    log = page.locator("[data-rollkit-log]")  # type: ignore[attr-defined]
    log.wait_for(state="visible")
    return log.evaluate(ENTRIES)


def _close(page: object) -> None:
    page.locator("[data-rollkit-log]").get_by_role("button", name="Close").click()  # type: ignore[attr-defined]
    page.locator("[data-rollkit-log]").wait_for(state="hidden")  # type: ignore[attr-defined]


def _export(page: object, name: str) -> str:
    """The file the log's export button ``name`` downloads, as text."""
    log = page.locator("[data-rollkit-log]")  # type: ignore[attr-defined]
    with page.expect_download() as download:  # type: ignore[attr-defined]
        log.get_by_role("button", name=name, exact=True).click()
    return Path(download.value.path()).read_text(encoding="utf-8")


def _markdown_rows(text: str) -> list[dict[str, str]]:
    lines = [line for line in text.splitlines() if line.startswith("| ")]
    split = [
        [cell.strip().replace("\\", "") for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines
    ]
    head, _rule, *rows = split
    return [dict(zip(head, row, strict=True)) for row in rows]


def _faces(dice: str) -> str:
    """The faces a Dice cell lists ("8 on a d10: Hit; 2 on a d10: no Hit" -> "8,2")."""
    return ",".join(re.findall(r"(?:^|; )(\d+) on a d\d", dice))


def _cpython_faces(link: str, kinds: dict[str, str]) -> str:
    """The faces CPython rolls for the check, values and seed a replay link names (``kinds``:
    each widget's kind by its id, the link's fragment)."""
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    params = {k[2:]: v[0] for k, v in query.items() if k.startswith("p.")}
    check = build(kinds[urlsplit(link).fragment], params)
    return ",".join(map(str, check.roll(seed=int(query["seed"][0])).faces))


def _kinds(page: object) -> dict[str, str]:
    """Each widget of the page's kind, by its id."""
    return dict(
        page.evaluate(  # type: ignore[attr-defined]
            "() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => [w.id, w.dataset.check])"
        )
    )


def _replay(page: object, link: str) -> str:
    """Open a replay link; the faces its widget rolls again."""
    page.goto(link)  # type: ignore[attr-defined]
    widget = page.locator(f"#{urlsplit(link).fragment}")  # type: ignore[attr-defined]
    seed = parse_qs(urlsplit(link).query)["seed"][0]
    widget.locator(f'xpath=self::*[@data-seed="{seed}"]').wait_for(timeout=READY_MS)
    return widget.get_attribute("data-faces")


def test_three_rolls_on_two_pages_survive_a_reload_and_offline_and_their_exports_replay_them(
    browser: object, site: Site
) -> None:
    """The issue's "done when": roll on three widgets on two pages (instant navigation), find the
    three entries after a reload and offline, export Markdown and CSV whose rows replay the same
    dice, and copy a chat line."""
    page = _page(browser, site, offline_copy=True)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.base.rstrip("/"))  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    kinds = _kinds(page)
    rolled = [roll_widget(page, 0, 101), roll_widget(page, 1, 102)]
    instant_go(page, site, "again/")
    kinds.update(_kinds(page))
    rolled.append(roll_widget(page, 0, 103))
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]  # one page load
    entries = _open(page)
    assert [e["summary"] for e in entries] == [_said(str(r["summary"])) for r in reversed(rolled)]
    assert all("Seed 10" in e["text"] and "typed by the roller" in e["text"] for e in entries)
    assert all(urlsplit(e["link"]).path in ("/hits/", "/again/") and "at=" in e["link"] for e in entries)
    _shot(page, "log-three-rolls")
    _close(page)

    page.reload()  # type: ignore[attr-defined]
    assert [e["summary"] for e in _open(page)] == [e["summary"] for e in entries]
    _close(page)

    kept_whole(page, site.directory)
    page.context.set_offline(True)  # type: ignore[attr-defined]
    answer = page.goto(site.url("compare/"))  # type: ignore[attr-defined]  # a page with no widget: no Python
    assert answer.from_service_worker
    offline = _open(page)
    assert [(e["id"], e["summary"], e["link"]) for e in offline] == [
        (e["id"], e["summary"], e["link"]) for e in entries
    ]
    assert page.evaluate("document.documentElement.dataset.rollkitReady") is None  # type: ignore[attr-defined]  # shown without Python

    markdown = _markdown_rows(_export(page, "Markdown"))
    table = list(csv.DictReader(io.StringIO(_export(page, "CSV").lstrip("\ufeff"))))
    exported = json.loads(_export(page, "JSON"))["entries"]
    assert len(markdown) == len(table) == len(exported) == 3
    links = [e["link"] for e in reversed(entries)]  # the exports go oldest first
    assert [row["Replay"] for row in table] == links
    assert [re.sub(r"^\[Replay\]\((.*)\)$", r"\1", row["Replay"]) for row in markdown] == links
    assert [row["Result"] for row in table] == [_said(str(r["summary"])) for r in rolled]
    assert [row["Result"] for row in markdown] == [_said(str(r["summary"])) for r in rolled]
    assert [_faces(row["Dice"]) for row in markdown] == [_faces(row["Dice"]) for row in table]
    assert [_faces(row["Dice"]) for row in table] == [r["faces"] for r in rolled]

    # copy one roll as chat text: the line the entry carries, on the clipboard
    first = page.locator("[data-rollkit-log-entry]").last  # type: ignore[attr-defined]  # the oldest
    first.get_by_role("button", name="Copy as text").click()
    page.locator("[data-rollkit-log] [role=status]", has_text="Copied").wait_for()  # type: ignore[attr-defined]
    chat = page.evaluate("navigator.clipboard.readText()")  # type: ignore[attr-defined]
    assert chat == exported[0]["chat"] and "\n" not in chat
    assert _said(str(rolled[0]["summary"])) in chat and ", ".join(rolled[0]["faces"].split(",")) in chat
    assert "Seed 101 typed." in chat

    # each exported row's link replays the same dice, offline, and the replay is logged as one
    for row in table:
        assert _replay(page, row["Replay"]) == _faces(row["Dice"]) == _cpython_faces(row["Replay"], kinds)
    replays = _open(page)
    assert len(replays) == 6
    for replay, row in zip(replays[:3], reversed(table), strict=True):
        assert replay["summary"] == row["Result"]
        original = next(e for e in entries if e["link"] == row["Replay"])
        assert f"Replay of a roll from {original['when']}." in replay["text"]
        assert "typed by the roller" in replay["text"]  # a replay of a typed seed says so too
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_exports_download_under_the_strict_csp(browser: object, site: Site, tmp_path: Path) -> None:
    """A blob: download is not a fetch: default-src 'self' lets the exports through."""
    served = serve_copy(site, tmp_path, headers={"Content-Security-Policy": CSP})
    copy = next(served)
    try:
        refused: list[str] = []
        page = _page(browser, copy)
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)  # type: ignore[attr-defined]
        page.goto(copy.url("trait/"))  # type: ignore[attr-defined]
        roll_widget(page, 0, 5)
        summary = _open(page)[0]["summary"]  # the sentence, its values in a column of their own
        for name in ("Markdown", "CSV", "JSON"):
            assert summary in _export(page, name)
        assert [m for m in refused if "img-src" not in m] == []
    finally:
        served.close()


def test_a_finished_hand_is_kept_once_and_a_drawn_seed_is_not_called_typed(
    browser: object, site: Site
) -> None:
    page = _page(browser, site)
    page.goto(site.url("critdice/legendary-and-focus/"))  # type: ignore[attr-defined]  # points to spend
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, 8)
    widget.get_by_role("button", name="Roll", exact=True).click()
    widget.locator('xpath=self::*[@data-pending="1"]').wait_for(
        timeout=READY_MS
    )  # the dice before the choices
    kept = "() => Object.keys(localStorage).filter((k) => k.startsWith('rollkit-log ')).length"
    assert page.evaluate(kept) == 0  # type: ignore[attr-defined]  # nothing kept while the choices are open
    widget.locator('.rk-finish[data-spend="plan"]').click()
    page.wait_for_function("() => !document.querySelector('[data-rollkit-widget]').dataset.pending")  # type: ignore[attr-defined]
    type_seed(widget, "")
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('[data-rollkit-widget]').dataset.seed !== '8'", timeout=READY_MS
    )  # type: ignore[attr-defined]
    if widget.get_attribute("data-pending") == "1":
        widget.locator('.rk-finish[data-spend="plan"]').click()
        page.wait_for_function("() => !document.querySelector('[data-rollkit-widget]').dataset.pending")  # type: ignore[attr-defined]
    drawn, finished = _open(page)
    assert "Seed 8, typed by the roller." in finished["text"]
    seed = widget.get_attribute("data-seed")
    assert f"Seed {seed}." in drawn["text"] and "typed" not in drawn["text"]
    assert "spend=" in finished["link"]


def test_delete_undo_clear_and_the_keyboard(browser: object, site: Site) -> None:
    page = _page(browser, site)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.evaluate(  # type: ignore[attr-defined]  # every text written to the page's status region
        """() => { window.__said = []; new MutationObserver((records) => { for (const r of records)
            if (r.target.classList?.contains('rk-live')) for (const n of r.addedNodes) window.__said.push(n.textContent); })
            .observe(document.body, { subtree: true, childList: true }); }"""
    )
    rolled = [roll_widget(page, index, seed) for index, seed in enumerate((1, 2, 3))]
    said = page.evaluate("() => window.__said.filter((t) => t === 'Kept in the Roll log.').length")  # type: ignore[attr-defined]
    assert said == 1  # said politely once on the page, not on every roll
    # keyboard: the button opens the log, focus moves in, Escape closes it and focus comes back
    button = page.get_by_role("button", name="Roll log")  # type: ignore[attr-defined]
    assert button.get_attribute("aria-label") == "Roll log 3 rolls kept"  # all the text it shows
    assert button.locator(".rk-log-count").inner_text() == "3"
    button.focus()
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    log = page.get_by_role("dialog", name="Roll log")  # type: ignore[attr-defined]
    log.wait_for(state="visible")
    assert log.evaluate("(d) => d.contains(document.activeElement)")
    page.keyboard.press("Escape")  # type: ignore[attr-defined]
    log.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Roll log 3 rolls kept"  # type: ignore[attr-defined]

    entries = _open(page)
    assert len(entries) == 3
    middle = log.locator("[data-rollkit-log-entry]").nth(1)
    middle.get_by_role("button", name="Delete").click()
    assert [e["id"] for e in log.evaluate(ENTRIES)] == [entries[0]["id"], entries[2]["id"]]
    assert log.get_by_role("status").inner_text().startswith("Deleted the roll of ")
    assert page.evaluate("document.activeElement.textContent") == "Delete"  # type: ignore[attr-defined]  # the next one's
    log.get_by_role("button", name="Undo").click()
    assert [e["id"] for e in log.evaluate(ENTRIES)] == [e["id"] for e in entries]
    # select two and export them alone
    for index in (0, 2):
        log.locator("[data-rollkit-log-entry]").nth(index).get_by_role("checkbox").check()
    assert log.get_by_role("group").get_attribute("aria-labelledby")
    assert "Export 2 selected rolls" in log.inner_text()
    table = list(csv.DictReader(io.StringIO(_export(page, "CSV").lstrip("\ufeff"))))
    assert [row["Result"] for row in table] == [entries[2]["summary"], entries[0]["summary"]]
    # clear all, and undo; then clear for good: it stays cleared after a reload
    log.get_by_role("button", name="Clear all").click()
    assert log.evaluate(ENTRIES) == [] and log.get_by_role("status").inner_text() == "Cleared 3 rolls."
    assert page.evaluate("document.activeElement.textContent") == "Undo"  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert len(log.evaluate(ENTRIES)) == 3
    # a replay link followed from the log on another page: instant navigation, the log closes,
    # the widget rolls the same dice, and the replay is kept too
    _close(page)
    instant_go(page, site, "again/")
    _open(page)
    oldest = log.locator("[data-rollkit-log-entry]").last
    link = oldest.get_by_role("link", name="Replay this roll")
    target = urlsplit(link.get_attribute("href") or "")
    link.click()
    page.wait_for_url(re.compile(re.escape(target.path) + r"\?rk="))  # type: ignore[attr-defined]
    log.wait_for(state="hidden")
    widget = page.locator(f"#{target.fragment}")  # type: ignore[attr-defined]
    widget.locator('xpath=self::*[@data-seed="1"]').wait_for(timeout=READY_MS)
    assert widget.get_attribute("data-faces") == rolled[0]["faces"]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    replayed = _open(page)
    assert len(replayed) == 4 and replayed[0]["summary"] == _said(str(rolled[0]["summary"]))
    assert "Replay of a roll from " in replayed[0]["text"]
    log.get_by_role("button", name="Clear all").click()
    page.reload()  # type: ignore[attr-defined]
    assert _open(page) == []
    assert "No rolls yet" in page.locator("[data-rollkit-log]").inner_text()  # type: ignore[attr-defined]


def test_copy_as_text_falls_back_to_selected_text_when_the_clipboard_is_refused(
    browser: object, site: Site
) -> None:
    page = _page(browser, site)
    page.add_init_script(  # type: ignore[attr-defined]
        "Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });"
    )
    page.goto(site.url("trait/"))  # type: ignore[attr-defined]
    roll_widget(page, 0, 9)
    _open(page)
    entry = page.locator("[data-rollkit-log-entry]").first  # type: ignore[attr-defined]
    entry.get_by_role("button", name="Copy as text").click()
    box = entry.get_by_role("textbox", name="The roll as chat text")
    box.wait_for()
    text = box.input_value()
    assert text.startswith("Trait checks (") and "Seed 9 typed." in text
    assert page.evaluate(
        "() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    ) == [0, len(text)]  # type: ignore[attr-defined]
    assert "Copying is not allowed here" in page.get_by_role("dialog").get_by_role("status").inner_text()  # type: ignore[attr-defined]


def test_the_oldest_rolls_are_dropped_past_the_cap(browser: object, site: Site) -> None:
    page = _page(browser, site)
    page.goto(site.url("trait/"))  # type: ignore[attr-defined]
    roll_widget(page, 0, 1)
    cap = page.evaluate(  # type: ignore[attr-defined]
        """() => { const key = Object.keys(localStorage).find((k) => k.startsWith('rollkit-log '));
        const data = JSON.parse(localStorage.getItem(key)); const one = data.entries[0];
        data.entries = Array.from({ length: 200 }, (_, i) => ({ ...one, id: `old-${i}` }));
        localStorage.setItem(key, JSON.stringify(data)); return data.entries.length; }"""
    )
    roll_widget(page, 0, 2)
    entries = _open(page)
    assert len(entries) == cap == 200
    assert "old-0" not in [e["id"] for e in entries] and entries[-1]["id"] == "old-1"
    assert (
        "The newest 200 rolls are kept; older ones are dropped."
        in page.locator("[data-rollkit-log]").inner_text()
    )  # type: ignore[attr-defined]


@pytest.mark.parametrize("which", ["site", "zensical_site"])
def test_every_page_of_either_build_has_the_roll_log_button(
    which: str, request: pytest.FixtureRequest, browser: object
) -> None:
    built: Site = request.getfixturevalue(which)
    for path in all_pages(built):
        html = (built.directory / path / "index.html").read_text(encoding="utf-8")
        header = html[html.index("<header") : html.index("</header>")]
        assert header.count("data-rollkit-log-open") == 1, path
        assert 'aria-label="Roll log"' in header, path
    page = _page(browser, built)
    page.goto(built.url("rulings/"))  # type: ignore[attr-defined]
    assert _open(page) == []
    assert page.get_by_role("dialog", name="Roll log").is_visible()  # type: ignore[attr-defined]


def test_without_javascript_there_is_no_roll_log_button(browser: object, site: Site) -> None:
    page = new_context(browser, java_script_enabled=False).new_page()  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))
    assert page.locator("[data-rollkit-log-open]").count() == 1
    assert page.locator("[data-rollkit-log-open]").is_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_open_log_passes_axe_and_fits_a_phone(
    browser: object, site: Site, scheme: str, viewport: str
) -> None:
    size = PHONE if viewport == "phone" else DESKTOP
    context = new_context(browser, viewport=size, color_scheme=scheme)
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url("again/"))  # type: ignore[attr-defined]
    roll_widget(page, 0, 11)
    roll_widget(page, 1, 12)
    button = page.get_by_role("button", name="Roll log")  # type: ignore[attr-defined]
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    _open(page)
    log = page.locator("[data-rollkit-log]")  # type: ignore[attr-defined]
    assert log.evaluate("(d) => d.scrollWidth <= d.clientWidth + 1")  # nothing wider than the log
    width = log.bounding_box()["width"]
    assert width <= size["width"] and (viewport == "desktop" or width == size["width"])
    for name in ("Copy as text", "Delete", "Close", "Clear all"):
        target = log.get_by_role("button", name=name).first.bounding_box()
        assert target["height"] >= 44, (name, target)
    found = axe.violations(page)
    assert not found, axe.report(found)
    _shot(page, f"log-{viewport}-{scheme}")
