"""Run in Pyodide under Node by ``compile_stdlib.mjs``, rollkit started: the standard library
zip cut in two, the modules in use compiled in the first."""

import importlib
import importlib.util
import json
import marshal
import pkgutil
import sys
import zipfile

# Pyodide's own packages copy docstrings onto its JavaScript types; the rest of the core is
# compiled as `python -OO` would (no docstrings, no asserts): a third less to download.
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
BROWSER_NEVER = "rollkit._cli"  # rollkit's command line (and its helpers): never in the browser


def _run(examples: list[str]) -> None:
    """Run each example's source (the ``>>>`` lines of a page's pycon block) in a namespace of
    its own, for the modules it imports; what it prints or raises does not matter here."""
    for source in examples:
        try:
            exec(compile(source, "<example>", "exec"), {"__name__": "__docs__"})  # noqa: S102
        except BaseException:  # noqa: BLE001, S110 - an example that raises still imported its modules
            pass


def split_used(source: str, core: str, later: str, examples_json: str) -> str:
    """Write ``core``: the modules of the zip ``source`` now imported (Pyodide's own start-up's,
    rollkit's once every module of rollkit the browser runs is, and the pages' examples' once
    each has run), each an unchecked-hash ``.pyc`` without its source (zipimport reads the .pyc;
    the browser never reads the source), stored uncompressed (the build's brotli and gzip copies
    compress them better than zip's deflate); and ``later``: everything else, as it was, for
    the worker to fetch when code first imports from it. Returns as JSON how many modules the
    core holds and the names (top-level modules and packages) found only in ``later``."""
    import rollkit

    for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
        if not found.name.endswith("__main__") and not found.name.startswith(BROWSER_NEVER):
            importlib.import_module(found.name)
    with open(examples_json, encoding="utf-8") as file:
        _run(json.load(file))
    home = (
        next(p for p in sys.path if p.endswith(f"python{sys.version_info[0]}{sys.version_info[1]}.zip")) + "/"
    )
    used = {
        m.__file__[len(home) :]
        for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(home)
        and m.__file__.endswith(".py")
        and getattr(m.__spec__, "origin", None) != "frozen"  # in the wasm already: never read from the zip
    }
    names: set[str] = set()
    with (
        zipfile.ZipFile(source) as zipped,
        zipfile.ZipFile(core, "w") as first,
        zipfile.ZipFile(later, "w") as rest,
    ):
        for info in zipped.infolist():
            data = zipped.read(info)
            if info.filename not in used:
                rest.writestr(info, data)
                if not info.is_dir():
                    names.add(info.filename.split("/")[0].removesuffix(".py"))
                continue
            optimize = 0 if info.filename.startswith(KEEP_DOCSTRINGS) else 2
            code = compile(data, home + info.filename, "exec", dont_inherit=True, optimize=optimize)
            pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
            compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            first.writestr(compiled, pyc + marshal.dumps(code), zipfile.ZIP_STORED)
    return json.dumps({"core": len(used), "later": sorted(names)})
