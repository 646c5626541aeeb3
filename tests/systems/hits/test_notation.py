"""hits: reading check notation (section "Reading the Check")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollkit import NotationError, ParameterTypeError, hits
from rollkit.hits import Check, Opposed, parse


def test_static_examples() -> None:
    assert parse("12d(6+):3") == Check(dice=12, threshold=6, tn=3)
    assert parse("8d(6+): 1") == Check(dice=8, threshold=6, tn=1)  # the group example's spacing
    assert parse("  3 d10 ( 7 + ) :  0 ") == Check(dice=3, threshold=7, tn=0)
    assert parse("9d(6+):BOD", defences={"BOD": 4}) == Check(dice=9, threshold=6, tn=4)
    assert parse("9d(6+):BOD", BOD=2) == Check(dice=9, threshold=6, tn=2)
    assert parse("9d(6+):Body", defences={"bod": 5}) == Check(dice=9, threshold=6, tn=5)
    assert parse("9d(6+):5d(7+)") == Opposed(dice=9, threshold=6, against_dice=5, against_threshold=7)


def test_defence_needs_a_value() -> None:
    with pytest.raises(NotationError, match="BOD") as info:
        parse("9d(6+):BOD")
    assert "position 7" in str(info.value) and info.value.position == 7  # type: ignore[attr-defined]
    assert "Body" in str(info.value)
    for code in ("EVA", "AWA", "GRI", "SPI"):
        with pytest.raises(NotationError, match=code):
            parse(f"5d(7+):{code}")
        assert parse(f"5d(7+):{code}", **{code: 3}).tn == 3


def test_attribute_examples() -> None:
    # STR 4: 3 dice at 7+.
    assert parse("STR:2", STR=4) == Check(dice=3, threshold=7, tn=2)
    assert parse("STR:2", actor={"STR": 9}) == Check(dice=6, threshold=5, tn=2)
    with pytest.raises(NotationError, match="STR.*level") as info:
        parse("STR:2")
    assert info.value.position == 0  # type: ignore[attr-defined]
    # COR 5 against STR 3.
    assert parse("COR:STR", COR=5, against={"STR": 3}) == Opposed.attributes(level=5, against=3)
    with pytest.raises(NotationError, match="opposing side") as info:
        parse("COR:STR", COR=5)
    assert info.value.position == 4  # type: ignore[attr-defined]
    with pytest.raises(NotationError, match="Threshold"):
        parse("STR:2", STR=12)  # ruling hits-attribute-above-11


def test_skill_examples_need_a_sheet() -> None:
    with pytest.raises(NotationError, match=r"Swords \(Cut\).*pool"):
        parse("Swords (Cut):EVA")
    with pytest.raises(NotationError, match="EVA"):
        parse("Swords (Cut):EVA", actor={"Swords (Cut)": (7, 6)})
    assert parse("Swords (Cut):EVA", actor={"swords(cut)": (7, 6)}, EVA=3) == Check(dice=7, threshold=6, tn=3)
    assert parse(
        "Command (Intimidate):GRI", actor={"Command (Intimidate)": (5, 7)}, defences={"GRI": 2}
    ) == Check(dice=5, threshold=7, tn=2)
    assert parse("Stealth (Infiltration):AWA", actor={"Stealth (Infiltration)": (6, 6)}, AWA=1) == Check(
        dice=6, threshold=6, tn=1
    )
    grapple = "Athletics (Grapple):Athletics (Grapple)"
    with pytest.raises(NotationError, match="opposing side's Skill") as info:
        parse(grapple, actor={"Athletics (Grapple)": (6, 6)})
    assert info.value.position == 20  # type: ignore[attr-defined]
    assert parse(
        grapple, actor={"Athletics (Grapple)": (6, 6)}, against={"Athletics (Grapple)": (4, 7)}
    ) == Opposed(dice=6, threshold=6, against_dice=4, against_threshold=7)
    assert parse(
        "Persuade (Con):Cunning (Discern)", actor={"Persuade (Con)": (5, 6)}, against={"Cunning (Discern)": 4}
    ) == Opposed(dice=5, threshold=6, against_dice=3, against_threshold=7)
    assert (
        parse(
            "Persuade (Handle):Persuade (Handle)",
            actor={"Persuade (Handle)": (3, 9)},
            against={"Persuade (Handle)": (3, 9)},
        ).chance()
        > 0
    )


@pytest.mark.parametrize(
    "text,position",
    [
        ("", 0),
        ("12d(6+)", 7),
        ("12d(6+):3:4", 9),
        (":3", 0),
        ("12d(6+):", 8),
        ("12d(6+):  ", 10),
        ("3:3", 0),
        ("12d(6+):3.5", 8),
        ("12e(6+):3", 0),
        ("12d(6):3", 0),
        ("12d(6+):-1", 8),
        ("EVA:3", 0),
        ("12d(11+):3", 0),
        ("12d(0+):3", 0),
        ("123456789d(6+):3", 0),
        ("5000d(6+):3", 0),
        ("12d(6+):99999999", 8),
        ("Ü:3", 0),
        ("١٢d(6+):3", 0),
        ("12d(6+):(", 8),
    ],
)
def test_errors_name_the_position(text: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.position == position, str(info.value)  # type: ignore[attr-defined]
    assert f"position {position}" in str(info.value)


def test_parameter_errors() -> None:
    with pytest.raises(ParameterTypeError, match="text"):
        parse(12)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="defences"):
        parse("9d(6+):BOD", defences=[("BOD", 3)])  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="BOD"):
        parse("9d(6+):BOD", BOD="3")
    with pytest.raises(ParameterTypeError, match="Swords"):
        parse("Swords (Cut):3", actor={"Swords (Cut)": "7d(6+)"})
    with pytest.raises(ParameterTypeError):
        parse("STR:3", actor={3: 4})  # type: ignore[dict-item]


def test_long_text_is_refused() -> None:
    for text in ("a" * 10**6, "(" * 199 + ":", " " * 199 + ":", "a " * 99 + ":a", "9" * 10**5):
        with pytest.raises(NotationError):
            parse(text)


ALPHABET = st.sampled_from(list("0123456789dD()+: \tSTRCOBEVAGIPwords-'x:ü"))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.text(ALPHABET, max_size=40)))
def test_fuzz_any_text_gives_a_check_or_a_notation_error(text: str) -> None:
    try:
        result = parse(
            text, STR=4, EVA=2, actor={"Swords (Cut)": (5, 6)}, against={"STR": 3, "Swords (Cut)": (4, 7)}
        )
    except NotationError as err:
        assert "position" in str(err)
    else:
        assert isinstance(result, (Check, Opposed))
        assert result.outcomes().total() == 1


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(0, 2000), threshold=st.integers(1, 10), tn=st.integers(0, 3000))
def test_pool_notation_round_trip(dice: int, threshold: int, tn: int) -> None:
    assert parse(f"{dice}d({threshold}+):{tn}") == Check(dice=dice, threshold=threshold, tn=tn)


def test_limit_constant() -> None:
    assert hits.MAX_NOTATION == 200
    with pytest.raises(NotationError, match="200 characters"):
        parse("1d(6+):" + "1" * 200)
