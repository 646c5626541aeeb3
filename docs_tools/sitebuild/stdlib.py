"""The build's standard-library step: Pyodide's standard library zip, with the modules in use
compiled.

npm's zip ships only sources, which Python compiles at every start (about a second of a cold
start). The site's goes out with the modules Pyodide's own start-up and rollkit import compiled,
by Pyodide under Node (``node/compile_stdlib.mjs``, rollkit started from the site's wheel as the
worker starts it), in place of their sources and stored uncompressed, so that the build's brotli
copy of the zip compresses them (2.9 MB to download as brotli against npm's 2.5 MB; 3.2 MB as
gzip); the rest as npm has it. Cached in ``build/stdlib/`` by what it is made of; without Node
the build says so and ships npm's zip.
"""

from __future__ import annotations

import sys
from pathlib import Path

from docs_tools.sitebuild import NPM_PYODIDE, node, wheel_path
from docs_tools.sitebuild.cache import cached, key

STDLIB = "python_stdlib.zip"
KEEP = 2  # standard libraries kept in the cache, the most recently used

__all__ = ["stdlib", "STDLIB"]


def stdlib(built: Path) -> Path:
    """Pyodide's standard library zip with the modules its start-up and rollkit (from the wheel
    ``built``) import compiled by Pyodide's Python under Node (cached by what it is made of); npm's
    zip as it is, said on stderr, when Node or the compile fails."""
    npm = NPM_PYODIDE / STDLIB
    made = key(npm, NPM_PYODIDE / "pyodide.asm.wasm", built, built.name, *node.sources("compile_stdlib"))

    def make(folder: Path) -> None:
        node.run(
            "compile_stdlib",
            str(built),
            wheel_path(built.name),
            str(folder / STDLIB),
            doing="compile its standard library",
        )

    try:
        return cached("stdlib", made, make, keep=KEEP) / STDLIB
    except RuntimeError as error:
        print(
            f"build: {error}: the site's standard library is npm's, as it is (Python compiles the"
            " modules it imports at every start, about a second)",
            file=sys.stderr,
        )
        return npm
