"""Hostile share links (issue #25, items 1 to 3): a link restores only what a reader can see and
change, and no link stalls the page. A 60 KB link and a 10,000-entry list leave the main thread
free (no long task of a second) and the other widgets rolling; a value the widget does not show,
a seed that is not one, a checkbox neither true nor false, a link for another kind of check:
each refused with a message in the rules' words, said by its field and in the link's note."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote

from rollkit import _registry
from rollkit._fields import fields
from rollkit._params import build
from tests.browser.pages import READY_MS, open_page, roll_widget
from tests.helpers.site import Site

SPECIAL = "hits/special-checks/"
HITS = "hits/"
LONG_TASK_MS = 2500  # generous (a loaded 2-core machine): the 10,000 rows built one by one took 13 s here

# Every long task of the main thread, from the page's first script on.
LONG_TASKS = """window.rollkitLongTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.rollkitLongTasks.push(entry.duration); })
  .observe({ type: "longtask", buffered: true });"""


def _widgets(site: Site, path: str) -> list[tuple[str, str, set[str]]]:
    """Each widget of the built page: its id, its kind and the fields it hides."""
    html = (site.directory / path / "index.html").read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r'<section class="rollkit-widget" id="([^"]+)"[^>]*?data-check="([^"]+)"', html):
        form = html[match.start() : html.index("</form>", match.start())]
        hidden = set(re.findall(r'<input type="hidden" name="([^"]+)" value="[^"]*" data-label', form))
        found.append((match[1], match[2], hidden))
    return found


def _widget(site: Site, path: str, check: str, hides: tuple[str, ...] = ()) -> str:
    """The id of the page's first widget of kind ``check`` hiding ``hides``."""
    for widget_id, kind, hidden in _widgets(site, path):
        if kind == check and set(hides) <= hidden:
            return widget_id
    raise AssertionError(f"no {check} widget hiding {sorted(hides)} on {path}")


def _label(check: str, name: str) -> str:
    return next(f.label for f in fields(_registry.find(check)) if f.name == name)


def _open(browser: object, site: Site, url: str, page: object = None) -> object:
    """``url`` opened, in a new context or, given one, in ``page`` (a page load of its own)."""
    if page is None:
        page = open_page(browser, site)
        page.add_init_script(LONG_TASKS)  # type: ignore[attr-defined]
    page.goto(site.url(url))  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => [...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)"
    )
    return page


def _longest_task(page: object) -> float:
    return max(page.evaluate("window.rollkitLongTasks"), default=0.0)  # type: ignore[attr-defined]


def _note(page: object, widget_id: str) -> str:
    note = page.locator(f"#{widget_id} .rk-link-note")  # type: ignore[attr-defined]
    note.wait_for(state="visible", timeout=READY_MS)
    return str(note.text_content())


def _other_widget_rolls(page: object, site: Site, busy: str) -> None:
    """Another widget of the page rolls CPython's roll while the link's widget had its say."""
    index = next(i for i, (widget_id, kind, _) in enumerate(_widgets(site, SPECIAL)) if widget_id != busy)
    shown = roll_widget(page, index, 4242)
    assert not shown["error"], shown
    want = build(str(shown["check"]), shown["params"]).roll(seed=4242)  # type: ignore[arg-type]
    assert shown["faces"] == ",".join(str(f) for f in want.faces), (shown, want.faces)


def test_a_60_kb_link_leaves_the_page_responsive_and_the_other_widgets_rolling(
    browser: object, site: Site
) -> None:
    group = _widget(site, SPECIAL, "hits.group")
    spaces = "+" * 60_000  # a space each, as the link wrote them (a 60 KB address)
    page = _open(browser, site, f"{SPECIAL}?rk={group}&p.helpers=1{spaces}2#{group}")
    error = page.locator(f"#{group}-helpers-error")  # type: ignore[attr-defined]
    error.wait_for(state="visible", timeout=READY_MS)
    said = str(error.text_content())
    assert _label("hits.group", "helpers") in said and "60,002 characters" in said, said
    _other_widget_rolls(page, site, group)
    assert _longest_task(page) < LONG_TASK_MS, page.evaluate("window.rollkitLongTasks")  # type: ignore[attr-defined]


def test_a_10000_entry_link_builds_no_rows_and_says_why(browser: object, site: Site) -> None:
    group = _widget(site, SPECIAL, "hits.group")
    before = _open(browser, site, f"{SPECIAL}#{group}")
    rows = before.locator(f"#{group} .rk-list .rk-rows > .rk-row").count()  # type: ignore[attr-defined]
    page = _open(browser, site, f"{SPECIAL}?rk={group}&p.helpers={'3:7,' * 10_000}#{group}")
    declared = next(f for f in fields(_registry.find("hits.group")) if f.name == "helpers").param.most
    assert declared is not None  # the declaration's most, not the page's
    note = _note(page, group)
    assert f"{_label('hits.group', 'helpers')}: this link has 10,000 helpers" in note, note
    assert f"at most {declared:,}" in note, note
    assert page.locator(f"#{group} .rk-list .rk-rows > .rk-row").count() == rows  # type: ignore[attr-defined]
    error = page.locator(f"#{group}-helpers-error")  # type: ignore[attr-defined]
    assert "10,000 helpers" in str(error.text_content()) and error.is_visible()
    _other_widget_rolls(page, site, group)
    assert _longest_task(page) < LONG_TASK_MS, page.evaluate("window.rollkitLongTasks")  # type: ignore[attr-defined]


