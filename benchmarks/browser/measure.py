"""The browser benchmark's visits: what a reader does (load, click Roll, edit, navigate),
timed from the stamps of ``js/instrument.mjs``, in fresh and reused Chromium profiles."""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from benchmarks.browser import probes
from benchmarks.browser.site_build import (
    local_file,
    next_page,
    widget_pages,
)
from benchmarks.machine import CHROMIUM
from benchmarks.targets import PHONE
from rollkit import RulesError
from rollkit._params import build

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1200, "height": 900}
BOOT_TIMEOUT_MS = 90_000
PHONE_TIMEOUT_MS = 180_000
LAZY_TIMEOUT_MS = 30_000
STEP_TIMEOUT_MS = 20_000


class Log:
    """Every request the server answered, as (path, status), for the current phase."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str]] = []

    def take(self) -> list[tuple[str, str]]:
        time.sleep(0.05)  # the server thread logs as it answers
        got, self.entries = self.entries, []
        return got


def statuses(entries: list[tuple[str, str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for _, status in entries:
        counts[status] = counts.get(status, 0) + 1
    return counts


def is_python(url: str) -> bool:
    path = urlsplit(url).path
    return "/pyodide/" in path or path.endswith("rollkit-worker.mjs")


def is_rollkit_script(url: str) -> bool:
    """Whether ``url`` is rollkit's page script: the page module, or one of the modules it imports
    (a bare build serves them as they are; the build bundles them into the page module)."""
    path = urlsplit(url).path
    return path.endswith("/assets/rollkit.mjs") or ("/assets/rollkit/" in path and path.endswith(".mjs"))


def gzip_size(path: Path | None, cache: dict[Path, int]) -> int | None:
    if path is None:
        return None
    if path not in cache:
        cache[path] = len(gzip.compress(path.read_bytes(), compresslevel=6))
    return cache[path]


def weigh(resources: list[dict[str, Any]], site: Path, base: str, gz: dict[Path, int]) -> dict[str, Any]:
    """Bytes on the wire (transferSize) and as gzip would send them, page vs Python."""
    out: dict[str, Any] = {}
    for part in ("page", "python"):
        rows = [r for r in resources if is_python(r["url"]) == (part == "python")]
        # what gzip would send of each file that came (a request answered with nothing sent nothing)
        gzipped = [gzip_size(local_file(site, base, r["url"]), gz) if r["encoded"] else 0 for r in rows]
        out[part] = {
            "requests": len(rows),
            "transfer": sum(r["transfer"] for r in rows),
            "body": sum(r["encoded"] for r in rows),
            "gzip": sum(g for g in gzipped if g is not None),
            "from_cache": sum(1 for r in rows if r["transfer"] == 0 and r["encoded"] > 0),
            "revalidated": sum(1 for r in rows if 0 < r["transfer"] < r["encoded"]),
            "files": sorted(
                (
                    {
                        "path": urlsplit(r["url"]).path,
                        "transfer": r["transfer"],
                        "body": r["encoded"],
                        "gzip": g,
                    }
                    for r, g in zip(rows, gzipped, strict=True)
                ),
                key=lambda f: -f["body"],
            ),
        }
    return out


def worker_downloads(resources: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """When the site worker asked for each of its files and had it, in ms from the worker's start
    (its own clock): the order that Python's downloads come in."""
    return {
        urlsplit(r["url"]).path.rsplit("/", 1)[-1]: {"start": r["start"], "end": r["end"]}
        for r in resources
        if r.get("worker") and is_python(r["url"])
    }


def before_ready(resources: list[dict[str, Any]], marks: dict[str, Any]) -> list[dict[str, Any]]:
    """``resources`` but the worker's downloads begun after it said it was ready (by its own
    clock): the parts it fetches in the background then are not what the first roll waited for."""
    ready_at = (marks.get("timings") or {}).get("readyAt")
    if ready_at is None:
        return resources
    return [r for r in resources if not (r.get("worker") and r["start"] > ready_at)]


def page_resources(page: Any, worker_hint: str) -> list[dict[str, Any]]:
    resources = probes.function("resources")
    found = list(page.evaluate(resources, True))
    for worker in page.workers:
        if worker_hint in worker.url:
            found += [{**r, "worker": True} for r in worker.evaluate(resources, False)]
    return found


def instant_go(page: Any, url: str) -> dict[str, Any]:
    t0 = probes.call(page, "instantGo", url)
    probes.wait(page, "arrived", url, timeout=STEP_TIMEOUT_MS)
    return probes.call(page, "arrival", t0)


