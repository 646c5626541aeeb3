"""Run in Pyodide under Node by ``compile_wheel.mjs``: a wheel's modules compiled for its Python."""

import pathlib
import py_compile
import sys


def compile_tree(source: str, target: str, home: str) -> str:
    """Compile every module under ``source`` into ``target``, each ``.pyc`` where its source is
    (zipimport looks for it beside the source: the site puts the wheel itself on sys.path), named
    in tracebacks by its place inside the wheel at ``home`` and checked by nothing but its own
    hash mark (unchecked-hash: a wheel's files never change), as ``python -OO`` compiles it: no
    docstrings (nothing in the browser reads them; a sixth less to download) and no asserts
    (rollkit's only narrow types for mypy). Returns Python's cache tag."""
    source_dir, target_dir = pathlib.Path(source), pathlib.Path(target)
    for path in sorted(source_dir.rglob("*.py")):
        relative = path.relative_to(source_dir)
        (target_dir / relative.parent).mkdir(parents=True, exist_ok=True)
        py_compile.compile(
            str(path),
            cfile=str(target_dir / relative.with_suffix(".pyc")),
            dfile=f"{home}/{relative.as_posix()}",
            doraise=True,
            optimize=2,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    return str(sys.implementation.cache_tag)
