// rollkit in a module Web Worker: Pyodide served by this site, the rollkit wheel put on
// Python's sys.path as it is (zipimport reads it; it carries each module's bytecode for
// Pyodide's Python beside its source), checked against the sha256 in the site's
// pyodide-lock.json as it downloads.
// The runtime lives in a content-hashed folder: in the built site the build step
// (docs_tools.runtime.pin) turns every ../pyodide/ below into ../pyodide/<hash>/, and fills
// in WHEEL (and SNAPSHOT) below.
//
// Start-up asks for everything at once. Left to itself, Pyodide's files come one after
// the other: this script, then pyodide.mjs, then (together) pyodide.asm.mjs, the wasm,
// the standard library and the lock file. Here the first line of this script already asks
// for the wasm, the standard library, the lock file and pyodide.asm.mjs, while pyodide.mjs
// loads; Pyodide is handed those downloads when it asks for them (see `fetch` below). The
// wheel is asked for as soon as the snapshot (below) is known not to be used, so it too
// arrives while Pyodide boots; once Python runs, it is written into Pyodide's file system and
// put on sys.path, which takes a few milliseconds where Pyodide's loadPackage would unpack
// it (about 150 ms).
// Preload links in the page would not help: a worker's requests never use the page's
// preloads, and links in <head> would download 13 MB that a reader may never use.
//
// A memory snapshot starts Python in a fraction of the time: the build (docs_tools.runtime)
// makes one of Pyodide with rollkit imported, checks it, and names it here with its sha256,
// which the browser checks as it downloads it (as the lock file's sha256 is checked for the
// wheel). It is used when it is already kept (an earlier visit, or the site's service worker)
// or the connection is fast; it costs about 6 MB more to download than a normal boot. Any
// failure (download, integrity, restore) falls back to the normal boot. After a restore the
// random module is reseeded: its state in the snapshot is the same for every reader.
const started = performance.now();
const RUNTIME = new URL("../pyodide/", import.meta.url);
const AHEAD = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const WHEEL = /* WHEEL */ null; // {file, integrity, path}: the wheel, its sha256 from the lock file, its place in Pyodide
const SNAPSHOT = /* SNAPSHOT */ null;
const RESEED = "import random; random.seed()"; // as docs_tools.runtime.RESEED, checked at build time
const link = globalThis.navigator?.connection;
const FAST = Boolean(link) && !link.saveData && link.effectiveType === "4g" && link.downlink >= 10 && link.rtt <= 50;
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

// The snapshot's bytes, checked against its sha256, or null: not built, not kept and the
// connection not fast, or it could not be had.
async function snapshotImage() {
  if (!SNAPSHOT) return null;
  const url = new URL(SNAPSHOT.file, RUNTIME).href;
  const { integrity } = SNAPSHOT;
  for (const options of [{ cache: "only-if-cached", mode: "same-origin" }, FAST && {}]) {
    if (!options) break;
    try {
      const response = await download(url, { ...options, integrity });
      if (response.ok) return await response.arrayBuffer();
    } catch (error) { /* not kept, or refused: try the next way, else boot normally */ }
  }
  return null;
}
const image = snapshotImage();

// The wheel's bytes, checked against the lock file's sha256; asked for once.
let wheel = null;
function wheelBytes() {
  wheel ||= (async () => {
    if (!WHEEL) throw new Error("this build names no rollkit wheel");
    let response;
    try {
      response = await download(new URL(WHEEL.file, RUNTIME).href, { integrity: WHEEL.integrity });
    } catch (error) { // the network, or the integrity check: the browser does not say which
      throw new Error(`could not download rollkit (${WHEEL.file}), or it is not the file this site was built with`);
    }
    if (!response.ok) throw new Error(`could not download ${WHEEL.file} (HTTP ${response.status})`);
    return new Uint8Array(await response.arrayBuffer());
  })();
  return wheel;
}
image.then((snapshot) => { if (!snapshot) wheelBytes().catch((error) => fail(error.message)); });

async function boot() {
  const [{ loadPyodide }] = await Promise.all([
    import("../pyodide/pyodide.mjs"),
    import("../pyodide/pyodide.asm.mjs"), // the same module Pyodide imports next, already loaded
  ]);
  let pyodide = null;
  const snapshot = await image;
  if (snapshot) {
    try {
      const restored = await loadPyodide({ indexURL: RUNTIME.href, _loadSnapshot: snapshot });
      restored.runPython(RESEED);
      pyodide = restored;
    } catch (error) {
      console.info(`rollkit: the snapshot could not be restored (${error.message}); booting normally`);
      pyodide = null;
    }
  }
  const fromSnapshot = Boolean(pyodide);
  pyodide ||= await loadPyodide({ indexURL: RUNTIME.href });
  const booted = performance.now();
  if (!fromSnapshot) {
    const bytes = await wheelBytes(); // downloaded while Pyodide booted
    pyodide.FS.writeFile(WHEEL.path, bytes);
    pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(WHEEL.path)})`);
  }
  handle = pyodide.runPython("from rollkit._params import request\nrequest");
  const version = pyodide.runPython("import rollkit; rollkit.__version__");
  if (failed) return;
  postMessage({
    type: "ready",
    version,
    timings: { pyodide: booted - started, rollkit: performance.now() - booted, snapshot: fromSnapshot },
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
