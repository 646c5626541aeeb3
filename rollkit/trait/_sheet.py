"""A Persona's sheet: each Trait's score and whether the Persona is Adept in it, and EXP; a
trait check, or the actor of a contest, fills from the Trait the reader picks ("The roll")."""

from __future__ import annotations

from .._sheet import Character, Fill, Group, Pick, Picked, Place, Sheet, Source, field_of, value
from ._checks import Check
from ._contest import Contest
from ._rules import SCORE, SYSTEM, mod_for

__all__ = ["SHEET"]

TRAITS = Group(
    "traits",
    "Traits",
    "Trait",
    values=(value("score", SCORE), field_of(Check, "adept")),
    hint="each Trait's score, and whether the Persona is Adept in it",
)


def _roller(character: Character, picked: Picked) -> tuple[Source, ...]:
    """MOD from the Trait's score (``mod_for``), EXP from the sheet, Adept from the Trait."""
    trait = picked.one("traits")
    score, exp, adept = trait["score"], character.value("exp"), trait["adept"]
    return (
        Source(
            "mod",
            mod_for(score=score),
            f"{trait.name} {score}: MOD {mod_for(score=score)}",
            why=f"MOD comes from {trait.name}'s score",
        ),
        Source("exp", exp, f"EXP {exp}", saves=Place("", "", "exp")),
        Source(
            "adept",
            adept,
            f"Adept in {trait.name}" if adept else f"not Adept in {trait.name}",
            saves=Place("traits", trait.name, "adept"),
        ),
    )


_TRAIT = Pick("traits", "Trait")

SHEET = Sheet(
    system=SYSTEM,
    title="Persona",
    values=(field_of(Check, "exp"),),
    groups=(TRAITS,),
    fills=(Fill(Check, (_TRAIT,), _roller), Fill(Contest, (Pick("traits", "Actor's Trait"),), _roller)),
)
"""The Persona's sheet and the checks it fills."""
