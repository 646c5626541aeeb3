"""Where the again text is ambiguous or silent, and what rollkit does."""

from __future__ import annotations

from .._rulings import Ruling
from ._rules import MAX_DC, SYSTEM

__all__ = ["RULINGS"]

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="again-reroll-adds-die",
        title="Rolling again adds a die",
        system=SYSTEM,
        section="Rolling the Dice",
        source="A die showing 10 (0 on the face) may be rolled again; powers widen this"
        " to 9s (9-again) or 8s (8-again).",
        ruling="The die that rolls again keeps its success and a new die is added; the"
        " new die counts on its own (8+ succeeds) and rolls again under the same"
        " again value.",
        why="Read as replacing the 10, rolling again would make a die worse: its success"
        " chance would fall from 3/10 to 2/9 (p = 2/10 + p/10). Adding a die gives"
        " 1/3 expected successes per die at 10-again, 3/8 at 9-again, 3/7 at 8-again.",
    ),
    Ruling(
        id="again-reroll-chain",
        title="Extra dice can roll again, without limit",
        system=SYSTEM,
        section="Rolling the Dice",
        source="The text does not say whether a die rolled again can itself roll again.",
        ruling="It can, without limit; rollkit never cuts the chain, and lists the"
        " infinite support of successes up to a bound with the exact tail.",
        why="A cap at one extra die would erase real odds: one die at 10-again reaches 3"
        " successes (10, 10, then 8+) with probability 3/1000, which a cap sets to 0.",
    ),
    Ruling(
        id="again-reroll-order",
        title="The order in which extra dice are rolled",
        system=SYSTEM,
        section="Rolling the Dice",
        source="The order in which extra dice are rolled is not given.",
        ruling="For the log and resolve(faces): the whole pool first, then one extra die"
        " for each die that rolled again, in order, wave after wave, then the botch die if"
        " one is rolled; for opposed rolls the active side's dice and extras come before the"
        " defender's, and the loser's botch die comes last.",
        why="The odds do not depend on the order, but a replay needs a fixed one; this is"
        " the order at the table (roll the pool, pick up the 10s, roll them).",
    ),
    Ruling(
        id="again-reroll-always-taken",
        title="A die that may roll again always does",
        system=SYSTEM,
        section="Rolling the Dice",
        source="A 10 lets the player roll that die again: the text says it allows, not"
        " that it must, so the player could choose after seeing the dice.",
        ruling="rollkit always rolls the extra die and offers no option to pass it up.",
        why="An extra die can only add successes, and no result of a static, mitigated"
        " or opposed roll is better with fewer successes (the botch die follows only a"
        " failure), so passing is never the better choice: 2 dice against DC 2"
        " succeed 13.20% of the time with every extra die rolled and 9.00% with none.",
    ),
    Ruling(
        id="again-ten-shows-zero",
        title="The 0 on a d10 is a 10",
        system=SYSTEM,
        section="Rolling the Dice",
        source="A d10's 10 is printed as 0 on the die.",
        ruling="Faces are 1 to 10: give 10, not 0, to resolve(faces); 0 is refused.",
        why="The 0 face is the best face (a success that rolls again), not a face below 1;"
        " one spelling keeps logs and replays unambiguous.",
    ),
    Ruling(
        id="again-pool-floor",
        title="A pool never drops below one die",
        system=SYSTEM,
        section="Rolling the Dice; Mitigated Rolls",
        source="Penalties that would leave fewer than 1 die still leave a single die to"
        " roll; mitigated pools are said to be hard to bring to nothing.",
        ruling="dice may be 0 or negative (Check, Opposed), and dice - defence may fall"
        " below 1 (Mitigated): the pool rolled is then exactly 1 ordinary die,"
        " which succeeds on 8+ and rolls again as usual; details show"
        " 'pool raised to 1 die'.",
        why="The text names no special single die, so it works like any other: 3/10 for"
        " at least one success and 3/100000 for a critical success at 10-again.",
    ),
    Ruling(
        id="again-sheet-pool",
        title="The pool from the character sheet",
        system=SYSTEM,
        section="Roll Types; Mitigated Rolls; Opposed Rolls",
        source="Most rolls combine one Core Statistic with one Skill; a blow adds the"
        " weapon's base dice and other modifiers before the Physical Defense comes off;"
        " no scale is given for Stats or Skills.",
        ruling="dice_pool = stat + skill + weapon + modifier, with stat, skill and weapon"
        " whole numbers from 0 (no ranks is 0) and modifier any whole number (bonuses"
        " less penalties); weapon dice belong to mitigated rolls. The floor of one die"
        " applies to the sum, and for a blow to the sum less the Defense. Each side of"
        " an opposed roll has its own stat, skill and modifier.",
        why="The sheet only chooses the pool, so the odds are those of the plain pool: a"
        " Charisma of 3 and 2 ranks of Handle Animal against DC 4 is 5 dice, 7.56%"
        " either way; a Stat of 2, no ranks and a penalty of 3 is -1, still 1 die,"
        " 30% against DC 1.",
    ),
    Ruling(
        id="again-dc-range",
        title="DCs above 5, and DCs that must be beaten",
        system=SYSTEM,
        section="Static Rolls",
        source="The DC table runs from 1 (Easy) to 5 (Extremely Hard); Dispel Magic's"
        " number has to be beaten, not met.",
        ruling=f"dc may go above 5 (up to {MAX_DC}) without a name; exceed=True needs"
        " dc + 1 successes and then also allows dc=0.",
        why="The Storyteller picks the number and nothing caps it; a DC of 0 to meet"
        " would always pass, while 0 to beat means at least one success.",
    ),
    Ruling(
        id="again-critical-success-needs-success",
        title="Any roll of 5 or more successes is a critical success",
        system=SYSTEM,
        section="Critical Success; Static Rolls; Critical Failure",
        source='A critical success is "any roll" of 5 or more successes; a static roll succeeds'
        ' only when its successes "meet or exceed" the DC, Dispel Magic\'s number "must be'
        ' exceeded", and the botch die follows "whenever a failure occurs".',
        ruling="By default (critical='any') every roll of 5 or more successes is a critical"
        " success. A static roll that still falls short (a DC above 5, or 5 to beat) is a"
        " 'failure with a critical success': it fails, it rolls the botch die like any failure,"
        " and a botch makes it a 'critical failure with a critical success'. With"
        " critical='success' only a success can be critical, and such a roll is a plain"
        " failure.",
        why="This reading keeps all four statements; each other breaks one or two. Only a"
        " success (the earlier ruling) keeps the DC, Dispel Magic and the botch die but breaks"
        " 'any roll' whenever 5 or more successes fail: 10 dice against DC 6 roll exactly 5"
        " successes 12.57% of the time, more often than they pass (10.82%). Letting 5"
        " successes always succeed keeps 'any roll' and the botch die but breaks the DC and"
        " Dispel Magic: it lifts the same roll from 10.82% to 23.39%. On the DC table (1 to 5,"
        " to be met) the three readings agree.",
    ),
    Ruling(
        id="again-botch-after-any-failure",
        title="Every failure rolls the botch die",
        system=SYSTEM,
        section="Critical Failure",
        source="0 successes is first described as a plain failure, then every failure is"
        " said to call for one extra d10, a 1 on it being a botch.",
        ruling="By default (botch='failure') every failed roll rolls the botch die, 2"
        " successes against DC 4 included; botch='zero' rolls it only after 0"
        " successes. The botch die is logged with role 'botch check'.",
        why="The two readings differ a lot: 5 dice against DC 4 botch 9.24% of the time"
        " after any failure but 1.68% (0.7**5 / 10) after 0 successes only.",
    ),
    Ruling(
        id="again-botch-powers",
        title="Botch powers: skip the botch die, or botch on more faces",
        system=SYSTEM,
        section="Critical Failure",
        source="Some abilities (luck powers are the example) skip the botch roll or make"
        " botches likelier or worse, with no numbers given.",
        ruling="Skipping the roll is botch='none'. A likelier botch is botch_faces=N: the"
        " botch die botches on any face from 1 to N (1, the rule, by default; up to 10,"
        " every botch die). A worse botch is not modelled: a critical failure is one"
        " outcome, and how bad it is stays the DM's call.",
        why="Widening the faces that botch gives a likelier botch a number while every"
        " other rule stays: it scales the botch chance by N, so 5 dice against"
        " DC 4 botch 9.24% of the time on a 1, 18.49% on 1 or 2 and 27.73% on 1 to 3."
        " Severity changes no probability, so there is nothing to compute for it.",
    ),
    Ruling(
        id="again-botch-ignore-timing",
        title="Ignoring the botch die: the same whenever it is chosen",
        system=SYSTEM,
        section="Critical Failure",
        source="Abilities may ignore the botch roll; the text does not say whether the"
        " player chooses before the roll, after seeing the failure or after seeing"
        " the botch die.",
        ruling="There is one option, botch='none', for a roll on which the power is used."
        " A player who may use it after seeing the dice uses it exactly when the botch"
        " die shows a botch, which gives the same odds as skipping the die. A power"
        " with few uses that a player keeps for later is a choice between rolls, not"
        " part of one roll: give botch='none' to the rolls it is spent on.",
        why="Used at any of those moments, the power turns every critical failure into a"
        " plain failure and changes nothing else: 5 dice against DC 4 go from 9.24%"
        " critical failure and 83.19% failure to 0% and 92.44%.",
    ),
    Ruling(
        id="again-mitigated-result",
        title="A mitigated roll succeeds on one success",
        system=SYSTEM,
        section="Mitigated Rolls",
        source="The defence (e.g. Physical Defense) is taken off the pool and the"
        " successes are the result, such as damage; no threshold is given.",
        ruling="Mitigated: 1 or more successes is a success, 5 or more a critical"
        " success, 0 a failure that rolls the botch die (unless botch='none').",
        why="Damage of 0 is the only result that does nothing; e.g. 4 dice against"
        " defence 2 roll 2 dice: 49/100 no damage, 49/1000 of it a botch.",
    ),
    Ruling(
        id="again-opposed-sides",
        title="The active side and the defender in an opposed roll",
        system=SYSTEM,
        section="Opposed Rolls",
        source="Ties favour the defending side; in the stealth example the one sneaking"
        " defends and the guard's Perception is the offensive roll.",
        ruling="Opposed takes the active (offensive) side as dice/again and the"
        " defending side as against_dice/against_again; chance() is the active"
        " side's chance to roll strictly more successes.",
        why="Ties are common: 4 dice against 4 dice tie 26.93% of the time, so the"
        " defender wins 63.46% and the active side only 36.54%.",
    ),
    Ruling(
        id="again-opposed-binary",
        title="Criticals and the loser's botch die in opposed rolls",
        system=SYSTEM,
        section="Opposed Rolls; Critical Rolls",
        source='Opposed rolls "are binary": how far one side beats the other does not change the'
        ' result, and ties go to the defending side. A critical success is "any roll" of 5 or'
        ' more successes and the botch die follows "whenever a failure occurs"; who rolls it in'
        " an opposed roll is not said.",
        ruling="Who wins depends only on who rolled more successes, ties going to the defender;"
        " the tally is the active side's successes beyond the defender's (0 when the defender"
        " wins). Each side's roll of 5 or more successes is a critical success (critical='any';"
        " 'success' only the winner's, 'none' nobody's), and the side that loses rolls the botch"
        " die, after both pools: the active side on a tie or a loss, the defender when the"
        " active side wins, each as its own setting says (botch and botch_faces for the active"
        " side, against_botch and against_botch_faces for the defender).",
        why="This reading keeps every statement: the margin still changes nothing, both rolls"
        " are rolls, and every opposed roll has one failure, so with the rule's botch die 1 in 10"
        " ends in a botch. The earlier reading, no critical success and no botch die"
        " (critical='none', botch='none' on both sides), keeps 'binary' and the ties but breaks"
        " the other two: with 4 dice a side the active side botches 6.35% of the time, the"
        " defender 3.65%, and 1.55% of rolls hold a critical success. A botch die for the"
        " active side alone would leave the defender's failures, and that 3.65%, unchecked.",
    ),
)
