"""What Ninefold's rules terms mean, in our words, each with the place of its rule."""

from __future__ import annotations

from .._glossary import Term

GLOSSARY: tuple[Term, ...] = (
    Term(
        id="ninefold-topass",
        term="toPass",
        definition="The percentage chance that a check passes: the Stat, plus the bonuses of one"
        " trained Skill path, plus buffs, minus debuffs.",
        page="index.md",
        section="the-chance-to-pass-topass",
    ),
    Term(
        id="ninefold-dc",
        term="DC",
        spellings=("DCs",),
        stands_for="Difficulty Class",
        definition="On a direct check it is the chance to pass itself, so a higher"
        " DC is easier; against a fixed percentage difficulty it is the number the adjusted result"
        " must reach.",
        page="percentage-dcs.md",
        section="two-meanings-of-dc",
    ),
    Term(
        id="ninefold-stat",
        term="Stat",
        spellings=("Stats",),
        definition="The character's base percentage for the kind of action: a Mind's Mentalic Stat,"
        " or a physical one that the current Embodiment gives.",
        page="index.md",
        section="stat",
    ),
    Term(
        id="ninefold-skill-path",
        term="Skill path",
        spellings=("Skill paths",),
        definition="The trained line of skills that fits the action. Only the bonuses of that one"
        " path count towards toPass; other paths add nothing.",
        page="index.md",
        section="skills",
    ),
    Term(
        id="ninefold-buff",
        term="buff",
        spellings=("buffs", "Buff", "Buffs", "Buff Bonus"),
        definition="A bonus in percentage points that raises toPass: gear, armour, cover, conditions"
        " or a resistance, whenever its rule applies.",
        page="index.md",
        section="buffs-debuffs-and-the-embodiment",
    ),
    Term(
        id="ninefold-debuff",
        term="debuff",
        spellings=("debuffs", "Debuff", "Debuffs", "Debuff Bonus"),
        definition="A penalty in percentage points that lowers toPass, such as armour piercing"
        " against a defender or a flaw of the body in use.",
        page="index.md",
        section="buffs-debuffs-and-the-embodiment",
    ),
    Term(
        id="ninefold-embodiment",
        term="Embodiment",
        definition="The body a Mind currently wears. It supplies the physical Stats and may add a"
        " bonus or penalty of its own; the Mind keeps its Mentalic Stats and training.",
        page="index.md",
        section="buffs-debuffs-and-the-embodiment",
    ),
    Term(
        id="ninefold-dice-threshold",
        term="X+",
        spellings=("dice threshold", "dice thresholds"),
        definition="The roll-high way of writing a check on a smaller die: on a die of N faces a roll"
        " above X passes, which is (N − X) in N.",
        page="index.md",
        section="choosing-a-die",
    ),
    Term(
        id="ninefold-critical-band",
        term="critical band",
        spellings=("critical bands", "Critical bands", "Critical band"),
        definition="The faces at either end of the unmodified die, 5% each unless something widens"
        " or narrows them, that make a roll a favourable or an unfavourable critical.",
        page="index.md",
        section="critical-bands",
    ),
    Term(
        id="ninefold-favourable-critical",
        term="favourable critical",
        spellings=("favourable criticals", "Favourable critical"),
        definition="A roll in the favourable critical band. On an action that succeeds it doubles the"
        " effect dice; it never turns a failure into a success.",
        page="index.md",
        section="what-a-critical-does",
    ),
    Term(
        id="ninefold-unfavourable-critical",
        term="unfavourable critical",
        spellings=("unfavourable criticals", "Unfavourable critical"),
        definition="A roll in the unfavourable critical band. If the action still succeeds, its effect"
        " dice are halved, rounded down but never below one die.",
        page="index.md",
        section="what-a-critical-does",
    ),
    Term(
        id="ninefold-confirmation-roll",
        term="confirmation roll",
        spellings=("confirmation rolls",),
        definition="A d100 rolled when a critical band covers only part of a face of the die in use:"
        " it settles whether that face is critical this time.",
        page="index.md",
        section="critical-bands-on-any-die",
    ),
    Term(
        id="ninefold-offence",
        term="offence",
        spellings=("Offence", "offensive check"),
        definition="The first roll of a contest: the acting side's own toPass check. If it fails,"
        " the action stops there.",
        page="contests.md",
        section="offence-then-defence",
    ),
    Term(
        id="ninefold-defence",
        term="defence",
        spellings=("Defence", "defensive check"),
        definition="The second roll of a contest, made by the target with its own toPass after the"
        " offence passed. A passed defence stops the hit unless the action names a reduced effect.",
        page="contests.md",
        section="offence-then-defence",
    ),
    Term(
        id="ninefold-effect-dice",
        term="effect dice",
        definition="The dice of what an action does, such as damage, rolled only once the offence"
        " passed and the defence failed.",
        page="contests.md",
        section="the-effect-rolled",
    ),
    Term(
        id="ninefold-resistance",
        term="resistance",
        spellings=("resistances", "typed resistance", "typed resistances"),
        definition="A bonus to the defender's toPass against one type of effect. Against an effect of"
        " several types only the best matching one counts; a negative one is a vulnerability.",
        page="contests.md",
        section="typed-resistances",
    ),
    Term(
        id="ninefold-immunity",
        term="Immunity",
        spellings=("immunity",),
        definition="A stated property that the effect does not apply at all: not a number added to"
        " the defence, so no roll is made for it.",
        page="contests.md",
        section="immunity",
    ),
    Term(
        id="ninefold-margin",
        term="margin",
        spellings=("margins",),
        definition="How far a roll cleared or missed its mark, in percentage points (or faces on a"
        " smaller die): 0 or more on a pass, negative on a failure.",
        page="percentage-dcs.md",
        section="reading-a-percentage-dc-check",
    ),
)
"""Ninefold's rules terms."""
