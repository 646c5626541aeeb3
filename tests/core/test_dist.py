"""Distributions (rollkit._dist): exact outcomes in order with an exact tail, and the shared
sum-of-tallies maths."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

from rollkit import Distribution, RulesError


def test_distribution_reads_and_totals() -> None:
    d = Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3 or more")
    assert d[1] == Fraction(1, 5) and d.get(7, 0) == 0 and d.get(7) is None
    with pytest.raises(
        KeyError,
        match=r"outcome=7 is not listed: this distribution lists 0, 1, 2;"
        r" the rest \(3 or more\) is in tail",
    ):
        d[7]
    with pytest.raises(RulesError):  # also a RulesError, like every mistake rollkit names
        d["7"]
    assert isinstance(d, Mapping) and dict(d) == {0: Fraction(1, 10), 1: Fraction(1, 5), 2: Fraction(3, 10)}
    assert d.keys() == (0, 1, 2) and d.values() == (Fraction(1, 10), Fraction(1, 5), Fraction(3, 10))
    assert d == Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3 or more")
    assert d != Distribution.from_weights({0: 1, 1: 2, 2: 3}, 10, tail_weight=4, tail_label="3+")
    big = Distribution.from_weights({k: 1 for k in range(20)}, 20)
    with pytest.raises(KeyError, match="lists 0 to 19$"):
        big[20]
    assert list(d) == [0, 1, 2] and len(d) == 3 and 2 in d and 3 not in d
    assert d.total() == 1
    assert d.at_least(2) == Fraction(7, 10)
    assert d.at_least(3) == Fraction(2, 5)
    with pytest.raises(RulesError, match="beyond the listed outcomes"):
        d.at_least(5)
    with pytest.raises(RulesError, match="tail"):
        d.mean()
    whole = Distribution.from_weights({1: 1, 2: 1, 3: 2}, 4)
    assert whole.mean() == Fraction(9, 4)
    assert whole.to_json()["outcomes"][2] == {
        "outcome": 3,
        "probability": "1/2",
        "float": 0.5,
        "percent": "50.00%",
        "fraction": "1/2",
    }
    tiny = Distribution.from_weights({0: 1, 1: 10**6 - 1}, 10**6)
    assert tiny.to_json()["outcomes"][0]["percent"] == "0.0001%"
    rare = Distribution.from_weights({0: 48, 1: 10**8 - 48}, 10**8)
    assert rare.to_json()["outcomes"][0]["percent"] == "0.000048%"
    assert "3 or more" in str(d)


def test_convolve_and_power_against_enumeration() -> None:
    """The shared sum-of-tallies maths, against counting every combination of faces."""
    import itertools
    from collections import Counter

    from rollkit._dist import convolve, power

    d6 = (0, 1, 1, 1, 1, 1, 1)  # index = face
    for count in range(0, 5):
        sums = Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=count))
        got = power(d6, count)
        assert {k: w for k, w in enumerate(got) if w} == dict(sums), count
    coin, d4 = (1, 1), (0, 1, 1, 1, 1)
    sums = Counter(a + b for a in (0, 1) for b in range(1, 5))
    assert {k: w for k, w in enumerate(convolve(coin, d4)) if w} == dict(sums)
    assert convolve(d4, coin) == convolve(coin, d4) and convolve([3], [0, 2]) == [0, 6]
    weighted = (2, 0, 5)  # a face worth 0 twice, 2 five times
    assert power(weighted, 2) == [4, 0, 20, 0, 25]
