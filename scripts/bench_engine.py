"""Benchmark rollkit's exact odds against icepool and dyce (``benchmarks.engine``).

.venv/bin/python scripts/bench_engine.py [--quick] [--json PATH]   # --help for the rest
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
