"""Which systems and check kinds exist: the one place that says so.

The five built-in systems are packages of rollkit; ``register("package.name")`` adds another
package of the same shape (``SYSTEM``, ``WORDS``, ``CHECKS``, ``RULINGS``, ``LIMITS``: see
DEVELOPERS.md, "Adding a system"). Everything that goes over systems or kinds (the command
line, the widgets' protocol, the site's pages, limits, the tests) asks here. A system is
imported on first use, so ``import rollkit`` stays fast and finding one kind imports only its
own system.
"""

from __future__ import annotations

import importlib
import typing
from types import ModuleType

from ._errors import RulesError
from ._glossary import Term
from ._validate import describe
from ._words import Words

__all__ = [
    "BUILT_IN",
    "find",
    "glossary",
    "kind_name",
    "kinds",
    "names",
    "register",
    "system",
    "systems",
    "unregister",
    "words",
]

BUILT_IN: tuple[str, ...] = ("ninefold", "trait", "hits", "again", "critdice")
"""The systems rollkit ships, in the order the site and ``rollkit systems`` list them."""

_PACKAGES: dict[str, str] = {name: f"rollkit.{name}" for name in BUILT_IN}
"""Every system by name: the package that holds it."""

_SHAPE = ("SYSTEM", "WORDS", "CHECKS", "RULINGS", "LIMITS")
_kinds: dict[str, type] | None = None


def names() -> tuple[str, ...]:
    """Every system's name, the built-in ones first."""
    return tuple(_PACKAGES)


def system(name: str) -> ModuleType:
    """The package of the system called ``name`` (imported on first use)."""
    if not isinstance(name, str) or name not in _PACKAGES:
        raise RulesError(
            f"system={describe(name)} is not a known system: choose one of {', '.join(_PACKAGES)}",
            said=f"{describe(name)} is not a system here; choose one of {', '.join(_PACKAGES)}.",
        )
    return importlib.import_module(_PACKAGES[name])


def systems() -> dict[str, ModuleType]:
    """Every system's package by name (imports them all)."""
    return {name: system(name) for name in _PACKAGES}


def _name(system_name: str, kind: str) -> str:
    return system_name if kind == "check" else f"{system_name}.{kind}"


def kinds() -> dict[str, type]:
    """Every check class by its name: ``"hits"`` for ``hits.Check``, ``"hits.group"`` ..."""
    global _kinds
    if _kinds is None:
        _kinds = {
            _name(name, kind): cls
            for name, module in systems().items()
            for kind, cls in module.CHECKS.items()
        }
    return dict(_kinds)


def find(name: object) -> type:
    """The check class called ``name`` ("hits", "hits.group"), importing only its own system."""
    if isinstance(name, str):
        system_name, _, kind = name.partition(".")
        if system_name in _PACKAGES and kind != "check":
            found = system(system_name).CHECKS.get(kind or "check")
            if found is not None:
                return typing.cast(type, found)
    raise RulesError(
        f"check={describe(name)} is not a known check: choose one of {', '.join(kinds())}",
        said=f"{describe(name)} is not a check here.",
    )


def kind_name(cls: type) -> str:
    """The name ``find`` knows check class ``cls`` by ("hits.group")."""
    module = system(getattr(cls, "system", ""))
    for kind, found in module.CHECKS.items():
        if found is cls:
            return _name(module.SYSTEM, kind)
    raise LookupError(f"{cls.__name__} is not one of {module.SYSTEM}'s CHECKS")


def words(name: str) -> Words:
    """The words the system ``name`` declares (``WORDS``)."""
    found = system(name).WORDS
    if not isinstance(found, Words):
        raise TypeError(f"{name}.WORDS is not a rollkit Words")
    return found


def glossary(name: str) -> tuple[Term, ...]:
    """The rules terms the system ``name`` defines (its optional ``GLOSSARY``; none if it has none)."""
    found = getattr(system(name), "GLOSSARY", ())
    if not (isinstance(found, tuple) and all(isinstance(term, Term) for term in found)):
        raise TypeError(f"{name}.GLOSSARY is not a tuple of rollkit Terms")
    return found


def register(package: str) -> str:
    """Add the system package ``package`` (an import path) and return its name (``SYSTEM``).

    The package has the shape of rollkit's own systems: ``SYSTEM``, ``WORDS``, ``CHECKS``,
    ``RULINGS`` and ``LIMITS``. It is imported now, so a missing piece fails at once.
    """
    global _kinds
    module = importlib.import_module(package)
    missing = [name for name in _SHAPE if not hasattr(module, name)]
    if missing:
        raise TypeError(f"{package} is not a system package: it lacks {', '.join(missing)}")
    name = module.SYSTEM
    if name in _PACKAGES and _PACKAGES[name] != package:
        raise ValueError(f"a system called {name!r} is already registered ({_PACKAGES[name]})")
    for kind, cls in module.CHECKS.items():
        if getattr(cls, "system", None) != name:
            raise TypeError(f"{package}.CHECKS[{kind!r}] is not a check of {name!r}")
    _PACKAGES[name] = package
    _kinds = None
    return str(name)


def unregister(name: str) -> None:
    """Take a registered system away again (never a built-in one)."""
    global _kinds
    if name in BUILT_IN:
        raise ValueError(f"{name} is built in")
    _PACKAGES.pop(name, None)
    _kinds = None
