"""critdice: under construction in this change."""

from __future__ import annotations

from ._rulings import Ruling

__all__: list[str] = ["RULINGS", "CHECKS"]

RULINGS: tuple[Ruling, ...] = ()
CHECKS: dict[str, type] = {}
