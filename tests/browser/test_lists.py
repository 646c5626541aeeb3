"""Every list parameter of every widget is edited in the browser as rows (issue #11, item 3):
a row added, its numbers typed, a row removed, and each time the exact odds are CPython's for
the values the widget then holds."""

from __future__ import annotations

from rollkit import RulesError
from rollkit._params import build
from tests.browser.pages import READY_MS, instant_go, open_page, widget_pages
from tests.helpers.site import Site


def _settled(page: object, widget_id: str, params: dict[str, str]) -> None:
    """Wait until the widget's odds are CPython's for ``params`` (or it shows an error)."""
    try:
        want = str(
            build(page.evaluate(f"document.getElementById('{widget_id}').dataset.check"), params).chance()
        )  # type: ignore[attr-defined]
    except RulesError:
        want = None
    page.wait_for_function(  # type: ignore[attr-defined]
        """([id, want]) => { const w = document.getElementById(id);
            if (w.getAttribute('aria-busy') === 'true') return false;
            return want === null ? !w.querySelector('.rk-error').hidden
                : w.dataset.chance === want && w.querySelector('.rk-stale-note').hidden; }""",
        arg=[widget_id, want],
        timeout=READY_MS,
    )


def test_every_list_parameter_is_edited_as_rows(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    edited: set[tuple[str, str]] = set()
    page.goto(site.url())  # type: ignore[attr-defined]
    with_lists = [
        path
        for path in widget_pages(site)
        if "rk-list" in (site.directory / path / "index.html").read_text(encoding="utf-8")
    ]
    for path in with_lists:  # one Python for all: instant navigation keeps the worker
        instant_go(page, site, path)
        lists = page.evaluate(  # type: ignore[attr-defined]
            """[...document.querySelectorAll('[data-rollkit-widget] .rk-list')].map((l) => [
                l.closest('[data-rollkit-widget]').id, l.closest('[data-rollkit-widget]').dataset.check,
                l.querySelector('input[type=hidden]').name])"""
        )
        for widget_id, check, name in lists:
            if (check, name) in edited:
                continue
            page.wait_for_function(f"document.getElementById('{widget_id}').rollkit")  # type: ignore[attr-defined]
            widget = page.locator(f"#{widget_id}")  # type: ignore[attr-defined]
            field = widget.locator(f'.rk-list:has(input[type=hidden][name="{name}"])')
            hidden = field.locator("input[type=hidden]")
            rows = field.locator(".rk-rows > .rk-row")
            before = rows.count()
            add = field.locator(".rk-add")
            if add.is_enabled():
                add.click()
                assert rows.count() == before + 1, (check, name)
                new = rows.nth(before).locator("input[data-part]")
                for i in range(new.count()):  # the entry's own start values, typed again
                    new.nth(i).fill(new.nth(i).input_value())
                assert len([e for e in hidden.input_value().split(",") if e]) == before + 1, (check, name)
                _settled(page, widget_id, widget.evaluate("(w) => w.rollkit.params()"))
            remove = rows.nth(0).locator(".rk-remove")
            if remove.is_enabled():
                count = rows.count()
                remove.click()
                assert rows.count() == count - 1, (check, name)
                _settled(page, widget_id, widget.evaluate("(w) => w.rollkit.params()"))
            edited.add((check, name))
    assert ("hits.group", "helpers") in edited and ("critdice.skill", "stats") in edited
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
