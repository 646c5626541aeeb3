// The bare page: only starts the bare worker and keeps what it reports in window.__bare. The
// worker is told where the site's runtime folder is (runtime.json, the build's configuration,
// written here by the benchmark); asking for it comes before the worker, so it is not timed.
const { runtime } = await (await fetch(new URL("./runtime.json", import.meta.url))).json();
const url = new URL("./worker.mjs", import.meta.url);
url.searchParams.set("runtime", new URL(`../${runtime}`, import.meta.url).href);
const worker = new Worker(url, { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "ready") document.documentElement.dataset.bareReady = "1";
  window.__bare = { ...(window.__bare || {}), [data.type]: data };
};
