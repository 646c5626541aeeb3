"""The browser benchmark's Markdown report (the tables on the site's Performance page),
each target marked met (✓) or missed (✗)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from benchmarks.browser.measure import LAZY_TIMEOUT_MS, VIEWPORT
from benchmarks.browser.summary import median, spread
from benchmarks.targets import BROWSER as TARGETS
from benchmarks.targets import PHONE


def fmt_ms(ms: float | None) -> str:
    if ms is None:
        return "–"
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def fmt_kb(n: float | None) -> str:
    if n is None:
        return "–"
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def cell(values: list[float | None], fmt: Callable[[float | None], str] = fmt_ms) -> str:
    mid, rng = median(values), spread(values)
    if mid is None or rng is None:
        return "–"
    if len([v for v in values if v is not None]) < 3 or rng[0] == rng[1]:
        return fmt(mid)
    return f"{fmt(mid)} ({fmt(rng[0])}–{fmt(rng[1])})"


def where(sample: dict[str, Any]) -> str:
    """A widget as the report names it: its page's path and its number there."""
    return f"{urlsplit(sample['page']).path} #{sample['index']}"


def mark(ok: bool | None) -> str:
    return "" if ok is None else "✓" if ok else "✗"


def report(
    meta: dict[str, Any], settings: dict[str, Any], s: dict[str, Any]
) -> tuple[str, list[dict[str, Any]]]:
    lines: list[str] = []
    add = lines.append
    checks: list[dict[str, Any]] = []

    def target(name: str, ok: bool, detail: str) -> str:
        checks.append({"target": name, "ok": ok, "detail": detail})
        return mark(ok)

    m = meta
    timed = "click_cold" in s  # not --lighthouse-only
    add("# rollkit rules site in the browser")
    add("")
    add(
        f"- date: {m['date']}; machine: {m['platform']}, {m['cpu']}, {m['cpu_count']} CPUs"
        f" (load average {m['load_average'][0]:.2f} at start)"
    )
    via = f" via Playwright {m['versions']['playwright']}" if timed else ""
    add(
        f"- Chromium {m['chromium']} headless{via}; Node {m['node']} (Lighthouse); commit {m['commit']}"
        f"{' + uncommitted changes' if m['dirty'] else ''}"
    )
    if timed:
        add(
            f"- page `{settings['page']}`, then `{settings['second']}` by instant navigation; {settings['runs']} runs,"
            f" median (min–max); cold = fresh profile, warm = second visit in a new tab of the same profile"
        )
    add(
        "- server: `scripts/serve_static.py` on 127.0.0.1: the build's precompressed copies by Accept-Encoding"
        f" ({', '.join(settings.get('encodings') or ['none'])}), `Cache-Control: immutable` (a year) for"
        " `pyodide/<hash>/` only"
    )
    add("")
    header = len(lines)
    if timed:
        timed_sections(settings, s, add, target)
    if s.get("lighthouse"):
        if any(got.get("performance") for got in s["lighthouse"].values()):
            performance_section(s["lighthouse"], add, target)
        accessibility_section(s["lighthouse"], add, target)
    missed = [c for c in checks if not c["ok"]]
    add(
        f"Targets: {len(checks) - len(missed)} of {len(checks)} met."
        + (" Missed: " + "; ".join(f"{c['target']} ({c['detail']})" for c in missed) + "." if missed else "")
    )
    lines[header:header] = targets_table(checks)
    return "\n".join(lines), checks


def targets_table(checks: list[dict[str, Any]]) -> list[str]:
    """Every target with what was measured, between the snippet markers the Performance page
    includes it by (``--8<-- "results/browser.md:targets"``)."""
    return [
        "## Targets",
        "",
        "<!-- --8<-- [start:targets] -->",
        "| target | measured | |",
        "|---|---|---|",
        *(f"| {c['target']} | {c['detail']} | {mark(c['ok'])} |" for c in checks),
        "<!-- --8<-- [end:targets] -->",
        "",
    ]


