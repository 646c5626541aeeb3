"""The ninefold rulings: where the Roll Checks page is ambiguous, inconsistent or lost text."""

from __future__ import annotations

from .._format import percent
from .._rulings import Ruling
from ._rules import SYSTEM, threshold_chance, threshold_for

__all__ = ["RULINGS"]

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="ninefold-dice-threshold",
        title="X+ means a roll above X, as the threshold formula says",
        system=SYSTEM,
        section="Dice Thresholds",
        source='Three lines: "d6, 3+ = toPass 50%", "d20, 16+ = toPass 40%" and "dN, X+ = toPass'
        ' (N - X) / N %". The page does not say whether X+ takes X itself.',
        ruling="X+ on a dN means a roll above X, passing (N - X)/N of the time, as the formula reads"
        " it. A toPass of p% fits a dN when p*N/100 is a whole number of faces, and is rolled as X+"
        f" with X = N - p*N/100: 50% on a d6 is {threshold_for(to_pass=50, sides=6)}+ (the"
        f" page's own example), 40% on a d20 is {threshold_for(to_pass=40, sides=20)}+ (faces"
        f" {threshold_for(to_pass=40, sides=20) + 1} to 20).",
        why="Each reading of X+, with the page's three lines it keeps. Above X (this ruling) keeps"
        f" two: d6 3+ passes {percent(threshold_chance(sides=6, target=3))}, the 50% of the d6"
        " line, and the formula holds by definition; it breaks the d20 line, whose 16+ passes"
        f" {percent(threshold_chance(sides=20, target=16))}, not 40%. X or more (rollkit's earlier"
        f" ruling) keeps none: d6 3+ would pass {percent(threshold_chance(sides=6, target=2))},"
        f" d20 16+ {percent(threshold_chance(sides=20, target=15))}, and the formula would become"
        f" (N - X + 1)/N. No reading keeps the d20 line: 40% of a d20 is {40 * 20 // 100} faces, while 16 or more"
        f" is {round(20 * threshold_chance(sides=20, target=15))} faces and above 16 is"
        f" {round(20 * threshold_chance(sides=20, target=16))}, so that line is a slip and"
        f" 40% on a d20 is {threshold_for(to_pass=40, sides=20)}+.",
    ),
    Ruling(
        id="ninefold-expressing-dice",
        title="A die must show the toPass in whole faces",
        system=SYSTEM,
        section="Check Sequence; Dice Thresholds",
        source="Step 3 of the sequence: pick a die able to show the final toPass as a percentage.",
        ruling="A die is accepted when the clamped toPass is a whole number of its faces; otherwise"
        " rollkit raises an error that suggests d100 and lists the usual dice that would do."
        " expressing_dice() looks at d2, d4, d6, d8, d10, d12, d20 and d100. The critical bands"
        " need not be whole faces (ruling ninefold-confirmation-roll).",
        why="A d10 face is 10 points, so toPass 40 is four faces and toPass 45 is none; a d6 only"
        " shows 0%, 50% and 100%. Rolling 45% on a d10 would change the chance the Stat and"
        " Skills made.",
    ),
    Ruling(
        id="ninefold-confirmation-roll",
        title="A band that is not whole faces: a confirmation roll",
        system=SYSTEM,
        section="Critical Bands",
        source="Every check has a 5% favourable and a 5% unfavourable band, on d20 the two end"
        " faces; builds move a band in percentage points. A die that cannot show the band's"
        " percentage is to be settled by d100, d20 or some confirmation roll, which the page"
        " leaves undescribed.",
        ruling="criticals='confirm' (the default): a band of w% covers the first w*N/100 whole faces"
        " from its end of a dN, and the rest of it lies on the next face. When that face comes up, a"
        " d100 confirmation roll, read with the check's convention, makes it critical on the"
        " band's remaining hundredths: a 5% band on a d10 is the natural 1 (roll-under) confirmed"
        " on 01-50. criticals='natural' takes every natural face a band reaches instead (a 5% band"
        " is the natural 1 of a d10). A die that shows the band in whole faces (d100; d20 in steps"
        " of 5%) rolls no confirmation, and both readings agree on it.",
        why="The confirmation roll keeps the band at its stated width on every die: 1/10 x 50/100"
        " = 5% on a d10, 1/6 x 30/100 = 5% on a d6, and 7% on a d20 is the natural face plus"
        " 40/100 of the next. A d100 splits any face of any die into whole hundredths, so it is the"
        " one confirmation that fits every band. The natural reading follows the d20 sentence"
        " and widens small dice's bands: 10% each on a d10, 16.67% on a d6.",
    ),
    Ruling(
        id="ninefold-ranges",
        title="The stated spans of toPass are not limits",
        system=SYSTEM,
        section="Roll Checks",
        source="Stats are used as recorded, without clamping; Stat plus Skills plus Buff is said"
        " to span -75% to +75%, and debuffs to move that by up to 50 points either way.",
        ruling="The spans are read as a description, not a limit: any whole-number term from"
        " -1000000 to 1000000 is taken (beyond that LimitError). toPass itself is never"
        " clamped; only the chance is, to 0..100%: toPass 130 passes always, -20 never.",
        why="The text asks for unclamped stats from bodies and rules, so enforcing the spans"
        " would refuse legal characters; and a die cannot pass more than 100 rolls in 100.",
    ),
    Ruling(
        id="ninefold-critical-bands",
        title="Which end of the die is favourable",
        system=SYSTEM,
        section="Critical Bands",
        source="Each check has a 5% favourable and a 5% unfavourable band at the two ends of the"
        " unmodified die (01-05 and 96-100 on d100; the end faces on d20, which one is"
        " favourable depending on the convention); builds widen or narrow them in points.",
        ruling="Roll-under: favourable is the low end (d100 01-05, d20 natural 1), unfavourable"
        " the high end. Roll-high mirrors both (d100 96-100 and d20 natural 20 favourable)."
        " favourable/unfavourable are the final widths, each 0 to 100, together at most"
        " 100; a band narrowed below 0% is 0.",
        why="The favourable end is the end that passes first under the convention. Two 55%"
        " bands would share 10 faces of a d100, making a face both critical kinds at once.",
    ),
    Ruling(
        id="ninefold-effect-dice",
        title="Effect dice are rolled on the die the action names",
        system=SYSTEM,
        section="Critical Bands; Check Sequence",
        source="Step 5: once an action has passed the checks it needs, its effect (damage, for"
        " instance) is rolled. On a success a favourable critical doubles the effect dice; an unfavourable one"
        " halves them, rounding down but never below one; criticals do not turn a pass into a fail"
        " or back; with no effect dice nothing changes. No effect die is named.",
        ruling="Check and Contest report the number of effect dice after criticals (detail 'effect"
        " dice'; 0 when the action fails or is stopped; a Contest's tally). Damage plays the whole"
        " sequence and rolls them: the offence, the defence, then that many dice of the effect die"
        " you name (effect_die, 6 for d6), only when the checks let the action through; its tally"
        " is their total, 0 otherwise, and its log shows every die. effect_dice=0 means an action"
        " has none.",
        why="The size of the die belongs to the action, which the page leaves to other pages, so"
        " rollkit asks for it rather than guess one. Examples of the counting: 4 dice become 8 on a"
        " favourable critical and 2 on an unfavourable one; 1 die stays 1; 5 become 2. 4d6 at"
        " toPass 60 against a defence of 30 deals 0 damage 58% of the time and 4 to 48 otherwise.",
    ),
    Ruling(
        id="ninefold-check-margin",
        title="A plain toPass check has a margin too",
        system=SYSTEM,
        section="Percentage DCs and Outcome Margin",
        source="A margin is defined only for checks against a percentage DC.",
        ruling="For a direct toPass Check the tally is a margin in faces of the die used: passing"
        " faces minus the face read roll-under (roll-high faces mirrored), taken against the"
        " clamped threshold, so it is 0 or more exactly on a pass. On d100 with toPass in"
        " 0..100 it is toPass - roll, the same as PercentageCheck with dc = 101 - toPass.",
        why="Against an unclamped toPass the margin would not be whole on most dice (toPass 133"
        " on a d20 is 26.6 faces); one rule for every die keeps it an integer. Example: toPass"
        " 130 on d100 and a roll of 100 gives margin 0.",
    ),
    Ruling(
        id="ninefold-two-dcs",
        title="Two meanings of DC, two kinds of check",
        system=SYSTEM,
        section="Roll Checks; Percentage DCs and Outcome Margin",
        source="The first section sets DC equal to toPass, a chance where higher is easier; the"
        " later section subtracts a percentage DC from the adjusted roll, where higher is"
        " harder.",
        ruling="Check takes to_pass (the first meaning); PercentageCheck takes dc in the second"
        " meaning and on a d100 passes (101 - dc + bonus)% of the time, clamped to 0..100%.",
        why="The two uses point opposite ways: read as a toPass, DC 30 passes 30 rolls in 100;"
        " as a percentage DC with no bonus it passes 71 (rolls 30 to 100).",
    ),
    Ruling(
        id="ninefold-roll-under-margin",
        title="Reading the percentile roll and its margin",
        system=SYSTEM,
        section="Percentage DCs and Outcome Margin",
        source="The adjusted result is a converted percentile roll plus the total bonus, and the"
        " margin is that minus the DC; shown roll-under, the same margin is the final"
        " chance minus the converted roll, with the same bands. Neither conversion is"
        " spelt out.",
        ruling="The percentile roll is a d100 read 1..100 (00 is 100), or a smaller die's face times"
        " 100/N (ruling ninefold-percentage-die). Roll-high: converted roll u, margin = u + bonus -"
        " dc. Roll-under: converted roll v, final chance c = 100 + 100/N - dc + bonus (101 - dc +"
        " bonus on a d100), margin = c - v; a roll-under face is the roll-high face the other way"
        " up, so on a d100 v = 101 - u.",
        why="With u = 101 - v: c - v = (101 - dc + bonus) - (101 - u) = u + bonus - dc on all 100"
        " faces, so both readings give one margin and pass the same 101 - dc + bonus faces,"
        " and the favourable band u = 96..100 is v = 01..05, as the text requires. On a dN, u + v ="
        " 100 + 100/N in the same way.",
    ),
    Ruling(
        id="ninefold-percentage-die",
        title="A percentage DC on a smaller die",
        system=SYSTEM,
        section="Percentage DCs and Outcome Margin",
        source='"adjusted result = converted percentile roll + total check bonus"; the die is not'
        " named, and the critical bands are read from the unmodified die.",
        ruling="A dN's face converts to a percentile roll of face x 100/N points (a d20 gives 5, 10,"
        " ... 100), so N must divide 100: d2, d4, d5, d10, d20, d25, d50 or d100. The margin and"
        " the final chance follow ninefold-roll-under-margin, and the check passes on the final"
        " chance's share of the faces when the DC less the bonus is one of the converted rolls (a"
        " multiple of 100/N); other DCs fall between two faces and are refused on that die. The"
        " critical bands are read on the die itself (ninefold-confirmation-roll).",
        why="DC 60 on a d20 passes on 12 or more (60 to 100), 9 faces, 45%, which is the final"
        " chance 105 - 60; the d100 passes it on 41 faces in 100, 41%. DC 61 would need a roll of"
        " 61, which no d20 face converts to: it would pass on 8 faces (40%) while its final chance"
        " reads 44, so rollkit asks for DC 60, DC 65 or a d100. A d6's faces would be 16.67 points"
        " each, not a whole margin.",
    ),
    Ruling(
        id="ninefold-margin-tie",
        title="A margin of 0 passes",
        system=SYSTEM,
        section="Percentage DCs and Outcome Margin",
        source="The adjusted result is compared with the DC for success; a tie is not settled.",
        ruling="A margin of 0 passes: success when adjusted result >= DC (roll-under: v <= c).",
        why="A direct check passes when the roll equals toPass (toPass 40 passes on 40 of 100"
        " faces). With ties passing, DC 61 and no bonus passes on 61..100, again 40 faces,"
        " and c = 40 in the roll-under reading; if ties failed the two readings would"
        " disagree (39 faces against c = 40).",
    ),
    Ruling(
        id="ninefold-effort-lost",
        title="No effort levels: the margin is reported instead",
        system=SYSTEM,
        section="Percentage DCs and Outcome Margin",
        source="The adjusted result is said to settle success and effort, and a check can be"
        " critical and effortless, but no effort levels are given.",
        ruling="rollkit reports no effort grade, only the margin (tally and 'margin' detail), so a"
        " table with its own effort bands can read it.",
        why="Without numbers for effort any grading would be invented; the margin is what the"
        " text does define.",
    ),
    Ruling(
        id="ninefold-lost-text",
        title="The lost effect classes, threshold table and area rules",
        system=SYSTEM,
        section="Contested and Combat Rolls; Dice Thresholds",
        source="The list of general effect classes is empty, the Dice Threshold Table heading has"
        " no rows, and area hits take N from exposure units (one unit per five-foot base"
        " left wholly open) with details left to another page.",
        ruling="rollkit does not model effect classes or area exposure. threshold_table(sides=)"
        " rebuilds a threshold table from the dice-threshold ruling.",
        why="The missing rows cannot be recovered from this page; beyond one unit per fully"
        " exposed five-foot base there are no numbers for N.",
    ),
    Ruling(
        id="ninefold-resistance-missing-type",
        title="A missing resistance counts as +0",
        system=SYSTEM,
        section="Contested and Combat Rolls",
        source="Only the best matching resistance counts against a many-typed effect (fire +20%"
        " and poison +35% against fire-and-poison gives +35%); a missing resistance is +0%;"
        " a negative one is a vulnerability.",
        ruling="A type the defender has no resistance for takes part in the maximum as +0, so a"
        " vulnerability only lowers the defence when every type of the effect is one the"
        " defender is vulnerable to. An effect with no type adds +0.",
        why="Fire -10% and no poison entry against fire-and-poison: max(-10, +0) = +0; against"
        " fire alone: -10. Reading a missing entry as absent instead would give -10 in both"
        " cases, contradicting 'missing contributes +0%'.",
    ),
    Ruling(
        id="ninefold-immunity",
        title="Immunity to any one type stops the effect",
        system=SYSTEM,
        section="Contested and Combat Rolls",
        source="Immunity is a declared property meaning the effect is ignored, rather than a"
        " bonus; the text does not say what happens when only one of an effect's types"
        " is covered.",
        ruling="Immunity to any type of the effect means it does not apply: defence_to_pass returns"
        " Immune(types=...) rather than a number; Contest(immune=True) rolls only the"
        " offence and ends in 'immune' when it passes (no defence die), chance of effect 0.",
        why="This follows the best-type rule for resistances: the defender uses its strongest"
        " protection among the types, and immunity beats any bonus. Immune to fire against"
        " fire-and-poison: effect chance 0 whatever the poison resistance.",
    ),
    Ruling(
        id="ninefold-defence-critical",
        title="A defence critical is reported and changes no dice",
        system=SYSTEM,
        section="Contested and Combat Rolls; Critical Bands",
        source="Each check, the defence too, has 5% bands at both ends by default. Criticals"
        " change effect dice only: they never turn a pass into a fail or back, and where an"
        " action has no effect dice they change nothing.",
        ruling="The defence roll has its own bands on its own die (defence_favourable,"
        " defence_unfavourable, 5% each by default, read like any check's), and its critical is"
        " reported: a note on the defence die and the detail 'defence critical'. It changes"
        " nothing: a passed defence prevents the hit (or leaves the reduced effect) and a failed"
        " one lets it land, critical or not, and the effect dice are changed by the offence's"
        " criticals alone.",
        why="The defence has no effect dice of its own, so by the page's own sentence its"
        " criticals change no dice; the dice that land are the offence's, and letting the"
        " defender's critical double or halve them would be a rule the page does not give. A"
        " defence at 30 that rolls 02 passes with a favourable critical and prevents the hit, as"
        " a 28 would.",
    ),
    Ruling(
        id="ninefold-reduced-effect",
        title="A reduced effect halves the effect dice",
        system=SYSTEM,
        section="Contested and Combat Rolls",
        source="A passed defence stops the hit, except where the action names a lesser effect"
        " in its place; what that lesser effect is belongs to each action.",
        ruling="reduced='none' (the default): a passed defence prevents the effect. reduced='half':"
        " the action states a reduced effect of half its effect dice, after the offence's"
        " criticals, rounding down but never below one die, as an unfavourable critical halves"
        " them; the outcome is 'reduced effect', and it counts as a success (the effect is"
        " rolled).",
        why="Halving is the one reduction of effect dice the page defines. With 4 effect dice a"
        " passed defence leaves 2; after a favourable critical 8 become 4, after an unfavourable"
        " one 2 become 1, and 1 die stays 1. An attack at 60 against a defence of 30 then has an"
        " effect 60 times in 100 instead of 42.",
    ),
    Ruling(
        id="ninefold-one-skill-path",
        title="Only the best fitting Skill path counts",
        system=SYSTEM,
        section="Skill Checks; Check Sequence",
        source="A check adds the proficiency bonuses of the one trained Skill path that applies to"
        " the declared action; other paths do not add to it, and no proficiency bonus is"
        " shared by everyone.",
        ruling="From the sheet, give the trained Skill paths that fit the action (paths=), each as"
        " its total or as its list of proficiency bonuses, which add up within the path."
        " Skills is the highest path total, never a sum of paths; no fitting path gives +0."
        " A proficiency bonus is 0 or more (a penalty is a Debuff Bonus). Skills is given"
        " either as one number (skills=) or as paths, not both.",
        why="Paths never stack: Swords (15 + 5 = 20) and Brawling (10) both fitting a pommel"
        " strike give Skills 20, not 30, so Stat 18 with a Buff of 5 and a Debuff of 3 makes"
        " toPass 40 rather than 50. The path is declared before the roll; a player free to"
        " choose declares the one that passes most often. With a negative bonus allowed,"
        " declaring no path (+0) would beat a trained one.",
    ),
    Ruling(
        id="ninefold-debuff-sign",
        title="A Debuff Bonus is the size of the penalty",
        system=SYSTEM,
        section="Roll Checks; Embodiment Modifiers",
        source="toPass subtracts the Debuff Bonus, while the embodiment example writes a penalty"
        " as -2%; Debuffs are said to move toPass by anything from -50% to +50%.",
        ruling="Each Buff Bonus is added and each Debuff Bonus subtracted as the formula names"
        " them, so the robot's -2% on Perception is a Debuff Bonus of 2. Lists of either"
        " add up (buffs=, debuffs=). Entries of any sign are taken: a negative Debuff Bonus"
        " raises toPass, which is how the +50% end of the stated span is reached.",
        why="Perception +12% and Skills +20% in the robot body: 12 + 20 - 2 = 30. Entering the"
        " flaw as a Debuff Bonus of -2 would give 12 + 20 + 2 = 34, better than the 32 of a"
        " body without it.",
    ),
    Ruling(
        id="ninefold-resistance-not-a-buff",
        title="Resistances are one term, never Buffs or Debuffs",
        system=SYSTEM,
        section="Skill Checks; Contested and Combat Rolls",
        source="One list counts resistances among the Buff and Debuff Bonuses; the defence formula"
        " instead adds only the highest matching resistance, and a negative resistance is a"
        " vulnerability.",
        ruling="Resistances and vulnerabilities enter a defence only through the highest-match"
        " term (resistances= with effect_types=), never as Buff or Debuff Bonuses as well: a"
        " vulnerability is not subtracted beside a better resistance. They are not part of"
        " other checks.",
        why="Fire -10% and poison +35% against a fire-and-poison effect, defence Stat 30: the"
        " highest match gives 30 + 35 = 65. Taking the vulnerability off as a Debuff as well"
        " would give 30 + 35 - 10 = 55, counting two resistances against one effect, which the"
        " highest-only rule forbids.",
    ),
    Ruling(
        id="ninefold-armour-piercing",
        title="Armour piercing is subtracted in full",
        system=SYSTEM,
        section="Contested and Combat Rolls",
        source="The defence formula subtracts armour piercing; whether it can take away more than"
        " the armour adds is not said.",
        ruling="Armour piercing is taken off the whole defence toPass, not only off the armour"
        " bonus, so it can leave the defence below what it would be with no armour at all.",
        why="Stat 30, armour +10 and armour piercing 15: the formula as written gives 30 + 10 - 15"
        " = 25; capping the piercing at the armour would give 30. rollkit follows the formula,"
        " which names no cap.",
    ),
    Ruling(
        id="ninefold-defence-after-offence",
        title="The defender chooses after the offence roll",
        system=SYSTEM,
        section="Check Sequence; Contested and Combat Rolls",
        source="The defender works out its own toPass only once the offence has been rolled,"
        " choosing then its Stat and its armour or evasion Skill.",
        ruling="This is the one choice the page leaves a player after seeing dice. rollkit takes"
        " the defence parts as given and, among the defence Skill paths that fit, the one"
        " with the highest total, whatever the offence showed.",
        why="The two rolls are independent: the defence's chance depends on no face, margin or"
        " critical of the offence, so the best choice is the same after every offence roll."
        " Stat 30 with an armour path of +20 or an evasion path of +15 defends 50 times in 100"
        " or 45; against an attack at 60 the effect lands 60% x 50% = 30% of the time, and"
        " choosing after the offence roll gains the defender nothing over choosing before.",
    ),
)
