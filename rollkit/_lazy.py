"""Names a package imports on first use (PEP 562): the one way rollkit, ``rollkit.web`` and each
system package (its ``SHEET``) keep their imports short. Importing nothing itself (not even
``typing``), so that it costs a package nothing."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = ["lazy"]


def lazy(
    namespace: dict[str, Any],
    names: Mapping[str, str],
    more: Callable[[str], Any] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose ``globals()`` is ``namespace``:
    each name of ``names`` imported from the package's module ``names[name]`` when first asked
    for, and kept in ``namespace``; any other name asked of ``more`` (which raises
    AttributeError for a name it does not know), or refused."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        if name in names:
            from importlib import import_module

            value = getattr(import_module(f"{package}.{names[name]}"), name)
            namespace[name] = value
            return value
        if more is not None:
            return more(name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())))

    return __getattr__, __dir__
