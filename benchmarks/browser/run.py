"""The browser benchmark's command line (``scripts/bench_browser.py``)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from benchmarks import browser as package
from benchmarks.browser.lighthouse import lighthouse_pages
from benchmarks.browser.measure import (
    ARGS,
    VIEWPORT,
    Log,
    cold_runs,
    offline_runs,
    phone_runs,
    sweep,
    timed_runs,
)
from benchmarks.browser.report import report
from benchmarks.browser.site_build import build_site, free_port, local_file, next_page
from benchmarks.browser.summary import cache_note, summarize
from benchmarks.machine import CHROMIUM, machine
from benchmarks.targets import BROWSER as TARGETS
from benchmarks.targets import LIGHTHOUSE_RUNS
from docs_tools.sitebuild.compress import ENCODERS
from scripts import serve_static

DEFAULT_PAGE = "trait/prowess-and-stagger/"


def run(args: argparse.Namespace) -> int:
    from playwright.sync_api import sync_playwright

    began = time.perf_counter()

    def progress(message: str) -> None:
        print(f"[{time.perf_counter() - began:6.1f} s] {message}", file=sys.stderr, flush=True)

    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: scripts/setup installs Debian's chromium")
    log = Log()
    serve_static._Handler.log_request = (  # type: ignore[method-assign]
        lambda self, code="-", size="-": log.entries.append((self.path.split("?")[0], str(code)))
    )
    with tempfile.TemporaryDirectory(prefix="rollkit-bench-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        site = Path(tmp) / "site"
        build_s = build_site(site, base)
        built_at = time.time()
        progress(f"built the site in {build_s:.1f} s; serving it on {base}")
        if not local_file(site, base, base + args.page):
            sys.exit(f"--page {args.page}: no such page in the built site")
        server = serve_static.serve(site, port=port)
        runs: list[dict[str, Any]] = []
        distant: list[dict[str, Any]] = []
        offline: list[dict[str, Any]] = []
        phone: list[dict[str, Any]] = []
        sw: dict[str, Any] | None = None
        summary: dict[str, Any] = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                meta = machine(["playwright"])
                try:
                    if not args.lighthouse_only:
                        runs = timed_runs(p, args, base, site, log, progress)
                        far = serve_static.serve(site, port=free_port(), delay_ms=args.delay)
                        try:
                            distant = cold_runs(
                                p,
                                args,
                                f"http://127.0.0.1:{far.server_port}/",
                                site,
                                log,
                                progress,
                                "distant host",
                            )
                        finally:
                            far.shutdown()
                            far.server_close()
                        offline = offline_runs(p, args, base, site, log, progress)
                        phone = phone_runs(p, args, base, site, log, progress)
                        sw = None if args.no_sweep else sweep(browser, base, site, args, log, progress)
                        summary = {
                            **summarize(runs, sw, distant, offline, phone),
                            "cache_note": cache_note(runs, site, base, built_at),
                        }
                finally:
                    browser.close()
            if not args.no_lighthouse:
                summary["lighthouse"] = lighthouse_pages(base, site, progress, args.lighthouse_runs)
        finally:
            server.shutdown()
            server.server_close()
        settings = {
            "page": args.page,
            "second": urlsplit(next_page(site, base, base + args.page)).path,
            "runs": args.runs,
            "phone_runs": args.phone_runs,
            "samples": args.samples,
            "quick": args.quick,
            "viewport": VIEWPORT,
            "targets": TARGETS,
            "build_s": build_s,
            "delay_ms": args.delay,
            "encodings": list(ENCODERS),
            "seconds": time.perf_counter() - began,
        }
        text, checks = report(meta, settings, summary)
    print(text)
    progress("done")
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "meta": meta,
                    "settings": settings,
                    "targets": checks,
                    "summary": summary,
                    "runs": runs,
                    "distant": distant,
                    "offline": offline,
                    "phone": phone,
                    "sweep": sw,
                },
                indent=1,
                default=str,
            ),
            encoding="utf-8",
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=package.__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 runs, one sample per widget")
    parser.add_argument("--runs", type=int, help="cold/warm visits per measure (5; --quick 2)")
    parser.add_argument(
        "--samples",
        type=int,
        help="rolls and edits per widget in the sweep (3, an odd number for its median; --quick 1)",
    )
    parser.add_argument(
        "--page",
        default=DEFAULT_PAGE,
        help=f"the rules page to load, relative to the site (default {DEFAULT_PAGE})",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=100.0,
        metavar="MS",
        help="the distant-host visits: each response held back this long (default 100)",
    )
    parser.add_argument(
        "--phone-runs",
        type=int,
        help="first visits on a phone network (Slow 4G, 4x slower CPU) (3; --quick 1)",
    )
    parser.add_argument("--no-sweep", action="store_true", help="skip the every-widget sweep")
    parser.add_argument(
        "--lighthouse-only",
        action="store_true",
        help="only Lighthouse (performance, page weight, accessibility) on the home, Hits and Again pages",
    )
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument(
        "--lighthouse-runs",
        type=int,
        help="Lighthouse runs a page, the median score reported (5, as Lighthouse's docs/variability.md advises; --quick 1)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the raw numbers as JSON")
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 2 if args.quick else 5
    if args.phone_runs is None:
        args.phone_runs = 1 if args.quick else 3
    if args.samples is None:
        args.samples = 1 if args.quick else 3
    if args.lighthouse_runs is None:
        args.lighthouse_runs = 1 if args.quick else LIGHTHOUSE_RUNS
    if args.lighthouse_only and args.no_lighthouse:
        parser.error("--lighthouse-only and --no-lighthouse exclude each other")
    if args.runs < 1 or args.samples < 1 or args.lighthouse_runs < 1 or args.phone_runs < 1:
        parser.error("--runs, --samples, --phone-runs and --lighthouse-runs must be at least 1")
    return run(args)
