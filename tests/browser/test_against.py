"""Chance against a field in Chromium: a widget switched to it shows CPython's exact numbers
for every point, a point shows its exact value when focused (the arrow keys move between
points) and when tapped, with nothing axe objects to, readable at phone width in dark mode; a
setting's mistake is marked at that setting; the pages' charts show a point's value with
JavaScript off, and their tables print."""

from __future__ import annotations

from fractions import Fraction

from rollkit import hits
from rollkit._format import fraction, percent
from tests.browser import axe
from tests.browser.pages import ARTIFACTS, READY_MS, instant_go, new_context, screenshot, track
from tests.helpers.site import Site

PAGE = "hits/odds/"  # its first widget: Six dice at 7+ against TN 3; its charts: against_chart fences

LABELS = "(scope) => [...scope.querySelectorAll('.rk-point')].map((p) => p.getAttribute('aria-label'))"

# The point focused now, and whether its value (and only its) is drawn.
FOCUSED = """() => { const point = document.activeElement;
    if (!point || !point.classList.contains('rk-point')) return null;
    const tip = point.querySelector('.rk-tip'); const box = tip.getBoundingClientRect();
    const others = [...point.ownerSVGElement.querySelectorAll('.rk-tip')].filter((t) => t !== tip
        && getComputedStyle(t).display !== 'none');
    return { label: point.getAttribute('aria-label'), tip: [...tip.children].map((t) => t.textContent),
             shown: getComputedStyle(tip).display !== 'none' && box.width > 0 && box.height > 0,
             others: others.length, tabindex: point.getAttribute('tabindex') }; }"""


def said(name: str, at: str, p: Fraction) -> str:
    return f"{name}, {at}: {percent(p)} ({fraction(p)})"


def switch_on(page: object) -> object:
    """The page's first widget, switched to "chance against a field" and drawn."""
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Chance against a field").click()
    widget.locator(".rk-against-out .rk-against-view").wait_for(timeout=READY_MS)
    return widget


def redrawn(widget: object) -> None:
    """Wait until the widget's chart is drawn for its latest settings."""
    widget.locator(".rk-against-out:not(.rk-stale) .rk-against-view").wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    widget.page.wait_for_function(  # type: ignore[attr-defined]
        "(w) => !w.querySelector('.rk-against-out').classList.contains('rk-stale') && !w.hasAttribute('aria-busy')",
        arg=widget.element_handle(),  # type: ignore[attr-defined]
        timeout=READY_MS,
    )


