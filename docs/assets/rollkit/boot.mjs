// Starting rollkit in a Pyodide that has booted: the one way, used by the site's worker
// (rollkit-worker.mjs) and by every Node program of the build and the tests
// (docs_tools/sitebuild/node/, scripts/pyodide_doctest.mjs) and the browser benchmark's bare page.
// The rollkit wheel goes on Python's sys.path as it is (zipimport reads it, with the bytecode
// the build compiled beside each source: nothing is unpacked), then the entry point is imported
// and handed back: the function that takes a JSON request and answers in JSON.

// The worker's entry point into rollkit: the module and the name of its request function.
export const ENTRY = "rollkit.web.request";

// The wheel's bytes written at `path` in Pyodide's file system and put first on sys.path.
export function putWheel(pyodide, path, bytes) {
  pyodide.FS.writeFile(path, bytes);
  const sys = pyodide.pyimport("sys");
  sys.path.insert(0, path);
  sys.destroy();
}

// The entry point, imported (with everything it imports): the request function.
export function entry(pyodide) {
  return pyodide.pyimport(ENTRY);
}

// rollkit's request function and version, once its wheel is on sys.path (`putWheel`).
export function rollkitStarted(pyodide) {
  const request = entry(pyodide);
  const rollkit = pyodide.pyimport("rollkit");
  const version = rollkit.__version__;
  rollkit.destroy();
  return { request, version };
}

// rollkit started from the wheel's bytes: its request function and rollkit's version.
export function startRollkit(pyodide, path, bytes) {
  putWheel(pyodide, path, bytes);
  return rollkitStarted(pyodide);
}

// rollkit in a Pyodide restored from a memory snapshot (docs_tools/sitebuild/snapshot.py: made
// with rollkit started by `startRollkit` and every system imported): the wheel written again at
// `path` (a snapshot keeps Python's memory, not its file system), the random module reseeded (its
// state in the snapshot is the same for every reader), and rollkit's request function and version.
export function restoreRollkit(pyodide, path, bytes) {
  pyodide.FS.writeFile(path, bytes);
  const random = pyodide.pyimport("random");
  random.seed();
  random.destroy();
  return rollkitStarted(pyodide);
}

// Modules downloaded on their first import: the rest of the standard library (the site's
// python_stdlib.zip holds only the modules the first roll and the pages' examples import:
// docs_tools/sitebuild/stdlib.py) and each system's part of the rollkit wheel (the worker starts
// with the core and its page's systems: docs_tools/sitebuild/parts.py). The first import of a
// module under one of `names` ("json", "rollkit.hits": a name and everything below it) calls
// `bytes()` for that zip (the worker has it already, or downloads it then; a Node program reads
// it), checks it against `integrity` ("sha256-<base64>", or null: unchecked), writes it at `path`
// and imports from there; with `onPath`, it also goes last on sys.path. `what` names it in the
// error a failed download raises. The hook is rollkit.web._later's ZipLater, compiled in
// rollkit's core: the wheel must be on sys.path first (`putWheel`).
export function laterZip(pyodide, { names, path, integrity = null, bytes, what, onPath = false }) {
  const module = pyodide.pyimport("rollkit.web._later");
  const hook = module.ZipLater(pyodide.toPy(names), path, integrity, bytes, what, onPath);
  module.destroy();
  const sys = pyodide.pyimport("sys");
  sys.meta_path.append(hook);
  sys.destroy();
  hook.destroy();
}

// The rest of the standard library, on the first import of a module only it holds (`names`).
export function laterStdlib(pyodide, { names, path, integrity = null, bytes }) {
  laterZip(pyodide, { names, path, integrity, bytes, what: "the rest of Python's standard library", onPath: true });
}

// Every system's name, for importing each ahead of its first request (`importSystem`).
export function systemNames(pyodide) {
  const registry = pyodide.pyimport("rollkit._registry");
  const names = registry.names();
  const list = names.toJs();
  names.destroy();
  registry.destroy();
  return list;
}

// What only the widgets' rarer requests import (rollkit.web.LATER: a chance against a field,
// "what do I need?", a run, a character), for importing ahead of them (`importModule`).
export function laterModules(pyodide) {
  const web = pyodide.pyimport("rollkit.web");
  const names = web.LATER.toJs();
  web.destroy();
  return names;
}

// The module `name` imported.
export function importModule(pyodide, name) {
  pyodide.pyimport(name).destroy();
}

// The package of the system `name` imported (its rules, checks and words), as its first
// request would import it.
export function importSystem(pyodide, name) {
  const rollkit = pyodide.pyimport("rollkit");
  rollkit[name].destroy();
  rollkit.destroy();
}

// Every object Python holds now (the modules imported, their tables) moved out of the garbage
// collector's reach (gc.freeze): they live as long as the worker, and a collection during a
// request then looks at that request's objects only, not at the whole of rollkit.
export function freezeHeap(pyodide) {
  const gc = pyodide.pyimport("gc");
  gc.freeze();
  gc.destroy();
}
