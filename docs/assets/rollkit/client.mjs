// The worker client: rollkit runs in Pyodide inside one module worker, shared by all widgets
// and across instant navigation. The client starts it (once), sends it requests one at a time
// and hands back its answers; what a widget shows comes from rollkit itself (rollkit.web).
//
// Requests wait in one queue, a reader's roll first, then odds, then the background rolls, so
// a roll never waits behind work nobody is waiting for. One request can still run long: when it
// has run for HOSTAGE_MS while others wait, the worker is restarted, that request answered with
// a message saying so, and the others go on (one computation never takes the page hostage).
//
// An answer the page gives itself, not rollkit, says so: `stopped` (by Stop, or as a hostage)
// or `unavailable` (Python could not start). Neither is the reader's mistake.

import { LIVE, SAVE_DATA, announce, idle } from "./page.mjs";

export const state = {
  worker: null, ready: null, boots: 0, nextId: 0, pending: new Map(), timings: null,
  page: 0, warmed: new Set(), warming: "", used: 0, // used: when the reader last rolled, edited or changed page
  stale: false, // another tab has moved the site to a newer build than this page runs
};
export const widgets = new Set(); // the page's bound widgets: told of the worker's status
let workerURL = null; // the worker in the runtime's folder; null: the site has no runtime
let workerIntegrity = null; // its hash, as the build's configuration names it

const HOSTAGE_MS = 3000; // a request that runs longer while others wait is stopped
export const SLOW_MS = 1500; // a widget, a need or a run offers Stop once it has waited this long
const PRIORITY = { roll: 0, odds: 1, background: 2 };
const queue = []; // requests not yet sent: {id, request, rank, resolve}
let running = null; // the request the worker is answering: {id, request, resolve, since}
let watchdog = 0;

// Where the worker is, and its hash: the site's page module says so, from the build's configuration.
export function useWorker(url, integrity = null) {
  workerURL = url;
  workerIntegrity = integrity;
}

// The page's state (Python loading, live, unavailable), said once: announced, and shown by the
// page's first widget (each widget keeps it as data-status).
export function broadcast(text, kind) {
  announce(text);
  for (const widget of widgets) widget.status(text, kind, true);
}

// The worker's script, checked against its hash before it runs: fetched with its integrity
// (into the browser's cache, where the worker then loads it from), refused when it differs.
async function checkedWorker() {
  if (!workerIntegrity) return;
  let response;
  try {
    response = await fetch(workerURL, { integrity: workerIntegrity });
  } catch (error) {
    throw new Error("rollkit's worker could not be downloaded, or it is not the file this site was built with");
  }
  if (!response.ok) throw new Error(`could not download rollkit's worker (HTTP ${response.status})`);
}

// How much of Python's downloads has arrived, of how much (in MB as the server sends them, the
// sizes known from the build): shown by the page's first widget as it grows, said to a screen
// reader when it starts and at each further quarter (not at every step).
const LOADING = "Loading Python and rollkit…";
const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
function loadingText(loaded, total) {
  return `Loading Python: ${megabytes(loaded)} of ${megabytes(total)} MB…`;
}
let quarterSaid = -1;
function loading({ loaded, total }) {
  const text = loadingText(loaded, total);
  const quarter = Math.min(3, Math.floor((4 * loaded) / total));
  if (quarter > quarterSaid) {
    quarterSaid = quarter;
    announce(text);
  }
  for (const widget of widgets) widget.status(text, "loading", true);
}

const pageSystems = () => [...new Set([...document.querySelectorAll("[data-rollkit-widget]")].map((w) => w.dataset.rollkitWidget))];

// A page reached by instant navigation: the worker imports its systems now (rollkit-worker.mjs).
export function announcePage() {
  if (state.worker) state.worker.postMessage({ page: { systems: pageSystems() } });
}

