"""The engine benchmark's command line (``scripts/bench_engine.py``): time, check, report."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from benchmarks import ROOT
from benchmarks import engine as package
from benchmarks.engine import cases as case_set
from benchmarks.engine.adapters import (
    ENGINES,
    OTHER_QUESTIONS,
    OTHERS,
    ROLLKIT_QUESTIONS,
    VERSUS,
    make,
)
from benchmarks.engine.answers import check_answers, digest, result
from benchmarks.engine.hostile import measure as measure_hostile
from benchmarks.engine.report import ratio_row, report
from benchmarks.engine.timing import (
    IMPORTS,
    cached_bytecode_env,
    cpu_seconds,
    run_child,
    time_cold_rollkit,
    time_imports,
    time_warm,
)
from benchmarks.machine import machine


def run(args: argparse.Namespace) -> int:
    warnings.simplefilter("ignore")  # dyce's ExperimentalWarning on every expand()
    started = time.perf_counter()
    cpu_start = cpu_seconds()
    import rollkit  # noqa: F401  (loaded first so prepare() can read bounds)

    cases = case_set.prepare(case_set.case_list(args.quick))
    target = args.target_ms / 1e3

    def progress(msg: str) -> None:
        print(f"[{time.perf_counter() - started:5.1f} s] {msg}", file=sys.stderr, flush=True)

    # Warm, in-process; the answers of the first calls feed the checks.
    answers: dict[tuple[int, str, str], Any] = {}
    warm: dict[tuple[int, str, str], dict[str, Any]] = {}
    call_only: dict[tuple[int, str], dict[str, Any]] = {}
    progress(f"warm: {len(cases)} cases x 3 engines")
    for i, case in enumerate(cases):
        for engine in ENGINES:
            questions = ROLLKIT_QUESTIONS if engine == "rollkit" else OTHER_QUESTIONS
            for question in questions:
                fn = make(engine, case, question)
                answers[i, engine, question] = fn()
                warm[i, engine, question] = time_warm(fn, args.repeats, target)
                if engine == "rollkit":
                    call_only[i, question] = time_warm(
                        make(engine, case, question, prebuilt=True), args.repeats, target
                    )

    progress("hostile input: the worst 1 MB a link carries, to its refusal")
    hostile = measure_hostile(args.repeats)

    progress("checking answers")
    checks = check_answers(cases, answers)

    progress("cold: rollkit after cache_clear")
    cold_rollkit = {
        (i, q): time_cold_rollkit(make("rollkit", case, q), args.repeats)
        for i, case in enumerate(cases)
        for q in ROLLKIT_QUESTIONS
    }

    jobs = [
        (i, engine, q)
        for i in range(len(cases))
        for engine in ENGINES
        for q in (ROLLKIT_QUESTIONS if engine == "rollkit" else OTHER_QUESTIONS)
    ]
    fresh_raw: dict[tuple[int, str, str], list[dict[str, Any]]] = {j: [] for j in jobs}
    prefix = tempfile.mkdtemp(prefix="rollkit-bench-pyc-")
    try:
        env = cached_bytecode_env(prefix)
        # Priming: one process per family, engine and question fills the bytecode cache
        # (stdlib included) along every import path the timed processes take.
        firsts = {c["family"]: i for i, c in reversed(list(enumerate(cases)))}
        primers = [j for j in jobs if j[0] in firsts.values()]
        progress(f"priming the bytecode cache: {len(primers)} processes")
        for i, engine, q in primers:
            run_child(engine, cases[i], q, env)
        progress(f"import times: {args.import_repeats} x {len(IMPORTS)} x 2 fresh interpreters")
        imports = {
            "cached": time_imports(args.import_repeats, env),
            "as_is": time_imports(args.import_repeats),
        }
        for r in range(args.fresh_repeats):
            progress(f"fresh processes: round {r + 1} of {args.fresh_repeats}, {len(jobs)} processes")
            for i, engine, q in jobs:  # interleaved, so drift hits every engine alike
                fresh_raw[i, engine, q].append(run_child(engine, cases[i], q, env))
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    for (i, engine, q), runs in fresh_raw.items():
        want = digest(engine, cases[i], q, answers[i, engine, q])
        for run_ in runs:
            if run_["digest"] != want:
                checks.append(
                    result(
                        cases[i],
                        q,
                        engine,
                        False,
                        f"fresh-process answer differs ({run_['digest']} vs {want})",
                    )
                )

    def med(values: list[float]) -> float:
        return statistics.median(values)

    rows = []
    for i, case in enumerate(cases):
        for q in ROLLKIT_QUESTIONS:
            vq = VERSUS[q]
            row: dict[str, Any] = {"case": case, "question": q}
            kinds = {
                "warm": {
                    "rollkit": warm[i, "rollkit", q]["median"],
                    "rollkit_call_only": call_only[i, q]["median"],
                    **{e: warm[i, e, vq]["median"] for e in OTHERS},
                },
                "cold": {
                    "rollkit": med([x["first"] for x in fresh_raw[i, "rollkit", q]]),
                    "rollkit_cache_clear": cold_rollkit[i, q]["median"],
                    **{e: med([x["first"] for x in fresh_raw[i, e, vq]]) for e in OTHERS},
                },
                "fresh": {
                    e: med([x["import"] + x["first"] for x in fresh_raw[i, e, q if e == "rollkit" else vq]])
                    for e in ENGINES
                },
            }
            for kind, t in kinds.items():
                t["ratio"], t["best"], t["met"] = ratio_row(t["rollkit"], {e: t[e] for e in OTHERS})
                row[kind] = t
            rows.append(row)

    meta = machine(ENGINES)
    meta["rollkit_pycache"] = any((ROOT / "rollkit").rglob("__pycache__/*.pyc"))
    cpu_end = cpu_seconds()
    meta["other_cpu_share"] = None
    if cpu_start and cpu_end:
        others = (cpu_end[0] - cpu_start[0]) - (cpu_end[1] - cpu_start[1])
        capacity = (time.perf_counter() - started) * (os.cpu_count() or 1)
        meta["other_cpu_share"] = max(0.0, others / capacity)
    settings = {
        "quick": args.quick,
        "repeats": args.repeats,
        "target_ms": args.target_ms,
        "fresh_repeats": args.fresh_repeats,
        "import_repeats": args.import_repeats,
    }
    text = report(meta, settings, imports, checks, rows, hostile)
    print(text)
    bad = [c for c in checks if not c["ok"]]
    if args.json:
        raw = {
            "meta": meta,
            "settings": settings,
            "imports": imports,
            "checks": checks,
            "cases": cases,
            "warm": [
                {"case": cases[i]["label"], "engine": e, "question": q, **v} for (i, e, q), v in warm.items()
            ],
            "warm_call_only": [
                {"case": cases[i]["label"], "engine": "rollkit", "question": q, **v}
                for (i, q), v in call_only.items()
            ],
            "cold_cache_clear": [
                {"case": cases[i]["label"], "engine": "rollkit", "question": q, **v}
                for (i, q), v in cold_rollkit.items()
            ],
            "fresh": [
                {"case": cases[i]["label"], "engine": e, "question": q, "runs": v}
                for (i, e, q), v in fresh_raw.items()
            ],
            "rows": [
                {
                    "case": row["case"]["label"],
                    "question": row["question"],
                    **{k: row[k] for k in ("warm", "cold", "fresh")},
                }
                for row in rows
            ],
            "hostile": hostile,
            "elapsed_s": time.perf_counter() - started,
        }
        Path(args.json).write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    progress("done")
    if bad:
        banner = f"MISMATCH: {len(bad)} answer check(s) failed; see 'Answers' above"
        print("!" * len(banner) + "\n" + banner + "\n" + "!" * len(banner), file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=package.__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast subset of the cases")
    parser.add_argument("--json", metavar="PATH", help="also write the raw numbers as JSON")
    parser.add_argument("--repeats", type=int, help="timed runs per warm/cold figure (7)")
    parser.add_argument(
        "--target-ms", type=float, help="least time of one warm run; the inner loop scales to it (5)"
    )
    parser.add_argument("--fresh-repeats", type=int, help="fresh processes per figure (3)")
    parser.add_argument("--import-repeats", type=int, help="fresh processes per import time (9)")
    args = parser.parse_args(argv)
    defaults = {"repeats": 7, "target_ms": 5.0, "fresh_repeats": 3, "import_repeats": 9}
    if args.quick:
        defaults.update(repeats=5, target_ms=5.0, fresh_repeats=3, import_repeats=5)
    for key, value in defaults.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    return run(args)
