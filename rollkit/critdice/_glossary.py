"""What Critical dice's rules terms mean, in our words, each with the place of its rule."""

from __future__ import annotations

from .._glossary import Term

GLOSSARY: tuple[Term, ...] = (
    Term(
        id="critdice-dice-pool",
        term="Dice Pool",
        spellings=("dice pool",),
        definition="The standard d12 a check rolls, made from what the Ability says, from a Skill"
        " Rank and a Stat, or from a Stat alone.",
        page="index.md",
        section="creating-the-dice-pool",
    ),
    Term(
        id="critdice-standard-die",
        term="standard dice",
        spellings=("standard die", "Standard dice"),
        definition="The ordinary d12 of the pool, as opposed to critical dice; dice the rules do not"
        " call critical are standard.",
        page="index.md",
        section="the-dice",
    ),
    Term(
        id="critdice-sn",
        term="SN",
        spellings=("Success Number",),
        stands_for="Success Number",
        definition="The face a standard die must reach to be a success, 8 unless the"
        " Story Guide, an Ability or gear sets another.",
        page="index.md",
        section="the-success-number",
    ),
    Term(
        id="critdice-fail",
        term="Fail",
        spellings=("Fails",),
        definition="A standard die showing 1. It takes one success away, and neither Legendary ranks"
        " nor Focus can move it.",
        page="index.md",
        section="reading-the-dice",
    ),
    Term(
        id="critdice-critical-success",
        term="Critical Success",
        spellings=("critical success", "Critical Successes", "critical successes"),
        definition="A standard die on 12 (rolled or moved there): a success that also calls for a"
        " critical die, and a story event.",
        page="index.md",
        section="reading-the-dice",
    ),
    Term(
        id="critdice-critical-die",
        term="critical dice",
        spellings=("critical die", "Critical Dice", "Critical dice"),
        definition="Extra d12, one for each 12, in their own colour: one under the SN still gives a"
        " success, one at the SN or more gives two, and a 12 calls for more.",
        page="index.md",
        section="critical-dice",
    ),
    Term(
        id="critdice-critical-failure",
        term="Critical Failure",
        spellings=("critical failure",),
        definition="A check whose successes, after the Fails are taken off, come to less than zero:"
        " something goes wrong, however far below zero it is.",
        page="index.md",
        section="success-or-failure",
    ),
    Term(
        id="critdice-story-event",
        term="story event",
        spellings=("story events", "Story event", "Story events"),
        definition="The special turn the Story Guide adds after a Critical Success or a Critical"
        " Failure; rollkit only reports that one is due.",
        page="index.md",
        section="story-events",
    ),
    Term(
        id="critdice-skill-rank",
        term="Skill Rank",
        spellings=("Rank",),
        definition="How trained a character is in a Skill. From Rank 1 the pool is the rank plus the"
        " higher relevant Stat; at Rank 0 it is the lower Stat alone.",
        page="index.md",
        section="skills",
    ),
    Term(
        id="critdice-legendary",
        term="Legendary",
        spellings=("Legendary ranks", "Legendary status"),
        definition="Legendary ranks each move one standard die a point up or down, for free; a Fail"
        " cannot be moved and no die goes past 12.",
        page="legendary-and-focus.md",
        section="legendary-status",
    ),
    Term(
        id="critdice-focus",
        term="Focus",
        definition="Points of Mind paid to move dice, one point a step up or down, spread as the"
        " player likes; not on a Fail, and not above 12.",
        page="legendary-and-focus.md",
        section="focus",
    ),
)
"""Critical dice's rules terms."""
