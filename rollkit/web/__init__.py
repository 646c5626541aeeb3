"""rollkit.web: what the rules site's widgets show and the protocol their worker speaks.

The same Python renders a widget at build time and answers it live in the reader's browser
(Pyodide): ``widget`` is a widget's form and shell as a tree, ``odds_view``, ``roll_view``
and ``hand_view`` what it shows (``Origin``: where a roll's dice came from), ``need_view``
the answer to "What do I need?", ``log_entry``
what the roll log keeps of a roll, ``against_view`` (and ``compare_view``) the chance against a
field's values, one line per value of another field, ``sheet_editor`` the Characters page's editor and ``fill_view`` what a widget using a
character shows, ``run_code`` a worked example's code run as the reader edited it (and
``example_controls`` its Edit, Run and Reset), ``tally_chart``, ``lines`` and ``bars`` the one chart
renderer, and ``request`` answers the page's requests (JSON text in, JSON text out), with
typed requests and answers underneath (``read``, ``answer``). Trees are ``Element``\\s:
``to_html`` writes them at build time, ``to_json`` sends them to the page script, which only
ever builds DOM nodes from them. ``CLASSES`` declares every class name they, the page script
and the style sheet share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy
from ._chart import VIEWS, Series, bars, lines, tally_chart
from ._classes import CLASSES
from ._log import LogContext, LogEntry, log_context, log_entry
from ._protocol import (
    LATER,
    AgainstAnswer,
    AgainstRequest,
    Failure,
    Move,
    OddsAnswer,
    OddsRequest,
    RollAnswer,
    RollRequest,
    SheetAnswer,
    SheetRequest,
    answer,
    for_players,
    for_sheet,
    read,
    request,
)
from ._tree import JSON, Attribute, Child, Element, node, to_html, to_json
from ._views import (
    OddsView,
    Origin,
    RollView,
    field_text,
    hand_view,
    odds_view,
    roll_view,
    summary,
    values_text,
)

if TYPE_CHECKING:
    from ._against import MAX_LINES, MAX_POINTS, MEASURES, AgainstView, against_view, compare_view
    from ._form import list_row, widget
    from ._need import NeedAnswer, NeedRequest, NeedView, need_form, need_view
    from ._run import RunAnswer, RunRequest, RunView, example_controls, run_code
    from ._sheet import FillView, fill_view, sheet_editor

_LAZY = {
    **dict.fromkeys(
        ("MAX_LINES", "MAX_POINTS", "MEASURES", "AgainstView", "against_view", "compare_view"), "_against"
    ),
    **dict.fromkeys(("list_row", "widget"), "_form"),
    **dict.fromkeys(("NeedAnswer", "NeedRequest", "NeedView", "need_form", "need_view"), "_need"),
    **dict.fromkeys(("RunAnswer", "RunRequest", "RunView", "example_controls", "run_code"), "_run"),
    **dict.fromkeys(("FillView", "fill_view", "sheet_editor"), "_sheet"),
}
"""The names a widget's first roll needs none of, and the module that holds each: imported on
first use (``LATER``), so that the worker is ready sooner."""


__getattr__, __dir__ = lazy(globals(), _LAZY)  # a name of _LAZY from its module, kept here once found


__all__ = [
    "request",
    "LATER",
    "read",
    "answer",
    "for_players",
    "OddsRequest",
    "RollRequest",
    "AgainstRequest",
    "Move",
    "OddsAnswer",
    "RollAnswer",
    "AgainstAnswer",
    "SheetRequest",
    "SheetAnswer",
    "for_sheet",
    "Failure",
    "sheet_editor",
    "fill_view",
    "FillView",
    "NeedRequest",
    "NeedAnswer",
    "NeedView",
    "need_view",
    "need_form",
    "RunRequest",
    "RunAnswer",
    "RunView",
    "run_code",
    "example_controls",
    "widget",
    "field_text",
    "list_row",
    "odds_view",
    "roll_view",
    "hand_view",
    "summary",
    "values_text",
    "log_entry",
    "log_context",
    "LogEntry",
    "LogContext",
    "OddsView",
    "RollView",
    "Origin",
    "against_view",
    "compare_view",
    "AgainstView",
    "MEASURES",
    "MAX_POINTS",
    "MAX_LINES",
    "tally_chart",
    "lines",
    "bars",
    "Series",
    "VIEWS",
    "Element",
    "Child",
    "Attribute",
    "JSON",
    "node",
    "to_html",
    "to_json",
    "CLASSES",
]
