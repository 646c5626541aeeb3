"""``rollkit.need`` against brute force, for every kind and each of its whole-number fields.

Over a few values of a field (the other values small, drawn from the declarations), the
chance at each value is found by enumerating every roll (``tests.helpers.enumeration``, which
replays the check's dice and never reads its maths); the answer ``need`` gives for each chance
asked is what a plain scan of those chances gives. Where a check declares a field
``monotone``, the enumerated chances move one way there: the proof the halving search relies
on. Then the words, the JSON, the limits and every refusal.
"""

from __future__ import annotations

import dataclasses
import doctest
import functools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import CheckBase, LimitError, RulesError, hits, need
from rollkit import _need as need_module
from rollkit._fields import Field, fields
from rollkit._need import MAX_GAP, MAX_SCAN, Need, wanted
from rollkit._params import find
from rollkit._registry import kinds
from tests.helpers.enumeration import Enumerated, TooMany, every_roll
from tests.helpers.strategies import small_values

KINDS = list(kinds())
"""Every kind the registry knows: a new one is held to brute force with no edit here."""

WIDTH = 4
"""The most values of a field a test enumerates."""

PLAYS = 400
"""The most replays of a check's roll a test enumerates (two d10s and a few more take 111)."""


def _made(check: CheckBase, name: str, value: int) -> CheckBase | None:
    try:
        return dataclasses.replace(check, **{name: value})  # type: ignore[type-var]
    except RulesError:
        return None


@functools.cache
def _counted(check: CheckBase) -> tuple[Fraction, Enumerated]:
    """The chance by enumerating every roll where that is exact; else ``chance()``, held within
    the enumerated bounds (dice that explode), or alone where the rolls are too many."""
    exact = check.chance()
    try:
        counted = every_roll(check, depth=4, plays=PLAYS)
    except TooMany:
        return exact, Enumerated(exact, Fraction(0))
    assert counted.holds(exact), (check, counted, exact)
    return exact, counted


def _window(check: CheckBase, field: Field) -> list[tuple[int, Fraction, Enumerated]]:
    """The values the rules allow around the check's own (at most ``WIDTH``), each with its
    chance (``_counted``)."""
    start = getattr(check, field.name)
    low, high = field.param.low, field.param.high
    found = {start: _counted(check)}
    for value in sorted(range(start - WIDTH, start + WIDTH + 1), key=lambda v: (abs(v - start), v)):
        if len(found) == WIDTH:
            break
        if (low is not None and value < low) or (high is not None and value > high):
            continue
        made = _made(check, field.name, value)
        if made is not None:
            found[value] = _counted(made)
    values = sorted(found)
    return [(v, *found[v]) for v in values]


def _one_way(counted: list[Enumerated]) -> bool:
    """Whether the enumerated chances can move one way: no value provably above (or below) both
    an earlier and a later one."""
    low = [c.chance for c in counted]
    high = [c.chance + c.cut for c in counted]
    n = len(counted)
    for j in range(n):
        before, after = range(j), range(j + 1, n)
        if any(low[j] > high[i] for i in before) and any(low[j] > high[k] for k in after):
            return False  # a peak
        if any(high[j] < low[i] for i in before) and any(high[j] < low[k] for k in after):
            return False  # a valley
    return True


def _scan(
    scan: list[tuple[int, Fraction]], start: int, p: Fraction, at: str
) -> tuple[str, tuple[int, Fraction] | None, tuple[int, Fraction] | None]:
    """How the chance moves, the value that gives ``p`` and the one short of it, read off the
    list of chances by a plain scan."""
    chances = [c for _, c in scan]
    pairs = list(zip(chances, chances[1:]))

    def reaches(c: Fraction) -> bool:
        return c >= p if at == "least" else c <= p

    if all(a == b for a, b in pairs):
        here = dict(scan)[start]
        return "constant", ((start, here) if reaches(here) else None), None
    moves = (
        "rises" if all(a <= b for a, b in pairs) else "falls" if all(a >= b for a, b in pairs) else "mixed"
    )
    hits_at = [i for i, (_, c) in enumerate(scan) if reaches(c)]
    if not hits_at:
        return moves, None, None
    lowest = moves == "mixed" or (moves == "rises") == (at == "least")
    i = hits_at[0] if lowest else hits_at[-1]
    j = i - 1 if lowest else i + 1
    return moves, scan[i], (scan[j] if 0 <= j < len(scan) else None)


def _asked(chances: list[Fraction]) -> list[Fraction]:
    """Every chance in the list, each halfway between two of them, and 0 and 1."""
    shown = sorted(set(chances))
    return sorted({Fraction(0), Fraction(1), *shown, *((a + b) / 2 for a, b in zip(shown, shown[1:]))})


