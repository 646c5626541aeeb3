// node compile_wheel.mjs SOURCE TARGET HOME: Pyodide (from node_modules) compiles the unpacked
// wheel in SOURCE into TARGET (compile_wheel.py). Prints Python's cache tag.
import { COMPILING, loadPython, python } from "./pyodide.mjs";

const [source, target, home] = process.argv.slice(2);
const pyodide = await loadPython(undefined, COMPILING);
pyodide.mountNodeFS("/source", source);
pyodide.mountNodeFS("/target", target);
console.log(python(pyodide, new URL("./compile_wheel.py", import.meta.url), "compile_tree")("/source", "/target", home));
