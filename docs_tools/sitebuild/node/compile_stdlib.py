"""Run in Pyodide under Node by ``compile_stdlib.mjs``, rollkit started: the standard library
zip with the modules in use compiled."""

import importlib
import importlib.util
import marshal
import pkgutil
import sys
import zipfile


def compile_used(source: str, target: str) -> int:
    """Write ``target``: the zip ``source`` with every module of it now imported (Pyodide's own
    start-up's, and rollkit's once every module of rollkit is) as an unchecked-hash ``.pyc``
    instead of its source (zipimport reads the .pyc; Python would compile the source at every
    start), stored uncompressed (the build's brotli and gzip copies of the zip compress them
    better than zip's own deflate), the rest as it was. Returns how many were compiled."""
    import rollkit

    for found in pkgutil.walk_packages(rollkit.__path__, "rollkit."):
        if not found.name.endswith(".__main__"):
            importlib.import_module(found.name)
    home = (
        next(p for p in sys.path if p.endswith(f"python{sys.version_info[0]}{sys.version_info[1]}.zip")) + "/"
    )
    used = {
        m.__file__[len(home) :]
        for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(home) and m.__file__.endswith(".py")
    }
    with zipfile.ZipFile(source) as zipped, zipfile.ZipFile(target, "w") as out:
        for info in zipped.infolist():
            data = zipped.read(info)
            if info.filename not in used:
                out.writestr(info, data)
                continue
            code = compile(data, home + info.filename, "exec", dont_inherit=True)
            pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
            compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            out.writestr(compiled, pyc + marshal.dumps(code), zipfile.ZIP_STORED)
    return len(used)
