// rollkit in a module Web Worker: Pyodide served by this site, rollkit loaded by name
// from the site's pyodide-lock.json (checked against its sha256).
// The runtime lives in a content-hashed folder: in the built site the build step
// (docs_tools.runtime.pin) turns both ../pyodide/ below into ../pyodide/<hash>/.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const BOOT_LIMIT_MS = 120_000;
let handle = null;
let failed = false;

function fail(error) {
  if (failed || handle) return;
  failed = true;
  postMessage({ type: "failed", error });
}

// Pyodide never settles when one of its files cannot be downloaded (it waits on a wasm
// compile that already failed), so watch the downloads and report the first failure.
const download = globalThis.fetch;
globalThis.fetch = async (...args) => {
  try {
    const response = await download(...args);
    if (!response.ok) fail(`could not download ${new URL(response.url).pathname.split("/").pop()} (HTTP ${response.status})`);
    return response;
  } catch (error) {
    fail(`could not download the Python runtime (${error.message})`);
    throw error;
  }
};
setTimeout(() => fail("the Python runtime took too long to start"), BOOT_LIMIT_MS);

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const booted = performance.now();
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  handle = pyodide.runPython("from rollkit._params import request\nrequest");
  const version = pyodide.runPython("import rollkit; rollkit.__version__");
  if (failed) return;
  postMessage({
    type: "ready",
    version,
    timings: { pyodide: booted - started, rollkit: performance.now() - booted },
  });
}

const booting = boot().catch((error) => {
  fail(String(error && error.message ? error.message : error).split("\n").filter(Boolean).pop());
});

onmessage = async (event) => {
  await Promise.race([booting, new Promise((resolve) => { if (failed) resolve(); })]);
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