def _drawn(kind: str, data: st.DataObject) -> CheckBase:
    """A check of ``kind`` with small values (``small_values``), any the rules refuse skipped."""
    cls = find(kind)
    try:
        return cls(**data.draw(small_values(cls)))  # type: ignore[no-any-return]
    except RulesError:
        assume(False)
        raise


def _pair(found: need_module.Found | None) -> tuple[int, Fraction] | None:
    return None if found is None else (found.value, found.chance)


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_the_answer_is_a_plain_scan_of_every_roll(kind: str, data: st.DataObject) -> None:
    check = _drawn(kind, data)
    for field in fields(type(check)):
        if field.kind != "number":
            continue
        window = _window(check, field)
        start = getattr(check, field.name)
        if field.name in check.monotone_fields():
            assert _one_way([c for _, _, c in window]), (check, field.name, window)
        scan = [(v, c) for v, c, _ in window]
        low, high = scan[0][0], scan[-1][0]
        for p in _asked([c for _, c in scan]):
            for at in ("least", "most"):
                answer = need(check, vary=field.name, chance=p, at=at, closest=p, low=low, high=high)
                moves, found, short = _scan(scan, start, p, at)
                where = (check, field.name, p, at, scan)
                assert (answer.moves, answer.low, answer.high) == (moves, low, high), where
                assert _pair(answer.found) == found, where
                assert _pair(answer.short) == short, where
                nearest = min(abs(c - p) for _, c in scan)
                assert abs(answer.closest.chance - p) == nearest, where
                assert dict(scan)[answer.closest.value] == answer.closest.chance, where


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_a_monotone_field_moves_one_way_over_more_values(kind: str, data: st.DataObject) -> None:
    """The declared fields again, over twice as many values, by the exact ``chance()``."""
    check = _drawn(kind, data)
    for name in check.monotone_fields():
        start = getattr(check, name)
        made = [_made(check, name, v) for v in range(start - 2 * WIDTH, start + 2 * WIDTH + 1)]
        chances = [m.chance() for m in made if m is not None]
        pairs = list(zip(chances, chances[1:]))
        assert all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs), (check, name, chances)


def test_every_monotone_name_is_a_whole_number_field() -> None:
    for name, cls in kinds().items():
        numbers = {f.name for f in fields(cls) if f.kind == "number"}
        assert cls.monotone <= numbers, (name, cls.monotone - numbers)


def test_a_group_leaders_pool_moves_one_way_only_while_buying_nothing() -> None:
    helped = hits.Group(dice=5, threshold=7, tn=11, helpers=((4, 7),))
    assert "dice" in helped.monotone_fields()
    buying = hits.Group(dice=15, threshold=7, tn=11, bought=2)
    assert "dice" not in buying.monotone_fields()
    chances = [dataclasses.replace(buying, dice=d).chance() for d in range(15, 25)]
    assert chances[4] > chances[5]  # at 20 dice the leader starts to buy: the chance drops


# -- the example of the issue, and the words ------------------------------------------------


def test_dice_for_75_percent_at_7_plus_against_tn_3() -> None:
    answer = need("hits", values={"threshold": 7, "tn": 3}, vary="dice", chance="75%")
    pools = {d: hits.Check(dice=d, threshold=7, tn=3).chance() for d in range(0, 20)}
    least = min(d for d, c in pools.items() if c >= Fraction(3, 4))
    assert least == 9
    assert answer.found is not None and answer.short is not None
    assert (answer.found.value, answer.found.chance) == (least, pools[least])
    assert (answer.short.value, answer.short.chance) == (least - 1, pools[least - 1])
    assert (answer.moves, answer.extreme, answer.low, answer.high) == ("rises", "least", 0, 2000)
    assert answer.said() == (
        "The least Dice Pool that gives at least 75% is 9: 76.82% (1500416/1953125);"
        " with 8: 68.46% (267424/390625)."
    )
    assert answer.check == hits.Check(dice=9, threshold=7, tn=3)  # no pool given: steps at the answer
    [dice] = [s for s in answer.steps if s.field == "dice"]
    assert dice.up is not None and dice.down is not None
    assert (dice.down.value, dice.down.chance) == (8, pools[8])
    assert (dice.up.value, dice.up.chance) == (10, pools[10])


