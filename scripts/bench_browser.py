"""Benchmark the rules site in a real browser: page load, Python start-up, rolls, odds, weight.

    .venv/bin/python scripts/bench_browser.py                  # full run (about 2.5 minutes on 2 cores)
    .venv/bin/python scripts/bench_browser.py --quick          # 2 runs, one sample a widget
    .venv/bin/python scripts/bench_browser.py --json out.json  # also write every raw number
    .venv/bin/python scripts/bench_browser.py --lighthouse-only  # just the Lighthouse scores (about 1 minute)

Builds the site into a temporary directory (``mkdocs build --strict``), serves it with
``scripts.serve_static.serve`` on 127.0.0.1, and drives Debian's ``/usr/bin/chromium``
headless through Playwright. Prints Markdown tables (median of ``--runs`` runs, with the
range) against the project's targets, each marked ✓ or ✗.

What is measured:

* **Page load**, on ``--page`` (a rules page with a widget in the first 1200x900
  viewport), cold and warm. Cold is a fresh browser profile; warm is a second visit
  (new tab, so a new worker) in the same profile. Profiles are persistent (on-disk HTTP
  cache, as a reader's browser has): Playwright's ordinary contexts keep their HTTP
  cache in memory, and that cache does not keep the 9.6 MB ``pyodide.asm.wasm``; the
  weight table shows that case once (the sweep runs in such a context). Times run from navigation start: first
  contentful paint, DOMContentLoaded, the pre-rendered odds (``.rk-chance``) in the
  DOM, the widgets bound (``rollkit.mjs`` has set ``element.rollkit``), the worker ready
  (``data-rollkit-ready``) and the first dice shown (``data-seed``). Twice: "click" clicks
  Roll on the first widget as soon as the page has painted and the widget is bound
  (that click starts the worker), "lazy" never touches the page (the worker starts
  when a widget has been in view and the browser is idle).
* **Start-up**: the site worker's own ``timings`` (``pyodide`` = ``loadPyodide``,
  ``rollkit`` = everything after it until ready) against a bare page written into the
  temporary site (``bench-bare/``) whose module worker only runs ``loadPyodide`` on the
  same files. After its timed boot the bare worker splits rollkit's part into
  ``loadPackage("rollkit")``, the standard-library imports rollkit needs, ``import
  rollkit`` and ``from rollkit._params import request``, and times two what-ifs: compiling
  rollkit's sources (what shipping .pyc would save) and putting the wheel on ``sys.path``
  (zipimport) instead of ``loadPackage``. Once per benchmark, a third what-if boots that
  way with Pyodide's private ``_makeSnapshot``, makes a memory snapshot and restores new
  workers from it (``bench-snapshot/``).
* **Every widget**, page by page in nav order with Material's instant navigation (an
  ``<a>`` clicked inside ``.md-content``): click Roll -> ``data-seed`` set, and a numeric
  field edited to a valid neighbour value (checked with rollkit in CPython) -> ``data-
  chance`` equal to CPython's exact chance. Times run from the input event (its
  ``timeStamp``) to the DOM change, observed with a MutationObserver, so Playwright's
  own latency is not counted; the request sent to the worker and the worker's answer
  are stamped too, which splits the wait before the request is sent (none now: odds
  are asked on every edit, one request in flight) and the Python time inside the
  worker (the ``ms`` it reports) from the rest.
* **Instant navigation**: click -> every widget of the new page bound, with the worker
  already ready and ``data-rollkit-boots`` still "1" (no second boot).
* **Weight**: Resource Timing ``transferSize`` of every response, in the page and (via
  Playwright's ``worker.evaluate``) inside the workers, split into the page (everything
  but ``rollkit-worker.mjs`` and ``pyodide/``) and Python; with the gzip size of the same
  files for a host that compresses. Cache reuse: responses with ``transferSize`` 0
  (from the HTTP cache), and every request the server saw (200 or 304), per phase.
* **Accessibility**: Lighthouse's accessibility score (npm ``lighthouse``, pinned in
  ``package.json``; its own headless Chromium, default mobile emulation) of the home,
  Hits and Again pages, with the ids of the audits that cost points.

The server is Python's ``http.server``: no ``Cache-Control``, a ``Last-Modified`` from
the file's mtime, no compression. Chromium then uses heuristic freshness (10% of the
file's age), so the freshly built HTML/CSS/JS stay fresh only seconds and are
revalidated, while the Pyodide files (copied with their npm mtime) stay fresh for long.

Instrumentation is an init script (no change to the site): it wraps ``Worker`` to stamp
creation, messages and replies, hooks the ``rollkit`` property that ``rollkit.mjs``
sets on each widget, and observes the attributes named above.

Touches nothing in the repository but ``build/wheel`` (the wheel cache the site build uses).
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from html import unescape as html_unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rollkit import RulesError
from rollkit._params import build
from scripts import serve_static

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1200, "height": 900}
DEFAULT_PAGE = "trait/prowess-and-stagger/"
BOOT_TIMEOUT_MS = 90_000
LAZY_TIMEOUT_MS = 30_000
STEP_TIMEOUT_MS = 20_000

TARGETS = {"rollkit_ms": 200.0, "roll_ms": 50.0, "odds_ms": 50.0, "nav_ms": 100.0,
           "page_kb": 500.0, "first_roll_ms": 1500.0, "accessibility": 100}
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_PAGES = ("", "hits/", "again/")
LIGHTHOUSE_TIMEOUT_S = 180

# --------------------------------------------------------------------------- in the page

INIT_SCRIPT = r"""
(() => {
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
})();
"""

MARKS_JS = r"""(id) => {
  const B = window.__bench;
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
    boots: document.documentElement.dataset.rollkitBoots || null,
    longtask_ms: long.reduce((sum, [, d]) => sum + d, 0), longtasks: long.length,
    longtasks_all: B.longtasks.length, longtask_ms_all: B.longtasks.reduce((sum, [, d]) => sum + d, 0),
  };
}"""

RESOURCES_JS = r"""(navigation) => [
  ...(navigation ? performance.getEntriesByType("navigation") : []),
  ...performance.getEntriesByType("resource")].map((e) => ({
    url: e.name, type: e.initiatorType || "navigation", transfer: e.transferSize,
    encoded: e.encodedBodySize, decoded: e.decodedBodySize, start: e.startTime, end: e.responseEnd }))"""

# An <a> clicked inside .md-content, so Material's instant navigation fetches and swaps.
INSTANT_GO_JS = r"""(url) => {
  document.querySelector("article").dataset.oldPage = "1";
  const a = document.createElement("a");
  a.href = url;
  document.querySelector(".md-content").append(a);
  const B = window.__bench;
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
}"""

ARRIVED_JS = r"""(url) => location.href === url && !document.querySelector("article[data-old-page]") &&
  [...document.querySelectorAll("[data-rollkit-widget]")].every((w) => w.rollkit)"""

ARRIVAL_JS = r"""(t0) => {
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
    swap_ms: window.__bench.swap ? window.__bench.swap - t0 : null,
    scripts_ms: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) - t0 : null,
    scripts: scripts.map((e) => e.name),
    widgets: widgets.length, boots: document.documentElement.dataset.rollkitBoots || null,
    ready: document.documentElement.dataset.rollkitReady === "1",
    first_widget_top: top, viewport: innerHeight,
  };
}"""

# What one click or edit cost, from the stamped events after `since`.
ROLL_JS = r"""([id, since]) => {
  const B = window.__bench;
  const click = B.find("click", since, id);
  if (!click) return null;
  const post = B.find("post", click.t);
  const reply = post ? B.find("reply", post.t, post.id) : null;
  const seed = B.find("data-seed", click.t, id);
  return { total: seed ? seed.t - click.t : null, to_post: post ? post.t - click.t : null,
           worker: reply ? reply.t - post.t : null, python: reply ? reply.x : null,
           render: seed && reply ? seed.t - reply.t : null };
}"""

ODDS_JS = r"""([id, since]) => {
  const B = window.__bench;
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
}"""

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot</title>
<script type="module" src="bare.mjs"></script></head>
<body><p>Bare Pyodide boot in a module worker, for scripts/bench_browser.py.</p></body></html>
"""

