// rollkit widgets: make every [data-rollkit-widget] live, with rollkit running in
// Pyodide inside one module worker shared by all widgets and across instant navigation.
// What a widget shows comes from rollkit itself (rollkit._view): the worker answers
// with small trees [tag, attributes, ...children] that build() turns into DOM nodes,
// so this file has no formatting, table or chart code, and nothing is parsed as HTML.

const WORKER_URL = new URL("./rollkit-worker.mjs", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";
const PHONE = window.matchMedia("(max-width: 45em)");
const STILL = window.matchMedia("(prefers-reduced-motion: reduce)"); // no smooth scrolling then
const SLOW_MS = 1500; // offer "Stop" when an answer takes longer than this

const state = {
  worker: null, ready: null, boots: 0, nextId: 0, pending: new Map(), timings: null,
  page: 0, warmed: new Set(), warming: "", used: 0, // used: when the reader last rolled, edited or changed page
};
const widgets = new Set();

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

// One polite status region per page: loading and readiness are said once, not per widget.
function announce(text) {
  let region = document.querySelector(".rk-live");
  if (!region) {
    region = el("div", { class: "rk-live md-visually-hidden", role: "status", "aria-live": "polite" });
    document.body.append(region);
  }
  region.textContent = text;
}

function broadcast(text, kind) {
  announce(text);
  for (const widget of widgets) widget.status(text, kind);
}

// A view tree from rollkit._view as DOM nodes (attributes set as text, never handlers).
function build(tree, inSvg = false) {
  if (typeof tree === "string") return document.createTextNode(tree);
  const [tag, attrs, ...children] = tree;
  const svg = inSvg || tag === "svg";
  const node = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || key.startsWith("on")) continue;
    node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(build(child, svg));
  return node;
}