def test_which_tn_makes_it_even_odds_and_the_greatest_that_gives_a_chance() -> None:
    check = hits.Check(dice=8, threshold=7, tn=3)
    answer = need(check, vary="tn", chance="40%")
    tns = {t: hits.Check(dice=8, threshold=7, tn=t).chance() for t in range(0, 10)}
    assert answer.moves == "falls" and answer.extreme == "greatest"
    assert answer.found is not None and answer.short is not None
    assert answer.found.value == max(t for t, c in tns.items() if c >= Fraction(2, 5)) == 4
    assert answer.short.value == 5
    assert answer.closest.value == min(tns, key=lambda t: abs(tns[t] - Fraction(1, 2)))
    assert answer.closest_said() == "Closest to 50%: Target Number (TN) 4, 40.59% (31712/78125)."
    assert answer.check is check


def test_at_most_asks_the_other_way() -> None:
    answer = need(hits.Check(dice=8, threshold=7, tn=3), vary="tn", chance="10%", at="most")
    tns = {t: hits.Check(dice=8, threshold=7, tn=t).chance() for t in range(0, 10)}
    assert answer.found is not None and answer.short is not None
    assert answer.extreme == "least"
    assert answer.found.value == min(t for t, c in tns.items() if c <= Fraction(1, 10))
    assert answer.short.value == answer.found.value - 1
    assert answer.said().startswith("The least Target Number (TN) that gives at most 10% is 6:")


def test_no_value_reaches_it_and_every_value_does() -> None:
    none = need(hits.Check(dice=8, threshold=7, tn=3), vary="dice", chance=1)
    assert none.found is None and none.short is None and not none.every
    assert none.best.value == 2000 and none.best.chance == hits.Check(dice=2000, threshold=7, tn=3).chance()
    assert none.said().startswith(
        "No value of Dice Pool from 0 to 2000 gives at least 100%: the most is >99.99%"
    )
    every = need(hits.Check(dice=8, threshold=7, tn=1), vary="dice", chance="0%")
    assert every.found is not None and every.found.value == 0 and every.every and every.short is None
    assert every.said() == (
        "The least Dice Pool that gives at least 0% is 0: 0% (0); every value of Dice Pool"
        " from 0 to 2000 gives at least 0%."
    )
    flat = need(hits.Check(dice=8, threshold=7, tn=0), vary="dice", chance="10%")
    assert flat.moves == "constant" and flat.found is not None and flat.found.value == 8


def test_a_chance_that_does_not_change_and_a_field_with_one_value() -> None:
    flat = need(hits.Check(dice=8, threshold=7, tn=3), vary="validation", chance="50%")
    assert flat.moves == "constant" and flat.every and flat.found is not None and flat.found.value == 0
    assert flat.said() == (
        "The chance does not change with Validation Die: 68.46% (267424/390625) at every value"
        " from 0 to 10, so every value gives at least 50%."
    )
    one = need(hits.Check(dice=8, threshold=7, tn=3), vary="bought", chance="50%")
    assert (one.low, one.high) == (0, 0)
    assert one.said() == (
        "These values allow only Bought groups 0: 68.46% (267424/390625), which gives at least 50%."
    )


def test_a_chance_that_rises_and_falls_is_worked_out_value_by_value() -> None:
    check = rollkit.trait.Check(mod=-11, threshold=12, adept=True, stagger=5, spend=2, exp=0)
    chances = [dataclasses.replace(check, exp=e).chance() for e in range(0, 101)]
    assert any(a > b for a, b in zip(chances, chances[1:])) and any(
        a < b for a, b in zip(chances, chances[1:])
    )
    answer = need(check, vary="exp", chance="73%")
    least = min(e for e, c in enumerate(chances) if c >= Fraction(73, 100))
    assert answer.moves == "mixed" and answer.found is not None and answer.found.value == least == 3
    assert answer.short is not None and answer.short.value == 2
    assert answer.said().startswith(
        "The chance rises and falls with EXP, so rollkit worked out every value from 0 to 100."
        " The least EXP that gives at least 73% is 3: 75.00% (3/4); with 2: 68.75% (11/16)."
    )


