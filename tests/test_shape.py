"""One shape for every system: limits declared as data, held to the exported constants."""

from __future__ import annotations

import pytest

import rollkit
from rollkit._limits import Limit, limits

SYSTEMS = list(rollkit.SYSTEMS.items())
IDS = [name for name, _ in SYSTEMS]


@pytest.mark.parametrize(("name", "module"), SYSTEMS, ids=IDS)
def test_limits_are_exactly_the_exported_max_constants(name: str, module: object) -> None:
    exported = [n for n in module.__all__ if n.startswith("MAX_")]  # type: ignore[attr-defined]
    declared = [limit.name for limit in module.LIMITS]  # type: ignore[attr-defined]
    assert len(declared) == len(set(declared)), declared
    assert set(declared) == set(exported), (set(declared) ^ set(exported))
    assert "LIMITS" in module.__all__ and "SYSTEM" in module.__all__  # type: ignore[attr-defined]
    for limit in module.LIMITS:  # type: ignore[attr-defined]
        assert isinstance(limit, Limit)
        assert limit.system == module.SYSTEM == name  # type: ignore[attr-defined]
        value = getattr(module, limit.name)
        assert limit.value == value and type(value) is int, limit
        assert len(limit.description) > 10 and limit.description == " ".join(
            limit.description.split()), limit


def test_limits_gathers_every_system_in_order() -> None:
    assert limits() == tuple(limit for _, module in SYSTEMS for limit in module.LIMITS)
