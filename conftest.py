"""pytest setup for the whole repository: docs/ pycon fences are tests too.

Every test under ``tests/browser/`` is marked ``browser``, and every test that asks for a built
site ``site``; modules that run the build's steps or start Pyodide set ``site`` or ``pyodide``
themselves (``scripts/test --fast`` leaves all three out).

The tiers: ``WHOLE`` (and every test of the sub-path and Zensical builds) is marked ``whole``:
the sweeps that repeat over every widget, page, size, scheme or build what CI checks on some,
run by ``scripts/test --whole`` only, so that CI (``scripts/test``) stays under ten minutes on
two cores. ``SLOW`` is marked ``slow``: the unit tests' widest brute-force sweeps, which the
fast loop (``scripts/test --fast``) and CI leave to the whole suite and ``scripts/test --unit``.

``scripts/test`` runs the site and browser tests in two processes (``-n 2 --dist loadscope``)
with the scheduling below: a test module goes to one process whole (its module fixtures are
set up once), except that the tests of the builds only some tests need (the sub-path and the
Zensical build: their ids say ``sub_path``, ``subpath`` or ``zensical``) all go to one process,
so that each of those is built once. ``site``, the root build, ``scripts/test`` builds once
for both processes and serves (``tests/conftest.py``); a pytest run of its own builds it in each.
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
    # The further tests of a feature CI checks in its other tests (named after "CI:"), so that
    # CI stays under ten minutes on two cores; each feature's first and done-when tests stay.
    "tests/browser/test_changes.py::test_a_link_of_an_earlier_build_says_its_chance_changed_and_one_of_this_build_says_nothing": (
        "a second build; CI: test_a_changed_rule_is_marked_with_a_link_to_its_entry"
    ),
    "tests/browser/test_snapshot.py::test_a_first_visit_never_asks_for_the_snapshot_and_offline_visits_boot_from_it": (
        "three visits, offline too; CI: the snapshot's own tests (tests/site/test_snapshot.py)"
    ),
    "tests/browser/test_widgets.py::test_no_request_leaves_the_site": (
        "every page; CI: test_all_widgets_work_under_a_strict_csp (the CSP refuses other origins)"
    ),
    "tests/browser/test_hostile_links.py::test_a_blank_seed_and_a_checkbox_neither_true_nor_false_are_refused": (
        "CI: test_a_link_cannot_set_a_value_the_widget_hides and the web layer's unit tests"
    ),
    "tests/browser/test_hostile_links.py::test_a_link_for_another_kind_of_check_says_so": (
        "CI: test_a_link_cannot_set_a_value_the_widget_hides"
    ),
    "tests/browser/test_runnable.py::test_the_controls_are_clean_for_axe[light-1200]": "CI: [dark-390]",
    "tests/browser/test_a11y.py::test_the_closed_drawer_has_no_tab_stops_on_a_phone": (
        "600 tab presses; CI: test_the_drawer_opens_and_closes_from_the_keyboard"
    ),
    "tests/browser/test_a11y.py::test_every_widget_rolled_in_the_walk_shows_cpythons_dice[light]": (
        "CI's walk is dark at 390 px only (test_a11y.py's WHOLE_ONLY)"
    ),
    "tests/browser/test_a11y.py::test_no_serious_or_critical_axe_violation_after_a_roll[light]": (
        "CI's walk is dark at 390 px only (test_a11y.py's WHOLE_ONLY)"
    ),
    **dict.fromkeys(
        (
            f"tests/browser/test_characters.py::{name}"
            for name in (
                "test_a_shared_link_offers_its_character_and_never_overwrites",
                "test_the_editor_marks_the_value_python_refuses",
                "test_an_edit_in_a_widget_stays_there_until_saved_to_the_sheet",
                "test_a_hits_character_fills_a_skill_check_through_its_governing_attribute",
                "test_a_character_saved_in_another_tab_reaches_this_tabs_widgets_and_list",
            )
        ),
        "CI: a character made on one page fills a widget on another, export and import, axe, a phone",
    ),
    "tests/browser/test_lists.py::test_every_list_parameter_is_edited_as_rows": (
        "every list; CI: test_widgets.py's test_list_parameters_are_edited_as_rows"
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_startup.py::test_a_bare_build_runs_the_modules_as_they_are_and_keeps_its_odds",
            "tests/browser/test_startup.py::test_data_saver_starts_python_only_on_use",
        ),
        "CI: test_python_waits_until_a_widget_comes_near and the other start-up tests",
    ),
    **dict.fromkeys(
        (
            f"tests/browser/test_log.py::{name}"
            for name in (
                "test_the_oldest_rolls_are_dropped_past_the_cap",
                "test_a_finished_hand_is_kept_once_and_a_drawn_seed_is_not_called_typed",
                "test_copy_as_text_falls_back_to_selected_text_when_the_clipboard_is_refused",
                "test_the_open_log_passes_axe_and_fits_a_phone[phone-dark]",
            )
        ),
        "CI: three rolls on two pages kept, exported and replayed; delete, undo, clear; axe",
    ),
    "tests/browser/test_need.py::test_a_chance_that_is_not_one_is_tied_to_its_field_by_keyboard": (
        "CI: the web layer's unit tests of need's errors"
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_offline.py::test_a_tab_left_open_is_never_run_by_an_older_builds_scripts",
            "tests/browser/test_offline.py::test_with_data_saver_python_is_kept_on_first_use",
        ),
        "CI: test_a_new_build_replaces_the_kept_copy_and_offers_a_reload and the offline tests",
    ),
    "tests/browser/test_failures.py::test_an_exception_in_the_worker_stays_in_its_widget": (
        "CI: test_a_runaway_computation_can_be_stopped_and_the_widget_recovers"
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_trust.py::test_on_a_phone",
            "tests/browser/test_trust.py::test_pinned_odds_are_numbers_and_keep_their_colour_in_dark_mode",
        ),
        "CI: test_widgets.py's test_phone_width_and_dark_scheme",
    ),
    "tests/browser/test_glossary.py::test_a_tap_opens_a_definition_inside_a_phone_screen_in_dark_mode": (
        "CI: a tap opens a definition without JavaScript, and the site tests of every term"
    ),
    "tests/browser/test_contents.py::test_a_contents_link_brings_its_section_on_screen": (
        "CI: the contents open by keyboard and pass axe"
    ),
    "tests/browser/test_against.py::test_a_focused_point_shows_its_exact_value_and_the_arrows_move": (
        "CI: test_a_tapped_point_shows_its_value_at_phone_width_in_dark_mode"
    ),
    "tests/browser/test_startup.py::test_once_python_is_ready_each_widget_rolls_once_unseen_after_the_readers_roll": (
        "every widget of a page waited for; CI: the other start-up tests"
    ),
    "tests/browser/test_runnable.py::test_an_error_stop_and_reset": (
        "CI: test_examples_run_on_two_pages_online_and_offline"
    ),
    "tests/site/test_build.py::test_the_build_step_installs_the_runtime[zensical]": "a Zensical build; CI: [mkdocs]",
    "tests/browser/test_print.py::test_a_widget_the_reader_changed_prints_the_link_to_their_values": (
        "CI: a chapter printed with every widget's odds and link"
    ),
    # More of them, moved when CI took 16 minutes on a slow day of these machines (stop 31):
    # each feature keeps its done-when test in CI, and the walk audits every page.
    **dict.fromkeys(
        (
            "tests/browser/test_characters.py::test_axe_finds_nothing_with_the_editor_open_nor_in_a_widget_using_a_character",
            "tests/browser/test_characters.py::test_export_and_import_a_file",
        ),
        "CI: a character made on one page fills a widget on another; a phone; the walk's characters page",
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_log.py::test_delete_undo_clear_and_the_keyboard",
            "tests/browser/test_log.py::test_exports_download_under_the_strict_csp",
        ),
        "CI: three rolls on two pages kept, exported and replayed; the open log's axe",
    ),
    "tests/browser/test_hostile_links.py::test_a_60_kb_link_leaves_the_page_responsive_and_the_other_widgets_rolling": (
        "CI: test_a_link_cannot_set_a_value_the_widget_hides"
    ),
    "tests/browser/test_long_pages.py::test_skipping_moves_nothing_and_cuts_nothing_off[phone]": (
        "CI: the far blocks skipped then shown, a chosen tab, the first paint"
    ),
    "tests/browser/test_against.py::test_a_tapped_point_shows_its_value_at_phone_width_in_dark_mode": (
        "CI: test_the_widgets_view_equals_cpythons_numbers, and the chart without JavaScript"
    ),
    "tests/browser/test_runnable.py::test_the_controls_are_clean_for_axe[dark-390]": (
        "CI: the walk audits every page with its Run controls, dark at 390 px"
    ),
    "tests/browser/test_runnable.py::test_a_run_that_holds_python_while_a_widget_waits_is_stopped": (
        "CI: the runs online and offline, and test_failures.py's runaway computation stopped"
    ),
    "tests/browser/test_need.py::test_at_phone_width[dark]": "CI: dice for 75%",
    "tests/browser/test_loading.py::test_the_rest_of_the_standard_library_is_kept_and_reaches_the_worker_offline": (
        "CI: test_loading_python_says_how_much_has_arrived_of_how_much and the offline tests"
    ),
    "tests/browser/test_contents.py::test_the_open_contents_pass_axe_in_both_schemes": (
        "CI: the contents open by keyboard, a wide screen, and the walk"
    ),
    "tests/browser/test_glossary.py::test_search_finds_the_definition_first": (
        "CI: a tap opens a definition without JavaScript, and the site tests of every term"
    ),
    "tests/browser/test_install.py::test_chromium_finds_the_site_installable_from_the_root_and_a_sub_path": (
        "CI: test_the_app_opens_offline_and_the_page_says_once_that_it_is_kept"
    ),
    "tests/browser/test_trust.py::test_after_a_failed_trait_roll_the_player_may_spend_chance": (
        "CI: the dice shown, and test_choices.py's points spent then replayed from the link"
    ),
    "tests/browser/test_print.py::test_a_chapter_prints_every_widget_with_its_odds_and_link_and_no_control[trait/]": (
        "CI: [print/trait/]"
    ),
    "tests/browser/test_tables.py::test_space_on_the_checkbox_shows_each_exact_fraction[dark]": "CI: [light]",
    **dict.fromkeys(
        (
            "tests/browser/test_failures.py::test_a_runtime_file_that_is_not_the_one_built_is_refused_at_once"
            f"[{name}]"
            for name in (
                "the wasm",
                "the wasm cut short",
                "the standard library",
                "pyodide.mjs",
                "pyodide.asm.mjs",
                "rollkit's worker",
            )
        ),
        "CI: test_a_wheel_that_does_not_match_its_sha256_is_refused (a runtime file refused by its hash)",
    ),
    "tests/browser/test_characters.py::test_on_a_phone_nothing_overflows_and_the_primary_actions_are_large[dark]": (
        "CI: a character made on one page fills a widget on another; the walk's characters page at 390 px"
    ),
    "tests/browser/test_hostile_links.py::test_a_10000_entry_link_builds_no_rows_and_says_why": (
        "CI: test_a_link_cannot_set_a_value_the_widget_hides, and the web layer's unit tests of long links"
    ),
    "tests/browser/test_offline.py::test_a_new_build_replaces_the_kept_copy_and_offers_a_reload": (
        "CI: test_install.py's app opening offline, and a file that is not the one built never kept"
    ),
    "tests/browser/test_print.py::test_folds_and_worked_examples_print_as_the_reader_left_them": (
        "CI: a chapter printed with every widget's odds and link, and a dark page printed light"
    ),
    # And more when CI took 13 minutes on a slow day (stop 32): each of these is a further test
    # of a feature whose done-when test stays in CI.
    "tests/browser/test_widgets.py::test_every_widget_rolls_like_cpython_with_one_boot": (
        "CI: the walk holds every widget's roll to CPython's (test_a11y.py; hands waiting for the"
        " player's choices: test_choices.py)"
    ),
    "tests/browser/test_need.py::test_a_long_answer_offers_stop_and_a_stopped_one_is_not_the_readers_mistake": (
        "CI: dice for 75%, test_failures.py's runaway computation stopped, and the web layer's need tests"
    ),
    "tests/browser/test_changes.py::test_a_changed_rule_is_marked_with_a_link_to_its_entry": (
        "CI: tests/site/test_changes.py (the What changed page and the marks on the built site)"
    ),
    "tests/browser/test_widgets.py::test_every_widget_without_javascript_is_disabled_with_the_note": (
        "CI: test_pages_read_well_with_javascript_off, and each build's prerendered widgets"
    ),
    "tests/browser/test_a11y.py::test_all_of_it_under_the_strict_csp": (
        "CI: test_failures.py's every widget under the strict CSP, and the walk"
    ),
    **dict.fromkeys(
        (
            "tests/browser/test_trust.py::test_the_words",
            "tests/browser/test_trust.py::test_a_replay_and_a_typed_seed_say_so_and_the_seed_is_an_option",
        ),
        "CI: the dice shown, a roll made with earlier values marked, and a replay link rolling the same roll",
    ),
    "tests/browser/test_glossary.py::test_tab_opens_a_definition_and_escape_hides_it": (
        "CI: a tap opens a definition without JavaScript, and the site tests of every term"
    ),
    "tests/browser/test_startup.py::test_python_waits_until_a_widget_comes_near": (
        "CI: a roll pressed before the script binds, and the loading progress"
    ),
    "tests/browser/test_weight.py::test_search_still_finds_a_rules_term": (
        "CI: the search index leaves the reference pages out, and the glossary pages found by search"
    ),
    "tests/site/test_numbers.py::test_the_planted_change_on_the_whole_site_moves_every_again_widget_and_nothing_else": (
        "CI: the unit tests' planted rules change in the small committed site"
    ),
    "tests/browser/test_contents.py::test_a_wide_screen_shows_the_theme_contents_instead": (
        "CI: the contents on the first screen and opened by keyboard"
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
"""The unit tests the fast loop and CI leave to the whole suite: the widest brute-force and
property sweeps (over every kind), and the engine benchmark run end to end (a third of the unit
tests' time together; each sweep's narrower brute-force checks stay in both)."""


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
