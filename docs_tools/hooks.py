"""mkdocs hooks: check every fence before rendering (naming page and line), and put the
browser runtime (Pyodide, the rollkit wheel, the lock file) into the built site."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs loads this file by path
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from docs_tools import fences, runtime, widgets  # noqa: E402
from docs_tools.mdfences import scan  # noqa: E402

CHECKS = {name: (lambda body, kind=name: fences.render(kind, body)) for name in fences.FENCES}
CHECKS["rollkit"] = widgets.parse


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    found, _ = scan(markdown)
    for fence in found:
        kind = fence.info.split()[:1]
        if kind and kind[0] in CHECKS:
            try:
                CHECKS[kind[0]](fence.body)
            except Exception as error:
                raise PluginError(
                    f"{page.file.src_uri}:{fence.line}: {kind[0]} fence failed:"
                    f" {type(error).__name__}: {error}"
                ) from error
    return markdown


def on_post_build(config: Any) -> None:
    try:
        runtime.install(Path(config["site_dir"]))
    except (RuntimeError, OSError) as error:
        raise PluginError(f"browser runtime: {error}") from error