// Start the worker (once): on the first interaction, or when a widget has been in
// view and the browser is idle, so the page's own text and odds never wait for it.
function start() {
  if (state.ready) return state.ready;
  state.boots += 1;
  document.documentElement.dataset.rollkitBoots = String(state.boots);
  broadcast("Loading Python and rollkit…", "loading");
  const worker = new Worker(WORKER_URL, { type: "module" });
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
  state.ready.then(
    (info) => broadcast(`Live: rollkit ${info.version} runs in your browser.`, "ready"),
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
function warm() {
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

function stop() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  state.ready = null;
  delete document.documentElement.dataset.rollkitReady;
  failPending("Stopped. Change a value or press Roll to start again.");
  broadcast("Stopped. Python starts again on your next action.", "idle");
}

async function ask(request) {
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

class Widget {
  constructor(root) {
    this.root = root;
    this.check = root.dataset.check;
    this.initial = JSON.parse(root.dataset.state);
    this.form = root.querySelector(".rk-form");
    this.rollButton = root.querySelector(".rk-roll");
    this.stopButton = root.querySelector(".rk-stop");
    this.seed = root.querySelector(".rk-seed input");
    this.statusNode = root.querySelector(".rk-status");
    this.errorNode = root.querySelector(".rk-error");
    this.result = root.querySelector(".rk-result");
    this.detail = root.querySelector(".rk-roll-detail");
    this.odds = root.querySelector(".rk-odds");
    this.staleNote = root.querySelector(".rk-stale-note");
    this.pinButton = root.querySelector(".rk-pin");
    this.code = root.querySelector(".rk-python code");
    this.values = root.querySelector(".rk-values")?.textContent || "";
    this.pinned = null;
    this.lastSeed = null;
    this.spend = null; // the player's choices on the last roll (critdice points), as written
    this.open = false; // the last roll waits for the player's choices
    this.inFlight = false;
    this.again = false;
    for (const control of root.querySelectorAll(".rk-controls, .rk-view-choice, .rk-pin")) control.disabled = false;
    root.classList.add("rk-live-widget");
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.roll(); });
    this.form.addEventListener("input", (event) => {
      const list = event.target.closest(".rk-list");
      if (list) this.listChanged(list);
      else if (this.isParam(event.target)) this.edited();
    });
    this.form.addEventListener("click", (event) => {
      const button = event.target.closest(".rk-add, .rk-remove");
      if (button) this.listButton(button);
    });
    for (const list of root.querySelectorAll(".rk-list")) this.renumber(list);
    this.form.addEventListener("change", (event) => { if (this.isParam(event.target) && event.target.type === "checkbox") this.edited(); });
    this.form.addEventListener("focusin", () => start(), { once: true });
    this.form.addEventListener("pointerdown", () => start(), { once: true });
    this.rollButton.addEventListener("click", () => this.roll());
    this.stopButton.addEventListener("click", () => stop());
    root.querySelector(".rk-share").addEventListener("click", () => this.share());
    for (const radio of root.querySelectorAll(".rk-view")) radio.addEventListener("change", () => this.updateOdds());
    this.pinButton.addEventListener("click", () => this.pin());
    root.addEventListener("click", (event) => {
      const button = event.target.closest(".rk-copy");
      if (button) this.copy(button.dataset.copy, "Exact fraction copied.");
    });
    this.detail.addEventListener("click", (event) => {
      const move = event.target.closest(".rk-move");
      const finish = event.target.closest(".rk-finish");
      if (move && !move.disabled) this.move(Number(move.dataset.die), Number(move.dataset.by));
      else if (finish) this.finish(finish.dataset.spend);
    });
    if (state.ready) state.ready.then(
      (info) => this.status(`Live: rollkit ${info.version} runs in your browser.`, "ready"),
      (error) => this.status(`Live rolls are unavailable (${error.message}).`, "failed"));
  }

  isParam(control) {
    return control.closest(".rk-fields") && control.name;
  }

  params() {
    const values = {};
    for (const control of this.form.querySelectorAll(".rk-fields [name]")) {
      values[control.name] = control.type === "checkbox" ? String(control.checked) : control.value;
    }
    return values;
  }

  // A list parameter (helpers, Stats) is edited as rows; its hidden input keeps the text
  // the command line takes ("8:6,3:7"), so params() and shared links read it like any field.
  listChanged(list) {
    const rows = [...list.querySelectorAll(".rk-rows > .rk-row")];
    list.querySelector("input[type=hidden]").value = rows
      .map((row) => [...row.querySelectorAll("input[data-part]")].map((input) => input.value.trim()).join(":"))
      .join(",");
    this.edited();
  }

  listButton(button) {
    const list = button.closest(".rk-list");
    const rows = list.querySelector(".rk-rows");
    let focus;
    if (button.classList.contains("rk-add")) {
      const row = list.querySelector(".rk-row-template").content.firstElementChild.cloneNode(true);
      rows.append(row);
      focus = row.querySelector("input");
    } else {
      const row = button.closest(".rk-row");
      focus = row.nextElementSibling?.querySelector(".rk-remove") || row.previousElementSibling?.querySelector(".rk-remove");
      row.remove();
    }
    this.renumber(list);
    this.listChanged(list);
    (focus && !focus.disabled ? focus : list.querySelector(".rk-add")).focus();
    announce(`${list.querySelector("legend").textContent}: ${rows.children.length} ${list.dataset.item.toLowerCase()}${rows.children.length === 1 ? "" : "s"}.`);
  }

  // Rows are named "Helper 1", "Helper 2"... in order; Add and Remove follow the allowed count.
  renumber(list) {
    const rows = [...list.querySelectorAll(".rk-rows > .rk-row")];
    rows.forEach((row, index) => {
      const name = `${list.dataset.item} ${index + 1}`;
      row.querySelector(".rk-entry").textContent = name;
      row.querySelector(".rk-remove .rk-sr").textContent = ` ${name}`;
      for (const input of row.querySelectorAll("input[data-part]")) {
        input.setAttribute("aria-label", input.dataset.label ? `${name}, ${input.dataset.label}` : name);
      }
      row.querySelector(".rk-remove").disabled = rows.length <= Number(list.dataset.least);
    });
    const most = list.dataset.most;
    list.querySelector(".rk-add").disabled = most !== undefined && rows.length >= Number(most);
  }

  // The rows from the hidden input's text, when a shared link sets it.
  fillList(list, text) {
    const rows = list.querySelector(".rk-rows");
    const template = list.querySelector(".rk-row-template").content.firstElementChild;
    rows.replaceChildren(...text.split(",").filter((entry) => entry.trim()).map((entry) => {
      const row = template.cloneNode(true);
      const parts = entry.split(":");
      row.querySelectorAll("input[data-part]").forEach((input, index) => { input.value = (parts[index] ?? "").trim(); });
      return row;
    }));
    list.querySelector("input[type=hidden]").value = text;
    this.renumber(list);
  }

  view() {
    return this.root.querySelector(".rk-view:checked")?.value || "exactly";
  }

  status(text, kind) {
    this.statusNode.textContent = text;
    this.root.dataset.status = kind;
  }

  // The odds on screen belong to other values as soon as a field changes: say so at once.
  edited() {
    if (this.open) { // the dice waiting for choices were rolled with the old values
      this.open = false;
      delete this.root.dataset.pending;
      this.detail.replaceChildren();
      this.result.classList.remove("rk-success", "rk-failure");
      this.result.textContent = "The values changed: press Roll for a new roll with them.";
    }
    this.odds.classList.add("rk-stale");
    this.staleNote.hidden = false;
    this.staleNote.textContent = `Out of date: these odds are for ${this.values}. Working out the odds for your new values…`;
    this.updateOdds();
  }

  clearErrors() {
    this.errorNode.hidden = true;
    this.errorNode.textContent = "";
    this.errorNode.classList.remove("rk-sr");
    for (const control of this.form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    for (const node of this.form.querySelectorAll(".rk-field-error")) { node.hidden = true; node.textContent = ""; }
  }

  // The reader's mistake is shown by its field; a bug in rollkit says so, details in the console.
  failed(answer) {
    this.clearErrors();
    if (answer.internal) {
      console.error("rollkit internal error:", answer.detail || answer.error);
      this.showError("Something went wrong inside rollkit: this is a bug, not a mistake in your values. Details are in the browser console.");
      return;
    }
    let control = answer.field === "seed" ? this.seed
      : answer.field && this.form.querySelector(`.rk-fields [name="${CSS.escape(answer.field)}"]`);
    const list = control?.closest(".rk-list");
    if (list) { // the entry's own number when the error points at one, else the first
      const row = list.querySelectorAll(".rk-rows > .rk-row")[answer.item ?? 0];
      control = row?.querySelectorAll("input[data-part]")[answer.part ?? 0] || list;
    }
    const holder = list || control;
    const place = holder && holder.type !== "hidden" ? this.form.querySelector(`#${CSS.escape(holder.id)}-error`) : null;
    if (place) {
      control.setAttribute("aria-invalid", "true");
      place.textContent = answer.error;
      place.hidden = false;
    }
    this.showError(answer.error);
    this.errorNode.classList.toggle("rk-sr", Boolean(place)); // said by its field; still announced
  }

  showError(message) {
    this.errorNode.textContent = message;
    this.errorNode.hidden = false;
    this.root.classList.add("rk-has-error");
  }

  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.status(done, this.root.dataset.status);
      announce(done);
    } catch (error) {
      this.status("Copying is not allowed here; select the text instead.", this.root.dataset.status);
    }
  }

  // A link that opens this page with this widget's values (and the seed of the last roll).
  link() {
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("rk", this.root.id);
    for (const [k, v] of Object.entries(this.params())) url.searchParams.set(`p.${k}`, v);
    if (this.lastSeed !== null) url.searchParams.set("seed", String(this.lastSeed));
    if (this.lastSeed !== null && this.spend !== null) url.searchParams.set(this.open ? "hand" : "spend", this.spend);
    url.hash = this.root.id;
    return url.href;
  }

  share() {
    this.copy(this.link(), this.lastSeed === null ? "Link to these values copied." : "Link to this roll copied.");
  }

  pin() {
    if (this.pinned) {
      this.pinned = null;
      this.pinButton.setAttribute("aria-pressed", "false");
      this.pinButton.textContent = "Pin these odds to compare";
    } else {
      this.pinned = this.params();
      this.pinButton.setAttribute("aria-pressed", "true");
      this.pinButton.textContent = "Unpin";
    }
    this.updateOdds();
  }

  async run(request) {
    state.used = performance.now();
    const slow = setTimeout(() => { this.stopButton.hidden = false; }, SLOW_MS);
    this.root.setAttribute("aria-busy", "true");
    try {
      return await ask(request);
    } finally {
      clearTimeout(slow);
      this.stopButton.hidden = true;
      this.root.removeAttribute("aria-busy");
    }
  }

  // Each edit asks at once; while an answer is pending, further edits wait and only the
  // latest values are sent next, so fast typing never queues stale work.
  async updateOdds() {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    let answer;
    try {
      answer = await this.run({ op: "odds", check: this.check, params: this.params(), view: this.view(),
        title: this.initial.title, initial: this.initial.params, shown: this.initial.shown, pinned: this.pinned });
    } finally {
      this.inFlight = false;
    }
    if (this.again) {
      this.again = false;
      this.updateOdds();
      return;
    }
    if (!answer.ok) {
      this.failed(answer);
      this.staleNote.hidden = false;
      this.staleNote.textContent = `Out of date: these odds are for ${this.values}. Fix the value marked above to see new odds.`;
      return;
    }
    this.clearErrors();
    this.showOdds(answer.result);
  }

  showOdds(odds) {
    const view = odds.view;
    this.odds.querySelector(".rk-odds-view").replaceWith(build(view.tree));
    this.odds.classList.remove("rk-stale");
    this.staleNote.hidden = true;
    this.values = view.values;
    this.root.querySelector(".rk-title").textContent = view.title;
    this.code.textContent = odds.python;
    this.root.dataset.chance = view.chance;
  }

  // A roll; where the rules let the roller decide after seeing the dice (critdice points), the
  // answer first shows those dice with their choices ("pending"), and finish() rolls on.
  async roll(seed, choices = {}) {
    const chosen = seed ?? (this.seed.value.trim() || undefined);
    const answer = await this.run({ op: "roll", check: this.check, params: this.params(), seed: chosen, choose: true, ...choices });
    if (!answer.ok) {
      this.failed(answer);
      return;
    }
    this.clearErrors();
    this.showRoll(answer.result, !choices.move);
  }

  // One point on one die, up or down; the focus stays on the button pressed (or its die).
  async move(die, by) {
    await this.roll(this.lastSeed, { spend: this.spend, move: { die, by } });
    const again = this.detail.querySelector(`.rk-move[data-die="${die}"][data-by="${by}"]`);
    const other = this.detail.querySelector(`.rk-move[data-die="${die}"][data-by="${-by}"]`);
    (again && !again.disabled ? again : other && !other.disabled ? other : this.detail.querySelector(".rk-finish"))?.focus();
  }

  async finish(how) {
    await this.roll(this.lastSeed, { spend: how === "plan" ? "plan" : this.spend, finish: true });
    this.result.focus({ preventScroll: true });
  }

  showRoll(roll, reveal = true) {
    this.result.textContent = roll.view.summary;
    this.result.classList.toggle("rk-success", !roll.pending && roll.success);
    this.result.classList.toggle("rk-failure", !roll.pending && !roll.success);
    this.detail.replaceChildren(build(roll.view.tree));
    this.lastSeed = roll.seed;
    this.spend = roll.spend ?? null;
    this.open = Boolean(roll.pending);
    if (this.open) this.root.dataset.pending = "1";
    else delete this.root.dataset.pending;
    this.root.dataset.seed = String(roll.seed);
    this.root.dataset.faces = roll.view.faces.join(",");
    if (roll.python) this.code.textContent = roll.python;
    if (!reveal) return;
    const box = this.result.getBoundingClientRect();
    if (PHONE.matches || box.bottom > window.innerHeight || box.top < 0) {
      this.result.scrollIntoView({ block: "nearest", behavior: STILL.matches ? "auto" : "smooth" });
    }
  }

  // A shared link (?rk=ID&p.name=value[&seed=N]) restores the values, and the roll if seeded.
  replay() {
    const query = new URLSearchParams(window.location.search);
    if (query.get("rk") !== this.root.id) return;
    for (const [key, value] of query) {
      if (!key.startsWith("p.")) continue;
      const control = this.form.querySelector(`.rk-fields [name="${CSS.escape(key.slice(2))}"]`);
      if (!control) continue;
      if (control.type === "checkbox") control.checked = value === "true";
      else if (control.closest(".rk-list")) this.fillList(control.closest(".rk-list"), value);
      else control.value = value;
    }
    this.seed.value = query.get("seed") || "";
    this.edited();
    if (!query.get("seed")) return;
    if (query.has("spend")) this.roll(undefined, { spend: query.get("spend"), finish: true });
    else if (query.has("hand")) this.roll(undefined, { spend: query.get("hand") });
    else this.roll();
  }
}

