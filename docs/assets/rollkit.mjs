// rollkit widgets: make every [data-rollkit-widget] live, with rollkit running in Pyodide
// inside one module worker shared by all widgets and across instant navigation.
//
// This entry module wires the modules of rollkit/, one a concern: client.mjs (the worker
// client), widget.mjs (a widget), lazy.mjs (Python starts only when wanted), need.mjs ("What do I need?"), offline.mjs (the
// service worker and its updates), log.mjs (the roll log), page.mjs (the one DOM builder), sheet.mjs (the reader's
// characters: the Characters page, and the widgets that use one), leave.mjs (what a page left releases) and config.mjs (the build's configuration). The build step bundles them into this one file (docs_tools.sitebuild.bundle), so
// a page makes one request for it; a bare mkdocs or zensical build serves them as they are.
// against.mjs binds a widget's chance against a field, and the points of every page's charts;
// print.mjs gives a printed widget the link to the values the reader left it with.
// glossary.mjs lets Escape hide a glossary term's definition.
// worked.mjs shows a worked example's Replay and loads its dice into the widget it names.
// runnable.mjs gives every pycon block Edit, Run and Reset (its code runs in the same worker).
// snapshot.mjs asks the service worker to keep Python's memory snapshot once Python is ready.

import { CONFIG } from "./rollkit/config.mjs";
import { announcePage, start, state, stop, useWorker, warm, widgets } from "./rollkit/client.mjs";
import { watch } from "./rollkit/lazy.mjs";
import { SAVE_DATA } from "./rollkit/page.mjs";
import { leave } from "./rollkit/leave.mjs";
import { keepLog } from "./rollkit/log.mjs";
import { keepOffline, reloadForUpdate } from "./rollkit/offline.mjs";
import { bindEditor, useCharacters, watchStorage } from "./rollkit/sheet.mjs";
import { bindNeed } from "./rollkit/need.mjs";
import { Widget } from "./rollkit/widget.mjs";
import { bindAgainst, bindPoints } from "./rollkit/against.mjs";
import { keepPrintLinks } from "./rollkit/print.mjs";
import { bindTerms } from "./rollkit/glossary.mjs";
import { bindWorked, keepWorked } from "./rollkit/worked.mjs";
import { bindExamples } from "./rollkit/runnable.mjs";
import { keepSnapshot } from "./rollkit/snapshot.mjs";

const SITE = new URL("../", import.meta.url); // the site's root: this module is its assets/rollkit.mjs
useWorker(CONFIG.runtime && new URL(`${CONFIG.runtime}rollkit-worker.mjs`, SITE), CONFIG.worker);

function bindAll() {
  if (state.stale) return reloadForUpdate(); // another build now serves the site: load this page whole
  leave(); // the page left: what rollkit bound to its nodes is released (leave.mjs)
  widgets.clear();
  state.page += 1;
  state.used = performance.now();
  announcePage();
  const roots = [...document.querySelectorAll("[data-rollkit-widget]")];
  // the first widget says the page's state (Python loading, live): its status line is kept
  // from the start, so that the news moves nothing on the page
  roots.forEach((root, i) => root.classList.toggle("rk-page-status", i === 0));
  for (const root of roots) {
    if (!root.rollkit) root.rollkit = new Widget(root);
    bindAgainst(root);
    widgets.add(root.rollkit);
    bindNeed(root); // "What do I need?" (need.mjs)
    root.rollkit.replay();
    if (root.dataset.rollPending) { // Roll was pressed before this script had bound it
      delete root.dataset.rollPending;
      root.rollkit.roll();
    }
    if (SAVE_DATA && !state.ready) root.rollkit.status("Data saver is on: Python downloads when you use a widget.", "idle", true);
  }
  useCharacters(roots, SITE);
  bindWorked();
  bindEditor();
  bindExamples(); // the page's pycon blocks (runnable.mjs); Python starts only when one is run
  watch(roots);
  warm();
}
watchStorage(() => useCharacters([...document.querySelectorAll("[data-rollkit-widget]")], SITE));

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

keepOffline(SITE);
keepSnapshot();
keepLog(SITE);
bindPoints();
keepPrintLinks();
bindTerms();
keepWorked();
