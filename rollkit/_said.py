"""A roll in the rules' words: the sentence a reader hears first, each die as it counted, each
detail of the count and the chance of the outcome. A widget's roll view (``rollkit.web``) and
``rollkit roll``'s text both say a roll with these, so the two never word it differently.
"""

from __future__ import annotations

from . import _registry
from ._check import CheckBase
from ._choices import Choosing
from ._fields import fields
from ._format import detail, fraction, percent, wrap
from ._roll import Die, Roll
from ._values import heading
from ._words import Words

__all__ = ["chance_said", "details_said", "die_marks", "die_said", "roll_text", "summary", "target_words"]


def target_words(check: CheckBase, least: int) -> str:
    """The field that sets success, shortened as the rules write it ("TN 3", "DC 2"), when the
    least tally that succeeds is its value; else "Success"."""
    name = type(check).target
    field = next((f for f in fields(type(check)) if f.name == name), None)
    if field is None or getattr(check, field.name) != least:
        return "Success"
    before, _, short = field.label.rpartition("(")  # "Target Number (TN)" -> "TN"
    short = short.rstrip(")")
    return f"{short if short.isalpha() else (before or field.label).strip()} {least}"


def summary(check: CheckBase, roll: Roll) -> str:
    """One sentence in the rules' words: what happened and, on a failure, what was needed."""
    verdict = "Success" if roll.success else "Failure"
    tally = type(check).tally
    least = check.success_from()
    target = target_words(check, least) if least is not None else "Success"
    text = f"{verdict}: {tally.said(roll.tally)}" + (f" against {target}" if target != "Success" else "")
    said = roll.outcome.lower()
    if said not in (verdict.lower(), "pass", "fail") and said not in text.lower():  # no "effect dice, effect"
        text += f", {roll.outcome}"
    # "3 Hits needed" when short; not "1 damage needed" after "0 damage": a count of one is
    # implied. A score says it ("margin of 1 or more needed": a tie loses).
    implied = least == 1 and not tally.score
    if not roll.success and least is not None and roll.tally < least and not implied:
        text += f"; {tally.needed(least) if tally.score else tally.said(least)} needed"
    return text + "."


def die_marks(die: Die, plain: frozenset[str]) -> list[str]:
    """How a die counted, then what else it did: made another die roll, its role (unless it is
    one of the ordinary pool's ``plain`` roles)."""
    marks = [die.counts]
    if die.explodes:
        marks.append("explodes")
    if die.role not in plain:
        marks.append(die.role)
    return marks


def die_said(die: Die, words: Words) -> tuple[int, str, str]:
    """A die as a reader is told it: the face it counted as, what it was rolled as when points
    moved it (", rolled as 9"; else ""), and how it counted in the system's ``words``
    ("success, explodes (9-again: roll another die)")."""
    how = ", ".join(words.mark(m) for m in die_marks(die, words.plain_roles))
    how += f" ({die.note})" if die.note else ""
    if die.adjusted is None:
        return die.face, "", how
    return die.adjusted, f", rolled as {die.face}", how


def _shown(value: object) -> bool:
    """Whether a detail says anything: not None, False or empty (0 is a real value)."""
    return not (value is None or value is False or (isinstance(value, (tuple, list, str)) and not value))


def details_said(check: CheckBase, roll: Roll) -> list[str]:
    """How the roll was counted, a line a detail that says anything: its field's label or the
    system's word for it, and its value ("Target Number (TN): 3", "Kept: 6, 7")."""
    words = _registry.words(check.system)
    labels = {f.name: f.label for f in fields(type(check))}
    return [f"{labels.get(k) or words.detail(k)}: {detail(v)}" for k, v in roll.details if _shown(v)]


def chance_said(check: CheckBase, roll: Roll) -> str:
    """What the roll's outcome had as a chance: certain, or a percentage and a fraction; for a
    roll the player chose on, as the check says it (the odds assume rollkit's plan)."""
    if roll.chosen and isinstance(check, Choosing):
        return check.chosen_words(roll)
    p = roll.probability
    if p == 1:
        return "This outcome was certain with these values."
    return f"This outcome had a {percent(p)} chance ({fraction(p)})."


def roll_text(check: CheckBase, roll: Roll) -> str:
    """``rollkit roll``'s text: the check in words and as Python, then the roll as a widget
    says it (the sentence, the dice in the order rolled, how it was counted, the chance and
    the seed), wrapped to the terminal's width."""
    words = _registry.words(check.system)
    lines = [*heading(check), "", summary(check, roll), "", "Dice, in the order rolled:"]
    for number, die in enumerate(roll.dice, 1):
        shows, was, how = die_said(die, words)
        lines.append(f"  {number:>2}. {shows} on a d{die.sides}{was}: {how}")
    counted = details_said(check, roll)
    if counted:
        lines += ["", "How it was counted:", *(f"  {line}" for line in counted)]
    lines += ["", chance_said(check, roll) + (f" Seed {roll.seed}." if roll.seed is not None else "")]
    return "\n".join(wrap(line) for line in lines)