// Start only when wanted: the first interaction with a widget starts Python at once;
// a widget coming near the viewport starts it once the page has loaded and the browser
// is idle, unless the reader asked to save data (then only an interaction does). Pages
// without widgets, and widgets far below, download nothing.
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
const SAVE_DATA = navigator.connection?.saveData === true
  || window.matchMedia("(prefers-reduced-data: reduce)").matches;
let near = null;
// Not before the page's load event: Python's downloads and start-up would compete with the
// page's own scripts and layout (on a phone, or a two-core machine, that shows as blocking time).
const loaded = new Promise((resolve) => {
  if (document.readyState === "complete") resolve();
  else window.addEventListener("load", resolve, { once: true });
});

function watch(roots) {
  near?.disconnect();
  if (SAVE_DATA || state.ready || !roots.length) return;
  near = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    loaded.then(() => idle(() => start(), { timeout: 1000 }));
  }, { rootMargin: "600px 0px" });
  for (const root of roots) near.observe(root);
}

function bindAll() {
  widgets.clear();
  state.page += 1;
  state.used = performance.now();
  const roots = [...document.querySelectorAll("[data-rollkit-widget]")];
  for (const root of roots) {
    if (!root.rollkit) root.rollkit = new Widget(root);
    widgets.add(root.rollkit);
    root.rollkit.replay();
    if (root.dataset.rollPending) { // Roll was pressed before this script had bound it
      delete root.dataset.rollPending;
      root.rollkit.roll();
    }
    if (SAVE_DATA && !state.ready) root.rollkit.status("Data saver is on: Python downloads when you use this widget.", "idle");
  }
  watch(roots);
  warm();
}