def roll(page: Any, index: int, timeout: float = STEP_TIMEOUT_MS) -> dict[str, Any]:
    widget = page.locator("[data-rollkit-widget]").nth(index)
    wid = widget.get_attribute("id")
    probes.call(page, "forget", wid, "seed")
    since = probes.call(page, "now")
    widget.locator(".rk-roll").click()
    probes.wait(page, "rolledOrFailed", wid, timeout=timeout)
    error = probes.call(page, "error", wid)
    return {"id": wid, "error": error, **(probes.call(page, "rollCost", wid, since) or {})}


def edits(page: Any, wid: str) -> list[tuple[str, str, str, str]]:
    """(field, new value, its exact chance, the value back) for a valid neighbour, CPython-checked."""
    info = probes.call(page, "widgetInfo", wid)
    valid: list[tuple[str, str, str, str]] = []
    for name in info["fields"]:
        old = info["params"][name]
        try:
            value = int(old)
        except ValueError:
            continue
        for step in range(1, 11):
            for new in (value + step, value - step):
                params = {**info["params"], name: str(new)}
                try:
                    chance = str(build(info["check"], params).chance())
                except (RulesError, ValueError):
                    continue
                valid.append((step, chance == info["chance"], name, str(new), chance, old))
    valid.sort(key=lambda e: (e[1], e[0]))  # the nearest value that changes the odds
    return [e[2:] for e in valid[:1]]  # type: ignore[misc]


def edit(page: Any, index: int, name: str, value: str, want: str) -> dict[str, Any]:
    widget = page.locator("[data-rollkit-widget]").nth(index)
    wid = widget.get_attribute("id")
    probes.call(page, "forget", wid, "chance")
    since = probes.call(page, "now")
    widget.locator(f'.rk-form input[name="{name}"]').fill(value)
    probes.wait(page, "oddsOrFailed", wid, want, timeout=STEP_TIMEOUT_MS)
    shown = widget.get_attribute("data-chance")
    return {
        "id": wid,
        "field": name,
        "value": value,
        "ok": shown == want,
        **(probes.call(page, "oddsCost", wid, since) or {}),
    }


def new_page(ctx: Any) -> tuple[Any, list[str]]:
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def site_visit(
    ctx: Any,
    url: str,
    second: str | None,
    mode: str,
    log: Log,
    site: Path,
    base: str,
    gz: dict[Path, int],
) -> dict[str, Any]:
    """One visit of ``url``: load, start the worker (by a click, or lazily), roll, go to ``second``
    (unless None)."""
    page, errors = new_page(ctx)
    log.take()
    result: dict[str, Any] = {"mode": mode, "wall": time.time()}
    page.goto(url, wait_until="commit")
    first = page.locator("[data-rollkit-widget]").first
    if mode == "click":
        # As soon as the page has painted and the widget listens: a click before that is lost.
        probes.wait(page, "clickable", timeout=STEP_TIMEOUT_MS)
        first.locator(".rk-roll").click()
        probes.wait(page, "firstRolled", timeout=BOOT_TIMEOUT_MS)
    else:
        try:
            probes.wait(page, "workerReady", timeout=LAZY_TIMEOUT_MS)
        except Exception:  # noqa: BLE001 - a lazy start that never comes is a result
            result["lazy_never_started"] = True
            page.close()
            return result
        first.locator(".rk-roll").click()
        probes.wait(page, "firstRolled", timeout=STEP_TIMEOUT_MS)
    page.wait_for_load_state("load")
    marks = probes.call(page, "marks", first.get_attribute("id"))
    resources = page_resources(page, "rollkit-worker")
    result.update(
        marks=marks,
        weight=weigh(before_ready(resources, marks), site, base, gz),
        downloads=worker_downloads(resources),
        server=log.take(),
    )
    if second is None:
        result["errors"] = errors
        page.close()
        return result
    arrival = instant_go(page, second)
    second_roll = roll(page, 0)
    result.update(next_page=arrival, next_page_roll=second_roll, next_page_server=log.take(), errors=errors)
    page.close()
    return result


def bare_visit(ctx: Any, base: str, log: Log) -> dict[str, Any]:
    page, errors = new_page(ctx)
    log.take()
    page.goto(base + "bench-bare/", wait_until="commit")
    probes.wait(page, "bareDone", timeout=BOOT_TIMEOUT_MS)
    bare = probes.call(page, "bare")
    created = probes.call(page, "stampOf", "worker-created")
    ready = probes.call(page, "stampOf", "worker-ready")
    resources = page_resources(page, "bench-bare")
    page.close()
    if "failed" in bare:
        sys.exit(f"bare Pyodide page failed: {bare['failed']['error']}")
    return {
        "pyodide": bare["ready"]["timings"]["pyodide"],
        "steps": bare["steps"]["steps"],
        "created_to_ready": ready - created,
        "ready": ready,
        "python_transfer": sum(r["transfer"] for r in resources if is_python(r["url"])),
        "server": statuses(log.take()),
        "errors": errors,
    }


