"""pytest setup for the whole repository: docs/ pycon fences are tests too.

Every test under ``tests/browser/`` is marked ``browser``; ``site`` and ``pyodide`` are set
by the modules that build the site or start Pyodide (``scripts/test --fast`` leaves all three
out).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.helpers.pycon", "pytester"]

_BROWSER = Path(__file__).resolve().parent / "tests" / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _BROWSER in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
