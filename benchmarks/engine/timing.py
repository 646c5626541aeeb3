"""Timing: warm (in-process, auto-scaled inner loop), cold (rollkit after clearing its
caches), and fresh interpreters (import, then the first answer), the latter with
bytecode cached under a temporary ``PYTHONPYCACHEPREFIX``."""

from __future__ import annotations

import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks import ROOT
from benchmarks.engine.cases import FAMILIES, Case

# Import rows of the report: rollkit loads each system module on first use, so a fresh
# process answering a trait question imports rollkit and rollkit.trait.
IMPORTS = ("rollkit", *(f"rollkit.{f}" for f in FAMILIES), "icepool", "dyce")
SLOW_CALL = 0.1  # seconds: a warm figure of calls this slow takes at most SLOW_REPEATS runs
SLOW_REPEATS = 3


def rollkit_caches() -> list[Any]:
    """Every ``functools.lru_cache`` / ``cache`` wrapper in rollkit's loaded modules."""
    seen: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "rollkit" or name.startswith("rollkit.")):
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                seen[id(value)] = value
    return list(seen.values())


def time_warm(fn: Callable[[], Any], repeats: int, target: float) -> dict[str, Any]:
    """Median seconds per call after a first call, the inner loop scaled to ``target`` s.

    Calls slower than ``SLOW_CALL`` get at most ``SLOW_REPEATS`` runs of one
    call each (their spread is small, and it keeps a full run near 2 minutes).
    """
    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    if first >= SLOW_CALL:
        repeats = min(repeats, SLOW_REPEATS)
    if first < target:
        t0 = time.perf_counter()
        fn()
        one = time.perf_counter() - t0
        number = max(1, min(1_000_000, int(target / max(one, 1e-7))))
    else:
        number = 1
    samples = []
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()  # as timeit does
    try:
        for _ in range(repeats):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            samples.append((time.perf_counter() - t0) / number)
    finally:
        if enabled:
            gc.enable()
    return {
        "median": statistics.median(samples),
        "samples": samples,
        "number": number,
        "first_call_in_run": first,
    }


def time_cold_rollkit(fn: Callable[[], Any], repeats: int) -> dict[str, Any]:
    """Median seconds of one call right after clearing every rollkit cache."""
    caches = rollkit_caches()
    samples = []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            for c in caches:
                c.cache_clear()
            t0 = time.perf_counter()
            fn()
            samples.append(time.perf_counter() - t0)
    finally:
        if enabled:
            gc.enable()
    return {"median": statistics.median(samples), "samples": samples, "caches": len(caches)}


_CHILD = """\
import sys, time, warnings
warnings.simplefilter("ignore")
t0 = time.perf_counter()
import {module}
t1 = time.perf_counter()
sys.dont_write_bytecode = not sys.pycache_prefix  # never a __pycache__ in the checkout
sys.path.insert(0, {root!r})
import json
from benchmarks.engine import adapters, answers
case = json.loads({case!r})
t2 = time.perf_counter()
answer = adapters.make({engine!r}, case, {question!r})()  # make() only wraps: no work, no imports
t3 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "first": t3 - t2,
                  "digest": answers.digest({engine!r}, case, {question!r}, answer)}}))
"""


def cached_bytecode_env(prefix: str) -> dict[str, str]:
    """Environment for child interpreters that cache bytecode under ``prefix``."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = prefix
    return env


def engine_import(engine: str, case: Case) -> str:
    """What a program answering ``case`` with ``engine`` imports."""
    return f"rollkit.{case['family']}" if engine == "rollkit" else engine


def run_child(engine: str, case: Case, question: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Import ``engine`` and answer once in a fresh interpreter; times taken inside it."""
    code = _CHILD.format(
        module=engine_import(engine, case),
        root=str(ROOT),
        case=json.dumps(case),
        engine=engine,
        question=question,
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False, env=env
    )
    if proc.returncode:
        raise RuntimeError(f"child {engine} {case['label']} {question} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def time_imports(repeats: int, env: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Median time of each ``import`` of ``IMPORTS`` in a fresh interpreter (start-up excluded)."""
    code = (
        "import time, warnings\nwarnings.simplefilter('ignore')\nt0 = time.perf_counter()\n"
        "import {}\nprint(time.perf_counter() - t0)"
    )
    samples: dict[str, list[float]] = {m: [] for m in IMPORTS}
    for _ in range(repeats):
        for module in IMPORTS:
            out = subprocess.run(
                [sys.executable, "-c", code.format(module)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                check=True,
                env=env,
            )
            samples[module].append(float(out.stdout.strip().splitlines()[-1]))
    return {m: {"median": statistics.median(s), "samples": s} for m, s in samples.items()}


def cpu_seconds() -> tuple[float, float] | None:
    """(CPU seconds used by the whole machine, by this process and its children) so far."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(x) for x in fh.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    machine_total = (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
    own = sum(
        x
        for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
        for x in (resource.getrusage(who).ru_utime, resource.getrusage(who).ru_stime)
    )
    return machine_total, own
