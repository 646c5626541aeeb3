"""The widgets' "What do I need?": its form in every widget, the worker's ``need`` request,
its answer and its mistakes tied to their field."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollkit import hits, trait
from rollkit._fields import fields
from rollkit._registry import kinds
from rollkit.web import NeedRequest, answer, read, request, to_html, widget
from tests.helpers.strategies import example

ISSUE = {"op": "need", "check": "hits", "params": {"dice": "8", "threshold": "7", "tn": "3"}, "vary": "dice"}


def _ask(**changed: object) -> dict[str, object]:
    return json.loads(request(json.dumps({**ISSUE, "chance": "75%", **changed})))  # type: ignore[no-any-return]


def test_dice_for_75_percent_through_the_worker() -> None:
    got = _ask()
    assert got["ok"] is True
    view = got["result"]["view"]  # type: ignore[index]
    pools = {d: hits.Check(dice=d, threshold=7, tn=3).chance() for d in range(0, 12)}
    least = min(d for d, c in pools.items() if c >= Fraction(3, 4))
    assert view["summary"] == (
        f"The least Dice Pool that gives at least 75% is {least}: 76.82% ({pools[least]});"
        f" with {least - 1}: 68.46% ({pools[least - 1]})."
    )
    text = json.dumps(view["tree"])
    assert "For Dice Pool 8, Threshold 7+, Target Number (TN) 3." in text  # the values it belongs to
    assert "Closest to 50%" in text and f"{pools[9]}" in text and "+8.36 points" in text
    assert view["values"] == "Dice Pool 8, Threshold 7+, Target Number (TN) 3"
    assert "need(check, vary='dice', chance='75%')" in got["result"]["python"]  # type: ignore[index]


def test_the_request_is_read_typed() -> None:
    req = read(json.dumps({**ISSUE, "chance": "3/4", "at": "most"}))
    assert req == NeedRequest(check="hits", params=ISSUE["params"], vary="dice", chance="3/4", at="most")  # type: ignore[arg-type]
    found = answer(req)
    assert found.view.summary.startswith("The greatest Dice Pool that gives at most 75% is 8: 68.46%")


@pytest.mark.parametrize(
    ("changed", "field", "said"),
    [
        ({"chance": "lots"}, "chance", "Chance: “lots” is not a chance; enter a percentage such as 75%"),
        ({"chance": "150%"}, "chance", "Chance: 150% is not a chance; enter one from 0% to 100%."),
        ({"chance": 75}, "chance", "Chance: 75 is not text."),
        ({"vary": "pool"}, "vary", "'pool' is not a value of this check; choose Dice Pool"),
        ({"vary": "keyword"}, "vary", "Validation keyword is not a whole number"),
        ({"at": "more"}, "at", "'more' is neither at least nor at most."),
        (
            {"params": {"dice": "x", "threshold": "7", "tn": "3"}},
            "dice",
            "Dice Pool: “x” is not a whole number",
        ),
    ],
)
def test_a_mistake_is_tied_to_its_field(changed: dict[str, object], field: str, said: str) -> None:
    got = _ask(**changed)
    assert got["ok"] is False and got["field"] == field and "internal" not in got
    assert said in str(got["error"])


def test_no_value_reaches_it() -> None:
    got = _ask(chance="100%")
    assert got["result"]["view"]["summary"].startswith(  # type: ignore[index]
        "No value of Dice Pool from 0 to 2000 gives at least 100%: the most is >99.99%"
    )


@pytest.mark.parametrize("kind", list(kinds()))
def test_every_widget_asks_what_do_i_need_of_its_shown_whole_numbers(kind: str) -> None:
    cls = kinds()[kind]
    check = cls(**example(cls))
    html = to_html(widget(kind, check, widget_id="w"))
    numbers = [f for f in fields(cls) if f.kind == "number"]
    assert ("What do I need?" in html) == bool(numbers)
    for f in numbers:
        assert f'<option value="{f.name}">' in html
    if numbers:
        assert (
            'id="w-need-chance"' in html
            and 'aria-describedby="w-need-chance-hint w-need-chance-error"' in html
        )


def test_a_widget_shows_only_the_fields_it_shows() -> None:
    html = to_html(
        widget("trait", trait.Check(mod=5, threshold=15), widget_id="t", show=("mod", "threshold"))
    )
    assert '<option value="mod">MOD</option>' in html and 'value="exp"' not in html
    none = to_html(widget("trait", trait.Check(mod=5, threshold=15), widget_id="t", show=("adept",)))
    assert "What do I need?" not in none