def test_a_link_cannot_set_a_value_the_widget_hides(browser: object, site: Site) -> None:
    widget_id = _widget(site, HITS, "hits", ("validation", "keyword", "bought"))
    initial = dict(_initial(site, HITS, widget_id))
    want = str(build("hits", initial).chance())
    changed = str(build("hits", {**initial, "validation": "9", "keyword": "misfire"}).chance())
    assert want != changed  # the link would change the odds, were it obeyed
    page = _open(browser, site, f"{HITS}?rk={widget_id}&p.validation=9&p.keyword=misfire#{widget_id}")
    note = _note(page, widget_id)
    for name in ("validation", "keyword"):
        assert _label("hits", name) in note, note
    assert "does not show" in note and not re.search(r"\bvalidation\b", note), note  # labels, not names
    page.wait_for_function(  # type: ignore[attr-defined]
        "([id, want]) => { const w = document.getElementById(id); return w.dataset.chance === want"
        " && w.querySelector('.rk-stale-note').hidden; }",
        arg=[widget_id, want],
        timeout=READY_MS,
    )
    # p.bought with a seed: refused, and the roll (made with other values) not replayed.
    page = _open(browser, site, f"{HITS}?rk={widget_id}&p.bought=1&seed=5#{widget_id}", page)
    note = _note(page, widget_id)
    assert _label("hits", "bought") in note and "not replayed" in note, note
    page.wait_for_timeout(1000)  # type: ignore[attr-defined]
    widget = page.locator(f"#{widget_id}")  # type: ignore[attr-defined]
    assert widget.get_attribute("data-replay") is None and widget.locator(".rk-error").is_hidden()
    # The widget's own link carries its hidden values unchanged: it still replays.
    own = "&".join(f"p.{k}={quote(v)}" for k, v in initial.items())
    page = _open(browser, site, f"{HITS}?rk={widget_id}&k=hits&{own}&seed=5#{widget_id}", page)
    page.locator(f"#{widget_id}[data-replay]").wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    assert page.locator(f"#{widget_id} .rk-link-note").is_hidden()  # type: ignore[attr-defined]
    assert page.locator(f"#{widget_id}").get_attribute("data-seed") == "5"  # type: ignore[attr-defined]


def _initial(site: Site, path: str, widget_id: str) -> dict[str, str]:
    """The widget's first values, as its page holds them (data-state)."""
    text = (site.directory / path / "index.html").read_text(encoding="utf-8")
    found = re.search(rf'id="{widget_id}"[^>]*?data-state="([^"]+)"', text)
    assert found
    return dict(json.loads(html.unescape(found[1]))["params"])


def test_a_blank_seed_and_a_checkbox_neither_true_nor_false_are_refused(browser: object, site: Site) -> None:
    widget_id = _widget(site, HITS, "hits")
    page = _open(browser, site, f"{HITS}?rk={widget_id}&seed=%20#{widget_id}")
    error = page.locator(f"#{widget_id}-seed-error")  # type: ignore[attr-defined]
    error.wait_for(state="visible", timeout=READY_MS)
    assert "Seed" in str(error.text_content()), error.text_content()
    widget = page.locator(f"#{widget_id}")  # type: ignore[attr-defined]
    assert widget.get_attribute("data-seed") is None  # never a random roll in its place
    assert widget.locator(".rk-seed-option").evaluate("(d) => d.open")
    page.wait_for_timeout(1500)  # type: ignore[attr-defined]  # the odds' answer keeps it shown
    assert error.is_visible() and widget.get_attribute("data-seed") is None

    group = _widget(site, SPECIAL, "hits.group")
    page = _open(browser, site, f"{SPECIAL}?rk={group}&p.helpers_buy=TRUE#{group}")
    note = _note(page, group)
    label = _label("hits.group", "helpers_buy")
    assert label in note and "“TRUE”" in note and "unticked" in note, note
    box = page.locator(f"#{group}-helpers_buy")  # type: ignore[attr-defined]
    assert not box.is_checked()
    assert label in str(page.locator(f"#{group}-helpers_buy-error").text_content())  # type: ignore[attr-defined]
    box.check()  # the reader's change: the link's note goes
    page.locator(f"#{group} .rk-link-note").wait_for(state="hidden")  # type: ignore[attr-defined]


def test_a_link_for_another_kind_of_check_says_so(browser: object, site: Site) -> None:
    widget_id = _widget(site, HITS, "hits")
    for query, said in (
        ("k=again&p.dice=3&seed=5", "another kind of check than"),
        ("p.pool=3", "does not have"),
    ):
        page = _open(browser, site, f"{HITS}?rk={widget_id}&{query}#{widget_id}")
        note = _note(page, widget_id)
        title = str(page.locator(f"#{widget_id} .rk-title").text_content())  # type: ignore[attr-defined]
        assert said in note and f"“{title}”" in note and "none of its values were used" in note, note
        assert page.locator(f"#{widget_id}").get_attribute("data-replay") is None  # type: ignore[attr-defined]
