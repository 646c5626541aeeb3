"""rollkit.web has a public, typed face: every name it exports is documented and no public
signature (functions, methods, dataclass fields) mentions ``Any``."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from typing import Any

import pytest

import rollkit
from rollkit import web


def _mentions_any(hint: object) -> bool:
    if hint is Any:
        return True
    return any(_mentions_any(arg) for arg in typing.get_args(hint))


def _signatures(obj: object) -> list[tuple[str, object]]:
    """(where, type hint) for every parameter and return of a function, or every field and public
    method of a class."""
    out: list[tuple[str, object]] = []
    if inspect.isclass(obj):
        if dataclasses.is_dataclass(obj):
            out += [(f"{obj.__name__}.{k}", v) for k, v in _hints(obj).items()]
        for name, member in vars(obj).items():
            if inspect.isfunction(member) and not name.startswith("_"):
                out += [(f"{obj.__name__}.{name}.{k}", v) for k, v in _hints(member).items()]
    elif inspect.isfunction(obj):
        out += [(f"{obj.__name__}.{k}", v) for k, v in _hints(obj).items()]
    return out


def _hints(obj: object) -> dict[str, object]:
    """The type hints of a function or a dataclass, read where its module and the package's
    public names (the ones loaded on first use too) are all known."""
    module = inspect.getmodule(obj)
    space = {
        **{name: getattr(web, name) for name in web.__all__},
        "Character": rollkit.Character,
        **(vars(module) if module else {}),
    }
    return typing.get_type_hints(obj, globalns=space)


@pytest.mark.parametrize("name", web.__all__)
def test_every_public_name_is_documented_and_typed_without_any(name: str) -> None:
    obj = getattr(web, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        assert (obj.__doc__ or "").strip(), f"rollkit.web.{name} has no docstring"
    found = [where for where, hint in _signatures(obj) if _mentions_any(hint)]
    assert not found, found


def test_the_check_sees_an_any() -> None:
    def typed(x: int) -> list[Any]:
        return [x]

    assert [w for w, h in _signatures(typed) if _mentions_any(h)] == ["typed.return"]
