"""Lighthouse's accessibility score (npm ``lighthouse``, pinned in package.json; its own
headless Chromium, default mobile emulation) of the home, Hits and Again pages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import ROOT
from benchmarks.browser.site_build import local_file
from benchmarks.machine import CHROMIUM

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_PAGES = ("", "hits/", "again/")
LIGHTHOUSE_TIMEOUT_S = 180


def lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse's mobile accessibility score of one page (0-100) and the ids of the audits that cost points."""
    command = [str(LIGHTHOUSE), url, "--only-categories=accessibility", "--output=json", "--output-path=stdout",
               "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
    try:
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True,
                              text=True, check=False, timeout=LIGHTHOUSE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"score": None, "failing": [], "error": f"no report within {LIGHTHOUSE_TIMEOUT_S} s"}
    try:
        lhr = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"score": None, "failing": [],
                "error": (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]}
    category, audits = lhr["categories"]["accessibility"], lhr["audits"]
    failing = [ref["id"] for ref in category["auditRefs"]
               if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1]
    score = category["score"]
    return {"score": None if score is None else round(score * 100), "failing": failing,
            "error": (lhr.get("runtimeError") or {}).get("message"), "version": lhr["lighthouseVersion"]}


def lighthouse_pages(base: str, site: Path, progress: Callable[[str], None]) -> dict[str, dict[str, Any]]:
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: scripts/setup installs it (npm ci)")
    found: dict[str, dict[str, Any]] = {}
    for path in LIGHTHOUSE_PAGES:
        if not local_file(site, base, base + path):
            sys.exit(f"{path or 'the home page'}: no such page in the built site")
        found[path] = lighthouse(base + path)
        progress(f"lighthouse /{path}: accessibility {found[path]['score']}")
    return found
