"""A Knowledge group check from the character sheets, as a kind with flat fields (section
"Group Checks")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .._dist import Distribution
from .._errors import RulesError
from .._fields import declare, like, param
from .._words import Tally
from ._checks import HITS, FromValidated
from ._group import Group
from ._rules import LEVEL, MAX_HELPERS, RATING, SYSTEM, Keyword

__all__ = ["KnowledgeGroup"]


@dataclass(frozen=True, kw_only=True)
class KnowledgeGroup(FromValidated):
    """A Knowledge group check with flat fields (``hits.knowledge_group`` for the command line
    and widgets): the leader's Intellect and Knowledge Rating, and each helper's.

    The same odds and rolls as ``Group.knowledge(...)`` with these fields, which is the way to
    build one in Python (section "Group Checks"): every pool is Intellect's dice plus two per
    Knowledge Rating, and a helper counts only within 1 level of the leader's rating (ruling
    hits-group-knowledge-limit).
    """

    system: ClassVar[str] = SYSTEM
    tally: ClassVar[Tally] = HITS
    target: ClassVar[str] = "tn"
    intellect: int = declare(
        replace(LEVEL, label="Leader's Intellect", hint="the leader's dice and Threshold")
    )
    rating: int = declare(replace(RATING, label="Leader's Knowledge Rating"))
    tn: int = like(Group, "tn")
    helpers: tuple[tuple[int, int], ...] = param(
        "Supporting PCs",
        hint="each helper's Intellect and Knowledge Rating",
        item="helper",
        most=MAX_HELPERS,
        limit="high",
        default=(),
        parts=(replace(LEVEL, label="Intellect", hint="", start=4), replace(RATING, hint="", start=2)),
    )
    bought: int = like(Group, "bought")
    helpers_buy: bool = like(Group, "helpers_buy")
    validation: int = like(Group, "validation")
    keyword: Keyword = like(Group, "keyword")

    def _check_rules(self) -> None:
        try:
            self._plain()
        except RulesError as error:
            if error.field == "dice":  # the pools together are too large: fewer helpers
                error.field = "helpers"
            raise

    def _plain(self) -> Group:
        return Group.knowledge(**self._given())

    def _sheet(self) -> tuple[tuple[str, Any], ...]:
        plain = self._plain()
        return (
            ("leader's pool", f"{plain.dice}d({plain.threshold}+)"),
            ("helpers' pools", tuple(f"{n}d({t}+)" for n, t in plain.helpers)),
        )

    def bonus(self) -> Distribution:
        """The helpers' summed Effect (see ``Group.bonus``)."""
        return self._plain().bonus()
