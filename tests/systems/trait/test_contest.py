"""trait: contested checks (trait.Contest), actor against resister, each side's kept two
against brute force over every face, every way of settling a tie, and the text's rules."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rollkit import ParameterTypeError, RulesError, trait
from rollkit.trait import Contest
from tests.systems.trait.brute import brute_sums, ref_contest_outcome, ref_net


def ref_contest(actor: dict, resister: dict) -> Counter[int]:
    """Margin weights over 12**(dice of both) by pairing the two brute-force sides."""
    a = {**dict(exp=0, adept=False, prowess=0, stagger=0, cap="online"), **actor}
    r = {**dict(exp=0, adept=False, prowess=0, stagger=0, cap="online"), **resister}
    sa, da = brute_sums(ref_net(a["exp"], a["adept"], a["prowess"], a["stagger"], a["cap"]))
    sr, dr = brute_sums(ref_net(r["exp"], r["adept"], r["prowess"], r["stagger"], r["cap"]))
    ba = a["mod"] + (a["exp"] if a["adept"] else 0)
    br = r["mod"] + (r["exp"] if r["adept"] else 0)
    margins: Counter[int] = Counter()
    for x, wx in sa.items():
        for y, wy in sr.items():
            margins[x + ba - y - br] += wx * wy
    return margins


def test_contest_full_enumeration_two_against_two() -> None:
    margins: Counter[int] = Counter()
    for f in itertools.product(range(1, 13), repeat=4):
        margins[(f[0] + f[1] + 3) - (f[2] + f[3] + 1)] += 1
    contest = Contest(mod=3, against_mod=1, ties="standoff")
    assert dict(contest.distribution().items()) == {m: Fraction(w, 12**4) for m, w in margins.items()}
    win = Fraction(sum(w for m, w in margins.items() if m > 0), 12**4)
    tie = Fraction(margins[0], 12**4)
    assert contest.outcomes().items() == (("lose", 1 - win - tie), ("tie", tie), ("win", win))


CONTESTS = [
    (dict(mod=0), dict(mod=0)),
    (dict(mod=2, exp=4, adept=True), dict(mod=5)),
    (dict(mod=1, prowess=2, exp=4), dict(mod=3, stagger=1)),
    (dict(mod=0, stagger=1), dict(mod=-3, prowess=1, adept=True, exp=2)),
    (dict(mod=4, prowess=3, cap="none"), dict(mod=8, exp=6, adept=True, cap="none")),
    (dict(mod=9, exp=0, adept=True, cap="draft"), dict(mod=0, stagger=2, cap="draft")),
]


@pytest.mark.parametrize("actor,resister", CONTESTS)
@pytest.mark.parametrize("ties", trait.TIES)
def test_contest_against_brute_force(actor: dict, resister: dict, ties: str) -> None:
    cap = actor.get("cap", "online")
    assert resister.get("cap", cap) == cap
    fields = {k: v for k, v in actor.items() if k != "cap"}
    fields |= {f"against_{k}": v for k, v in resister.items() if k != "cap"}
    contest = Contest(**fields, cap=cap, ties=ties)
    margins = ref_contest(actor, resister)
    total = sum(margins.values())
    win = sum(w for m, w in margins.items() if m > 0)
    lose = sum(w for m, w in margins.items() if m < 0)
    tie = margins[0]
    expected = {
        "resister": {"lose": Fraction(lose + tie, total), "win": Fraction(win, total)},
        "actor": {"lose": Fraction(lose, total), "win": Fraction(win + tie, total)},
        "standoff": {"lose": Fraction(lose, total), "tie": Fraction(tie, total), "win": Fraction(win, total)},
        "reroll": {"lose": Fraction(lose, win + lose), "win": Fraction(win, win + lose)},
    }[ties]
    assert dict(contest.outcomes().items()) == expected
    assert list(contest.outcomes()) == list(expected)
    assert contest.chance() == expected["win"]
    dist = contest.distribution()
    assert dist.total() == 1
    if ties == "reroll":
        assert dist[0] == 0
        assert {m: p for m, p in dist.items() if p} == {
            m: Fraction(w, win + lose) for m, w in margins.items() if m != 0
        }
    else:
        assert {m: p for m, p in dist.items() if p} == {
            m: Fraction(w, total) for m, w in margins.items() if w
        }


def test_contest_symmetric_and_tie_rate() -> None:
    # Hand arithmetic: 2d12 sums have 1..12..1 ways; both equal: 2*(1^2+..+11^2)+12^2 = 1156.
    standoff = Contest(mod=0, against_mod=0, ties="standoff").outcomes()
    assert standoff["tie"] == Fraction(1156, 144**2) == Fraction(289, 5184)
    assert standoff["win"] == standoff["lose"]
    assert Contest(mod=0, against_mod=0, ties="reroll").chance() == Fraction(1, 2)
    assert Contest(mod=0, against_mod=0).chance() == (1 - Fraction(289, 5184)) / 2


def test_contest_replays() -> None:
    # Actor 6+7+2 = 15 against 8+7 = 15: a tie.
    faces = [6, 7, 8, 7]
    assert Contest(mod=2, against_mod=0).resolve(faces).outcome == "lose"
    assert Contest(mod=2, against_mod=0, ties="actor").resolve(faces).outcome == "win"
    held = Contest(mod=2, against_mod=0, ties="standoff").resolve(faces)
    assert (held.outcome, held.tally, held.success) == ("tie", 0, False)
    assert held.detail("actor_total") == held.detail("resister_total") == 15
    with pytest.raises(RulesError):
        Contest(mod=2, against_mod=0, ties="reroll").resolve(faces)  # needs another round
    again = Contest(mod=2, against_mod=0, ties="reroll").resolve(faces + [10, 10, 1, 1])
    assert (again.outcome, again.tally, again.detail("rounds")) == ("win", 20, 2)
    assert [d.note for d in again.dice] == ["round 1"] * 4 + ["round 2"] * 4
    # Actor with one Prowess (3 dice, best two) against a resister with one Stagger.
    contest = Contest(mod=0, prowess=1, against_mod=5, against_stagger=1)
    mixed = contest.resolve([2, 9, 4, 12, 3, 6])
    assert [d.counts for d in mixed.dice] == ["dropped", "kept", "kept", "dropped", "kept", "kept"]
    assert [d.role for d in mixed.dice] == [
        "actor pool",
        "actor pool",
        "actor prowess",
        "resister pool",
        "resister pool",
        "resister stagger",
    ]
    assert (mixed.detail("actor_total"), mixed.detail("resister_total")) == (13, 14)
    assert (mixed.outcome, mixed.tally) == ("lose", -1)
    assert mixed.probability == mixed_prob()


def mixed_prob() -> Fraction:
    margins = ref_contest(dict(mod=0, prowess=1), dict(mod=5, stagger=1))
    return Fraction(sum(w for m, w in margins.items() if m <= 0), sum(margins.values()))


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "name",
    ["mod", "exp", "prowess", "stagger", "against_mod", "against_exp", "against_prowess", "against_stagger"],
)
@pytest.mark.parametrize("bad", [2.5, "1", None, False])
def test_contest_type_errors(name: str, bad: object) -> None:
    with pytest.raises(ParameterTypeError, match=name):
        Contest(**{"mod": 0, "against_mod": 0, name: bad})


# --- Chance in a contest (ruling trait-contest-chance) -----------------------------------------


@pytest.mark.parametrize("actor,resister", CONTESTS[:4])
@pytest.mark.parametrize("ties", trait.TIES)
@pytest.mark.parametrize("spend", [1, 2, 3])
def test_contest_chance_against_brute_force(actor: dict, resister: dict, ties: str, spend: int) -> None:
    """Every face combination of both sides, each margin priced from the table."""
    fields = {**actor, **{f"against_{k}": v for k, v in resister.items()}}
    contest = Contest(**fields, ties=ties, spend=spend)
    margins = ref_contest(actor, resister)
    if ties == "reroll":
        margins[0] = 0  # both roll again: the deciding round is never a tie
    total = sum(margins.values())
    expected: dict[str, Fraction] = {}
    for margin, ways in margins.items():
        if ways:
            name = ref_contest_outcome(margin, ties, spend)
            expected[name] = expected.get(name, Fraction(0)) + Fraction(ways, total)
    out = contest.outcomes()
    assert {k: p for k, p in out.items() if p} == expected
    assert list(out)[-2:] == ["win with a Complication", "win"] and out.total() == 1
    assert contest.chance() == expected["win"] + expected.get("win with a Complication", 0)
    # the chart's success line holds exactly the chance
    least = contest.success_from()
    assert least is not None
    dist = contest.distribution()
    assert sum((p for m, p in dist.items() if m >= least), Fraction(0)) + dist.tail == contest.chance()


def test_contest_chance_reproducer() -> None:
    """``trait.Contest(..., spend=1)`` was a TypeError; now the actor may buy a narrow loss."""
    hide = Contest(mod=5, against_mod=3, spend=1)  # Sneak +5 against Study +3
    tie = hide.resolve([5, 4, 6, 5])  # 14 against 14: the searcher holds the tie
    assert tie.outcome == "win with a Complication" and tie.success and tie.tally == 0
    assert tie.detail("missed_by") == 1 and tie.detail("degree") == "Low"
    assert tie.detail("chance_spent") == 1 and tie.detail("complication") is True
    assert tie.probability == hide.outcomes()["win with a Complication"]
    far = hide.resolve([2, 3, 9, 9])  # 10 against 21: a miss by 12 costs 3
    assert far.outcome == "lose" and not far.success and far.detail("chance_cost") == 3
    assert far.detail("chance_spent") == 0
    assert Contest(mod=5, against_mod=3).resolve([5, 4, 6, 5]).outcome == "lose"
    assert hide.resolve([9, 4, 6, 5]).detail("missed_by") == 0  # a win misses nothing
    plain = Contest(mod=0, against_mod=0)
    assert [Contest(mod=0, against_mod=0, spend=s).chance() for s in range(4)][0] == plain.chance()
    assert Contest(mod=0, against_mod=0, spend=3).chance() == 1
    with pytest.raises(RulesError, match="spend=4"):
        Contest(mod=0, against_mod=0, spend=4)


def test_the_resisters_chance_is_the_contest_from_its_side() -> None:
    """Swapping the sides (and who takes ties) turns the resister into the actor."""
    for ties, swapped in (("resister", "actor"), ("actor", "resister"), ("standoff", "standoff")):
        ours = Contest(mod=4, prowess=1, exp=2, against_mod=6, ties=ties)
        theirs = Contest(mod=6, against_mod=4, against_prowess=1, against_exp=2, ties=swapped)
        assert ours.outcomes()["lose"] == theirs.outcomes()["win"]
    # the resister holds a 1-point loss with 1 Chance: the actor's narrow wins, ties excluded
    actor = Contest(mod=0, against_mod=0)
    resister = Contest(mod=0, against_mod=0, ties="actor", spend=1)
    margins = ref_contest(dict(mod=0), dict(mod=0))
    narrow = Fraction(sum(margins[m] for m in range(1, 5)), sum(margins.values()))
    assert resister.chance() - (1 - actor.chance()) == narrow


def test_numbers_in_the_contest_chance_rulings() -> None:
    """Rulings trait-contest-chance and trait-chance-pool, from every face combination."""
    why = {r.id: r.why for r in trait.RULINGS}
    margins = ref_contest(dict(mod=0), dict(mod=0))
    total = sum(margins.values())
    chances = [
        Fraction(sum(w for m, w in margins.items() if ref_contest_outcome(m, "resister", s) != "lose"), total)
        for s in range(4)
    ]
    assert chances == [Contest(mod=0, against_mod=0, spend=s).chance() for s in range(4)]
    text = why["trait-contest-chance"]
    for chance in chances[:3]:
        assert f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.1f}%)" in text
    assert chances[3] == 1 and "always with 3" in text
    # a scene of two checks at MOD 4 against 20, a pool spent on the first miss it can buy
    sums, dice = brute_sums(0)

    def price(total: int) -> int:
        missed = 20 - total - 4
        return 0 if missed <= 0 else 1 if missed < 5 else 2 if missed <= 10 else 3

    def one(pool: int) -> Fraction:
        return Fraction(sum(w for s, w in sums.items() if price(s) <= pool), dice)

    def scene(pool: int) -> Fraction:
        return sum(
            (Fraction(w, dice) * one(pool - price(s)) for s, w in sums.items() if price(s) <= pool),
            Fraction(0),
        )

    text = why["trait-chance-pool"]
    for pool, words in ((0, "with no Chance"), (2, "with a pool of 2"), (3, "with a pool of 3")):
        p = scene(pool)
        assert f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%) {words}" in text, pool
