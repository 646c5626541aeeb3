"""What a benchmark ran on, for both benchmarks' reports: one helper, one set of keys.

Read-only: ``/proc/cpuinfo``, ``platform``, package metadata, ``git rev-parse`` /
``git status`` and ``--version`` of ``/usr/bin/chromium`` and ``node``.
"""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
import sys
from collections.abc import Iterable
from importlib import metadata
from typing import Any

from benchmarks import ROOT

CHROMIUM = "/usr/bin/chromium"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _output(*command: str) -> str:
    """A command's first line of output, or "?" when it cannot run (read-only queries)."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True, timeout=30)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        return "?"
    return (done.stdout.strip().splitlines() or ["?"])[0]


def tool_version(*command: str) -> str:
    """The version number in ``command``'s output: "Chromium 156.0.1 built on ..." -> "156.0.1"."""
    words = _output(*command).split()
    return next((w.lstrip("v") for w in words if w.lstrip("v")[:1].isdigit()), "?")


def package_versions(names: Iterable[str]) -> dict[str, str]:
    versions = {}
    for name in names:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "?"
    return versions


def machine(packages: Iterable[str] = ()) -> dict[str, Any]:
    """Date, machine, CPU, cores, Python, Chromium, Node, the commit and ``packages``' versions."""
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "executable": sys.executable,
        "chromium": tool_version(CHROMIUM, "--version"),
        "node": tool_version("node", "--version"),
        "commit": _output("git", "rev-parse", "--short", "HEAD"),
        # the results themselves aside: scripts/bench writes the engine's before the browser's run
        "dirty": _output(
            "git", "--no-optional-locks", "status", "--porcelain", "--", ".", ":(exclude)benchmarks/results"
        )
        not in ("", "?"),
        "rollkit_changes": _output("git", "--no-optional-locks", "status", "--porcelain", "--", "rollkit")
        not in ("", "?"),
        "versions": package_versions(packages),
    }
