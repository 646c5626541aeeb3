"""What a widget's form tells the page script for shared links (issue #25, item 3), and the
seed a link brings, read by the request protocol: a blank one is refused, never a new roll."""

from __future__ import annotations

import json
import re
from html import escape

import pytest

from rollkit import hits
from rollkit._fields import fields
from rollkit.web import request, to_html, widget


def test_a_list_says_the_most_entries_a_link_restores_and_a_hidden_value_its_label() -> None:
    check = hits.Group(dice=4, threshold=7, tn=2, helpers=((8, 6),))
    html = to_html(widget("hits.group", check, widget_id="rk-g", show=("dice", "helpers")))
    declared = {f.name: f for f in fields(hits.Group)}
    assert declared["helpers"].most_entries == declared["helpers"].param.most == 100
    assert re.search(r'class="rk-field rk-list" id="rk-g-helpers"[^>]*data-link-most="100"', html)
    for name in ("tn", "validation", "keyword"):
        assert f'name="{name}" value="' in html
        assert re.search(
            rf'type="hidden" name="{name}" value="[^"]*" data-label="{re.escape(escape(declared[name].label))}"',
            html,
        )
    assert 'class="rk-link-note" role="alert" hidden' in html


def _roll(seed: object) -> dict[str, object]:
    message = {
        "op": "roll",
        "check": "hits",
        "params": {"dice": "5", "threshold": "6", "tn": "2"},
        "seed": seed,
    }
    return dict(json.loads(request(json.dumps(message))))


@pytest.mark.parametrize("seed", ["", " ", "abc", "-1", "1.5"])
def test_a_seed_that_is_not_one_is_refused_by_the_seed_box(seed: str) -> None:
    answer = _roll(seed)
    assert answer["ok"] is False and answer["field"] == "seed" and not answer.get("internal"), answer
    assert str(answer["error"]).startswith("Seed"), answer


def test_a_written_seed_rolls_as_the_number_it_is() -> None:
    answer = _roll(" 41 ")
    assert answer["ok"] is True
    assert answer["result"]["seed"] == 41  # type: ignore[index]
    assert _roll(None)["ok"] is True  # no seed: one is drawn
