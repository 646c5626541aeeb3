"""Opposed checks of Skill against Skill from the character sheets, as a kind with flat
fields (section "TN from Opposed Hits")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .._fields import Param, declare, fields, like
from .._words import Tally
from ._checks import FromValidated, SkillCheck
from ._opposed import Opposed
from ._rules import FOCUS, LEVEL, MODIFIER, SYSTEM, Keyword, Training

__all__ = ["OpposedSkills"]

_SKILL = {f.name: f.param for f in fields(SkillCheck)}


def _defender(declared: Param, label: str, hint: str) -> Param:
    return replace(declared, label=label, hint=hint)


@dataclass(frozen=True, kw_only=True)
class OpposedSkills(FromValidated):
    """An opposed check of Skill against Skill with flat fields (``hits.opposed_skills`` for the
    command line and widgets), such as ``Athletics (Grapple):Athletics (Grapple)``.

    The same odds and rolls as ``Opposed.skills(...)`` with these fields, which is the way to
    build one in Python (section "TN from Opposed Hits"; rulings hits-untrained-action and
    those of ``Opposed``). An untrained side rolls its Attribute Check.
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = Opposed.tally
    attribute: int = declare(replace(LEVEL, hint="your Skill's Attribute: its dice and Threshold"))
    training: Training = declare(_SKILL["training"])
    focus: int = declare(FOCUS, default=0)
    modifier: int = declare(MODIFIER, default=0)
    bought: int = like(Opposed, "bought")
    against_attribute: int = declare(
        _defender(LEVEL, "Defender's Attribute Level", "the defender's Skill's Attribute: dice and Threshold")
    )
    against_training: Training = declare(
        _defender(
            _SKILL["training"],
            "Defender's Skill Training",
            "untrained, the defender rolls the Attribute alone",
        )
    )
    against_focus: int = declare(
        _defender(FOCUS, "Defender's Focus Level", "one die per level, when a Focus applies"), default=0
    )
    against_modifier: int = declare(
        _defender(MODIFIER, "Defender's situational dice", "dice added or taken away (never below 0)"),
        default=0,
    )
    against_bought: int = like(Opposed, "against_bought")
    validation: int = like(Opposed, "validation")
    keyword: Keyword = like(Opposed, "keyword")

    def _check_rules(self) -> None:
        self._plain()

    def _plain(self) -> Opposed:
        return Opposed.skills(**self._given())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        plain = self._plain()
        return (
            ("pool", f"{plain.dice}d({plain.threshold}+)"),
            ("opposing pool", f"{plain.against_dice}d({plain.against_threshold}+)"),
        )
