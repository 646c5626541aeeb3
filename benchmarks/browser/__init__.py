"""Benchmark the rules site in a real browser: page load, Python start-up, rolls, odds, weight.

    .venv/bin/python scripts/bench_browser.py                  # full run (about 2.5 minutes on 2 cores)
    .venv/bin/python scripts/bench_browser.py --quick          # 2 runs, one sample a widget
    .venv/bin/python scripts/bench_browser.py --json out.json  # also write every raw number
    .venv/bin/python scripts/bench_browser.py --lighthouse-only  # just Lighthouse (5 runs a page: about 4 minutes)
    .venv/bin/python scripts/bench_browser.py --no-lighthouse    # everything but Lighthouse

Builds the site into a temporary directory with ``scripts/build`` (the project's one build
entry point, ``mkdocs build --strict``), serves it with
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
  ``rollkit`` = everything after it until ready but ``firstRoll``, the page's first widget
  rolled once before ready, its own row) against a bare page copied into the
  temporary site (``pages/bench-bare/``) whose module worker only runs ``loadPyodide`` on
  Pyodide as npm ships it (the same files, but npm's own standard library zip, whose modules
  Python compiles at every start, instead of the site's compiled one), told where the runtime
  is by the build's configuration (``runtime.json``). After its timed boot the bare worker
  splits rollkit's part, started through the site's own boot module (``boot.mjs``, copied next
  to it), into putting the wheel on ``sys.path``, the standard-library imports rollkit needs,
  ``import rollkit``, the systems and the worker's entry point, and times two what-ifs:
  compiling rollkit's sources (what the shipped .pyc save, ``what_if.py``) and Pyodide's own
  ``loadPackage("rollkit")`` (what the wheel on ``sys.path`` saves).
* **The first roll** of each kind of visit, click on Roll to dice shown: cold (the moonshot),
  warm (a second visit, from the browser's cache) and offline (a second visit with the
  network off once the site's service worker has kept the site), against a bare boot; and on
  a phone network (``targets.PHONE``: Lighthouse's Slow 4G and a 4x slower CPU through the
  DevTools protocol, fresh profile, Roll tapped a second after load), with what the widget
  said while Python loaded.
* **Python's downloads**: when the site worker asked for each of its files and had it
  (Resource Timing inside the worker, from the worker's start), on the cold click visits and
  on as many cold visits of the same site served by a second server that holds every
  response back ``--delay`` ms (a distant host, where a chain of requests one after the
  other costs a round trip each): the worker asks for Pyodide's files at once.
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
  but ``rollkit-worker.mjs`` and ``pyodide/``) and Python, as transferred (compressed);
  with what ``gzip -6`` would make of the same files, and how many requests rollkit's page
  script took (its modules are bundled into one). Cache reuse: responses with
  ``transferSize`` 0 (from the HTTP cache), and every request the server saw (200 or
  304), per phase.
* **Lighthouse** (npm ``lighthouse``, pinned in ``package.json``; its own headless
  Chromium, default mobile emulation and simulated throttling) on the home, Hits and
  Again pages, ``--lighthouse-runs`` times each: the performance score (the run with the
  median score, its metrics), the bytes each page transferred before Python, and the
  accessibility score with the ids of the audits that cost points.

The server is ``scripts.serve_static`` (as ``scripts/serve``): the build's precompressed
copies by ``Accept-Encoding`` (``docs_tools.sitebuild.compress``), ``Cache-Control: public,
max-age=31536000, immutable`` for the content-hashed runtime (``pyodide/<hash>/``) only,
and elsewhere no ``Cache-Control`` and a ``Last-Modified`` from the file's mtime: Chromium
uses heuristic freshness (10% of the file's age) there, so the freshly built HTML/CSS/JS
stay fresh only seconds and are revalidated.

Instrumentation is an init script (no change to the site), ``js/instrument.mjs``: it wraps
``Worker`` to stamp creation, messages and replies, hooks the ``rollkit`` property that
``rollkit.mjs`` sets on each widget, observes the attributes named above, and defines the
probes that read those stamps. All JavaScript is in real ES modules, ``js/*.mjs`` and
``pages/*/*.mjs`` (see ``probes``); Python only calls ``window.__bench[name](...)``.

Modules: ``site_build`` (build, bench pages, widget pages), ``measure`` (the visits and
the sweep), ``lighthouse``, ``summary``, ``report`` and ``run`` (the command line).

Touches nothing in the repository but ``build/wheel`` and ``build/compressed`` (the caches
the site build uses).
"""
