// Run doctest blocks inside Pyodide under Node, offline: the same rollkit wheel the
// site serves, put on sys.path at the same place as the site's worker puts it, npm's pyodide
// runtime and the site's standard library zip. Reads {wheel, path, stdlib, blocks: [{name,
// source}]} as JSON on stdin; prints the Python version, the files every module of rollkit
// (but __main__) and the fractions module are loaded from, and one result per block, as JSON.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pyodidePath = dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(join(pyodidePath, "pyodide.mjs"));

const input = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: pyodidePath + "/", stdLibURL: input.stdlib });
pyodide.FS.writeFile(input.path, readFileSync(input.wheel));
pyodide.globals.set("wheel_path", input.path);
pyodide.globals.set("blocks_json", JSON.stringify(input.blocks));
const out = pyodide.runPython(`
import contextlib, doctest, io, json, sys
sys.path.insert(0, wheel_path)
import rollkit
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
results = []
for block in json.loads(blocks_json):
    test = doctest.DocTestParser().get_doctest(block["source"], {"__name__": "__docs__"},
                                               block["name"], block["name"], 0)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=flags, verbose=False)
    runner.run(test, out=report.write)
    with contextlib.redirect_stdout(report):  # a failure's summary: with its report, not on stdout
        outcome = runner.summarize(verbose=False)
    results.append({"name": block["name"], "attempted": outcome.attempted,
                    "failed": outcome.failed, "report": report.getvalue()})
import importlib, pkgutil
for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
    if not found.name.endswith(".__main__"):
        importlib.import_module(found.name)
loaded = sorted(m.__file__ for n, m in sys.modules.items() if n.split(".")[0] == "rollkit")
import fractions
json.dumps({"python": sys.version.split()[0], "loaded": loaded, "fractions": fractions.__file__, "results": results})
`);
process.stdout.write(out);
