// The configuration of rollkit's runtime, read by the page module and the worker.
//
// This one is a site's without its runtime (a bare `mkdocs build` or `zensical build`: the
// widgets show their pre-rendered odds and cannot roll). The build step
// (docs_tools.sitebuild.install) bundles a configuration of its own making in place of this module:
// the runtime's folder, each file in it with the hash the browser checks it against, and the
// rollkit wheel's name and place in Pyodide's file system.
export const CONFIG = {
  runtime: null, // the runtime's folder below the site's root: "pyodide/<hash>/"
  files: {}, // each runtime file's name: its integrity, "sha256-<base64>"
  wheel: null, // the rollkit wheel: {file, path}, path being its place on Python's sys.path
  later: null, // the rest of the standard library: {file, path, names}, fetched on first import
  sizes: {}, // each file the first roll downloads: [its size, the bytes the server sends]
  snapshot: null, // the memory snapshot: {file}, restored only when the service worker keeps it
  worker: null, // in the page module only: the worker's integrity, checked before it runs
};
