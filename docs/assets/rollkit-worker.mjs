// rollkit in a module Web Worker: Pyodide served by this site, rollkit loaded by name
// from the site's pyodide-lock.json (checked against its sha256).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
let handle = null;

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const booted = performance.now();
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  handle = pyodide.runPython("from rollkit._params import request\nrequest");
  const version = pyodide.runPython("import rollkit; rollkit.__version__");
  postMessage({
    type: "ready",
    version,
    timings: { pyodide: booted - started, rollkit: performance.now() - booted },
  });
}

const booting = boot().catch((error) => {
  postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
});

onmessage = async (event) => {
  await booting;
  const { id, request } = event.data;
  if (!handle) {
    postMessage({ id, ok: false, error: "rollkit is not available in this browser" });
    return;
  }
  const began = performance.now();
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    answer = { ok: false, error: `rollkit failed: ${String(error && error.message ? error.message : error).split("\n").filter(Boolean).pop()}` };
  }
  postMessage({ id, ...answer, ms: performance.now() - began });
};
