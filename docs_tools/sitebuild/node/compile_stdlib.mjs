// node compile_stdlib.mjs WHEEL PATH TARGET: Pyodide (from node_modules) starts rollkit from the
// wheel at WHEEL, put on sys.path at PATH as the site's worker puts it (the one boot module), then
// writes TARGET: its standard library zip with every module then imported, and every module any
// module of rollkit imports, compiled (compile_stdlib.py). Prints how many.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startRollkit } from "../../../docs/assets/rollkit/boot.mjs";
import { PYODIDE, loadPython, python } from "./pyodide.mjs";

const [wheel, path, target] = process.argv.slice(2);
const pyodide = await loadPython();
startRollkit(pyodide, path, readFileSync(wheel));
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(join(PYODIDE, "python_stdlib.zip")));
console.log(python(pyodide, new URL("./compile_stdlib.py", import.meta.url), "compile_used")("/tmp/source.zip", "/tmp/out.zip"));
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
