// The bare page: only starts the bare worker and keeps what it reports in window.__bare.
const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "ready") document.documentElement.dataset.bareReady = "1";
  window.__bare = { ...(window.__bare || {}), [data.type]: data };
};
