"""Characters in the widgets' protocol and trees: the sheet op (characters checked, a kind's
fields from a sheet, edits saved back, links and files), the widget's place for a character,
what a widget using one shows, and the Characters page's editor, every control from the
sheet's declarations."""

from __future__ import annotations

import json
from typing import Any

from rollkit import Character, critdice, hits, trait
from rollkit._sheet import file_json, sheet
from rollkit.web import (
    SheetAnswer,
    SheetRequest,
    answer,
    fill_view,
    read,
    request,
    sheet_editor,
    to_html,
    to_json,
    widget,
)

WREN = {
    "rollkit": "character",
    "version": 1,
    "name": "Wren",
    "system": "trait",
    "values": {"exp": "3"},
    "entries": {"traits": [{"name": "Sneak", "score": "51", "adept": False}, {"name": "Study", "score": 40}]},
}


def ask(**message: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(request(json.dumps({"op": "sheet", **message})))
    return out


def test_a_character_is_checked_and_kept_as_json_and_a_link() -> None:
    got = ask(character=WREN)
    assert got["ok"] is True
    [kept] = got["result"]["characters"]
    made = Character.from_json(WREN)
    assert kept == {"character": made.to_json(), "link": made.to_link(), "system": "Trait checks"}
    assert kept["character"]["values"] == {"exp": 3}  # read as numbers
    assert "fill" not in got["result"]


def test_a_mistake_on_the_sheet_names_the_entry_and_value_as_data() -> None:
    bad = json.loads(json.dumps(WREN))
    bad["entries"]["traits"][1]["score"] = "-4"
    got = ask(character=bad)
    assert got == {
        "ok": False,
        "error": "Traits, Trait 2 (Study), Score: -4 is out of range; enter a whole number from 0 to 1000.",
        "field": "traits",
        "item": 1,
        "part": 1,
    }
    bad["name"] = ""
    assert ask(character=bad)["field"] == "name"


def test_a_kind_fills_from_the_sheet_with_its_words_and_the_characters_name() -> None:
    got = ask(character=WREN, check="trait", pick={"traits": "Sneak"}, widget="rk-w")["result"]
    fill = got["fill"]
    assert fill["character"] == "Wren" and fill["check"] == "trait"
    assert fill["params"] == {"mod": "5", "exp": "3", "adept": "false"}
    assert fill["from"][0] == {
        "field": "mod",
        "label": "MOD",
        "said": "Sneak 51: MOD 5",
        "saves": False,
        "why": "MOD comes from Sneak's score",
    }
    assert [f["saves"] for f in fill["from"]] == [False, True, True]
    assert fill["pick"] == {"traits": ["Sneak"]}
    html = to_html(read_tree(fill["tree"]))
    assert '<strong data-rollkit-character="Wren">Wren</strong>' in html
    assert "Sneak 51: MOD 5; EXP 3; not Adept in Sneak." in html
    assert '<select id="rk-w-pick-traits" name="traits" data-pick="traits">' in html
    assert '<option value="Study">Study</option>' in html


def read_tree(tree: Any) -> Any:
    """A tree sent as JSON, back as an Element (to write it as HTML)."""
    from rollkit.web import node

    if isinstance(tree, str):
        return tree
    tag, attrs, *children = tree
    return node(tag, attrs, *(read_tree(c) for c in children))


def test_edits_are_saved_to_the_sheet_and_the_fill_follows() -> None:
    got = ask(character=WREN, check="trait", pick={"traits": "Study"}, save={"exp": "4", "adept": "true"})
    result = got["result"]
    kept = result["characters"][0]["character"]
    assert kept["values"] == {"exp": 4} and kept["entries"]["traits"][1]["adept"] is True
    assert result["fill"]["params"] == {"mod": "4", "exp": "4", "adept": "true"}
    refused = ask(character=WREN, check="trait", save={"mod": "6"})
    assert refused == {
        "ok": False,
        "error": "MOD cannot be saved: MOD comes from Sneak's score.",
        "field": "mod",
    }
    bad = ask(character=WREN, check="trait", save={"exp": "lots"})
    assert bad["field"] == "exp" and bad["error"].startswith("EXP: ")


def test_a_pick_that_names_no_entry_is_the_readers_mistake() -> None:
    got = ask(character=WREN, check="trait", pick={"traits": "Climb"})
    assert got == {
        "ok": False,
        "error": "Trait: \u201cClimb\u201d is not one of Wren's Traits; choose Sneak, Study.",
        "field": "traits",
    }
    other = ask(character=WREN, check="hits")
    assert other["ok"] is False and other["field"] == "check" and "internal" not in other


def test_a_link_and_a_file_give_their_characters() -> None:
    made = Character.from_json(WREN)
    assert ask(link=made.to_link())["result"]["characters"][0]["character"] == made.to_json()
    cut = ask(link=made.to_link()[:-5])
    assert cut == {
        "ok": False,
        "error": "This link holds no character; it may be cut short.",
        "field": "link",
    }
    ash = Character.make(name="Ash", system="hits", entries={"attributes": [{"name": "STR", "level": 2}]})
    got = ask(file=file_json([made, ash]))["result"]["characters"]
    assert [c["character"]["name"] for c in got] == ["Wren", "Ash"]
    assert ask(file=made.to_json())["result"]["characters"][0]["character"] == made.to_json()


def test_a_request_gives_one_character() -> None:
    for message in (
        {},
        {"character": WREN, "link": "1.x"},
        {"file": {}, "check": "trait", "character": None},
    ):
        got = ask(**message)
        assert got["ok"] is False and "internal" not in got, message
    assert isinstance(read(json.dumps({"op": "sheet", "character": WREN})), SheetRequest)
    req = SheetRequest(character=WREN, check="trait")
    assert isinstance(answer(req), SheetAnswer)


def test_a_roll_made_for_a_character_carries_its_name() -> None:
    message = {"op": "roll", "check": "trait", "params": {"mod": "5", "threshold": "15"}, "seed": 3}
    rolled = json.loads(request(json.dumps({**message, "character": "Wren"})))["result"]
    assert rolled["character"] == "Wren"
    plain = json.loads(request(json.dumps(message)))["result"]
    assert "character" not in plain and plain["faces"] == rolled["faces"]


def test_a_widget_that_fills_from_a_sheet_has_its_place_and_one_that_does_not_has_none() -> None:
    html = to_html(widget("trait", trait.Check(mod=5, threshold=15), widget_id="rk-t"))
    assert '<div class="rk-sheet" id="rk-t-sheet" hidden>' in html
    assert html.index("rk-sheet-use") < html.index('class="rk-fields"')
    luck = to_html(widget("hits.luck", hits.Luck(fate=3, tn=1), widget_id="rk-l"))
    assert "rk-sheet" not in luck


def test_the_editor_has_every_sheets_controls_from_their_declarations() -> None:
    html = to_html(sheet_editor())
    for system in ("ninefold", "trait", "hits", "again", "critdice"):
        assert f'data-system="{system}"' in html
    score = trait.SHEET.group("traits").column("score").param
    assert (
        f'data-key="score" data-part="1" data-label="Score" type="number" min="{score.low}" max="{score.high}"'
        in html
    )
    assert f"Score: {score.hint}; {score.allowed()}" in html
    level = hits.SHEET.group("attributes").column("level").param
    assert (
        f'data-key="level" data-part="1" data-label="Attribute Level" type="number" min="{level.low}" max="{level.high}"'
        in html
    )
    assert "Skilled (+2d10)" in html  # Training's options, as the check declares them
    legendary = next(f for f in critdice.SHEET.values if f.name == "legendary")
    assert 'id="rk-sheet-critdice-legendary" name="legendary"' in html and legendary.label in html
    assert "Add a Trait" in html and "Add an Attribute" in html
    assert 'data-version="1"' in html


def test_a_fill_view_is_json_and_names_whose_values_these_are() -> None:
    filled = Character.from_json(WREN).fill("trait")
    view = fill_view(filled, widget_id="rk-x")
    out = view.to_json()
    assert json.loads(json.dumps(out)) == out
    assert to_json(view.tree) == out["tree"]
    assert any(e.attr("data-rollkit-character") == "Wren" and e.text() == "Wren" for e in view.tree.walk())
    assert sheet("trait") is trait.SHEET
