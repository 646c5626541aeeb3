"""mkdocs hooks: check every build-time fence before rendering, naming page and line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # mkdocs loads this file by path
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from docs_tools import fences  # noqa: E402
from docs_tools.mdfences import scan  # noqa: E402


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    found, _ = scan(markdown)
    for fence in found:
        kind = fence.info.split()[:1]
        if kind and kind[0] in fences.FENCES:
            try:
                fences.evaluate(fence.body)
            except Exception as error:
                raise PluginError(
                    f"{page.file.src_uri}:{fence.line}: {kind[0]} fence failed:"
                    f" {type(error).__name__}: {error}"
                ) from error
    return markdown
