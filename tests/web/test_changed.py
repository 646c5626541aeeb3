"""A link made on an earlier build (``rollkit.web._changed``): the odds view says when the chance
of success it carried is not the one its values have now, with both numbers."""

from __future__ import annotations

import json
from fractions import Fraction

from rollkit import trait
from rollkit.web import request
from rollkit.web._changed import earlier_chance

ODDS = {"op": "odds", "check": "trait", "params": {"mod": "5", "threshold": "15"}}


def _odds(**extra: object) -> dict[str, object]:
    answer = json.loads(request(json.dumps({**ODDS, **extra})))
    assert answer["ok"], answer
    return answer["result"]["view"]  # type: ignore[no-any-return]


def _text(tree: object) -> str:
    return tree if isinstance(tree, str) else "".join(_text(child) for child in tree[2:])  # type: ignore[index]


def test_an_earlier_chance_that_differs_is_said_with_both_numbers() -> None:
    assert trait.Check(mod=5, threshold=15).chance() == Fraction(3, 4)  # the chance these values have now
    view = _odds(earlier="9/16")
    note = view["tree"][2]  # type: ignore[index]
    assert note[:2] == ["p", {"class": "rk-link-changed", "data-rollkit-earlier": "9/16"}]
    assert _text(note) == (
        "This link was made on an earlier version of the site, when these values had a 56.25% (9/16)"
        " chance of success; the rules changed since: now 75.00% (3/4)."
    )


def test_the_same_chance_or_no_earlier_build_says_nothing() -> None:
    plain = _odds()
    assert _odds(earlier="3/4") == plain
    assert "earlier version" not in json.dumps(plain)


def test_a_link_without_a_chance_says_the_odds_are_this_versions() -> None:
    for carried in ("", "not a chance", "3/2", "1/0", "9" * 2000):
        note = _odds(earlier=carried)["tree"][2]  # type: ignore[index]
        assert _text(note).startswith(
            "This link was made on an earlier version of the site; the chance it showed is not known"
        ), carried
    assert earlier_chance(" 1/2 ") == Fraction(1, 2) and earlier_chance("-1/2") is None


def test_an_earlier_chance_that_is_not_text_is_refused() -> None:
    answer = json.loads(request(json.dumps({**ODDS, "earlier": 5})))
    assert answer == {"ok": False, "error": "Earlier is not text.", "field": None}
