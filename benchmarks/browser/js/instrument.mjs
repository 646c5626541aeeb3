// The browser benchmark's instrumentation, injected into every page of its contexts by
// Playwright's add_init_script (as "(instrument)()", before any script of the page), so
// the site itself is unchanged. It stamps events in `window.__bench.ev`: widgets bound
// (the `rollkit` property rollkit.mjs sets), attributes the site sets (ready, boots, seed,
// chance), clicks and inputs, and the site worker's creation, messages and replies (a
// wrapped `Worker`). The probes below read those stamps; benchmarks/browser/measure.py
// calls them through `window.__bench[name](...args)`.
export default function instrument() {
  if (window.__bench) return;
  const now = () => performance.now();
  const B = window.__bench = { ev: [], longtasks: [] };
  const push = (n, id, t, x) => B.ev.push({ n, id: id == null ? "" : String(id), t: t === undefined ? now() : t, x });
  B.find = (n, since = -Infinity, id = null) =>
    B.ev.find((e) => e.n === n && e.t >= since && (id === null || e.id === id)) || null;
  B.all = (n, since = -Infinity, id = null) =>
    B.ev.filter((e) => e.n === n && e.t >= since && (id === null || e.id === id));

  // rollkit.mjs binds a widget with `root.rollkit = new Widget(root)`.
  Object.defineProperty(HTMLElement.prototype, "rollkit", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, "rollkit", { value, writable: true, configurable: true });
      this.__rkBoundAt = now();
      push("bound", this.id);
    },
  });

  const chance = new MutationObserver(() => {
    if (document.querySelector(".rk-chance")) { push("chance-in-dom"); chance.disconnect(); }
  });
  chance.observe(document, { childList: true, subtree: true });
  new MutationObserver((records) => {
    const t = now();
    for (const r of records) {
      const value = r.target.getAttribute(r.attributeName);
      if (value !== null) push(r.attributeName, r.target.id, t, value);
    }
  }).observe(document, { subtree: true, attributes: true,
    attributeFilter: ["data-rollkit-ready", "data-rollkit-boots", "data-seed", "data-chance", "data-bare-ready"] });

  const stamp = (event) => {
    const t = now();
    const ts = event.timeStamp;
    const widget = event.target && event.target.closest ? event.target.closest("[data-rollkit-widget]") : null;
    push(event.type, widget ? widget.id : "", ts > 0 && ts <= t && ts > t - 2000 ? ts : t);
  };
  for (const type of ["click", "input", "focusin"]) window.addEventListener(type, stamp, true);

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { /* no long task timing */ }

  const Native = window.Worker;
  if (Native) {
    window.Worker = class extends Native {
      constructor(url, options) {
        super(url, options);
        const name = String(url);
        if (!/rollkit-worker|bench-bare/.test(name)) return;
        this.__bench = true;
        push("worker-created", name);
        this.addEventListener("message", ({ data }) => {
          if (!data) return;
          if (data.type) push("worker-" + data.type, name, undefined, data);
          else push("reply", data.id, undefined, data.ms);
        });
      }
      postMessage(message, ...rest) {
        if (this.__bench && message && message.request) push("post", message.id, undefined, message.request.op);
        return super.postMessage(message, ...rest);
      }
    };
  }

  // ---------------------------------------------------------------- probes

  const widget = (id) => document.getElementById(id);
  const firstWidget = () => document.querySelector("[data-rollkit-widget]");
  const root = () => document.documentElement.dataset;
  B.now = () => now();

  // Waits of the visits: the page painted and its first widget bound (a click before that
  // is lost); the site's worker ready; the first widget's dice shown.
  B.clickable = () => performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint") &&
    Boolean(firstWidget()?.rollkit);
  B.workerReady = () => root().rollkitReady === "1";
  B.firstRolled = () => firstWidget().dataset.seed !== undefined;
  B.timings = () => window.rollkitWidgets.state.timings;
  // What the first widget's status says from now on, each text once, in order (the progress
  // shown while Python loads).
  const said = [];
  B.watchStatus = () => {
    const node = firstWidget().querySelector(".rk-status");
    const note = () => { if (node.textContent && said.at(-1) !== node.textContent) said.push(node.textContent); };
    note();
    new MutationObserver(note).observe(node, { childList: true, characterData: true, subtree: true });
  };
  B.statusSaid = () => said;
  B.startWorker = () => { window.rollkitWidgets.start(); };
  // Set once on a page of the sweep: still there at its end if no navigation reloaded the page.
  B.markPage = () => { window.__samePage = true; };
  B.samePage = () => window.__samePage === true;
  B.boots = () => root().rollkitBoots;
  // The site's service worker has kept the whole site (its install wrote the manifest record
  // last), and what it keeps in the background once Python is ready (the memory snapshot).
  B.kept = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active) return false;
    const names = await caches.keys();
    if (names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    const record = await cache.match(new URL("rollkit-offline-manifest.json", registration.scope).href);
    if (!record) return false;
    for (const path of Object.keys((await record.json()).background || {})) {
      if (!await cache.match(new URL(path, registration.scope).href, { ignoreVary: true })) return false;
    }
    return true;
  };

  // The marks of one visit, from navigation start (`id`: the widget whose Roll was clicked).
  B.marks = (id) => {
    const first = (n, wid = null) => { const e = B.find(n, -Infinity, wid); return e ? e.t : null; };
    const nav = performance.getEntriesByType("navigation")[0] || {};
    const fcp = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
    const click = id ? B.find("click", -Infinity, id) : null;
    const ready = first("data-rollkit-ready");
    const boot = first("data-rollkit-boots");
    const long = B.longtasks.filter(([s]) => boot !== null && s >= boot && (ready === null || s <= ready));
    return {
      fcp: fcp ? fcp.startTime : null, dcl: nav.domContentLoadedEventStart || null,
      load: nav.loadEventStart || null, chance: first("chance-in-dom"), bound: first("bound"),
      boot, worker_created: first("worker-created"), ready, click: click ? click.t : null,
      seed: id ? first("data-seed", id) : null,
      timings: window.rollkitWidgets && window.rollkitWidgets.state.timings,
      boots: root().rollkitBoots || null,
      longtask_ms: long.reduce((sum, [, d]) => sum + d, 0), longtasks: long.length,
      longtasks_all: B.longtasks.length, longtask_ms_all: B.longtasks.reduce((sum, [, d]) => sum + d, 0),
    };
  };

  // Instant navigation: an <a> clicked inside .md-content, so Material fetches and swaps.
  B.instantGo = (url) => {
    document.querySelector("article").dataset.oldPage = "1";
    const a = document.createElement("a");
    a.href = url;
    document.querySelector(".md-content").append(a);
    const swapped = new MutationObserver(() => {
      if (document.querySelector("article[data-old-page]")) return;
      B.swap = performance.now();
      swapped.disconnect();
    });
    swapped.observe(document.body, { childList: true, subtree: true });
    B.swap = null;
    const t = performance.now();
    a.click();
    return t;
  };

  B.arrived = (url) => location.href === url && !document.querySelector("article[data-old-page]") &&
    [...document.querySelectorAll("[data-rollkit-widget]")].every((w) => w.rollkit);

  B.arrival = (t0) => {
    const widgets = [...document.querySelectorAll("[data-rollkit-widget]")];
    const bound = widgets.map((w) => w.__rkBoundAt || null);
    const top = widgets.length ? widgets[0].getBoundingClientRect().top : null;
    const after = performance.getEntriesByType("resource").filter((e) => e.startTime >= t0);
    const html = after.find((e) => e.name === location.href);
    const scripts = after.filter((e) => e.initiatorType === "script");
    return {
      bound_ms: bound.every((b) => b !== null) && bound.length ? Math.max(...bound) - t0 : null,
      first_bound_ms: bound.some((b) => b !== null) ? Math.min(...bound.filter((b) => b !== null)) - t0 : null,
      html_ms: html ? html.responseEnd - t0 : null,
      swap_ms: B.swap ? B.swap - t0 : null,
      scripts_ms: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) - t0 : null,
      scripts: scripts.map((e) => e.name),
      widgets: widgets.length, boots: root().rollkitBoots || null,
      ready: root().rollkitReady === "1",
      first_widget_top: top, viewport: innerHeight,
    };
  };

  // A roll or an edit of one widget: forget its last answer, then wait for the next one.
  B.forget = (id, attribute) => { delete widget(id).dataset[attribute]; };
  const failed = (id) => !widget(id).querySelector(".rk-error").hidden;
  B.error = (id) => (failed(id) ? widget(id).querySelector(".rk-error").textContent : "");
  B.rolledOrFailed = (id) => widget(id).dataset.seed !== undefined || failed(id);
  B.oddsOrFailed = (id, want) => widget(id).dataset.chance === want || failed(id);
  B.widgetInfo = (id) => {
    const w = widget(id);
    return { check: w.dataset.check, params: w.rollkit.params(), chance: w.dataset.chance,
             // Named numeric fields only: a list's rows (data-part) have unnamed inputs.
             fields: [...w.querySelectorAll(".rk-fields input[type=number]")].map((i) => i.name).filter(Boolean) };
  };

  // What one click or edit cost, from the stamped events after `since`.
  B.rollCost = (id, since) => {
    const click = B.find("click", since, id);
    if (!click) return null;
    const post = B.find("post", click.t);
    const reply = post ? B.find("reply", post.t, post.id) : null;
    const seed = B.find("data-seed", click.t, id);
    return { total: seed ? seed.t - click.t : null, to_post: post ? post.t - click.t : null,
             worker: reply ? reply.t - post.t : null, python: reply ? reply.x : null,
             render: seed && reply ? seed.t - reply.t : null };
  };

  B.oddsCost = (id, since) => {
    const inputs = B.all("input", since, id);
    if (!inputs.length) return null;
    const post = B.find("post", inputs[0].t);
    const last = post ? inputs.filter((e) => e.t <= post.t).pop() : inputs[inputs.length - 1];
    const reply = post ? B.find("reply", post.t, post.id) : null;
    const shown = post ? B.find("data-chance", post.t, id) : null;
    return { total: shown ? shown.t - last.t : null, debounce: post ? post.t - last.t : null,
             after_debounce: shown && post ? shown.t - post.t : null,
             worker: reply ? reply.t - post.t : null, python: reply ? reply.x : null,
             render: shown && reply ? shown.t - reply.t : null };
  };

  // The bare page (benchmarks/browser/pages/bench-bare/): its report, and its worker's stamps.
  B.bareDone = () => Boolean(window.__bare && (window.__bare.steps || window.__bare.failed));
  B.bare = () => window.__bare;
  B.stampOf = (n) => B.find(n).t;
}
