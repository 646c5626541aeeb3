"""The smoke tests every build of the site passes, mkdocs's (``test_widgets.py``,
``test_failures.py``) and Zensical's (``test_zensical.py``) alike: each test there calls
one of these on its own site."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from rollkit._params import build
from rollkit.web import odds_view, roll_view, to_html
from tests.browser.pages import (
    CSP,
    READY_MS,
    all_pages,
    instant_go,
    load_each,
    open_page,
    roll_widget,
    serve_copy,
    track,
    type_seed,
    wait_rolled,
    widget_pages,
)
from tests.helpers.site import Site


def widgets_are_prerendered_with_exact_odds(site: Site) -> None:
    """Before any script runs, each widget shows rollkit's exact chance and its controls."""
    pages = widget_pages(site)
    assert pages, "no page has a widget"
    count = 0
    for path in pages:
        html = (
            site.directory / (path + "index.html" if path.endswith("/") or not path else path)
        ).read_text()
        for match in re.finditer(r'data-check="([^"]+)" data-state="([^"]+)" data-chance="([^"]+)"', html):
            state = json.loads(html_lib.unescape(match.group(2)))
            check = build(state["check"], state["params"])
            assert match.group(3) == str(check.chance()), (path, state)
            block = html[match.end() : html.index('class="rk-python"', match.end())]
            assert 'role="alert"' in block and ">Roll</button>" in block
            # the page shows exactly what the worker's renderer gives for these values
            expected = to_html(odds_view(check, title=state["title"], shown=tuple(state["shown"])).tree)
            assert expected in block, (path, state)
            assert '<fieldset class="rk-controls" disabled>' in block  # until the script binds it
            count += 1
    assert count >= 10


def roll_every_widget(page: object, site: Site) -> None:
    """From the home page, instant navigation through every widget page: each widget rolled
    with a seed shows CPython's faces and summary, with one Python for all and no page load."""
    # The shared page may have just been moved home: its load and Material's instant navigation
    # settled first, so the first link followed below is not taken as a full page load.
    page.wait_for_load_state("load")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "document.readyState === 'complete' && !!window.document$"
        " && !document.querySelector('article[data-old-page]')"
    )
    page.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
    reloads: list[str] = []  # a full page load where instant navigation should swap the content

    def reloaded() -> None:
        reloads.append(page.url)  # type: ignore[attr-defined]

    page.on("load", reloaded)  # type: ignore[attr-defined]
    rolled = 0
    for path in widget_pages(site):
        instant_go(page, site, path)
        count = page.locator("[data-rollkit-widget]").count()  # type: ignore[attr-defined]
        for index in range(count):
            seed = 1000 + rolled
            shown = roll_widget(page, index, seed)
            assert shown["error"] == "", (path, index, shown["error"])
            rolled_like_cpython(shown, seed, (path, index))
            rolled += 1
    page.remove_listener("load", reloaded)  # type: ignore[attr-defined]
    assert page.evaluate("window.__samePage") is True, reloads  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.dataset.rollkitBoots") == "1"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
    assert rolled >= 10


def rolled_like_cpython(shown: dict[str, object], seed: int, where: object) -> None:
    """What a rolled widget shows (its ``check``, ``params``, ``shown`` fields, ``faces`` and
    ``summary``) is CPython's roll of those values with ``seed``."""
    check = build(str(shown["check"]), dict(shown["params"]))  # type: ignore[call-overload]
    expected = check.roll(seed=seed)
    assert shown["faces"] == ",".join(map(str, expected.faces)), where
    fields = tuple(shown["shown"])  # type: ignore[call-overload]
    assert shown["summary"] == roll_view(check, expected, shown=fields).summary, where


def no_request_leaves(browser: object, live: object, site: Site) -> None:
    """Every page loaded in full (two at a time) and Python running in ``live``: no request
    that a page of ``site`` made in this session (``live``'s too) left the site."""
    tabs = [open_page(browser, site, offline_copy=True)]  # with its service worker, as a reader has it
    tabs.append(track(tabs[0].context.new_page(), site))  # type: ignore[attr-defined]
    pages = all_pages(site)
    assert len(pages) >= 20
    for tab, _ in load_each(tabs, [site.url(path) for path in pages]):
        tab.wait_for_load_state("load")  # type: ignore[attr-defined]
    live.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site.base))
    outside = [u for u in site.requests if not (u.startswith(origin) or u.startswith(("data:", "blob:")))]
    assert outside == []


def all_widgets_work_under_a_strict_csp(browser: object, site: Site, tmp_path: Path) -> None:
    """Every widget of a page rolls CPython's faces with the site served under ``CSP``, and no
    script or worker is refused."""
    for served in serve_copy(site, tmp_path, headers={"Content-Security-Policy": CSP}):
        page = open_page(browser, served)
        messages: list[str] = []
        page.on(  # type: ignore[attr-defined]
            "console", lambda m, into=messages: into.append(m.text) if m.type == "error" else None
        )
        path = widget_pages(site)[0]
        page.goto(served.url(path))  # type: ignore[attr-defined]
        widgets = page.locator("[data-rollkit-widget]")  # type: ignore[attr-defined]
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            type_seed(widget, 50 + index)
            widget.get_by_role("button", name="Roll", exact=True).click()
            wait_rolled(widget, 50 + index)
            params = widget.evaluate("(w) => w.rollkit.params()")
            want = build(widget.get_attribute("data-check"), params).roll(seed=50 + index)
            assert widget.get_attribute("data-faces") == ",".join(map(str, want.faces))
        assert page.rollkit_errors == []  # type: ignore[attr-defined]
        blocked_scripts = [m for m in messages if "script-src" in m or "worker-src" in m]
        assert blocked_scripts == []
