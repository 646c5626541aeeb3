"""The browser benchmark's JavaScript, kept in real ES modules next to this file.

``js/*.mjs`` each export one default function: ``instrument`` (injected into every
page by ``add_init_script``, it defines the probes on ``window.__bench``) and
``resources`` (evaluated in pages and workers). ``pages/`` holds the benchmark's own
page (a bare Pyodide boot), copied next to the built site.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
JS = HERE / "js"
PAGES = HERE / "pages"
EXPORT = "export default function "


@cache
def function(name: str) -> str:
    """``js/<name>.mjs``'s default export as a function expression, for evaluate()."""
    source = (JS / f"{name}.mjs").read_text(encoding="utf-8")
    if source.count(EXPORT) != 1:
        raise ValueError(f"js/{name}.mjs must have exactly one '{EXPORT}...'")
    return "(" + source.replace(EXPORT, "function ") + "\n)"


def init_script() -> str:
    """The page instrumentation, run before any script of every page of a context."""
    return function("instrument") + "();"


def call(target: Any, name: str, *args: Any) -> Any:
    """``window.__bench[name](...args)`` in a page (or an element's frame)."""
    return target.evaluate("([name, args]) => window.__bench[name](...args)", [name, list(args)])


def wait(page: Any, name: str, *args: Any, timeout: float) -> None:
    """Wait until ``window.__bench[name](...args)`` is truthy."""
    page.wait_for_function(
        "([name, args]) => window.__bench[name](...args)", arg=[name, list(args)], timeout=timeout
    )