def timed_sections(
    settings: dict[str, Any],
    s: dict[str, Any],
    add: Callable[[str], None],
    target: Callable[[str, bool, str], str],
) -> None:
    cc, cw, lc, lw = s["click_cold"], s["click_warm"], s["lazy_cold"], s["lazy_warm"]
    add("## Page load (from navigation start)")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    add(f"| first contentful paint | {cell(cc['fcp'])} | {cell(cw['fcp'])} | | |")
    add(f"| DOMContentLoaded | {cell(cc['dcl'])} | {cell(cw['dcl'])} | | |")
    add(f"| pre-rendered odds (`.rk-chance`) in the DOM | {cell(cc['chance'])} | {cell(cw['chance'])} | | |")
    add(f"| widgets bound (Roll listens) | {cell(cc['bound'])} | {cell(cw['bound'])} | | |")
    text_ok = all(s[k]["text_before_python"] for k in ("click_cold", "click_warm", "lazy_cold", "lazy_warm"))
    ok = target(
        "text and odds never wait for Python",
        text_ok,
        "FCP and .rk-chance precede data-rollkit-boots in every run",
    )
    add(
        f"| text and odds before the worker starts, every run | {'yes' if text_ok else 'no'} |"
        f" | never wait for Python | {ok} |"
    )
    add(
        f"| click: Roll clicked (page painted, widget bound) | {cell(cc['click'])} | {cell(cw['click'])} | | |"
    )
    add(f"| click: worker ready | {cell(cc['ready'])} | {cell(cw['ready'])} | | |")
    add(
        f"| click: worker ready → those dice shown (the first request) | {cell(cc['ready_to_seed'])} |"
        f" {cell(cw['ready_to_seed'])} | | |"
    )
    add(f"| click: first dice shown | {cell(cc['seed'])} | {cell(cw['seed'])} | | |")
    add(
        f"| click: main-thread long tasks while booting | {cell(cc['longtask_ms'])} | {cell(cw['longtask_ms'])} | | |"
    )
    add(f"| lazy: worker started (no interaction) | {cell(lc['boot'])} | {cell(lw['boot'])} | | |")
    add(f"| lazy: worker ready | {cell(lc['ready'])} | {cell(lw['ready'])} | | |")
    if lc["never_started"] or lw["never_started"]:
        add(
            f"| lazy: never started within {LAZY_TIMEOUT_MS / 1000:.0f} s | {lc['never_started']} runs |"
            f" {lw['never_started']} runs | | |"
        )
    add("")

    bc, bw = s["bare_cold"], s["bare_warm"]
    add("## Python start-up (inside the worker)")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    add(f"| site worker: `loadPyodide` | {cell(cc['pyodide'])} | {cell(cw['pyodide'])} | | |")
    rk_ok = max(median(cc["rollkit"]) or 1e9, median(cw["rollkit"]) or 1e9) < TARGETS["rollkit_ms"]
    ok = target(
        "rollkit start-up on top of Pyodide < 200 ms",
        rk_ok,
        f"{fmt_ms(median(cc['rollkit']))} cold, {fmt_ms(median(cw['rollkit']))} warm",
    )
    add(
        f"| site worker: **rollkit start-up on top** | {cell(cc['rollkit'])} | {cell(cw['rollkit'])} | < 200 ms |"
        f" {ok} |"
    )
    add(
        f"| site worker: then the page's first widget rolled once, its answer dropped (not in the start-up) |"
        f" {cell(cc['first_roll_ahead'])} | {cell(cw['first_roll_ahead'])} | | |"
    )
    add(
        f"| site worker: created → ready | {cell(cc['created_to_ready'])} | {cell(cw['created_to_ready'])} | | |"
    )
    add(
        f"| bare page: `loadPyodide` (npm's files, its standard library not compiled) | {cell(bc['pyodide'])} | {cell(bw['pyodide'])} | | |"
    )
    add(
        f"| bare page: worker created → ready | {cell(bc['created_to_ready'])} | {cell(bw['created_to_ready'])} | | |"
    )
    for step, label in (
        (
            "wheel_on_path",
            "the whole wheel (fetch, sha256) on `sys.path`, as the site's worker puts its core",
        ),
        ("stdlib_imports", "stdlib modules rollkit imports"),
        ("import_rollkit", "`import rollkit` (its .pyc, compiled at build time)"),
        ("import_systems", "the five system modules (`rollkit.SYSTEMS`)"),
        ("import_entry", "the worker's entry point (its request function, as the boot module imports it)"),
        ("first_request", "then the first `request()` (a roll; systems already imported)"),
    ):
        add(f"| split (bare page, after its boot): {label} | {cell(bc[step])} | {cell(bw[step])} | | |")
    add(
        f"| what-if: compiling rollkit's sources (what the shipped .pyc save) | {cell(bc['compile_sources'])} |"
        f" {cell(bw['compile_sources'])} | | |"
    )
    add(
        f'| what-if: Pyodide\'s `loadPackage("rollkit")` instead (fetch, sha256, unpack) | {cell(bc["load_package"])} |'
        f" {cell(bw['load_package'])} | | |"
    )
    add("")

    first_roll_section(settings, s, add, target)
    downloads_section(settings, s, add)

    sw = s.get("sweep")
    if sw:
        add(
            f"## Every widget ({sw['widgets']} widgets on {sw['pages']} pages, {settings['samples']}"
            f" sample(s) each, worker already running)"
        )
        add("")
        add("| measure | median | max | target | |")
        add("|---|---|---|---|---|")
        roll_max = max(v for v in sw["roll"] if v is not None)
        slow = sw["slowest_roll"]
        worst = sw["roll_by_widget"][0]
        n = settings["samples"]
        ok = target(
            "roll < 50 ms for every widget (each widget's median)",
            worst["median"] < TARGETS["roll_ms"],
            f"slowest widget {fmt_ms(worst['median'])} ({where(worst)}, median of {len(worst['samples'])});"
            f" slowest single roll {fmt_ms(roll_max)} ({where(slow)})",
        )
        add(
            f"| **click Roll → dice shown**, the slowest widget's median of {n} ({where(worst)}) |"
            f" {fmt_ms(worst['median'])} | {fmt_ms(max(worst['samples']))} | < 50 ms | {ok} |"
        )
        add(
            f"| click Roll → dice shown, every roll | {fmt_ms(median(sw['roll']))} | {fmt_ms(roll_max)} | | |"
        )
        first = sw["first_roll"]
        add(
            f"| the very first roll after the worker is ready ({urlsplit(first['page']).path} #{first['index']}) |"
            f" {fmt_ms(first.get('total'))} | | | |"
        )
        add(
            f"| every other roll | {fmt_ms(median(sw['roll_after_first']))} |"
            f" {fmt_ms(max((v for v in sw['roll_after_first'] if v is not None), default=None))} | < 50 ms | |"
        )
        add(
            f"| of which: request → answer (worker) | {fmt_ms(median(sw['roll_worker']))} |"
            f" {fmt_ms(max(v for v in sw['roll_worker'] if v is not None))} | | |"
        )
        add(
            f"| of which: Python inside the worker | {fmt_ms(median(sw['roll_python']))} |"
            f" {fmt_ms(max(v for v in sw['roll_python'] if v is not None))} | | |"
        )
        if sw["odds"]:
            odds_max = max(v for v in sw["odds"] if v is not None)
            after_max = max(v for v in sw["odds_after"] if v is not None)
            worst = sw["odds_by_widget"][0]
            ok = target(
                "odds update < 50 ms for every widget, as the reader sees it (each widget's median)",
                worst["median"] < TARGETS["odds_ms"],
                f"slowest widget {fmt_ms(worst['median'])} ({where(worst)}); slowest single update"
                f" {fmt_ms(odds_max)}, of which {fmt_ms(median(sw['odds_debounce']))} is debounce",
            )
            add(
                f"| **edit a field → odds shown** (input event to odds on screen), the slowest widget's"
                f" median of {n} ({where(worst)}) | {fmt_ms(worst['median'])} | {fmt_ms(max(worst['samples']))} |"
                f" < 50 ms | {ok} |"
            )
            add(
                f"| edit a field → odds shown, every edit | {fmt_ms(median(sw['odds']))} | {fmt_ms(odds_max)} | | |"
            )
            worst = sw["odds_after_by_widget"][0]
            ok = target(
                "odds update < 50 ms, from the request being sent (each widget's median)",
                worst["median"] < TARGETS["odds_ms"],
                f"slowest widget {fmt_ms(worst['median'])} ({where(worst)}); slowest single update {fmt_ms(after_max)}",
            )
            add(
                f"| odds: request sent → odds shown, the slowest widget's median ({where(worst)}) |"
                f" {fmt_ms(worst['median'])} | {fmt_ms(max(worst['samples']))} | < 50 ms | {ok} |"
            )
            add(
                f"| odds: request sent → odds shown, every edit | {fmt_ms(median(sw['odds_after']))} |"
                f" {fmt_ms(after_max)} | | |"
            )
            add(
                f"| of which: Python inside the worker | {fmt_ms(median(sw['odds_python']))} |"
                f" {fmt_ms(max(v for v in sw['odds_python'] if v is not None))} | | |"
            )
        add(
            f"| widgets edited / odds equal to CPython's | {sw['odds_widgets']}/{sw['widgets']} |"
            f" {len(sw['odds']) - sw['odds_wrong']}/{len(sw['odds'])} | | |"
        )
        add("")

    add("## Instant navigation to another page (worker already running)")
    add("")
    add("| measure | median | max | target | |")
    add("|---|---|---|---|---|")
    nav_values = [v for v in cc["nav_bound"] + cw["nav_bound"] + (sw["nav"] if sw else []) if v is not None]
    no_reboot = (
        all(b == "1" for b in cc["nav_boots"] + cw["nav_boots"])
        and all(cc["nav_ready"] + cw["nav_ready"])
        and (sw["nav_all_ready"] if sw else True)
    )
    # judged as the timed runs are, by the median of each set of runs; the slowest single
    # navigation is shown beside it
    nav_medians = [
        m
        for m in (median(cc["nav_bound"]), median(cw["nav_bound"]), median(sw["nav"]) if sw else None)
        if m is not None
    ]
    nav_ok = bool(nav_medians) and max(nav_medians) < TARGETS["nav_ms"] and no_reboot
    add(
        f"| click → second page's widgets bound, cold profile | {fmt_ms(median(cc['nav_bound']))} |"
        f" {fmt_ms(max(v for v in cc['nav_bound'] if v is not None))} | < 100 ms | |"
    )
    add(
        f"| same, warm profile | {fmt_ms(median(cw['nav_bound']))} | {fmt_ms(max(v for v in cw['nav_bound'] if v is not None))} | < 100 ms | |"
    )
    if sw:
        add(
            f"| same, every widget page in the sweep | {fmt_ms(median(sw['nav']))} |"
            f" {fmt_ms(max(v for v in sw['nav'] if v is not None))} | < 100 ms | |"
        )
    add(
        f"| worker ready on arrival, `rollkitBoots` still 1 | {'yes' if no_reboot else 'NO'} | | no second boot | |"
    )
    ok = target(
        "second page widgets ready < 100 ms (the median of each set of runs)",
        nav_ok,
        f"slowest median {fmt_ms(max(nav_medians))}; slowest single {fmt_ms(max(nav_values))}; no second boot: {no_reboot}",
    )
    add(
        f"| **second page's widgets ready**: the slowest median of the three above |"
        f" {fmt_ms(max(nav_medians))} | {fmt_ms(max(nav_values))} | < 100 ms | {ok} |"
    )
    for key, label in (
        ("nav_html", "page HTML fetched (XHR)"),
        ("nav_swap", "content swapped in"),
        ("nav_scripts", "scripts inside the content loaded again (`md-content.js`)"),
        ("nav_first_bound", "first widget bound (Material's own `document$` subscribers run first)"),
    ):
        values = [v for v in cc[key] + cw[key] + (sw[key] if sw else []) if v is not None]
        add(
            f"| of which, from the click: {label} | {fmt_ms(median(values))} |"
            f" {fmt_ms(max(values) if values else None)} | | |"
        )
    add(
        f"| then click Roll → dice shown there | {fmt_ms(median(cc['nav_roll'] + cw['nav_roll']))} |"
        f" {fmt_ms(max(v for v in cc['nav_roll'] + cw['nav_roll'] if v is not None))} | | |"
    )
    add("")

    add("## Weight and cache")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    page_kb = (median(cc["page_transfer"]) or 0) / 1000
    gzip_kb = (median(cc["page_gzip"]) or 0) / 1000
    ok = target(
        f"page weight before Python ≤ {TARGETS['page_kb']:.0f} KB compressed",
        page_kb <= TARGETS["page_kb"],
        f"{page_kb:.0f} KB transferred, compressed by the server ({gzip_kb:.0f} KB as gzip -6 would send it)",
    )
    add(
        f"| **rules page without Python** (transferred) | {cell(cc['page_transfer'], fmt_kb)} |"
        f" {cell(cw['page_transfer'], fmt_kb)} | ≤ {TARGETS['page_kb']:.0f} KB | {ok} |"
    )
    add(f"| same files as gzip -6 would send them | {cell(cc['page_gzip'], fmt_kb)} | | | |")
    scripts = max(cc["script_requests"] + cw["script_requests"], default=0)
    ok = target(
        f"rollkit's page script: {TARGETS['script_requests']} request",
        0 < scripts <= TARGETS["script_requests"],
        f"{scripts} on every visit (assets/rollkit.mjs, its modules bundled)"
        if min(cc["script_requests"], default=0) == scripts
        else f"at most {scripts}",
    )
    add(
        f"| requests for rollkit's page script (`assets/rollkit.mjs` and its modules) |"
        f" {cell(cc['script_requests'], lambda v: f'{v:.0f}')} | {cell(cw['script_requests'], lambda v: f'{v:.0f}')} |"
        f" {TARGETS['script_requests']} | {ok} |"
    )
    add(
        f"| Python for the first roll (worker, Pyodide, rollkit's core and the page's rules: what the worker asked for before it was ready, not the parts it fetches in the background after) | {cell(cc['python_transfer'], fmt_kb)} |"
        f" {cell(cw['python_transfer'], fmt_kb)} | | |"
    )
    add(f"| same files as gzip -6 would send them | {cell(cc['python_gzip'], fmt_kb)} | | | |")
    python_kb = max(cc["python_transfer"], default=0) / 1000
    ok = target(
        f"Python for the first roll ≤ {TARGETS['python_kb'] / 1000:.0f} MB transferred (cold)",
        0 < python_kb <= TARGETS["python_kb"],
        f"{fmt_kb(python_kb * 1000)} at most, compressed by the server",
    )
    add(
        f"| Python for the first roll, the most of any cold visit | {fmt_kb(python_kb * 1000)} | | ≤ {TARGETS['python_kb'] / 1000:.0f} MB | {ok} |"
    )
    reqs = median(cw["requests"])
    add(
        f"| responses from the HTTP cache (transferSize 0) | {cell(cc['from_cache'], lambda v: f'{v:.0f}')} |"
        f" {cell(cw['from_cache'], lambda v: f'{v:.0f}')} of {reqs:.0f} | | |"
    )

    def server_cell(items: list[dict[str, int]]) -> str:
        total: dict[str, list[int]] = {}
        for item in items:
            for status in set(item) | set(total):
                total.setdefault(status, []).append(item.get(status, 0))
        if not total:
            return "none"
        return ", ".join(f"{median(v):.0f}× {k}" for k, v in sorted(total.items()) if median(v)) or "none"

    add(
        f"| requests the server saw, page + first roll | {server_cell(cc['server'])} | {server_cell(cw['server'])} | | |"
    )
    add(
        f"| instant navigation: requests the server saw | {server_cell(cc['nav_server'])} |"
        f" {server_cell(cw['nav_server'])} | | |"
    )
    add(
        f"| instant navigation: Python files fetched again | {median(cc['nav_python_requests']):.0f} |"
        f" {median(cw['nav_python_requests']):.0f} | 0 | |"
    )
    if sw:
        mem = sw["memory_cache_second_visit"]
        add(
            f"| second visit in an ordinary (in-memory cache) context: downloaded again |"
            f" | {fmt_kb(mem['weight']['python']['transfer'] + mem['weight']['page']['transfer'])}"
            f" ({', '.join(f['path'].rsplit('/', 1)[-1] for f in mem['weight']['python']['files'] if f['transfer'] > 1000) or 'nothing large'}) | | |"
        )
    add("")

    cache = s.get("cache_note")
    if cache:
        runs_text = "; ".join(
            f"build {r['build_age_s']:.0f} s old, warm visit {r['gap_s']:.0f} s later:"
            f" {r['unasked']} unasked, {r['revalidated']} revalidated"
            for r in cache["runs"]
        )
        names = ", ".join(p.rstrip("/").rsplit("/", 1)[-1] for p in cache["always_unasked"]) or "nothing"
        add(
            "HTTP cache: the runtime (`pyodide/<hash>/`) is sent with `Cache-Control: public, max-age=31536000,"
            " immutable`; pages and assets have no `Cache-Control`, so Chromium gives each a heuristic freshness of"
            " 10% of its `Last-Modified` age. Always taken from the cache without a request on the warm visit:"
            f" {names} (files {cache['always_age']} old now). The files the build has just"
            f" written ({len(cache['sometimes_revalidated'])} of them, {cache['revalidated_age']} old now) stay fresh"
            f" only seconds, so whether they are revalidated (304, one round trip each) depends on the build's age:"
            f" {runs_text}. On a real host its headers decide (GitHub Pages sends `Cache-Control: max-age=600`)."
        )
        add("")
    errors = sum(s[k]["errors"] for k in ("click_cold", "click_warm", "lazy_cold", "lazy_warm"))
    if errors:
        add(f"**{errors} page errors** were raised during the visits (see the JSON).")
        add("")
    if sw and sw["out_of_view"]:
        add(
            f"{len(sw['out_of_view'])} of {sw['pages']} widget pages have no widget in the first"
            f" {VIEWPORT['width']}x{VIEWPORT['height']} viewport; Python starts there too, once the page is idle."
        )
        add("")


