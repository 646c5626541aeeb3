"""Engine adapters: one callable per engine (rollkit, icepool, dyce), dice system and
question, answering from the parameters of a case.

``make(engine, case, question)()`` is the answer that is timed and compared:
rollkit's ``chance()`` / ``outcomes()`` / ``distribution()``, and icepool's and
dyce's ``chance`` or full distribution of the tally (``"tally"``). Imported by the
benchmark's child processes after their timed import, so this module (and the
package's ``__init__``) import nothing beyond what the engines load anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

Case = dict[str, Any]  # plain data, so it can be handed to a child process as JSON
ENGINES = ("rollkit", "icepool", "dyce")
OTHERS = ("icepool", "dyce")
# Questions asked of each engine. rollkit's "outcomes" and "distribution" are both
# compared with the others' "tally" (the full distribution of the tally).
ROLLKIT_QUESTIONS = ("chance", "outcomes", "distribution")
OTHER_QUESTIONS = ("chance", "tally")
VERSUS = {"chance": "chance", "outcomes": "tally", "distribution": "tally"}
Make = Callable[..., Callable[[], Any]]  # the signature of make()


def make(engine: str, case: Case, question: str, *, prebuilt: bool = False) -> Callable[[], Any]:
    """A no-argument callable answering ``question`` for ``case`` with ``engine``.

    Everything from the parameters to the answer happens inside the call.
    ``prebuilt`` (rollkit only) builds the check once, outside the call.
    """
    return ADAPTERS[engine](case, question, prebuilt)


def _make_rollkit(case: Case, question: str, prebuilt: bool) -> Callable[[], Any]:
    import rollkit

    f = case["family"]
    if f == "trait":
        k = case["k"]
        build = partial(
            rollkit.trait.Check,
            mod=case["mod"],
            threshold=case["threshold"],
            prowess=k if case["keep"] == "highest" else 0,
            stagger=k if case["keep"] == "lowest" else 0,
            cap="none",
        )
    elif f == "hits":
        build = partial(rollkit.hits.Check, dice=case["n"], threshold=case["threshold"], tn=case["tn"])
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


def need(case: Case) -> int:
    """The least tally that succeeds: Threshold, TN, DC, or a total of 1 (critdice)."""
    return {"trait": case.get("threshold"), "hits": case.get("tn"), "again": case.get("dc"), "critdice": 1}[
        case["family"]
    ]


def _depth(case: Case, question: str) -> int | None:
    """icepool's and dyce's explosion depth for ``question`` (see ``cases.prepare``)."""
    return case.get("depth_chance" if question == "chance" else "depth_tally")


def _icepool_again_die(a: int, depth: int) -> Any:
    """One die of an again pool: 8+ is a success, a face >= ``a`` adds a die."""
    import icepool

    return icepool.Die(
        [1 + icepool.Again if f >= a else int(f >= 8) for f in range(1, 11)], again_depth=depth
    )


def _icepool_critdice_die(sn: int, depth: int) -> Any:
    """One standard die with its chain: 1 is -1, SN+ is +1, a 12 adds a critical die."""
    import icepool

    critical = icepool.Die(
        [2 + icepool.Again if f == 12 else (2 if f >= sn else 1) for f in range(1, 13)], again_depth=depth
    )
    return icepool.Die([1 + critical if f == 12 else (-1 if f == 1 else int(f >= sn)) for f in range(1, 13)])


def _make_icepool(case: Case, question: str, prebuilt: bool) -> Callable[[], Any]:
    import icepool

    depth, n, f = _depth(case, question), case.get("n"), case["family"]
    if f == "trait":
        k, keep, mod = case["k"], case["keep"], case["mod"]  # keep: "highest" or "lowest"
        tally = lambda: getattr(icepool.d12.pool(2 + k), keep)(2).sum() + mod
    elif f == "hits":
        t = case["threshold"]
        # pool(n).sum() rather than n @ die: as fast cold and 2-40x faster warm here.
        tally = lambda: (icepool.d10 >= t).pool(n).sum()
    elif f == "again":
        a = case["again"]
        # n @ die rather than die.pool(n).sum(): the pool is faster once cached but
        # up to 40x slower on its first call with deep explosions (6 s for 30 dice).
        tally = lambda: n @ _icepool_again_die(a, depth)
    else:
        sn = case["sn"]
        tally = lambda: n @ _icepool_critdice_die(sn, depth)  # n @ die: as for again
    least = need(case)
    return (lambda: tally().probability(">=", least)) if question == "chance" else tally


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

    depth, n, f = _depth(case, question), case.get("n"), case["family"]
    if f == "trait":
        k, mod = case["k"], case["mod"]
        which = slice(-2, None) if case["keep"] == "highest" else slice(None, 2)
        tally = lambda: ((2 + k) @ P(12)).at(which) + mod
    elif f == "hits":
        t = case["threshold"]
        tally = lambda: n @ H(10).ge(t)
    elif f == "again":
        a = case["again"]
        tally = lambda: n @ _dyce_again_die(a, depth)
    else:
        sn = case["sn"]
        tally = lambda: n @ _dyce_critdice_die(sn, depth)
    least = need(case)
    return (lambda: _dyce_at_least(tally(), least)) if question == "chance" else tally


ADAPTERS: dict[str, Callable[[Case, str, bool], Callable[[], Any]]] = {
    "rollkit": _make_rollkit,
    "icepool": _make_icepool,
    "dyce": _make_dyce,
}