def test_values_a_rule_refuses_are_stepped_over() -> None:
    """On a d20 a toPass comes in steps of 5%: the step before 75% is 70%, and one step of
    toPass is worth 5 points."""
    check = rollkit.ninefold.Check(to_pass=50, die=20, favourable=5, unfavourable=5)
    answer = need(check, vary="to_pass", chance="72%")
    assert answer.found is not None and answer.short is not None
    assert (answer.found.value, answer.found.chance) == (75, Fraction(3, 4))
    assert (answer.short.value, answer.short.chance) == (70, Fraction(7, 10))
    [step] = [s for s in answer.steps if s.field == "to_pass"]
    assert step.up is not None and step.down is not None
    assert (step.up.value, step.down.value) == (55, 45)
    assert step.to_json()["up"]["change"]["probability"] == "1/20"
    misfire = hits.Check(dice=8, threshold=7, tn=3, validation=2, keyword="misfire")
    validation = need(misfire, vary="validation", chance="40%")
    assert (validation.low, validation.high) == (2, 10)  # Misfire reads a die: not 0, and never 1+
    assert validation.found is not None and validation.short is not None
    chances = {v: dataclasses.replace(misfire, validation=v).chance() for v in range(2, 11)}
    assert validation.found.value == max(v for v, c in chances.items() if c >= Fraction(2, 5))


def test_an_end_the_rules_do_not_set_is_said_as_rollkits() -> None:
    answer = need(rollkit.again.Mitigated(dice=6, defence=1), vary="defence", chance="40%")
    assert (answer.low, answer.high, answer.open_low, answer.open_high) == (0, 1000, False, True)
    assert answer.found is not None and answer.short is not None
    assert (answer.found.value, answer.short.value) == (4, 5)  # 2 dice, then the 1 die of any Defense
    assert answer.found.value == max(
        d for d in range(0, 30) if rollkit.again.Mitigated(dice=6, defence=d).chance() >= Fraction(2, 5)
    )
    assert (
        "the rules set no greatest Defense; rollkit looked no further" in answer.said() + answer.range_said()
    )


def test_steps_say_what_one_step_of_each_field_is_worth() -> None:
    check = hits.Check(dice=8, threshold=7, tn=3)
    answer = need(check, vary="dice", chance="75%")
    worth = {s.field: s for s in answer.steps}
    assert set(worth) == {"dice", "threshold", "tn", "bought", "validation"}
    for name in ("dice", "threshold", "tn"):
        step = worth[name]
        assert step.value == getattr(check, name) and step.chance == check.chance()
        assert step.up is not None and step.down is not None
        assert step.up.chance == dataclasses.replace(check, **{name: step.value + 1}).chance()
        assert step.down.chance == dataclasses.replace(check, **{name: step.value - 1}).chance()
    assert worth["bought"].up is None and worth["bought"].down is None  # 8 dice cannot buy
    assert worth["validation"].down is None and worth["validation"].up is not None
    assert worth["validation"].up.value == 2
    edge = need(hits.Check(dice=0, threshold=10, tn=0), vary="dice", chance="50%")
    low = {s.field: s for s in edge.steps}
    assert low["dice"].down is None and low["threshold"].up is None and low["tn"].down is None


def test_the_json_has_every_chance_whole() -> None:
    data = need("hits", values={"threshold": "7", "tn": "3"}, vary="dice", chance="3/4").to_json()
    assert data["found"] == {
        "value": 9,
        "chance": {
            "probability": "1500416/1953125",
            "float": 1500416 / 1953125,
            "percent": "76.82%",
            "fraction": "1500416/1953125",
        },
    }
    assert data["short"]["value"] == 8 and data["short"]["chance"]["probability"] == "267424/390625"
    assert data["wanted"]["probability"] == "3/4" and data["at"] == "least" and data["moves"] == "rises"
    assert data["searched"] == {"low": 0, "high": 2000, "open_low": False, "open_high": False}
    assert data["said"].startswith("The least Dice Pool")
    [dice] = [s for s in data["steps"] if s["field"] == "dice"]
    assert dice["down"]["change"]["probability"] == str(
        hits.Check(dice=8, threshold=7, tn=3).chance() - hits.Check(dice=9, threshold=7, tn=3).chance()
    )


