"""benchmarks.browser without a browser: its JavaScript is real ES modules that Python
only calls into, the site is built by scripts/build, the report marks targets, and the
machine details both benchmarks print come from one helper.

No timing is asserted (targets live in benchmarks.targets); the benchmark itself is
``scripts/bench_browser.py``.
"""

from __future__ import annotations

import json
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import ROOT
from benchmarks.browser import probes, site_build
from benchmarks.browser.report import report
from benchmarks.browser.summary import by_widget
from benchmarks.machine import machine

PACKAGE = ROOT / "benchmarks" / "browser"
MODULES = sorted(PACKAGE.rglob("*.mjs"))
node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


@node
def test_every_module_parses():
    for path in MODULES:
        done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{path.relative_to(ROOT)}: {done.stderr}"


@node
def test_the_evaluated_modules_are_functions_as_python_passes_them():
    names = sorted(p.stem for p in probes.JS.glob("*.mjs"))
    assert names == ["instrument", "resources"]
    script = "".join(f"console.log(typeof {probes.function(n)});" for n in names)
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["function"] * len(names)


def test_every_probe_python_calls_is_defined_in_the_instrumentation():
    source = (probes.JS / "instrument.mjs").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\s*B\.(\w+) = ", source, flags=re.M))
    python = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    called = set(re.findall(r'probes\.(?:call|wait)\([^,]+, "(\w+)"', python))
    assert called and called <= defined, called - defined


def test_no_javascript_in_python_strings_beyond_calls_into_the_modules():
    """Arrow functions in Python only call window.__bench[...]."""
    for path in PACKAGE.glob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "=>" in line:
                assert re.search(r"=> window\.__bench\[name\]", line), f"{path.name}:{number}: {line.strip()}"


def test_the_site_is_built_by_scripts_build_with_the_bench_pages_next_to_it(tmp_path, monkeypatch):
    seen = []

    def fake_build(command, **kwargs):
        seen.append((command, kwargs["env"]["ROLLKIT_SITE_URL"]))
        out = Path(command[command.index("--site-dir") + 1])
        (out / "hits").mkdir(parents=True)
        state = json.dumps({"params": {"dice": "5"}}).replace('"', "&quot;")
        (out / "hits" / "index.html").write_text(
            f'<div data-rollkit-widget data-check="hits.check" data-state="{state}"></div>'
        )
        (out / "assets").mkdir()  # the page module, holding the build's configuration
        (out / "assets" / "rollkit.mjs").write_text(f"const CONFIG = {json.dumps(config)};\n")
        return subprocess.CompletedProcess(command, 0, "", "")

    config = {
        "runtime": "pyodide/0123456789abcdef/",
        "files": {},
        "wheel": {"file": "w.whl", "path": "/lib/w.whl"},
    }

    monkeypatch.setattr(site_build.subprocess, "run", fake_build)
    sources = tmp_path / "rollkit-sources.whl"  # pip's wheel, as a clean checkout has none cached
    sources.write_bytes(b"wheel")
    monkeypatch.setattr(site_build.wheel, "plain_wheel", lambda: sources)
    site_build.build_site(tmp_path / "site", "http://127.0.0.1:1/")
    assert seen == [
        ([str(ROOT / "scripts" / "build"), "--site-dir", str(tmp_path / "site")], "http://127.0.0.1:1/")
    ]
    for page in probes.PAGES.rglob("*.*"):
        assert (tmp_path / "site" / page.relative_to(probes.PAGES)).is_file()
    # told where the runtime is by the site's configuration, and starting rollkit with its boot module
    assert json.loads((tmp_path / "site" / "bench-bare" / "runtime.json").read_text()) == config
    boot = ROOT / "docs" / "assets" / "rollkit" / "boot.mjs"
    assert (tmp_path / "site" / "bench-bare" / "boot.mjs").read_text() == boot.read_text()
    assert (tmp_path / "site" / "bench-bare" / "sources.whl").read_bytes() == b"wheel"
    request = json.loads((tmp_path / "site" / "bench-bare" / "request.json").read_text())
    assert request == {"op": "roll", "check": "hits.check", "params": {"dice": "5"}, "seed": 7}


def test_the_report_marks_each_target():
    meta = {
        "date": "2026-01-01T00:00:00+00:00",
        "platform": "Linux",
        "cpu": "CPU",
        "cpu_count": 2,
        "load_average": [0.5, 0, 0],
        "chromium": "1.2",
        "node": "20.0.0",
        "commit": "abc",
        "dirty": False,
        "versions": {"playwright": "1.0"},
    }
    lighthouse = {
        "": {"score": 100, "failing": [], "error": None, "version": "12"},
        "hits/": {"score": 96, "failing": ["color-contrast"], "error": None, "version": "12"},
    }
    text, checks = report(meta, {}, {"lighthouse": lighthouse})
    assert "| `/` | 100 | none | 100 | ✓ |" in text
    assert "| `/hits/` | 96 | `color-contrast` | 100 | ✗ |" in text
    assert "Node 20.0.0" in text
    assert [c["ok"] for c in checks] == [True, False]
    assert text.endswith(
        "Targets: 1 of 2 met. Missed: Lighthouse accessibility 100 on /hits/ (96; failed: `color-contrast`)."
    )


def test_one_machine_helper_names_cpu_cores_python_chromium_and_node():
    meta = machine(["pytest", "no-such-package"])
    assert meta["cpu_count"] >= 1 and meta["cpu"]
    assert meta["python"] == platform.python_version()
    assert {"chromium", "node", "commit", "dirty", "date", "load_average"} <= set(meta)
    assert meta["versions"] == {"pytest": pytest.__version__, "no-such-package": "?"}


@pytest.mark.parametrize("script", ["bench_engine.py", "bench_browser.py"])
def test_the_scripts_are_thin_command_lines(script):
    path = ROOT / "scripts" / script
    assert len(path.read_text(encoding="utf-8").splitlines()) < 20
    done = subprocess.run(
        [sys.executable, str(path), "--help"], capture_output=True, text=True, check=True, cwd="/"
    )
    assert "--quick" in done.stdout and "--json" in done.stdout


def test_each_widget_is_judged_by_the_median_of_its_samples():
    """One slow sample (a garbage collection, another process) does not decide a widget; a
    widget slow in most of its samples does, and comes first."""
    page = "http://127.0.0.1:1/hits/"
    samples = [
        {"page": page, "index": 0, "total": 58.0},  # one slow roll of a quick widget
        {"page": page, "index": 0, "total": 21.0},
        {"page": page, "index": 0, "total": 19.0},
        {"page": page, "index": 1, "total": 52.0},  # a widget slow most of the time
        {"page": page, "index": 1, "total": 12.0},
        {"page": page, "index": 1, "total": 55.0},
        {"page": page, "index": 2, "total": None},  # a sample that measured nothing
    ]
    widgets = by_widget(samples, "total")
    assert [(w["index"], w["median"]) for w in widgets] == [(1, 52.0), (0, 21.0)]
    assert widgets[1]["samples"] == [58.0, 21.0, 19.0]
