"""rollkit's benchmarks: a package of the repository, never part of the rollkit wheel.

* ``benchmarks.engine``: rollkit's exact odds against icepool and dyce (adapters,
  answer checks, timing, report); ``scripts/bench_engine.py`` runs it.
* ``benchmarks.browser``: the built rules site in headless Chromium, its page and
  worker code in ``benchmarks/browser/js/*.mjs``; ``scripts/bench_browser.py`` runs it.
* ``benchmarks.machine``: what a run ran on, for both reports.
* ``benchmarks.targets``: the project's performance targets (tests assert none).
* ``benchmarks/results/``: the latest tables (and raw JSON) that ``scripts/bench``
  writes and the site's Performance page includes.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
