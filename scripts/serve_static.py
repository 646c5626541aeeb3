"""Serve a built site on 127.0.0.1, optionally under a sub-path and with extra headers.

    python scripts/serve_static.py site --port 8000 --prefix /rollkit/ \
        --header "Content-Security-Policy: default-src 'self'"

Used by ``scripts/serve``, the browser tests (a GitHub Pages project site lives under
/<repo>/) and the browser benchmark. ``--block PATTERN`` answers 404 for matching paths,
to test how the site behaves when a download fails. ``--delay MS`` holds every response back
that long (a round trip of a distant host, for the benchmark's preload figures).

It serves the site as a good static host would:

- A file with precompressed copies beside it (``NAME.br``, ``NAME.gz``, written by the
  build step's ``docs_tools.sitebuild.compress``) is answered with the first the request's
  ``Accept-Encoding`` allows, br then gzip, with ``Content-Encoding``, the file's own
  ``Content-Type`` and ``Vary: Accept-Encoding``; otherwise with the file itself.
- The runtime's content-hashed folder (``pyodide/<hash>/``) is sent with
  ``Cache-Control: public, max-age=31536000, immutable``; everything else (pages, assets)
  without ``Cache-Control`` (the browser's own heuristics decide).
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import functools
import http.server
import os
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

__all__ = ["serve", "accepted", "ENCODINGS", "IMMUTABLE", "LONG_CACHE"]

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # Content-Encoding and the copy's suffix, best first
IMMUTABLE = re.compile(r"/pyodide/[0-9a-f]{16}/")  # docs_tools.sitebuild's content-hashed runtime folder
LONG_CACHE = "public, max-age=31536000, immutable"


def accepted(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` value allows (a q of 0 refuses one)."""
    allowed, refused, anything = set(), set(), False
    for item in header.split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        coding = coding.lower()
        if coding == "*":
            anything = q > 0
        elif coding:
            (allowed if q > 0 else refused).add(coding)
    if anything:
        allowed |= {name for name, _ in ENCODINGS} - refused
    return allowed


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    headers_extra: tuple[tuple[str, str], ...] = ()
    blocked: tuple[re.Pattern[str], ...] = ()
    delay = 0.0  # seconds each response is held back
    vary = False  # this response's file has compressed copies
    immutable = False  # this response is in the content-hashed runtime folder

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix) :])

    def do_GET(self) -> None:
        if self.delay:
            time.sleep(self.delay)
        if any(p.search(self.path) for p in self.blocked):
            self.send_error(404, "blocked for a test")
            return
        super().do_GET()

    def send_head(self):  # type: ignore[no-untyped-def]
        """The file, or the best precompressed copy of it that the request accepts."""
        self.vary = self.immutable = False
        path = self.translate_path(self.path)
        url_path = urlsplit(self.path).path
        if os.path.isdir(path) and url_path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # directory redirects, listings and 404s
        copies = [(coding, path + suffix) for coding, suffix in ENCODINGS if os.path.isfile(path + suffix)]
        self.vary, self.immutable = bool(copies), bool(IMMUTABLE.search(url_path))
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        chosen = next(((coding, copy) for coding, copy in copies if coding in allowed), None)
        if chosen is None:
            return super().send_head()
        coding, copy = chosen
        modified = os.stat(path).st_mtime
        if self._not_modified(modified):
            self.send_response(304)
            self.end_headers()
            return None
        f = open(copy, "rb")  # noqa: SIM115 - the caller copies and closes it
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return f

    def _not_modified(self, modified: float) -> bool:
        """``If-Modified-Since`` as ``SimpleHTTPRequestHandler`` reads it."""
        if "If-Modified-Since" not in self.headers or "If-None-Match" in self.headers:
            return False
        try:
            since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=datetime.UTC)
        return int(modified) <= since.timestamp()

    def end_headers(self) -> None:
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        if self.immutable:
            self.send_header("Cache-Control", LONG_CACHE)
        for name, value in self.headers_extra:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    # The listen backlog (socketserver's is 5): a browser opens many connections at once (one a
    # request: this server speaks HTTP/1.0), and under load the accept loop falls behind; a
    # connection dropped from a full backlog waits for the client's SYN retry, 1 s and doubling
    # (this machine's ListenOverflows counted hundreds during the test suite).
    request_queue_size = 1024

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """A client that went away mid-answer (a test aborting a download, a closed tab) is
        not the server's error: nothing printed. Anything else is printed as before."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve(
    directory: Path,
    *,
    port: int = 0,
    prefix: str = "/",
    headers: dict[str, str] | None = None,
    block: tuple[str, ...] = (),
    delay_ms: float = 0.0,
) -> http.server.ThreadingHTTPServer:
    """Start serving in a background thread; returns the server (``server_port``, ``shutdown()``)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type(
        "Handler",
        (_Handler,),
        {
            "prefix": prefix,
            "headers_extra": tuple((headers or {}).items()),
            "blocked": tuple(re.compile(b) for b in block),
            "delay": delay_ms / 1000,
        },
    )
    server = _Server(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    # shutdown() waits for the loop's next look (half a second by default): a twentieth
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--header", action="append", default=[], help="'Name: value'")
    parser.add_argument("--block", action="append", default=[], help="regex of paths to refuse")
    parser.add_argument("--delay", type=float, default=0.0, metavar="MS", help="hold each response back")
    options = parser.parse_args()
    headers = dict(h.split(":", 1) for h in options.header)
    server = serve(
        options.directory,
        port=options.port,
        prefix=options.prefix,
        headers={k.strip(): v.strip() for k, v in headers.items()},
        block=tuple(options.block),
        delay_ms=options.delay,
    )
    print(
        f"serving {options.directory} on http://127.0.0.1:{server.server_port}{options.prefix}"
        " (Ctrl-C stops)",
        flush=True,
    )
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
