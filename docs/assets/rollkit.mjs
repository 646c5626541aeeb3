// rollkit widgets: make every [data-rollkit-widget] live, with rollkit running in
// Pyodide inside one module worker shared by all widgets and across instant navigation.
// Everything shown is set with textContent or built with createElement: nothing a
// reader types is ever parsed as HTML.

const WORKER_URL = new URL("./rollkit-worker.mjs", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";
const SLOW_MS = 1500; // offer "Stop" when an answer takes longer than this

const state = { worker: null, ready: null, boots: 0, nextId: 0, pending: new Map(), timings: null };
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

function broadcast(text, kind) {
  for (const widget of widgets) widget.status(text, kind);
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
      broadcast(`Live rolls are unavailable (${error.message}). The odds shown are still exact.`, "failed");
      failPending(error.message);
    },
  );
  return state.ready;
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
  return new Promise((resolve) => {
    state.pending.set(id, { resolve });
    state.worker.postMessage({ id, request });
  });
}

// An exact fraction as rollkit shows it, with a button copying the whole value when shortened.
function exact(shown, what) {
  if (shown.fraction === shown.probability) return [shown.fraction];
  const copy = el("button", { type: "button", class: "rk-copy", "data-copy": shown.probability,
    "aria-label": `Copy the exact chance of ${what}`, text: "Copy" });
  return [`${shown.fraction} `, copy];
}

