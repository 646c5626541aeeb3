// What the build's and the tests' Node programs share: Pyodide from node_modules (quiet), a
// Python file beside a program run in it, and an error told in its last lines only (Node would
// print Pyodide's minified source with it, more than a pipe holds).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const PYODIDE = dirname(createRequire(import.meta.url).resolve("pyodide/package.json"));

function said(error) {
  const lines = String(error && error.message ? error.message : error).split("\n").filter(Boolean);
  process.stderr.write(lines.slice(-3).join("\n") + "\n");
  process.exitCode = 1;
}
process.on("uncaughtException", said);
process.on("unhandledRejection", said);

// The environment of a Python that compiles what the site ships: code objects without their
// column ranges (tracebacks keep their line numbers, lose the ^^^ marks), a fifth less to download.
export const COMPILING = { PYTHONNODEBUGRANGES: "1" };

// Pyodide booted from node_modules (over `stdLibURL`, a standard library zip, when given), with
// `env` in its environment.
export async function loadPython(stdLibURL, env = {}) {
  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE, "pyodide.mjs")).href);
  return loadPyodide({ indexURL: PYODIDE + "/", stdLibURL, env, stdout: () => {} });
}

// The Python file at `url` (a file: URL) run in `pyodide`: its function `name`.
export function python(pyodide, url, name) {
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(readFileSync(url, "utf8"), { globals: namespace, filename: fileURLToPath(url) });
  return namespace.get(name);
}
