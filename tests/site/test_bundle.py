"""The build's bundler (``docs_tools.sitebuild.bundle``): rollkit's page module and worker as one
file each, from modules in a restricted syntax, behaving as the modules do in Node."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from docs_tools.sitebuild import ROOT, config
from docs_tools.sitebuild.bundle import BundleError, bundle, modules

ASSETS = ROOT / "docs" / "assets"
ENTRIES = (ASSETS / "rollkit.mjs", ASSETS / "rollkit-worker.mjs")
ENTRY = re.compile(r"rollkit\.web(\.| import )request")  # the entry point

# A graph of modules: the entry imports two modules that both import a third (evaluated once,
# first), one of them by a new name, across folders; each says when it runs.
TREE = {
    "main.mjs": (
        'import { greet, COUNT as count } from "./lib/greet.mjs";\n'
        'import {\n  Shelf,\n  log,\n} from "./shelf.mjs";\n'
        'log("main runs");\n'
        "const shelf = new Shelf();\n"
        "shelf.put(greet('world'));\n"
        "log(`${shelf.items.join()} ${count} ${await shelf.later()}`);\n"
    ),
    "lib/greet.mjs": (
        'import { log } from "../shelf.mjs";\n'
        'log("greet runs");\n'
        "const secret = 'hello'; // not exported: the entry's scope never sees it\n"
        "export const COUNT = 2;\n"
        "export function greet(name) { return `${secret} ${name}`; }\n"
    ),
    "shelf.mjs": (
        "const seen = [];\n"
        "export function log(text) { seen.push(text); console.log(text); }\n"
        'log("shelf runs");\n'
        "export class Shelf {\n  items = [];\n  put(item) { this.items.push(item); }\n"
        "  async later() { return 'later'; }\n}\n"
    ),
}


def _node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is needed")
        pytest.skip("node is needed")
    return found


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder / next(iter(files))


def _run(node: str, module: Path) -> str:
    done = subprocess.run([node, str(module)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_bundle_runs_as_its_modules_do(tmp_path: Path) -> None:
    node = _node()
    entry = _write(tmp_path / "src", TREE)
    out = tmp_path / "out" / "main.mjs"
    out.parent.mkdir()
    out.write_text(bundle(entry), encoding="utf-8")
    said = _run(node, out)
    assert said == _run(node, entry) == "shelf runs\ngreet runs\nmain runs\nhello world 2 later\n"
    assert [p.relative_to(entry.parent).as_posix() for p in modules(entry)] == [
        "shelf.mjs",
        "lib/greet.mjs",
        "main.mjs",
    ]
    text = out.read_text(encoding="utf-8")
    assert not re.search(r"^(import\b(?!\()|export\b)", text, re.M)
    assert "secret" not in text.split("// ---- main.mjs")[1]  # the entry's own text only
    # a module read from the text it is replaced by
    replaced = bundle(
        entry, {entry.parent / "lib" / "greet.mjs": TREE["lib/greet.mjs"].replace("hello", "hi")}
    )
    out.write_text(replaced, encoding="utf-8")
    assert _run(node, out).endswith("hi world 2 later\n")


BROKEN = {
    "export default": (
        "export default function main() {}\n",
        "only `export` before a function, const or class",
    ),
    "an export list": ("const a = 1;\nexport { a };\n", "only `export` before"),
    "export let": ("export let a = 1;\n", "only `export` before"),
    "a namespace import": ('import * as lib from "./lib.mjs";\n', "only `import { names }"),
    "a side-effect import": ('import "./lib.mjs";\n', "only `import { names }"),
    "a bare specifier": ('import { a } from "lib";\n', "only `import { names }"),
    "a missing export": ('import { b } from "./lib.mjs";\n', "main.mjs:1: lib.mjs exports no b"),
    "a missing module": (
        'import { a } from "./gone.mjs";\n',
        "main.mjs imports gone.mjs, which does not exist",
    ),
    "a cycle": ('import { a } from "./loop.mjs";\n', "an import cycle: loop.mjs -> back.mjs -> loop.mjs"),
    "import.meta below the entry": (
        'import { where } from "./meta.mjs";\n',
        "meta.mjs:1: import.meta outside",
    ),
    "an entry that exports": ("export const a = 1;\n", "the entry module exports a"),
    "the bundler's own names": ("const __rollkit_x = 1;\n", "uses the bundler's names"),
}
LIBRARY = {
    "lib.mjs": "export const a = 1;\n",
    "loop.mjs": 'import { b } from "./back.mjs";\nexport const a = 1;\n',
    "back.mjs": 'import { a } from "./loop.mjs";\nexport const b = 2;\n',
    "meta.mjs": "export const where = import.meta.url;\n",
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_what_the_bundler_cannot_read_fails_the_build_naming_it(tmp_path: Path, case: str) -> None:
    text, said = BROKEN[case]
    entry = _write(tmp_path, {"main.mjs": text, **LIBRARY})
    with pytest.raises(BundleError) as failed:
        bundle(entry)
    assert said in str(failed.value)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda p: p.name)
def test_the_site_modules_bundle_into_one_file_each(tmp_path: Path, entry: Path) -> None:
    """The page module and the worker, bundled with a build's configuration, are modules Node
    reads; the bare build's configuration names no runtime."""
    node = _node()
    made = config.make({"w.whl": "sha256-x"}, "w.whl", runtime="pyodide/0123456789abcdef/")
    out = tmp_path / entry.name
    out.write_text(bundle(entry, {ASSETS / config.SOURCE.removeprefix("assets/"): config.module(made)}))
    done = subprocess.run([node, "--check", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert config.read(out) == made
    assert "runtime: null" in (ASSETS / "rollkit" / "config.mjs").read_text(encoding="utf-8")


def test_every_module_of_assets_rollkit_is_bundled_by_the_page_module_or_the_worker() -> None:
    used = {path for entry in ENTRIES for path in modules(entry)}
    assert set((ASSETS / "rollkit").glob("*.mjs")) <= used
    # the page's modules never load the worker's boot module, and the worker loads no page module
    page, worker = (set(modules(entry)) for entry in ENTRIES)
    assert ASSETS / "rollkit" / "boot.mjs" not in page
    assert worker == {ASSETS / "rollkit" / "boot.mjs", ASSETS / "rollkit" / "config.mjs", ENTRIES[1]}


def test_the_workers_entry_into_rollkit_is_named_once() -> None:
    """rollkit's request function is named in the boot module only, on the JavaScript and
    build side: every Node program, the worker and the benchmark start rollkit through it."""
    sides = [ROOT / "docs" / "assets", ROOT / "docs_tools", ROOT / "scripts", ROOT / "benchmarks" / "browser"]
    found = [
        path.relative_to(ROOT).as_posix()
        for side in sides
        for path in side.rglob("*")
        if path.suffix in (".mjs", ".js", ".py") and ENTRY.search(path.read_text(encoding="utf-8"))
    ]
    assert found == ["docs/assets/rollkit/boot.mjs"]
