// node make_snapshot.mjs WHEEL PATH STDLIB TARGET CHECKS: Pyodide (from node_modules, over the
// site's standard library STDLIB) starts rollkit from the wheel at WHEEL, put on sys.path at PATH
// as the site's worker puts it (the one boot module), imports every system and what the rarer
// requests import (rollkit.web.LATER), and writes its memory
// snapshot to TARGET. Then two Pythons restored from it as the worker restores one
// (restoreRollkit) answer each request of CHECKS (a JSON list); prints their answers, as JSON
// (make_snapshot.py's `settle` runs before the snapshot is taken).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { importModule, importSystem, laterModules, restoreRollkit, startRollkit, systemNames } from "../../../docs/assets/rollkit/boot.mjs";
import { PYODIDE, python } from "./pyodide.mjs";

const [wheel, path, stdlib, target, checks] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(PYODIDE, "pyodide.mjs")).href);
const options = { indexURL: PYODIDE + "/", stdLibURL: stdlib, stdout: () => {} };
const bytes = readFileSync(wheel);

const maker = await loadPyodide({ ...options, _makeSnapshot: true });
startRollkit(maker, path, bytes).request.destroy();
for (const name of systemNames(maker)) importSystem(maker, name);
for (const name of laterModules(maker)) importModule(maker, name);
const settle = python(maker, new URL("./make_snapshot.py", import.meta.url), "settle");
settle();
settle.destroy();
writeFileSync(target, maker.makeMemorySnapshot());

const answers = [];
for (const _ of [1, 2]) {
  const restored = await loadPyodide({ ...options, _loadSnapshot: readFileSync(target) });
  const { request } = restoreRollkit(restored, path, bytes);
  answers.push(JSON.parse(checks).map((check) => JSON.parse(request(JSON.stringify(check)))));
}
console.log(JSON.stringify(answers));
