// The snapshot what-if's page: window.snapshotWhatIf(loads, requests) makes a snapshot in
// one worker, then restores `loads` new workers from copies of it, each answering `requests`.
const run = (message, transfer = []) => new Promise((resolve) => {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.postMessage(message, transfer);
});

window.snapshotWhatIf = async (loads, requests) => {
  const made = await run({ make: true });
  if (made.error) return { error: made.error };
  const { snapshot, ...rest } = made;
  const restored = [];
  for (let i = 0; i < loads; i++) {
    const copy = snapshot.slice();
    restored.push(await run({ snapshot: copy, requests }, [copy.buffer]));
  }
  return { ...rest, restored };
};
