"""Characters: every system's sheet, declared from the checks' own declarations; a character
checked against it, its JSON and link forms, each kind it fills, and every refusal naming
the entry (rollkit._sheet)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rollkit
from rollkit import Character, LimitError, RulesError, trait
from rollkit._fields import Field, fields
from rollkit._registry import kind_name, names, system
from rollkit._sheet import MAX_ENTRIES, MAX_NAME, Entry, file_json, read_characters, sheet
from tests.helpers.strategies import characters, example

SHEETS = [(name, found) for name in names() if (found := sheet(name)) is not None]
IDS = [name for name, _ in SHEETS]
FILLS = [(found, fill) for _, found in SHEETS for fill in found.fills]
FILL_IDS = [kind_name(fill.kind) for _, fill in FILLS]


def wren() -> Character:
    return Character.make(
        name="Wren",
        system="trait",
        values={"exp": 3},
        entries={"traits": [{"name": "Sneak", "score": 51}, {"name": "Study", "score": 40, "adept": True}]},
    )


def _range(declared: object) -> tuple[object, ...]:
    p = declared  # a Param
    return (p.low, p.high, p.limit, p.options, p.why, p.least, p.most)  # type: ignore[attr-defined]


def _declared_ranges(module: object) -> list[tuple[object, ...]]:
    """Every range a system's checks declare (fields and each list field's entries) and its
    rules module's ``Param`` constants."""
    found = []
    for cls in module.CHECKS.values():  # type: ignore[attr-defined]
        for f in fields(cls):
            found.append(_range(f.param))
            found += [_range(p) for p in f.param.entries()] if f.kind == "list" else []
    rules = __import__(f"{module.__name__}._rules", fromlist=["_"])  # type: ignore[attr-defined]
    found += [_range(v) for v in vars(rules).values() if type(v).__name__ == "Param"]
    return found


@pytest.mark.parametrize(("name", "found"), SHEETS, ids=IDS)
def test_every_value_of_a_sheet_takes_a_range_the_rules_declare(name: str, found: object) -> None:
    """No range is typed again for a sheet: each number, choice and yes/no of a sheet has the
    range of a check's field (or a rules function's ``Param``) of its system."""
    known = _declared_ranges(system(name))
    values: list[Field] = [*found.values, *(f for g in found.groups for f in g.values)]  # type: ignore[attr-defined]
    for value in values:
        if value.kind == "text":  # a name of another entry
            continue
        assert _range(value.param) in known, (name, value.name)


def test_a_trait_score_is_what_mod_for_checks() -> None:
    score = trait.SHEET.group("traits").column("score").param
    assert score is trait._rules.SCORE
    assert trait.mod_for(score=score.high) == score.high // 10 and trait.mod_for(score=score.low) == 0
    with pytest.raises(LimitError):
        trait.mod_for(score=score.high + 1)
    with pytest.raises(RulesError):
        trait.mod_for(score=score.low - 1)


def test_every_system_has_a_sheet_and_the_registry_finds_it() -> None:
    assert IDS == list(rollkit.SYSTEMS)
    for name, found in SHEETS:
        assert found is system(name).SHEET and found.system == name


