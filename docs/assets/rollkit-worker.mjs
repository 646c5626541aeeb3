// rollkit in a module Web Worker: Pyodide served by this site, the rollkit wheel's core put on
// Python's sys.path as it is (zipimport reads it; it carries each module's bytecode for
// Pyodide's Python in place of its source) and each system's part read where it lies, on its
// first import, each checked against its hash as it downloads.
//
// The build step (docs_tools.sitebuild) bundles this module with rollkit/boot.mjs and the build's
// configuration (rollkit/config.mjs) into the runtime's content-hashed folder, pyodide/<hash>/,
// beside Pyodide's files: the configuration names each of those files with its hash.
//
// Start-up asks for everything at once. Left to itself, Pyodide's files come one after
// the other: this script, then pyodide.mjs, then (together) pyodide.asm.mjs, the wasm,
// the standard library and the lock file. Here the first lines of this script already ask
// for all of them and rollkit's core, and the page's first message for its systems' parts;
// Pyodide is handed those downloads when it asks for them (see `fetch` below). Once Python runs,
// the core is written into Pyodide's file system and put on sys.path, which takes a few
// milliseconds where Pyodide's loadPackage would unpack it (about 150 ms).
// Preload links in the page would not help: a worker's requests never use the page's
// preloads, and links in <head> would download 13 MB that a reader may never use.
//
// A memory snapshot (CONFIG.snapshot, docs_tools/sitebuild/snapshot.py) starts Python with
// rollkit imported in a fraction of that time, but it is 4.2 MB more: it is restored only when
// the site's service worker already keeps it (sw.js keeps it in the background once a visit's
// Python is ready), read from Cache Storage and checked against its hash; a first visit never
// asks for it. Any failure (not kept, not the file built, a restore that fails) boots normally.
import { freezeHeap, importModule, importSystem, laterModules, laterStdlib, laterZip, putWheel, restoreRollkit, rollkitStarted, systemNames } from "./rollkit/boot.mjs";
import { CONFIG } from "./rollkit/config.mjs";

const started = performance.now();
const RUNTIME = new URL("./", import.meta.url); // the runtime's folder: Pyodide is beside this worker
const AHEAD = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const MODULES = ["pyodide.mjs", "pyodide.asm.mjs"]; // imported once checked
// The wheel in parts (docs_tools/sitebuild/parts.py): its core, asked for with Pyodide's files;
// a zip a system, asked for when the page names that system (its first message), and the others
// and the rarer requests' modules once Python is ready; null in a build without them (the whole
// wheel is asked for).
const PARTS = CONFIG.parts;
const FIRST = PARTS ? PARTS.core : CONFIG.wheel; // the first of rollkit: its file and path
// Every part but the core by its key (a system's name; RARER), with the modules it holds.
const RARER = "*rarer"; // no system's name
const LATER_PARTS = PARTS ? {
  ...Object.fromEntries(Object.entries(PARTS.systems).map(([name, part]) => [
    name, { ...part, modules: [`rollkit.${name}`], what: `the rules for ${name}` },
  ])),
  [RARER]: { ...PARTS.rarer, what: "rollkit's tools for characters and examples" },
} : {};
// The key of the part the module `name` comes from, or null (the core, the standard library).
function partFor(name) {
  const found = Object.entries(LATER_PARTS)
    .find(([, part]) => part.modules.some((module) => name === module || name.startsWith(`${module}.`)));
  return found ? found[0] : null;
}
// Every file this worker loads is checked against the hash the build's configuration names:
// the wasm, the standard library, the lock file and the wheel once each has arrived, before
// Pyodide reads it (a file that is not the one the site was built with, or that arrives cut
// short, is refused), and Pyodide's two modules before they are imported (a worker's import
// takes no integrity, so each is first fetched and checked, into the browser's cache, which the
// import then reads). Each is counted as it arrives, for the progress the page shows.
const CHECKED = new Set([...AHEAD, ...MODULES, CONFIG.wheel?.file, FIRST?.file, ...Object.values(LATER_PARTS).map((part) => part.file)]);
const BOOT_LIMIT_MS = 120_000;
let handle = null;
let failed = false;

