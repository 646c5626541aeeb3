"""The build's first step: the pages, built strictly by mkdocs or Zensical into the site folder.

Zensical writes only inside the project folder and keeps what a site folder held, so it builds
into a fresh folder under ``build/`` (``site_dir: !ENV ROLLKIT_SITE_DIR`` in ``mkdocs.yml``) and
the result is moved into place; its page cache (``.cache/``, which knows nothing of rollkit's
sources) is always dropped (``--clean``). A fence that fails is repeated last, with its page and
line.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BUILDERS = ("mkdocs", "zensical")
SITE_DIR_ENV = "ROLLKIT_SITE_DIR"  # mkdocs.yml's site_dir, for Zensical (it has no --site-dir)
_FENCE_FAILED = re.compile(r"((?:\S+\.md(?::\d+)?|an unknown page): \S+ fence failed: .*)")

__all__ = ["pages", "BUILDERS"]


def _run(command: list[str], env: dict[str, str], builder: str) -> None:
    done = subprocess.run(
        command, env=env, check=False, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    sys.stderr.write(done.stdout)
    if done.returncode != 0:
        # Zensical reports a failing fence inside a traceback: repeat the fence's own line last
        fences = dict.fromkeys(m.group(1) for m in map(_FENCE_FAILED.search, done.stdout.splitlines()) if m)
        raise RuntimeError("; ".join([f"{builder} build failed (exit status {done.returncode})", *fences]))


def pages(site_dir: Path, builder: str, config: Path) -> None:
    """Build the pages of ``config`` (an mkdocs.yml) strictly with ``builder`` into ``site_dir``
    (emptied first). Raises ``RuntimeError`` when the builder fails (its own output says why)."""
    if builder not in BUILDERS:
        raise ValueError(f"builder must be one of {', '.join(BUILDERS)}, not {builder!r}")
    project = config.parent
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if builder == "mkdocs":
        _run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--clean",
                "--config-file",
                str(config),
                "--site-dir",
                str(site_dir),
            ],
            env,
            builder,
        )
        return
    (project / "build").mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="zensical-", dir=project / "build"))
    try:
        _run(
            [sys.executable, "-m", "zensical", "build", "--strict", "--clean", "--config-file", str(config)],
            {**env, SITE_DIR_ENV: str(scratch.relative_to(project) / "site")},
            builder,
        )
        if not (scratch / "site" / "index.html").exists():
            raise RuntimeError(
                f"zensical wrote no site into {scratch / 'site'}: {config.name} must set"
                f" site_dir: !ENV [{SITE_DIR_ENV}, site]"
            )
        if site_dir.exists():
            shutil.rmtree(site_dir)
        site_dir.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(scratch / "site", site_dir)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
