"""Fixtures shared by ``tests/site/`` and ``tests/browser/``: one mkdocs build of the whole site.

The site tests read the built files (``built``), the browser tests drive the same build
served (``site``), so one session builds it once. ``tests/browser/conftest.py`` adds the
builds that differ: for a sub-path, and with Zensical.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.site import Site, served


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The whole site built with mkdocs by the build step for, and served at,
    http://127.0.0.1:PORT/, for the whole session. It is served from the moment it is built,
    so that no other socket takes its port before the browser tests need it. The one build
    with the print pages' PDFs (when Chromium is installed)."""
    pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")
    yield from served(tmp_path_factory.mktemp("root"), "/", pdf=True)


@pytest.fixture(scope="session")
def built(site: Site) -> Path:
    """The folder of ``site``'s build: the whole site as the site tests read it."""
    return site.directory
