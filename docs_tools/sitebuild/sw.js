// rollkit's service worker: the template of the sw.js that the build step writes at the
// site's root (docs_tools/sitebuild/offline.py puts the manifest in place of the empty one
// below). After the first visit it keeps every page, the site's assets, the search index and the
// Python runtime (Pyodide, the rollkit wheel, the lock file and rollkit's worker), so that the
// site opens and its widgets roll with the network off.
//
// - One cache per build: "rollkit-offline <site path> <version>", the version being a hash
//   of every kept file. A new build installs into a new cache (a file whose content an older
//   cache holds, even at another address such as a new pyodide/<hash>/ folder, is copied
//   from it, not downloaded again) and waits until the page asks it to take over (the reader
//   presses Reload); then the old caches of this site are deleted. Other sites on the same
//   origin (other sub-paths) keep theirs.
// - A file is kept only when its content is the one the manifest names (its SHA-256): a bad
//   download fails the install (the next visit tries again) and is never copied into a later
//   build's cache.
// - Kept files are answered from the cache, else from the network (and kept). A page opened
//   with a query string (a shared link: ?rk=...&p.dice=...) is the page without it.
// - With the browser's data saver on, the install keeps the pages and assets only; the
//   runtime is kept when a widget first downloads it.
// - The memory snapshot (MANIFEST.background) is never part of the install: a page asks for it
//   ("rollkit-keep-snapshot", rollkit/snapshot.mjs) once its Python is ready, and it is then
//   fetched and kept here, checked like every file, never under data saver. The worker restores
//   it only once it is kept here, so returning and offline visits start Python from it.
"use strict";

const MANIFEST = /* MANIFEST */ { version: "", files: {}, background: {}, runtime: [], fallback: "404.html" };

const BASE = new URL("./", self.location.href);
const PREFIX = `rollkit-offline ${BASE.pathname} `;
const CACHE = PREFIX + MANIFEST.version;
const RECORD = new URL("rollkit-offline-manifest.json", BASE).href; // each cache's own manifest
const RUNTIME = new Set(MANIFEST.runtime);
const MATCH = { ignoreVary: true }; // one copy per file, whatever encoding it came in

// The reader's data saver: the runtime is then kept on first use only, the snapshot never.
function saving() {
  return self.navigator.connection?.saveData === true;
}

function address(path) {
  return new URL(path, BASE).href;
}

// The kept file a request asks for, by its path below the site's root, or null.
function kept(url, navigate) {
  if (url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return null;
  if (url.search && !navigate) return null;
  let path = url.pathname.slice(BASE.pathname.length) || "./";
  if (navigate) {
    if (path.endsWith("/index.html")) path = path.slice(0, -"index.html".length);
    else if (path === "index.html") path = "./";
    else if (!(path in MANIFEST.files) && !path.endsWith("/") && `${path}/` in MANIFEST.files) path += "/";
  }
  return path in MANIFEST.files ? path : null;
}

// What earlier builds of this site kept, by content hash: where each file is found.
async function earlier() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const record = await cache.match(RECORD, MATCH);
    const files = record ? (await record.json()).files || {} : {};
    for (const [path, hash] of Object.entries(files)) found.set(hash, { cache, url: address(path) });
  }
  return found;
}

// Whether a response's body is the file the manifest names (its SHA-256): nothing else is kept,
// so one bad download (a deploy race, a broken proxy) is never kept, nor carried into a later
// build's cache.
async function matches(response, hash) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === hash;
}

// A kept response under another address: the body and headers only, so that it is taken
// for the address it is now kept at (a module resolves its imports against that address).
async function moved(response) {
  const headers = new Headers(response.headers);
  headers.delete("content-encoding"); // the kept body is already decoded
  headers.delete("content-length");
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const previous = await earlier();
  await Promise.all(Object.entries(MANIFEST.files).map(async ([path, hash]) => {
    const url = address(path);
    if (await cache.match(url, MATCH)) return; // an interrupted install of this same build
    const source = previous.get(hash);
    const old = source && await source.cache.match(source.url, MATCH);
    if (old && await matches(old, hash)) return cache.put(url, source.url === url ? old : await moved(old));
    if (saving() && RUNTIME.has(path)) return; // kept on first use instead
    // "no-cache": revalidate, so a copy the HTTP cache still holds from the last build is
    // never kept as this build's (a 304 costs nothing when it is the same file)
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok || response.redirected) throw new Error(`${path}: HTTP ${response.status}`);
    if (!await matches(response, hash)) throw new Error(`${path}: not the file this build lists`);
    return cache.put(url, response);
  }));
  await cache.put(RECORD, new Response(JSON.stringify(MANIFEST), { headers: { "content-type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE); // nothing half-kept: the next visit tries again
    throw error;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page's Reload button (rollkit.mjs): this build takes over, the page then reloads.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "rollkit-offline-update") self.skipWaiting();
});

// The files kept in the background (the memory snapshot), when a page asks: each fetched once,
// kept only when it is the file the manifest names; never under data saver.
let keeping = null;
async function keepBackground() {
  if (saving()) return;
  const cache = await caches.open(CACHE);
  for (const [path, hash] of Object.entries(MANIFEST.background || {})) {
    const url = address(path);
    if (await cache.match(url, MATCH)) continue;
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok && !response.redirected && await matches(response, hash)) await cache.put(url, response);
  }
}

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "rollkit-keep-snapshot") return;
  keeping ||= keepBackground().catch(() => {}).finally(() => { keeping = null; });
  event.waitUntil(keeping);
});

async function answer(event, path, navigate) {
  const cache = await caches.open(CACHE);
  const url = address(path);
  const hit = await cache.match(url, MATCH);
  if (hit) return hit;
  try {
    const response = await fetch(event.request);
    // kept for next time (what data saver left out), unless asked with a query string:
    // a page kept from a shared link would open that link's values ever after
    if (response.ok && !response.redirected && response.type === "basic" && !new URL(event.request.url).search) {
      const copy = response.clone();
      event.waitUntil(matches(copy, MANIFEST.files[path]).then((same) => same && cache.put(url, copy)));
    }
    return response;
  } catch (error) {
    const missing = navigate && await cache.match(address(MANIFEST.fallback), MATCH);
    if (missing) return missing;
    throw error;
  }
}

async function offlinePage(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const missing = await caches.match(address(MANIFEST.fallback), { ...MATCH, cacheName: CACHE });
    if (missing) return missing;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const navigate = request.mode === "navigate";
  const path = kept(new URL(request.url), navigate);
  if (path) event.respondWith(answer(event, path, navigate));
  else if (navigate && request.url.startsWith(BASE.href)) event.respondWith(offlinePage(event));
});
