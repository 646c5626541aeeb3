// The bare worker: loadPyodide as npm ships it (the site's copy of Pyodide's files, with npm's
// own standard library zip instead of the site's compiled one), with the same import and
// indexURL as docs/assets/rollkit-worker.mjs; that boot is what is timed against the site's
// worker. Then, step by step, where rollkit's own start-up goes (the wheel on sys.path as the
// site's worker puts it there), and two what-ifs.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
try {
  const pyodide = await loadPyodide({
    indexURL: new URL("../pyodide/", import.meta.url).href,
    stdLibURL: new URL("./python_stdlib.zip", import.meta.url).href, // npm's, copied here by the benchmark
  });
  const booted = performance.now();
  postMessage({ type: "ready", timings: { pyodide: booted - started } });
  // Not part of the bare boot: where rollkit's own start-up goes, step by step. The first
  // request is a roll from the built site (request.json, written next to this file).
  const first = await (await fetch(new URL("./request.json", import.meta.url))).text();
  const steps = {};
  let t = performance.now();
  const step = (name) => { const n = performance.now(); steps[name] = n - t; t = n; };
  // As the site's worker does: the wheel, checked against the lock file's sha256, on sys.path.
  const { file_name: file, sha256 } = (await (await fetch(new URL("../pyodide/pyodide-lock.json", import.meta.url))).json()).packages.rollkit;
  const integrity = "sha256-" + btoa(String.fromCharCode(...sha256.match(/../g).map((h) => parseInt(h, 16))));
  const wheel = await fetch(new URL("../pyodide/" + file, import.meta.url), { integrity });
  const path = "/lib/" + file;
  pyodide.FS.writeFile(path, new Uint8Array(await wheel.arrayBuffer()));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  step("wheel_on_path");
  pyodide.runPython("import bisect, dataclasses, fractions, functools, json, math, random, secrets, types, typing, collections.abc");
  step("stdlib_imports");
  pyodide.runPython("import rollkit");
  step("import_rollkit");
  pyodide.runPython("import rollkit; rollkit.SYSTEMS");
  step("import_systems");
  const request = pyodide.runPython("from rollkit._params import request; request");
  step("import_params");
  request(first);
  step("first_request");
  // What the .pyc files in the wheel save: compiling rollkit's sources again.
  pyodide.globals.set("wheel_path", path);
  steps.compile_sources = pyodide.runPython(`
import time, zipfile
with zipfile.ZipFile(wheel_path) as zf:
    sources = {name: zf.read(name).decode() for name in zf.namelist() if name.endswith(".py")}
began = time.perf_counter()
for name, text in sources.items():
    compile(text, name, "exec")
(time.perf_counter() - began) * 1000`);
  // What the wheel on sys.path saves: Pyodide's own way, loadPackage (fetch, sha256, unpack).
  t = performance.now();
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  step("load_package");
  postMessage({ type: "steps", steps });
} catch (error) {
  postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
}
