"""The memory snapshot (docs_tools/sitebuild/snapshot.py): never downloaded by a first visit,
kept by the service worker once Python is ready, restored by the next visits (offline here),
and ignored when the kept copy is not the one built."""

from __future__ import annotations

import time
from pathlib import Path

from docs_tools.sitebuild import offline, runtime_dir
from docs_tools.sitebuild.snapshot import SNAPSHOT
from rollkit._params import build
from tests.browser.pages import READY_MS, kept_whole, new_context, roll_widget, track, widget_pages
from tests.helpers.site import Site

ROLLED: list[float] = []  # when each visit's roll was shown (time.monotonic)
HAS = """async (url) => Boolean(await caches.match(url, { ignoreVary: true }))"""
TAMPER = """async (url) => {
    const cache = await caches.open((await caches.keys())[0]);
    const bytes = new Uint8Array(await (await cache.match(url, { ignoreVary: true })).arrayBuffer());
    bytes[bytes.length >> 1] ^= 1;
    await cache.put(url, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
}"""


def test_the_manifest_keeps_the_snapshot_in_the_background_only(tmp_path: Path) -> None:
    for name in ("pyodide/abc/pyodide-lock.json", f"pyodide/abc/{SNAPSHOT}", "index.html"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    kept = offline.manifest(tmp_path)
    assert f"pyodide/abc/{SNAPSHOT}" not in kept["files"]  # type: ignore[operator]
    assert list(kept["background"]) == [f"pyodide/abc/{SNAPSHOT}"]  # type: ignore[call-overload]
    assert f"pyodide/abc/{SNAPSHOT}" not in kept["runtime"]  # type: ignore[operator]


READY = """() => {
    const { state } = window.rollkitWidgets;
    const systems = [...new Set([...document.querySelectorAll("[data-rollkit-widget]")].map((w) => w.dataset.rollkitWidget))];
    return { imported: [...state.imported].sort(), systems: systems.sort(), firstRoll: state.timings.firstRoll };
}"""
PREPARED: list[dict[str, object]] = []  # each visit's worker: what it did before it was ready


def _visit(context: object, site: Site, path: str, seed: int) -> tuple[str, str, str]:
    """A new tab of ``context`` on ``path``: its first widget rolled with ``seed``; how Python
    started, the faces shown and CPython's for that roll (and, in PREPARED, the systems its
    worker imported and whether it rolled the first widget before it was ready)."""
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    page.goto(site.url(path))  # type: ignore[attr-defined]
    shown = roll_widget(page, 0, seed)
    ROLLED.append(time.monotonic())
    assert shown["error"] == ""
    want = build(shown["check"], shown["params"]).roll(seed=seed).faces  # type: ignore[arg-type]
    boot = page.evaluate("() => document.documentElement.dataset.rollkitBoot")  # type: ignore[attr-defined]
    PREPARED.append(page.evaluate(READY))  # type: ignore[attr-defined]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]
    page.close()  # type: ignore[attr-defined]
    return str(boot), str(shown["faces"]), ",".join(map(str, want))


def test_a_first_visit_never_asks_for_the_snapshot_and_offline_visits_boot_from_it(
    browser: object, site: Site
) -> None:
    folder = runtime_dir(site.directory).relative_to(site.directory).as_posix()
    url = site.url(f"{folder}/{SNAPSHOT}")
    assert (site.directory / folder / SNAPSHOT).stat().st_size > 1_000_000  # the build made one
    context = new_context(browser, offline_copy=True, viewport={"width": 1200, "height": 900})
    asked: list[tuple[float, bool]] = []  # each request for it (the page's, its worker's, the
    # service worker's): when, and whether the service worker asked

    def record(route: object) -> None:
        asked.append((time.monotonic(), route.request.service_worker is not None))  # type: ignore[attr-defined]
        route.continue_()  # type: ignore[attr-defined]

    context.route(f"**/{SNAPSHOT}", record)  # type: ignore[attr-defined]
    page = widget_pages(site)[0]
    first = _visit(context, site, page, 2024)
    assert first[0] == "python" and first[1] == first[2]
    assert [when for when, _ in asked if when <= ROLLED[-1]] == []  # the first roll never waited for it

    keeper = track(context.new_page(), site)  # type: ignore[attr-defined]
    keeper.goto(site.url(page))  # type: ignore[attr-defined]
    roll_widget(keeper, 0, 5)  # Python ready on a page the service worker controls
    kept_whole(keeper, site.directory)
    for _ in range(READY_MS // 200):  # kept in the background once this page's Python is ready
        if keeper.evaluate(HAS, url):  # type: ignore[attr-defined]
            break
        keeper.wait_for_timeout(200)  # type: ignore[attr-defined]
    else:
        raise AssertionError("the service worker never kept the snapshot")
    assert [by_service_worker for _, by_service_worker in asked] == [True]  # once, in the background

    context.set_offline(True)  # type: ignore[attr-defined]
    restored = _visit(context, site, page, 77)
    assert restored == ("snapshot", restored[2], restored[2])
    # the service worker answered for the worker's script: the page's systems were still imported
    # and its first widget rolled before Python was ready, as on the first visit
    assert PREPARED[0]["imported"] == PREPARED[0]["systems"] and PREPARED[0]["firstRoll"] is not None
    assert PREPARED[-1]["imported"] == PREPARED[-1]["systems"] and PREPARED[-1]["firstRoll"] is not None
    again = _visit(context, site, page, 78)
    assert again[0] == "snapshot" and again[1] == again[2]

    keeper.evaluate(TAMPER, url)  # type: ignore[attr-defined]
    tampered = _visit(context, site, page, 79)
    assert tampered[0] == "python" and tampered[1] == tampered[2]  # ignored: Python boots normally
    context.close()  # type: ignore[attr-defined]