// Material's instant navigation swaps the page without reloading scripts: document$
// emits on every page, so widgets are bound again while the worker stays alive.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindAll);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", bindAll);
} else {
  bindAll();
}

window.rollkitWidgets = { start, stop, state };

// ---- Offline use -------------------------------------------------------------------------
// The site's service worker (sw.js at the site's root, written by the build step from
// docs_tools/sw.js) keeps the pages and the Python runtime after the first visit, so the site
// opens and its widgets roll with the network off. It is registered once the page has loaded
// and the browser is idle (when Python is starting, once it is ready and the reader has paused
// for a few seconds), so that keeping the files never competes with reading or rolling. When
// a new build has been kept while an older one runs this page, a small notice offers to
// reload; nothing reloads by itself.

const SW_URL = new URL("../sw.js", import.meta.url);
const SW_SCOPE = new URL("../", import.meta.url);
const KEEP_AFTER_PAUSE_MS = 3000; // with Python starting, the offline copy waits for such a pause
const UPDATE_CHECK_MS = 10 * 60_000; // look for a new build at most this often between full loads
const offline = { registration: null, notice: null, reloading: false, checked: Date.now() };

function updateNotice() {
  if (offline.notice) return offline.notice;
  const reload = el("button", { type: "button", class: "rk-update-reload", text: "Reload" });
  const later = el("button", { type: "button", class: "rk-update-later", text: "Not now" });
  const notice = el("div", { class: "rk-update", role: "region", "aria-label": "Site update" },
    el("p", { text: "A new version of this site is ready." }), reload, later);
  reload.addEventListener("click", () => {
    const waiting = offline.registration?.waiting;
    if (!waiting) { window.location.reload(); return; } // another tab has already switched
    offline.reloading = true;
    reload.disabled = true;
    waiting.postMessage({ type: "rollkit-offline-update" });
  });
  later.addEventListener("click", () => { notice.hidden = true; });
  offline.notice = notice;
  return notice;
}

