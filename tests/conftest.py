"""Fixtures shared by ``tests/site/`` and ``tests/browser/``: one mkdocs build of the whole site.

The site tests read the built files (``built``), the browser tests drive the same build
served (``site``), so one session builds it once; ``subpath_site`` is the build for a sub-path
(with the PDFs), and ``tests/browser/conftest.py`` adds the Zensical build.
``scripts/test`` runs them in two processes, scheduled by the root ``conftest.py``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.site import Site, served

SHARED_SITE = "ROLLKIT_TEST_SITE"
"""``BASE DIRECTORY``: the root build, made and served by ``scripts/test`` for every process."""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The whole site built with mkdocs by the build step for, and served at,
    http://127.0.0.1:PORT/, for the whole session. It is served from the moment it is built,
    so that no other socket takes its port before the browser tests need it.

    ``scripts/test`` builds it once, before the site tests, serves it from a process of its own
    and names it in ``ROLLKIT_TEST_SITE``: both of its pytest processes use that build (the
    tests copy it before they change a file)."""
    pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")
    if shared := os.environ.get(SHARED_SITE):
        base, directory = shared.split(" ", 1)
        assert Path(directory, "index.html").is_file(), f"{SHARED_SITE}: {directory} holds no build"
        yield Site(base, Path(directory))
        return
    yield from served(tmp_path_factory.mktemp("root"), "/")


@pytest.fixture(scope="session")
def built(site: Site) -> Path:
    """The folder of ``site``'s build: the whole site as the site tests read it."""
    return site.directory


@pytest.fixture(scope="session")
def subpath_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site built for, and served at, http://127.0.0.1:PORT/rollkit/ (a Pages project site).

    A build of its own, not ``site``'s served under /rollkit/: the two builds' pages differ
    only in their canonical links, but ``sitemap.xml`` lists every page at the address it was
    built for, and Material's instant navigation follows a link only when the sitemap lists
    it. ``site``'s build served here would turn every ``instant_go`` into a full page load,
    which the sub-path tests' "one boot" cannot tell apart (each load starts its own count);
    ``404.html`` also names its assets by absolute path (/assets/... for the root).
    The one build with the print pages' PDFs (when Chromium is installed: a minute the other
    builds skip).
    """
    pytest.importorskip("mkdocs", reason="mkdocs is in the dev venv only")
    yield from served(tmp_path_factory.mktemp("sub"), "/rollkit/", pdf=True)
