// The bare worker: loadPyodide on the site's own Pyodide files, with the same import and
// indexURL as docs/assets/rollkit-worker.mjs; that boot is what is timed against the site's
// worker. Then, step by step, where rollkit's own start-up goes, and two what-ifs.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
try {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const booted = performance.now();
  postMessage({ type: "ready", timings: { pyodide: booted - started } });
  // Not part of the bare boot: where rollkit's own start-up goes, step by step. The first
  // request is a roll from the built site (request.json, written next to this file).
  const first = await (await fetch(new URL("./request.json", import.meta.url))).text();
  const steps = {};
  let t = performance.now();
  const step = (name) => { const n = performance.now(); steps[name] = n - t; t = n; };
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  step("loadPackage");
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
  steps.compile_sources = pyodide.runPython(`
import pathlib, time, rollkit
began = time.perf_counter()
for path in pathlib.Path(rollkit.__file__).parent.rglob("*.py"):
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
(time.perf_counter() - began) * 1000`);
  // The alternative to loadPackage: the wheel on sys.path, imported by zipimport.
  t = performance.now();
  const lock = await (await fetch(new URL("../pyodide/pyodide-lock.json", import.meta.url))).json();
  const wheel = await fetch(new URL("../pyodide/" + lock.packages.rollkit.file_name, import.meta.url));
  pyodide.FS.writeFile("/tmp/rollkit.whl", new Uint8Array(await wheel.arrayBuffer()));
  pyodide.runPython("import zipimport; assert zipimport.zipimporter('/tmp/rollkit.whl').find_spec('rollkit')");
  step("zipimport_setup");
  postMessage({ type: "steps", steps });
} catch (error) {
  postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
}
