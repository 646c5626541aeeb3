"""Run in Pyodide under Node by ``pyodide_doctest.mjs``, rollkit started: the docs' doctests."""

import contextlib
import doctest
import importlib
import io
import json
import pkgutil
import sys


def run(blocks_json: str) -> str:
    """Run each ``{name, source}`` block of ``blocks_json`` as a doctest; the Python version, the
    files every module of rollkit (but ``__main__``) and the fractions module are loaded from, and
    one result per block, as JSON."""
    import fractions

    import rollkit

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    results = []
    for block in json.loads(blocks_json):
        test = doctest.DocTestParser().get_doctest(
            block["source"], {"__name__": "__docs__"}, block["name"], block["name"], 0
        )
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=flags, verbose=False)
        runner.run(test, out=report.write)
        with contextlib.redirect_stdout(report):  # a failure's summary: with its report, not on stdout
            outcome = runner.summarize(verbose=False)
        results.append(
            {
                "name": block["name"],
                "attempted": outcome.attempted,
                "failed": outcome.failed,
                "report": report.getvalue(),
            }
        )
    for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
        if not found.name.endswith(".__main__"):
            importlib.import_module(found.name)
    loaded = sorted(m.__file__ for n, m in sys.modules.items() if n.split(".")[0] == "rollkit")
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "loaded": loaded,
            "fractions": fractions.__file__,
            "doctest": doctest.__file__,  # not the first roll's: from the later part of the library
            "results": results,
        }
    )
