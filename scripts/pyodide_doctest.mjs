// Run doctest blocks inside Pyodide under Node, offline: the same rollkit wheel the
// site serves, npm's pyodide runtime. Reads {wheel, blocks: [{name, source}]} as JSON
// on stdin; prints one JSON result per block on stdout.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pyodidePath = dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(join(pyodidePath, "pyodide.mjs"));

const input = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: pyodidePath + "/" });
await pyodide.loadPackage(input.wheel, { messageCallback: () => {} });
pyodide.globals.set("blocks_json", JSON.stringify(input.blocks));
const out = pyodide.runPython(`
import doctest, io, json, sys
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
results = []
for block in json.loads(blocks_json):
    test = doctest.DocTestParser().get_doctest(block["source"], {"__name__": "__docs__"},
                                               block["name"], block["name"], 0)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=flags, verbose=False)
    runner.run(test, out=report.write)
    outcome = runner.summarize(verbose=False)
    results.append({"name": block["name"], "attempted": outcome.attempted,
                    "failed": outcome.failed, "report": report.getvalue()})
json.dumps({"python": sys.version.split()[0], "results": results})
`);
process.stdout.write(out);
