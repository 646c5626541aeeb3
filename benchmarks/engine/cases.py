"""The benchmark cases: parameters per dice system, and the explosion depths at which
icepool and dyce answer exactly where the dice explode."""

from __future__ import annotations

import math

from benchmarks.engine.adapters import Case, make

FAMILIES = ("trait", "hits", "again", "critdice")


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
    agains = ((5, 10), (10, 10), (10, 8)) if quick else tuple((n, a) for a in (10, 9, 8) for n in (5, 10, 30))
    for n, a in agains:
        cases.append({"family": "again", "n": n, "again": a, "dc": 3})
    for n in (3, 9) if quick else (3, 9, 20):
        cases.append({"family": "critdice", "n": n, "sn": 8})
    return cases


def smallest_cases() -> list[Case]:
    """One small case per family and shape (for the test of the answer checks)."""
    return prepare(
        [
            {"family": "trait", "k": 0, "keep": "highest", "mod": 5, "threshold": 15},
            {"family": "trait", "k": 1, "keep": "highest", "mod": 5, "threshold": 15},
            {"family": "trait", "k": 1, "keep": "lowest", "mod": 5, "threshold": 15},
            {"family": "hits", "n": 5, "threshold": 7, "tn": 3},
            {"family": "again", "n": 5, "again": 10, "dc": 3},
            {"family": "again", "n": 5, "again": 8, "dc": 3},
            {"family": "critdice", "n": 3, "sn": 8},
        ]
    )


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
