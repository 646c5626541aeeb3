"""trait: a Persona's sheet fills a check and a contest's actor as the rules' formulas do (MOD
from the score: a Sneak score of 51 gives MOD +5)."""

from __future__ import annotations

from rollkit import Character, trait


def persona() -> Character:
    return Character.make(
        name="Wren",
        system=trait.SYSTEM,
        values={"exp": 6},
        entries={"traits": [{"name": "Sneak", "score": 51}, {"name": "Might", "score": 79, "adept": True}]},
    )


def test_sneak_51_fills_mod_5_as_the_chapter_says() -> None:
    filled = persona().fill(trait.Check, {"traits": "Sneak"})
    assert filled.values == {"mod": 5, "exp": 6, "adept": False}
    made = filled.check(threshold=trait.THRESHOLDS["Standard"])
    assert made == trait.Check(mod=trait.mod_for(score=51), threshold=15, exp=6, adept=False)
    assert made.resolve([6, 7]).tally == 18  # the chapter's example: 6 + 7 + 5


def test_an_adept_trait_adds_exp_and_prowess_through_the_check() -> None:
    made = persona().fill("trait", {"traits": "Might"}).check(threshold=20, prowess=1)
    assert made == trait.Check(mod=trait.mod_for(score=79), threshold=20, exp=6, adept=True, prowess=1)
    assert (
        made.side.bonus == 7 + 6
        and made.chance() == trait.Check(mod=7, exp=6, adept=True, prowess=1, threshold=20).chance()
    )


def test_a_contest_fills_the_actor_and_leaves_the_resister_to_the_reader() -> None:
    filled = persona().fill("trait.contest", {"traits": "Might"})
    assert set(filled.values) == {"mod", "exp", "adept"}
    made = filled.check(against_mod=4)
    assert made == trait.Contest(mod=trait.mod_for(score=79), exp=6, adept=True, against_mod=4)


def test_exp_and_adept_save_back_and_mod_says_why_not() -> None:
    filled = persona().fill("trait", {"traits": "Sneak"})
    saves = {s.field: s.saves for s in filled.sources}
    assert saves["mod"] is None and saves["exp"] is not None and saves["adept"] is not None
    assert filled.saved({"adept": "true"}).entry("traits", "Sneak")["adept"] is True