function offerUpdate() {
  const notice = updateNotice();
  notice.hidden = false;
  if (!notice.isConnected) document.body.append(notice);
  announce("A new version of this site is ready: the Reload button at the end of the page loads it.");
}

function watchInstall(registration) {
  const incoming = registration.installing;
  if (!incoming) return;
  incoming.addEventListener("statechange", () => {
    if (incoming.state === "installed" && navigator.serviceWorker.controller) offerUpdate();
  });
}

async function keepOffline() {
  let registration;
  try {
    registration = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE.href });
  } catch (error) { // a bare mkdocs/zensical build has no sw.js; the site works as before
    console.info(`rollkit: no offline copy (${error.message})`);
    return;
  }
  offline.registration = registration;
  if (navigator.serviceWorker.controller) registration.update().catch(() => {}); // a new build?
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate();
  watchInstall(registration);
  registration.addEventListener("updatefound", () => watchInstall(registration));
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (offline.reloading) window.location.reload();
  });
  // A widget near the screen has started Python a second after the page settles (see watch):
  // then the runtime is downloaded once, by Python, and kept from the browser's HTTP cache.
  // When Python is starting, the copy waits until it is ready and the reader has paused (no
  // roll, edit or page change) for a few seconds: keeping 18 MB would slow what they do.
  const paused = async () => {
    await state.ready.catch(() => {});
    for (let quiet = 0; quiet < KEEP_AFTER_PAUSE_MS; quiet = performance.now() - state.used) {
      await new Promise((resolve) => setTimeout(resolve, KEEP_AFTER_PAUSE_MS - quiet));
    }
  };
  const settled = () => idle(() => setTimeout(() => idle(async () => {
    if (state.ready) await paused();
    idle(keepOffline, { timeout: 5000 });
  }, { timeout: 5000 }), 1000));
  if (document.readyState === "complete") settled();
  else window.addEventListener("load", settled, { once: true });
  // Instant navigation keeps this page: keep the notice on it, and look for a new build now and then.
  window.document$?.subscribe?.(() => {
    if (offline.notice && !offline.notice.hidden && !offline.notice.isConnected) document.body.append(offline.notice);
    if (offline.registration && Date.now() - offline.checked > UPDATE_CHECK_MS) {
      offline.checked = Date.now();
      offline.registration.update().catch(() => {});
    }
  });
}
