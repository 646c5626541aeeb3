// The bare worker: loadPyodide as npm ships it (the site's copy of Pyodide's files, from the
// runtime folder its URL names, with npm's own standard library zip instead of the site's
// compiled one), with the same indexURL as docs/assets/rollkit-worker.mjs; that boot is what is
// timed against the site's worker. Then, step by step, where rollkit's own start-up goes, as the
// site's boot module starts it (boot.mjs, copied here by the benchmark), and two what-ifs.
import { entry, putWheel } from "./boot.mjs";

const runtime = new URL(import.meta.url).searchParams.get("runtime");
const here = (name) => new URL(`./${name}`, import.meta.url);
// The standard library's modules rollkit imports, timed on their own.
const STDLIB_IMPORTS = ["bisect", "dataclasses", "fractions", "functools", "json", "math", "random", "secrets", "types", "typing", "collections.abc"];
try {
  const { loadPyodide } = await import(`${runtime}pyodide.mjs`);
  const started = performance.now();
  const pyodide = await loadPyodide({
    indexURL: runtime,
    stdLibURL: here("python_stdlib.zip").href, // npm's, copied here by the benchmark
  });
  const booted = performance.now();
  postMessage({ type: "ready", timings: { pyodide: booted - started } });
  // Not part of the bare boot: where rollkit's own start-up goes, step by step. The first
  // request is a roll from the built site (request.json, written next to this file).
  const first = await (await fetch(here("request.json"))).text();
  const steps = {};
  let t = performance.now();
  const step = (name) => { const n = performance.now(); steps[name] = n - t; t = n; };
  // As the site's worker does: the wheel, checked against its hash, on sys.path.
  const { files, wheel } = await (await fetch(here("runtime.json"))).json();
  const download = await fetch(new URL(wheel.file, runtime), { integrity: files[wheel.file] });
  putWheel(pyodide, wheel.path, new Uint8Array(await download.arrayBuffer()));
  step("wheel_on_path");
  for (const name of STDLIB_IMPORTS) pyodide.pyimport(name).destroy();
  step("stdlib_imports");
  const rollkit = pyodide.pyimport("rollkit");
  step("import_rollkit");
  rollkit.SYSTEMS.destroy();
  step("import_systems");
  const request = entry(pyodide);
  step("import_entry");
  request(first);
  step("first_request");
  // What the .pyc files in the wheel save: compiling rollkit's sources (what_if.py), from the
  // wheel as pip builds it (the site's carries no source), beside this page.
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(await (await fetch(here("what_if.py"))).text(), { globals: namespace });
  pyodide.FS.writeFile("/tmp/sources.whl", new Uint8Array(await (await fetch(here("sources.whl"))).arrayBuffer()));
  steps.compile_sources = namespace.get("compile_sources")("/tmp/sources.whl");
  // What the wheel on sys.path saves: Pyodide's own way, loadPackage (fetch, sha256, unpack).
  t = performance.now();
  await pyodide.loadPackage("rollkit", { messageCallback: () => {}, errorCallback: () => {} });
  step("load_package");
  postMessage({ type: "steps", steps });
} catch (error) {
  postMessage({ type: "failed", error: String(error && error.message ? error.message : error) });
}
