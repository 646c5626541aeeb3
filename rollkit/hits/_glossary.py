"""What The Check's rules terms mean, in our words, each with the place of its rule."""

from __future__ import annotations

from .._glossary import Term

GLOSSARY: tuple[Term, ...] = (
    Term(
        id="hits-dice-pool",
        term="Dice Pool",
        spellings=("pool",),
        definition="How many d10 a check rolls. Where the dice come from depends on the kind of check:"
        " an Attribute, a Skill's Training and Focus, a weapon's Power or a fixed number.",
        page="index.md",
        section="dice-pool-d",
    ),
    Term(
        id="hits-threshold",
        term="Threshold",
        spellings=("Thresholds",),
        definition="The least a d10 must show to count, written x+ (7+ means 7 or more). For Attribute"
        " and Skill Checks it follows from the Attribute.",
        page="index.md",
        section="threshold-and-hits",
    ),
    Term(
        id="hits-hit",
        term="Hits",
        spellings=("Hit",),
        definition="Each d10 that shows the Threshold or more is one Hit; a check's result is how"
        " many Hits it scored.",
        page="index.md",
        section="threshold-and-hits",
    ),
    Term(
        id="hits-tn",
        term="TN",
        spellings=("Target Number",),
        stands_for="Target Number",
        definition="The Hits a check needs to succeed. It comes from a defence, an"
        " assigned difficulty, the other side's Hits or armour's Hardness.",
        page="index.md",
        section="target-number-tn",
    ),
    Term(
        id="hits-effect",
        term="Effect",
        spellings=("eff",),
        definition="By how many Hits a successful check went past the TN; meeting the TN exactly is"
        " Effect 0, a bare success.",
        page="index.md",
        section="effect-and-botch",
    ),
    Term(
        id="hits-botch",
        term="Botch",
        spellings=("Botches",),
        definition="A check that scored fewer Hits than the TN: it fails, and the more Hits it fell"
        " short by, the worse the Botch.",
        page="index.md",
        section="effect-and-botch",
    ),
    Term(
        id="hits-dos",
        term="DoS",
        spellings=("Degree of Success",),
        stands_for="Degree of Success",
        definition="The band of table 7A the Effect falls into, which some"
        " abilities read instead of the Effect itself.",
        page="index.md",
        section="degree-of-success-table-7a",
    ),
    Term(
        id="hits-static-check",
        term="Static Check",
        spellings=("Static Checks",),
        definition="A check with a set number of dice and a Threshold of 6+, described by the rule"
        " that calls for it.",
        page="index.md",
        section="four-kinds-of-check",
    ),
    Term(
        id="hits-training",
        term="Training",
        definition="A character's rank in a Skill, from Untrained to Expert; each rank above"
        " Untrained adds dice to a Skill Check's pool.",
        page="index.md",
        section="skill-dice-training-focus-and-the-attribute",
    ),
    Term(
        id="hits-focus",
        term="Focus",
        spellings=("Focus Level",),
        definition="A narrower speciality inside a Skill: a check it applies to gets one more d10 for"
        " every Focus Level.",
        page="index.md",
        section="skill-dice-training-focus-and-the-attribute",
    ),
    Term(
        id="hits-knowledge-rating",
        term="Knowledge Rating",
        definition="How much a character knows of a topic, 0 to 5; a Knowledge Check adds twice it"
        " in dice to Intellect's pool.",
        page="index.md",
        section="knowledge-dice",
    ),
    Term(
        id="hits-power",
        term="Power",
        definition="A weapon's dice for its Damage Check, given with the weapon along with the"
        " Threshold it rolls at.",
        page="index.md",
        section="damage-dice-power",
    ),
    Term(
        id="hits-hardness",
        term="Hardness",
        definition="The armour value that sets the TN of a Damage Check against it; it can differ by"
        " the kind of attack.",
        page="index.md",
        section="hardness-damage-checks-only",
    ),
    Term(
        id="hits-buying-hits",
        term="buying Hits",
        spellings=("Buying Hits", "Buy Hits", "bought Hits"),
        definition="A shortcut for big pools: each set of ten dice set aside counts as a fixed number"
        " of Hits for its Threshold, and at least ten dice are still rolled.",
        page="special-checks.md",
        section="buying-hits",
    ),
    Term(
        id="hits-opposed-check",
        term="opposed check",
        spellings=("opposed checks", "Opposed check", "Opposed checks"),
        definition="A check whose TN is the Hits the defender scores on a check of its own, such as"
        " a lie against someone's insight.",
        page="special-checks.md",
        section="opposed-checks",
    ),
    Term(
        id="hits-group-check",
        term="group check",
        spellings=("group checks", "Group check", "Group checks"),
        definition="Several characters meet one challenge together: the helpers roll first against"
        " TN 1 and their success lends dice to the leader's roll.",
        page="special-checks.md",
        section="group-checks",
    ),
    Term(
        id="hits-luck-check",
        term="Luck Check",
        spellings=("Luck Checks",),
        definition="A Static Check the Sage may call when only fortune can decide, rolled with the"
        " character's unspent Fate Pool against a TN the Sage sets.",
        page="special-checks.md",
        section="luck-checks",
    ),
    Term(
        id="hits-fate-pool",
        term="Fate Pool",
        definition="The Fate a character has not yet spent; its size is the Dice Pool of a Luck Check.",
        page="special-checks.md",
        section="luck-checks",
    ),
    Term(
        id="hits-validation-die",
        term="Validation Die",
        spellings=("Validation Dice", "validation die", "validation dice"),
        definition="One die of the pool, rolled in a different colour, that counts for Hits and is"
        " also read against a second Threshold; what a failure there does is the keyword's rule.",
        page="special-checks.md",
        section="validation-dice",
    ),
)
"""The Check's rules terms."""
