"""pytest setup for the whole repository: docs/ pycon fences are tests too.

Every test under ``tests/browser/`` is marked ``browser``, and every test that asks for a built
site ``site``; modules that run the build's steps or start Pyodide set ``site`` or ``pyodide``
themselves (``scripts/test --fast`` leaves all three out).

The tiers: ``WHOLE`` (and every test of the sub-path and Zensical builds) is marked ``whole``:
the sweeps that repeat over every widget, page, size, scheme or build what CI checks on some,
run by ``scripts/test --whole`` only, so that CI (``scripts/test``) stays under ten minutes on
two cores. ``SLOW`` is marked ``slow``: the unit tests' widest brute-force sweeps, which the
fast loop (``scripts/test --fast``) leaves to CI.

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
_WHOLE_BUILDS = frozenset({"subpath_site", "zensical_site"})

WHOLE = {
    "tests/browser/test_widgets.py::test_each_widget_live_edit_stale_range_and_link": (
        "every widget edited live; CI edits some (test_editing_a_parameter_updates_the_exact_odds ...)"
    ),
    "tests/browser/test_widgets.py::test_every_widget_on_a_phone_shows_its_result_in_view": (
        "every widget rolled at 390 px; CI: test_phone_width_and_dark_scheme"
    ),
    "tests/browser/test_log.py::test_the_open_log_passes_axe_and_fits_a_phone[desktop-dark]": (
        "the other two pairs of size and scheme"
    ),
    "tests/browser/test_log.py::test_the_open_log_passes_axe_and_fits_a_phone[phone-light]": (
        "the other two pairs of size and scheme"
    ),
    "tests/browser/test_characters.py::test_on_a_phone_nothing_overflows_and_the_primary_actions_are_large[light]": (
        "the other scheme"
    ),
    "tests/browser/test_need.py::test_at_phone_width[light]": "the other scheme",
    "tests/browser/test_session_memory.py": "fifty instant navigations, for leaks",
    "tests/browser/test_contents.py::test_every_chapter_has_its_contents_on_the_first_screen": (
        "every chapter; CI opens the contents on some (the other tests of test_contents.py)"
    ),
    "tests/browser/test_long_pages.py::test_skipping_moves_nothing_and_cuts_nothing_off[desktop]": (
        "the other size"
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_failures.py::test_a_runtime_file_that_is_not_the_one_built_is_refused_at_once"
            f"[{name}]"
            for name in ("the standard library", "pyodide.mjs", "pyodide.asm.mjs", "rollkit's worker")
        ),
        "the other runtime files; CI tampers with the wasm, whole and cut short",
    ),
}
"""The tests the whole suite runs and CI does not (besides the other builds' and those marked
``whole`` in their module, as test_a11y.py marks two of its four pairs), and why."""

SLOW = (
    "tests/systems/again/test_opposed.py::test_opposed_against_long_partial_sums",
    "tests/systems/hits/test_attack.py::test_attack_matches_every_face_combination",
    "tests/systems/critdice/test_check.py::test_policy_matches_exhaustive_search",
    "tests/core/test_need.py::test_the_answer_is_a_plain_scan_of_every_roll",
    "tests/core/test_output.py::test_every_accepted_input_gives_clean_output",
    "tests/site/test_bench_engine.py::test_a_mismatch_is_loud_and_fails_the_run",
)
"""The unit tests the fast loop leaves to CI: the widest brute-force and property sweeps (over
every kind), and the engine benchmark run end to end (a third of the loop's time together)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks every test under ``tests/browser/`` browser, and every other test that asks for a
    built site site (``scripts/test --fast`` builds none); the tiers' marks (``whole``, ``slow``)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if _BROWSER in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
        elif _BUILDS & fixtures and not item.get_closest_marker("site"):
            item.add_marker(pytest.mark.site)
        params = getattr(getattr(item, "callspec", None), "params", {})
        builds = fixtures | {v for v in params.values() if isinstance(v, str)}  # or a build by name
        if _WHOLE_BUILDS & builds or any(item.nodeid == k or item.nodeid.startswith(k + "::") for k in WHOLE):
            item.add_marker(pytest.mark.whole)
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


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
