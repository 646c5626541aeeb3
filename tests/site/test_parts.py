"""The site's wheel in parts: what a page's first use needs is in rollkit's core and the page's
systems, never in the part downloaded later (``docs_tools/sitebuild/parts.py``)."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

from docs_tools.sitebuild.parts import COMMAND_LINE, RARER_MODULES

STATE = re.compile(r'data-rollkit-widget="[^"]*" data-check="[^"]*" data-state="([^"]*)"')

# Run in a fresh Python: every request asked, then the rarer part's modules it imported.
PROBE = """
import json, sys
from rollkit.web import request
for message in json.load(sys.stdin):
    answer = json.loads(request(json.dumps(message)))
    assert ("error" in answer) == message.get("refused", False), (message, answer)
print(json.dumps(sorted(m for m in sys.modules if m in RARER or m.startswith(COMMAND_LINE))))
"""


def test_a_pages_rolls_odds_and_refusals_need_nothing_from_the_rarer_part(built: Path) -> None:
    requests: list[dict[str, object]] = []
    for page in sorted(built.rglob("index.html")):
        for found in STATE.findall(page.read_text(encoding="utf-8")):
            state = json.loads(html.unescape(found))
            check, params = state["check"], state["params"]
            requests.append({"op": "odds", "check": check, "params": params})
            requests.append({"op": "roll", "check": check, "params": params, "seed": 7, "choose": True})
            refused = {**params, next(iter(params)): "a lot"} if params else {"dice": "a lot"}
            requests.append({"op": "odds", "check": check, "params": refused, "refused": True})
    assert len(requests) >= 3 * 50
    done = subprocess.run(
        [sys.executable, "-c", f"RARER = {RARER_MODULES!r}\nCOMMAND_LINE = {COMMAND_LINE!r}\n{PROBE}"],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == []


def test_the_probe_sees_a_rarer_module_when_one_is_used() -> None:
    """The check above can fail: a run (an edited example) imports the rarer part."""
    message = {"op": "run", "code": "1 + 1"}
    done = subprocess.run(
        [sys.executable, "-c", f"RARER = {RARER_MODULES!r}\nCOMMAND_LINE = {COMMAND_LINE!r}\n{PROBE}"],
        input=json.dumps([message]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "rollkit.web._run" in json.loads(done.stdout)
