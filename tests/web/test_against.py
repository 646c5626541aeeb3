"""Chance against a field: every point is the check's own exact chance at those values (checked
against brute-force enumeration on small pools), the table says what the chart says, a value
the rules refuse is a gap said once, every setting's mistake names that setting."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

pytest.importorskip("pymdownx", reason="the docs venv renders pages")

from docs_tools.fences import render  # noqa: E402
from rollkit import again, critdice, hits, ninefold, trait  # noqa: E402
from rollkit._check import CheckBase  # noqa: E402
from rollkit._errors import RulesError  # noqa: E402
from rollkit._fields import Field, fields  # noqa: E402
from rollkit._format import fraction, percent  # noqa: E402
from rollkit._registry import kinds  # noqa: E402
from rollkit.web import MAX_LINES, MAX_POINTS, Element, against_view, compare_view, request, to_html, widget  # noqa: E402
from tests.helpers.strategies import example  # noqa: E402


def points(tree: Element) -> dict[str, dict[int, str]]:
    """Each line's points as the chart labels them: {line: {x: "58.35% (7/12)"}}."""
    out: dict[str, dict[int, str]] = {}
    for line in tree.walk():
        if line.tag != "g" or line.attr("role") != "group":
            continue
        for point in line.children:
            assert isinstance(point, Element)
            label = str(point.attr("aria-label"))
            said, _, value = label.partition(": ")
            name, _, at = said.rpartition(", ")
            assert name == line.attr("aria-label")
            x = int(at.rsplit(" ", 1)[1].rstrip("%"))
            out.setdefault(name, {})[x] = value
    return out


def shown(p: Fraction) -> str:
    return f"{percent(p)} ({fraction(p)})"


def brute_hits(dice: int, threshold: int) -> Counter[int]:
    """Hits of every face combination of ``dice`` d10s, counted one by one."""
    return Counter(
        sum(face >= threshold for face in faces) for faces in itertools.product(range(1, 11), repeat=dice)
    )


def test_each_point_is_brute_force_hits_chance() -> None:
    view = against_view(
        hits.Check(dice=2, threshold=7, tn=2),
        vary="dice",
        over=range(0, 5),
        lines="threshold",
        line_values=(5, 8),
    )
    drawn = points(view.tree)
    assert set(drawn) == {"Threshold 5+", "Threshold 8+"}
    for threshold in (5, 8):
        for dice in range(0, 5):
            counts = brute_hits(dice, threshold)
            p = Fraction(sum(n for k, n in counts.items() if k >= 2), 10**dice)
            assert drawn[f"Threshold {threshold}+"][dice] == shown(p)
    assert [s.points for s in view.series][0][3] == (
        3,
        Fraction(sum(n for k, n in brute_hits(3, 5).items() if k >= 2), 1000),
    )


@pytest.mark.parametrize(
    ("measure", "wanted"),
    [("exactly", lambda k: k == 2), ("at-least", lambda k: k >= 2), ("at-most", lambda k: k <= 2)],
)
def test_a_tally_exactly_at_least_or_at_most_by_brute_force(measure: str, wanted: object) -> None:
    view = against_view(
        hits.Check(dice=1, threshold=6, tn=5), vary="dice", over=range(0, 5), measure=measure, tally=2
    )
    (line,) = view.series
    for dice, p in line.points:
        counts = brute_hits(dice, 6)
        assert p == Fraction(sum(n for k, n in counts.items() if wanted(k)), 10**dice)  # type: ignore[operator]
    assert view.title.startswith(f"Chance of {measure.replace('-', ' ')} 2 Hits against Dice Pool")


def test_an_exploding_tally_past_its_default_list_is_still_exact() -> None:
    check = again.Check(dice=2)
    far = check.distribution().keys()[-1] + 3  # beyond what the default bound lists: in its tail
    view = against_view(check, vary="dice", over=(1, 2, 3), measure="exactly", tally=far)
    for dice, p in view.series[0].points:
        assert p == again.Check(dice=dice).distribution(bound=far + 5)[far] > 0
    at_least = against_view(check, vary="dice", over=(2,), measure="at-least", tally=far).series[0].points
    assert at_least == ((2, check.distribution(bound=far + 5).at_least(far)),)


def _liner(cls: type, vary: Field) -> Field | None:
    return next(
        (f for f in fields(cls) if f.name != vary.name and f.kind in ("number", "choice", "yes/no")), None
    )