function fail(error) {
  if (failed || handle) return;
  failed = true;
  postMessage({ type: "failed", error });
}

// What has arrived of the first roll's downloads (`counted`: Pyodide's files, rollkit's core and
// the page's systems), told to the page as it grows ("progress": loaded and total, in bytes as
// the server sends them): each file's share of its bytes as the build compressed it
// (CONFIG.sizes: [its size, the size sent]) by how much of it has arrived.
const SIZES = CONFIG.sizes || {};
const counted = new Set([...AHEAD, ...MODULES, FIRST?.file]);
const arrived = new Map(); // file name: bytes of it read so far
const PROGRESS_MS = 250; // told at most this often, and when a file is complete
let told = 0;
function progress(done) {
  if (failed || handle) return; // the page says why Python is unavailable, or it is ready: nothing more to count
  const now = performance.now();
  if (!done && now - told < PROGRESS_MS) return;
  told = now;
  let loaded = 0;
  let total = 0;
  for (const name of counted) {
    const [size, sent] = SIZES[name] || [0, 0];
    total += sent;
    loaded += size ? sent * Math.min(1, (arrived.get(name) || 0) / size) : 0;
  }
  if (total) postMessage({ type: "progress", loaded: Math.round(loaded), total });
}

// A body read to its end, each piece counted for `name` as it arrives.
async function readCounted(name, response) {
  const reader = response.body.getReader();
  const pieces = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    length += value.length;
    arrived.set(name, length);
    progress(false);
  }
  progress(true);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

