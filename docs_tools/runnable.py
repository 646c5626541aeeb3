"""```pycon fences that run in the page: each worked example's code gets Edit, Run and Reset.

A superfences custom fence named ``pycon`` (``mkdocs.yml``): the block is highlighted exactly as
any other fence (superfences' own highlighter), inside a container marked
``data-rollkit-example`` that also holds, in an inert ``<template>`` left out of search, the
controls rollkit renders for it (``rollkit.web.example_controls``: the buttons, the code field
holding the block's text for Reset, the output region). ``assets/rollkit/runnable.mjs`` shows
them; with JavaScript off the block is a plain highlighted code block, with no dead buttons.
The fence's text is unchanged, so each block is still a doctest (``tests/helpers/pycon.py``).
"""

from __future__ import annotations

from typing import Any

from docs_tools.fences import failed, page_id
from rollkit.web import example_controls, node, to_html

__all__ = ["formatter", "highlight"]


def highlight(src: str, language: str, options: Any, md: Any, **kwargs: Any) -> str:
    """``src`` highlighted as superfences highlights a fence it has no formatter for."""
    fences = md.preprocessors["fenced_code_block"].extension.superfences
    default = next(entry for entry in fences if entry["name"] == "superfences")
    return str(default["formatter"](src=src, language=language, options=options, md=md, **kwargs))


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter: the highlighted block and its controls, in one container."""
    try:
        code = highlight(src, language, options, md, **kwargs)
        controls = example_controls(src.rstrip("\n"), control_id=page_id(md, "rk-ex-", src))
        template = to_html(
            node("template", {"class": "rk-example-template", "data-search-exclude": True}, controls)
        )
    except Exception as error:
        raise failed(md, "pycon", src, error) from error
    return f'<div class="rk-example" data-rollkit-example>{code}{template}</div>'