@pytest.mark.parametrize(("name", "found"), SHEETS, ids=IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_character_of_any_sheet_keeps_every_value_through_json_and_a_link(
    name: str, found: object, data: st.DataObject
) -> None:
    character = data.draw(characters(found))  # type: ignore[arg-type]
    assert Character.from_json(json.loads(json.dumps(character.to_json()))) == character
    assert Character.from_link(character.to_link()) == character
    assert read_characters(file_json([character, character])) == (character, character)


@pytest.mark.parametrize(("found", "fill"), FILLS, ids=FILL_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_fill_gives_its_kind_fields_or_a_mistake_said_for_the_sheet(
    found: object, fill: object, data: st.DataObject
) -> None:
    """Filled from any character, a kind's fields are its own; the check they make with the
    reader's other values is made or refused naming one of its fields; a sheet that cannot fill
    it (a group empty, the rules refusing its entries) says so about the sheet."""
    character = data.draw(characters(found))  # type: ignore[arg-type]
    kind = fill.kind  # type: ignore[attr-defined]
    declared = {f.name for f in fields(kind)}
    try:
        filled = character.fill(kind)
    except RulesError as error:
        assert error.field in {p.group for p in fill.picks} | {"check"}, error  # type: ignore[attr-defined]
        assert error.said and "{" not in error.said
        return
    assert set(filled.values) <= declared and filled.values
    for source in filled.sources:
        assert source.said and (source.saves is not None or source.why), source
    others = {k: v for k, v in example(kind).items() if k not in filled.values}
    try:
        made = filled.check(**others)
    except RulesError as error:
        assert error.field in declared, error
        return
    assert {k: getattr(made, k) for k in filled.values} == filled.values


def test_the_json_form_is_versioned_and_plain() -> None:
    assert wren().to_json() == {
        "rollkit": "character",
        "version": 1,
        "name": "Wren",
        "system": "trait",
        "values": {"exp": 3},
        "entries": {
            "traits": [
                {"name": "Sneak", "score": 51, "adept": False},
                {"name": "Study", "score": 40, "adept": True},
            ]
        },
    }


def test_text_from_a_form_is_read_as_each_value_declares() -> None:
    data = wren().to_json()
    data["values"] = {"exp": " 3 "}
    data["entries"]["traits"] = [
        {"name": "  Sneak ", "score": "51", "adept": "false"},
        {"name": "Study", "score": "40", "adept": "true"},
    ]
    assert Character.from_json(data) == wren()


def test_a_link_is_compact() -> None:
    link = wren().to_link()
    assert link.startswith("1.") and len(link) < len(json.dumps(wren().to_json())) / 2
    assert set(link[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _refusal(**made: object) -> RulesError:
    with pytest.raises(RulesError) as caught:
        Character.make(**{"name": "Wren", "system": "trait", **made})  # type: ignore[arg-type]
    return caught.value


def test_a_value_out_of_range_names_its_entry_and_value() -> None:
    error = _refusal(entries={"traits": [{"name": "Sneak", "score": 51}, {"name": "Study", "score": 1200}]})
    assert isinstance(error, LimitError)
    assert (error.field, error.item, error.part) == ("traits", 1, 1)
    assert error.said == (
        "Traits, Trait 2 (Study), Score: 1200 is too large to work out exactly; enter a whole number from 0 to 1000."
    )
    error = _refusal(entries={"traits": [{"name": "Sneak", "score": -1}]})
    assert (error.field, error.item, error.part) == ("traits", 0, 1) and "0 to 1000" in str(error.said)
    error = _refusal(values={"exp": 101})
    assert (error.field, error.item) == ("exp", None) and str(error.said).startswith("EXP: 101 is too large")
    error = _refusal(entries={"traits": [{"name": "Sneak", "score": "fifty"}]})
    assert str(error.said) == (
        "Traits, Trait 1 (Sneak), Score: \u201cfifty\u201d is not a whole number; enter a whole number from 0 to 1000."
    )


def test_names_are_given_once_and_refer_to_entries_that_exist() -> None:
    error = _refusal(entries={"traits": [{"name": "Sneak", "score": 5}, {"name": "SNEAK", "score": 6}]})
    assert (error.field, error.item, error.part) == ("traits", 1, 0) and "already" in str(error.said)
    error = _refusal(entries={"traits": [{"name": " ", "score": 5}]})
    assert (error.field, error.item, error.part) == ("traits", 0, 0)
    assert error.said == "Traits, Trait 1, Name is empty: enter a name."
    assert _refusal(name="x" * (MAX_NAME + 1)).field == "name"
    assert _refusal(name="").said == "Name is empty: enter a name."
    rows = [{"name": f"T{i}", "score": 1} for i in range(MAX_ENTRIES + 1)]
    assert _refusal(entries={"traits": rows}).field == "traits"
    error = _refusal(
        system="hits",
        entries={
            "attributes": [{"name": "AGI", "level": 4}],
            "skills": [{"name": "Stealth", "attribute": "DEX", "training": "skilled"}],
        },
    )
    assert (error.field, error.item, error.part) == ("skills", 0, 1)
    assert error.said == (
        "Skills, Skill 1 (Stealth), Attribute: \u201cDEX\u201d is not one of this character's Attributes (AGI)."
    )
    made = Character.make(
        name="Rome",
        system="hits",
        entries={
            "attributes": [{"name": "AGI", "level": 4}],
            "skills": [{"name": "Stealth", "attribute": "agi", "training": "skilled"}],
        },
    )
    assert made.entry("skills", "stealth")["attribute"] == "AGI"  # spelled as the Attribute is


def test_what_a_sheet_does_not_hold_is_refused() -> None:
    assert _refusal(values={"mod": 5}).field == "mod"
    assert _refusal(entries={"skills": []}).field == "skills"
    assert _refusal(entries={"traits": [{"name": "Sneak", "score": 5, "mod": 1}]}).item == 0
    assert (
        _refusal(entries={"traits": [{"name": "Sneak"}]}).said == "Traits, Trait 1 (Sneak): Score is needed."
    )
    assert _refusal(system="nowhere").field == "system"
    with pytest.raises(RulesError) as caught:
        Character(name="Wren", system="trait", entries=(("traits", ({"name": "Sneak"},)),))  # type: ignore[arg-type]
    assert caught.value.item == 0


def test_json_and_links_that_hold_no_character_are_refused() -> None:
    data = wren().to_json()
    for broken in ({**data, "version": 2}, {**data, "rollkit": "log"}, [], {**data, "values": []}):
        with pytest.raises(RulesError) as caught:
            Character.from_json(broken)
        assert caught.value.field == "character"
    assert "newer rollkit" in str(_json_error({**data, "version": 2}).said)
    for link in ("", "2." + wren().to_link()[2:], wren().to_link()[:-6], "1.!!!!", "1." + "W" * 7):
        with pytest.raises(RulesError) as caught:
            Character.from_link(link)
        assert (
            caught.value.field == "link"
            and caught.value.said == "this link holds no character; it may be cut short."
        )
    file = file_json([wren(), dataclasses.replace(wren(), name="Ash")])
    file["characters"][1]["entries"]["traits"][0]["score"] = 5000
    with pytest.raises(RulesError) as caught:
        read_characters(file)
    assert str(caught.value.said).startswith("character 2 (Ash): Traits, Trait 1 (Sneak), Score: 5000")


def _json_error(data: object) -> RulesError:
    with pytest.raises(RulesError) as caught:
        Character.from_json(data)
    return caught.value


def test_a_fill_says_where_each_value_came_from() -> None:
    filled = wren().fill("trait")  # no pick: the first Trait
    assert [(s.field, s.value, s.said) for s in filled.sources] == [
        ("mod", 5, "Sneak 51: MOD 5"),
        ("exp", 3, "EXP 3"),
        ("adept", False, "not Adept in Sneak"),
    ]
    assert filled.sources[0].saves is None and filled.sources[0].why == "MOD comes from Sneak's score"
    assert [s.said for s in wren().fill("trait", {"traits": "study"}).sources][2] == "Adept in Study"


def test_a_pick_must_name_an_entry_of_the_sheet() -> None:
    with pytest.raises(RulesError) as caught:
        wren().fill("trait", {"traits": "Climb"})
    assert caught.value.field == "traits"
    assert caught.value.said == "Trait: \u201cClimb\u201d is not one of Wren's Traits; choose Sneak, Study."
    with pytest.raises(RulesError) as caught:
        wren().fill("trait", {"skills": "Sneak"})
    assert caught.value.field == "skills"
    with pytest.raises(RulesError) as caught:
        wren().fill("hits")
    assert caught.value.field == "check"
    empty = Character.make(name="Ash", system="trait")
    with pytest.raises(RulesError) as caught:
        empty.fill("trait")
    assert caught.value.field == "traits" and "no Traits yet" in str(caught.value.said)


def test_a_kind_no_sheet_fills_says_so() -> None:
    rome = Character.make(name="Rome", system="hits", entries={"attributes": [{"name": "STR", "level": 3}]})
    with pytest.raises(RulesError) as caught:
        rome.fill("hits.luck")
    assert (
        caught.value.field == "check"
        and caught.value.said == "this check cannot take its values from Rome's sheet."
    )


def test_edits_are_saved_where_the_sheet_keeps_the_same_value() -> None:
    filled = wren().fill("trait", {"traits": "Sneak"})
    saved = filled.saved({"exp": "4", "adept": True})
    assert saved.value("exp") == 4 and saved.entry("traits", "Sneak")["adept"] is True
    assert saved.entry("traits", "Study") == wren().entry("traits", "Study")
    with pytest.raises(RulesError) as caught:
        filled.saved({"mod": 7})
    assert (
        caught.value.field == "mod"
        and caught.value.said == "MOD cannot be saved: MOD comes from Sneak's score."
    )
    with pytest.raises(RulesError) as caught:
        filled.saved({"exp": "400"})
    assert caught.value.field == "exp"
    with pytest.raises(RulesError) as caught:
        filled.saved({"threshold": 15})
    assert caught.value.field == "threshold"


def test_an_entry_reads_its_values_by_name() -> None:
    assert Entry("Sneak", (("score", 51),))["score"] == 51
    assert wren().group("traits")[1].name == "Study" and wren().value("exp") == 3
