// Offline use: the site's service worker (sw.js at the site's root, written by the build step
// from docs_tools/sitebuild/sw.js) keeps the pages and the Python runtime after the first visit, so
// the site opens and its widgets roll with the network off. It is registered once the page has
// loaded and the browser is idle (when Python is starting, once it is ready and the reader has
// paused for a few seconds), so that keeping the files never competes with reading or rolling.
// When a new build has been kept while an older one runs this page, a small notice offers to
// reload; nothing reloads by itself. The first copy kept is said once.

import { state } from "./client.mjs";
import { SAVE_DATA, announce, build, idle } from "./page.mjs";

const KEEP_AFTER_PAUSE_MS = 3000; // with Python starting, the offline copy waits for such a pause
const UPDATE_CHECK_MS = 10 * 60_000; // look for a new build at most this often between full loads
const offline = { registration: null, notice: null, reloading: false, checked: Date.now(), site: null };

function updateNotice() {
  if (offline.notice) return offline.notice;
  const notice = build(["div", { class: "rk-update", role: "region", "aria-label": "Site update" },
    ["p", {}, "A new version of this site is ready."],
    ["button", { type: "button", class: "rk-update-reload" }, "Reload"],
    ["button", { type: "button", class: "rk-update-later" }, "Not now"]]);
  const reload = notice.querySelector(".rk-update-reload");
  const later = notice.querySelector(".rk-update-later");
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

// The first copy of the site kept (no build kept before: no service worker controlled the page),
// said once, politely: visibly at the page's end, and in the status region. A flag in the
// reader's storage (per site) keeps a second tab, or a later copy, from saying it again.
const KEPT_SAID = "rollkit-offline-kept-said";

function keptSaid() {
  const key = `${KEPT_SAID} ${offline.site.pathname}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, new Date().toISOString());
  } catch (error) { /* storage off: said on this page all the same */ }
  const text = SAVE_DATA
    ? "This site is now kept for offline use: its pages open without a network, and its widgets too once you have used one."
    : "This site is now kept for offline use: its pages open and its widgets roll without a network.";
  const notice = build(["div", { class: "rk-update", role: "region", "aria-label": "Offline copy", "data-rollkit-offline": "kept" },
    ["p", {}, text], ["button", { type: "button", class: "rk-update-later" }, "OK"]]);
  notice.querySelector(".rk-update-later").addEventListener("click", () => { notice.hidden = true; });
  document.body.append(notice);
  announce(text);
}

function watchInstall(registration) {
  const incoming = registration.installing;
  if (!incoming) return;
  const first = !navigator.serviceWorker.controller && !registration.active;
  incoming.addEventListener("statechange", () => {
    if (incoming.state === "installed" && navigator.serviceWorker.controller) offerUpdate();
    else if (incoming.state === "activated" && first) keptSaid();
  });
}

async function register() {
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", offline.site), { scope: offline.site.href });
  } catch (error) { // a bare mkdocs/zensical build has no sw.js; the site works as before
    console.info(`rollkit: no offline copy (${error.message})`);
    return;
  }
  if (!registration) return; // registration blocked (an automated browser's setting): as without sw.js
  offline.registration = registration;
  if (navigator.serviceWorker.controller) registration.update().catch(() => {}); // a new build?
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate();
  watchInstall(registration);
  registration.addEventListener("updatefound", () => watchInstall(registration));
}

const RELOADED = "rollkit-reloaded-for-update"; // sessionStorage: this load replaced a page of an older build

// A page change after another tab updated the site: a full load of the new page instead, said
// on it once it has loaded.
export function reloadForUpdate() {
  try { sessionStorage.setItem(RELOADED, "1"); } catch (error) { /* storage off: reload all the same */ }
  window.location.reload();
}

// A link followed in a page another tab's update left behind: a full load, said on the new
// page, before the theme's instant navigation could swap the new build's page in.
function leaveForUpdate(event) {
  if (!state.stale || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest?.("a[href]");
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href, document.baseURI);
  if (url.origin !== location.origin || !url.pathname.startsWith(offline.site.pathname)) return;
  if (url.pathname === location.pathname && url.search === location.search) return; // a fragment
  event.preventDefault();
  event.stopImmediatePropagation();
  try { sessionStorage.setItem(RELOADED, "1"); } catch (error) { /* storage off: load it all the same */ }
  window.location.assign(url.href);
}

function reloadedSaid() {
  let reloaded = false;
  try {
    reloaded = sessionStorage.getItem(RELOADED) === "1";
    sessionStorage.removeItem(RELOADED);
  } catch (error) { return; }
  if (!reloaded) return;
  const text = "This page was loaded again: the site was updated in another tab while it was open, and its widgets now run the new version.";
  const notice = build(["div", { class: "rk-update", role: "region", "aria-label": "Site update" },
    ["p", {}, text], ["button", { type: "button", class: "rk-update-later" }, "OK"]]);
  notice.querySelector(".rk-update-later").addEventListener("click", () => { notice.hidden = true; });
  document.body.append(notice);
  announce(text);
}

// The service worker of the site whose root is `site` (a URL), its scope that root.
export function keepOffline(site) {
  if (!("serviceWorker" in navigator)) return;
  offline.site = site;
  // Another tab's Reload hands this page to a newer build's service worker: the page keeps
  // running this build's scripts, so its next page change is a full load (see rollkit.mjs),
  // never this build's scripts on that build's page.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (offline.reloading) window.location.reload();
    else if (controlled) state.stale = true;
    controlled = true;
  });
  window.addEventListener("click", leaveForUpdate, true);
  reloadedSaid();
  // A widget near the screen has started Python a second after the page settles (see watch):
  // then the runtime is downloaded once, by Python, and kept from the browser's HTTP cache.
  // When Python is starting, the copy waits until it is ready and the reader has paused (no
  // roll, edit or page change) for a few seconds: keeping the site (about 20 MB) would slow what they do.
  const paused = async () => {
    await state.ready.catch(() => {});
    for (let quiet = 0; quiet < KEEP_AFTER_PAUSE_MS; quiet = performance.now() - state.used) {
      await new Promise((resolve) => setTimeout(resolve, KEEP_AFTER_PAUSE_MS - quiet));
    }
  };
  const settled = () => idle(() => setTimeout(() => idle(async () => {
    if (state.ready) await paused();
    idle(register, { timeout: 5000 });
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
