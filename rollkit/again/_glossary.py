"""What Again's rules terms mean, in our words, each with the place of its rule."""

from __future__ import annotations

from .._glossary import Term

GLOSSARY: tuple[Term, ...] = (
    Term(
        id="again-dice-pool",
        term="dice pool",
        spellings=("pool",),
        definition="The d10 a roll uses: usually a Core Statistic plus a Skill, with dice added or"
        " taken away by the situation. It never drops below one die.",
        page="index.md",
        section="the-dice-pool",
    ),
    Term(
        id="again-success",
        term="success",
        spellings=("successes",),
        definition="A die showing 8, 9 or 10. A roll counts its successes; some actions need one,"
        " others get better with each more.",
        page="index.md",
        section="successes-and-rolling-again",
    ),
    Term(
        id="again-x-again",
        term="10-again",
        spellings=("9-again", "8-again"),
        definition="Which faces earn an extra die: a 10 normally, and also a 9 (9-again) or an 8"
        " (8-again) when a strong power grants it. Each extra die can do the same.",
        page="index.md",
        section="successes-and-rolling-again",
    ),
    Term(
        id="again-critical-success",
        term="critical success",
        spellings=("critical successes", "Critical success", "Critical successes"),
        definition="A roll of five successes or more: an outstanding result, which some skills and"
        " abilities reward further.",
        page="index.md",
        section="critical-success",
    ),
    Term(
        id="again-botch",
        term="botch",
        spellings=("botches", "Botch", "critical failure", "Critical failure", "critical failures"),
        definition="A critical failure: the action fails and fails badly. It happens when the botch"
        " die, rolled after a failure, shows a 1.",
        page="index.md",
        section="critical-failure-botch",
    ),
    Term(
        id="again-botch-die",
        term="botch die",
        spellings=("botch dice",),
        definition="The single extra d10 rolled after a failure to see whether it is a botch; by"
        " the rule only a 1 botches, and some powers change that.",
        page="index.md",
        section="critical-failure-botch",
    ),
    Term(
        id="again-dc",
        term="DC",
        stands_for="Difficulty Check",
        definition="The number of successes a static roll needs, from 1 (Easy) to 5 (Extremely"
        " Hard), set by the Storyteller.",
        page="index.md",
        section="the-dc-table",
    ),
    Term(
        id="again-static-roll",
        term="static roll",
        spellings=("static rolls", "Static roll", "Static rolls"),
        definition="A roll against a DC rather than against another roll: meet the number of"
        " successes, or in a few cases beat it.",
        page="index.md",
        section="static-rolls",
    ),
    Term(
        id="again-mitigated-roll",
        term="mitigated roll",
        spellings=("mitigated rolls", "Mitigated roll", "Mitigated rolls"),
        definition="The other side's protection is taken off your pool before you roll, and every"
        " success of what is left counts, such as damage.",
        page="mitigated-and-opposed.md",
        section="mitigated-rolls",
    ),
    Term(
        id="again-opposed-roll",
        term="opposed roll",
        spellings=("opposed rolls", "Opposed roll", "Opposed rolls"),
        definition="Both sides roll and compare successes; the active side must roll more, since a"
        " tie goes to the defending side, and only winning or losing matters.",
        page="mitigated-and-opposed.md",
        section="opposed-rolls",
    ),
)
"""Again's rules terms."""