BARE_MJS = """const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "ready") document.documentElement.dataset.bareReady = "1";
  window.__bare = { ...(window.__bare || {}), [data.type]: data };
};
"""

# Same import and indexURL as docs/assets/rollkit-worker.mjs; the timed part is loadPyodide.
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
try {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const booted = performance.now();
  postMessage({ type: "ready", timings: { pyodide: booted - started } });
  // Not part of the bare boot: where rollkit's own start-up goes, step by step.
  const steps = {};
  let t = performance.now();
  const step = (name) => { const n = performance.now(); steps[name] = n - t; t = n; };
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  step("loadPackage");
  pyodide.runPython("import bisect, dataclasses, fractions, functools, json, math, random, secrets, types, typing, collections.abc");
  step("stdlib_imports");
  pyodide.runPython("import rollkit");
  step("import_rollkit");
  pyodide.runPython("import rollkit; rollkit.SYSTEMS");
  step("import_systems");
  const request = pyodide.runPython("from rollkit._params import request; request");
  step("import_params");
  request(__REQUEST__);
  step("first_request");
  // What .pyc files in the wheel would save: compiling rollkit's sources again.
  steps.compile_sources = pyodide.runPython(`
import pathlib, time, rollkit
began = time.perf_counter()
for path in pathlib.Path(rollkit.__file__).parent.rglob("*.py"):
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
(time.perf_counter() - began) * 1000`);
  // The alternative to loadPackage: the wheel on sys.path, imported by zipimport.
  t = performance.now();
  const lock = await (await fetch(new URL("../pyodide/pyodide-lock.json", import.meta.url))).json();
  const wheel = await fetch(new URL("../pyodide/" + lock.packages.rollkit.file_name, import.meta.url));
  pyodide.FS.writeFile("/tmp/rollkit.whl", new Uint8Array(await wheel.arrayBuffer()));
  pyodide.runPython("import zipimport; assert zipimport.zipimporter('/tmp/rollkit.whl').find_spec('rollkit')");
  step("zipimport_setup");
  postMessage({ type: "steps", steps });
} catch (error) {
  postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
}
"""


# What-if, once per benchmark: rollkit put on sys.path from its wheel (zipimport, no
# loadPackage), then a memory snapshot of the booted interpreter, restored in new workers.
# Pyodide's snapshot API is private (`_makeSnapshot`, `_loadSnapshot`, `makeMemorySnapshot`).
SNAPSHOT_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
// Every module of the package is imported before the snapshot: the wheel's file is gone after a restore.
const IMPORT_ALL = `
import importlib, pkgutil, sys
sys.path.insert(0, "/rollkit.whl")
import rollkit
for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
from rollkit._params import request
`;
onmessage = async ({ data }) => {
  try {
    const t0 = performance.now();
    if (data.make) {
      const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
      const t1 = performance.now();
      const lock = await (await fetch(indexURL + "pyodide-lock.json")).json();
      const wheel = await fetch(indexURL + lock.packages.rollkit.file_name);
      pyodide.FS.writeFile("/rollkit.whl", new Uint8Array(await wheel.arrayBuffer()));
      pyodide.runPython(IMPORT_ALL);
      const t2 = performance.now();
      const snapshot = pyodide.makeMemorySnapshot();
      const t3 = performance.now();
      const gzip = await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
      postMessage({ pyodide: t1 - t0, rollkit: t2 - t1, make: t3 - t2, size: snapshot.length, gzip: gzip.byteLength, snapshot },
                  [snapshot.buffer]);
    } else {
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: data.snapshot });
      const request = pyodide.runPython("from rollkit._params import request; request");
      const t1 = performance.now();
      const answers = data.requests.map((r) => JSON.parse(request(JSON.stringify(r))));
      const bad = answers.find((a) => !a.ok);
      postMessage({ boot: t1 - t0, answers_ms: performance.now() - t1, ok: answers.filter((a) => a.ok).length,
                    of: answers.length, failed: bad ? bad.error : null });
    }
  } catch (error) {
    postMessage({ error: String(error && error.message ? error.message : error) });
  }
};
"""

SNAPSHOT_JS = r"""async ([loads, requests]) => {
  const run = (message, transfer = []) => new Promise((resolve) => {
    const worker = new Worker("worker.mjs", { type: "module" });
    worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
    worker.postMessage(message, transfer);
  });
  const made = await run({ make: true });
  if (made.error) return { error: made.error };
  const { snapshot, ...rest } = made;
  const restored = [];
  for (let i = 0; i < loads; i++) {
    const copy = snapshot.slice();
    restored.push(await run({ snapshot: copy, requests }, [copy.buffer]));
  }
  return { ...rest, restored };
}"""

# --------------------------------------------------------------------------- helpers