def test_the_widgets_view_equals_cpythons_numbers(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, PAGE)
    widget = switch_on(page)
    assert widget.get_attribute("data-against") == "on"  # type: ignore[attr-defined]
    assert widget.locator(".rk-odds-view").is_hidden()  # type: ignore[attr-defined]
    want = [
        said(f"Threshold {t}+", f"Dice Pool {n}", hits.Check(dice=n, threshold=t, tn=3).chance())
        for t in (6, 7, 8)
        for n in range(0, 13)
    ]
    out = widget.locator(".rk-against-out")  # type: ignore[attr-defined]
    assert out.evaluate(LABELS) == want
    assert out.locator(".rk-values").text_content() == "Target Number (TN) 3"

    # Other settings: one line per TN, the chance of at most 3 Hits, Dice Pool 2 to 9.
    settings = widget.locator(".rk-against-fields")  # type: ignore[attr-defined]
    settings.get_by_label("One line per").select_option("tn")
    redrawn(widget)
    settings.get_by_label("Line values").fill("1, 4")
    settings.get_by_label("Chance of").select_option("at-most")
    settings.get_by_label("Hits", exact=True).fill("3")
    settings.get_by_label("From").fill("2")
    settings.get_by_label("To", exact=True).fill("9")
    redrawn(widget)

    def at_most(n: int, tn: int, threshold: int = 7) -> Fraction:
        dist = hits.Check(dice=n, threshold=threshold, tn=tn).distribution()
        return sum((p for k, p in dist.items() if k <= 3), Fraction(0))  # type: ignore[operator]

    want = [said(f"TN {tn}", f"Dice Pool {n}", at_most(n, tn)) for tn in (1, 4) for n in range(2, 10)]
    assert out.evaluate(LABELS) == want
    assert "Chance of at most 3 Hits against Dice Pool, one line per TN" in out.locator("svg").get_attribute(
        "aria-label"
    )

    # An edit of the widget's own values redraws for them (Threshold 8+ now).
    widget.locator(".rk-fields").get_by_label("Threshold (x+)").fill("8")  # type: ignore[attr-defined]
    redrawn(widget)
    want = [said(f"TN {tn}", f"Dice Pool {n}", at_most(n, tn, 8)) for tn in (1, 4) for n in range(2, 10)]
    assert out.evaluate(LABELS) == want
    assert out.locator(".rk-values").text_content() == "Threshold 8+"

    # A setting's mistake is marked at it, in words; the chart stays, for the values it names.
    to = settings.get_by_label("To", exact=True)
    to.fill("60")
    widget.locator('[data-against="to"][aria-invalid="true"]').wait_for(timeout=READY_MS)  # type: ignore[attr-defined]
    error = widget.locator(".rk-against-fields .rk-field-error:not([hidden])")  # type: ignore[attr-defined]
    assert error.text_content() == (
        "To: 2 to 60 is 59 values, more than the 41 drawn at once; narrow the range or take a larger Step."
    )
    to.fill("42")
    redrawn(widget)
    assert widget.locator("[aria-invalid]").count() == 0  # type: ignore[attr-defined]
    assert len(out.evaluate(LABELS)) == 2 * 41

    widget.get_by_role("button", name="Chance against a field").click()  # type: ignore[attr-defined]
    assert widget.locator(".rk-odds-view").is_visible() and out.is_hidden()  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_focused_point_shows_its_exact_value_and_the_arrows_move(live_page: object, site: Site) -> None:
    page = live_page
    instant_go(page, site, PAGE)
    widget = switch_on(page)
    widget.locator(".rk-against-fields").get_by_label("Chance of").focus()  # type: ignore[attr-defined]
    for _ in range(6):  # Tab on, past the tally (hidden for "success"), into the chart
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        if page.evaluate(FOCUSED):  # type: ignore[attr-defined]
            break
    first = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    p = hits.Check(dice=0, threshold=6, tn=3).chance()
    assert first == {
        "label": said("Threshold 6+", "Dice Pool 0", p),
        "tip": ["Threshold 6+, Dice Pool 0", f"{percent(p)} = {fraction(p)}"],
        "shown": True,
        "others": 0,
        "tabindex": "0",
    }
    for _ in range(5):
        page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowDown")  # type: ignore[attr-defined]
    now = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    p = hits.Check(dice=5, threshold=7, tn=3).chance()
    assert now["label"] == said("Threshold 7+", "Dice Pool 5", p) and now["shown"] and now["others"] == 0
    assert now["tip"] == ["Threshold 7+, Dice Pool 5", f"{percent(p)} = {fraction(p)}"]
    widget.screenshot(path=str(ARTIFACTS / "screenshots" / "against-desktop-focus.png"))  # type: ignore[attr-defined]
    page.keyboard.press("End")  # type: ignore[attr-defined]
    assert page.evaluate(FOCUSED)["label"].startswith("Threshold 7+, Dice Pool 12: ")  # type: ignore[attr-defined]
    # Each line keeps one point in the tab order: Tab goes on to the next line's.
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    assert page.evaluate(FOCUSED)["label"].startswith("Threshold 8+, Dice Pool 0: ")  # type: ignore[attr-defined]
    found = axe.violations(page)
    assert not found, axe.report(found)
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_tapped_point_shows_its_value_at_phone_width_in_dark_mode(browser: object, site: Site) -> None:
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True, is_mobile=True
    )
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Chance against a field").tap()
    widget.locator(".rk-against-out .rk-against-view").wait_for(timeout=READY_MS)
    assert (
        page.evaluate("() => document.querySelector('[data-md-color-scheme]').dataset.mdColorScheme")
        == "slate"
    )  # type: ignore[attr-defined]
    point = widget.locator(".rk-against-out .rk-point").nth(20)  # Threshold 7+, Dice Pool 7
    point.tap()
    tapped = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    p = hits.Check(dice=7, threshold=7, tn=3).chance()
    assert tapped is not None and tapped["label"] == said("Threshold 7+", "Dice Pool 7", p)
    assert tapped["shown"] and tapped["tip"][1] == f"{percent(p)} = {fraction(p)}"
    found = axe.violations(page)
    assert not found, axe.report(found)
    sizes = widget.locator(".rk-against-out svg").evaluate(
        """(svg) => { const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return [...svg.querySelectorAll('text')].filter((t) => t.getBoundingClientRect().width > 0)
                .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale); }"""
    )
    assert sizes and min(sizes) >= 12, min(sizes)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390  # type: ignore[attr-defined]
    text = widget.evaluate("(w) => w.innerText")
    assert "Tap a dot" in text and "hover" not in text.lower() and "Point at a dot" not in text
    widget.screenshot(path=str(ARTIFACTS / "screenshots" / "against-phone-dark-widget.png"))
    screenshot(page, "against-phone-dark")  # the whole page, too
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_a_pages_chart_shows_a_value_without_javascript_and_prints_its_table(
    browser: object, site: Site
) -> None:
    context = new_context(browser, viewport={"width": 1200, "height": 900}, java_script_enabled=False)
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(site.url(PAGE))  # type: ignore[attr-defined]
    assert page.locator(".rk-against").first.is_hidden()  # type: ignore[attr-defined]  # a switch needs the script
    chart = page.locator(".rollkit-figure .rk-against-view").first  # type: ignore[attr-defined]
    point = chart.locator(".rk-point").nth(3)  # TN 1, Dice Pool 3
    tip = point.locator(".rk-tip")
    assert tip.is_hidden()
    point.click()  # focusable: a click (or a tap) focuses it, and the style sheet shows its value
    p = hits.Check(dice=3, threshold=7, tn=1).chance()
    assert tip.is_visible() and tip.text_content() == f"TN 1, Dice Pool 3{percent(p)} = {fraction(p)}"
    assert point.get_attribute("aria-label") == said("TN 1", "Dice Pool 3", p)
    table = chart.locator(".rk-against-table table")
    assert table.is_hidden()  # folded on screen
    cell = table.locator("tbody tr").nth(3).locator("td").first
    assert cell.text_content() == f"{percent(p)} {fraction(p)}"
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    assert table.is_visible() and chart.locator(".rk-against-help").is_hidden()
