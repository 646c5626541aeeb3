"""The site built with Zensical passes the mkdocs site's browser smoke tests.

Zensical runs no mkdocs hook: the build step (``python -m docs_tools.sitebuild --zensical``)
installs the runtime, and the fence formatters render and check the widgets. The smoke
tests of ``test_widgets.py`` and ``test_failures.py`` (``smoke.py``) run again here on
``zensical_site``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from rollkit._params import build
from tests.browser import smoke
from tests.browser.pages import READY_MS, instant_go, live_tab, reset_live, widget_pages
from tests.helpers.site import Site

_WIDGET = re.compile(r'<section class="rollkit-widget" id="[^"]+" [^>]*data-rollkit-widget="[^"]+"[^>]*>')


def _pages(site: Site) -> dict[str, list[str]]:
    """Each page's widget tags (ids, checks, starting values and exact chances), by path.

    Zensical reads ``data-search-exclude`` for its search index and leaves it out of the
    page; mkdocs-material keeps it: the rest of the tag must be the same.
    """
    return {
        p.relative_to(site.directory).as_posix(): [
            tag.replace(" data-search-exclude", "") for tag in _WIDGET.findall(p.read_text(encoding="utf-8"))
        ]
        for p in site.directory.rglob("index.html")
    }


def test_zensical_builds_the_same_pages_and_widgets_with_the_runtime(zensical_site: Site, site: Site) -> None:
    home = (zensical_site.directory / "index.html").read_text(encoding="utf-8")
    assert 'name="generator" content="zensical-' in home
    assert _pages(zensical_site) == _pages(site)
    assert sum(map(len, _pages(zensical_site).values())) >= 10
    shipped = {p.name for p in (zensical_site.directory / "pyodide").iterdir()}
    assert shipped == {p.name for p in (site.directory / "pyodide").iterdir()}
    assert (zensical_site.directory / "assets" / "rollkit-worker.mjs").exists()


def test_widgets_are_prerendered_with_exact_odds(zensical_site: Site) -> None:
    smoke.widgets_are_prerendered_with_exact_odds(zensical_site)


@pytest.fixture(scope="module")
def _zensical_tab(browser: object, zensical_site: Site) -> Iterator[object]:
    yield from live_tab(browser, zensical_site)


@pytest.fixture
def zensical_page(_zensical_tab: object, zensical_site: Site) -> object:
    """As ``live_page``, on the Zensical site: one Python for the tests here that use it."""
    return reset_live(_zensical_tab, zensical_site)


def test_every_widget_rolls_like_cpython_with_one_boot(zensical_page: object, zensical_site: Site) -> None:
    """Instant navigation through every widget page: one Pyodide boot, faces as CPython's."""
    smoke.roll_every_widget(zensical_page, zensical_site)


def test_an_edit_updates_the_chance_to_cpythons(zensical_page: object, zensical_site: Site) -> None:
    page = zensical_page
    instant_go(page, zensical_site, widget_pages(zensical_site)[0])
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    field = widget.locator(".rk-fields input[type=number]").first
    value = int(field.input_value())
    new = value - 1 if value > 1 else value + 1
    params = {**widget.evaluate("(w) => w.rollkit.params()"), field.get_attribute("name"): str(new)}
    want = str(build(widget.get_attribute("data-check"), params).chance())
    assert widget.get_attribute("data-chance") != want
    field.fill(str(new))
    page.wait_for_function(  # type: ignore[attr-defined]
        "(want) => document.querySelector('[data-rollkit-widget]').dataset.chance === want",
        arg=want,
        timeout=READY_MS,
    )
    assert Fraction(widget.locator(".rk-chance .rk-exact").text_content() or "") == Fraction(want)
    assert widget.locator(".rk-error").is_hidden()
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def test_no_request_leaves_the_site(browser: object, zensical_page: object, zensical_site: Site) -> None:
    smoke.no_request_leaves(browser, zensical_page, zensical_site)


def test_all_widgets_work_under_a_strict_csp(browser: object, zensical_site: Site, tmp_path: Path) -> None:
    smoke.all_widgets_work_under_a_strict_csp(browser, zensical_site, tmp_path)
