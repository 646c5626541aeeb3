// Run doctest blocks inside Pyodide under Node, offline: the same rollkit wheel the site serves,
// started as the site's worker starts it (docs/assets/rollkit/boot.mjs), npm's pyodide runtime
// and the site's standard library zip (its later part, `later`: {file, path, names}, put in
// place as the worker puts it); the doctests themselves run in pyodide_doctest.py. Reads
// {wheel, path, stdlib, later, blocks: [{name, source}]} as JSON on stdin; prints the Python version,
// the files every module of rollkit (but __main__) and the fractions module are loaded from, and
// one result per block, as JSON.
import { readFileSync } from "node:fs";
import { laterStdlib, putWheel, rollkitStarted } from "../docs/assets/rollkit/boot.mjs";
import { loadPython, python } from "../docs_tools/sitebuild/node/pyodide.mjs";

const input = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPython(input.stdlib);
putWheel(pyodide, input.path, readFileSync(input.wheel));
if (input.later) laterStdlib(pyodide, { ...input.later, bytes: () => new Uint8Array(readFileSync(input.later.file)) });
rollkitStarted(pyodide);
const run = python(pyodide, new URL("./pyodide_doctest.py", import.meta.url), "run");
process.stdout.write(run(JSON.stringify(input.blocks)));
