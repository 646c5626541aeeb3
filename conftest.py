"""pytest setup for the whole repository: docs/ pycon fences are tests too.

Every test under ``tests/browser/`` is marked ``browser``, and every test that asks for a built
site ``site``; modules that run the build's steps or start Pyodide set ``site`` or ``pyodide``
themselves (``scripts/test --fast`` leaves all three out).

``scripts/test`` runs the site and browser tests in two processes (``-n 2 --dist loadscope``)
with the scheduling below: a test module goes to one process whole (its module fixtures are
set up once), except that the tests of the builds only some tests need (the sub-path and the
Zensical build: their ids say ``sub_path``, ``subpath`` or ``zensical``) all go to one process,
so that each of those is built once. Each process builds ``site`` for itself (the build cache
makes its steps once).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest_plugins = ["tests.helpers.pycon", "pytester"]

_BROWSER = Path(__file__).resolve().parent / "tests" / "browser"


_BUILDS = frozenset({"site", "built", "subpath_site", "zensical_site"})  # tests/conftest.py's


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test under ``tests/browser/`` browser, and every other test that asks for a
    built site site (``scripts/test --fast`` builds none)."""
    for item in items:
        if _BROWSER in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
        elif _BUILDS & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("site"):
            item.add_marker(pytest.mark.site)


_OTHER_BUILDS = re.compile(r"sub_?path|zensical", re.IGNORECASE)

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # no pytest-xdist: one process
    pass
else:

    class _ByModule(LoadScopeScheduling):
        """``loadscope`` by module, with the other builds' tests in one group."""

        def _split_scope(self, nodeid: str) -> str:
            return "other builds" if _OTHER_BUILDS.search(nodeid) else nodeid.split("::", 1)[0]

    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> LoadScopeScheduling | None:
        return _ByModule(config, log) if config.getvalue("dist") == "loadscope" else None
