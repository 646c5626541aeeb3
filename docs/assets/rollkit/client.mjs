// The worker client: rollkit runs in Pyodide inside one module worker, shared by all widgets
// and across instant navigation. The client starts it (once), sends it requests and hands back
// its answers; what a widget shows comes from rollkit itself (rollkit._view).

import { LIVE, announce, idle } from "./page.mjs";

export const state = {
  worker: null, ready: null, boots: 0, nextId: 0, pending: new Map(), timings: null,
  page: 0, warmed: new Set(), warming: "", used: 0, // used: when the reader last rolled, edited or changed page
};
export const widgets = new Set(); // the page's bound widgets: told of the worker's status
let workerURL = null; // the worker in the runtime's folder; null: the site has no runtime

// Where the worker is: the site's page module says so, from the build's configuration.
export function useWorker(url) {
  workerURL = url;
}

// The page's state (Python loading, live, unavailable), said once: announced, and shown by the
// page's first widget (each widget keeps it as data-status).
export function broadcast(text, kind) {
  announce(text);
  for (const widget of widgets) widget.status(text, kind, true);
}

// Start the worker (once): on the first interaction, or when a widget has been in
// view and the browser is idle, so the page's own text and odds never wait for it.
export function start() {
  if (state.ready) return state.ready;
  state.boots += 1;
  document.documentElement.dataset.rollkitBoots = String(state.boots);
  broadcast("Loading Python and rollkit…", "loading");
  if (workerURL) {
    const worker = new Worker(workerURL, { type: "module" });
    state.worker = worker;
    state.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          state.timings = data.timings;
          document.documentElement.dataset.rollkitReady = "1";
          resolve(data);
        } else if (data.type === "failed") {
          reject(new Error(data.error));
        } else {
          const waiting = state.pending.get(data.id);
          state.pending.delete(data.id);
          if (waiting) waiting.resolve(data);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the Python runtime could not be loaded"));
      };
    });
  } else { // a bare mkdocs or zensical build: no runtime was installed
    state.ready = Promise.reject(new Error("this site was built without its Python runtime"));
  }
  state.ready.then(
    () => broadcast(LIVE, "ready"),
    (error) => {
      broadcast(`Live rolls are unavailable (${error.message}). The odds shown were worked out when the page was built, for the values they name.`, "failed");
      failPending(error.message);
    },
  );
  state.warmed = new Set();
  warm();
  return state.ready;
}

// Once Python is ready, each widget of the page rolls once in the background, its answer
// dropped and nothing shown: its system's module is imported, its odds are worked out and the
// browser has compiled the code a roll runs, so the reader's own first roll waits for none of
// them (it would take several times longer than the next). The first goes a second after
// Python is ready (or the page is shown), the others a quarter of a second apart, so that the
// work never crowds what the reader does first; a widget whose values have already been rolled
// is skipped. Each waits while another answer is awaited, so a roll pressed meanwhile waits for
// one such roll at most.
const WARM_AFTER_MS = 1000;
const WARM_GAP_MS = 250;
const warmKey = (check, params) => JSON.stringify([check, params]);
export function warm() {
  const { worker, ready, page, boots } = state;
  const run = `${boots} ${page}`; // one run for a page and a worker (a Roll pressed early starts one mid-bind)
  if (!worker || !ready || state.warming === run) return;
  state.warming = run;
  let queue = null; // the page's widgets once they are all bound
  const next = (gap) => setTimeout(() => idle(async () => {
    if (state.worker !== worker || state.page !== page) return; // stopped, or another page
    queue ||= [...widgets];
    if (!queue.length) return;
    if (state.pending.size) return void next(gap);
    const { check, initial } = queue.shift();
    if (state.warmed.has(warmKey(check, initial.params))) return void next(0);
    await ask({ op: "roll", check, params: initial.params, seed: 1, choose: true });
    next(WARM_GAP_MS);
  }, { timeout: 2000 }), gap);
  ready.then(() => next(WARM_AFTER_MS), () => {});
}

function failPending(message) {
  for (const waiting of state.pending.values()) waiting.resolve({ ok: false, error: message });
  state.pending.clear();
}

export function stop() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  state.ready = null;
  delete document.documentElement.dataset.rollkitReady;
  failPending("Stopped. Change a value or press Roll to start again.");
  broadcast("Stopped. Python starts again on your next action.", "idle");
}

export async function ask(request) {
  try {
    await start();
  } catch (error) {
    return { ok: false, error: `Live rolls are unavailable: ${error.message}` };
  }
  const id = ++state.nextId;
  if (request.op === "roll") state.warmed.add(warmKey(request.check, request.params));
  return new Promise((resolve) => {
    state.pending.set(id, { resolve });
    state.worker.postMessage({ id, request });
  });
}
