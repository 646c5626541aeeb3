"""Exact distributions: outcomes with ``Fraction`` probabilities and an exact tail."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ._errors import RulesError
from ._format import TEXT_PLACES, fraction, percent, probability_json
from ._validate import integer

__all__ = ["Distribution", "UnknownOutcome", "TAIL_BELOW", "check_bound", "convolve", "listed", "power"]

_ZERO = Fraction(0)

TAIL_BELOW = Fraction(1, 10**6)
"""Where the support never ends, the default bound is the smallest leaving a tail below this."""


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The weights of a sum of two independent tallies (a product of polynomials, lowest
    power first): ``out[k]`` is the sum of ``a[i] * b[k - i]``."""
    if len(a) < len(b):
        a, b = b, a
    out = [0] * (len(a) + len(b) - 1)
    for j, y in enumerate(b):
        if y:
            for i, x in enumerate(a):
                out[i + j] += x * y
    return out


def power(a: Sequence[int], n: int) -> list[int]:
    """The weights of the sum of ``n`` independent tallies each weighted ``a``."""
    result, base = [1], list(a)
    while n:
        if n & 1:
            result = convolve(result, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return result


def check_bound(bound: Any, *, lowest: int, limit: int | None = None) -> int:
    """The one rule for ``distribution(bound=...)`` in every system: a whole number from
    the lowest possible tally (so that something is listed) up to ``limit``."""
    return integer(
        "bound",
        bound,
        low=lowest,
        limit=limit,
        allowed=f"a whole number of at least {lowest}, the lowest possible tally",
    )


def listed(weights: Iterable[tuple[int, int]], denominator: int, bound: Any) -> Distribution:
    """Tallies with integer weights over one denominator, listed up to ``bound`` (see
    ``check_bound``); any tally above it goes to one exact tail, "B+1 or more"."""
    pairs = list(weights)
    if bound is None:
        return Distribution.from_weights(pairs, denominator)
    bound = check_bound(bound, lowest=min((k for k, _ in pairs), default=0))
    kept = [(k, w) for k, w in pairs if k <= bound]
    if len(kept) == len(pairs):
        return Distribution.from_weights(pairs, denominator)
    return Distribution.from_weights(
        kept,
        denominator,
        tail_label=f"{bound + 1} or more",
        tail_weight=sum(w for k, w in pairs if k > bound),
    )


class UnknownOutcome(RulesError, KeyError):
    """An outcome a distribution does not list; the message names the ones it does."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Distribution(Mapping[Hashable, Fraction]):
    """Exact probabilities of outcomes, in order, plus the mass not listed.

    A read-only mapping from each listed outcome to its probability; asking for
    an outcome it does not list is an ``UnknownOutcome`` error (a ``KeyError``)
    naming the listed ones, so a misspelt name never reads as 0.

    ``tail`` is the exact probability of every outcome beyond the listed ones
    (for example "more than 30 successes" when exploding dice make the support
    infinite); ``tail_label`` says what it covers. Nothing is renormalised:
    ``total()`` is exactly 1.
    """

    pairs: tuple[tuple[Hashable, Fraction], ...]
    tail: Fraction = _ZERO
    tail_label: str = ""
    _index: dict[Hashable, Fraction] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", dict(self.pairs))

    @classmethod
    def from_weights(
        cls,
        weights: Mapping[Any, int] | Sequence[tuple[Any, int]],
        denominator: int,
        *,
        tail_weight: int = 0,
        tail_label: str = "",
    ) -> Distribution:
        """Build from integer weights over one common denominator (fast path)."""
        # a plain dict check: the first isinstance against an ABC costs ~35 us per process
        items = (
            weights.items()
            if isinstance(weights, dict)
            else (weights.items() if isinstance(weights, Mapping) else weights)
        )
        return cls(
            tuple((k, Fraction(w, denominator)) for k, w in items),
            Fraction(tail_weight, denominator),
            tail_label,
        )

    def __iter__(self) -> Iterator[Hashable]:
        return (k for k, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._index

    def __getitem__(self, outcome: Hashable) -> Fraction:
        """The probability of ``outcome``, which must be one of the listed outcomes."""
        try:
            return self._index[outcome]
        except (KeyError, TypeError):
            pass
        keys = [k for k, _ in self.pairs]
        known = ", ".join(map(repr, keys)) if len(keys) <= 12 else f"{keys[0]!r} to {keys[-1]!r}"
        beyond = f"; the rest ({self.tail_label}) is in tail" if self.tail_label else ""
        raise UnknownOutcome(
            f"outcome={outcome!r:.60} is not listed: this distribution lists {known or 'nothing'}{beyond}"
        )

    def get(self, outcome: Hashable, default: Any = None) -> Any:
        return self._index.get(outcome, default)

    def items(self) -> tuple[tuple[Hashable, Fraction], ...]:  # type: ignore[override]
        return self.pairs

    def keys(self) -> tuple[Hashable, ...]:  # type: ignore[override]
        return tuple(k for k, _ in self.pairs)

    def values(self) -> tuple[Fraction, ...]:  # type: ignore[override]
        return tuple(p for _, p in self.pairs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return (self.pairs, self.tail, self.tail_label) == (other.pairs, other.tail, other.tail_label)

    def __hash__(self) -> int:
        return hash((self.pairs, self.tail, self.tail_label))

    def total(self) -> Fraction:
        """Listed mass plus tail: exactly 1 for every distribution rollkit returns."""
        return sum((p for _, p in self.pairs), self.tail)

    def probability(self, predicate: Callable[[Any], bool]) -> Fraction:
        """The exact mass of the listed outcomes for which ``predicate`` is true."""
        return sum((p for k, p in self.pairs if predicate(k)), _ZERO)

    def at_least(self, value: int) -> Fraction:
        """P(outcome >= value) for a numeric distribution; the tail lies above the list."""
        if self.pairs and value > max(self._index) + 1 and self.tail:  # type: ignore[type-var, operator]
            raise RulesError(f"value={value!r} is beyond the listed outcomes: ask for a larger bound")
        return self.probability(lambda k: k >= value) + self.tail

    def mean(self) -> Fraction:
        """The exact mean; only for a distribution with no tail."""
        if self.tail:
            raise RulesError("mean() needs the whole distribution: this one has a tail")
        return sum((k * p for k, p in self.pairs), _ZERO)  # type: ignore[operator]

    def to_json(self) -> dict[str, Any]:
        """Plain data: each probability as an exact ``"n/d"`` string, a float and its displays."""
        return {
            "outcomes": [{"outcome": k, **probability_json(p)} for k, p in self.pairs],
            "tail": {"label": self.tail_label, **probability_json(self.tail)},
        }

    def table(self, *, exact: bool = False, places: int = TEXT_PLACES) -> str:
        """One line per outcome: the outcome, its percentage and its fraction.

        Long fractions are shortened unless ``exact`` is true.
        """
        rows = list(self.pairs)
        if self.tail or self.tail_label:
            rows.append((self.tail_label, self.tail))
        width = max((len(str(k)) for k, _ in rows), default=4)
        shown = [(str(k), percent(p, places=places), str(p) if exact else fraction(p)) for k, p in rows]
        column = max((len(s) for _, s, _ in shown), default=8)
        return "\n".join(f"{k:>{width}}  {s:>{column}}  {f}" for k, s, f in shown)

    def __str__(self) -> str:
        return self.table()