@pytest.mark.parametrize("name", sorted(kinds()))
def test_every_kind_and_field_equals_its_own_chance(name: str) -> None:
    """For every kind, each whole-number field drawn around its value (one line per value of
    another field): each point is that kind made with those values, its chance(); a gap is a
    point the kind refuses."""
    cls = kinds()[name]
    start = example(cls)
    check = cls(**start)
    varied = [f for f in fields(cls) if f.kind == "number" and not f.param.options]
    assert varied, name
    for vary in varied:
        per = _liner(cls, vary)
        view = against_view(check, vary=vary.name, lines=per.name if per else None)
        settings = view.settings
        assert settings["vary"] == vary.name and len(view.series) <= MAX_LINES
        low, high = vary.param.low, vary.param.high
        for series in view.series:
            assert 0 < len(series.points) <= MAX_POINTS
            value = _line_value(per, series.name) if per else None
            for x, p in series.points:
                assert (low is None or x >= low) and (high is None or x <= high)
                values = {**start, vary.name: x, **({per.name: value} if per else {})}
                if p is None:
                    with pytest.raises(RulesError):
                        cls(**values)
                else:
                    assert p == cls(**values).chance(), (name, vary.name, values)


def _line_value(per: Field, name: str) -> object:
    """A line's value from its name, read back through the field's words (never from the view's
    own settings)."""
    for value in (*(o for o, _ in per.param.options), *per.choices, *range(-1000, 1001)):
        words = (
            per.param.words(value)
            if per.param.options
            else str(value).lower()
            if isinstance(value, bool)
            else str(value)
        )
        if (
            name.endswith(f" {words}")
            or name.endswith(f" {words}+")
            or name.endswith(f": {words}")
            or name.endswith(f" {words}%")
        ):
            return value
    raise AssertionError(f"no value of {per.name} is named {name!r}")


def test_the_table_says_what_the_chart_says() -> None:
    view = against_view(trait.Check(mod=4, threshold=15), vary="mod", lines="threshold")
    drawn = points(view.tree)
    table = next(e for e in view.tree.walk() if e.tag == "table")
    head = [c.text() for c in next(e for e in table.walk() if e.tag == "thead").walk() if c.tag == "th"]
    assert head[0] == "MOD" and head[1:] == list(drawn)
    body = next(e for e in table.walk() if e.tag == "tbody")
    rows = [r for r in body.children if isinstance(r, Element)]
    assert [int(r.children[0].text()) for r in rows if isinstance(r.children[0], Element)] == sorted(
        drawn[head[1]]
    )
    for row in rows:
        x = int(row.children[0].text())  # type: ignore[union-attr]
        for name, cell in zip(head[1:], row.children[1:]):
            assert isinstance(cell, Element)
            p = next(e.text() for e in cell.walk() if e.attr("class") == "rk-p")
            exact = next(e.text() for e in cell.walk() if e.attr("class") == "rk-exact")
            assert f"{p} ({exact})" == drawn[name][x]
    assert drawn["Threshold 15"][4] == shown(trait.Check(mod=4, threshold=15).chance())


def test_every_point_shows_its_value_and_each_line_has_one_tab_stop() -> None:
    view = against_view(critdice.Check(dice=4), vary="dice", lines="sn", line_values=(6, 8, 10))
    svg = next(e for e in view.tree.walk() if e.tag == "svg")
    assert svg.attr("role") == "group" and svg.attr("aria-label") == f"Chart: {view.title}"
    lines = [e for e in svg.walk() if e.tag == "g" and e.attr("role") == "group"]
    assert len(lines) == 3
    for line in lines:
        dots = [p for p in line.children if isinstance(p, Element)]
        assert [p.attr("tabindex") for p in dots].count("0") == 1 and dots[0].attr("tabindex") == "0"
        for dot in dots:
            assert dot.attr("role") == "img"
            tip = next(e for e in dot.walk() if e.attr("class") == "rk-tip")
            said, _, value = str(dot.attr("aria-label")).partition(": ")
            assert [t.text() for t in tip.children if isinstance(t, Element)] == [
                said,
                value.replace(" (", " = ").rstrip(")"),
            ]
    html = to_html(view.tree)
    assert "hover" not in html.lower()  # a touch screen is told to tap
    assert "Tap a dot" in html and "rk-help-touch" in html


