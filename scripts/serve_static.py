"""Serve a built site on 127.0.0.1, optionally under a sub-path and with extra headers.

    python scripts/serve_static.py site --port 8000 --prefix /rollkit/ \
        --header "Content-Security-Policy: default-src 'self'"

Used by the browser tests (a GitHub Pages project site lives under /<repo>/) and
handy by hand. ``--block PATTERN`` answers 404 for matching paths, to test how
the site behaves when a download fails.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import threading
from pathlib import Path

__all__ = ["serve"]


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    headers_extra: tuple[tuple[str, str], ...] = ()
    blocked: tuple[re.Pattern[str], ...] = ()

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/zip"}

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix):])

    def do_GET(self) -> None:
        if any(p.search(self.path) for p in self.blocked):
            self.send_error(404, "blocked for a test")
            return
        super().do_GET()

    def end_headers(self) -> None:
        for name, value in self.headers_extra:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path, *, port: int = 0, prefix: str = "/", headers: dict[str, str] | None = None,
          block: tuple[str, ...] = ()) -> http.server.ThreadingHTTPServer:
    """Start serving in a background thread; returns the server (``server_port``, ``shutdown()``)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (_Handler,), {
        "prefix": prefix,
        "headers_extra": tuple((headers or {}).items()),
        "blocked": tuple(re.compile(b) for b in block),
    })
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--header", action="append", default=[], help="'Name: value'")
    parser.add_argument("--block", action="append", default=[], help="regex of paths to refuse")
    options = parser.parse_args()
    headers = dict(h.split(":", 1) for h in options.header)
    server = serve(options.directory, port=options.port, prefix=options.prefix,
                   headers={k.strip(): v.strip() for k, v in headers.items()}, block=tuple(options.block))
    print(f"serving {options.directory} on http://127.0.0.1:{server.server_port}{options.prefix}")
    threading.Event().wait()


if __name__ == "__main__":
    main()
