"""mkdocs hook, a convenience only: a plain ``mkdocs build`` or ``mkdocs serve`` also gets
the browser runtime. The build step (``python -m docs_tools.runtime``, which
``scripts/build`` runs for mkdocs and Zensical alike) installs it itself and turns this
hook off; fences are checked where they are rendered (``docs_tools.fences``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs loads this file by path
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from docs_tools import runtime  # noqa: E402


def on_post_build(config: Any) -> None:
    if os.environ.get(runtime.STEP_ENV):
        return
    try:
        runtime.install(Path(config["site_dir"]))
    except (RuntimeError, OSError) as error:
        raise PluginError(f"browser runtime: {error}") from error
