"""rollkit.web: what the rules site's widgets show and the protocol their worker speaks.

The same Python renders a widget at build time and answers it live in the reader's browser
(Pyodide): ``widget`` is a widget's form and shell as a tree, ``odds_view``, ``roll_view``
and ``hand_view`` what it shows (``need_view`` the answer to "What do I need?"), ``tally_chart``, ``lines`` and ``bars`` the one chart
renderer, and ``request`` answers the page's requests (JSON text in, JSON text out), with
typed requests and answers underneath (``read``, ``answer``). Trees are ``Element``\\s:
``to_html`` writes them at build time, ``to_json`` sends them to the page script, which only
ever builds DOM nodes from them. ``CLASSES`` declares every class name they, the page script
and the style sheet share.
"""

from __future__ import annotations

from ._chart import VIEWS, Series, bars, lines, tally_chart
from ._classes import CLASSES
from ._form import field_text, list_row, widget
from ._need import NeedAnswer, NeedRequest, NeedView, need_form, need_view
from ._protocol import (
    Failure,
    Move,
    OddsAnswer,
    OddsRequest,
    RollAnswer,
    RollRequest,
    answer,
    for_players,
    read,
    request,
)
from ._tree import JSON, Attribute, Child, Element, node, to_html, to_json
from ._views import OddsView, RollView, hand_view, odds_view, roll_view, summary, values_text

__all__ = [
    "request",
    "read",
    "answer",
    "for_players",
    "OddsRequest",
    "RollRequest",
    "Move",
    "OddsAnswer",
    "RollAnswer",
    "Failure",
    "NeedRequest",
    "NeedAnswer",
    "NeedView",
    "need_view",
    "need_form",
    "widget",
    "field_text",
    "list_row",
    "odds_view",
    "roll_view",
    "hand_view",
    "summary",
    "values_text",
    "OddsView",
    "RollView",
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
