"""The installable app: Chromium finds the site installable from the root and from a sub-path
(its manifest, ``docs_tools/sitebuild/app.py``, linked from every page's head), the installed
app's start URL opens offline after one visit, and the page says once that the site is kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from docs_tools.sitebuild import app
from scripts.serve_static import serve
from tests.browser.axe import violations
from tests.browser.pages import ARTIFACTS, CSP, kept_whole, open_page, track
from tests.helpers.site import Site

KEPT = "[data-rollkit-offline=kept]"
SAID = "This site is now kept for offline use: its pages open and its widgets roll without a network."


@contextmanager
def _served(site: Site, prefix: str, **options: object) -> Iterator[Site]:
    """The built site served under ``prefix`` under the strict policy (its pages link everything
    relatively, so the root's build serves a sub-path as well)."""
    server = serve(site.directory, port=0, prefix=prefix, headers={"Content-Security-Policy": CSP}, **options)  # type: ignore[arg-type]
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}{prefix}", site.directory)
    finally:
        server.shutdown()
        server.server_close()


def _installable(context: object, url: str) -> tuple[list[object], dict[str, object]]:
    """Chromium's installability errors for the page at ``url``, and the manifest it found."""
    page = context.new_page()  # type: ignore[attr-defined]
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(url)
    session = context.new_cdp_session(page)  # type: ignore[attr-defined]
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    found = session.send("Page.getAppManifest")
    page.close()
    assert [m for m in refused if "manifest" in m] == []  # the policy lets the manifest in
    return errors, found


def test_chromium_finds_the_site_installable_from_the_root_and_a_sub_path(
    profile_context: object, site: Site
) -> None:
    for prefix in ("/", "/rollkit/"):
        with _served(site, prefix) as served:
            for path in ("", "hits/special-checks/"):
                errors, found = _installable(profile_context, served.url(path))
                assert errors == [], (prefix, path, errors)
                assert found["url"] == served.url(app.NAME) and found["errors"] == []
                manifest = json.loads(found["data"])  # type: ignore[arg-type]
                assert manifest["start_url"] == manifest["scope"] == "./"
    # the check can fail: without its icons the site is not installable
    with _served(site, "/rollkit/", block=(r"/assets/icons/",)) as served:
        errors, _ = _installable(profile_context, served.url())
        assert errors and all(isinstance(e, dict) and e.get("errorId") for e in errors), errors


def test_the_app_opens_offline_and_the_page_says_once_that_it_is_kept(browser: object, site: Site) -> None:
    with _served(site, "/rollkit/") as served:
        page = open_page(browser, served, offline_copy=True)
        page.goto(served.url("compare/"))  # type: ignore[attr-defined]  # a page without widgets: Python never starts
        kept_whole(page, served.directory)
        notice = page.locator(KEPT)  # type: ignore[attr-defined]
        notice.wait_for(state="visible", timeout=10_000)
        assert notice.count() == 1 and notice.locator("p").inner_text() == SAID
        assert (
            notice.get_attribute("role") == "region" and notice.get_attribute("aria-label") == "Offline copy"
        )
        assert page.locator(".rk-live").text_content() == SAID  # type: ignore[attr-defined]  # said politely too
        assert violations(page) == []
        page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
        (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "kept-for-offline-use.png"))  # type: ignore[attr-defined]
        notice.get_by_role("button", name="OK").click()
        assert notice.is_hidden()

        page.context.set_offline(True)  # type: ignore[attr-defined]
        start = served.url(json.loads((served.directory / app.NAME).read_text(encoding="utf-8"))["start_url"])
        answer = page.goto(start)  # type: ignore[attr-defined]
        assert answer.ok and answer.from_service_worker and page.url == served.base  # type: ignore[attr-defined]
        for url in (served.url(app.NAME), served.url(app.ICONS[0].path)):
            kept = page.evaluate("async (url) => (await fetch(url)).ok", url)  # type: ignore[attr-defined]
            assert kept, url
        # once: a later page of the kept site, and another tab, do not say it again
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")  # type: ignore[attr-defined]
        other = track(page.context.new_page(), served)  # type: ignore[attr-defined]
        other.goto(served.url("rulings/"))  # type: ignore[attr-defined]
        other.wait_for_load_state("load")  # type: ignore[attr-defined]
        other.evaluate("async () => { await navigator.serviceWorker.ready; }")  # type: ignore[attr-defined]
        assert page.locator(KEPT).count() == 0 and other.locator(KEPT).count() == 0  # type: ignore[attr-defined]
        assert page.rollkit_errors == [] and other.rollkit_errors == []  # type: ignore[attr-defined]
