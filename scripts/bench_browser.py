"""Benchmark the rules site in headless Chromium (``benchmarks.browser``).

.venv/bin/python scripts/bench_browser.py [--quick] [--lighthouse-only] [--json PATH]   # --help for the rest
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.browser.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
