"""What Trait checks' rules terms mean, in our words, each with the place of its rule."""

from __future__ import annotations

from .._glossary import Term

GLOSSARY: tuple[Term, ...] = (
    Term(
        id="trait-trait",
        term="Trait",
        spellings=("Traits",),
        definition="One of a character's abilities, such as Sneak or Might, with a score on the"
        " sheet. The Game Master picks the one that fits the action.",
        page="index.md",
        section="trait-and-mod",
    ),
    Term(
        id="trait-mod",
        term="MOD",
        definition="The bonus a Trait adds to the two d12: rollkit takes the tens of its score, so a"
        " Sneak of 51 gives +5.",
        page="index.md",
        section="trait-and-mod",
    ),
    Term(
        id="trait-exp",
        term="EXP",
        definition="A bonus that grows with the character's level. It is added on top of the MOD only"
        " when the character is Adept in the Trait rolled.",
        page="index.md",
        section="exp-and-being-adept",
    ),
    Term(
        id="trait-adept",
        term="Adept",
        definition="Trained in a Trait: the roll adds EXP to the MOD, and rollkit also gives it one"
        " Prowess die.",
        page="index.md",
        section="exp-and-being-adept",
    ),
    Term(
        id="trait-threshold",
        term="Threshold",
        spellings=("Thresholds",),
        definition="The total a check must reach to succeed, from 5 (Novice) to 30 (Expert), set by"
        " the Game Master.",
        page="index.md",
        section="thresholds",
    ),
    Term(
        id="trait-prowess",
        term="Prowess",
        definition="An extra d12 in your favour: roll one more die and keep the best two. One Prowess"
        " and one Stagger cancel out.",
        page="prowess-and-stagger.md",
        section="prowess-and-stagger",
    ),
    Term(
        id="trait-stagger",
        term="Stagger",
        definition="An extra d12 against you: roll one more die and keep the worst two. One Stagger"
        " and one Prowess cancel out.",
        page="prowess-and-stagger.md",
        section="prowess-and-stagger",
    ),
    Term(
        id="trait-stacking-cap",
        term="stacking cap",
        definition="The most Prowess, or Stagger, that counts on one roll: half the EXP rounded down,"
        " but never less than 1 (a draft rule).",
        page="prowess-and-stagger.md",
        section="how-far-they-stack",
    ),
    Term(
        id="trait-degree",
        term="degree",
        spellings=("degrees", "degree of failure", "degrees of failure"),
        definition="How badly a check failed, from the amount it fell short: Low, Moderate or"
        " Critical. The degree sets the Chance it costs to succeed anyway.",
        page="when-you-fail.md",
        section="degrees-of-failure",
    ),
    Term(
        id="trait-chance",
        term="Chance",
        definition="A resource a player may spend after a miss: 1, 2 or 3 of it, by the miss's degree,"
        " turns the failure into a success with a Complication.",
        page="when-you-fail.md",
        section="paying-chance-after-the-roll",
    ),
    Term(
        id="trait-complication",
        term="Complication",
        spellings=("Complications",),
        definition="The twist the Game Master adds when a failure is bought into a success with"
        " Chance: you get what you tried for, at a cost.",
        page="when-you-fail.md",
        section="paying-chance-after-the-roll",
    ),
    Term(
        id="trait-contest",
        term="contest",
        spellings=("contests", "contested check", "contested checks", "Contested check", "Contested checks"),
        definition="Two characters roll against each other, each with their own Trait, and the"
        " higher total wins.",
        page="contested-checks.md",
        section="making-a-contested-check",
    ),
)
"""Trait checks' rules terms."""
