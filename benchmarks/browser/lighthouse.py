"""Lighthouse (npm ``lighthouse``, pinned in package.json; its own headless Chromium, default
mobile emulation and simulated Slow 4G throttling) on the home, Hits and Again pages, served
compressed by ``scripts.serve_static``: the accessibility and performance categories, the
performance metrics, and the bytes each page transferred before and for Python."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import ROOT
from benchmarks.browser.measure import is_python
from benchmarks.browser.site_build import local_file
from benchmarks.machine import CHROMIUM

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_PAGES = ("", "hits/", "again/")
LIGHTHOUSE_TIMEOUT_S = 180
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


def _run(url: str) -> dict[str, Any]:
    """One Lighthouse run: its report (lhr), or ``{"error": ...}``."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--only-categories=accessibility,performance",
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ]
    try:
        done = subprocess.run(
            command,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            check=False,
            timeout=LIGHTHOUSE_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"no report within {LIGHTHOUSE_TIMEOUT_S} s"}
    try:
        return {"lhr": json.loads(done.stdout)}
    except json.JSONDecodeError:
        return {"error": (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]}


def _score(category: dict[str, Any]) -> int | None:
    return None if category["score"] is None else round(category["score"] * 100)


def _failing(lhr: dict[str, Any], category: str) -> list[str]:
    audits = lhr["audits"]
    return [
        ref["id"]
        for ref in lhr["categories"][category]["auditRefs"]
        if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1
    ]


def performance(lhr: dict[str, Any]) -> dict[str, Any]:
    """The performance score, its metrics and the bytes transferred (page vs Python) of one run."""
    requests = lhr["audits"]["network-requests"]["details"]["items"]
    return {
        "score": _score(lhr["categories"]["performance"]),
        "metrics": {name: lhr["audits"][audit]["numericValue"] for audit, name in METRICS.items()},
        "failing": _failing(lhr, "performance"),
        "page_bytes": sum(r.get("transferSize") or 0 for r in requests if not is_python(r["url"])),
        "python_bytes": sum(r.get("transferSize") or 0 for r in requests if is_python(r["url"])),
        "page_requests": sum(
            1 for r in requests if not is_python(r["url"]) and not r["url"].startswith("data:")
        ),
        "benchmark_index": lhr.get("environment", {}).get("benchmarkIndex"),
    }


def lighthouse(url: str, runs: int = 1) -> dict[str, Any]:
    """Lighthouse's mobile accessibility score of one page (0-100), the ids of the audits that
    cost points, and under ``performance`` each of ``runs`` performance runs and their median."""
    reports, errors = [], []
    for _ in range(runs):
        got = _run(url)
        lhr = got.get("lhr")
        error = got.get("error") or (lhr.get("runtimeError") or {}).get("message")
        if lhr and not error:
            reports.append(lhr)
        else:
            errors.append(error)
    if not reports:
        return {"score": None, "failing": [], "error": errors[0], "performance": None}
    first = reports[0]
    perf = [performance(lhr) for lhr in reports]
    middle = sorted(perf, key=lambda p: -1 if p["score"] is None else p["score"])[len(perf) // 2]
    scores = [p["score"] for p in perf if p["score"] is not None]
    return {
        "score": _score(first["categories"]["accessibility"]),
        "failing": _failing(first, "accessibility"),
        "error": None,
        "version": first["lighthouseVersion"],
        "performance": {
            **middle,
            "scores": [p["score"] for p in perf],
            "median": statistics.median(scores) if scores else None,
            "page_bytes_max": max(p["page_bytes"] for p in perf),
            "errors": errors,
            "runs": [
                {"score": p["score"], "TBT": p["metrics"]["TBT"], "python_bytes": p["python_bytes"]}
                for p in perf
            ],
        },
    }


def lighthouse_pages(
    base: str, site: Path, progress: Callable[[str], None], runs: int = 1
) -> dict[str, dict[str, Any]]:
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: scripts/setup installs it (npm ci)")
    found: dict[str, dict[str, Any]] = {}
    for path in LIGHTHOUSE_PAGES:
        if not local_file(site, base, base + path):
            sys.exit(f"{path or 'the home page'}: no such page in the built site")
        found[path] = lighthouse(base + path, runs)
        perf = found[path]["performance"] or {}
        progress(
            f"lighthouse /{path}: accessibility {found[path]['score']}, performance {perf.get('scores')},"
            f" page before Python {(perf.get('page_bytes') or 0) / 1000:.0f} KB"
        )
    return found