def first_roll_section(
    settings: dict[str, Any],
    s: dict[str, Any],
    add: Callable[[str], None],
    target: Callable[[str, bool, str], str],
) -> None:
    """The first roll of each kind of visit, from the click on Roll (which starts Python)."""
    bare = median(s["bare_cold"]["created_to_ready"])
    delay = settings.get("delay_ms")
    add("## The first roll")
    add("")
    add("From the click on Roll (Python not started yet) to the dice on screen, median of the runs.")
    add("")
    add("| visit | worker created → ready | click → **first dice** | target | |")
    add("|---|---|---|---|---|")
    rows = [
        ("cold (first visit, fresh profile)", s["downloads"], "bare", None),
        ("warm (second visit, new tab)", s.get("warm_downloads"), "warm", TARGETS["warm_roll_ms"]),
        ("offline second visit (service worker)", s.get("offline"), "offline", TARGETS["warm_roll_ms"]),
    ]
    for label, got, kind, limit in rows:
        if not got:
            continue
        value = median(got["first_roll"])
        if kind == "bare":
            limit = None if bare is None else bare + TARGETS["bare_margin_ms"]
            wanted = f"≤ bare boot + {TARGETS['bare_margin_ms']:.0f} ms ({fmt_ms(limit)})"
            name = f"cold first roll ≤ bare Pyodide boot + {TARGETS['bare_margin_ms']:.0f} ms"
        else:
            wanted, name = f"< {fmt_ms(limit)}", f"{kind} first roll < {fmt_ms(limit)}"
        shown = fmt_ms(value) + (f" (bare boot {fmt_ms(bare)})" if kind == "bare" else "")
        ok = target(name, value is not None and limit is not None and value < limit, shown)
        if kind == "bare":  # the moonshot
            moon = TARGETS["first_roll_ms"]
            wanted += f"; < {fmt_ms(moon)} (moonshot)"
            ok += " " + target(
                f"cold first roll < {fmt_ms(moon)} (moonshot)",
                value is not None and value < moon,
                fmt_ms(value),
            )
        add(f"| {label} | {cell(got['ready'])} | {cell(got['first_roll'])} | {wanted} | {ok} |")
    phone = s.get("phone")
    if phone:
        limit = TARGETS["phone_roll_ms"]
        value = max((v for v in phone["first_roll"] if v is not None), default=None)
        ok = target(
            f"first roll on a phone network (Slow 4G, {PHONE['cpu_slowdown']}x slower CPU) < {fmt_ms(limit)} from the tap",
            value is not None and value < limit,
            f"{fmt_ms(value)} at most ({len(phone['first_roll'])} runs: {', '.join(fmt_ms(v) for v in phone['first_roll'])})",
        )
        add(
            f"| phone network: Slow 4G ({PHONE['latency_ms']:.0f} ms, {PHONE['down_kbps']:.0f}/{PHONE['up_kbps']:.0f} kbit/s),"
            f" {PHONE['cpu_slowdown']}x slower CPU, fresh profile, Roll tapped {fmt_ms(PHONE['tap_after_load_ms'])}"
            f" after load | {cell(phone['ready'])} | {cell(phone['first_roll'])} | < {fmt_ms(limit)} | {ok} |"
        )
    add(
        f"| bare page: `loadPyodide` only (worker created → ready) | {cell(s['bare_cold']['created_to_ready'])} | | | |"
    )
    if s.get("distant"):
        far = s["distant"]
        add(
            f"| cold, every response held back {fmt_ms(delay)} (a distant host) |"
            f" {cell(far['ready'])} | {cell(far['first_roll'])} | | |"
        )
    add("")
    if phone and phone.get("said"):
        shown = phone["said"]
        steps = shown if len(shown) <= 6 else [*shown[:3], "…", *shown[-3:]]
        add(
            f"On the phone network the first widget said, while Python loaded: {' → '.join(f'“{t}”' for t in steps)}."
        )
        add("")


