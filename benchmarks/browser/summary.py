"""The browser benchmark's raw visits boiled down to the lists its report takes medians of."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from benchmarks.browser.measure import is_python, is_rollkit_script, statuses
from benchmarks.browser.site_build import local_file


def median(values: Iterable[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def spread(values: Iterable[float | None]) -> tuple[float, float] | None:
    got = [v for v in values if v is not None]
    return (min(got), max(got)) if got else None


def by_widget(samples: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Each widget's samples of ``key`` and their median (the statistic the widget targets are
    judged by: a median of several runs), slowest median first."""
    grouped: dict[tuple[str, int], list[float]] = {}
    for sample in samples:
        if sample.get(key) is not None:
            grouped.setdefault((sample["page"], sample["index"]), []).append(sample[key])
    widgets = [
        {"page": page, "index": index, "samples": values, "median": statistics.median(values)}
        for (page, index), values in grouped.items()
    ]
    return sorted(widgets, key=lambda w: -w["median"])


def sub(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def age(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h" if seconds < 172800 else f"{seconds / 86400:.0f} days"


def cache_note(runs: list[dict[str, Any]], site: Path, base: str, built_at: float) -> dict[str, Any]:
    """Per run: how old the build was at the cold visit, and what the warm visit got unasked or revalidated."""
    per_run, always, ever = [], None, set()
    for run in runs:
        warm = run["click_warm"]
        files = warm["weight"]["page"]["files"] + warm["weight"]["python"]["files"]
        unasked = {f["path"] for f in files if f["transfer"] == 0 and f["body"] > 0}
        revalidated = {f["path"] for f in files if f["transfer"] > 0}
        always = unasked if always is None else always & unasked
        ever |= revalidated
        per_run.append(
            {
                "build_age_s": run["click_cold"]["wall"] - built_at,
                "gap_s": warm["wall"] - run["click_cold"]["wall"],
                "unasked": len(unasked),
                "revalidated": len(revalidated),
                "responses": len(files),
            }
        )

    def mtime_age(paths: set[str]) -> str:
        ages = [
            time.time() - p.stat().st_mtime
            for p in (local_file(site, base, base + path.lstrip("/")) for path in paths)
            if p
        ]
        return f"{age(min(ages))}–{age(max(ages))}" if ages else "–"

    always = always or set()
    return {
        "runs": per_run,
        "always_unasked": sorted(always),
        "always_age": mtime_age(always),
        "sometimes_revalidated": sorted(ever),
        "revalidated_age": mtime_age(ever),
    }


def downloads(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """Per file of Python's, when the worker asked for it and had it (ms from the worker's start),
    and when it had them all, over ``visits``."""
    files: dict[str, dict[str, list[float]]] = {}
    for visit in visits:
        for name, times in visit.get("downloads", {}).items():
            for key in ("start", "end"):
                files.setdefault(name, {"start": [], "end": []})[key].append(times[key])
    return {
        "files": dict(sorted(files.items(), key=lambda item: median(item[1]["start"]) or 0)),
        "all": [
            max((t["end"] for t in v["downloads"].values()), default=None)
            for v in visits
            if v.get("downloads")
        ],
        "first_roll": [sub(v["marks"]["seed"], v["marks"]["click"]) for v in visits],
        "ready": [sub(v["marks"]["ready"], v["marks"]["worker_created"]) for v in visits],
        "visits": len(visits),
    }


def summarize(
    runs: list[dict[str, Any]],
    sw: dict[str, Any] | None,
    distant: list[dict[str, Any]] | None = None,
    offline: list[dict[str, Any]] | None = None,
    phone: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    s: dict[str, Any] = {
        "downloads": downloads([r["click_cold"] for r in runs]),
        "warm_downloads": downloads([r["click_warm"] for r in runs]),
    }
    if distant:
        s["distant"] = downloads(distant)
    if offline:
        s["offline"] = downloads(offline)
    if phone:
        s["phone"] = {
            **downloads(phone),
            "python_transfer": [v["weight"]["python"]["transfer"] for v in phone],
            "tap_after_load": [sub(v["marks"]["click"], v["marks"]["load"]) for v in phone],
            "said": phone[0]["said"],
            "errors": sum(len(v.get("errors", [])) for v in phone),
        }
    for kind in ("click", "lazy"):
        for cache in ("cold", "warm"):
            visits = [r[f"{kind}_{cache}"] for r in runs]
            ok = [v for v in visits if not v.get("lazy_never_started")]
            m = [v["marks"] for v in ok]
            s[f"{kind}_{cache}"] = {
                "fcp": [x["fcp"] for x in m],
                "dcl": [x["dcl"] for x in m],
                "chance": [x["chance"] for x in m],
                "bound": [x["bound"] for x in m],
                "boot": [x["boot"] for x in m],
                "ready": [x["ready"] for x in m],
                "seed": [x["seed"] for x in m],
                "click": [x["click"] for x in m],
                "click_to_seed": [sub(x["seed"], x["click"]) for x in m],
                "ready_to_seed": [sub(x["seed"], x["ready"]) for x in m],
                "pyodide": [x["timings"]["pyodide"] for x in m],
                "rollkit": [x["timings"]["rollkit"] for x in m],
                "first_roll_ahead": [x["timings"].get("firstRoll") for x in m],
                "created_to_ready": [sub(x["ready"], x["worker_created"]) for x in m],
                "longtask_ms": [x["longtask_ms"] for x in m],
                "nav_bound": [v["next_page"]["bound_ms"] for v in ok],
                "nav_html": [v["next_page"]["html_ms"] for v in ok],
                "nav_swap": [v["next_page"]["swap_ms"] for v in ok],
                "nav_scripts": [v["next_page"]["scripts_ms"] for v in ok],
                "nav_first_bound": [v["next_page"]["first_bound_ms"] for v in ok],
                "nav_roll": [v["next_page_roll"].get("total") for v in ok],
                "nav_boots": [v["next_page"]["boots"] for v in ok],
                "nav_ready": [v["next_page"]["ready"] for v in ok],
                "page_transfer": [v["weight"]["page"]["transfer"] for v in ok],
                "script_requests": [
                    sum(1 for f in v["weight"]["page"]["files"] if is_rollkit_script(f["path"])) for v in ok
                ],
                "page_gzip": [v["weight"]["page"]["gzip"] for v in ok],
                "python_transfer": [v["weight"]["python"]["transfer"] for v in ok],
                "python_gzip": [v["weight"]["python"]["gzip"] for v in ok],
                "from_cache": [
                    v["weight"]["page"]["from_cache"] + v["weight"]["python"]["from_cache"] for v in ok
                ],
                "requests": [v["weight"]["page"]["requests"] + v["weight"]["python"]["requests"] for v in ok],
                "server": [statuses(v["server"]) for v in ok],
                "nav_server": [statuses(v["next_page_server"]) for v in ok],
                "nav_python_requests": [
                    sum(1 for path, _ in v["next_page_server"] if is_python(path)) for v in ok
                ],
                "never_started": len(visits) - len(ok),
                "text_before_python": all(
                    x["fcp"] is not None
                    and x["chance"] is not None
                    and (x["boot"] is None or max(x["fcp"], x["chance"]) < x["boot"])
                    for x in m
                ),
                "errors": sum(len(v.get("errors", [])) for v in ok),
            }
    for cache in ("cold", "warm"):
        b = [r[f"bare_{cache}"] for r in runs]
        s[f"bare_{cache}"] = {
            "pyodide": [x["pyodide"] for x in b],
            "created_to_ready": [x["created_to_ready"] for x in b],
            **{k: [x["steps"][k] for x in b] for k in b[0]["steps"]},
        }
    if sw:
        rolls, odds = sw["rolls"], sw["odds"]
        s["sweep"] = {
            "widgets": len({(r["page"], r["index"]) for r in rolls}),
            "pages": len(sw["pages"]),
            "first_roll": rolls[0],
            "roll_after_first": [r.get("total") for r in rolls[1:]],
            "roll": [r.get("total") for r in rolls],
            "roll_worker": [r.get("worker") for r in rolls],
            "roll_python": [r.get("python") for r in rolls],
            "roll_errors": sum(1 for r in rolls if r["error"]),
            "odds": [o.get("total") for o in odds],
            "odds_after": [o.get("after_debounce") for o in odds],
            "odds_debounce": [o.get("debounce") for o in odds],
            "odds_python": [o.get("python") for o in odds],
            "odds_wrong": sum(1 for o in odds if not o["ok"]),
            "odds_widgets": len({(o["page"], o["index"]) for o in odds}),
            "nav": [pg["bound_ms"] for pg in sw["pages"]],
            "nav_html": [pg["html_ms"] for pg in sw["pages"]],
            "nav_swap": [pg["swap_ms"] for pg in sw["pages"]],
            "nav_scripts": [pg["scripts_ms"] for pg in sw["pages"]],
            "nav_first_bound": [pg["first_bound_ms"] for pg in sw["pages"]],
            "nav_all_ready": all(pg["ready"] and pg["boots"] == "1" for pg in sw["pages"]),
            "out_of_view": [
                pg["url"]
                for pg in sw["pages"]
                if pg["first_widget_top"] is None or pg["first_widget_top"] >= pg["viewport"]
            ],
            "roll_by_widget": by_widget(rolls, "total"),
            "odds_by_widget": by_widget(odds, "total"),
            "odds_after_by_widget": by_widget(odds, "after_debounce"),
            "slowest_roll": max(rolls, key=lambda r: r.get("total") or 0),
            "slowest_odds": max(odds, key=lambda o: o.get("total") or 0) if odds else None,
            "memory_cache_second_visit": sw["memory_cache_visits"][1],
        }
    return s
