// Start only when wanted: the first interaction with a widget starts Python at once;
// a widget coming near the viewport starts it once the page has loaded and the browser
// is idle, unless the reader asked to save data (then only an interaction does). Pages
// without widgets, and widgets far below, download nothing.

import { start, state } from "./client.mjs";
import { SAVE_DATA, idle } from "./page.mjs";

let near = null;
// Not before the page's load event: Python's downloads and start-up would compete with the
// page's own scripts and layout (on a phone, or a two-core machine, that shows as blocking time).
const loaded = new Promise((resolve) => {
  if (document.readyState === "complete") resolve();
  else window.addEventListener("load", resolve, { once: true });
});

export function watch(roots) {
  near?.disconnect();
  if (SAVE_DATA || state.ready || !roots.length) return;
  const boots = state.boots; // once the reader has started Python (or tried to), this page no longer does
  near = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    loaded.then(() => idle(() => { if (state.boots === boots) start(); }, { timeout: 1000 }));
  }, { rootMargin: "600px 0px" });
  for (const root of roots) near.observe(root);
}
