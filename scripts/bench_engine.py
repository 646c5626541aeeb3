"""Benchmark rollkit's exact odds against icepool and dyce, and check all three agree.

    .venv/bin/python scripts/bench_engine.py                  # full run, about 1.5 minutes on 2 cores
    .venv/bin/python scripts/bench_engine.py --quick          # a subset, about half a minute
    .venv/bin/python scripts/bench_engine.py --json out.json  # also write every raw number

Prints Markdown: the machine, ``import`` times (target: ``import rollkit`` under
20 ms), whether the answers agree, and three tables of timings, each with
rollkit's time divided by the faster of icepool and dyce (the project target is
a ratio of 0.1 or less, rollkit 10x faster):

* warm: in one process, after a first call, the median over ``--repeats`` runs
  of an inner loop auto-scaled to ``--target-ms``. Each timed call answers the
  question from its parameters (rollkit builds the check, icepool and dyce
  build their dice), so warm rollkit answers come from its ``lru_cache``s;
  "call only" reuses one built check.
* cold: the first answer with nothing cached. rollkit is timed in this process
  after ``cache_clear()`` on every ``lru_cache`` in rollkit, and for all three
  engines as the first call in a fresh process (import not included).
* fresh process: ``import`` (for rollkit: ``rollkit.<system>``, as systems load
  on first use) plus the first answer in a new interpreter, timed inside it
  (interpreter start-up excluded), median over ``--fresh-repeats``.

Child interpreters read and write bytecode in a temporary ``PYTHONPYCACHEPREFIX``
(primed before timing, removed at the end), so all three engines import from
cached bytecode as an installed package would. The import table also shows the
environment as is: with ``PYTHONDONTWRITEBYTECODE=1`` and no ``rollkit/__pycache__``
in the checkout, rollkit is compiled from source on every import while icepool
and dyce load the ``.pyc`` files pip wrote when installing them.

Questions per case: ``chance`` (probability of success) for all three; rollkit's
``outcomes()`` and ``distribution()`` are each set against the full distribution
of the tally from icepool and dyce (for ``outcomes`` that is generous to them:
they would still have to group it, and for critdice cannot split success from
critical success with the tally alone).

Answers are compared as exact Fractions; any mismatch is printed loudly and the
script exits with status 1. Exploding dice (again, critdice) have infinite
support: icepool and dyce are given an explosion depth just large enough that
the compared quantities are exactly equal (see ``again_depths`` and
``critdice_depths`` for the argument), and the full distribution is compared on
rollkit's listed part up to its default bound plus the exact tail above it.

Touches nothing in rollkit; icepool and dyce are dev-only tools of .venv.
"""

from __future__ import annotations

import gc
import json
import math
import os
import sys
import time
import warnings
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

# Child processes import this module after their timed import, so the rest of the
# standard library it needs (argparse, hashlib, platform, statistics, subprocess,
# tempfile ...) is imported inside the functions that use it.

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = Path(__file__).resolve().parent
ENGINES = ("rollkit", "icepool", "dyce")
OTHERS = ("icepool", "dyce")
FAMILIES = ("trait", "hits", "again", "critdice")
# Import rows of the report: rollkit loads each system module on first use, so a fresh
# process answering a trait question imports rollkit and rollkit.trait.
IMPORTS = ("rollkit", *(f"rollkit.{f}" for f in FAMILIES), "icepool", "dyce")
TARGET_RATIO = 0.1  # rollkit time / faster other engine: 10x faster or better
IMPORT_TARGET_MS = 20.0
SLOW_CALL = 0.1  # seconds: a warm figure of calls this slow takes at most SLOW_REPEATS runs
SLOW_REPEATS = 3
NOISY_SHARE = 0.1  # other processes' share of the CPUs above which a run is flagged noisy

# Questions asked of each engine. rollkit's "outcomes" and "distribution" are both
# compared with the others' "tally" (the full distribution of the tally).
ROLLKIT_QUESTIONS = ("chance", "outcomes", "distribution")
OTHER_QUESTIONS = ("chance", "tally")
VERSUS = {"chance": "chance", "outcomes": "tally", "distribution": "tally"}

Case = dict[str, Any]  # plain data, so it can be handed to a child process as JSON


# ----------------------------------------------------------------------------- cases

