"""The theme's colour switch, made to cost nothing when no reader switches: a build step.

    theme.write(site_dir)  # after the builder, before compress and offline

Material's palette stylesheet stops every transition while ``<body>`` has
``data-md-color-switching`` (``[data-md-color-switching] *``), and its script sets that mark
whenever its colour palette starts (on every page load) as well as when a reader switches, and
removes it a moment later. A rule reaching every element makes each of those two attribute
changes a restyle of the whole page: on a long rules page, a phone's main thread for a tenth of
a second each while the page loads (benchmarks/browser). This step points the rule at
``data-rollkit-switching`` instead, which only a switch the reader makes sets
(``docs/assets/csp/md-palette.js``), so a switch still plays no transition. A palette stylesheet
without the rule fails the build (a new theme version has changed it: look again).
"""

from __future__ import annotations

from pathlib import Path

MATERIAL = "[data-md-color-switching]"
OURS = "[data-rollkit-switching]"
STYLESHEETS = "assets/stylesheets/**/palette.*.css"  # Zensical keeps its own in a folder of its look

__all__ = ["MATERIAL", "OURS", "write"]


def write(site_dir: Path) -> list[Path]:
    """Point the palette stylesheets' switching rule at ``OURS``; returns the files changed.
    Raises ``RuntimeError`` when no palette stylesheet holds ``MATERIAL``."""
    changed = []
    for sheet in sorted(Path(site_dir).glob(STYLESHEETS)):
        text = sheet.read_text(encoding="utf-8")
        if MATERIAL in text:
            sheet.write_text(text.replace(MATERIAL, OURS), encoding="utf-8")
            changed.append(sheet)
    if not changed:
        raise RuntimeError(
            f"no {STYLESHEETS} in {site_dir} holds the rule {MATERIAL} that the theme step points elsewhere"
        )
    return changed
