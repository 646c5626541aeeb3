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

// rollkit started from the wheel's bytes: its request function and rollkit's version.
export function startRollkit(pyodide, path, bytes) {
  putWheel(pyodide, path, bytes);
  const request = entry(pyodide);
  const rollkit = pyodide.pyimport("rollkit");
  const version = rollkit.__version__;
  rollkit.destroy();
  return { request, version };
}