function hashOf(digest) {
  let text = "";
  for (const byte of new Uint8Array(digest)) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}`;
}

// A runtime file's download, counted as it arrives (see `progress`) on a copy of its body and,
// when it is one of CHECKED, checked against its hash once whole, before anything reads it (as
// a fetch with an integrity would, which says nothing until the last byte). The response itself
// is handed on, its body unread: Pyodide gets the browser's own response, so the browser keeps
// the wasm compiled for the next visit. The error says which file could not be had.
const download = globalThis.fetch;
async function checked(name) {
  const url = new URL(name, RUNTIME).href;
  const check = CHECKED.has(name);
  const refused = `could not download ${name}, or it is not the file this site was built with`;
  let response;
  let bytes;
  try {
    response = await download(url);
    if (response.ok) bytes = await readCounted(name, response.clone());
  } catch (error) { // the network, or a body cut short of its length
    throw new Error(check ? refused : `could not download the Python runtime (${error.message})`);
  }
  if (!response.ok) throw new Error(`could not download ${name} (HTTP ${response.status})`);
  if (check && hashOf(await crypto.subtle.digest("SHA-256", bytes)) !== CONFIG.files[name]) throw new Error(refused);
  return response;
}

// A file of the runtime's folder downloaded when Python first imports a module from it (boot.mjs's
// laterZip: the rest of the standard library, a system's part not downloaded yet):
// synchronously, as an import is (a worker may), checked in Python against its hash.
function bytesNow(name) {
  const request = new XMLHttpRequest();
  request.open("GET", new URL(name, RUNTIME).href, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  return new Uint8Array(request.response);
}

// Pyodide never settles when one of its files cannot be downloaded (it waits on a wasm
// compile that already failed), so watch the downloads and report the first failure.
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
  const response = checked(name);
  response.catch((error) => fail(error.message)); // Pyodide's own request sees the error too
  return [new URL(name, RUNTIME).href, response];
}));
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const early = !init?.integrity && ahead.get(url);
  if (!early) return watched(input, init);
  ahead.delete(url);
  return early;
};
setTimeout(() => fail("the Python runtime took too long to start"), BOOT_LIMIT_MS);

// The memory snapshot's bytes when the service worker keeps it and it is the one this site was
// built with; else null (a first visit, data saver, a bare build): Python boots normally.
async function keptSnapshot() {
  if (!CONFIG.snapshot || !globalThis.caches) return null;
  const name = CONFIG.snapshot.file;
  try {
    const response = await caches.match(new URL(name, RUNTIME).href, { ignoreVary: true });
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (hashOf(await crypto.subtle.digest("SHA-256", bytes)) === CONFIG.files[name]) return bytes;
    console.info(`rollkit: the kept ${name} is not the one this site was built with; Python boots normally`);
  } catch (error) { /* no storage here: boot normally */ }
  return null;
}
const image = keptSnapshot();
// The whole wheel, every system in it, as the snapshot was made with it: asked for as soon as
// the snapshot is found (the service worker keeps it too), while Pyodide's scripts load.
const wholeWheel = image.then((snapshot) => (!snapshot ? null : PARTS ? bytesOf(CONFIG.wheel.file) : first));
wholeWheel.catch(() => {}); // restored() falls back to a normal boot

// Pyodide restored from the snapshot, with rollkit ({ pyodide, request, version }), or null.
async function restored(loadPyodide) {
  const snapshot = await image;
  if (!snapshot) return null;
  try {
    const pyodide = await loadPyodide({ indexURL: RUNTIME.href, _loadSnapshot: snapshot });
    return { pyodide, ...restoreRollkit(pyodide, CONFIG.wheel.path, await wholeWheel) };
  } catch (error) {
    console.info(`rollkit: the snapshot could not be restored (${error.message}); Python boots normally`);
    return null;
  }
}

// A file's bytes, checked against its hash.
const bytesOf = (name) => checked(name).then(async (response) => new Uint8Array(await response.arrayBuffer()));

// rollkit's core (or its whole wheel), asked for at once.
const first = FIRST ? bytesOf(FIRST.file) : Promise.reject(new Error("this build names no rollkit wheel"));
first.catch((error) => fail(error.message));

// A part, asked for once (the page names its system, or Python is ready): its bytes in
// `partsHad` once here (null if its download failed: the import that needs it asks again), for
// the import hook (see boot()). Asked before Python is ready, it counts in the progress shown.
// Null for a key that is no part's (and in a build without parts).
const partsAsked = new Map();
const partsHad = new Map();
function partOf(name) {
  const part = Object.hasOwn(LATER_PARTS, name) ? LATER_PARTS[name] : null;
  if (!part) return null;
  if (!partsAsked.has(name)) {
    if (!python) counted.add(part.file);
    partsAsked.set(name, bytesOf(part.file).then(
      (bytes) => { partsHad.set(name, bytes); },
      (error) => {
        partsHad.set(name, null);
        if (!handle && named.has(name)) fail(error.message); // the page's own, before Python is ready
      },
    ));
  }
  return partsAsked.get(name);
}
// Whether the system's part is here, or is none to wait for (no part, or its download failed).
const partHere = (name) => !Object.hasOwn(LATER_PARTS, name) || partsHad.has(name);
// The systems a page has named (a part of theirs that fails before Python is ready fails the start).
const named = new Set();
function partsNamed(names) {
  for (const name of Array.isArray(names) ? names : []) {
    if (partOf(name)) named.add(name);
  }
}

// The parts a request needs that are not here: its check's system's, the rarer part for a run,
// every part for a character (it reads every system). Each is asked for (again, if its download
// failed) and waited for before the request runs, so that it is not downloaded a second time to
// be imported, and a download that fails is said as one.
function partsNeeded(request) {
  const op = request && request.op;
  const keys = op === "sheet" ? Object.keys(LATER_PARTS)
    : [typeof request?.check === "string" ? request.check.split(".")[0] : null, op === "run" ? RARER : null];
  return keys.filter((key) => key !== null && Object.hasOwn(LATER_PARTS, key) && !partsHad.get(key) && !systemsIn.has(key));
}
async function fetchParts(keys) {
  for (const key of keys) {
    if (partsHad.get(key) === null) { // failed before: ask again
      partsAsked.delete(key);
      partsHad.delete(key);
    }
  }
  await Promise.all(keys.map(partOf));
  return keys.filter((key) => partsHad.get(key) === null);
}

// Pyodide's modules, each fetched with its integrity first (asked for at once, with the rest).
const modules = Promise.all(MODULES.map((name) => checked(name)));
modules.catch((error) => fail(error.message));

// The page that started this worker names its systems in its first message ({ page: { systems:
// ["hits", "trait"], roll, saveData } }; not in the worker's address, whose fragment is lost
// when the service worker answers for the script): their parts are downloaded with Python and
// their packages imported before the worker says it is ready, so the first roll there pays for
// its rules only, not for importing them (several times the roll itself). `roll` is the request the page's first widget's Roll makes (with the
// log's context) for the values the page was built with (their odds were worked out at build
// time, so no shared link can make it long): the worker answers it once before it says it is
// ready, the answer dropped, so that the code a roll runs has run once before the reader's
// first roll. A page reached by instant navigation names its systems too (nextPage): those not
// yet imported are imported at once (once their parts are here). The other systems follow in
// the background (their parts downloaded together, unless `saveData`: then a system's part is
// downloaded when a page names it), for the pages instant navigation leads to, and then what
// the rarer requests import (rollkit.web.LATER): one at a time, each once no request has come for IDLE_MS (so that a
// page's burst of requests, as its widgets are bound, does not queue behind them; a request
// that comes during an import waits for that one only). A reader's own taps are seconds apart,
// and a wait of seconds would leave the next page's first roll to import its system itself.
const SYSTEMS_AFTER_MS = 1000;
const IDLE_MS = 250;
let python = null;
let importsLeft = null; // the imports not yet made, once the background imports have begun
let lastRequest = 0; // when the last request came (the worker's clock)

const systemsIn = new Set(); // the systems imported so far
function importing(name) {
  if (systemsIn.has(name)) return;
  try {
    importSystem(python, name);
    systemsIn.add(name);
  } catch (error) { /* its own request will say what is wrong */ }
}

let page = {}; // the page's first message: { systems, roll }

// A later page, reached by instant navigation ({ page: { systems } }, rollkit/client.mjs
// announcePage): before Python is ready, its systems join those imported first; once it is,
// the ones not yet imported are imported at once, ahead of the page's first request.
function nextPage(systems) {
  partsNamed(systems);
  const asked = Array.isArray(systems) ? systems : [];
  if (!python) {
    const first = Array.isArray(page.systems) ? page.systems : [];
    page = { ...page, systems: [...new Set([...first, ...asked])] };
    return;
  }
  if (asked.every((name) => systemsIn.has(name))) return; // nothing new: no call into Python
  lastRequest = performance.now();
  for (const name of known(asked)) {
    if (partHere(name)) importing(name);
    else partOf(name).then(() => importing(name));
  }
}

// Of the names a page gave, the systems rollkit has.
function known(names) {
  const asked = Array.isArray(names) ? names : [];
  try {
    return systemNames(python).filter((name) => asked.includes(name));
  } catch (error) {
    return [];
  }
}

// The page's first widget rolled once (see above); its answer, or its error, is dropped: the
// reader's own roll says what is wrong with it.
function firstRoll(request) {
  if (!page.roll) return false;
  try {
    request(JSON.stringify(page.roll));
  } catch (error) { /* dropped */ }
  return true;
}

// The background's imports, each a function that imports one thing, or returns a promise to wait
// for when the part (`key`) it imports from has not been downloaded yet (it is called again
// after). Under data saver, what is not downloaded yet is not imported (its use downloads it);
// a part whose download failed is left to the request that needs it (it asks again).
const afterPart = (key, run) => () => {
  if (!partHere(key)) return page.saveData === true ? undefined : partOf(key);
  if (partsHad.get(key) !== null) run();
};
function backgroundImports() {
  try {
    return [
      ...systemNames(python).map((name) => afterPart(name, () => importing(name))),
      ...laterModules(python).map((name) => afterPart(partFor(name), () => importModule(python, name))),
    ];
  } catch (error) {
    return [];
  }
}

function importOthers() {
  if (importsLeft) return;
  importsLeft = backgroundImports();
  // the other parts, downloading together, unless the reader saves data
  if (page.saveData !== true) for (const key of Object.keys(LATER_PARTS)) partOf(key);
  const next = () => {
    if (!importsLeft.length) { // what they imported is frozen too
      try {
        freezeHeap(python);
      } catch (error) { /* a collection then looks at more: no harm */ }
      return;
    }
    const quiet = performance.now() - lastRequest;
    if (quiet < IDLE_MS) {
      setTimeout(next, IDLE_MS - quiet);
      return;
    }
    let wait;
    try {
      wait = importsLeft[0]();
    } catch (error) { /* the request that needs it will say what is wrong */ }
    if (wait) return void wait.then(() => setTimeout(next, 0));
    importsLeft.shift();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

async function boot() {
  await modules;
  const [{ loadPyodide }] = await Promise.all([
    import("./pyodide.mjs"),
    import("./pyodide.asm.mjs"), // the same module Pyodide imports next, already loaded
  ]);
  const fromSnapshot = await restored(loadPyodide);
  const pyodide = fromSnapshot?.pyodide || await loadPyodide({ indexURL: RUNTIME.href });
  const booted = performance.now();
  if (!fromSnapshot) putWheel(pyodide, FIRST.path, await first); // downloaded while Pyodide booted
  if (CONFIG.later) { // the hook is rollkit's own (boot.mjs laterZip): after its wheel is on sys.path
    laterStdlib(pyodide, { ...CONFIG.later, integrity: CONFIG.files[CONFIG.later.file], bytes: () => bytesNow(CONFIG.later.file) });
  }
  const { request, version } = fromSnapshot || rollkitStarted(pyodide);
  if (!fromSnapshot) { // each part's modules from it, downloaded already or on their first import
    for (const [key, part] of Object.entries(LATER_PARTS)) {
      laterZip(pyodide, {
        names: part.modules,
        path: part.path,
        integrity: CONFIG.files[part.file],
        bytes: () => partsHad.get(key) || bytesNow(part.file),
        what: part.what,
      });
    }
  }
  const how = fromSnapshot ? "snapshot" : "python"; // the page's data-rollkit-boot
  python = pyodide;
  const imported = known(page.systems);
  await Promise.all(imported.map((name) => partOf(name)));
  for (const name of imported) importing(name);
  const rolling = performance.now();
  const rolled = firstRoll(request) ? performance.now() - rolling : null;
  freezeHeap(pyodide);
  handle = request;
  if (failed) return;
  // rollkit: its start-up on top of Pyodide, but for the first widget's roll (firstRoll);
  // readyAt: this moment by the worker's own clock (the benchmark tells the downloads a first
  // roll waits for from those that follow in the background by it)
  const timings = { pyodide: booted - started, rollkit: performance.now() - booted - (rolled || 0), firstRoll: rolled, boot: how, readyAt: performance.now() };
  postMessage({ type: "ready", version, boot: how, timings, imported });
  setTimeout(importOthers, SYSTEMS_AFTER_MS);
}

const booting = boot().catch((error) => {
  fail(String(error && error.message ? error.message : error).split("\n").filter(Boolean).pop());
});

onmessage = async (event) => {
  if (event.data && event.data.page) { // the first is sent with the worker, long before Python is
    if (event.data.page.roll !== undefined) {
      page = event.data.page;
      partsNamed(page.systems);
    } else {
      nextPage(event.data.page.systems);
    }
    return;
  }
  await Promise.race([booting, new Promise((resolve) => { if (failed) resolve(); })]);
  const { id, request } = event.data;
  lastRequest = performance.now();
  if (!handle) {
    postMessage({ id, ok: false, error: "rollkit is not available in this browser" });
    return;
  }
  const needed = partsNeeded(request);
  const missing = needed.length ? await fetchParts(needed) : [];
  if (missing.length) {
    const what = LATER_PARTS[missing[0]].what;
    postMessage({ id, ok: false, error: `Could not download ${what}: check your connection, then try again.` });
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
  importOthers();
};
