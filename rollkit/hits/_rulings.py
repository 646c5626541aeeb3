"""Where the Hits text is ambiguous, contradicts itself or lost a piece, and what rollkit does."""

from __future__ import annotations

from .._rulings import Ruling
from ._rules import SYSTEM

__all__ = ["RULINGS"]

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        id="hits-botch-band",
        title="Table 7A, not the prose, sets the Botch bands",
        system=SYSTEM,
        section="Effect (eff) / Botch; Degree of Success (table 7A)",
        source="The prose calls a result 3 or more Hits short of the TN a spectacular failure, and"
        " one 4 or more Hits over it a good success. Table 7A puts Effect -2 and -3 together"
        " in Botch 2 and starts Botch 3 at -4.",
        ruling="The table decides the bands: Botch 3 is Effect -4 or lower, Effect -3 is Botch 2"
        " (Major Failure). notable(effect=) gives the prose's label separately.",
        why="An Effect of -3 is a '3+ Botch' in the prose but 'Botch 2' in the table. The good"
        " success side agrees: Effect 4+ is exactly where DoS 3 (Good Success) starts, so only"
        " Effect -3 differs.",
    ),
    Ruling(
        id="hits-degree-table-reading",
        title="Table 7A's '-4 or More' means -4 or lower",
        system=SYSTEM,
        section="Degree of Success (table 7A)",
        source="The first row of table 7A reads '-4 or More' and the second '-2 to -3'.",
        ruling="Read as Effect -4 or lower (more Botch) and Effect -3 to -2.",
        why="Taken literally, '-4 or more' would also cover -3 up to +16 and overlap every other"
        " row; the rows only tile the Effect line (..-4, -3..-2, -1, 0..1, 2..3, 4..7, 8..15,"
        " 16..) when read this way.",
    ),
    Ruling(
        id="hits-buying-hits-table",
        title="Bought Hits for every Threshold: 11 minus the Threshold",
        system=SYSTEM,
        section="Buying Hits",
        source="Each ten bought dice give a fixed number of Hits by Threshold; the list gives 9+ 2,"
        " 8+ 3, 7+ 4, 6+ 5, 5+ 6 and then breaks off with 'etc.'.",
        ruling="hits_per_ten(threshold) = 11 - threshold for every Threshold 1 to 10: 10+ buys 1,"
        " 4+ buys 7, 3+ buys 8, 2+ buys 9, 1+ buys 10.",
        why="Ten dice at t+ average exactly 10 x (11 - t)/10 = 11 - t Hits, which reproduces all"
        " five listed rows (9+ -> 2 ... 5+ -> 6); the same rule fills the lost rows.",
    ),
    Ruling(
        id="hits-luck-odds",
        title="Luck Check odds are exact, not the text's comparisons",
        system=SYSTEM,
        section="Luck Checks",
        source="TN 1 to 4 for a Luck Check are compared to a coin toss (50/50), a first-deal"
        " blackjack (5%), two blackjacks in a row and a lottery jackpot.",
        ruling="The comparisons are only descriptions. Luck(fate=, tn=) gives the exact chance,"
        " which is the chance of at least TN heads among 'fate' fair coins (6+ on a d10 is"
        " 1/2).",
        why="TN 1 is 1/2 only with 1 Fate die: 3/4 with 2, 7/8 with 3. TN 2 is 1/4 with 2 dice,"
        " 1/2 with 3 and 13/16 with 5 - never near 5% (a first-deal blackjack is 32/663,"
        " about 4.8%). TN 3 with 3 dice is 1/8; TN 4 with 4 dice is 1/16, far from a lottery"
        " jackpot.",
    ),
    Ruling(
        id="hits-attribute-above-11",
        title="Attribute Levels above 11 have no Threshold",
        system=SYSTEM,
        section="Threshold in Action Checks",
        source="Thresholds are listed for Attribute Levels 1 to 11 only (8-11 is 5+); the dice rule"
        " goes on adding a die every 2 levels without an end.",
        ruling="attribute_threshold refuses levels above 11 with a RulesError, so attribute,"
        " skill and knowledge checks do too; attribute_dice keeps extending (level 12 -> 7"
        " dice).",
        why="The Threshold steps are uneven (1, 1, 2, 3, 4 levels wide: 10+, 9+, 7+, 6+, 5+), so no"
        " next step (4+ at 12? at 16?) can be read off the table.",
    ),
    Ruling(
        id="hits-untrained-action",
        title="Untrained actions use the Attribute's pool",
        system=SYSTEM,
        section="Action Check",
        source="An Action Check in a Skill with no Training is handled as an Attribute Check with"
        " that Attribute's pool and Threshold.",
        ruling="Check.skill(training='untrained', ...) uses the Attribute's dice and Threshold"
        " only: Focus dice are not added.",
        why="The text swaps in the Attribute Check's pool as a whole; adding Focus to it would make"
        " an untrained roll with Focus 2 and Attribute 3 use 5 dice instead of 3.",
    ),
    Ruling(
        id="hits-group-pool-below-zero",
        title="A group leader's pool never drops below 0 dice",
        system=SYSTEM,
        section="Group Checks",
        source="Helpers' Botches lower the leader's pool and cannot be dropped; the text does not"
        " say what happens when the total takes more dice than the leader has.",
        ruling="The leader's pool never goes below 0 dice; with 0 dice the leader scores 0 Hits and"
        " succeeds only against TN 0. Situational modifiers in the builders follow the same"
        " floor.",
        why="Each helper botches by at most 1 (TN 1), so this only happens when helpers outnumber"
        " the leader's dice: a 2-dice leader with 3 helpers who all miss would have -1 dice.",
    ),
    Ruling(
        id="hits-validation-die-position",
        title="The validation die is the last die rolled",
        system=SYSTEM,
        section="Validation Dice",
        source="One die of the pool is rolled apart from the rest (another colour) and also checked"
        " against a second Threshold; it still counts for Hits as usual.",
        ruling="The validation die is the last die rolled: faces are the ordinary dice first, then"
        " the validation die. With bought hits it is one of the rolled dice.",
        why="Rolling order matters for replays: in the arquebus example 11 dice are 10 blue and 1"
        " red, so resolve(faces) reads the red die as the 11th face.",
    ),
    Ruling(
        id="hits-validation-keyword",
        title="A failed Validation Die does what its keyword says",
        system=SYSTEM,
        section="Validation Dice",
        source="The Validation Die is read against its own second Threshold and may fail while"
        " the Hits succeed; in the arquebus example the consequence (no damage) comes from the"
        " weapon's Misfire keyword, and the shot counts as a hit by its Hits alone.",
        ruling="The validation result is reported apart: validation_outcomes() gives its exact"
        " odds and each roll's details say 'validation: passed' or 'failed'. keyword='none'"
        " (the default) changes nothing else: success is Hits >= TN. keyword='misfire' makes a"
        " failed die the outcome 'Misfire (no damage)', a failure whatever the Hits, listed"
        " first in outcomes(). outcomes_with_validation() lists every band with the die failed,"
        " then passed.",
        why="The Validation Dice rule gives a failure no effect of its own, so the default only"
        " reports it. The arquebus (11 dice at 6+ against TN 3, Misfire 2+) succeeds 1981/2048"
        " by its Hits; under Misfire 8937/10240. It misfires exactly 1/10 of the time, whatever"
        " the Hits, but the die is also one of the 11 counted, so the chance under Misfire is"
        " 9/4096 more than 9/10 of 1981/2048.",
    ),
    Ruling(
        id="hits-buying-validation-kinds",
        title="Every kind of check may buy Hits and have a Validation Die",
        system=SYSTEM,
        section="Buying Hits; Validation Dice; Luck Checks",
        source="Buying Hits is described for any large pool, and a Validation Die for any Check"
        " that calls for one; a Luck Check is a Static Check rolled with the Fate pool.",
        ruling="Check and its builders (Check.attribute, Check.skill, Check.knowledge,"
        " Check.static, Check.damage), the sheet kinds (hits.attribute, hits.skill,"
        " hits.knowledge) and Luck take bought= and validation= (with keyword=) exactly as a"
        " Check; Opposed and its builders (Opposed.attributes, Opposed.skills and"
        " hits.opposed_skills), Group, hits.knowledge_group and hits.attack take them as the"
        " rulings on those checks say.",
        why="Neither rule names a kind it leaves out, and a Group Check is the only place the"
        " text excludes Static and Luck Checks. A Luck Check with 25 Fate against TN 12"
        " succeeds 5494379/8388608 (about 65%) rolling every die, and 22819/32768 (about"
        " 70%) buying one group of ten (5 Hits) and rolling 15.",
    ),
    Ruling(
        id="hits-opposed-ties",
        title="Equal Hits in an opposed check succeed",
        system=SYSTEM,
        section="TN from Opposed Hits",
        source="In an opposed check the defender's Hits become the TN.",
        ruling="Equal Hits succeed with Effect 0, like any Hits that equal the TN; the defender rolls first.",
        why="The general rule (Hits equal to the TN succeed, eff:0) is not changed for opposed"
        " checks, so ties go to the actor: 3 Hits against 3 defending Hits is a Nominal"
        " Success.",
    ),
    Ruling(
        id="hits-opposed-buying",
        title="Each side of an opposed check buys Hits from its own pool",
        system=SYSTEM,
        section="Buying Hits; TN from Opposed Hits",
        source="The defender makes a corresponding Check whose Hits become the TN; buying Hits"
        " is part of how any large pool is rolled.",
        ruling="Opposed takes bought (the actor's groups of ten) and against_bought (the"
        " defender's), each at its own side's Threshold and each leaving at least 10 of that"
        " side's dice to roll; the defender's bought Hits add to the TN.",
        why="Both sides roll a Check, so the rule applies to each pool on its own: 30 dice at 7+"
        " buy at most 2 groups (8 Hits), 25 dice at 6+ at most 1 (5 Hits). With both bought,"
        " the actor wins 7965959663/16000000000 (about 49.79%) instead of about 49.80% with"
        " every die rolled.",
    ),
    Ruling(
        id="hits-opposed-split-before",
        title="Opposed checks buy Hits before the defender rolls",
        system=SYSTEM,
        section="Buying Hits; TN from Opposed Hits",
        source="The defender rolls first, so the actor could split the pool knowing the TN; the"
        " text does not say when the split is made.",
        ruling="bought is one number for every result of the defender: rollkit does not pick a"
        " split after seeing the defender's Hits. To weigh a split against a known TN, use a"
        " Check with that TN.",
        why="The procedure splits the pool and then rolls, as a shortcut for large pools, not as"
        " a choice made against the dice. The choice would matter: 30 dice at 7+ against 12"
        " defending Hits succeed about 56.9% rolled and 6032416/9765625 (about 61.8%) buying"
        " 2 groups, but against 14 Hits about 28.5% rolled and only about 16.6% buying.",
    ),
    Ruling(
        id="hits-opposed-validation",
        title="Only the actor in an opposed check rolls a Validation Die",
        system=SYSTEM,
        section="Validation Dice; TN from Opposed Hits",
        source="A Validation Die belongs to the Check that calls for it; in an opposed check the"
        " defender's Check only supplies the TN.",
        ruling="Opposed takes validation= and keyword= for the actor's pool: the die is the"
        " actor's last rolled die (after the defender's dice when replaying).",
        why="A keyword's consequence acts on the check it belongs to (Misfire: the attack does"
        " no damage); the defender's roll resolves nothing of its own here. A 6d(6+) grapple"
        " against 4d(7+) succeeds 1109/1250; with a Misfire 3+ die 9023/12500, and the die"
        " fails exactly 1/5 of the time.",
    ),
    Ruling(
        id="hits-tn-zero",
        title="TN 0 always succeeds; the Hits are the Effect",
        system=SYSTEM,
        section="TN from Assigned Difficulty",
        source="TN 0 is certain success, and usually no roll is made; when rolled it only measures"
        " how well the task went.",
        ruling="TN 0 is allowed: chance() is exactly 1 and the Hits become the Effect.",
        why="Hits are never negative, so Hits >= 0 always; the roll is still useful for the"
        " Effect and Degree of Success.",
    ),
    Ruling(
        id="hits-static-threshold",
        title="Static Checks use 6+ unless told otherwise",
        system=SYSTEM,
        section="Static Check; Threshold in Static Checks",
        source="One passage gives every Static Check a Threshold of 6+; another says the Threshold"
        " depends on the particular Static Check.",
        ruling="Check.static uses 6+ unless a threshold is given.",
        why="6+ is the stated default (Luck Checks and the 12d(6+):3 example use it); the second"
        " passage allows other values, so the parameter stays open.",
    ),
    Ruling(
        id="hits-group-knowledge-limit",
        title="Knowledge helpers: within 1 level of the leader, either way",
        system=SYSTEM,
        section="Group Checks",
        source="In a Knowledge group check a helper adds something only when its level is at"
        " most 1 away from the leader's (and at least level 1); the leader is usually whoever"
        " stands to score the most Hits.",
        ruling="knowledge_helper_allowed(lead=, helper=) is true when the helper's rating is 1 or"
        " more and at most 1 level from the leader's, either way: a leader at 3 takes helpers at"
        " 2, 3 or 4, a leader at 0 or 1 helpers at 1 (or 1 and 2). Every interface checks it:"
        " Group.knowledge and hits.knowledge_group from (Intellect, Knowledge Rating) pairs, and"
        " a Group of kind 'knowledge' from its rating and helper_ratings; other helpers are"
        " refused rather than rolled.",
        why="Rollkit once read 'within 1' as a floor only, letting a helper at 5 help a leader at"
        " 3. The two readings against the text's statements: 'within 1 level' (a distance) is"
        " kept by reading both ways and broken by the floor alone, since 5 is 2 levels from 3;"
        " 'minimum of level 1' and 'only those ... would provide any benefit' are kept by both;"
        " 'the best chance ... leads' is kept by both ways and strained by the floor, which"
        " rewards the weaker leading. Two Intellect 5 scholars at ratings 3 (10d(6+)) and 5"
        " (14d(6+)) against TN 8: both ways they cannot help each other, and the better one"
        " leading alone succeeds 1619/4096 (about 39.5%); with the floor alone the one at 3"
        " leads with the one at 5 helping, 312320687/536870912 (about 58.2%), while the one at"
        " 3 alone has 7/128. Both ways keeps all four statements, so rollkit reads it so.",
    ),
    Ruling(
        id="hits-group-leader-buying",
        title="A group leader buys Hits from the pool the helpers leave",
        system=SYSTEM,
        section="Buying Hits; Group Checks",
        source="The leader's pool is only known after the helpers have rolled, and buying Hits"
        " must leave at least 10 dice to roll.",
        ruling="Group's bought is the most groups of ten the leader buys: when the pool after"
        " the helpers' Effect allows fewer, the leader buys as many as it allows. Any bought"
        " value up to 59 is accepted; the largest means 'as many as allowed'.",
        why="The leader splits the pool after seeing the helpers' dice, the one choice the"
        " text leaves until then; a cap models it without refusing any helpers' result. A"
        " leader with 25 dice and bought=1 rolls all 19 dice when the helpers total -6, buys"
        " 1 group of 30 dice when they total +5 (2 were allowed), and buys 2 with bought=2.",
    ),
    Ruling(
        id="hits-group-helpers-buying",
        title="Helpers buy every group of ten they can, or none",
        system=SYSTEM,
        section="Buying Hits; Group Checks",
        source="Every helper makes the Skill Check against TN 1; the text says nothing of"
        " helpers buying Hits or rolling Validation Dice.",
        ruling="helpers_buy=True makes every helper buy as many groups of ten as the ten-dice"
        " rule allows; False (the default) rolls every helper's dice. Helpers have no"
        " Validation Die: only the leader's check resolves the task.",
        why="Helpers are listed as Dice Pool and Threshold only, so one switch for all keeps"
        " them that way. A helper's average Effect does not move: 25 dice at 7+ give Effect 9"
        " on average either way, but Effect 9 or more comes 171477491357622272/"
        "298023223876953125 (about 57.5%) rolled, 18212416064/30517578125 (about 59.7%)"
        " buying 1 group.",
    ),
    Ruling(
        id="hits-group-validation-no-dice",
        title="A group leader left with no dice fails the Validation Check",
        system=SYSTEM,
        section="Validation Dice; Group Checks",
        source="The Validation Die is one of the rolled dice; helpers' Botches can take the"
        " leader's pool down to 0 dice.",
        ruling="With validation= and a pool of 0 dice, no die is rolled and the validation counts as failed.",
        why="A Validation Check passes only on a die at its Threshold, and there is none. A"
        " leader with 1 die helped by one helper rolling 1d(10+) has 0 dice 9 times in 10, so"
        " a 2+ validation fails 91/100 of the time, not 1/10.",
    ),
    Ruling(
        id="hits-damage-threshold",
        title="The attack's Threshold comes before the damage type's",
        system=SYSTEM,
        section="Threshold in Damage Checks",
        source="Damage Thresholds come from the attack, with a rule of thumb of 7+ for cutting and"
        " 6+ for piercing.",
        ruling="Check.damage uses the attack's threshold when given; only without it does the"
        " damage type pick 7+ (cutting) or 6+ (piercing).",
        why="The text sends the reader to the attack's details to settle the Threshold, so the"
        " rule of thumb is only the fallback.",
    ),
    Ruling(
        id="hits-attack-then-damage",
        title="A Damage Check follows only an attack that gets through",
        system=SYSTEM,
        section="Damage Check; TN from Hardness; Validation Dice",
        source="A Damage Check delivers the attack's harm with its Power and Threshold against"
        " the Hardness of the armour struck. In the arquebus example an attack whose Hits reach"
        " the target's defence is 'a hit normally', and a failed Misfire Validation Die means"
        " the attack 'automatically does no damage'.",
        ruling="hits.Attack rolls the attack first. Only when its Hits reach the defence (eff:0"
        " included) and, under Misfire, its Validation Die passes is the Damage Check rolled,"
        " from the Power alone: the attack's Effect buys Maneuvers and is not added (ruling"
        " hits-choices-after-the-roll). The Validation Die is the attack's last die; with"
        " keyword 'none' it is only reported. Each Check buys Hits from its own pool. When"
        " replaying, the damage dice follow the attack's, and none are given when no Damage"
        " Check is made.",
        why="The Validation Die belongs to the roll that fires the weapon, the attack, as Rome's"
        " red die does; and damage needs a blow that lands. The two rolls share no die, so the"
        " chances multiply: a 7d(6+) sword blow against EVA 3 lands 99/128 of the time, its"
        " 8d(7+) Damage Check against Hardness 2 succeeds 349072/390625, so a Damage Check is"
        " made and reaches the Hardness 2159883/3125000 of the time (about 69.1%). Rome's"
        " arquebus, 11d(6+) against TN 3 with Misfire 2+, lets a Damage Check through"
        " 8937/10240 of the time.",
    ),
    Ruling(
        id="hits-damage-effect",
        title="Damage is the Damage Check's Effect, so eff:0 deals none",
        system=SYSTEM,
        section="The Check; Effect in a Damage Check (Wounds)",
        source="The Effect of a Damage Check 'directly delivers damage, or a wound'; a Check is"
        " 'considered to have Effect' when its Hits exceed the TN, and Hits equal to the TN"
        " still succeed (eff:0, a nominal success).",
        ruling="The damage of an Attack (its tally) is the Damage Check's Effect when that is 1"
        " or more, and 0 otherwise, and the play succeeds when it deals damage. At eff:0 the"
        " Damage Check itself succeeds (the roll says DoS 1, Nominal Success) but deals no"
        " damage: the outcome table lists it apart, as 'Damage: eff:0, no damage', and a Botch,"
        " a miss or a misfire deal none either. The text does not say how big a wound each"
        " Effect makes, so rollkit gives the Effect and its band.",
        why="Both statements hold this way: eff:0 is a success of the Damage Check, and damage is"
        " Effect, of which eff:0 has none. For the sword blow (7d(6+) against EVA 3, then 8d(7+)"
        " against Hardness 2) the Damage Check is made and succeeds 2159883/3125000 of the time,"
        " but deals damage only 827343/1562500 (about 52.9%): the difference, 505197/3125000,"
        " is the eff:0 Damage Checks.",
    ),
    Ruling(
        id="hits-choices-after-the-roll",
        title="Choices made after the roll are left to the table",
        system=SYSTEM,
        section="Effect in an Action Check (Maneuvers); Validation Dice",
        source="After rolling, an attacker spends Effect on Maneuvers (past armour, special"
        " effects, more dice for the Damage Check), and a misfired weapon can be readied and"
        " fired again on a later pass.",
        ruling="rollkit reports the Effect and the validation result and stops there: it spends"
        " no Effect and makes no second attempt. Those choices are new checks (a Damage Check"
        " with the extra dice, another shot).",
        why="The text prices no Maneuver, so no spending can be computed; and a retry is a fresh"
        " roll: with Misfire 2+ two shots in a row misfire 1/100 of the time (1/10 each). The"
        " other choices after dice are modelled: a group leader's bought groups"
        " (hits-group-leader-buying) and helpers' Botches, which can never be dropped.",
    ),
)
"""Every Hits ruling, in the order of the topics above."""