function barChart(distribution) {
  const bars = distribution.outcomes.map((o) => [String(o.outcome), o.float, o.percent, o.fraction]);
  const tail = distribution.tail;
  if (tail.float > 0) bars.push([tail.label || "more", tail.float, tail.percent, tail.fraction, true]);
  const width = 640, height = 240, left = 48, top = 16;
  const w = width - left - 16, h = height - top - 48;
  const highest = Math.max(...bars.map((b) => b[1]), 0) || 1;
  const slot = w / Math.max(bars.length, 1);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Distribution of the tally");
  svg.setAttribute("class", "rollkit-chart");
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("path", { d: `M${left} ${top} V${top + h} H${left + w}`, stroke: "currentColor", "stroke-opacity": 0.5, fill: "none" });
  for (let i = 0; i < 5; i++) {
    const y = top + h - (h * i) / 4;
    add("text", { x: left - 6, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "currentColor" }, `${Math.round((highest * i * 100) / 4)}%`);
  }
  const every = bars.length <= 24 ? 1 : Math.max(1, Math.floor(bars.length / 12));
  bars.forEach(([label, p, percent, exact, isTail], i) => {
    const bh = (h * p) / highest;
    const rect = add("rect", {
      x: (left + slot * i + slot * 0.1).toFixed(1), y: (top + h - bh).toFixed(1),
      width: (slot * 0.8).toFixed(1), height: bh.toFixed(1),
      ...(isTail ? { fill: "none", stroke: "#3f6ec6", "stroke-dasharray": "3 2" } : { fill: "#3f6ec6" }),
    });
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${label}: ${percent} (${exact})`;
    rect.append(title);
    if (i % every === 0) add("text", { x: (left + slot * (i + 0.5)).toFixed(1), y: top + h + 16, "text-anchor": "middle", "font-size": 11, fill: "currentColor" }, label);
  });
  add("text", { x: left + w / 2, y: top + h + 34, "text-anchor": "middle", "font-size": 12, fill: "currentColor" }, "tally");
  return svg;
}

class Widget {
  constructor(root) {
    this.root = root;
    this.check = root.dataset.check;
    this.form = root.querySelector(".rk-form");
    this.rollButton = root.querySelector(".rk-roll");
    this.stopButton = root.querySelector(".rk-stop");
    this.seed = root.querySelector(".rk-seed input");
    this.statusNode = root.querySelector(".rk-status");
    this.errorNode = root.querySelector(".rk-error");
    this.result = root.querySelector(".rk-result");
    this.code = root.querySelector(".rk-python code");
    this.inFlight = false;
    this.again = false;
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.roll(); });
    this.form.addEventListener("input", (event) => { if (event.target !== this.seed) this.updateOdds(); });
    this.form.addEventListener("change", (event) => { if (event.target.type === "checkbox" || event.target.tagName === "SELECT") this.updateOdds(); });
    this.form.addEventListener("focusin", () => start(), { once: true });
    this.rollButton.addEventListener("click", () => this.roll());
    this.stopButton.addEventListener("click", () => stop());
    root.addEventListener("click", (event) => {
      const button = event.target.closest(".rk-copy");
      if (button) this.copy(button);
    });
    if (state.ready) state.ready.then(
      (info) => this.status(`Live: rollkit ${info.version} runs in your browser.`, "ready"),
      (error) => this.status(`Live rolls are unavailable (${error.message}). The odds shown are still exact.`, "failed"));
  }

  params() {
    const values = {};
    for (const control of this.form.querySelectorAll("[name]")) {
      values[control.name] = control.type === "checkbox" ? String(control.checked) : control.value;
    }
    return values;
  }

  status(text, kind) {
    this.statusNode.textContent = text;
    this.root.dataset.state = kind;
  }

  // The reader's mistake is shown as rollkit words it; a bug in rollkit says so, details in the console.
  failed(answer) {
    if (answer.internal) {
      console.error("rollkit internal error:", answer.detail || answer.error);
      this.error("Something went wrong inside rollkit: this is a bug, not a mistake in your values. Details are in the browser console.");
    } else {
      this.error(answer.error);
    }
  }

  async copy(button) {
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      this.status("Exact fraction copied.", this.root.dataset.state);
    } catch (error) {
      this.status("Copying is not allowed here: the exact fraction is in the JSON of `rollkit odds`.", this.root.dataset.state);
    }
  }

  error(message) {
    this.errorNode.textContent = message || "";
    this.errorNode.hidden = !message;
    this.root.classList.toggle("rk-has-error", Boolean(message));
  }

  async run(request) {
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
      answer = await this.run({ op: "odds", check: this.check, params: this.params() });
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
      this.root.querySelector(".rk-odds").classList.add("rk-stale");
      return;
    }
    this.error("");
    this.showOdds(answer.result);
  }

  showOdds(odds) {
    const box = this.root.querySelector(".rk-odds");
    box.classList.remove("rk-stale");
    const strong = box.querySelector(".rk-chance strong");
    strong.textContent = odds.chance.percent;
    strong.title = odds.chance.fraction;
    box.querySelector(".rk-chance .rk-exact").replaceChildren("= ", ...exact(odds.chance, "success"));
    const rows = odds.outcomes.outcomes.map((o) => el("tr", {},
      el("th", { scope: "row", text: String(o.outcome) }),
      el("td", { class: "rollkit-p", text: o.percent }),
      el("td", { class: "rk-exact" }, ...exact(o, String(o.outcome)))));
    box.querySelector(".rk-outcomes tbody").replaceChildren(...rows);
    box.querySelector(".rk-chart").replaceChildren(barChart(odds.distribution));
    this.code.textContent = odds.python;
    this.root.dataset.chance = odds.chance.probability;
  }

  async roll(seed) {
    const chosen = seed ?? (this.seed.value.trim() || undefined);
    const answer = await this.run({ op: "roll", check: this.check, params: this.params(), seed: chosen });
    if (!answer.ok) {
      this.failed(answer);
      return;
    }
    this.error("");
    this.showRoll(answer.result);
  }

  showRoll(roll) {
    const dice = roll.dice.map((d) => el("li", { class: `rk-die rk-${d.counts.replace(/[^a-z]+/gi, "-")}` },
      el("span", { class: "rk-face", text: String(d.face) }),
      ` d${d.sides} ${d.role}: ${d.counts}${d.value ? ` (${d.value > 0 ? "+" : ""}${d.value})` : ""}${d.note ? `, ${d.note}` : ""}`));
    const details = Object.entries(roll.details).map(([k, v]) => el("li", { text: `${k}: ${Array.isArray(v) ? JSON.stringify(v) : v}` }));
    const link = new URL(window.location.href);
    link.search = "";
    link.searchParams.set("rk", this.root.id);
    link.searchParams.set("seed", String(roll.seed));
    for (const [k, v] of Object.entries(this.params())) link.searchParams.set(`p.${k}`, v);
    link.hash = this.root.id;
    this.result.replaceChildren(
      el("p", { class: "rk-summary" },
        el("strong", { text: `${roll.outcome}` }),
        ` — tally ${roll.tally}; this outcome had a ${roll.percent} chance (${roll.probability}).`),
      el("ol", { class: "rk-dice", "aria-label": "dice in the order rolled" }, ...dice),
      ...(details.length ? [el("ul", { class: "rk-details" }, ...details)] : []),
      el("p", { class: "rk-seed-line" }, `Seed ${roll.seed} · `, el("a", { href: link.href, class: "rk-replay", text: "replay this roll" })));
    this.root.dataset.seed = String(roll.seed);
    this.root.dataset.faces = roll.faces.join(",");
    this.code.textContent = roll.python;
  }

  // A replay link (?rk=ID&seed=N&p.name=value) rolls that roll again on arrival.
  replay() {
    const query = new URLSearchParams(window.location.search);
    if (query.get("rk") !== this.root.id) return;
    for (const [key, value] of query) {
      if (!key.startsWith("p.")) continue;
      const control = this.form.querySelector(`[name="${CSS.escape(key.slice(2))}"]`);
      if (!control) continue;
      if (control.type === "checkbox") control.checked = value === "true";
      else control.value = value;
    }
    this.seed.value = query.get("seed") || "";
    this.updateOdds();
    this.roll();
  }
}

// Start early without slowing the page: once a page with widgets has loaded and the
// browser is idle (the first interaction starts it at once if that comes sooner).
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
let idleStart = false;

function bindAll() {
  widgets.clear();
  for (const root of document.querySelectorAll("[data-rollkit-widget]")) {
    if (!root.rollkit) root.rollkit = new Widget(root);
    widgets.add(root.rollkit);
    root.rollkit.replay();
  }
  if (widgets.size && !idleStart) {
    idleStart = true;
    idle(() => start(), { timeout: 4000 });
  }
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
