// node compile_stdlib.mjs WHEEL PATH EXAMPLES CORE LATER: Pyodide (from node_modules) starts
// rollkit from the wheel at WHEEL, put on sys.path at PATH as the site's worker puts it (the one
// boot module), runs the pages' examples (EXAMPLES: a JSON list of their sources), then writes
// its standard library cut in two (compile_stdlib.py): CORE, every module then imported,
// compiled; LATER, the rest. Prints what each holds, as JSON.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startRollkit } from "../../../docs/assets/rollkit/boot.mjs";
import { PYODIDE, COMPILING, loadPython, python } from "./pyodide.mjs";

const [wheel, path, examples, core, later] = process.argv.slice(2);
const pyodide = await loadPython(undefined, COMPILING);
startRollkit(pyodide, path, readFileSync(wheel));
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(join(PYODIDE, "python_stdlib.zip")));
pyodide.FS.writeFile("/tmp/examples.json", readFileSync(examples));
const split = python(pyodide, new URL("./compile_stdlib.py", import.meta.url), "split_used");
console.log(split("/tmp/source.zip", "/tmp/core.zip", "/tmp/later.zip", "/tmp/examples.json"));
writeFileSync(core, pyodide.FS.readFile("/tmp/core.zip"));
writeFileSync(later, pyodide.FS.readFile("/tmp/later.zip"));
