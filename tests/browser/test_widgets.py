"""Every widget on every page, live in Chromium, against rollkit in CPython."""

from __future__ import annotations

import html as html_lib
import json
import re
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rollkit import RulesError
from rollkit._params import build
from tests.browser.conftest import Site, open_page, screenshot

READY_MS = 90_000  # a cold Pyodide boot on a loaded 2-core machine, with room to spare


def widget_pages(site: Site) -> list[str]:
    """Paths (relative to the site's base) of every page that holds a widget."""
    pages = []
    for html in sorted(site.directory.rglob("*.html")):
        if "data-rollkit-widget" in html.read_text(encoding="utf-8"):
            rel = html.relative_to(site.directory).as_posix()
            pages.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return pages


def instant_go(page: object, site: Site, path: str) -> None:
    """Follow a link the way a reader does, so Material's instant navigation handles it."""
    page.evaluate("""(url) => { document.querySelector('article').dataset.oldPage = '1';
        const a = document.createElement('a'); a.href = url;
        document.querySelector('.md-content').append(a); a.click(); }""", site.url(path))  # type: ignore[attr-defined]
    page.wait_for_url(site.url(path))  # type: ignore[attr-defined]
    page.wait_for_function("""() => !document.querySelector('article[data-old-page]') &&
        [...document.querySelectorAll('[data-rollkit-widget]')].every((w) => w.rollkit)""")  # type: ignore[attr-defined]


def roll_widget(page: object, index: int, seed: int) -> dict[str, object]:
    """Roll widget ``index`` with ``seed``; return what it shows and the parameters it used."""
    widget = page.locator("[data-rollkit-widget]").nth(index)  # type: ignore[attr-defined]
    widget.evaluate("(w) => { delete w.dataset.seed; }")
    widget.locator(".rk-seed input").fill(str(seed))
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(  # type: ignore[attr-defined]
        """([i, seed]) => { const w = document.querySelectorAll('[data-rollkit-widget]')[i];
            return w.dataset.seed === String(seed) || !w.querySelector('.rk-error').hidden; }""",
        arg=[index, seed], timeout=READY_MS)
    return widget.evaluate("""(w) => ({ check: w.dataset.check, params: w.rollkit.params(),
        faces: w.dataset.faces, error: w.querySelector('.rk-error').hidden ? '' :
        w.querySelector('.rk-error').textContent, summary: w.querySelector('.rk-result').textContent })""")


def test_widgets_are_prerendered_with_exact_odds(site: Site) -> None:
    """Before any script runs, each widget shows rollkit's exact chance and its controls."""
    pages = widget_pages(site)
    assert pages, "no page has a widget"
    count = 0
    for path in pages:
        html = (site.directory / (path + "index.html" if path.endswith("/") or not path else path)).read_text()
        for match in re.finditer(r'data-check="([^"]+)" data-state="([^"]+)"', html):
            state = json.loads(html_lib.unescape(match.group(2)))
            chance = build(state["check"], state["params"]).chance()
            block = html[match.end(): html.index('class="rk-result"', match.end())]
            assert f'title="{chance}"' in block, (path, state)
            assert 'role="alert"' in block and ">Roll</button>" in block
            count += 1
    assert count >= 10


