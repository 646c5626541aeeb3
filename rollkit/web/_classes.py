"""Every class name the widgets' trees, the page script and the style sheet share.

A tree may only use these (``node`` refuses others), and a test fails when ``rollkit.mjs``,
its modules or ``rollkit.css`` use one that is not here: renaming a class is then one edit
here and one in each file that the test names. How a die counted is data, not a class: a
die carries ``data-marks`` ("hit explodes"), which the style sheet reads.
"""

from __future__ import annotations

__all__ = ["CLASSES"]

CLASSES: frozenset[str] = frozenset(
    {
        # the widget's shell and form (rollkit.web.widget)
        "rk-form",
        "rk-controls",
        "rk-title",
        "rk-fields",
        "rk-field",
        "rk-check",
        "rk-hint",
        "rk-field-error",
        "rk-list",
        "rk-rows",
        "rk-row",
        "rk-row-template",
        "rk-entry",
        "rk-part",
        "rk-add",
        "rk-remove",
        "rk-actions",
        "rk-roll",
        "rk-seed",
        "rk-share",
        "rk-stop",
        "rk-status",
        "rk-nojs",
        "rk-result",
        "rk-roll-detail",
        "rk-error",
        "rk-odds",
        "rk-views",
        "rk-view-choice",
        "rk-view",
        "rk-pin",
        "rk-stale-note",
        "rk-python",
        # states the page script sets
        "rk-live-widget",
        "rk-has-error",
        "rk-stale",
        "rk-success",
        "rk-failure",
        "rk-live",
        "rk-update",
        "rk-update-reload",
        "rk-update-later",
        # the odds view
        "rk-odds-view",
        "rk-for",
        "rk-values",
        "rk-chance",
        "rk-p",
        "rk-exact",
        "rk-copy",
        "rk-mean",
        "rk-scroll",
        "rk-outcomes",
        "rk-legend",
        "rk-key",
        "rk-key-pinned",
        "rk-key-success",
        "rk-succeeds",
        # charts
        "rk-chart",
        "rk-svg",
        "rk-grid",
        "rk-axis",
        "rk-axis-title",
        "rk-bar",
        "rk-bar-pinned",
        "rk-bar-tail",
        "rk-bar-success",
        "rk-target",
        "rk-target-text",
        "rk-line",
        "rk-point",
        "rk-swatch",
        *(f"rk-series-{i}" for i in range(6)),
        # a roll, and a hand open to the player's choices
        "rk-roll-view",
        "rk-dice",
        "rk-die",
        "rk-face",
        "rk-sr",
        "rk-marks",
        "rk-mark",
        "rk-how",
        "rk-hand",
        "rk-hand-help",
        "rk-move",
        "rk-moved",
        "rk-was",
        "rk-points",
        "rk-hand-odds",
        "rk-finish-buttons",
        "rk-finish",
        # what a player trusts at a glance: where a roll's dice came from, a roll made with
        # earlier values, a legend's keys, the seed as an option, pinned odds as numbers
        "rk-origin",
        "rk-roll-stale",
        "rk-mark-sample",
        "rk-seed-option",
        "rk-compare",
    }
)
"""The class names, all starting ``rk-``."""
