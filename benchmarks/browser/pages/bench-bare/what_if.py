"""Run in the bare worker's Pyodide (``worker.mjs``): what the ``.pyc`` files in the wheel save."""

import time
import zipfile


def compile_sources(wheel_path: str) -> float:
    """Milliseconds to compile every module of the wheel at ``wheel_path`` from its source."""
    with zipfile.ZipFile(wheel_path) as zf:
        sources = {name: zf.read(name).decode() for name in zf.namelist() if name.endswith(".py")}
    began = time.perf_counter()
    for name, text in sources.items():
        compile(text, name, "exec")
    return (time.perf_counter() - began) * 1000