def test_a_refused_value_is_a_gap_said_once() -> None:
    check = hits.Check(dice=40, threshold=7, tn=3, bought=2)
    view = against_view(check, vary="dice", over=range(20, 41), lines="threshold", line_values=(6, 7))
    for series in view.series:
        assert [x for x, p in series.points if p is None] == list(range(20, 30))
        assert all(
            p == hits.Check(dice=x, threshold=int(series.name[10:-1]), tn=3, bought=2).chance()
            for x, p in series.points
            if p is not None
        )
    gaps = next(e for e in view.tree.walk() if e.attr("class") == "rk-gaps")
    (said,) = [e.text() for e in gaps.walk() if e.tag == "li"]
    assert said.startswith(
        "Dice Pool 20 to 29 on every line. At Dice Pool 29: Bought groups: 2 groups of ten"
    )
    assert "at most 1 can" in said
    cells = [e for e in view.tree.walk() if e.tag == "td" and "not allowed" in e.text()]
    assert len(cells) == 2 * 10
    drawn = points(view.tree)
    assert set(drawn["Threshold 6+"]) == set(range(30, 41))


def test_defaults_lie_around_the_value_inside_the_declared_range() -> None:
    assert against_view(hits.Check(dice=5, threshold=7, tn=3), vary="dice").settings["from"] == 0
    near_top = against_view(hits.Check(dice=5, threshold=9, tn=3), vary="threshold", lines="tn").settings
    assert (near_top["from"], near_top["to"], near_top["step"], near_top["values"]) == (1, 10, 1, "2, 3, 4")
    middle = against_view(hits.Check(dice=20, threshold=7, tn=3), vary="dice").settings
    assert (middle["from"], middle["to"]) == (14, 26)
    percent_steps = against_view(ninefold.Check(to_pass=47), vary="to_pass").settings
    assert (percent_steps["from"], percent_steps["to"], percent_steps["step"]) == (-10, 110, 10)
    options = against_view(again.Check(dice=3), vary="dice", lines="again").settings
    assert options["values"] == "10, 9, 8"
    choices = against_view(hits.Check(dice=3, threshold=7, tn=1), vary="dice", lines="keyword").settings
    assert choices["values"] == "none, misfire"


def test_too_many_points_or_lines_are_refused_never_cut() -> None:
    check = hits.Check(dice=5, threshold=7, tn=3)
    assert len(against_view(check, vary="dice", over=range(0, MAX_POINTS)).series[0].points) == MAX_POINTS
    with pytest.raises(RulesError) as error:
        against_view(check, vary="dice", over=range(0, MAX_POINTS + 1))
    assert error.value.field == "against.to" and f"more than the {MAX_POINTS} drawn" in str(error.value.said)
    with pytest.raises(RulesError) as error:
        against_view(check, vary="dice", lines="threshold", line_values=range(1, MAX_LINES + 2))
    assert error.value.field == "against.values"


def _ask(**settings: object) -> dict[str, object]:
    message = {
        "op": "against",
        "check": "hits",
        "params": {"dice": "5", "threshold": "7", "tn": "3"},
        "vary": "dice",
        "lines": "threshold",
    }
    return json.loads(request(json.dumps({**message, **settings})))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        (
            {"from": "-1"},
            "against.from",
            "From: -1 is out of range; enter a whole number from 0 to 100000 for Dice Pool.",
        ),
        ({"to": "100001"}, "against.to", "To: 100001 is too large to work out exactly"),
        (
            {"from": "0", "to": "41"},
            "against.to",
            "To: 0 to 41 is 42 values, more than the 41 drawn at once; narrow the range or take a larger Step.",
        ),
        ({"from": "9", "to": "2"}, "against.to", "To: 2 is below From (9)"),
        ({"step": "0"}, "against.step", "Step: 0 is out of range"),
        (
            {"values": "6, 11"},
            "against.values",
            "Line values: Threshold (x+): 11 is out of range; enter a whole number from 1 to 10.",
        ),
        ({"values": "7 7"}, "against.values", "Line values: Threshold 7+ is given twice."),
        ({"values": "six"}, "against.values", "Line values: Threshold (x+): “six” is not a whole number"),
        (
            {"values": "6," + " " * 10**5 + "7"},
            "against.values",
            "Line values: 100003 characters is too long",
        ),
        ({"measure": "at-least", "tally": "lots"}, "against.tally", "Hits: “lots” is not a whole number"),
        ({"lines": "dice"}, "against.lines", "One line per: 'dice' cannot be drawn here"),
        (
            {"vary": "keyword"},
            "against.vary",
            "Chance against: 'keyword' cannot be drawn here; choose Dice Pool,",
        ),
        (
            {"params": {"dice": "5", "threshold": "7", "tn": "x"}},
            "tn",
            "Target Number (TN): “x” is not a whole number",
        ),
    ],
)
def test_each_mistake_names_its_setting_in_words(settings: dict[str, object], field: str, words: str) -> None:
    answer = _ask(**settings)
    assert answer["ok"] is False and answer["field"] == field
    assert str(answer["error"]).startswith(words), answer["error"]