def median(values: Iterable[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def spread(values: Iterable[float | None]) -> tuple[float, float] | None:
    got = [v for v in values if v is not None]
    return (min(got), max(got)) if got else None


def sub(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Log:
    """Every request the server answered, as (path, status), for the current phase."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str]] = []

    def take(self) -> list[tuple[str, str]]:
        time.sleep(0.05)  # the server thread logs as it answers
        got, self.entries = self.entries, []
        return got


def statuses(entries: list[tuple[str, str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for _, status in entries:
        counts[status] = counts.get(status, 0) + 1
    return counts


def is_python(url: str) -> bool:
    path = urlsplit(url).path
    return "/pyodide/" in path or path.endswith("rollkit-worker.mjs")


def local_file(site: Path, base: str, url: str) -> Path | None:
    if not url.startswith(base):
        return None
    rel = urlsplit(url).path[len(urlsplit(base).path):]
    path = site / rel
    if rel == "" or rel.endswith("/"):
        path = path / "index.html"
    return path if path.is_file() else None


def gzip_size(path: Path | None, cache: dict[Path, int]) -> int | None:
    if path is None:
        return None
    if path not in cache:
        cache[path] = len(gzip.compress(path.read_bytes(), compresslevel=6))
    return cache[path]


def weigh(resources: list[dict[str, Any]], site: Path, base: str, gz: dict[Path, int]) -> dict[str, Any]:
    """Bytes on the wire (transferSize) and as gzip would send them, page vs Python."""
    out: dict[str, Any] = {}
    for part in ("page", "python"):
        rows = [r for r in resources if is_python(r["url"]) == (part == "python")]
        gzipped = [gzip_size(local_file(site, base, r["url"]), gz) for r in rows]
        out[part] = {
            "requests": len(rows),
            "transfer": sum(r["transfer"] for r in rows),
            "body": sum(r["encoded"] for r in rows),
            "gzip": sum(g for g in gzipped if g is not None),
            "from_cache": sum(1 for r in rows if r["transfer"] == 0 and r["encoded"] > 0),
            "revalidated": sum(1 for r in rows if 0 < r["transfer"] < r["encoded"]),
            "files": sorted(({"path": urlsplit(r["url"]).path, "transfer": r["transfer"], "body": r["encoded"],
                              "gzip": g} for r, g in zip(rows, gzipped, strict=True)),
                            key=lambda f: -f["body"]),
        }
    return out


def page_resources(page: Any, worker_hint: str) -> list[dict[str, Any]]:
    found = list(page.evaluate(RESOURCES_JS, True))
    for worker in page.workers:
        if worker_hint in worker.url:
            found += [{**r, "worker": True} for r in worker.evaluate(RESOURCES_JS, False)]
    return found


# --------------------------------------------------------------------------- the site

def build_site(out: Path, base: str) -> float:
    env = {**os.environ, "ROLLKIT_SITE_URL": base, "NO_MKDOCS_2_WARNING": "1"}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{done.stdout}{done.stderr}")
    bare = out / "bench-bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare.mjs").write_text(BARE_MJS, encoding="utf-8")
    first = json.dumps(json.dumps(sample_requests(out)[0]))  # a JS string literal holding the JSON
    (bare / "worker.mjs").write_text(BARE_WORKER.replace("__REQUEST__", first), encoding="utf-8")
    snap = out / "bench-snapshot"
    snap.mkdir()
    (snap / "index.html").write_text('<!doctype html><meta charset="utf-8"><title>snapshot what-if</title>',
                                     encoding="utf-8")
    (snap / "worker.mjs").write_text(SNAPSHOT_WORKER, encoding="utf-8")
    return time.perf_counter() - began


def widget_pages(site: Path, base: str) -> list[str]:
    """Absolute URLs of the pages holding a widget, in the order of the site's nav."""
    home = (site / "index.html").read_text(encoding="utf-8")
    order: list[str] = []
    for href in re.findall(r'href="([^"#]*)" class="md-nav__link', home):
        url = urljoin(base, href)
        if url not in order:
            order.append(url)
    with_widgets = []
    for html in site.rglob("index.html"):
        if "data-rollkit-widget" in html.read_text(encoding="utf-8"):
            rel = html.parent.relative_to(site).as_posix()
            with_widgets.append(base if rel == "." else f"{base}{rel}/")
    return sorted(with_widgets, key=lambda u: (order.index(u) if u in order else len(order), u))


def next_page(site: Path, base: str, url: str) -> str:
    path = local_file(site, base, url)
    html = path.read_text(encoding="utf-8") if path else ""
    found = re.search(r'<link rel="next" href="([^"]+)"', html)
    if not found:
        sys.exit(f"{url} has no next page")
    return urljoin(url, found.group(1))


# --------------------------------------------------------------------------- browser steps

def instant_go(page: Any, url: str) -> dict[str, Any]:
    t0 = page.evaluate(INSTANT_GO_JS, url)
    page.wait_for_function(ARRIVED_JS, arg=url, timeout=STEP_TIMEOUT_MS)
    return page.evaluate(ARRIVAL_JS, t0)


def roll(page: Any, index: int, timeout: float = STEP_TIMEOUT_MS) -> dict[str, Any]:
    widget = page.locator("[data-rollkit-widget]").nth(index)
    wid = widget.get_attribute("id")
    widget.evaluate("(w) => { delete w.dataset.seed; }")
    since = page.evaluate("performance.now()")
    widget.locator(".rk-roll").click()
    page.wait_for_function(
        """(id) => { const w = document.getElementById(id);
            return w.dataset.seed !== undefined || !w.querySelector('.rk-error').hidden; }""",
        arg=wid, timeout=timeout)
    error = widget.locator(".rk-error").evaluate("(e) => e.hidden ? '' : e.textContent")
    return {"id": wid, "error": error, **(page.evaluate(ROLL_JS, [wid, since]) or {})}


def edits(widget: Any) -> list[tuple[str, str, str, str]]:
    """(field, new value, its exact chance, the value back) for a valid neighbour, CPython-checked."""
    info = widget.evaluate("""(w) => ({ check: w.dataset.check, params: w.rollkit.params(),
        chance: w.dataset.chance,
        fields: [...w.querySelectorAll('.rk-fields input[type=number]')].map((i) => i.name) })""")
    valid: list[tuple[str, str, str, str]] = []
    for name in info["fields"]:
        old = info["params"][name]
        try:
            value = int(old)
        except ValueError:
            continue
        for step in range(1, 11):
            for new in (value + step, value - step):
                params = {**info["params"], name: str(new)}
                try:
                    chance = str(build(info["check"], params).chance())
                except (RulesError, ValueError):
                    continue
                valid.append((step, chance == info["chance"], name, str(new), chance, old))
    valid.sort(key=lambda e: (e[1], e[0]))  # the nearest value that changes the odds
    return [e[2:] for e in valid[:1]]  # type: ignore[misc]


def edit(page: Any, index: int, name: str, value: str, want: str) -> dict[str, Any]:
    widget = page.locator("[data-rollkit-widget]").nth(index)
    wid = widget.get_attribute("id")
    widget.evaluate("(w) => { delete w.dataset.chance; }")
    since = page.evaluate("performance.now()")
    widget.locator(f'.rk-form input[name="{name}"]').fill(value)
    page.wait_for_function(
        """([id, want]) => { const w = document.getElementById(id);
            return w.dataset.chance === want || !w.querySelector('.rk-error').hidden; }""",
        arg=[wid, want], timeout=STEP_TIMEOUT_MS)
    shown = widget.get_attribute("data-chance")
    return {"id": wid, "field": name, "value": value, "ok": shown == want,
            **(page.evaluate(ODDS_JS, [wid, since]) or {})}


def new_page(ctx: Any) -> tuple[Any, list[str]]:
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def site_visit(ctx: Any, url: str, second: str, mode: str, log: Log, site: Path, base: str,
               gz: dict[Path, int]) -> dict[str, Any]:
    """One visit of ``url``: load, start the worker (by a click, or lazily), roll, go to ``second``."""
    page, errors = new_page(ctx)
    log.take()
    result: dict[str, Any] = {"mode": mode, "wall": time.time()}
    page.goto(url, wait_until="commit")
    first = page.locator("[data-rollkit-widget]").first
    if mode == "click":
        # As soon as the page has painted and the widget listens: a click before that is lost.
        page.wait_for_function("""() => performance.getEntriesByType('paint').some((e) => e.name ===
            'first-contentful-paint') && document.querySelector('[data-rollkit-widget]')?.rollkit""",
                               timeout=STEP_TIMEOUT_MS)
        first.locator(".rk-roll").click()
        page.wait_for_function("() => document.querySelector('[data-rollkit-widget]').dataset.seed !== undefined",
                               timeout=BOOT_TIMEOUT_MS)
    else:
        try:
            page.wait_for_function("() => document.documentElement.dataset.rollkitReady === '1'",
                                   timeout=LAZY_TIMEOUT_MS)
        except Exception:  # noqa: BLE001 - a lazy start that never comes is a result
            result["lazy_never_started"] = True
            page.close()
            return result
        first.locator(".rk-roll").click()
        page.wait_for_function("() => document.querySelector('[data-rollkit-widget]').dataset.seed !== undefined",
                               timeout=STEP_TIMEOUT_MS)
    page.wait_for_load_state("load")
    marks = page.evaluate(MARKS_JS, first.get_attribute("id"))
    resources = page_resources(page, "rollkit-worker")
    result.update(marks=marks, weight=weigh(resources, site, base, gz), server=log.take())
    arrival = instant_go(page, second)
    second_roll = roll(page, 0)
    result.update(next_page=arrival, next_page_roll=second_roll, next_page_server=log.take(), errors=errors)
    page.close()
    return result


def bare_visit(ctx: Any, base: str, log: Log) -> dict[str, Any]:
    page, errors = new_page(ctx)
    log.take()
    page.goto(base + "bench-bare/", wait_until="commit")
    page.wait_for_function("() => window.__bare && (window.__bare.steps || window.__bare.failed)",
                           timeout=BOOT_TIMEOUT_MS)
    bare = page.evaluate("window.__bare")
    created = page.evaluate("window.__bench.find('worker-created').t")
    ready = page.evaluate("window.__bench.find('worker-ready').t")
    resources = page_resources(page, "bench-bare")
    page.close()
    if "failed" in bare:
        sys.exit(f"bare Pyodide page failed: {bare['failed']['error']}")
    return {"pyodide": bare["ready"]["timings"]["pyodide"], "steps": bare["steps"]["steps"],
            "created_to_ready": ready - created, "ready": ready,
            "python_transfer": sum(r["transfer"] for r in resources if is_python(r["url"])),
            "server": statuses(log.take()), "errors": errors}


# --------------------------------------------------------------------------- phases

def timed_runs(p: Any, args: argparse.Namespace, base: str, site: Path, log: Log,
               progress: Callable[[str], None]) -> list[dict[str, Any]]:
    url = base + args.page
    second = next_page(site, base, url)
    gz: dict[Path, int] = {}
    runs = []
    for n in range(args.runs):
        run: dict[str, Any] = {}
        for kind in ("click", "lazy", "bare"):
            with tempfile.TemporaryDirectory(prefix="rollkit-bench-profile-") as profile:
                ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                           viewport=VIEWPORT)
                ctx.add_init_script(script=INIT_SCRIPT)
                try:
                    for cache in ("cold", "warm"):
                        if kind == "bare":
                            run[f"bare_{cache}"] = bare_visit(ctx, base, log)
                        else:
                            run[f"{kind}_{cache}"] = site_visit(ctx, url, second, kind, log, site, base, gz)
                finally:
                    ctx.close()
        runs.append(run)
        c, w = run["click_cold"]["marks"], run["click_warm"]["marks"]
        progress(f"run {n + 1}/{args.runs}: cold first roll {c['seed']:.0f} ms, warm {w['seed']:.0f} ms;"
                 f" rollkit part {c['timings']['rollkit']:.0f}/{w['timings']['rollkit']:.0f} ms;"
                 f" bare Pyodide {run['bare_cold']['pyodide']:.0f}/{run['bare_warm']['pyodide']:.0f} ms")
    return runs


def sample_requests(site: Path) -> list[dict[str, Any]]:
    """One roll request per system, from the first widget of each system in the built site."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(site.rglob("index.html")):
        for check, state in re.findall(r'data-check="([^"]+)" data-state="([^"]+)"', path.read_text(encoding="utf-8")):
            params = json.loads(html_unescape(state))["params"]
            found.setdefault(check.split(".")[0], {"op": "roll", "check": check, "params": params, "seed": 7})
    return list(found.values())


def snapshot_what_if(p: Any, base: str, site: Path, loads: int) -> dict[str, Any]:
    """Boot with zipimport and make a memory snapshot, then boot ``loads`` workers from it."""
    with tempfile.TemporaryDirectory(prefix="rollkit-bench-profile-") as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, viewport=VIEWPORT)
        try:
            page = ctx.new_page()
            page.goto(base + "bench-snapshot/")
            return dict(page.evaluate(SNAPSHOT_JS, [loads, sample_requests(site)]))
        except Exception as error:  # noqa: BLE001 - a private API that may change: report, go on
            return {"error": str(error).splitlines()[0]}
        finally:
            ctx.close()


def sweep(browser: Any, base: str, site: Path, args: argparse.Namespace, log: Log,
          progress: Callable[[str], None]) -> dict[str, Any]:
    """Ordinary (in-memory cache) context: its second visit, then every widget page by page."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.add_init_script(script=INIT_SCRIPT)
    gz: dict[Path, int] = {}
    url = base + args.page
    out: dict[str, Any] = {"pages": [], "rolls": [], "odds": [], "skipped": []}
    try:
        visits = []
        for visit in range(2):
            page, errors = new_page(ctx)
            log.take()
            page.goto(url)
            page.evaluate("window.rollkitWidgets.start()")
            page.wait_for_function("() => document.documentElement.dataset.rollkitReady === '1'",
                                   timeout=BOOT_TIMEOUT_MS)
            visits.append({"weight": weigh(page_resources(page, "rollkit-worker"), site, base, gz),
                           "server": statuses(log.take()),
                           "timings": page.evaluate("window.rollkitWidgets.state.timings")})
            if visit == 0:
                page.close()
        out["memory_cache_visits"] = visits
        out["errors"] = errors
        page.evaluate("window.__samePage = true")
        for number, target in enumerate(widget_pages(site, base)):
            log.take()
            if page.url != target:
                arrival = instant_go(page, target)
            else:  # already there: nothing to time
                arrival = {k: None if k.endswith("_ms") else v for k, v in page.evaluate(ARRIVAL_JS, 0).items()}
            arrival["url"] = target
            arrival["server"] = log.take()
            out["pages"].append(arrival)
            for index in range(arrival["widgets"]):
                for _ in range(args.samples):
                    out["rolls"].append({"page": target, "index": index, **roll(page, index)})
                widget = page.locator("[data-rollkit-widget]").nth(index)
                found = edits(widget)
                if not found:
                    out["skipped"].append({"page": target, "index": index, "why": "no numeric field with a valid value within ±10"})
                    continue
                name, new, chance, old = found[0]
                back = str(build(widget.get_attribute("data-check"), widget.evaluate("(w) => w.rollkit.params()")).chance())
                for sample in range(args.samples):
                    forward = sample % 2 == 0
                    out["odds"].append({"page": target, "index": index, **edit(
                        page, index, name, new if forward else old, chance if forward else back)})
            progress(f"sweep {number + 1}: {urlsplit(target).path} ({arrival['widgets']} widgets)")
        out["same_page"] = page.evaluate("window.__samePage === true")
        out["boots"] = page.evaluate("document.documentElement.dataset.rollkitBoots")
    finally:
        ctx.close()
    return out


def lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse's mobile accessibility score of one page (0-100) and the ids of the audits that cost points."""
    command = [str(LIGHTHOUSE), url, "--only-categories=accessibility", "--output=json", "--output-path=stdout",
               "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
    try:
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True,
                              text=True, check=False, timeout=LIGHTHOUSE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"score": None, "failing": [], "error": f"no report within {LIGHTHOUSE_TIMEOUT_S} s"}
    try:
        lhr = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"score": None, "failing": [],
                "error": (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]}
    category, audits = lhr["categories"]["accessibility"], lhr["audits"]
    failing = [ref["id"] for ref in category["auditRefs"]
               if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1]
    score = category["score"]
    return {"score": None if score is None else round(score * 100), "failing": failing,
            "error": (lhr.get("runtimeError") or {}).get("message"), "version": lhr["lighthouseVersion"]}


def lighthouse_pages(base: str, site: Path, progress: Callable[[str], None]) -> dict[str, dict[str, Any]]:
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: scripts/setup installs it (npm ci)")
    found: dict[str, dict[str, Any]] = {}
    for path in LIGHTHOUSE_PAGES:
        if not local_file(site, base, base + path):
            sys.exit(f"{path or 'the home page'}: no such page in the built site")
        found[path] = lighthouse(base + path)
        progress(f"lighthouse /{path}: accessibility {found[path]['score']}")
    return found


# --------------------------------------------------------------------------- report

def fmt_ms(ms: float | None) -> str:
    if ms is None:
        return "–"
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def fmt_kb(n: float | None) -> str:
    if n is None:
        return "–"
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def cell(values: list[float | None], fmt: Callable[[float | None], str] = fmt_ms) -> str:
    mid, rng = median(values), spread(values)
    if mid is None or rng is None:
        return "–"
    if len([v for v in values if v is not None]) < 3 or rng[0] == rng[1]:
        return fmt(mid)
    return f"{fmt(mid)} ({fmt(rng[0])}–{fmt(rng[1])})"


def mark(ok: bool | None) -> str:
    return "" if ok is None else "✓" if ok else "✗"


def machine(browser_version: str) -> dict[str, Any]:
    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=False).stdout.strip()
        dirty = subprocess.run(["git", "--no-optional-locks", "status", "--porcelain"], cwd=ROOT,
                               capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        head, dirty = "", ""
    from importlib.metadata import version
    return {"platform": platform.platform(), "machine": platform.machine(), "cpu": cpu,
            "cpu_count": os.cpu_count(), "load_average": list(os.getloadavg()),
            "chromium": browser_version, "playwright": version("playwright"),
            "python": platform.python_version(), "commit": head, "dirty": bool(dirty)}


def age(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h" if seconds < 172800 else f"{seconds / 86400:.0f} days"


def cache_note(runs: list[dict[str, Any]], site: Path, base: str, built_at: float) -> dict[str, Any]:
    """Per run: how old the build was at the cold visit, and what the warm visit got unasked or revalidated."""
    per_run, always, ever = [], None, set()
    for run in runs:
        warm = run["click_warm"]
        files = warm["weight"]["page"]["files"] + warm["weight"]["python"]["files"]
        unasked = {f["path"] for f in files if f["transfer"] == 0 and f["body"] > 0}
        revalidated = {f["path"] for f in files if f["transfer"] > 0}
        always = unasked if always is None else always & unasked
        ever |= revalidated
        per_run.append({"build_age_s": run["click_cold"]["wall"] - built_at,
                        "gap_s": warm["wall"] - run["click_cold"]["wall"],
                        "unasked": len(unasked), "revalidated": len(revalidated), "responses": len(files)})

    def mtime_age(paths: set[str]) -> str:
        ages = [time.time() - p.stat().st_mtime for p in
                (local_file(site, base, base + path.lstrip("/")) for path in paths) if p]
        return f"{age(min(ages))}–{age(max(ages))}" if ages else "–"

    always = always or set()
    return {"runs": per_run, "always_unasked": sorted(always), "always_age": mtime_age(always),
            "sometimes_revalidated": sorted(ever), "revalidated_age": mtime_age(ever)}


def summarize(runs: list[dict[str, Any]], sw: dict[str, Any] | None) -> dict[str, Any]:
    s: dict[str, Any] = {}
    for kind in ("click", "lazy"):
        for cache in ("cold", "warm"):
            visits = [r[f"{kind}_{cache}"] for r in runs]
            ok = [v for v in visits if not v.get("lazy_never_started")]
            m = [v["marks"] for v in ok]
            s[f"{kind}_{cache}"] = {
                "fcp": [x["fcp"] for x in m], "dcl": [x["dcl"] for x in m], "chance": [x["chance"] for x in m],
                "bound": [x["bound"] for x in m], "boot": [x["boot"] for x in m], "ready": [x["ready"] for x in m],
                "seed": [x["seed"] for x in m], "click": [x["click"] for x in m],
                "click_to_seed": [sub(x["seed"], x["click"]) for x in m],
                "ready_to_seed": [sub(x["seed"], x["ready"]) for x in m],
                "pyodide": [x["timings"]["pyodide"] for x in m], "rollkit": [x["timings"]["rollkit"] for x in m],
                "created_to_ready": [sub(x["ready"], x["worker_created"]) for x in m],
                "longtask_ms": [x["longtask_ms"] for x in m],
                "nav_bound": [v["next_page"]["bound_ms"] for v in ok],
                "nav_html": [v["next_page"]["html_ms"] for v in ok],
                "nav_swap": [v["next_page"]["swap_ms"] for v in ok],
                "nav_scripts": [v["next_page"]["scripts_ms"] for v in ok],
                "nav_first_bound": [v["next_page"]["first_bound_ms"] for v in ok],
                "nav_roll": [v["next_page_roll"].get("total") for v in ok],
                "nav_boots": [v["next_page"]["boots"] for v in ok],
                "nav_ready": [v["next_page"]["ready"] for v in ok],
                "page_transfer": [v["weight"]["page"]["transfer"] for v in ok],
                "page_gzip": [v["weight"]["page"]["gzip"] for v in ok],
                "python_transfer": [v["weight"]["python"]["transfer"] for v in ok],
                "python_gzip": [v["weight"]["python"]["gzip"] for v in ok],
                "from_cache": [v["weight"]["page"]["from_cache"] + v["weight"]["python"]["from_cache"] for v in ok],
                "requests": [v["weight"]["page"]["requests"] + v["weight"]["python"]["requests"] for v in ok],
                "server": [statuses(v["server"]) for v in ok],
                "nav_server": [statuses(v["next_page_server"]) for v in ok],
                "nav_python_requests": [sum(1 for path, _ in v["next_page_server"] if is_python(path)) for v in ok],
                "never_started": len(visits) - len(ok),
                "text_before_python": all(x["fcp"] is not None and x["chance"] is not None and
                                          (x["boot"] is None or max(x["fcp"], x["chance"]) < x["boot"]) for x in m),
                "errors": sum(len(v.get("errors", [])) for v in ok),
            }
    for cache in ("cold", "warm"):
        b = [r[f"bare_{cache}"] for r in runs]
        s[f"bare_{cache}"] = {"pyodide": [x["pyodide"] for x in b], "created_to_ready": [x["created_to_ready"] for x in b],
                              **{k: [x["steps"][k] for x in b] for k in b[0]["steps"]}}
    if sw:
        rolls, odds = sw["rolls"], sw["odds"]
        s["sweep"] = {
            "widgets": len({(r["page"], r["index"]) for r in rolls}), "pages": len(sw["pages"]),
            "first_roll": rolls[0], "roll_after_first": [r.get("total") for r in rolls[1:]],
            "roll": [r.get("total") for r in rolls], "roll_worker": [r.get("worker") for r in rolls],
            "roll_python": [r.get("python") for r in rolls], "roll_errors": sum(1 for r in rolls if r["error"]),
            "odds": [o.get("total") for o in odds], "odds_after": [o.get("after_debounce") for o in odds],
            "odds_debounce": [o.get("debounce") for o in odds], "odds_python": [o.get("python") for o in odds],
            "odds_wrong": sum(1 for o in odds if not o["ok"]), "odds_widgets": len({(o["page"], o["index"]) for o in odds}),
            "nav": [pg["bound_ms"] for pg in sw["pages"]],
            "nav_html": [pg["html_ms"] for pg in sw["pages"]],
            "nav_swap": [pg["swap_ms"] for pg in sw["pages"]],
            "nav_scripts": [pg["scripts_ms"] for pg in sw["pages"]],
            "nav_first_bound": [pg["first_bound_ms"] for pg in sw["pages"]],
            "nav_all_ready": all(pg["ready"] and pg["boots"] == "1" for pg in sw["pages"]),
            "out_of_view": [pg["url"] for pg in sw["pages"]
                            if pg["first_widget_top"] is None or pg["first_widget_top"] >= pg["viewport"]],
            "slowest_roll": max(rolls, key=lambda r: r.get("total") or 0),
            "slowest_odds": max(odds, key=lambda o: o.get("total") or 0) if odds else None,
            "memory_cache_second_visit": sw["memory_cache_visits"][1],
        }
    return s


def report(meta: dict[str, Any], settings: dict[str, Any], s: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    lines: list[str] = []
    add = lines.append
    checks: list[dict[str, Any]] = []

    def target(name: str, ok: bool, detail: str) -> str:
        checks.append({"target": name, "ok": ok, "detail": detail})
        return mark(ok)

    m = meta
    timed = "click_cold" in s  # not --lighthouse-only
    add("# rollkit rules site in the browser")
    add("")
    add(f"- date: {m['date']}; machine: {m['platform']}, {m['cpu']}, {m['cpu_count']} CPUs"
        f" (load average {m['load_average'][0]:.2f} at start)")
    via = f" via Playwright {m['playwright']}" if timed else ""
    add(f"- Chromium {m['chromium']} headless{via}; commit {m['commit']}"
        f"{' + uncommitted changes' if m['dirty'] else ''}")
    if timed:
        add(f"- page `{settings['page']}`, then `{settings['second']}` by instant navigation; {settings['runs']} runs,"
            f" median (min–max); cold = fresh profile, warm = second visit in a new tab of the same profile")
    add("- server: Python http.server on 127.0.0.1, no Cache-Control, no compression")
    add("")
    if timed:
        timed_sections(settings, s, add, target)
    if s.get("lighthouse"):
        accessibility_section(s["lighthouse"], add, target)
    missed = [c for c in checks if not c["ok"]]
    add(f"Targets: {len(checks) - len(missed)} of {len(checks)} met." + (
        " Missed: " + "; ".join(f"{c['target']} ({c['detail']})" for c in missed) + "." if missed else ""))
    return "\n".join(lines), checks


def timed_sections(settings: dict[str, Any], s: dict[str, Any], add: Callable[[str], None],
                   target: Callable[[str, bool, str], str]) -> None:
    cc, cw, lc, lw = s["click_cold"], s["click_warm"], s["lazy_cold"], s["lazy_warm"]
    add("## Page load (from navigation start)")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    add(f"| first contentful paint | {cell(cc['fcp'])} | {cell(cw['fcp'])} | | |")
    add(f"| DOMContentLoaded | {cell(cc['dcl'])} | {cell(cw['dcl'])} | | |")
    add(f"| pre-rendered odds (`.rk-chance`) in the DOM | {cell(cc['chance'])} | {cell(cw['chance'])} | | |")
    add(f"| widgets bound (Roll listens) | {cell(cc['bound'])} | {cell(cw['bound'])} | | |")
    text_ok = all(s[k]["text_before_python"] for k in ("click_cold", "click_warm", "lazy_cold", "lazy_warm"))
    ok = target("text and odds never wait for Python", text_ok,
                "FCP and .rk-chance precede data-rollkit-boots in every run")
    add(f"| text and odds before the worker starts, every run | {'yes' if text_ok else 'no'} |"
        f" | never wait for Python | {ok} |")
    add(f"| click: Roll clicked (page painted, widget bound) | {cell(cc['click'])} | {cell(cw['click'])} | | |")
    add(f"| click: worker ready | {cell(cc['ready'])} | {cell(cw['ready'])} | | |")
    first_ok = (median(cc["seed"]) or 1e9) < TARGETS["first_roll_ms"]
    ok = target("cold first roll < 1.5 s (aspirational)", first_ok, fmt_ms(median(cc["seed"])))
    add(f"| click: worker ready → those dice shown (the first request) | {cell(cc['ready_to_seed'])} |"
        f" {cell(cw['ready_to_seed'])} | | |")
    add(f"| click: **first dice shown** (cold first roll) | {cell(cc['seed'])} | {cell(cw['seed'])} |"
        f" < 1.5 s (aspirational) | {ok} |")
    add(f"| click: main-thread long tasks while booting | {cell(cc['longtask_ms'])} | {cell(cw['longtask_ms'])} | | |")
    add(f"| lazy: worker started (no interaction) | {cell(lc['boot'])} | {cell(lw['boot'])} | | |")
    add(f"| lazy: worker ready | {cell(lc['ready'])} | {cell(lw['ready'])} | | |")
    if lc["never_started"] or lw["never_started"]:
        add(f"| lazy: never started within {LAZY_TIMEOUT_MS / 1000:.0f} s | {lc['never_started']} runs |"
            f" {lw['never_started']} runs | | |")
    add("")

    bc, bw = s["bare_cold"], s["bare_warm"]
    add("## Python start-up (inside the worker)")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    add(f"| site worker: `loadPyodide` | {cell(cc['pyodide'])} | {cell(cw['pyodide'])} | | |")
    rk_ok = max(median(cc["rollkit"]) or 1e9, median(cw["rollkit"]) or 1e9) < TARGETS["rollkit_ms"]
    ok = target("rollkit start-up on top of Pyodide < 200 ms", rk_ok,
                f"{fmt_ms(median(cc['rollkit']))} cold, {fmt_ms(median(cw['rollkit']))} warm")
    add(f"| site worker: **rollkit start-up on top** | {cell(cc['rollkit'])} | {cell(cw['rollkit'])} | < 200 ms |"
        f" {ok} |")
    add(f"| site worker: created → ready | {cell(cc['created_to_ready'])} | {cell(cw['created_to_ready'])} | | |")
    add(f"| bare page: `loadPyodide` (same files) | {cell(bc['pyodide'])} | {cell(bw['pyodide'])} | | |")
    add(f"| bare page: worker created → ready | {cell(bc['created_to_ready'])} | {cell(bw['created_to_ready'])} | | |")
    for step, label in (("loadPackage", "`loadPackage(\"rollkit\")` (wheel fetch, sha256, install)"),
                        ("stdlib_imports", "stdlib modules rollkit imports"),
                        ("import_rollkit", "`import rollkit` (compiled from source)"),
                        ("import_systems", "the five system modules (`rollkit.SYSTEMS`)"),
                        ("import_params", "`from rollkit._params import request`"),
                        ("first_request", "then the first `request()` (a roll; systems already imported)")):
        add(f"| split (bare page, after its boot): {label} | {cell(bc[step])} | {cell(bw[step])} | | |")
    add(f"| what-if: compiling rollkit's sources (saved by shipping .pyc) | {cell(bc['compile_sources'])} |"
        f" {cell(bw['compile_sources'])} | | |")
    add(f"| what-if: wheel on `sys.path` via zipimport instead of `loadPackage` | {cell(bc['zipimport_setup'])} |"
        f" {cell(bw['zipimport_setup'])} | | |")
    add("")

    wi = s.get("what_if") or {}
    add("What-if, once (private Pyodide API, fresh profile): rollkit put on `sys.path` from its wheel instead of"
        " `loadPackage`, then a memory snapshot (`_makeSnapshot`, `makeMemorySnapshot`, `_loadSnapshot`).")
    add("")
    add("| what-if | result |")
    add("|---|---|")
    if "error" in wi:
        add(f"| memory snapshot | failed: {wi['error']} |")
    else:
        restored = wi["restored"]
        add(f"| `loadPyodide` (cold) / then rollkit via zipimport, every module imported | {fmt_ms(wi['pyodide'])} / {fmt_ms(wi['rollkit'])} |")
        add(f"| snapshot made in | {fmt_ms(wi['make'])}, {fmt_kb(wi['size'])} ({fmt_kb(wi['gzip'])} gzipped) |")
        failures = [r.get("error") or r.get("failed") for r in restored if r.get("error") or r.get("failed")]
        rolled = "yes" if not failures and all(r.get("ok") == r.get("of") for r in restored) else \
            f"NO ({failures[0] if failures else 'some requests failed'})"
        add(f"| new worker restored from it → rollkit ready ({len(restored)}×, wasm cached) |"
            f" {cell([r.get('boot') for r in restored])}; a roll of each system answered: {rolled} |")
    add("")

    sw = s.get("sweep")
    if sw:
        add(f"## Every widget ({sw['widgets']} widgets on {sw['pages']} pages, {settings['samples']}"
            f" sample(s) each, worker already running)")
        add("")
        add("| measure | median | max | target | |")
        add("|---|---|---|---|---|")
        roll_max = max(v for v in sw["roll"] if v is not None)
        slow = sw["slowest_roll"]
        ok = target("roll < 50 ms for every widget", roll_max < TARGETS["roll_ms"],
                    f"max {fmt_ms(roll_max)} ({urlsplit(slow['page']).path} #{slow['index']})")
        add(f"| **click Roll → dice shown** | {fmt_ms(median(sw['roll']))} | {fmt_ms(roll_max)} | < 50 ms | {ok} |")
        first = sw["first_roll"]
        add(f"| the very first roll after the worker is ready ({urlsplit(first['page']).path} #{first['index']}) |"
            f" {fmt_ms(first.get('total'))} | | | |")
        add(f"| every other roll | {fmt_ms(median(sw['roll_after_first']))} |"
            f" {fmt_ms(max((v for v in sw['roll_after_first'] if v is not None), default=None))} | < 50 ms | |")
        add(f"| of which: request → answer (worker) | {fmt_ms(median(sw['roll_worker']))} |"
            f" {fmt_ms(max(v for v in sw['roll_worker'] if v is not None))} | | |")
        add(f"| of which: Python inside the worker | {fmt_ms(median(sw['roll_python']))} |"
            f" {fmt_ms(max(v for v in sw['roll_python'] if v is not None))} | | |")
        if sw["odds"]:
            odds_max = max(v for v in sw["odds"] if v is not None)
            after_max = max(v for v in sw["odds_after"] if v is not None)
            ok = target("odds update < 50 ms for every widget (as the reader sees it)",
                        odds_max < TARGETS["odds_ms"],
                        f"max {fmt_ms(odds_max)}, of which {fmt_ms(median(sw['odds_debounce']))} is debounce")
            add(f"| **edit a field → odds shown** (input event to odds on screen) | {fmt_ms(median(sw['odds']))} |"
                f" {fmt_ms(odds_max)} | < 50 ms | {ok} |")
            ok = target("odds update < 50 ms, from the request being sent", after_max < TARGETS["odds_ms"],
                        f"max {fmt_ms(after_max)}")
            add(f"| odds: request sent → odds shown | {fmt_ms(median(sw['odds_after']))} |"
                f" {fmt_ms(after_max)} | < 50 ms | {ok} |")
            add(f"| of which: Python inside the worker | {fmt_ms(median(sw['odds_python']))} |"
                f" {fmt_ms(max(v for v in sw['odds_python'] if v is not None))} | | |")
        add(f"| widgets edited / odds equal to CPython's | {sw['odds_widgets']}/{sw['widgets']} |"
            f" {len(sw['odds']) - sw['odds_wrong']}/{len(sw['odds'])} | | |")
        add("")

    add("## Instant navigation to another page (worker already running)")
    add("")
    add("| measure | median | max | target | |")
    add("|---|---|---|---|---|")
    nav_values = [v for v in cc["nav_bound"] + cw["nav_bound"] + (sw["nav"] if sw else []) if v is not None]
    no_reboot = all(b == "1" for b in cc["nav_boots"] + cw["nav_boots"]) and all(cc["nav_ready"] + cw["nav_ready"]) \
        and (sw["nav_all_ready"] if sw else True)
    nav_ok = bool(nav_values) and max(nav_values) < TARGETS["nav_ms"] and no_reboot
    add(f"| click → second page's widgets bound, cold profile | {fmt_ms(median(cc['nav_bound']))} |"
        f" {fmt_ms(max(v for v in cc['nav_bound'] if v is not None))} | < 100 ms | |")
    add(f"| same, warm profile | {fmt_ms(median(cw['nav_bound']))} | {fmt_ms(max(v for v in cw['nav_bound'] if v is not None))} | < 100 ms | |")
    if sw:
        add(f"| same, every widget page in the sweep | {fmt_ms(median(sw['nav']))} |"
            f" {fmt_ms(max(v for v in sw['nav'] if v is not None))} | < 100 ms | |")
    add(f"| worker ready on arrival, `rollkitBoots` still 1 | {'yes' if no_reboot else 'NO'} | | no second boot | |")
    ok = target("second page widgets ready < 100 ms", nav_ok,
                f"max {fmt_ms(max(nav_values))}, no second boot: {no_reboot}")
    add(f"| **second page's widgets ready** (all of the above) | {fmt_ms(median(nav_values))} |"
        f" {fmt_ms(max(nav_values))} | < 100 ms | {ok} |")
    for key, label in (("nav_html", "page HTML fetched (XHR)"), ("nav_swap", "content swapped in"),
                       ("nav_scripts", "scripts inside the content loaded again (`md-content.js`)"),
                       ("nav_first_bound", "first widget bound (Material's own `document$` subscribers run first)")):
        values = [v for v in cc[key] + cw[key] + (sw[key] if sw else []) if v is not None]
        add(f"| of which, from the click: {label} | {fmt_ms(median(values))} |"
            f" {fmt_ms(max(values) if values else None)} | | |")
    add(f"| then click Roll → dice shown there | {fmt_ms(median(cc['nav_roll'] + cw['nav_roll']))} |"
        f" {fmt_ms(max(v for v in cc['nav_roll'] + cw['nav_roll'] if v is not None))} | | |")
    add("")

    add("## Weight and cache")
    add("")
    add("| measure | cold | warm | target | |")
    add("|---|---|---|---|---|")
    page_kb = (median(cc["page_transfer"]) or 0) / 1000
    gzip_kb = (median(cc["page_gzip"]) or 0) / 1000
    ok = target("page weight before Python < 500 KB", page_kb < TARGETS["page_kb"],
                f"{page_kb:.0f} KB as served (no compression), {gzip_kb:.0f} KB gzipped")
    add(f"| **rules page without Python** (transferred) | {cell(cc['page_transfer'], fmt_kb)} |"
        f" {cell(cw['page_transfer'], fmt_kb)} | < 500 KB | {ok} |")
    add(f"| same files gzipped (a host that compresses) | {cell(cc['page_gzip'], fmt_kb)} | | < 500 KB | |")
    add(f"| Python for the first roll (worker, Pyodide, wheel) | {cell(cc['python_transfer'], fmt_kb)} |"
        f" {cell(cw['python_transfer'], fmt_kb)} | | |")
    add(f"| same files gzipped | {cell(cc['python_gzip'], fmt_kb)} | | | |")
    reqs = median(cw["requests"])
    add(f"| responses from the HTTP cache (transferSize 0) | {cell(cc['from_cache'], lambda v: f'{v:.0f}')} |"
        f" {cell(cw['from_cache'], lambda v: f'{v:.0f}')} of {reqs:.0f} | | |")

    def server_cell(items: list[dict[str, int]]) -> str:
        total: dict[str, list[int]] = {}
        for item in items:
            for status in set(item) | set(total):
                total.setdefault(status, []).append(item.get(status, 0))
        if not total:
            return "none"
        return ", ".join(f"{median(v):.0f}× {k}" for k, v in sorted(total.items()) if median(v)) or "none"

    add(f"| requests the server saw, page + first roll | {server_cell(cc['server'])} | {server_cell(cw['server'])} | | |")
    add(f"| instant navigation: requests the server saw | {server_cell(cc['nav_server'])} |"
        f" {server_cell(cw['nav_server'])} | | |")
    add(f"| instant navigation: Python files fetched again | {median(cc['nav_python_requests']):.0f} |"
        f" {median(cw['nav_python_requests']):.0f} | 0 | |")
    if sw:
        mem = sw["memory_cache_second_visit"]
        add(f"| second visit in an ordinary (in-memory cache) context: downloaded again |"
            f" | {fmt_kb(mem['weight']['python']['transfer'] + mem['weight']['page']['transfer'])}"
            f" ({', '.join(f['path'].rsplit('/', 1)[-1] for f in mem['weight']['python']['files'] if f['transfer'] > 1000) or 'nothing large'}) | | |")
    add("")

    cache = s.get("cache_note")
    if cache:
        runs_text = "; ".join(f"build {r['build_age_s']:.0f} s old, warm visit {r['gap_s']:.0f} s later:"
                              f" {r['unasked']} unasked, {r['revalidated']} revalidated" for r in cache["runs"])
        names = ", ".join(p.rstrip("/").rsplit("/", 1)[-1] for p in cache["always_unasked"]) or "nothing"
        add("HTTP cache with no `Cache-Control`: Chromium gives each response a heuristic freshness of 10% of its"
            f" `Last-Modified` age. Always taken from the cache without a request on the warm visit: {names}"
            f" (files {cache['always_age']} old now: `docs_tools/runtime.py` copies them with their mtime from"
            f" node_modules and build/wheel). The files mkdocs has just"
            f" written ({len(cache['sometimes_revalidated'])} of them, {cache['revalidated_age']} old now) stay fresh"
            f" only seconds, so whether they are revalidated (304, one round trip each) depends on the build's age:"
            f" {runs_text}. On a real host its headers decide (GitHub Pages sends `Cache-Control: max-age=600`).")
        add("")
    errors = sum(s[k]["errors"] for k in ("click_cold", "click_warm", "lazy_cold", "lazy_warm"))
    if errors:
        add(f"**{errors} page errors** were raised during the visits (see the JSON).")
        add("")
    if sw and sw["out_of_view"]:
        add(f"{len(sw['out_of_view'])} of {sw['pages']} widget pages have no widget in the first"
            f" {VIEWPORT['width']}x{VIEWPORT['height']} viewport; Python starts there too, once the page is idle.")
        add("")


def accessibility_section(found: dict[str, dict[str, Any]], add: Callable[[str], None],
                          target: Callable[[str, bool, str], str]) -> None:
    version = next((got["version"] for got in found.values() if "version" in got), "?")
    add("## Accessibility (Lighthouse, mobile)")
    add("")
    add(f"Lighthouse {version}, accessibility category only, its default mobile emulation,"
        " on the same build and server; an audit is listed when it costs points.")
    add("")
    add("| page | score | audits failed | target | |")
    add("|---|---|---|---|---|")
    for path, got in found.items():
        score, failing = got["score"], ", ".join(f"`{a}`" for a in got["failing"])
        ok = target(f"Lighthouse accessibility {TARGETS['accessibility']} on /{path}",
                    score == TARGETS["accessibility"], got["error"] or f"{score}; failed: {failing or 'none'}")
        add(f"| `/{path}` | {'–' if score is None else score} | {got['error'] or failing or 'none'} |"
            f" {TARGETS['accessibility']} | {ok} |")
    add("")


# --------------------------------------------------------------------------- main

def run(args: argparse.Namespace) -> int:
    from playwright.sync_api import sync_playwright

    began = time.perf_counter()

    def progress(message: str) -> None:
        print(f"[{time.perf_counter() - began:6.1f} s] {message}", file=sys.stderr, flush=True)

    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: scripts/setup installs Debian's chromium")
    log = Log()
    serve_static._Handler.log_request = (  # type: ignore[method-assign]
        lambda self, code="-", size="-": log.entries.append((self.path.split("?")[0], str(code))))
    with tempfile.TemporaryDirectory(prefix="rollkit-bench-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        site = Path(tmp) / "site"
        build_s = build_site(site, base)
        built_at = time.time()
        progress(f"built the site in {build_s:.1f} s; serving it on {base}")
        if not local_file(site, base, base + args.page):
            sys.exit(f"--page {args.page}: no such page in the built site")
        server = serve_static.serve(site, port=port)
        runs: list[dict[str, Any]] = []
        sw: dict[str, Any] | None = None
        summary: dict[str, Any] = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                meta = {"date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                        **machine(browser.version)}
                try:
                    if not args.lighthouse_only:
                        runs = timed_runs(p, args, base, site, log, progress)
                        what_if = snapshot_what_if(p, base, site, 3)
                        progress("what-if: memory snapshot " + (what_if["error"] if "error" in what_if else
                                 f"restored in {fmt_ms(median(r.get('boot') for r in what_if['restored']))}"))
                        sw = None if args.no_sweep else sweep(browser, base, site, args, log, progress)
                        summary = {**summarize(runs, sw), "what_if": what_if,
                                   "cache_note": cache_note(runs, site, base, built_at)}
                finally:
                    browser.close()
            summary["lighthouse"] = lighthouse_pages(base, site, progress)
        finally:
            server.shutdown()
            server.server_close()
        settings = {"page": args.page, "second": urlsplit(next_page(site, base, base + args.page)).path,
                    "runs": args.runs, "samples": args.samples, "quick": args.quick,
                    "viewport": VIEWPORT, "targets": TARGETS, "build_s": build_s,
                    "seconds": time.perf_counter() - began}
        text, checks = report(meta, settings, summary)
    print(text)
    progress("done")
    if args.json:
        Path(args.json).write_text(json.dumps({"meta": meta, "settings": settings, "targets": checks,
                                               "summary": summary, "runs": runs, "sweep": sw},
                                              indent=1, default=str), encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 runs, one sample per widget")
    parser.add_argument("--runs", type=int, help="cold/warm visits per measure (5; --quick 2)")
    parser.add_argument("--samples", type=int, help="rolls and edits per widget in the sweep (2; --quick 1)")
    parser.add_argument("--page", default=DEFAULT_PAGE,
                        help=f"the rules page to load, relative to the site (default {DEFAULT_PAGE})")
    parser.add_argument("--no-sweep", action="store_true", help="skip the every-widget sweep")
    parser.add_argument("--lighthouse-only", action="store_true",
                        help="only Lighthouse's accessibility scores of the home, Hits and Again pages")
    parser.add_argument("--json", metavar="PATH", help="also write the raw numbers as JSON")
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 2 if args.quick else 5
    if args.samples is None:
        args.samples = 1 if args.quick else 2
    if args.runs < 1 or args.samples < 1:
        parser.error("--runs and --samples must be at least 1")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
