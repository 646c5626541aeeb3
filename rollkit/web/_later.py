"""The worker's import hook for modules downloaded on their first import (``boot.mjs``
``laterZip``): the rest of Python's standard library and each part of rollkit the page has not
needed yet. Shipped compiled in rollkit's core like every other module, so that putting the
hook in place compiles no Python while the worker starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any

__all__ = ["ZipLater"]


class ZipLater:
    """A finder on ``sys.meta_path`` for the modules ``names`` (each with everything below it),
    found in the zip at ``path`` once it is there. The first import of one of them calls
    ``bytes_of()`` (the page's download: a JavaScript buffer, or anything with ``to_py()``),
    checks the bytes against ``integrity`` (``"sha256-<base64>"``, or None: unchecked), writes
    them at ``path`` and imports from there; with ``on_path`` the zip also goes last on
    ``sys.path``. ``what`` names the download in the ``ImportError`` a failed one raises."""

    def __init__(
        self,
        names: Iterable[str],
        path: str,
        integrity: str | None,
        bytes_of: Callable[[], Any],
        what: str,
        on_path: bool,
    ) -> None:
        self.names, self.path, self.integrity, self.bytes_of = frozenset(names), path, integrity, bytes_of
        self.what, self.on_path, self.ready = what, on_path, False

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        """The spec of ``name`` from the zip (downloaded now if it is not yet), or None for a
        module this hook does not hold."""
        parts = name.split(".")
        if not any(".".join(parts[:n]) in self.names for n in range(1, len(parts) + 1)):
            return None
        if not self.ready:
            self.fetch()
        return PathFinder.find_spec(name, [self.path + "".join("/" + part for part in parts[:-1])])

    def fetch(self) -> None:
        """The zip's bytes, downloaded, checked and written at ``path``."""
        import base64
        import sys

        try:
            data = bytes(self.bytes_of().to_py())
        except Exception as error:  # noqa: BLE001 - any failure of the download is said as one
            raise ImportError(f"{self.what} could not be downloaded ({error})") from None
        if self.integrity:
            import _sha2  # type: ignore[import-not-found]  # built in; hashlib may be in the zip fetched

            if "sha256-" + base64.b64encode(_sha2.sha256(data).digest()).decode() != self.integrity:
                raise ImportError(f"{self.what} is not the file this site was built with")
        with open(self.path, "wb") as file:
            file.write(data)
        self.ready = True
        if self.on_path:
            sys.path.append(self.path)