def test_the_readers_own_refused_values_still_draw_the_values_allowed() -> None:
    answer = _ask(
        params={"dice": "5", "threshold": "7", "tn": "3", "bought": "2"}, **{"from": "25", "to": "35"}
    )
    assert answer["ok"] is True
    view = answer["result"]["view"]  # type: ignore[index]
    assert view["settings"]["from"] == 25 and "Bought groups 2" in view["values"]
    nothing = _ask(
        params={"dice": "5", "threshold": "7", "tn": "3", "bought": "2"}, **{"from": "0", "to": "12"}
    )
    assert nothing["field"] == "bought" and "pool of 5 dice" in str(
        nothing["error"]
    )  # the reader's own values


def test_a_bug_is_said_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: CheckBase) -> Fraction:
        raise ZeroDivisionError

    monkeypatch.setattr(hits.Check, "chance", broken)
    answer = _ask()
    assert answer["internal"] is True and "internal error" in str(answer["error"])


def test_compare_view_draws_each_check_against_the_field_they_share() -> None:
    view = compare_view(
        [("Hits 7+, TN 2", hits.Check(dice=1, threshold=7, tn=2)), ("Again DC 2", again.Check(dice=1, dc=2))],
        vary="dice",
        over=range(1, 7),
        title="By pool",
    )
    drawn = points(view.tree)
    for n in range(1, 7):
        assert drawn["Hits 7+, TN 2"][n] == shown(hits.Check(dice=n, threshold=7, tn=2).chance())
        assert drawn["Again DC 2"][n] == shown(again.Check(dice=n, dc=2).chance())
    with pytest.raises(RulesError) as error:
        compare_view([("Trait", trait.Check(mod=1, threshold=15))], vary="dice", over=range(1, 3))
    assert error.value.field == "against.vary"


def test_the_widget_offers_the_switch_with_its_starting_settings() -> None:
    check = hits.Check(dice=6, threshold=7, tn=3)
    tree = widget("hits", check, widget_id="w")
    panel = next(e for e in tree.walk() if e.attr("class") == "rk-against")
    assert panel.attr("hidden") is True  # the page script shows it: it does nothing without
    toggle = next(e for e in panel.walk() if e.tag == "button")
    assert toggle.text() == "Chance against a field" and toggle.attr("aria-pressed") == "false"
    settings = {str(e.attr("data-against")): e for e in panel.walk() if e.attr("data-against")}
    start = against_view(check, vary="dice", lines="threshold").settings
    assert settings["from"].attr("value") == str(start["from"]) and settings["to"].attr("value") == "12"
    assert settings["values"].attr("value") == "6, 7, 8"
    labels = [o.text() for o in settings["vary"].children if isinstance(o, Element)]
    assert labels == ["Dice Pool", "Threshold (x+)", "Target Number (TN)", "Bought groups"]
    assert [o.text() for o in settings["measure"].children if isinstance(o, Element)] == [
        "success",
        "exactly this many Hits",
        "at least this many Hits",
        "at most this many Hits",
    ]
    only_choices = widget("hits", check, widget_id="w", show=("keyword",))
    assert not [e for e in only_choices.walk() if e.attr("class") == "rk-against"]


def test_a_page_fence_renders_the_same_view() -> None:
    html = render(
        "rollkit-chart",
        'against_chart(hits.Check(dice=0, threshold=7, tn=1), vary="dice", over=range(0, 4), lines="tn", line_values=(1, 2))',
    )
    assert html.startswith('<div class="rollkit-figure" data-search-exclude><div class="rk-against-view">')
    p = hits.Check(dice=3, threshold=7, tn=2).chance()
    assert f'aria-label="TN 2, Dice Pool 3: {percent(p)} ({fraction(p)})"' in html
