"""The docs' doctests again, inside Pyodide under Node: same code, same answers."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from docs_tools.mdfences import scan

ROOT = Path(__file__).resolve().parents[2]


def _need(condition: bool, why: str) -> None:
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


@pytest.mark.pyodide
def test_docs_doctests_pass_in_pyodide() -> None:
    pytest.importorskip("mkdocs", reason="the wheel is built with the dev venv")
    _need(shutil.which("node") is not None, "node is needed")
    _need((ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), "run scripts/setup (npm ci)")
    from docs_tools.sitebuild import WHEEL_FOLDER, stdlib, wheel

    blocks = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for fence in scan(page.read_text(encoding="utf-8"))[0]:
            if fence.info.split()[:1] == ["pycon"]:
                blocks.append({"name": f"{page.relative_to(ROOT)}:{fence.line}", "source": fence.body})
    assert len(blocks) >= 50
    built = wheel.wheel()
    library = stdlib.stdlib(built)
    assert library.later is not None, "the site's standard library is npm's whole zip"
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "pyodide_doctest.mjs")],
        cwd=ROOT,
        input=json.dumps(
            {
                "wheel": str(built),
                "path": f"{WHEEL_FOLDER}/{built.name}",
                "stdlib": str(library.core),
                "later": {
                    "file": str(library.later),
                    "path": f"{WHEEL_FOLDER}/{library.later.name}",
                    "names": list(library.names),
                },
                "blocks": blocks,
            }
        ),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answer = json.loads(done.stdout)
    assert answer["python"].startswith("3.14")
    # every module of rollkit came out of the wheel on sys.path, from the bytecode the build
    # compiled (zipimport falls back to the source, unsaid, when a .pyc is not for its Python)
    modules = {p.relative_to(ROOT).with_suffix(".pyc").as_posix() for p in (ROOT / "rollkit").rglob("*.py")}
    modules.discard("rollkit/__main__.pyc")
    assert answer["fractions"].endswith("/fractions.pyc")  # the site's standard library, compiled
    assert answer["doctest"] == f"{WHEEL_FOLDER}/{library.later.name}/doctest.py"  # fetched on import
    assert set(answer["loaded"]) == {f"{WHEEL_FOLDER}/{built.name}/{m}" for m in modules}
    assert [r["name"] for r in answer["results"]] == [b["name"] for b in blocks]
    failures = [f"{r['name']}\n{r['report']}" for r in answer["results"] if r["failed"]]
    assert failures == [], "\n".join(failures)[:5000]
    assert all(r["attempted"] > 0 for r in answer["results"])