def case_list(quick: bool) -> list[Case]:
    """The benchmark cases (without bounds and depths; see ``prepare``)."""
    cases: list[Case] = []
    trait_ks = (0, 3) if quick else (0, 1, 3, 5)
    for k in trait_ks:
        # k = 0 keeps both dice of plain 2d12: highest and lowest are the same check.
        for keep in ("highest",) if k == 0 else ("highest", "lowest"):
            cases.append({"family": "trait", "k": k, "keep": keep, "mod": 5, "threshold": 15})
    for n in (5, 30) if quick else (5, 10, 30, 100):
        cases.append({"family": "hits", "n": n, "threshold": 7, "tn": 3})
    agains = ((5, 10), (10, 10), (10, 8)) if quick else tuple(
        (n, a) for a in (10, 9, 8) for n in (5, 10, 30))
    for n, a in agains:
        cases.append({"family": "again", "n": n, "again": a, "dc": 3})
    for n in (3, 9) if quick else (3, 9, 20):
        cases.append({"family": "critdice", "n": n, "sn": 8})
    return cases


def smallest_cases() -> list[Case]:
    """One small case per family and shape (for the test of the answer checks)."""
    return prepare([
        {"family": "trait", "k": 0, "keep": "highest", "mod": 5, "threshold": 15},
        {"family": "trait", "k": 1, "keep": "highest", "mod": 5, "threshold": 15},
        {"family": "trait", "k": 1, "keep": "lowest", "mod": 5, "threshold": 15},
        {"family": "hits", "n": 5, "threshold": 7, "tn": 3},
        {"family": "again", "n": 5, "again": 10, "dc": 3},
        {"family": "again", "n": 5, "again": 8, "dc": 3},
        {"family": "critdice", "n": 3, "sn": 8},
    ])


def label(case: Case) -> str:
    f = case["family"]
    if f == "trait":
        if case["k"] == 0:
            return "trait 2d12+5 vs 15"
        return f"trait {case['keep']} 2 of {2 + case['k']}d12+5 vs 15"
    if f == "hits":
        return f"hits {case['n']}d10 at {case['threshold']}+, TN {case['tn']}"
    if f == "again":
        return f"again {case['n']}d10 {case['again']}-again, DC {case['dc']}"
    return f"critdice {case['n']}d12 SN {case['sn']}"


def again_depths(need: int, bound: int) -> tuple[int, int]:
    """Explosion depths (chance, distribution) at which icepool and dyce answer exactly.

    With depth D a die rolls at most D extra dice and the last Again counts 0
    (icepool's ``again_depth`` with the default ``again_end``; the dyce model
    does the same). A chain cut there has rolled D + 1 dice that all showed
    the again value, each a success, so that die alone has D + 1 successes in
    the truncated model and at least D + 1 in the real one; chains not cut are
    identical. So every event about a total of at most D + 1 successes has the
    same probability in both: P(successes >= need) needs D = need - 1, and
    P(successes = s) for s = 0..bound (hence also the tail above bound) needs
    D = bound.
    """
    return need - 1, bound


def critdice_depths(n: int, sn: int, bound: int) -> tuple[int, int]:
    """Critical-chain depths (chance, distribution) at which icepool and dyce are exact.

    SN <= 12, so a 12 on a critical die counts 2 and a standard 12 counts 1.
    With depth D a chain holds at most D + 1 critical dice and the last one's
    12 rolls nothing more. A chain cut there showed D + 1 twelves, so its
    standard die counts 1 + 2(D + 1) = 2D + 3 in the truncated model and more
    in the real one (every extra critical die adds at least 1), while the
    other n - 1 standard dice count at least -1 each: the total is at least
    2D + 4 - n in both models, and uncut rolls are identical. P(total >= 1)
    is exact once 2D + 4 - n >= 1, and P(total = t) for every t <= bound once
    2D + 4 - n >= bound + 1 (both depths are also the smallest that work: one
    less changes the answer).
    """
    if sn > 12:
        raise ValueError("the critdice models assume SN <= 12")
    return max(0, math.ceil((n - 3) / 2)), max(0, math.ceil((bound + n - 3) / 2))


def prepare(cases: list[Case]) -> list[Case]:
    """Add rollkit's default bound and the icepool/dyce explosion depths to each case."""
    for case in cases:
        case["bound"] = None
        if case["family"] in ("again", "critdice"):
            dist = make("rollkit", case, "distribution")()
            case["bound"] = max(dist)  # the last listed value; the tail lies above it
            if case["family"] == "again":
                depths = again_depths(case["dc"], case["bound"])
            else:
                depths = critdice_depths(case["n"], case["sn"], case["bound"])
            case["depth_chance"], case["depth_tally"] = depths
        case["label"] = label(case)
    return cases


# ----------------------------------------------------------------------------- engines