def timed_runs(
    p: Any, args: argparse.Namespace, base: str, site: Path, log: Log, progress: Callable[[str], None]
) -> list[dict[str, Any]]:
    url = base + args.page
    second = next_page(site, base, url)
    gz: dict[Path, int] = {}
    runs = []
    for n in range(args.runs):
        run: dict[str, Any] = {}
        for kind in ("click", "lazy", "bare"):
            with tempfile.TemporaryDirectory(prefix="rollkit-bench-profile-") as profile:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS, viewport=VIEWPORT
                )
                ctx.add_init_script(script=probes.init_script())
                try:
                    for cache in ("cold", "warm"):
                        if kind == "bare":
                            run[f"bare_{cache}"] = bare_visit(ctx, base, log)
                        else:
                            run[f"{kind}_{cache}"] = site_visit(ctx, url, second, kind, log, site, base, gz)
                finally:
                    ctx.close()
        runs.append(run)
        c, w = run["click_cold"]["marks"], run["click_warm"]["marks"]
        progress(
            f"run {n + 1}/{args.runs}: cold first roll {c['seed']:.0f} ms, warm {w['seed']:.0f} ms;"
            f" rollkit part {c['timings']['rollkit']:.0f}/{w['timings']['rollkit']:.0f} ms;"
            f" bare Pyodide {run['bare_cold']['pyodide']:.0f}/{run['bare_warm']['pyodide']:.0f} ms"
        )
    return runs


@contextmanager
def fresh_profile(p: Any) -> Iterator[Any]:
    """A Chromium context with a new on-disk profile (a reader's first visit), instrumented."""
    with tempfile.TemporaryDirectory(prefix="rollkit-bench-profile-") as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, viewport=VIEWPORT
        )
        ctx.add_init_script(script=probes.init_script())
        try:
            yield ctx
        finally:
            ctx.unroute_all(behavior="ignoreErrors")  # the service worker may still be asking
            ctx.close()


def cold_runs(
    p: Any,
    args: argparse.Namespace,
    base: str,
    site: Path,
    log: Log,
    progress: Callable[[str], None],
    label: str,
) -> list[dict[str, Any]]:
    """Cold visits (Roll clicked, fresh profile) of the site at ``base``."""
    url = base + args.page
    visits = []
    for n in range(args.runs):
        with fresh_profile(p) as ctx:
            visits.append(site_visit(ctx, url, None, "click", log, site, base, {}))
        marks = visits[-1]["marks"]
        progress(f"{label} run {n + 1}/{args.runs}: cold first roll {marks['seed'] - marks['click']:.0f} ms")
    return visits