# -- reading what was asked, and refusals ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("75%", Fraction(3, 4)),
        (" 75 % ", Fraction(3, 4)),
        ("33.5%", Fraction(67, 200)),
        ("3/4", Fraction(3, 4)),
        ("0.75", Fraction(3, 4)),
        (".75", Fraction(3, 4)),
        ("1", Fraction(1)),
        ("0", Fraction(0)),
        ("100%", Fraction(1)),
        (Fraction(1, 3), Fraction(1, 3)),
        (0.25, Fraction(1, 4)),
        (1, Fraction(1)),
    ],
)
def test_a_chance_is_read_as_a_reader_writes_it(text: object, value: Fraction) -> None:
    assert wanted(text) == value


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("lots", "“lots” is not a chance; enter a percentage such as 75%"),
        ("", "“” is not a chance"),
        ("3/4%", "“3/4%” is not a chance"),
        ("٧٥%", "is not a chance"),
        ("-5%", "“-5%” is not a chance"),
        ("150%", "150% is not a chance; enter one from 0% to 100%."),
        ("5/4", "125% is not a chance; enter one from 0% to 100%."),
        ("1/0", "“1/0” divides by zero"),
        (Fraction(-1, 2), "Fraction(-1, 2) is not a chance; enter one from 0% to 100%."),
        (None, "None is not a chance"),
        (True, "True is not a chance"),
        (float("nan"), "nan is not a chance"),
    ],
)
def test_a_chance_that_is_not_one_is_refused_naming_its_field(text: object, said: str) -> None:
    with pytest.raises(RulesError) as caught:
        need(hits.Check(dice=8, threshold=7, tn=3), vary="dice", chance=text)  # type: ignore[arg-type]
    assert caught.value.field == "chance"
    assert said in (caught.value.said or ""), caught.value.said
    with pytest.raises(RulesError) as closest:
        need(hits.Check(dice=8, threshold=7, tn=3), vary="dice", chance="50%", closest=text)  # type: ignore[arg-type]
    assert closest.value.field == "closest"


def test_an_unknown_field_or_one_that_is_no_number_is_refused_naming_vary() -> None:
    check = hits.Check(dice=8, threshold=7, tn=3)
    with pytest.raises(RulesError) as unknown:
        need(check, vary="pool", chance="75%")
    assert unknown.value.field == "vary"
    assert str(unknown.value).startswith("vary='pool' is not a field of Check: choose one of dice, threshold")
    assert unknown.value.said == (
        "'pool' is not a value of this check; choose Dice Pool, Threshold (x+), Target Number (TN),"
        " Bought groups, Validation Die (x+)."
    )
    with pytest.raises(RulesError) as words:
        need(check, vary="keyword", chance="75%")
    assert words.value.field == "vary"
    assert (words.value.said or "").startswith("Validation keyword is not a whole number; choose Dice Pool")


def test_other_mistakes_name_their_field() -> None:
    check = hits.Check(dice=8, threshold=7, tn=3)
    with pytest.raises(RulesError) as at:
        need(check, vary="dice", chance="75%", at="more")  # type: ignore[arg-type]
    assert at.value.field == "at"
    with pytest.raises(RulesError) as low:
        need(check, vary="dice", chance="75%", low=-1)
    assert low.value.field == "low" and (low.value.said or "").startswith("Dice Pool: -1 is out of range")
    with pytest.raises(RulesError) as order:
        need(check, vary="dice", chance="75%", low=9, high=3)
    assert order.value.field == "low"
    with pytest.raises(RulesError) as none:
        need(hits.Check(dice=20, threshold=7, tn=3, bought=1), vary="dice", chance="75%", low=0, high=10)
    assert none.value.field == "low" and "no value from 0 to 10" in (none.value.said or "")
    with pytest.raises(RulesError) as values:
        need(check, vary="dice", chance="75%", values={"tn": 2})
    assert values.value.field == "values"
    with pytest.raises(RulesError) as which:
        need(3, vary="dice", chance="75%")  # type: ignore[arg-type]
    assert which.value.field == "check"
    with pytest.raises(RulesError) as other:
        need("hits", values={"threshold": "7", "tn": "three"}, vary="dice", chance="75%")
    assert other.value.field == "tn"


def test_a_field_too_wide_to_work_out_value_by_value_is_refused_naming_what_it_would_search() -> None:
    check = hits.Group(dice=300, threshold=7, tn=40, bought=1)
    with pytest.raises(LimitError) as caught:
        need(check, vary="dice", chance="75%")
    assert caught.value.field == "vary"
    assert caught.value.said == (
        "the chance can rise and fall with Leader's Dice Pool, so rollkit works out every value;"
        f" the 601 values from 0 to 600 are too many (at most {MAX_SCAN})."
    )
    narrowed = need(check, vary="dice", chance="75%", low=100, high=100 + MAX_SCAN - 1)
    assert narrowed.found is not None


def test_a_search_stops_at_a_long_run_of_refused_values() -> None:
    """Past ``MAX_GAP`` refused values in a row the search ends: the hits pool limit of 2000
    dice ends the range below the declared 100000."""
    answer = need(hits.Check(dice=8, threshold=7, tn=3), vary="dice", chance="75%")
    assert answer.high == 2000 < fields(hits.Check)[0].param.high - MAX_GAP  # type: ignore[operator]


def test_need_is_exported_and_its_example_runs() -> None:
    assert rollkit.need is need and rollkit.Need is Need
    failures, tried = doctest.testmod(need_module, optionflags=doctest.ELLIPSIS)[:2]
    assert tried > 0 and failures == 0
