"""The build's standard-library step: Pyodide's standard library cut in two, the part the
first roll needs compiled.

npm's zip ships only sources (2.5 MB to download), which Python compiles at every start. The
site's ``python_stdlib.zip`` holds only the modules Pyodide's own start-up, rollkit (every
module the browser runs) and the pages' examples import, found by running them under Node
(``node/compile_stdlib.mjs``, rollkit started from the site's wheel as the worker starts it),
each compiled by Pyodide's Python in place of its source and stored uncompressed, so that the
build's brotli copy compresses them. The rest of the standard library, as npm has it, is
``python_stdlib_later.zip``: the worker fetches it the first time code imports a module found
only there (``LATER`` names them; ``docs/assets/rollkit/boot.mjs`` puts the import hook in
place), so any import still works, later. Cached in ``<cache>/stdlib/`` by what it is made of;
without Node the build says so and ships npm's zip whole.
"""

from __future__ import annotations

import doctest
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from docs_tools.mdfences import scan
from docs_tools.sitebuild import NPM_PYODIDE, ROOT, node, wheel_path
from docs_tools.sitebuild.cache import cached, key

STDLIB = "python_stdlib.zip"
LATER = "python_stdlib_later.zip"
_NAMES = "later.json"  # beside them in the cache: what the core holds, the names only LATER has
KEEP = 2  # standard libraries kept in the cache, the most recently used

__all__ = ["stdlib", "examples", "Library", "STDLIB", "LATER"]


@dataclass(frozen=True)
class Library:
    """The site's standard library: ``core`` (Pyodide's stdLibURL), and ``later`` with the
    top-level module names only it holds (``None`` and empty when the core is npm's whole zip)."""

    core: Path
    later: Path | None = None
    names: tuple[str, ...] = ()


def examples(docs: Path = ROOT / "docs") -> list[str]:
    """The source of every ``pycon`` block's examples under ``docs``, one string a block."""
    found = []
    parser = doctest.DocTestParser()
    for page in sorted(docs.rglob("*.md")):
        for fence in scan(page.read_text(encoding="utf-8"))[0]:
            if fence.info.split()[:1] == ["pycon"]:
                found.append("".join(example.source for example in parser.get_examples(fence.body)))
    return found


def stdlib(built: Path) -> Library:
    """Pyodide's standard library cut in two for the wheel ``built`` (see the module's
    docstring; cached by what it is made of); npm's zip whole, said on stderr, when Node or the
    compile fails."""
    npm = NPM_PYODIDE / STDLIB
    sources = json.dumps(examples()).encode()
    made = key(
        npm, NPM_PYODIDE / "pyodide.asm.wasm", built, built.name, sources, *node.sources("compile_stdlib")
    )

    def make(folder: Path) -> None:
        listed = folder / "examples.json"
        listed.write_bytes(sources)
        out = node.run(
            "compile_stdlib",
            str(built),
            wheel_path(built.name),
            str(listed),
            str(folder / STDLIB),
            str(folder / LATER),
            doing="compile its standard library",
        )
        listed.unlink()
        (folder / _NAMES).write_text(out.strip().splitlines()[-1], encoding="utf-8")

    try:
        folder = cached("stdlib", made, make, keep=KEEP)
    except RuntimeError as error:
        print(
            f"build: {error}: the site's standard library is npm's, as it is (Python compiles the"
            " modules it imports at every start, about a second)",
            file=sys.stderr,
        )
        return Library(npm)
    names = json.loads((folder / _NAMES).read_text(encoding="utf-8"))["later"]
    return Library(folder / STDLIB, folder / LATER, tuple(names))
