"""hits: the references the tests hold rollkit to, written here independently of it.

Brute-force enumeration of every face combination (itertools.product over d10 faces), an
independent binomial formula in Fractions, die-by-die enumeration for the rolled part of a
pool that buys Hits, and Table 7A written out from the rules text.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from rollkit import RulesError, hits
from rollkit.hits import Check, Group, Opposed

FACES = range(1, 11)
TENTH = Fraction(1, 10)

# Table 7A written out from the rules text, independently of rollkit.
BOTCH3 = "Botch 3 (Catastrophic Failure)"
BOTCH2 = "Botch 2 (Major Failure)"
BOTCH1 = "Botch 1 (Nominal Failure)"
DOS1 = "DoS 1 (Nominal Success)"
DOS2 = "DoS 2 (Normal Success)"
DOS3 = "DoS 3 (Good Success)"
DOS4 = "DoS 4 (Great Success)"
DOS5 = "DoS 5 (Critical Success)"
BANDS = (BOTCH3, BOTCH2, BOTCH1, DOS1, DOS2, DOS3, DOS4, DOS5)


def band(effect: int) -> str:
    if effect <= -4:
        return BOTCH3
    if effect <= -2:
        return BOTCH2
    if effect == -1:
        return BOTCH1
    if effect <= 1:
        return DOS1
    if effect <= 3:
        return DOS2
    if effect <= 7:
        return DOS3
    if effect <= 15:
        return DOS4
    return DOS5


@cache
def brute_hits(n: int, t: int) -> dict[int, Fraction]:
    """Hits of n d10 at t+ by enumerating every face combination."""
    counts = Counter(sum(f >= t for f in faces) for faces in itertools.product(FACES, repeat=n))
    return {k: Fraction(c, 10**n) for k, c in counts.items()}


def formula_hits(n: int, t: int) -> dict[int, Fraction]:
    """Hits of n d10 at t+ from the binomial formula in Fractions."""
    p = Fraction(11 - t, 10)
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def bands_of(hits_dist: dict[int, Fraction], tn: int) -> dict[str, Fraction]:
    out = {b: Fraction(0) for b in BANDS}
    for k, p in hits_dist.items():
        out[band(k - tn)] += p
    return out


def assert_outcomes(check: Check, expected: dict[str, Fraction]) -> None:
    got = check.outcomes()
    assert list(got) == list(expected)
    assert dict(got.items()) == expected


@cache
def by_faces(n: int, t: int, v: int = 0) -> dict[tuple[int, bool], Fraction]:
    """(Hits, validation passed) of n d10 at t+, adding each die's ten faces in turn; with
    v the last die is also read at v+ (without one, every roll counts as passed)."""
    dist = {(0, True): Fraction(1)}
    for i in range(n):
        last = bool(v) and i == n - 1
        out: dict[tuple[int, bool], Fraction] = {}
        for (k, ok), p in dist.items():
            for face in FACES:
                key = (k + (face >= t), face >= v if last else ok)
                out[key] = out.get(key, Fraction(0)) + p * TENTH
        dist = out
    if v and n == 0:  # no die to pass (ruling hits-group-validation-no-dice)
        dist = {(0, False): Fraction(1)}
    return dist


Validated = Check | Opposed | Group


def rows(joint: dict[tuple[int, bool], Fraction], keyword: str) -> dict[str, Fraction]:
    """Outcome rows from (Effect, validation passed) weights, as the keyword reads them."""
    out = ({hits.MISFIRE: Fraction(0)} if keyword == "misfire" else {}) | {b: Fraction(0) for b in BANDS}
    for (effect, ok), p in joint.items():
        out[hits.MISFIRE if keyword == "misfire" and not ok else band(effect)] += p
    return out


def assert_matches(check: Validated, joint: dict[tuple[int, bool], Fraction], least: int) -> None:
    """outcomes(), chance(), validation_outcomes() and the joint table against (Effect, passed)
    weights where Effect = tally - least."""
    assert dict(check.outcomes().items()) == rows(joint, check.keyword)
    assert list(check.outcomes()) == list(rows(joint, check.keyword))
    passing = [p for (e, ok), p in joint.items() if e >= 0 and (ok or check.keyword == "none")]
    assert check.chance() == sum(passing, Fraction(0))
    if check.validation:
        failed = sum((p for (_, ok), p in joint.items() if not ok), Fraction(0))
        assert dict(check.validation_outcomes().items()) == {
            "validation failed": failed,
            "validation passed": 1 - failed,
        }
        both = check.outcomes_with_validation()
        for b in BANDS:
            for ok in (False, True):
                want = sum((p for (e, o), p in joint.items() if o == ok and band(e) == b), Fraction(0))
                assert both[f"{b}, validation {'passed' if ok else 'failed'}"] == want
    else:
        with pytest.raises(RulesError, match="validation=0"):
            check.validation_outcomes()
    assert check.success_from() == (None if check.keyword == "misfire" else least)


# Attribute Levels written out from the text's prose (sections "Dice Pool in an Attribute
# Check" and "Threshold in Action Checks"), and Skill Training's dice ("Skill Training").
ATTRIBUTE_DICE = {1: 2, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5, 9: 6, 10: 6, 11: 7}
ATTRIBUTE_THRESHOLD = {1: 10, 2: 9, 3: 7, 4: 7, 5: 6, 6: 6, 7: 6, 8: 5, 9: 5, 10: 5, 11: 5}
TRAINING_DICE = {"untrained": 0, "cursory": 1, "skilled": 2, "adept": 3, "expert": 4}


def sheet_skill(attribute: int, training: str, focus: int, modifier: int) -> tuple[int, int]:
    """(dice, Threshold) of a Skill Check from the sheet, by the text: Training, Focus and the
    Attribute's dice, untrained the Attribute's alone; situational dice, never below 0."""
    trained = TRAINING_DICE[training]
    dice = ATTRIBUTE_DICE[attribute] + (trained + focus if trained else 0)
    return max(0, dice + modifier), ATTRIBUTE_THRESHOLD[attribute]


NO_DAMAGE = "Damage: eff:0, no damage (Nominal Success)"
"""A Damage Check whose Hits equal the Hardness: a success with no Effect, so no damage."""


def attack_reference(
    *,
    dice: int,
    threshold: int,
    tn: int,
    bought: int,
    validation: int,
    keyword: str,
    power: int,
    damage_threshold: int,
    hardness: int,
    damage_bought: int,
) -> tuple[dict[str, Fraction], dict[int, Fraction], Fraction]:
    """(outcomes, damage, chance) of an attack and its Damage Check, die by die: the attack's
    rolled dice (the last also its Validation Die) and bought Hits; when its Hits reach the
    defence and, under Misfire, the die passes, the Damage Check's rolled dice and bought Hits.
    Damage is the Damage Check's Effect when 1 or more, else 0; the play succeeds on damage."""
    outcomes: dict[str, Fraction] = ({hits.MISFIRE: Fraction(0)} if keyword == "misfire" else {}) | {
        "Attack missed (no Damage Check)": Fraction(0)
    }
    named = [f"Damage: {b}" for b in BANDS]
    outcomes |= dict.fromkeys([*named[:3], NO_DAMAGE, *named[3:]], Fraction(0))
    damage: dict[int, Fraction] = {}
    chance = Fraction(0)
    attack = by_faces(dice - 10 * bought, threshold, validation)
    wounds = by_faces(power - 10 * damage_bought, damage_threshold)
    for (k, ok), p in attack.items():
        k += bought * (11 - threshold)
        if keyword == "misfire" and not ok:
            outcomes[hits.MISFIRE] += p
            damage[0] = damage.get(0, Fraction(0)) + p
        elif k < tn:
            outcomes["Attack missed (no Damage Check)"] += p
            damage[0] = damage.get(0, Fraction(0)) + p
        else:
            for (h, _), q in wounds.items():
                effect = h + damage_bought * (11 - damage_threshold) - hardness
                outcomes[NO_DAMAGE if effect == 0 else f"Damage: {band(effect)}"] += p * q
                damage[max(0, effect)] = damage.get(max(0, effect), Fraction(0)) + p * q
                chance += p * q if effect >= 1 else 0
    return outcomes, damage, chance