def offline_runs(
    p: Any, args: argparse.Namespace, base: str, site: Path, log: Log, progress: Callable[[str], None]
) -> list[dict[str, Any]]:
    """A visit (Roll clicked), then, once the site's service worker has kept the site, the
    network off and a second visit in a new tab: the offline first roll."""
    url = base + args.page
    visits = []
    for n in range(args.runs):
        with fresh_profile(p) as ctx:
            page, _ = new_page(ctx)
            page.goto(url)
            page.locator("[data-rollkit-widget] .rk-roll").first.click()
            probes.wait(page, "firstRolled", timeout=BOOT_TIMEOUT_MS)
            for _ in range(BOOT_TIMEOUT_MS // 250):  # wait_for_function takes a promise for true
                if probes.call(page, "kept"):
                    break
                page.wait_for_timeout(250)
            else:
                raise RuntimeError("the service worker never kept the site")
            page.close()
            ctx.set_offline(True)
            visits.append(site_visit(ctx, url, None, "click", log, site, base, {}))
        marks = visits[-1]["marks"]
        progress(f"offline run {n + 1}/{args.runs}: first roll {marks['seed'] - marks['click']:.0f} ms")
    return visits


def sweep(
    browser: Any, base: str, site: Path, args: argparse.Namespace, log: Log, progress: Callable[[str], None]
) -> dict[str, Any]:
    """Ordinary (in-memory cache) context: its second visit (once the service worker has kept
    the site), then every widget page by page."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.add_init_script(script=probes.init_script())
    gz: dict[Path, int] = {}
    url = base + args.page
    out: dict[str, Any] = {"pages": [], "rolls": [], "odds": [], "skipped": []}
    try:
        visits = []
        for visit in range(2):
            page, errors = new_page(ctx)
            log.take()
            page.goto(url)
            probes.call(page, "startWorker")
            probes.wait(page, "workerReady", timeout=BOOT_TIMEOUT_MS)
            visits.append(
                {
                    "weight": weigh(page_resources(page, "rollkit-worker"), site, base, gz),
                    "server": statuses(log.take()),
                    "timings": probes.call(page, "timings"),
                }
            )
            if visit == 0:
                # a second visit comes later: by then the site's service worker has kept the
                # site (it waits for the reader to pause)
                for _ in range(BOOT_TIMEOUT_MS // 250):
                    if probes.call(page, "kept"):
                        break
                    page.wait_for_timeout(250)
                else:
                    raise RuntimeError("the service worker never kept the site")
                page.close()
        out["memory_cache_visits"] = visits
        out["errors"] = errors
        probes.call(page, "markPage")
        for number, target in enumerate(widget_pages(site, base)):
            log.take()
            if page.url != target:
                arrival = instant_go(page, target)
            else:  # already there: nothing to time
                arrival = {
                    k: None if k.endswith("_ms") else v for k, v in probes.call(page, "arrival", 0).items()
                }
            arrival["url"] = target
            arrival["server"] = log.take()
            out["pages"].append(arrival)
            for index in range(arrival["widgets"]):
                for _ in range(args.samples):
                    out["rolls"].append({"page": target, "index": index, **roll(page, index)})
                wid = page.locator("[data-rollkit-widget]").nth(index).get_attribute("id")
                found = edits(page, wid)
                if not found:
                    out["skipped"].append(
                        {
                            "page": target,
                            "index": index,
                            "why": "no numeric field with a valid value within ±10",
                        }
                    )
                    continue
                name, new, chance, old = found[0]
                info = probes.call(page, "widgetInfo", wid)
                back = str(build(info["check"], info["params"]).chance())
                for sample in range(args.samples):
                    forward = sample % 2 == 0
                    out["odds"].append(
                        {
                            "page": target,
                            "index": index,
                            **edit(page, index, name, new if forward else old, chance if forward else back),
                        }
                    )
            progress(f"sweep {number + 1}: {urlsplit(target).path} ({arrival['widgets']} widgets)")
        out["same_page"] = probes.call(page, "samePage")
        out["boots"] = probes.call(page, "boots")
    finally:
        ctx.close()
    return out


def throttle(ctx: Any, page: Any) -> Any:
    """``page`` (and the workers it starts) on the phone network and CPU of ``PHONE``, through
    the Chrome DevTools Protocol; returns the session."""
    session = ctx.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": PHONE["latency_ms"],
            "downloadThroughput": PHONE["down_kbps"] * 1024 / 8,
            "uploadThroughput": PHONE["up_kbps"] * 1024 / 8,
        },
    )
    session.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu_slowdown"]})
    return session


def phone_runs(
    p: Any, args: argparse.Namespace, base: str, site: Path, log: Log, progress: Callable[[str], None]
) -> list[dict[str, Any]]:
    """First visits (fresh profile) on a phone network (``PHONE``): the page loaded, Roll
    tapped a second later, timed to the dice; what the widget said while Python loaded."""
    url = base + args.page
    visits = []
    for n in range(args.phone_runs):
        with fresh_profile(p) as ctx:
            page, errors = new_page(ctx)
            throttle(ctx, page)
            log.take()
            page.goto(url, wait_until="load", timeout=PHONE_TIMEOUT_MS)
            page.wait_for_timeout(PHONE["tap_after_load_ms"])
            first = page.locator("[data-rollkit-widget]").first
            probes.call(page, "watchStatus")
            first.locator(".rk-roll").click()
            probes.wait(page, "firstRolled", timeout=PHONE_TIMEOUT_MS)
            marks = probes.call(page, "marks", first.get_attribute("id"))
            resources = page_resources(page, "rollkit-worker")
            visits.append(
                {
                    "marks": marks,
                    "weight": weigh(before_ready(resources, marks), site, base, {}),
                    "downloads": worker_downloads(resources),
                    "said": probes.call(page, "statusSaid"),
                    "server": log.take(),
                    "errors": errors,
                }
            )
            page.close()
        marks = visits[-1]["marks"]
        progress(
            f"phone run {n + 1}/{args.phone_runs}: tap to dice {marks['seed'] - marks['click']:.0f} ms,"
            f" Python {visits[-1]['weight']['python']['transfer'] / 1e6:.2f} MB"
        )
    return visits