def test_every_widget_rolls_like_cpython_with_one_boot(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    pages = widget_pages(site)
    page.goto(site.url())  # type: ignore[attr-defined]
    page.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
    rolled = 0
    for path in pages:
        instant_go(page, site, path)
        count = page.locator("[data-rollkit-widget]").count()  # type: ignore[attr-defined]
        for index in range(count):
            seed = 1000 + rolled
            shown = roll_widget(page, index, seed)
            assert shown["error"] == "", (path, index, shown["error"])
            expected = build(str(shown["check"]), dict(shown["params"])).roll(seed=seed)  # type: ignore[arg-type]
            assert shown["faces"] == ",".join(map(str, expected.faces)), (path, index)
            assert expected.outcome in str(shown["summary"])
            rolled += 1
    assert page.evaluate("window.__samePage") is True  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
    assert rolled >= 10


def _first_number_field(page: object) -> tuple[object, str, str]:
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    field = widget.locator('input[type=text][inputmode=numeric]:not(.rk-seed input)').first
    return widget, field, field.input_value()


def test_editing_a_parameter_updates_the_exact_odds(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    for path in widget_pages(site)[:4]:
        page.goto(site.url(path))  # type: ignore[attr-defined]
        widget, field, value = _first_number_field(page)
        name = field.get_attribute("name")
        params = widget.evaluate("(w) => w.rollkit.params()")
        for new in (int(value) + 1, max(int(value) - 1, 0)):
            field.fill(str(new))
            params[name] = str(new)
            try:
                want: str | None = str(build(widget.get_attribute("data-check"), params).chance())
            except RulesError:
                want = None
            page.wait_for_function(  # type: ignore[attr-defined]
                """([want]) => { const w = document.querySelector('[data-rollkit-widget]');
                    return want === null ? !w.querySelector('.rk-error').hidden
                                         : w.dataset.chance === want && w.querySelector('.rk-error').hidden; }""",
                arg=[want], timeout=READY_MS)
            if want is not None:
                assert widget.locator(".rk-chance strong").get_attribute("title") == want
                assert Fraction(want) == Fraction(widget.locator(".rk-chance .rk-exact").inner_text()[2:])


def test_a_bad_parameter_shows_the_error_and_the_widget_recovers(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
    widget, field, value = _first_number_field(page)
    name = field.get_attribute("name")
    hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>"\u202e'
    field.fill(hostile)
    error = widget.locator(".rk-error")
    error.wait_for(state="visible", timeout=READY_MS)
    assert f"{name}=" in error.inner_text() and "<script>" in error.inner_text()
    assert widget.locator(".rk-error img, .rk-error script").count() == 0
    assert page.evaluate("window.__pwned") is None  # type: ignore[attr-defined]
    field.fill("\u2603" * 20_000)  # a very long, non-ASCII value: refused, shown short
    page.wait_for_timeout(400)
    error.wait_for(state="visible", timeout=READY_MS)
    page.locator("[data-rollkit-widget] .rk-error", has_text="\u2603").first.wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    assert len(error.inner_text()) < 400
    field.fill(value)
    error.wait_for(state="hidden", timeout=READY_MS)
    shown = roll_widget(page, 0, 4242)
    assert shown["error"] == ""
    assert shown["faces"] == ",".join(map(str, build(str(shown["check"]), dict(shown["params"])).roll(seed=4242).faces))  # type: ignore[arg-type]


def test_huge_pools_show_honest_short_numbers(browser: object, site: Site) -> None:
    """1000 dice: no error, >99.99% rather than 100%, long fractions shortened with a copy button."""
    page = open_page(browser, site)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    widget = page.locator('[data-check="hits"]:has(input[name=dice]:not([type=hidden]))').first  # type: ignore[attr-defined]
    widget.locator("input[name=dice]").fill("1000")
    params = widget.evaluate("(w) => w.rollkit.params()")
    check = build("hits", params)
    page.wait_for_function("([want]) => document.querySelector('[data-check=\"hits\"][data-chance=\"' + want + '\"]')",  # type: ignore[attr-defined]
                           arg=[str(check.chance())], timeout=READY_MS)
    assert widget.locator(".rk-error").is_hidden()
    assert widget.locator(".rk-chance strong").inner_text() == ">99.99%"
    cells = widget.locator(".rk-outcomes td").all_inner_texts()
    assert cells and max(len(c) for c in cells) < 80, max(cells, key=len)
    assert "100.00%" not in cells and "0.00%" not in cells
    copy = widget.locator(".rk-copy").first
    assert Fraction(copy.get_attribute("data-copy")) in {p for _, p in check.outcomes().items()} | {check.chance()}


def test_replay_link_rolls_the_same_roll(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url(widget_pages(site)[0]))  # type: ignore[attr-defined]
    first = roll_widget(page, 0, 777)
    href = page.locator("[data-rollkit-widget] .rk-replay").first.get_attribute("href")  # type: ignore[attr-defined]
    other = open_page(browser, site)
    other.goto(href)  # type: ignore[attr-defined]
    other.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed === '777'",  # type: ignore[attr-defined]
                            timeout=READY_MS)
    assert other.locator("[data-rollkit-widget]").first.get_attribute("data-faces") == first["faces"]  # type: ignore[attr-defined]


def test_everything_works_from_a_sub_path(browser: object, subpath_site: Site) -> None:
    site = subpath_site
    assert urlsplit(site.base).path == "/rollkit/"
    page = open_page(browser, site)
    page.goto(site.url())  # type: ignore[attr-defined]
    pages = widget_pages(site)
    for path in (pages[0], pages[-1]):
        instant_go(page, site, path)
        shown = roll_widget(page, 0, 31337)
        assert shown["error"] == ""
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert all(urlsplit(u).path.startswith("/rollkit/") for u in site.requests if u.startswith("http"))


def all_pages(site: Site) -> list[str]:
    return sorted(p.relative_to(site.directory).as_posix()[: -len("index.html")]
                  for p in site.directory.rglob("index.html"))


def test_no_request_leaves_the_site(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    pages = all_pages(site)
    assert len(pages) >= 20
    for path in pages:
        page.goto(site.url(path))  # type: ignore[attr-defined]
    page.locator("[data-rollkit-widget] .rk-roll").first.click()  # type: ignore[attr-defined]
    page.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site.base))
    outside = [u for u in site.requests if not (u.startswith(origin) or u.startswith(("data:", "blob:")))]
    assert outside == []


@pytest.mark.parametrize("system", ["ninefold", "trait", "hits", "again", "critdice"])
def test_screenshot_of_each_system_page(browser: object, site: Site, system: str) -> None:
    page = open_page(browser, site)
    page.goto(site.url(f"{system}/"))  # type: ignore[attr-defined]
    assert page.locator("h1").first.is_visible()  # type: ignore[attr-defined]
    path = screenshot(page, system)
    assert path.stat().st_size > 10_000


def test_pages_read_well_with_javascript_off(browser: object, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site.url(widget_pages(site)[0]))
    widget = page.locator("[data-rollkit-widget]").first
    assert widget.get_by_role("button", name="Roll", exact=True).is_visible()
    assert widget.locator(".rk-chance strong").inner_text().endswith("%")
    assert widget.locator(".rk-chart svg").count() == 1
    screenshot(page, "javascript-off")
    context.close()


def test_phone_width_and_dark_scheme(browser: object, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site.url(widget_pages(site)[0]))
    widget = page.locator("[data-rollkit-widget]").first
    box = widget.bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.evaluate("document.body.scrollWidth") <= 390 + 1
    widget.get_by_role("button", name="Roll", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS)
    assert widget.locator("[aria-live]").inner_text().strip() != ""
    screenshot(page, "phone-dark")
    context.close()


def test_artifacts_folder_is_ignored_by_git() -> None:
    assert "/artifacts/" in (Path(__file__).resolve().parents[2] / ".gitignore").read_text()
