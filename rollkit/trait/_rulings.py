"""Where the trait chapter is ambiguous or silent, and what rollkit does."""

from __future__ import annotations

from .._rulings import Ruling
from ._rules import SYSTEM

__all__ = ["RULINGS"]

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="trait-reach-equal",
        title="Reaching the Threshold counts as success",
        system=SYSTEM,
        section="The roll",
        source="A check succeeds when the total gets to the Threshold; the Sneak example"
        " calls 18 against 15 a win, which is three points over.",
        ruling="A total equal to the Threshold succeeds: success is total >= Threshold.",
        why="Reaching a number includes landing on it, and the example never tests the"
        " edge. The edge matters: MOD 0 against Standard 15 succeeds 55/144 of the"
        " time with >= but 45/144 with >, the 10/144 of totals of exactly 15.",
    ),
    Ruling(
        id="trait-mod-from-score",
        title="MOD is the tens of the Trait score",
        system=SYSTEM,
        section="The roll (Sneak example)",
        source="No rule turns a trait score into a MOD; the only pair given is a Sneak"
        " of 51 with a MOD of +5.",
        ruling="MOD = score // 10, the tens of the score rounded down (mod_for). Scores"
        " run from 0 to 1000; a negative score is refused (RulesError).",
        why="51 -> 5 fits tenths rounded down, but also rounding to nearest; the two part"
        " at 55-59 (58 gives 5 rounded down, 6 to nearest). Rounding down is what a"
        " player reads off the tens digit. The text shows no negative score, and"
        " flooring one would give -1 for a score of -1.",
    ),
    Ruling(
        id="trait-exp-by-level",
        title="EXP by level: half the level, rounded down",
        system=SYSTEM,
        section="Prowess and Stagger (Draft)",
        source="The stacking cap is tied to level: nothing for levels 1-3, then 1 at"
        " level 6, 3 at level 12 and 5 at level 20; the EXP-by-level table is not"
        " in the chapter.",
        ruling="Checks take exp itself. exp_for_level(level=) offers EXP = level // 2,"
        " which meets every point given.",
        why="With EXP = level // 2 the cap exp // 2 is 0 for levels 1-3 (EXP 0, 1, 1),"
        " 1 at level 6 (EXP 3), 3 at level 12 (EXP 6) and 5 at level 20 (EXP 10)."
        " Other tables fit as well (EXP 2 also gives cap 1 at level 6), so the"
        " helper is a fit for the examples, not a rule.",
    ),
    Ruling(
        id="trait-stack-cap-floor",
        title="The stacking cap: half EXP, at least 1 online",
        system=SYSTEM,
        section="Prowess and Stagger (Draft)",
        source="The draft caps Prowess and Stagger each at half EXP rounded down, notes"
        " that this is 0 at the lowest levels, and says the online table keeps"
        " the cap at 1 or more.",
        ruling="cap='online' (default) is max(1, exp // 2); cap='draft' is exp // 2 as"
        " written; cap='none' has no cap. Extra Prowess or Stagger past the cap"
        " is ignored, not an error; the numbers that count are in the check's"
        " properties and the roll's details.",
        why="Read literally, a cap of 0 would leave a low-level Persona no Prowess at"
        " all, not even from being Adept. MOD 0, EXP 1, one Prowess against 15:"
        " 55/144 (38.2%) under the draft cap, 1115/1728 (64.5%) with the online floor.",
    ),
    Ruling(
        id="trait-cap-before-cancel",
        title="Cap each side, then cancel Prowess against Stagger",
        system=SYSTEM,
        section="Prowess and Stagger",
        source="Each of Prowess and Stagger stacks only up to the cap, and one of each"
        " cancel; the order of the two steps is not given.",
        ruling="Cap Prowess and Stagger separately first, then cancel one for one.",
        why="The cap is stated for each of the two, so it bounds what a roller can hold"
        " before they meet. EXP 2 (cap 1), Prowess 3 and Stagger 1 against 15 with"
        " MOD 0: capping first gives plain 2d12, 55/144; cancelling first would"
        " leave Prowess 2, capped to 1, and 1115/1728.",
    ),
    Ruling(
        id="trait-adept-prowess",
        title="Adept adds EXP and one Prowess",
        system=SYSTEM,
        section="The roll; Prowess and Stagger",
        source="Being Adept adds EXP to the roll, and the Prowess list names being Adept"
        " as one place Prowess comes from.",
        ruling="adept=True adds EXP to the total and also one Prowess, which counts"
        " toward the cap like any other.",
        why="The text gives both effects in two sections and neither excludes the"
        " other. MOD 3, EXP 4, Adept, against 20: 449/576 (78.0%) with the Prowess"
        " die, 13/24 (54.2%) with EXP alone.",
    ),
    Ruling(
        id="trait-failure-band-edges",
        title="Where Low, Moderate and Critical failures begin",
        system=SYSTEM,
        section="When you fail",
        source="A miss by under 5 is Low (1 Chance), by 5 to 10 Moderate (2), by over 10 Critical (3).",
        ruling="Missing by 1-4 is Low, by 5-10 Moderate (both ends included), by 11 or"
        " more Critical; a total at the Threshold is a success, not a miss.",
        why="Totals are whole numbers, so reading 5 to 10 inclusively leaves no gap and"
        " no overlap. The edges carry weight: MOD 0 against 15 misses by exactly 5"
        " with 1/16 and by exactly 10 with 1/36.",
    ),
    Ruling(
        id="trait-contest-ties",
        title="A tied contest goes to the resisting side by default",
        system=SYSTEM,
        section="Contested checks",
        source="Both sides roll and the higher total wins; equal totals are not covered.",
        ruling="Contest(ties=...) decides: 'resister' (default) the actor must beat the"
        " resisting side, so a tie holds; 'actor' a tie goes to the actor;"
        " 'standoff' a tie is its own outcome; 'reroll' both roll again until"
        " the totals differ.",
        why="Ties are common: two plain 2d12 rolls with equal MODs tie 289/5184 (5.6%)"
        " of the time, so the actor wins 4895/10368 (47.2%) if ties hold, 5473/10368"
        " (52.8%) if they go to the actor, and 1/2 on a reroll. Holding on a tie"
        " matches how most contested systems treat the side that acts.",
    ),
    Ruling(
        id="trait-spend-limit",
        title="Paying Chance after the roll: the most you would pay",
        system=SYSTEM,
        section="When you fail",
        source="Once a check has failed the player may pay Chance for a success instead: 1"
        " for a Low failure, 2 for Moderate, 3 for Critical, after which the Game Master adds"
        " a Complication. The choice is made with the dice already showing.",
        ruling="Check(spend=...) is the most Chance the player would pay, set before the roll:"
        " 0 to 3, and the default 0 buys nothing; the odds assume it. A miss that costs spend or"
        " less becomes a success with a Complication, and the roll records chance_spent and"
        " complication; a dearer miss stands. After the dice the player may still choose, as the"
        " rules have it: roll(adjustments='pay') buys the miss and 'keep' declines it (a widget"
        " offers both after a miss), and the roll is then that of the Chance to spend the choice"
        " amounts to, its chance reckoned with it. The Chance a Persona holds and the"
        " Complication itself belong to the next chapter and are not tracked.",
        why="The choice can only depend on the degree, which the dice fix, and every degree buys"
        " the same thing, one success with one Complication. Buying a dear miss while refusing"
        " a cheap one never helps, so a limit covers every choice worth making, and a player"
        " who declines has a lower limit. The narrow miss: MOD 4 against 20, dice 6 and 7,"
        " total 17, a Low failure; with spend 1 or more it succeeds for 1 Chance, with spend 0"
        " it stays a low failure. MOD 4 against 20 succeeds 5/16 with spend 0, 89/144 with 1,"
        " 67/72 with 2 and always with 3.",
    ),
    Ruling(
        id="trait-bought-success",
        title="A success bought with Chance counts as a success",
        system=SYSTEM,
        section="When you fail",
        source="Paying turns the failed check into a success, and a Complication comes with it.",
        ruling="A bought miss is an outcome of its own, 'success with a Complication', listed"
        " between low failure and success whenever spend is above 0. It is a success:"
        " Roll.success is True, chance() includes it and success_from() is the Threshold less"
        " the largest miss spend buys (4 for 1 Chance, 10 for 2; the lowest total for 3)."
        " outcomes()['success'] stays the chance of reaching the Threshold.",
        why="The source calls the result a success, yet the Complication sets it apart from a"
        " clean one, so the tables show both rather than hide one behind a flag. MOD 4 against"
        " 20 with spend 1: success 5/16, success with a Complication 11/36, 89/144 together,"
        " which is the chance quoted; the chart marks totals of 16 and up.",
    ),
    Ruling(
        id="trait-contest-chance",
        title="Chance buys a contest the actor did not win",
        system=SYSTEM,
        section="Contested checks; When you fail",
        source='Chance turns "a failed check" into a success, at a price set by how far the total'
        ' missed the Threshold; a contest has no Threshold: "both roll and the higher total'
        ' wins".',
        ruling="Contest(spend=...) is the most Chance the actor would pay after the dice, 0 to 3"
        " (default 0). A contest the actor did not win misses the least total that would have"
        " won (the resister's total, plus 1 unless ties go to the actor) by some points; the"
        " miss has the degree and price it would have against a Threshold, so a tie the"
        " resister holds misses by 1, a Low failure. A price of spend or less makes it a 'win"
        " with a Complication', which chance() and success_from() count. Only the side that"
        " lost on the dice pays, once: the winner's total reached what it needed and has no"
        " miss to buy, so the bidding ends there. The resister's Chance is the same contest"
        " seen from its side: swap the sides, and ties='actor' for 'resister'.",
        why="A lost contest is a failed check, so reading the other side's total as the"
        " Threshold keeps every statement: a failed check can be bought, at the price of its"
        " degree, and the higher total still decides the contest before any Chance, as a"
        " Threshold decides a check. Refusing Chance in contests (the earlier ruling) breaks the"
        " first for every contest. With equal MODs on plain 2d12 and ties held, the actor wins"
        " 4895/10368 (47.2%) on the dice, 14261/20736 (68.8%) with 1 Chance to spend, 2365/2592"
        " (91.2%) with 2 and always with 3.",
    ),
    Ruling(
        id="trait-chance-pool",
        title="No Chance pool: each roll says what it would spend",
        system=SYSTEM,
        section="When you fail",
        source='The chapter prices a miss in Chance and leaves the rest to "the next chapter",'
        " which the source does not include: how much Chance a Persona holds, how it comes"
        " back, and whether it lasts a scene are not given.",
        ruling="rollkit keeps no pool of Chance over several checks and has no scene kind: each"
        " Check and Contest takes spend, the most that roll may take. A player who holds a pool"
        " sets spend to what is left of it (3 at most), one roll at a time; when to save and"
        " when to spend is the player's choice between rolls.",
        why="Any pool would be invented, and its size decides most of a scene's odds: two checks"
        " at MOD 4 against 20 both succeed 25/256 (9.8%) with no Chance, 11971/20736 (57.7%) with"
        " a pool of 2 spent on the first miss it can buy, and 16831/20736 (81.2%) with a pool"
        " of 3.",
    ),
)
