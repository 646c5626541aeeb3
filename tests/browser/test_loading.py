"""Python on a slow network: the widget says how much of Python has arrived, of how much, and a
screen reader hears it now and then, not at every step; the rest of the standard library, which
the first roll never downloads, is kept by the service worker and reaches the worker offline."""

from __future__ import annotations

import re

from docs_tools.sitebuild import config, runtime_dir
from tests.browser.pages import READY_MS, kept_whole, open_page, screenshot
from tests.helpers.site import Site

# Slow enough that the downloads take a few seconds here (bytes a second down).
SLOW = {"offline": False, "latency": 40, "downloadThroughput": 1_500_000, "uploadThroughput": 500_000}
LOADING = re.compile(r"^Loading Python: (\d+\.\d) of (\d+\.\d) MB…$")
FIRST_ROLL = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Every text of the first widget's status and of the page's status region, once each in order.
WATCH = """() => {
  window.__said = []; window.__announced = [];
  const status = document.querySelector("[data-rollkit-widget] .rk-status");
  const note = (list, text) => { if (text && list.at(-1) !== text) list.push(text); };
  new MutationObserver(() => note(window.__said, status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => note(window.__announced, document.querySelector(".rk-live")?.textContent))
    .observe(document.body, { childList: true, characterData: true, subtree: true });
}"""


def _sent(site: Site, system: str) -> int:
    """What the server sends a browser that takes brotli for the first roll's runtime files on a
    page of ``system``: Pyodide's, rollkit's core and that system's rules."""
    runtime = runtime_dir(site.directory)
    parts = config.read(runtime / "rollkit-worker.mjs")["parts"]
    total = 0
    for name in (*FIRST_ROLL, parts["core"]["file"], parts["systems"][system]["file"]):
        copy = runtime / f"{name}.br"
        total += (copy if copy.exists() else runtime / name).stat().st_size
    return total


def test_loading_python_says_how_much_has_arrived_of_how_much(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    session = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", SLOW)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    page.evaluate(WATCH)  # type: ignore[attr-defined]
    widget.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "/^Loading Python: [1-9]/.test(document.querySelector('[data-rollkit-widget] .rk-status').textContent)",
        timeout=READY_MS,
    )
    screenshot(page, "loading-python-phone")
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS)  # type: ignore[attr-defined]
    said = page.evaluate("window.__said")  # type: ignore[attr-defined]
    steps = [LOADING.match(text) for text in said if text.startswith("Loading Python: ")]
    assert all(steps), said
    arrived = [float(step.group(1)) for step in steps if step]
    totals = {step.group(2) for step in steps if step}
    assert totals == {f"{_sent(site, 'hits') / 1e6:.1f}"}, said  # the build's sizes, as the server sends them
    total = float(totals.pop())
    assert len(arrived) >= 4 and arrived == sorted(arrived), said  # it grows as the files arrive
    assert any(0 < value < total / 2 for value in arrived) and arrived[-1] == total, said
    assert said[-1].startswith("Live: "), said  # then Python is ready
    announced = [t for t in page.evaluate("window.__announced") if t.startswith("Loading Python: ")]  # type: ignore[attr-defined]
    assert 1 <= len(announced) <= 4 < len(arrived), (announced, said)  # polite: now and then
    assert page.locator(".rk-live").get_attribute("aria-live") == "polite"  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


WORKER_GET = """(url) => {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  return [request.status, request.response.byteLength];
}"""


def test_the_rest_of_the_standard_library_is_kept_and_reaches_the_worker_offline(
    browser: object, site: Site
) -> None:
    """The first roll never asks for it; the service worker keeps it; offline, the worker's
    synchronous request for it (as an import makes it) is answered from the kept copy."""
    runtime = runtime_dir(site.directory)
    later = runtime / "python_stdlib_later.zip"
    page = open_page(browser, site, offline_copy=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.locator("[data-rollkit-widget]").first.get_by_role("button", name="Roll", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').dataset.seed", timeout=READY_MS)  # type: ignore[attr-defined]
    worker = next(w for w in page.workers if "rollkit-worker.mjs" in w.url)  # type: ignore[attr-defined]
    fetched = worker.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [u for u in fetched + asked if u.endswith(later.name)]  # not for the first roll
    assert [u for u in fetched if u.endswith("python_stdlib.zip")]
    kept_whole(page, site.directory)
    page.context.set_offline(True)  # type: ignore[attr-defined]
    url = site.url(f"{runtime.relative_to(site.directory).as_posix()}/{later.name}")
    assert worker.evaluate(WORKER_GET, url) == [200, later.stat().st_size]
    page.context.set_offline(False)  # type: ignore[attr-defined]