def make(engine: str, case: Case, question: str, *, prebuilt: bool = False) -> Callable[[], Any]:
    """A no-argument callable answering ``question`` for ``case`` with ``engine``.

    Everything from the parameters to the answer happens inside the call.
    ``prebuilt`` (rollkit only) builds the check once, outside the call.
    """
    return {"rollkit": _make_rollkit, "icepool": _make_icepool, "dyce": _make_dyce}[engine](
        case, question, prebuilt)


def _make_rollkit(case: Case, question: str, prebuilt: bool) -> Callable[[], Any]:
    import rollkit

    f = case["family"]
    if f == "trait":
        k = case["k"]
        build = partial(rollkit.trait.Check, mod=case["mod"], threshold=case["threshold"],
                        prowess=k if case["keep"] == "highest" else 0,
                        stagger=k if case["keep"] == "lowest" else 0, cap="none")
    elif f == "hits":
        build = partial(rollkit.hits.Check, dice=case["n"], threshold=case["threshold"],
                        tn=case["tn"])
    elif f == "again":
        build = partial(rollkit.again.Check, dice=case["n"], dc=case["dc"], again=case["again"])
    else:
        build = partial(rollkit.critdice.Check, dice=case["n"], sn=case["sn"])
    if prebuilt:
        return getattr(build(), question)
    if question == "chance":
        return lambda: build().chance()
    if question == "outcomes":
        return lambda: build().outcomes()
    return lambda: build().distribution()


def _icepool_again_die(a: int, depth: int) -> Any:
    """One die of an again pool: 8+ is a success, a face >= ``a`` adds a die."""
    import icepool

    return icepool.Die([1 + icepool.Again if f >= a else int(f >= 8) for f in range(1, 11)],
                       again_depth=depth)


def _icepool_critdice_die(sn: int, depth: int) -> Any:
    """One standard die with its chain: 1 is -1, SN+ is +1, a 12 adds a critical die."""
    import icepool

    critical = icepool.Die(
        [2 + icepool.Again if f == 12 else (2 if f >= sn else 1) for f in range(1, 13)],
        again_depth=depth)
    return icepool.Die([1 + critical if f == 12 else (-1 if f == 1 else int(f >= sn))
                        for f in range(1, 13)])


def _make_icepool(case: Case, question: str, prebuilt: bool) -> Callable[[], Any]:
    import icepool

    f = case["family"]
    depth = case.get("depth_chance" if question == "chance" else "depth_tally")
    if f == "trait":
        k, keep, mod = case["k"], case["keep"], case["mod"]

        def tally() -> Any:
            pool = icepool.d12.pool(2 + k)
            return (pool.highest(2) if keep == "highest" else pool.lowest(2)).sum() + mod
        need = case["threshold"]
    elif f == "hits":
        n, t = case["n"], case["threshold"]

        def tally() -> Any:
            # pool(n).sum() rather than n @ die: as fast cold and 2-40x faster warm here.
            return (icepool.d10 >= t).pool(n).sum()
        need = case["tn"]
    elif f == "again":
        n, a = case["n"], case["again"]

        def tally() -> Any:
            # n @ die rather than die.pool(n).sum(): the pool is faster once cached but
            # up to 40x slower on its first call with deep explosions (6 s for 30 dice).
            return n @ _icepool_again_die(a, depth)
        need = case["dc"]
    else:
        n, sn = case["n"], case["sn"]

        def tally() -> Any:
            return n @ _icepool_critdice_die(sn, depth)  # n @ die: as for again
        need = 1
    if question == "chance":
        return lambda: tally().probability(">=", need)
    return tally


def _dyce_at_least(h: Any, value: int) -> Fraction:
    return Fraction(sum(c for o, c in h.items() if o >= value), h.total)


def _dyce_again_die(a: int, depth: int) -> Any:
    """One die of an again pool with at most ``depth`` extra dice (the last Again counts 0)."""
    from dyce import H
    from dyce.evaluation import expand

    # Faces grouped first (0 fail, 1 success, 2 success that rolls again), so the
    # expansion recurses once per level instead of once per exploding face.
    kind = H(10).apply(lambda f: 2 if f >= a else int(f >= 8))

    def roll(result: Any, *, left: int) -> Any:
        if result.outcome == 2:
            return expand(roll, kind, left=left - 1) + 1 if left else 1
        return result.outcome
    return expand(roll, kind, left=depth, min_path_probability=Fraction(0))


def _dyce_critdice_die(sn: int, depth: int) -> Any:
    """One standard die with a critical chain of at most ``depth`` + 1 critical dice."""
    from dyce import H
    from dyce.evaluation import expand

    def critical(result: Any, *, left: int) -> Any:
        if result.outcome == 12:
            return expand(critical, H(12), left=left - 1) + 2 if left else 2
        return 2 if result.outcome >= sn else 1
    chain = expand(critical, H(12), left=depth, min_path_probability=Fraction(0))

    def standard(result: Any) -> Any:
        face = result.outcome
        return chain + 1 if face == 12 else (-1 if face == 1 else int(face >= sn))
    return expand(standard, H(12))


