// What-if, once per benchmark: rollkit put on sys.path from its wheel (zipimport, no
// loadPackage), then a memory snapshot of the booted interpreter, restored in new workers.
// Pyodide's snapshot API is private (`_makeSnapshot`, `_loadSnapshot`, `makeMemorySnapshot`).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
// Every module of the package is imported before the snapshot: the wheel's file is gone after a restore.
const IMPORT_ALL = `
import importlib, pkgutil, sys
sys.path.insert(0, "/rollkit.whl")
import rollkit
for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
from rollkit._params import request
`;
onmessage = async ({ data }) => {
  try {
    const t0 = performance.now();
    if (data.make) {
      const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
      const t1 = performance.now();
      const lock = await (await fetch(indexURL + "pyodide-lock.json")).json();
      const wheel = await fetch(indexURL + lock.packages.rollkit.file_name);
      pyodide.FS.writeFile("/rollkit.whl", new Uint8Array(await wheel.arrayBuffer()));
      pyodide.runPython(IMPORT_ALL);
      const t2 = performance.now();
      const snapshot = pyodide.makeMemorySnapshot();
      const t3 = performance.now();
      const gzip = await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
      postMessage({ pyodide: t1 - t0, rollkit: t2 - t1, make: t3 - t2, size: snapshot.length, gzip: gzip.byteLength, snapshot },
                  [snapshot.buffer]);
    } else {
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: data.snapshot });
      const request = pyodide.runPython("from rollkit._params import request; request");
      const t1 = performance.now();
      const answers = data.requests.map((r) => JSON.parse(request(JSON.stringify(r))));
      const bad = answers.find((a) => !a.ok);
      postMessage({ boot: t1 - t0, answers_ms: performance.now() - t1, ok: answers.filter((a) => a.ok).length,
                    of: answers.length, failed: bad ? bad.error : null });
    }
  } catch (error) {
    postMessage({ error: String(error && error.message ? error.message : error) });
  }
};
