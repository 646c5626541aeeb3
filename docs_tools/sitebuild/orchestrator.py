"""The build's orchestrator: each step in turn (see ``docs_tools.sitebuild``), and the command.

python -m docs_tools.sitebuild [--zensical] [--site-dir DIR] [--config-file FILE]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from docs_tools.sitebuild import (
    ROOT,
    app,
    builder,
    compress,
    install,
    offline,
    printing,
    search,
    snapshot,
    stdlib,
    styles,
    wheel,
)

__all__ = ["build", "main"]


def build(site_dir: Path | None = None, *, using: str = "mkdocs", config: Path = ROOT / "mkdocs.yml") -> Path:
    """Build the site strictly with ``using`` (mkdocs or zensical) into ``site_dir`` (default:
    ``site/`` beside ``config``, emptied first), then write its web-app manifest, install the
    runtime into it, compress it and write its service worker; returns ``site_dir``. The print
    pages are written from the built pages, before the runtime.

    Raises ``RuntimeError`` when the builder fails (its own output says why: a broken fence
    names its page and line) or the runtime cannot be installed.
    """
    config = config.resolve()
    site_dir = (site_dir or config.parent / "site").resolve()
    if config.parent.is_relative_to(site_dir):
        raise RuntimeError(f"the site cannot go into {site_dir}: it holds {config.name}")
    builder.pages(site_dir, using, config)
    styles.write(site_dir)  # our stylesheets without their comments
    search.name_systems(site_dir)
    search.name_pages(site_dir)
    app.write(site_dir, config)  # the web-app manifest and its icons
    printing.write(site_dir, config)  # the print pages (and PDFs), from the built pages
    built = wheel.wheel()
    library = stdlib.stdlib(built)
    install.install(site_dir, built, library, snapshot.snapshot(built, library.core))
    offline.fill_sizes(site_dir)  # what keeping the site costs, said where the pages say it
    compress.precompress(site_dir)
    offline.write(site_dir)  # last: the service worker lists the finished site's files
    return site_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m docs_tools.sitebuild",
        description="Build the rules site, then put the browser runtime into it.",
    )
    parser.add_argument(
        "--zensical",
        dest="builder",
        action="store_const",
        const="zensical",
        default="mkdocs",
        help="build with Zensical instead of mkdocs",
    )
    parser.add_argument("-d", "--site-dir", type=Path, help="where the site goes (default: site/)")
    parser.add_argument("-f", "--config-file", type=Path, default=ROOT / "mkdocs.yml")
    options = parser.parse_args(argv)
    try:
        built = build(options.site_dir, using=options.builder, config=options.config_file)
    except RuntimeError as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    print(f"build: {options.builder} built {built} with the browser runtime", file=sys.stderr)
    return 0
