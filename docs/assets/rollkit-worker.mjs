// rollkit in a module Web Worker: Pyodide served by this site, rollkit loaded by name
// from the site's pyodide-lock.json (checked against its sha256).
// The runtime lives in a content-hashed folder: in the built site the build step
// (docs_tools.runtime.pin) turns every ../pyodide/ below into ../pyodide/<hash>/.
//
// Start-up asks for everything at once. Left to itself, Pyodide's files come one after
// the other: this script, then pyodide.mjs, then (together) pyodide.asm.mjs, the wasm,
// the standard library and the lock file, then, once Python runs, the rollkit wheel.
// Here the first line of this script already asks for the wasm, the standard library,
// the lock file and pyodide.asm.mjs, while pyodide.mjs loads; Pyodide is handed those
// downloads when it asks for them (see `fetch` below), and loads the wheel (with the lock
// file's sha256 as the fetch's integrity) while it boots (`packages`), not after.
// Preload links in the page would not help: a worker's requests never use the page's
// preloads, and links in <head> would download 13 MB that a reader may never use.
const started = performance.now();
const RUNTIME = new URL("../pyodide/", import.meta.url);
const AHEAD = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
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
async function watched(...args) {
  try {
    const response = await download(...args);
    if (!response.ok) fail(`could not download ${new URL(response.url).pathname.split("/").pop()} (HTTP ${response.status})`);
    return response;
  } catch (error) {
    fail(`could not download the Python runtime (${error.message})`);
    throw error;
  }
}

// Asked for ahead, each handed over once, to the first plain request (no integrity, no
// options) for the same address; anything else goes to the network as Pyodide asked.
const ahead = new Map(AHEAD.map((name) => {
  const url = new URL(name, RUNTIME).href;
  const response = watched(url);
  response.catch(() => {}); // reported by watched(); Pyodide's own request sees the error
  return [url, response];
}));
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const early = !init?.integrity && ahead.get(url);
  if (!early) return watched(input, init);
  ahead.delete(url);
  return early;
};
setTimeout(() => fail("the Python runtime took too long to start"), BOOT_LIMIT_MS);

async function boot() {
  const [{ loadPyodide }] = await Promise.all([
    import("../pyodide/pyodide.mjs"),
    import("../pyodide/pyodide.asm.mjs"), // the same module Pyodide imports next, already loaded
  ]);
  const pyodide = await loadPyodide({ indexURL: RUNTIME.href, packages: ["rollkit"] });
  const booted = performance.now();
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