def _make_dyce(case: Case, question: str, prebuilt: bool) -> Callable[[], Any]:
    from dyce import H, P

    f = case["family"]
    depth = case.get("depth_chance" if question == "chance" else "depth_tally")
    if f == "trait":
        k, keep, mod = case["k"], case["keep"], case["mod"]
        which = slice(-2, None) if keep == "highest" else slice(None, 2)

        def tally() -> Any:
            return ((2 + k) @ P(12)).at(which) + mod
        need = case["threshold"]
    elif f == "hits":
        n, t = case["n"], case["threshold"]

        def tally() -> Any:
            return n @ H(10).ge(t)
        need = case["tn"]
    elif f == "again":
        n, a = case["n"], case["again"]

        def tally() -> Any:
            return n @ _dyce_again_die(a, depth)
        need = case["dc"]
    else:
        n, sn = case["n"], case["sn"]

        def tally() -> Any:
            return n @ _dyce_critdice_die(sn, depth)
        need = 1
    if question == "chance":
        return lambda: _dyce_at_least(tally(), need)
    return tally


# ----------------------------------------------------------------------------- answers

def probabilities(engine: str, answer: Any) -> dict[Any, Fraction]:
    """An engine's distribution as {outcome: exact probability}, zero entries dropped."""
    if engine == "rollkit":
        return {k: p for k, p in answer.items() if p}
    if engine == "icepool":
        den = answer.denominator()
        return {int(o): Fraction(q, den) for o, q in answer.items() if q}
    return {int(o): Fraction(c, answer.total) for o, c in answer.items() if c}


def collapse(probs: dict[Any, Fraction], bound: int | None) -> tuple[dict[Any, Fraction], Fraction]:
    """(outcomes up to ``bound``, exact mass above ``bound``) of a numeric distribution."""
    if bound is None:
        return dict(probs), Fraction(0)
    listed = {k: p for k, p in probs.items() if k <= bound}
    return listed, sum((p for k, p in probs.items() if k > bound), Fraction(0))


def canonical(engine: str, case: Case, question: str, answer: Any) -> Any:
    """What is compared: a Fraction, or (listed outcomes, tail) for a distribution."""
    if question == "chance":
        return Fraction(answer)
    if engine == "rollkit" and question == "outcomes":
        return (probabilities(engine, answer), Fraction(0))
    if engine == "rollkit":
        return (probabilities(engine, answer), answer.tail)
    return collapse(probabilities(engine, answer), case["bound"])


