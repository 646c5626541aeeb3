"""Where the critdice dice rules are ambiguous or silent, and what rollkit does."""

from __future__ import annotations

from .._rulings import Ruling
from ._rules import MAX_ADJUSTED_DICE, MAX_DICE, MAX_SN, MIN_SN, SYSTEM

__all__ = ["RULINGS"]

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="critdice-twelve-counts",
        title="A 12 is a success and a critical die",
        system=SYSTEM,
        section="Roll the Dice Pool",
        source="One bullet gives a success to any die at or above the SN; another calls a 12 a"
        " Critical Success and points to the critical dice. It does not say whether the 12"
        " is also a success.",
        ruling="A standard 12 is both: it counts one success when 12 >= SN (as any die at or"
        " above the SN does) and it rolls one critical die. With an SN above 12 it only"
        " rolls the critical die.",
        why="The success bullet covers every face at or above the SN, 12 included. Reading the"
        " bullets as exclusive would make a 12 no better than an 11 in 7 of 12 cases at SN 8"
        " (its critical die shows 1-7 and adds just 1); counted both ways a 12 is worth"
        " 1 + 17/11 = 28/11 successes on average and never less than 2.",
    ),
    Ruling(
        id="critdice-pool-size",
        title="Nine and three dice are a set, not a cap",
        system=SYSTEM,
        section="Creating Dice Pool",
        source="A player is told to own nine standard dice in one colour and three critical dice in another.",
        ruling=f"That is the physical set, not a cap: pools may hold more dice (rollkit computes up"
        f" to {MAX_DICE} standard dice, {MAX_ADJUSTED_DICE} when points are spent) and"
        " critical chains never stop for want of dice; at the table, extra dice are rolled"
        " in further throws.",
        why="Rank 3, a stat of 5 and a +3 weapon already give 11 dice, and three 12s in a row"
        " on critical dice (1 chance in 1728 for one chain) need a fourth critical die,"
        " while the critical-dice step says to repeat with no limit.",
    ),
    Ruling(
        id="critdice-sn-range",
        title="How low and how high the Success Number goes",
        system=SYSTEM,
        section="Determine Success Number",
        source="The SN is 8 unless the Story Guide decides otherwise; abilities and skills may name"
        " one and gear, effects and modifiers may move it. No lowest or highest value is"
        " given.",
        ruling=f"sn may be any whole number from {MIN_SN} to {MAX_SN}. An SN of 1 or less is"
        " refused. Every SN above 12 gives the same odds (see critdice-sn-above-12).",
        why="At SN 1 a die showing 1 would be a success and a Fail at once, while the rules keep"
        " 1 as a Fail in every case; SN 2 already makes faces 2-12 successes. Above 12 no face"
        " reaches the SN without a sacrifice that never pays, so values past 24 would add"
        " nothing but room for typing mistakes.",
    ),
    Ruling(
        id="critdice-sn-above-12",
        title="Success Numbers above 12",
        system=SYSTEM,
        section="Going Above 12",
        source="With an SN above 12, a value can be pushed past 12 only by giving up another 12.",
        ruling="A sacrifice turns one standard 12 into a die that counts nothing and rolls no"
        " critical die, and lets one point of adjustment take another 12 to 13 (one"
        " sacrifice per point above 12); the raised die keeps its own critical die. The"
        " policy never sacrifices, so with SN above 12 faces 2-12 count nothing, 12 still"
        " rolls a critical die, every critical die counts exactly 1 success (none reaches"
        " the SN) and a 12 on it still rolls another.",
        why="Above 12 a critical die is worth 1/(1 - 1/12) = 12/11 successes on average and at"
        " least 1 in every outcome. At SN 13 a sacrifice swaps that die for the +1 of the"
        " raised die: never more successes in any outcome, 1/11 fewer on average, and a"
        " point spent. From SN 14 one success takes two or more sacrifices, which is worse."
        " Had the raised die lost its critical die too, the trade would be worse still, so"
        " this choice changes no odds.",
    ),
    Ruling(
        id="critdice-legendary-cap",
        title="Legendary ranks cannot take a die above 12",
        system=SYSTEM,
        section="Use Legendary Status",
        source="Focus may not take a die above 12; the Legendary rule states no such cap.",
        ruling="Legendary ranks follow the same cap: no adjustment takes a die above 12 (the"
        " sacrifice of critdice-sn-above-12 aside, which the policy never uses).",
        why="A d12 has no face above 12, and with SN 12 or less a 12 already gives all a die can"
        " (one success and a critical die), so a 13 would gain nothing; above SN 12 the text"
        " asks for a sacrifice instead.",
    ),
    Ruling(
        id="critdice-never-to-one",
        title="No die is lowered to 1",
        system=SYSTEM,
        section="Use Legendary Status; Use Focus",
        source="Neither Legendary ranks nor Focus may change a Fail (a die showing 1). Nothing says"
        " whether a die may be lowered to 1.",
        ruling="A die rolled as 1 stays a Fail, and no adjustment may bring a die down to 1.",
        why="A die moved to 1 would turn into the one face the rules keep out of adjustment."
        " Lowering never helps the roller anyway: what a face counts never drops as the face"
        " rises (-1, 0, +1, then +1 and a critical die), so the rule changes no odds.",
    ),
    Ruling(
        id="critdice-stacking",
        title="Several points may go onto one die",
        system=SYSTEM,
        section="Use Legendary Status; Use Focus",
        source="Each Legendary rank moves a die one point; Focus points move dice one point each."
        " Neither says whether several may go onto the same die.",
        ruling="Each rank or point moves one standard die by one point, and any number of ranks and"
        " points, of both kinds, may go onto the same die.",
        why="Nothing forbids it, and without it only a 7 (to 8) or an 11 (to 12) could ever"
        " gain at SN 8: a 10 needs two points to reach 12, a 6 two points to reach 8.",
    ),
    Ruling(
        id="critdice-policy",
        title="How rollkit spends Legendary ranks and Focus",
        system=SYSTEM,
        section="Use Legendary Status; Use Focus",
        source="The roller may spend ranks and Focus after seeing the dice; the text gives no way to choose.",
        ruling="rollkit spends to maximise the expected total. A die below the SN raised to it is"
        " +1; a die raised to 12 adds a critical die worth E = (25 - SN)/11 (17/11 at SN 8,"
        " 12/11 above 12), plus 1 if it was below the SN. The best plan is found exactly"
        " for each roll (a small knapsack); ties go to the plan with fewer points, then to"
        " more critical dice. Legendary ranks are spent before Focus, since Focus costs"
        " Mind; points that gain nothing stay unspent (``focus`` is the most Focus the"
        " roller will spend). Dice are never lowered. All odds assume this policy.",
        why="A critical die adds at least 1 success in every outcome and E >= 13/11 > 1 on"
        " average, so raising a die to 12 beats raising another die to the SN at the same"
        " cost, but costs differ: at SN 8 with 4 points and faces 7, 6, 8, raising 7 and 6"
        " to 8 (3 points, +2) beats 8 to 12 (4 points, +17/11). The expected total is also"
        " the damage in combat; a plan for the chance of success alone would differ"
        " (two critical dice average 34/11 but give only 2 in 49 of 144 rolls, three sure"
        " successes always 3).",
    ),
    Ruling(
        id="critdice-player-choice",
        title="Your own spending, and the odds rollkit quotes",
        system=SYSTEM,
        section="Use Legendary Status; Use Focus",
        source="After seeing the standard dice, the roller may spend Legendary ranks and Focus on"
        " them, up or down, before any critical die is rolled; how to spend is theirs to decide.",
        ruling="Any legal spending can be replayed: ``roll`` and ``resolve`` take the player's"
        " ``adjustments`` (written like 6+3F: die 6 up 3 with Focus), ``hand`` gives the"
        " standard dice alone to choose on, and ``Hand.outcomes`` gives the exact odds of the"
        " dice as they stand. A choice is refused with a reason when it adjusts a Fail, takes"
        " a die above 12 or down to 1, or spends more ranks or Focus than the check has. The"
        " odds of a check (``chance``, ``outcomes``, ``distribution``, every table and chart)"
        " assume rollkit's plan (critdice-policy), and a roll's chance says so. In a widget a"
        " tap on + spends a Legendary rank while one is left, then Focus; a tap the other way"
        " on a die already moved takes its last point back.",
        why="Six dice show 1, 1, 1, 6, 7 and 9 with 3 Focus. The plan lifts 6 and 7 to 8: total 0,"
        " a failure for certain, and the best expected total (0). Spending all 3 on the 9 makes"
        " a 12 and a critical die: a success only if that die shows 12 (1 in 12), a critical"
        " failure 7 times in 12, expected total -5/11. A player may want that gamble, so both"
        " must be playable. Ranks are a standing status while Focus costs Mind, so ranks go"
        " first; taking a point back rather than spending one the other way never costs a"
        " point.",
    ),
    Ruling(
        id="critdice-no-sacrifice",
        title="No sacrificed 12s as a choice",
        system=SYSTEM,
        section="Going Above 12",
        source="With an SN above 12, a die can pass 12 only by giving up another 12.",
        ruling="rollkit does not take a sacrifice as a player's choice either: an adjustment past"
        " 12 is refused, with the reason. (The odds never use one: critdice-sn-above-12.)",
        why="At SN 13 a sacrifice gives up a critical die, worth at least 1 success in every"
        " outcome and 12/11 on average, to gain the single success of a 13: never more"
        " successes in any outcome. From SN 14 each success costs two or more sacrifices."
        " Offering a move that can only lose would add a trap, not a choice.",
    ),
    Ruling(
        id="critdice-outcomes",
        title="The four outcomes, and when a 12 is a critical success",
        system=SYSTEM,
        section="Determine Success or Failure; Story Event",
        source="A total of 1 or more is a Success, 0 a Failure, below 0 a Critical Failure with no"
        " degrees. Critical Success names a rolled 12, and on a critical success or failure"
        " the Story Guide decides what else happens.",
        ruling="Outcomes, worst to best: critical failure (total below 0), failure (0), success (1"
        " or more, no standard 12) and critical success (1 or more with at least one"
        " standard die at 12 after adjustments). A roll with a 12 that still totals 0 or"
        " less keeps its total's outcome; the roll's details give the count of critical"
        " successes and a story-event flag (any standard 12 or a total below 0). The story"
        " effects are the Story Guide's and are not computed.",
        why="At SN 8, faces 12, 1, 1, 1 and a critical die of 5 total 1 - 3 + 1 = -1: a"
        " critical failure holding a critical success. The outcome follows the total, as"
        " the text's three results do, and the flag keeps both events.",
    ),
    Ruling(
        id="critdice-weapon-cap",
        title="A weapon adds no more dice than the skill rank",
        system=SYSTEM,
        section="Creating Dice Pool",
        source="Weapon bonuses cannot put more dice into the pool than the skill rank.",
        ruling="A weapon adds min(weapon_bonus, rank) dice: a larger bonus is cut to the rank, not"
        " refused, and at rank 0 a weapon adds none.",
        why="Rank 2, stats 3 and 5 and a +3 weapon give 2 + 5 + 2 = 9 dice.",
    ),
    Ruling(
        id="critdice-skill-stats",
        title="Which stat a skill pool uses",
        system=SYSTEM,
        section="Creating Dice Pool",
        source="A skill pool is the rank and the relevant stat: the higher one from rank 1, the"
        " lower one at rank 0; a few skills are closed to a character at rank 0.",
        ruling="Rank 1 or more: rank + the higher of the one or two relevant stats. Rank 0: the"
        " lower stat alone (the rank adds nothing), refused when untrained_allowed=False."
        " A pool of 0 dice (a stat of 0) rolls nothing and totals 0, a failure, unless an"
        " ability adds critical dice.",
        why="Stats 3 and 5: rank 0 rolls 3 dice, rank 1 rolls 1 + 5 = 6. Stat damage can bring a"
        " stat to 0, so an empty pool must still give an answer.",
    ),
    Ruling(
        id="critdice-ability-dice",
        title="Critical dice from abilities",
        system=SYSTEM,
        section="Creating Dice Pool; Roll Critical Dice",
        source="There are standard and critical dice, and an ability says which dice it uses.",
        ruling="Check takes ``critical``: critical dice an ability puts in the pool, and the"
        " skill and stat checks of the sheet take them the same way (Check.skill, Check.stat,"
        " SkillCheck, StatCheck). They are rolled in the first round of critical dice with those"
        " owed for 12s and count like them; they cannot be adjusted and are not critical"
        " successes by themselves.",
        why="The text names both kinds of dice for abilities but gives no example; counting"
        " them as ordinary critical dice is the plainest reading, and an ability that adds"
        " them to a skill or stat roll changes only how many are rolled: Skill Rank 2 with a"
        " Stat of 3 succeeds 82.82% of the time, and 96.28% with one critical die.",
    ),
    Ruling(
        id="critdice-adjust-standard-only",
        title="Only standard dice are adjusted",
        system=SYSTEM,
        section="Steps to Making a Dice Check; Roll Critical Dice",
        source="The steps put Legendary and Focus after the pool is rolled and before the critical dice.",
        ruling="Only standard dice can be adjusted. Critical dice are rolled in rounds: all the"
        " dice owed, then one more for each 12 in that round, until a round has no 12;"
        " rollkit draws and replays them in that order.",
        why="Critical dice do not exist yet when points are spent; a 12 made by adjustment"
        " rolls its critical die like a rolled 12.",
    ),
)