// Start the worker (once): on the first interaction, or when a widget has been in
// view and the browser is idle, so the page's own text and odds never wait for it.
export function start() {
  if (state.ready) return state.ready;
  state.boots += 1;
  const boots = state.boots;
  document.documentElement.dataset.rollkitBoots = String(boots);
  broadcast(LOADING, "loading");
  quarterSaid = -1;
  let settled = false; // ready or failed: no more progress to show
  // A Roll of the page's first widget, for the values the page was built with (their odds were
  // worked out then, so no shared link can make it long), which the worker makes before it is
  // ready (see rollkit-worker.mjs); none if the request cannot be made.
  const [first] = widgets;
  let firstRoll = null;
  try {
    firstRoll = first ? first.rollRequest(1, undefined, first.initial.params) : null;
  } catch (error) { /* then the worker makes no roll ahead */ }
  if (workerURL) {
    state.ready = checkedWorker().then(() => new Promise((resolve, reject) => {
      if (state.boots !== boots) return reject(new Error("stopped")); // stopped meanwhile
      // the worker's first message: the page's systems, which it imports before it is ready,
      // that roll, and whether the reader saves data (then the worker downloads no system's
      // rules ahead of their use)
      const worker = new Worker(workerURL, { type: "module" });
      worker.postMessage({ page: { systems: pageSystems(), roll: firstRoll, saveData: SAVE_DATA } });
      state.worker = worker;
      worker.onmessage = ({ data }) => {
        if (data.type === "progress") {
          if (state.worker === worker && !settled) loading(data);
        } else if (data.type === "ready") {
          state.timings = data.timings;
          state.imported = data.imported; // the page's systems, imported before ready
          document.documentElement.dataset.rollkitBoot = data.boot; // "snapshot" or "python"
          document.documentElement.dataset.rollkitReady = "1";
          resolve(data);
        } else if (data.type === "failed") {
          reject(new Error(data.error));
        } else {
          answered(data);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the Python runtime could not be loaded"));
      };
    }));
  } else { // a bare mkdocs or zensical build: no runtime was installed
    state.ready = Promise.reject(new Error("this site was built without its Python runtime"));
  }
  const ready = state.ready;
  ready.then(() => { settled = true; }, () => { settled = true; });
  ready.then(
    () => {
      broadcast(LIVE, "ready");
      send();
    },
    (error) => {
      if (state.ready !== ready) return; // stopped or restarted meanwhile
      // A runtime that could not start (a download cut short, the network gone) is tried again
      // on the reader's next action or page, as after Stop; a build without one never is.
      if (workerURL) terminate();
      const next = state.stale ? " The site was updated while this page was open: reload the page to roll."
        : workerURL ? " Press Roll to try again." : "";
      broadcast(`Live rolls are unavailable (${error.message}). The odds shown were worked out when the page was built, for the values they name.${next}`, "failed");
      failPending(error.message);
    },
  );
  state.warmed = new Set();
  if (firstRoll && workerURL) state.warmed.add(warmKey(first.check, first.initial.params)); // rolled already
  warm();
  return ready;
}

// Once Python is ready, each widget of the page rolls once in the background, its answer
// dropped and nothing shown: its system's module is imported, its odds are worked out and the
// browser has compiled the code a roll runs, so the reader's own first roll waits for none of
// them (it would take several times longer than the next). The first goes a second after
// Python is ready (or the page is shown), the others a quarter of a second apart, so that the
// work never crowds what the reader does first; a widget whose values have already been rolled
// is skipped. Each waits while another answer is awaited, and queues behind the reader's own.
const WARM_AFTER_MS = 1000;
const WARM_GAP_MS = 250;
const warmKey = (check, params) => JSON.stringify([check, params]);
export function warm() {
  const { ready, page, boots } = state;
  const run = `${boots} ${page}`; // one run for a page and a worker (a Roll pressed early starts one mid-bind)
  if (!ready || state.warming === run) return;
  state.warming = run;
  let list = null; // the page's widgets once they are all bound
  const next = (gap) => setTimeout(() => idle(async () => {
    if (state.boots !== boots || state.page !== page || !state.ready) return; // stopped, or another page
    list ||= [...widgets];
    if (!list.length) return;
    if (state.pending.size) return void next(gap);
    const { check, initial } = list.shift();
    if (state.warmed.has(warmKey(check, initial.params))) return void next(0);
    await ask({ op: "roll", check, params: initial.params, seed: 1, choose: true }, { rank: "background" });
    next(WARM_GAP_MS);
  }, { timeout: 2000 }), gap);
  ready.then(() => next(WARM_AFTER_MS), () => {});
}

function failPending(message) {
  for (const waiting of state.pending.values()) waiting.resolve({ ok: false, error: message, stopped: true });
  state.pending.clear();
  queue.length = 0;
  running = null;
  clearTimeout(watchdog);
}

function terminate() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  state.ready = null;
  delete document.documentElement.dataset.rollkitReady;
  clearTimeout(watchdog);
}

export function stop() {
  terminate();
  failPending("Stopped. Change a value or press Roll to start again.");
  broadcast("Stopped. Python starts again on your next action.", "idle");
}

// The next request to the worker, when it is ready and answering none: the best ranked first.
function send() {
  if (running || !queue.length || !state.worker || document.documentElement.dataset.rollkitReady !== "1") return;
  queue.sort((a, b) => a.rank - b.rank || a.id - b.id);
  running = { ...queue.shift(), since: performance.now() };
  state.worker.postMessage({ id: running.id, request: running.request });
  clearTimeout(watchdog);
  watchdog = setTimeout(hostage, HOSTAGE_MS);
}

function answered(data) {
  const waiting = state.pending.get(data.id);
  state.pending.delete(data.id);
  if (running && running.id === data.id) running = null;
  clearTimeout(watchdog);
  if (waiting) waiting.resolve(data);
  send();
}

// A request has run for HOSTAGE_MS: while others wait, its worker is restarted and it is
// answered with a message; the others are sent to the new worker.
function hostage() {
  if (!running || !queue.length) {
    if (running) watchdog = setTimeout(hostage, HOSTAGE_MS);
    return;
  }
  const stuck = running;
  running = null;
  state.pending.delete(stuck.id);
  const seconds = Math.round(HOSTAGE_MS / 1000);
  const { op } = stuck.request;
  const next = op === "need" ? "Press Find to ask again." : "Change a value or press Roll to try again.";
  stuck.resolve({
    ok: false,
    stopped: true,
    error: op === "run"
      ? `This code ran longer than ${seconds} seconds while a widget was waiting, so it was stopped. Press Run to run it again.`
      : `This took longer than ${seconds} seconds and was stopped, so that the other widgets could answer. ${next}`,
  });
  terminate();
  start().catch(() => {});
}

// One request to rollkit, answered when its turn comes: a reader's roll before odds, odds
// before the background rolls (`rank`), in the order they were asked within a rank.
export async function ask(request, { rank } = {}) {
  try {
    await start();
  } catch (error) {
    return { ok: false, unavailable: true, error: `Live rolls are unavailable: ${error.message}` };
  }
  const id = ++state.nextId;
  if (request.op === "roll") state.warmed.add(warmKey(request.check, request.params));
  const order = PRIORITY[rank || (request.op === "roll" ? "roll" : "odds")] ?? PRIORITY.odds;
  return new Promise((resolve) => {
    state.pending.set(id, { resolve });
    queue.push({ id, request, rank: order, resolve });
    send();
  });
}