def digest(engine: str, case: Case, question: str, answer: Any) -> str:
    """A short fingerprint of an answer (to check a child process got the same one)."""
    import hashlib

    value = canonical(engine, case, question, answer)
    if isinstance(value, Fraction):
        text = str(value)
    else:
        listed, tail = value
        text = repr((sorted((str(k), str(p)) for k, p in listed.items()), str(tail)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def outcomes_from_tally(case: Case, listed: dict[Any, Fraction], tail: Fraction
                        ) -> tuple[dict[str, Fraction], str]:
    """rollkit's named outcomes rebuilt from another engine's tally, from the rules text.

    Returns the probabilities that can be derived and a note on what cannot.
    """
    def mass(pred: Callable[[int], bool]) -> Fraction:
        return sum((p for k, p in listed.items() if pred(k)), Fraction(0))

    f = case["family"]
    if f == "trait":  # missed by 1-4 low, 5-10 moderate, 11+ critical; reaching it succeeds
        th = case["threshold"]
        return {"success": mass(lambda t: t >= th),
                "low failure": mass(lambda t: 1 <= th - t <= 4),
                "moderate failure": mass(lambda t: 5 <= th - t <= 10),
                "critical failure": mass(lambda t: th - t >= 11)}, ""
    if f == "hits":  # table 7A bands of Effect = Hits - TN
        from rollkit.hits._tables import DEGREES

        out = {}
        for d in DEGREES:
            lo = -math.inf if d.low is None else d.low
            hi = math.inf if d.high is None else d.high
            out[d.label] = mass(lambda h, lo=lo, hi=hi: lo <= h - case["tn"] <= hi)
        return out, ""
    if f == "again":  # a failure rolls the botch die (1 in 10 botches); 5+ successes is critical
        need, top = case["dc"], max(case["dc"], 5)
        fail = mass(lambda s: s < need)
        return {"critical failure": fail / 10, "failure": fail * 9 / 10,
                "success": mass(lambda s: need <= s < top),
                "critical success": mass(lambda s: s >= top) + tail}, ""
    # critdice: below 0 critical failure, 0 failure, 1+ success; "critical success" needs
    # a standard 12, which the tally does not show, so only the sum of the two is checked.
    return {"critical failure": mass(lambda t: t < 0), "failure": mass(lambda t: t == 0),
            "success + critical success": mass(lambda t: t >= 1) + tail}, \
        "success and critical success checked as their sum"


def check_answers(cases: list[Case], answers: dict[tuple[int, str, str], Any] | None = None
                  ) -> list[dict[str, Any]]:
    """Compare every answer across engines; each result has ``ok`` and a ``detail``.

    ``answers`` maps (case index, engine, question) to a raw answer; missing
    ones are computed here.
    """
    answers = {} if answers is None else answers

    def get(i: int, engine: str, question: str) -> Any:
        key = (i, engine, question)
        if key not in answers:
            answers[key] = make(engine, cases[i], question)()
        return canonical(engine, cases[i], question, answers[key])

    results = []
    for i, case in enumerate(cases):
        ref = get(i, "rollkit", "chance")
        for engine in OTHERS:
            got = get(i, engine, "chance")
            results.append(_result(case, "chance", engine, got == ref,
                                   "" if got == ref else f"rollkit {ref} != {engine} {got}"
                                   f" (difference {got - ref})"))
        listed, tail = get(i, "rollkit", "distribution")
        for engine in OTHERS:
            other, other_tail = get(i, engine, "tally")
            diffs = {k: other.get(k, 0) - listed.get(k, 0)
                     for k in set(listed) | set(other) if other.get(k, 0) != listed.get(k, 0)}
            ok = not diffs and other_tail == tail
            detail = ("listed part and tail equal" if case["bound"] is not None else "")
            if not ok:
                detail = (f"differences {engine} - rollkit: {dict(sorted(diffs.items()))};"
                          f" tail {other_tail} vs {tail}")
            results.append(_result(case, "distribution", engine, ok, detail))
        for engine in OTHERS:
            named = dict(get(i, "rollkit", "outcomes")[0])
            other, other_tail = get(i, engine, "tally")
            derived, note = outcomes_from_tally(case, other, other_tail)
            if "success + critical success" in derived:
                named["success + critical success"] = (named.pop("success", 0)
                                                      + named.pop("critical success", 0))
            bad = {k: (named.get(k, 0), v) for k, v in derived.items() if named.get(k, 0) != v}
            bad.update({k: (p, 0) for k, p in named.items() if k not in derived and p})
            results.append(_result(case, "outcomes", engine, not bad,
                                   note if not bad else f"rollkit vs {engine}: {bad}"))
    return results


def _result(case: Case, question: str, engine: str, ok: bool, detail: str) -> dict[str, Any]:
    return {"case": case["label"], "question": question, "engine": engine, "ok": bool(ok),
            "detail": detail}


# ----------------------------------------------------------------------------- timing

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
    import statistics

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
    return {"median": statistics.median(samples), "samples": samples, "number": number,
            "first_call_in_run": first}


def time_cold_rollkit(fn: Callable[[], Any], repeats: int) -> dict[str, Any]:
    """Median seconds of one call right after clearing every rollkit cache."""
    import statistics

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
sys.dont_write_bytecode = not sys.pycache_prefix  # never a __pycache__ in scripts/
sys.path.insert(0, {scripts!r})
import bench_engine as b
case = b.json.loads({case!r})
t2 = time.perf_counter()
answer = b.make({engine!r}, case, {question!r})()  # make() only wraps: no work, no imports
t3 = time.perf_counter()
print(b.json.dumps({{"import": t1 - t0, "first": t3 - t2,
                    "digest": b.digest({engine!r}, case, {question!r}, answer)}}))
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


def run_child(engine: str, case: Case, question: str, env: dict[str, str] | None = None
              ) -> dict[str, Any]:
    """Import ``engine`` and answer once in a fresh interpreter; times taken inside it."""
    import subprocess

    code = _CHILD.format(module=engine_import(engine, case), scripts=str(SCRIPTS),
                         case=json.dumps(case), engine=engine, question=question)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=False, env=env)
    if proc.returncode:
        raise RuntimeError(f"child {engine} {case['label']} {question} failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def time_imports(repeats: int, env: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Median time of each ``import`` of ``IMPORTS`` in a fresh interpreter (start-up excluded)."""
    import statistics
    import subprocess

    code = ("import time, warnings\nwarnings.simplefilter('ignore')\nt0 = time.perf_counter()\n"
            "import {}\nprint(time.perf_counter() - t0)")
    samples: dict[str, list[float]] = {m: [] for m in IMPORTS}
    for _ in range(repeats):
        for module in IMPORTS:
            out = subprocess.run([sys.executable, "-c", code.format(module)],
                                 capture_output=True, text=True, cwd=ROOT, check=True, env=env)
            samples[module].append(float(out.stdout.strip().splitlines()[-1]))
    return {m: {"median": statistics.median(s), "samples": s} for m, s in samples.items()}


# ----------------------------------------------------------------------------- report

def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds:.3g} s"


def fmt_ratio(ratio: float) -> str:
    if ratio <= 1:
        return f"{ratio:.3g} ({1 / ratio:.3g}x faster)"
    return f"{ratio:.3g} ({ratio:.3g}x slower)"


def ratio_row(rollkit: float, others: dict[str, float]) -> tuple[float, str, bool]:
    best_engine = min(others, key=lambda e: others[e])
    ratio = rollkit / others[best_engine]
    return ratio, best_engine, ratio <= TARGET_RATIO


def cpu_seconds() -> tuple[float, float] | None:
    """(CPU seconds used by the whole machine, by this process and its children) so far."""
    import resource

    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(x) for x in fh.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    machine_total = (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
    own = sum(x for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
              for x in (resource.getrusage(who).ru_utime, resource.getrusage(who).ru_stime))
    return machine_total, own


def machine() -> dict[str, Any]:
    import datetime
    import platform
    import subprocess
    from importlib import metadata

    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = {}
    for dist in ENGINES:
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "?"
    def git(*args: str) -> str:  # read-only queries
        try:
            return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT,
                                  check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "?"
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": git("rev-parse", "--short", "HEAD"),
        "rollkit_changes": bool(git("status", "--porcelain", "--", "rollkit")),
        "rollkit_pycache": any((ROOT / "rollkit").rglob("__pycache__/*.pyc")),
        "platform": platform.platform(), "machine": platform.machine(), "cpu": cpu,
        "cpu_count": os.cpu_count(), "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "executable": sys.executable, "versions": versions,
    }


def report(meta: dict[str, Any], settings: dict[str, Any], imports: dict[str, Any],
           checks: list[dict[str, Any]], rows: list[dict[str, Any]]) -> str:
    out: list[str] = []
    add = out.append
    add("# rollkit engine benchmark\n")
    v = meta["versions"]
    add(f"- date: {meta['date']}")
    add(f"- machine: {meta['platform']} ({meta['machine']}), {meta['cpu']},"
        f" {meta['cpu_count']} CPUs; {meta['python_implementation']} {meta['python']}")
    add(f"- engines: rollkit {v['rollkit']} (commit {meta['commit']}"
        f"{', with uncommitted changes in rollkit/' if meta['rollkit_changes'] else ''}),"
        f" icepool {v['icepool']}, dyce {v['dyce']}")
    if meta.get("other_cpu_share") is not None:
        share = meta["other_cpu_share"]
        add(f"- other processes used {share:.0%} of the machine's CPU time during the run"
            + (" (**other work was running: timings are noisy**)" if share > NOISY_SHARE
               else ""))
    add(f"- settings: {'quick subset' if settings['quick'] else 'full run'}; warm = median of"
        f" {settings['repeats']} runs (at most {SLOW_REPEATS} for calls over"
        f" {SLOW_CALL * 1e3:g} ms), inner loop scaled to >= {settings['target_ms']:g} ms;"
        f" cold = median of {settings['repeats']} (rollkit cache_clear) and of"
        f" {settings['fresh_repeats']} fresh processes; fresh = median of"
        f" {settings['fresh_repeats']} processes")
    add("- ratio = rollkit time / the faster of icepool and dyce; target: <= 0.1"
        " (rollkit >= 10x faster)\n")

    add("## Import time (fresh interpreter, start-up excluded)\n")
    add("Median of fresh processes. *Bytecode cached* is what the fresh-process figures"
        " below use; *environment as is* runs with this shell's environment"
        f" (PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')},"
        f" `rollkit/__pycache__` {'present' if meta['rollkit_pycache'] else 'absent'}: without"
        " it rollkit is compiled from source on every import).\n")
    add("| import | bytecode cached | environment as is | target |")
    add("|---|---:|---:|---|")
    for module in IMPORTS:
        ms = imports["cached"][module]["median"] * 1e3
        as_is = imports["as_is"][module]["median"] * 1e3
        target = (f"< {IMPORT_TARGET_MS:g} ms: {'met' if ms < IMPORT_TARGET_MS else 'MISSED'}"
                  if module == "rollkit" else "")
        add(f"| `import {module}` | {ms:.1f} ms | {as_is:.1f} ms | {target} |")
    add("\nThe fresh-process figures import `rollkit.<system>` (rollkit loads systems on first"
        " use), `icepool` or `dyce`.\n")

    bad = [c for c in checks if not c["ok"]]
    add("## Answers\n")
    if bad:
        add(f"**MISMATCH: {len(bad)} of {len(checks)} answer checks failed**\n")
        for c in bad:
            add(f"- **{c['case']} / {c['question']} / {c['engine']}**: {c['detail']}")
    else:
        add(f"All {len(checks)} checks equal (exact Fractions): chance, and the full distribution"
            " of the tally, for icepool and dyce against rollkit; rollkit's outcomes against"
            " those rebuilt from each tally (critdice: success and critical success as their"
            " sum). Exploding dice: the listed part up to rollkit's default bound plus the"
            " exact tail, at explosion depths where equality is guaranteed:")
        for row in rows:
            case = row["case"]
            if row["question"] == "chance" and case["family"] in ("again", "critdice"):
                add(f"  - {case['label']}: bound {case['bound']}, depth {case['depth_chance']}"
                    f" for chance, {case['depth_tally']} for the distribution")
    add("")

    kinds = (
        ("warm", "Warm (in-process, after a first call)",
         "rollkit builds the check in every call; *call only* reuses one built check."),
        ("cold", "Cold (first answer, nothing cached, import excluded)",
         ("rollkit *cache_clear* is in-process after clearing every lru_cache; the other"
          " columns are the first call in a fresh process; the ratio uses those.")),
        ("fresh", "Fresh process (import + first answer, interpreter start-up excluded)", ""),
    )
    for kind, title, note in kinds:
        add(f"## {title}\n")
        if note:
            add(note + "\n")
        extra = {"warm": " rollkit call only |", "cold": " rollkit cache_clear |",
                 "fresh": ""}[kind]
        add(f"| case | question | rollkit |{extra} icepool | dyce | ratio | >= 10x |")
        add("|---|---|---:|" + ("---:|" if extra else "") + "---:|---:|---:|:---:|")
        for row in rows:
            r = row[kind]
            q = row["question"] + (" *" if row["question"] != "chance" else "")
            cells = [row["case"]["label"], q, fmt_time(r["rollkit"])]
            if kind == "warm":
                cells.append(fmt_time(r["rollkit_call_only"]))
            if kind == "cold":
                cells.append(fmt_time(r["rollkit_cache_clear"]))
            cells += [fmt_time(r["icepool"]), fmt_time(r["dyce"]),
                      f"{fmt_ratio(r['ratio'])} vs {r['best']}",
                      "yes" if r["met"] else "**no**"]
            add("| " + " | ".join(cells) + " |")
        add("\n\\* icepool and dyce: the full distribution of the tally, for both rows.\n")

    add("## Summary\n")
    ms = imports["cached"]["rollkit"]["median"] * 1e3
    as_is = imports["as_is"]["rollkit"]["median"] * 1e3
    add(f"- `import rollkit`: {ms:.1f} ms from cached bytecode ({as_is:.1f} ms with the"
        f" environment as is), target < {IMPORT_TARGET_MS:g} ms:"
        f" {'met' if ms < IMPORT_TARGET_MS else '**missed**'}; with one system loaded"
        f" {min(imports['cached'][f'rollkit.{f}']['median'] for f in FAMILIES) * 1e3:.1f}"
        f" to {max(imports['cached'][f'rollkit.{f}']['median'] for f in FAMILIES) * 1e3:.1f}"
        " ms")
    for kind, _, _ in kinds:
        misses: dict[str, list[str]] = {}
        for row in rows:
            if not row[kind]["met"]:
                misses.setdefault(row["case"]["label"], []).append(
                    f"{row['question']} {row[kind]['ratio']:.2g}")
        met = sum(row[kind]["met"] for row in rows)
        add(f"- {kind}: {met} of {len(rows)} meet the 10x target"
            + ("; misses (ratio):" if misses else ""))
        for case_label, items in misses.items():
            add(f"  - {case_label}: {', '.join(items)}")
    add(f"- answers: {'all equal' if not bad else f'**{len(bad)} MISMATCHES**'}")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- main

def run(args: argparse.Namespace) -> int:
    import shutil
    import statistics
    import tempfile

    warnings.simplefilter("ignore")  # dyce's ExperimentalWarning on every expand()
    started = time.perf_counter()
    cpu_start = cpu_seconds()
    import rollkit  # noqa: F401  (loaded first so prepare() can read bounds)

    cases = prepare(case_list(args.quick))
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
                        make(engine, case, question, prebuilt=True), args.repeats, target)

    progress("checking answers")
    checks = check_answers(cases, answers)

    progress("cold: rollkit after cache_clear")
    cold_rollkit = {(i, q): time_cold_rollkit(make("rollkit", case, q), args.repeats)
                    for i, case in enumerate(cases) for q in ROLLKIT_QUESTIONS}

    jobs = [(i, engine, q) for i in range(len(cases)) for engine in ENGINES
            for q in (ROLLKIT_QUESTIONS if engine == "rollkit" else OTHER_QUESTIONS)]
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
        imports = {"cached": time_imports(args.import_repeats, env),
                   "as_is": time_imports(args.import_repeats)}
        for r in range(args.fresh_repeats):
            progress(f"fresh processes: round {r + 1} of {args.fresh_repeats},"
                     f" {len(jobs)} processes")
            for i, engine, q in jobs:  # interleaved, so drift hits every engine alike
                fresh_raw[i, engine, q].append(run_child(engine, cases[i], q, env))
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    for (i, engine, q), runs in fresh_raw.items():
        want = digest(engine, cases[i], q, answers[i, engine, q])
        for run_ in runs:
            if run_["digest"] != want:
                checks.append(_result(cases[i], q, engine, False,
                                      f"fresh-process answer differs ({run_['digest']}"
                                      f" vs {want})"))

    def med(values: list[float]) -> float:
        return statistics.median(values)

    rows = []
    for i, case in enumerate(cases):
        for q in ROLLKIT_QUESTIONS:
            vq = VERSUS[q]
            row: dict[str, Any] = {"case": case, "question": q}
            kinds = {
                "warm": {"rollkit": warm[i, "rollkit", q]["median"],
                         "rollkit_call_only": call_only[i, q]["median"],
                         **{e: warm[i, e, vq]["median"] for e in OTHERS}},
                "cold": {"rollkit": med([x["first"] for x in fresh_raw[i, "rollkit", q]]),
                         "rollkit_cache_clear": cold_rollkit[i, q]["median"],
                         **{e: med([x["first"] for x in fresh_raw[i, e, vq]]) for e in OTHERS}},
                "fresh": {e: med([x["import"] + x["first"]
                                  for x in fresh_raw[i, e, q if e == "rollkit" else vq]])
                          for e in ENGINES},
            }
            for kind, t in kinds.items():
                t["ratio"], t["best"], t["met"] = ratio_row(t["rollkit"],
                                                             {e: t[e] for e in OTHERS})
                row[kind] = t
            rows.append(row)

    meta = machine()
    cpu_end = cpu_seconds()
    meta["other_cpu_share"] = None
    if cpu_start and cpu_end:
        others = (cpu_end[0] - cpu_start[0]) - (cpu_end[1] - cpu_start[1])
        capacity = (time.perf_counter() - started) * (os.cpu_count() or 1)
        meta["other_cpu_share"] = max(0.0, others / capacity)
    settings = {"quick": args.quick, "repeats": args.repeats, "target_ms": args.target_ms,
                "fresh_repeats": args.fresh_repeats, "import_repeats": args.import_repeats}
    text = report(meta, settings, imports, checks, rows)
    print(text)
    bad = [c for c in checks if not c["ok"]]
    if args.json:
        raw = {
            "meta": meta, "settings": settings, "imports": imports, "checks": checks,
            "cases": cases,
            "warm": [{"case": cases[i]["label"], "engine": e, "question": q, **v}
                     for (i, e, q), v in warm.items()],
            "warm_call_only": [{"case": cases[i]["label"], "engine": "rollkit", "question": q,
                                **v} for (i, q), v in call_only.items()],
            "cold_cache_clear": [{"case": cases[i]["label"], "engine": "rollkit", "question": q,
                                  **v} for (i, q), v in cold_rollkit.items()],
            "fresh": [{"case": cases[i]["label"], "engine": e, "question": q, "runs": v}
                      for (i, e, q), v in fresh_raw.items()],
            "rows": [{"case": row["case"]["label"], "question": row["question"],
                      **{k: row[k] for k in ("warm", "cold", "fresh")}} for row in rows],
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
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast subset of the cases")
    parser.add_argument("--json", metavar="PATH", help="also write the raw numbers as JSON")
    parser.add_argument("--repeats", type=int, help="timed runs per warm/cold figure (7)")
    parser.add_argument("--target-ms", type=float,
                        help="least time of one warm run; the inner loop scales to it (5)")
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


if __name__ == "__main__":
    sys.exit(main())