def downloads_section(settings: dict[str, Any], s: dict[str, Any], add: Callable[[str], None]) -> None:
    """Python's downloads inside the worker, in the order they come, from this server and a distant one."""
    near, far = s["downloads"], s.get("distant")
    delay = f"{settings.get('delay_ms', 0):.0f} ms"
    add("## Python's downloads (cold, inside the worker)")
    add("")
    add(
        "When the site worker asked for each file and had it, in ms from the worker's start (its own clock),"
        f" from this server and from the same server holding every response back {delay} (a distant host)."
        " The worker asks for the wasm, the standard library, the lock file and rollkit's core with its first"
        " lines, while Pyodide's own scripts load, and the rules of the page's systems once the page has named"
        " them (its first message)."
    )
    add("")
    add(f"| file | asked | had | asked ({delay} away) | had ({delay} away) |")
    add("|---|---|---|---|---|")
    for name, times in near["files"].items():
        other = (far or {}).get("files", {}).get(name, {"start": [], "end": []})
        add(
            f"| `{name}` | {cell(times['start'])} | {cell(times['end'])} | {cell(other['start'])} |"
            f" {cell(other['end'])} |"
        )
    add(
        f"| **all of Python's files in hand** | | {cell(near['all'])} | | {cell(far['all'] if far else [])} |"
    )
    add("")


