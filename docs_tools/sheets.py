"""The ```rollkit-sheets fence: the Characters page's editor, every system's character sheet as
a form whose controls come from the sheet's declarations (``rollkit.web.sheet_editor``).

The fence's body is empty; the page script (``assets/rollkit/sheet.mjs``) keeps the reader's
characters in the browser and makes the editor live.
"""

from __future__ import annotations

from typing import Any

from docs_tools.fences import failed
from rollkit.web import sheet_editor, to_html

__all__ = ["formatter", "render"]


def render(source: str) -> str:
    """The editor's HTML; a fence with a body is a mistake (it takes no options)."""
    if source.strip():
        raise ValueError("the rollkit-sheets fence takes no options: leave its body empty")
    return to_html(sheet_editor())


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter; a mistake fails the build naming the page and line."""
    try:
        return render(src)
    except Exception as error:
        raise failed(md, "rollkit-sheets", src, error) from error
