"""Where the Hits text is ambiguous, contradicts itself or lost a piece, and what rollkit does."""

from __future__ import annotations

from .._rulings import Ruling

__all__ = ["RULINGS"]


def _r(id: str, title: str, section: str, source: str, ruling: str, why: str) -> Ruling:
    return Ruling(id=f"hits-{id}", title=title, system="hits", section=section, source=source,
                  ruling=ruling, why=why)


RULINGS: tuple[Ruling, ...] = (
    _r("botch-band", "Table 7A, not the prose, sets the Botch bands",
       "Effect (eff) / Botch; Degree of Success (table 7A)",
       "The prose calls a result 3 or more Hits short of the TN a spectacular failure, and"
       " one 4 or more Hits over it a good success. Table 7A puts Effect -2 and -3 together"
       " in Botch 2 and starts Botch 3 at -4.",
       "The table decides the bands: Botch 3 is Effect -4 or lower, Effect -3 is Botch 2"
       " (Major Failure). notable(effect=) gives the prose's label separately.",
       "An Effect of -3 is a '3+ Botch' in the prose but 'Botch 2' in the table. The good"
       " success side agrees: Effect 4+ is exactly where DoS 3 (Good Success) starts, so only"
       " Effect -3 differs."),
    _r("degree-table-reading", "Table 7A's '-4 or More' means -4 or lower",
       "Degree of Success (table 7A)",
       "The first row of table 7A reads '-4 or More' and the second '-2 to -3'.",
       "Read as Effect -4 or lower (more Botch) and Effect -3 to -2.",
       "Taken literally, '-4 or more' would also cover -3 up to +16 and overlap every other"
       " row; the rows only tile the Effect line (..-4, -3..-2, -1, 0..1, 2..3, 4..7, 8..15,"
       " 16..) when read this way."),
    _r("buying-hits-table", "Bought Hits for every Threshold: 11 minus the Threshold",
       "Buying Hits",
       "Each ten bought dice give a fixed number of Hits by Threshold; the list gives 9+ 2,"
       " 8+ 3, 7+ 4, 6+ 5, 5+ 6 and then breaks off with 'etc.'.",
       "hits_per_ten(threshold) = 11 - threshold for every Threshold 1 to 10: 10+ buys 1,"
       " 4+ buys 7, 3+ buys 8, 2+ buys 9, 1+ buys 10.",
       "Ten dice at t+ average exactly 10 x (11 - t)/10 = 11 - t Hits, which reproduces all"
       " five listed rows (9+ -> 2 ... 5+ -> 6); the same rule fills the lost rows."),
    _r("luck-odds", "Luck Check odds are exact, not the text's comparisons",
       "Luck Checks",
       "TN 1 to 4 for a Luck Check are compared to a coin toss (50/50), a first-deal"
       " blackjack (5%), two blackjacks in a row and a lottery jackpot.",
       "The comparisons are only descriptions. Luck(fate=, tn=) gives the exact chance, which"
       " is the chance of at least TN heads among 'fate' fair coins (6+ on a d10 is 1/2).",
       "TN 1 is 1/2 only with 1 Fate die: 3/4 with 2, 7/8 with 3. TN 2 is 1/4 with 2 dice,"
       " 1/2 with 3 and 13/16 with 5 - never near 5% (a first-deal blackjack is 32/663, about"
       " 4.8%). TN 3 with 3 dice is 1/8; TN 4 with 4 dice is 1/16, far from a lottery jackpot."),
    _r("attribute-above-11", "Attribute Levels above 11 have no Threshold",
       "Threshold in Action Checks",
       "Thresholds are listed for Attribute Levels 1 to 11 only (8-11 is 5+); the dice rule"
       " goes on adding a die every 2 levels without an end.",
       "attribute_threshold refuses levels above 11 with a RulesError, so attribute, skill and"
       " knowledge checks do too; attribute_dice keeps extending (level 12 -> 7 dice).",
       "The Threshold steps are uneven (1, 1, 2, 3, 4 levels wide: 10+, 9+, 7+, 6+, 5+), so no"
       " next step (4+ at 12? at 16?) can be read off the table."),
    _r("untrained-action", "Untrained actions use the Attribute's pool",
       "Action Check",
       "An Action Check in a Skill with no Training is handled as an Attribute Check with that"
       " Attribute's pool and Threshold.",
       "Check.skill(training='untrained', ...) uses the Attribute's dice and Threshold only:"
       " Focus dice are not added.",
       "The text swaps in the Attribute Check's pool as a whole; adding Focus to it would make"
       " an untrained roll with Focus 2 and Attribute 3 use 5 dice instead of 3."),
    _r("group-pool-below-zero", "A group leader's pool never drops below 0 dice",
       "Group Checks",
       "Helpers' Botches lower the leader's pool and cannot be dropped; the text does not say"
       " what happens when the total takes more dice than the leader has.",
       "The leader's pool never goes below 0 dice; with 0 dice the leader scores 0 Hits and"
       " succeeds only against TN 0. Situational modifiers in the builders follow the same"
       " floor.",
       "Each helper botches by at most 1 (TN 1), so this only happens when helpers outnumber"
       " the leader's dice: a 2-dice leader with 3 helpers who all miss would have -1 dice."),
    _r("validation-die-position", "The validation die is the last die rolled",
       "Validation Dice",
       "One die of the pool is rolled apart from the rest (another colour) and also checked"
       " against a second Threshold; it still counts for Hits as usual.",
       "The validation die is the last die rolled: faces are the ordinary dice first, then"
       " the validation die. With bought hits it is one of the rolled dice.",
       "Rolling order matters for replays: in the arquebus example 11 dice are 10 blue and 1"
       " red, so resolve(faces) reads the red die as the 11th face."),
    _r("validation-success", "A success needs the validation die to pass too",
       "Validation Dice",
       "A failed Validation Check can undo an otherwise successful check (the arquebus hits"
       " with Effect 4 but misfires and deals no damage).",
       "With validation, outcomes() lists every table 7A band twice: first with the"
       " validation failed, then passed; chance() counts a success only when the Hits reach"
       " the TN and the validation die passes.",
       "The two facts share one die, so they are not independent: with 11 dice at 6+, TN 3"
       " and Misfire 2+, P(success) is exactly 8937/10240 (17874/20480), while multiplying"
       " P(Hits >= 3) by P(pass) = 9/10 would give 17829/20480."),
    _r("opposed-ties", "Equal Hits in an opposed check succeed",
       "TN from Opposed Hits",
       "In an opposed check the defender's Hits become the TN.",
       "Equal Hits succeed with Effect 0, like any Hits that equal the TN; the defender rolls"
       " first.",
       "The general rule (Hits equal to the TN succeed, eff:0) is not changed for opposed"
       " checks, so ties go to the actor: 3 Hits against 3 defending Hits is a Nominal"
       " Success."),
    _r("tn-zero", "TN 0 always succeeds; the Hits are the Effect",
       "TN from Assigned Difficulty",
       "TN 0 is certain success, and usually no roll is made; when rolled it only measures"
       " how well the task went.",
       "TN 0 is allowed: chance() is exactly 1 and the Hits become the Effect.",
       "Hits are never negative, so Hits >= 0 always; the roll is still useful for the"
       " Effect and Degree of Success."),
    _r("static-threshold", "Static Checks use 6+ unless told otherwise",
       "Static Check; Threshold in Static Checks",
       "One passage gives every Static Check a Threshold of 6+; another says the Threshold"
       " depends on the particular Static Check.",
       "Check.static uses 6+ unless a threshold is given.",
       "6+ is the stated default (Luck Checks and the 12d(6+):3 example use it); the second"
       " passage allows other values, so the parameter stays open."),
    _r("group-knowledge-limit", "Knowledge helpers must be within 1 level of the leader",
       "Group Checks",
       "For a Knowledge group check only helpers within 1 level of the leader's Knowledge"
       " Rating (minimum of level 1) add anything.",
       "knowledge_helper_allowed(lead=, helper=) is true when the helper's rating is at least"
       " max(1, lead - 1); Group.knowledge refuses other helpers rather than letting them roll.",
       "The limit keeps out helpers who know too little; a helper who knows more than the"
       " leader (rating 5 helping a leader at 3) clearly has something to add, so 'within 1'"
       " only bounds from below. A leader at rating 0 or 1 still needs helpers at 1 or more."),
    _r("damage-threshold", "The attack's Threshold comes before the damage type's",
       "Threshold in Damage Checks",
       "Damage Thresholds come from the attack, with a rule of thumb of 7+ for cutting and"
       " 6+ for piercing.",
       "Check.damage uses the attack's threshold when given; only without it does the damage"
       " type pick 7+ (cutting) or 6+ (piercing).",
       "The text sends the reader to the attack's details to settle the Threshold, so the"
       " rule of thumb is only the fallback."),
)
"""Every Hits ruling, in the order of the topics above."""