def performance_section(
    found: dict[str, dict[str, Any]], add: Callable[[str], None], target: Callable[[str, bool, str], str]
) -> None:
    version = next((got["version"] for got in found.values() if "version" in got), "?")
    runs = max(len(got["performance"]["scores"]) for got in found.values() if got.get("performance"))
    index = [got["performance"]["benchmark_index"] for got in found.values() if got.get("performance")]
    add("## Page performance and weight (Lighthouse, mobile)")
    add("")
    add(
        f"Lighthouse {version}, performance category, its default mobile emulation and simulated Slow 4G with a 4x"
        f" slower CPU, against the site served compressed; {runs} run(s) a page, the run with the median score"
        f" shown (its benchmarkIndex for this machine: {', '.join(f'{i:.0f}' for i in index if i) or '?'}. Lighthouse"
        " multiplies the main-thread time it observes by a constant 4, whatever the machine, so a slower or busier"
        " machine scores lower; its guide, docs/throttling.md, says 4x turns a machine of benchmarkIndex 1500-2000"
        " into a mid-tier phone). Page before Python: every response's"
        " transferred bytes (compressed) but the worker's and Pyodide's; Python: those, when the widgets' lazy"
        " start began during the run."
    )
    add("")
    add("| page | score (each run) | FCP | LCP | TBT | CLS | SI | page before Python | Python | target | |")
    add("|---|---|---|---|---|---|---|---|---|---|---|")
    for path, got in found.items():
        perf = got.get("performance")
        if not perf:
            target(
                f"Lighthouse performance ≥ {TARGETS['performance']} on /{path}",
                False,
                got["error"] or "no report",
            )
            add(f"| `/{path}` | – | | | | | | | | ≥ {TARGETS['performance']} | ✗ |")
            continue
        m = perf["metrics"]
        ok = target(
            f"Lighthouse performance ≥ {TARGETS['performance']} on /{path}",
            perf["score"] is not None and perf["score"] >= TARGETS["performance"],
            f"{perf['score']} (runs {perf['scores']}); costing points: {', '.join(perf['failing']) or 'none'}",
        )
        kb = perf["page_bytes_max"] / 1000
        weight = target(
            f"page before Python ≤ {TARGETS['page_kb']:.0f} KB compressed on /{path}",
            kb <= TARGETS["page_kb"],
            f"{kb:.0f} KB",
        )
        add(
            f"| `/{path}` | **{perf['score']}** ({', '.join(map(str, perf['scores']))}) | {fmt_ms(m['FCP'])} |"
            f" {fmt_ms(m['LCP'])} | {fmt_ms(m['TBT'])} | {m['CLS']:.3f} | {fmt_ms(m['SI'])} |"
            f" {fmt_kb(perf['page_bytes_max'])} {weight} | {fmt_kb(perf['python_bytes'])} |"
            f" ≥ {TARGETS['performance']}, ≤ {TARGETS['page_kb']:.0f} KB | {ok} |"
        )
    costing = sorted(
        {a for got in found.values() if got.get("performance") for a in got["performance"]["failing"]}
    )
    add("")
    started = [
        (path, run)
        for path, got in found.items()
        if got.get("performance")
        for run in got["performance"].get("runs", [])
    ]
    with_python = [run for _, run in started if run["python_bytes"]]
    if with_python:
        add(
            f"Python's lazy start began during {len(with_python)} of {len(started)} runs; their median score"
            f" {median(r['score'] for r in with_python):.0f} (TBT {fmt_ms(median(r['TBT'] for r in with_python))}),"
            f" the other runs' {median(r['score'] for _, r in started if not r['python_bytes']) or 0:.0f}"
            f" (TBT {fmt_ms(median(r['TBT'] for _, r in started if not r['python_bytes']))})."
        )
        add("")
    add(f"Metrics short of full marks on some page: {', '.join(f'`{a}`' for a in costing) or 'none'}.")
    add("")


def accessibility_section(
    found: dict[str, dict[str, Any]], add: Callable[[str], None], target: Callable[[str, bool, str], str]
) -> None:
    version = next((got["version"] for got in found.values() if "version" in got), "?")
    add("## Accessibility (Lighthouse, mobile)")
    add("")
    add(
        f"Lighthouse {version}, its default mobile emulation, on the same build and server;"
        " an audit is listed when it costs points."
    )
    add("")
    add("| page | score | audits failed | target | |")
    add("|---|---|---|---|---|")
    for path, got in found.items():
        score, failing = got["score"], ", ".join(f"`{a}`" for a in got["failing"])
        ok = target(
            f"Lighthouse accessibility {TARGETS['accessibility']} on /{path}",
            score == TARGETS["accessibility"],
            got["error"] or f"{score}; failed: {failing or 'none'}",
        )
        add(
            f"| `/{path}` | {'–' if score is None else score} | {got['error'] or failing or 'none'} |"
            f" {TARGETS['accessibility']} | {ok} |"
        )
    add("")
