// The memory snapshot (docs_tools/sitebuild/snapshot.py): once this page's Python is ready, the
// site's service worker is asked, when the browser is idle, to keep it in the background (sw.js,
// "rollkit-keep-snapshot"); the next visits, online or offline, start Python from it. A first
// visit never waits for it, and under data saver it is never asked for.
import { SAVE_DATA, idle } from "./page.mjs";

export function keepSnapshot() {
  if (SAVE_DATA || !("serviceWorker" in navigator)) return;
  const root = document.documentElement;
  const ask = async () => {
    const registration = await navigator.serviceWorker.ready; // once the site is kept (offline.mjs)
    idle(() => registration.active?.postMessage({ type: "rollkit-keep-snapshot" }), { timeout: 5000 });
  };
  if (root.dataset.rollkitReady) return void ask();
  const watching = new MutationObserver(() => {
    if (!root.dataset.rollkitReady) return;
    watching.disconnect();
    ask();
  });
  watching.observe(root, { attributes: true, attributeFilter: ["data-rollkit-ready"] });
}
