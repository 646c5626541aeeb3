"""A roll from given faces (a worked example's Replay, ``docs_tools.examples``): the request
protocol's ``faces``, the very dice given, said to be a replay, with the Python that resolves
them; a hand to choose on keeps them; faces that are not whole numbers are refused."""

from __future__ import annotations

import json

import pytest

from rollkit import critdice, hits
from rollkit.web import request

HITS = {"dice": "7", "threshold": "7", "tn": "2"}


def _ask(**message: object) -> dict[str, object]:
    return dict(json.loads(request(json.dumps({"op": "roll", **message}))))


def test_the_faces_given_are_the_dice_rolled_and_the_roll_says_it_is_a_replay() -> None:
    answer = _ask(check="hits", params=HITS, faces="9, 2, 7, 10, 4, 8, 7", replay={"at": ""})
    assert answer["ok"], answer
    result = answer["result"]
    assert result["view"]["faces"] == [9, 2, 7, 10, 4, 8, 7] and result["given"] == [9, 2, 7, 10, 4, 8, 7]
    assert result["seed"] is None and result["replay"] is True
    assert result["view"]["summary"].startswith("Success: 5 Hits against TN 2, DoS 2 (Normal Success)")
    assert (
        "Replay of a roll with Dice Pool 7, Threshold 7+, Target Number (TN) 2, from the dice given: "
        "the same dice, not a new roll."
    ) in json.dumps(result["view"]["tree"])
    assert result["python"].endswith("roll = check.resolve([9, 2, 7, 10, 4, 8, 7])")
    assert hits.Check(dice=7, threshold=7, tn=2).resolve([9, 2, 7, 10, 4, 8, 7]).tally == 5


def test_a_hand_from_faces_keeps_them_to_the_finish() -> None:
    faces = [10, 2, 8, 6]
    pending = _ask(check="critdice", params={"dice": "4"}, faces=faces, choose=True)
    assert pending["ok"], pending
    assert pending["result"]["view"]["faces"] == faces and pending["result"]["given"] == faces
    done = _ask(check="critdice", params={"dice": "4"}, faces=faces, choose=True, spend="plan", finish=True)
    assert done["ok"], done
    assert done["result"]["view"]["faces"] == faces
    assert done["result"]["tally"] == critdice.Check(dice=4).resolve(faces).tally


@pytest.mark.parametrize("faces", ["9, x", "", [9, True], {"a": 1}])
def test_faces_that_are_not_whole_numbers_are_refused(faces: object) -> None:
    answer = _ask(check="hits", params=HITS, faces=faces)
    assert answer == {"ok": False, "error": "The dice to replay are not whole numbers.", "field": None}
