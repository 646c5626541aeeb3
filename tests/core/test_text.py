"""Text a reader types (a form, a link, the command line) is read in one pass and bounded:
every text field refuses a text longer than its declaration allows before reading it, and
the list and choice readers agree with the patterns they replace, without their backtracking."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import LimitError, RulesError, critdice
from rollkit._fields import fields
from rollkit._params import _chunks, build, checks
from rollkit.critdice._rules import _written_moves
from rollkit.web import request

KINDS = list(checks())

# The patterns the readers replace, kept here as the reference they must agree with: they
# backtrack on a long run of spaces (quadratic time), the readers do not.
_SPLIT = re.compile(r"\s*,\s*|\s+")


def _chunks_by_pattern(text: str) -> list[list[str]]:
    text = re.sub(r"\s*:\s*", ":", text.strip())
    return [chunk.split(":") for chunk in (_SPLIT.split(text) if text else [])]


def _moves_by_pattern(text: str) -> list[str]:
    return [p for p in re.split(r"[,;\s]+(?=\d)", text) if p.strip()]


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="12 ,:\t\n;+-xL", max_size=16))
def test_the_list_reader_agrees_with_the_pattern_it_replaces(text: str) -> None:
    stripped = text.strip()
    assert (_chunks(stripped) if stripped else []) == _chunks_by_pattern(text)


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="126 ,;\t+-LFx", max_size=16))
def test_the_adjustments_reader_agrees_with_the_pattern_it_replaces(text: str) -> None:
    assert _written_moves(text.strip()) == _moves_by_pattern(text.strip())


def _text_fields() -> list[tuple[str, str]]:
    return [(kind, f.name) for kind in KINDS for f in fields(checks()[kind])]


@pytest.mark.parametrize(("kind", "name"), _text_fields(), ids=lambda v: v)
def test_every_text_field_refuses_a_text_longer_than_it_allows(kind: str, name: str) -> None:
    field = next(f for f in fields(checks()[kind]) if f.name == name)
    text = "1" + " " * field.longest + "2"  # what made the old list reader take seconds
    with pytest.raises(RulesError) as error:
        build(kind, {name: text})
    assert error.value.field == name
    assert str(error.value) == (
        f"{field.label}: \u201c1 2\u201d ({len(text):,} characters) is too long; enter at most"
        f" {field.longest:,}."
    )


def test_a_list_as_long_as_it_may_be_is_read() -> None:
    helpers = next(f for f in fields(checks()["hits.group"]) if f.name == "helpers")
    text = ", ".join(["1:6"] * helpers.param.most)
    assert len(text) <= helpers.longest
    group = build("hits.group", {"dice": "4", "threshold": "7", "tn": "1", "helpers": text})
    assert len(group.helpers) == helpers.param.most


def test_long_written_choices_are_refused_before_they_are_read() -> None:
    written = "1+1L" + " " * 20_000 + "x"
    with pytest.raises(LimitError, match=r"^adjustments is 20,005 characters long: rollkit reads at most"):
        critdice.adjustments(written)
    with pytest.raises(LimitError):
        critdice.Check(dice=3, legendary=1).resolve([8, 8, 8], adjustments="9" * 5000 + "+1L")
    assert critdice.adjustments("6+3F 2-1L") == critdice.adjustments("6+3F, 2-1L")


def test_a_five_thousand_digit_number_is_the_readers_mistake_everywhere() -> None:
    answer = request(
        '{"op": "odds", "check": "hits", "params": {"dice": "5", "threshold": "7", "tn": "'
        + "9" * 5000
        + '"}}'
    )
    assert '"field": "tn"' in answer and "characters) is too long" in answer and "internal" not in answer
