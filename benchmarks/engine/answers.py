"""Exactness: every engine's answer as exact Fractions, compared with rollkit's.

``check_answers`` is what the benchmark runs before it trusts a timing, and what
``tests/site/test_bench_engine.py`` runs on the smallest cases (also with a broken
adapter, to show a wrong answer is caught).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from benchmarks.engine.adapters import OTHERS, Case, Make, make


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


def outcomes_from_tally(
    case: Case, listed: dict[Any, Fraction], tail: Fraction
) -> tuple[dict[str, Fraction], str]:
    """rollkit's named outcomes rebuilt from another engine's tally, from the rules text.

    Returns the probabilities that can be derived and a note on what cannot.
    """

    def mass(pred: Callable[[int], bool]) -> Fraction:
        return sum((p for k, p in listed.items() if pred(k)), Fraction(0))

    f = case["family"]
    if f == "trait":  # missed by 1-4 low, 5-10 moderate, 11+ critical; reaching it succeeds
        th = case["threshold"]
        return {
            "success": mass(lambda t: t >= th),
            "low failure": mass(lambda t: 1 <= th - t <= 4),
            "moderate failure": mass(lambda t: 5 <= th - t <= 10),
            "critical failure": mass(lambda t: th - t >= 11),
        }, ""
    if f == "hits":  # table 7A bands of Effect = Hits - TN
        from rollkit.hits import DEGREES

        out = {}
        for d in DEGREES:
            lo = -math.inf if d.low is None else d.low
            hi = math.inf if d.high is None else d.high
            out[d.label] = mass(lambda h, lo=lo, hi=hi: lo <= h - case["tn"] <= hi)
        return out, ""
    if f == "again":  # a failure rolls the botch die (1 in 10 botches); 5+ successes is critical
        need, top = case["dc"], max(case["dc"], 5)
        fail = mass(lambda s: s < need)
        return {
            "critical failure": fail / 10,
            "failure": fail * 9 / 10,
            "success": mass(lambda s: need <= s < top),
            "critical success": mass(lambda s: s >= top) + tail,
        }, ""
    # critdice: below 0 critical failure, 0 failure, 1+ success; "critical success" needs
    # a standard 12, which the tally does not show, so only the sum of the two is checked.
    return {
        "critical failure": mass(lambda t: t < 0),
        "failure": mass(lambda t: t == 0),
        "success + critical success": mass(lambda t: t >= 1) + tail,
    }, "success and critical success checked as their sum"


def check_answers(
    cases: list[Case], answers: dict[tuple[int, str, str], Any] | None = None, *, make: Make = make
) -> list[dict[str, Any]]:
    """Compare every answer across engines; each result has ``ok`` and a ``detail``.

    ``answers`` maps (case index, engine, question) to a raw answer; missing
    ones are computed here with ``make`` (the adapters).
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
            results.append(
                result(
                    case,
                    "chance",
                    engine,
                    got == ref,
                    "" if got == ref else f"rollkit {ref} != {engine} {got} (difference {got - ref})",
                )
            )
        listed, tail = get(i, "rollkit", "distribution")
        for engine in OTHERS:
            other, other_tail = get(i, engine, "tally")
            diffs = {
                k: other.get(k, 0) - listed.get(k, 0)
                for k in set(listed) | set(other)
                if other.get(k, 0) != listed.get(k, 0)
            }
            ok = not diffs and other_tail == tail
            detail = "listed part and tail equal" if case["bound"] is not None else ""
            if not ok:
                detail = (
                    f"differences {engine} - rollkit: {dict(sorted(diffs.items()))};"
                    f" tail {other_tail} vs {tail}"
                )
            results.append(result(case, "distribution", engine, ok, detail))
        for engine in OTHERS:
            named = dict(get(i, "rollkit", "outcomes")[0])
            other, other_tail = get(i, engine, "tally")
            derived, note = outcomes_from_tally(case, other, other_tail)
            if "success + critical success" in derived:
                named["success + critical success"] = named.pop("success", 0) + named.pop(
                    "critical success", 0
                )
            bad = {k: (named.get(k, 0), v) for k, v in derived.items() if named.get(k, 0) != v}
            bad.update({k: (p, 0) for k, p in named.items() if k not in derived and p})
            results.append(
                result(case, "outcomes", engine, not bad, note if not bad else f"rollkit vs {engine}: {bad}")
            )
    return results


def result(case: Case, question: str, engine: str, ok: bool, detail: str) -> dict[str, Any]:
    return {"case": case["label"], "question": question, "engine": engine, "ok": bool(ok), "detail": detail}
