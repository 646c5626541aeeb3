"""A session's memory stays flat (issue #25, item 8): 50 instant navigations between two rules
pages keep no widget of a page left, and none of its listeners, beyond the theme's own.

The theme keeps pages itself: Material's instant navigation leaves every page it swapped out
reachable, about 7,900 DOM nodes more per navigation between these two pages (10,290 live
nodes after one page, 406,185 after 50 navigations; 10,287 and 406,140 with rollkit's scripts
blocked: the theme's, not rollkit's). What is
rollkit's is held here: its widgets and listeners are released with their page (leave.mjs),
so the live widgets stay those of the page on screen (232 were alive after 50 navigations
before) and the page's listeners grow only as they do without rollkit (395 to 560, against 183
to 346 blocked; they grew by about 122 a navigation before), and the page on screen holds
as many nodes as one page does.
"""

from __future__ import annotations

from tests.browser.pages import instant_click, instant_go, new_context
from tests.helpers.site import Site

PAGES = ("hits/", "trait/")
NAVIGATIONS = 50
FACTOR = 3  # after 50 navigations, within this factor of one page's


def _counters(page: object, cdp: object) -> dict[str, int]:
    """After a full garbage collection: live DOM nodes and listeners, the nodes on the page."""
    cdp.send("HeapProfiler.collectGarbage")  # type: ignore[attr-defined]
    counted = cdp.send("Memory.getDOMCounters")  # type: ignore[attr-defined]
    attached = page.evaluate("document.getElementsByTagName('*').length")  # type: ignore[attr-defined]
    return {"nodes": counted["nodes"], "listeners": counted["jsEventListeners"], "attached": attached}


def _live_widgets(cdp: object) -> int:
    """How many rollkit widgets (``Widget`` objects) are alive, on the page or not."""
    found = cdp.send(  # type: ignore[attr-defined]
        "Runtime.evaluate",
        {"expression": "Object.getPrototypeOf(document.querySelector('[data-rollkit-widget]').rollkit)"},
    )
    objects = cdp.send("Runtime.queryObjects", {"prototypeObjectId": found["result"]["objectId"]})  # type: ignore[attr-defined]
    length = cdp.send(  # type: ignore[attr-defined]
        "Runtime.callFunctionOn",
        {
            "objectId": objects["objects"]["objectId"],
            "functionDeclaration": "function () { return this.length; }",
            "returnByValue": True,
        },
    )
    return int(length["result"]["value"])


def _session(
    browser: object, site: Site, *, blocked: bool = False
) -> tuple[dict[str, int], dict[str, int], object]:
    """One page's counters, those after NAVIGATIONS instant navigations, and the page."""
    page = new_context(browser, viewport={"width": 1200, "height": 900}).new_page()  # type: ignore[attr-defined]
    if blocked:  # the theme alone: rollkit's page module answered with an empty one
        page.route(
            "**/assets/rollkit.mjs", lambda route: route.fulfill(body="", content_type="text/javascript")
        )
    page.goto(site.url(PAGES[0]))
    page.wait_for_load_state("load")
    cdp = page.context.new_cdp_session(page)
    first = _counters(page, cdp)
    for step in range(NAVIGATIONS):
        path = PAGES[(step + 1) % 2]
        if blocked:  # no widgets to wait for: the new page shown is enough
            instant_click(page, site, path)
            page.wait_for_url(site.url(path))
            page.wait_for_function("() => !document.querySelector('article[data-old-page]')")
        else:
            instant_go(page, site, path)
    return first, _counters(page, cdp), (page, cdp)


def test_fifty_instant_navigations_keep_no_widget_or_listener_of_a_page_left(
    browser: object, site: Site
) -> None:
    first, last, (page, cdp) = _session(browser, site)
    on_screen = page.evaluate("document.querySelectorAll('[data-rollkit-widget]').length")  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    live = _live_widgets(cdp)
    assert live <= on_screen, f"{live} widgets alive after {NAVIGATIONS} navigations, {on_screen} on screen"
    assert last["attached"] <= FACTOR * first["attached"], (first, last)
    assert last["listeners"] <= FACTOR * first["listeners"], (first, last)
    # The theme's own growth, rollkit's scripts blocked: rollkit's pages grow no faster.
    alone_first, alone_last, _ = _session(browser, site, blocked=True)
    theirs = alone_last["listeners"] - alone_first["listeners"]
    ours = last["listeners"] - first["listeners"]
    assert ours <= theirs + NAVIGATIONS, (ours, theirs, first, last, alone_first, alone_last)
    grown, alone = last["nodes"] - first["nodes"], alone_last["nodes"] - alone_first["nodes"]
    assert grown <= 1.1 * alone + 2000, (grown, alone)  # the theme's, not rollkit's
