"""Precompressed copies (docs_tools.sitebuild.compress), the server that negotiates them
(scripts/serve_static.py) and the content-hashed runtime folder they are cached under."""

from __future__ import annotations

import gzip
import http.client
import io
import random
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from docs_tools.sitebuild import HASH_LENGTH, RUNTIME_HOME, cache, compress, runtime_dir
from scripts import serve_static

HASH = "0123456789abcdef"
TEXT = "".join(f"<p>Roll {n} dice against a Threshold of {n % 10}.</p>\n" for n in range(400))


def _zip(how: int) -> bytes:
    """A zip of a module stored as it is (a copy pays), or of compressed data (a copy would not)."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", how) as zf:
        entry = zipfile.ZipInfo("fractions.pyc", date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes every time
        zf.writestr(entry, TEXT if how == zipfile.ZIP_STORED else random.Random(7).randbytes(8000), how)
    return data.getvalue()


def _tree(root: Path) -> dict[str, bytes]:
    files = {
        "index.html": TEXT.encode(),
        "hits/index.html": TEXT.encode() * 2,
        "assets/site.css": b".rk { color: red; }\n" * 300,
        "assets/site.js": b"console.log('rollkit');\n" * 300,
        "assets/worker.mjs": b"export const x = 1;\n" * 300,
        "search/search_index.json": b'{"docs": [' + b'{"title": "Threshold"},' * 300 + b"{}]}",
        f"pyodide/{HASH}/pyodide.asm.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 64,
        # the site's standard library: compiled modules stored uncompressed, for the copies
        f"pyodide/{HASH}/python_stdlib.zip": _zip(zipfile.ZIP_STORED),
        f"pyodide/{HASH}/deflated.zip": _zip(zipfile.ZIP_DEFLATED),  # no copy would save enough
        # the site's wheel: its compiled modules stored too (a deflated one would get no copy)
        f"pyodide/{HASH}/rollkit-0.1.0-py3-none-any.whl": _zip(zipfile.ZIP_STORED),
        "small.html": b"<p>tiny</p>",
        "noise.js": random.Random(7).randbytes(8000),  # gzip would not save enough
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return files


def test_every_large_text_and_wasm_file_gets_copies_that_decompress_to_it(tmp_path: Path) -> None:
    files = _tree(tmp_path)
    done = {c.path.relative_to(tmp_path).as_posix(): c for c in compress.precompress(tmp_path)}
    expected = {
        "index.html",
        "hits/index.html",
        "assets/site.css",
        "assets/site.js",
        "assets/worker.mjs",
        "search/search_index.json",
        f"pyodide/{HASH}/pyodide.asm.wasm",
        f"pyodide/{HASH}/python_stdlib.zip",
        f"pyodide/{HASH}/rollkit-0.1.0-py3-none-any.whl",
    }
    assert set(done) == expected
    for name in expected:
        original = files[name]
        assert gzip.decompress((tmp_path / (name + ".gz")).read_bytes()) == original
        assert done[name].copies["gzip"] == (tmp_path / (name + ".gz")).stat().st_size < len(original)
        assert (tmp_path / (name + ".gz")).stat().st_mtime == (tmp_path / name).stat().st_mtime
        if compress.brotli is not None:
            assert compress.brotli.decompress((tmp_path / (name + ".br")).read_bytes()) == original
        else:
            assert not (tmp_path / (name + ".br")).exists()
    for skipped in (
        "small.html",
        "noise.js",
        f"pyodide/{HASH}/deflated.zip",
    ):
        assert not list(tmp_path.glob(skipped + ".*")), skipped


def test_copies_are_the_same_bytes_on_every_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(compress, "CACHE_MIN", 4096)  # the larger files go through the cache
    runs, cached = [], []
    for n in range(3):
        site = tmp_path / f"site{n}"
        _tree(site)
        compress.precompress(site)
        runs.append({p.relative_to(site): p.read_bytes() for p in site.rglob("*.gz")})
        cached.append(sorted(p.name for p in (tmp_path / "cache" / "compressed").iterdir()))
    assert runs[0] == runs[1] == runs[2] and runs[0]
    assert cached[0] == cached[1] == cached[2] and cached[0]  # reused, not made again
    assert all(name.endswith((".gz", ".br")) for name in cached[0])


@pytest.fixture()
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, int]]:
    _tree(tmp_path)
    monkeypatch.setattr(compress, "ENCODERS", {"gzip": compress.ENCODERS["gzip"]})  # .br where the test says
    compress.precompress(tmp_path)
    (tmp_path / "index.html.br").write_bytes(b"brotli bytes")  # the server only picks files
    server = serve_static.serve(tmp_path, prefix="/rollkit/")
    try:
        yield tmp_path, server.server_port
    finally:
        server.shutdown()
        server.server_close()


def _get(
    port: int, path: str, encoding: str | None, method: str = "GET", **headers: str
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    if encoding is not None:
        headers["Accept-Encoding"] = encoding
    connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.mark.parametrize(
    ("accept", "chosen"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("br;q=0.5, gzip;q=1", "br"),  # the server's order: the best copy the browser accepts
        ("gzip, br;q=0", "gzip"),
        ("gzip", "gzip"),
        ("*", "br"),
        ("*, br;q=0", "gzip"),
        ("deflate", None),
        ("identity", None),
        ("", None),
        (None, None),
    ],
)
def test_the_server_negotiates_the_encoding(
    served: tuple[Path, int], accept: str | None, chosen: str | None
) -> None:
    root, port = served
    for path in ("/rollkit/", "/rollkit/index.html"):
        status, headers, body = _get(port, path, accept)
        assert status == 200
        assert headers["content-type"] == "text/html"
        assert headers["vary"] == "Accept-Encoding"
        assert "cache-control" not in headers  # only the content-hashed runtime is kept long
        assert headers.get("content-encoding") == chosen
        copy = root / ("index.html" + {"br": ".br", "gzip": ".gz", None: ""}[chosen])
        assert body == copy.read_bytes() and int(headers["content-length"]) == len(body)


def test_the_content_hashed_runtime_is_cached_for_a_year(served: tuple[Path, int]) -> None:
    root, port = served
    wasm = f"/rollkit/pyodide/{HASH}/pyodide.asm.wasm"
    status, headers, body = _get(port, wasm, "gzip, deflate, br")
    assert status == 200 and headers["content-encoding"] == "gzip"  # no .br copy of it here
    assert headers["content-type"] == "application/wasm"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(body) == (root / "pyodide" / HASH / "pyodide.asm.wasm").read_bytes()
    status, headers, body = _get(port, f"/rollkit/pyodide/{HASH}/deflated.zip", "gzip, br")
    assert status == 200 and "content-encoding" not in headers and "vary" not in headers
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    status, headers, body = _get(port, f"/rollkit/pyodide/{HASH}/python_stdlib.zip", "gzip")
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == (root / "pyodide" / HASH / "python_stdlib.zip").read_bytes()
    for path in ("/rollkit/assets/site.js", "/rollkit/search/search_index.json", "/rollkit/small.html"):
        status, headers, _ = _get(port, path, "gzip")
        assert status == 200 and "cache-control" not in headers, path
    assert _get(port, "/rollkit/small.html", "gzip")[1].get("content-encoding") is None
    assert _get(port, "/rollkit/assets/worker.mjs", "gzip")[1]["content-type"] == "text/javascript"


def test_head_not_modified_redirects_and_misses(served: tuple[Path, int]) -> None:
    root, port = served
    wasm = f"/rollkit/pyodide/{HASH}/pyodide.asm.wasm"
    status, headers, body = _get(port, wasm, "gzip", method="HEAD")
    assert status == 200 and body == b"" and headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) == (root / "pyodide" / HASH / "pyodide.asm.wasm.gz").stat().st_size
    status, headers, _ = _get(port, wasm, "gzip", If_Modified_Since=headers["last-modified"])
    assert status == 304
    assert (
        headers["cache-control"] == "public, max-age=31536000, immutable"
        and headers["vary"] == "Accept-Encoding"
    )
    status, headers, _ = _get(port, "/rollkit/hits", "gzip")
    assert status == 301 and headers["location"] == "/rollkit/hits/"
    assert _get(port, "/rollkit/hits/", "gzip")[1]["content-encoding"] == "gzip"
    assert _get(port, "/rollkit/missing.html", "gzip")[0] == 404
    assert _get(port, "/index.html", "gzip")[0] == 404  # outside the prefix


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert serve_static.accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert serve_static.accepted("GZIP;q=0.8, br;q=0") == {"gzip"}
    assert serve_static.accepted("br;q=bad") == set()
    assert serve_static.accepted("*;q=0.1, gzip;q=0") == {"br"}
    assert serve_static.accepted("") == set()


def test_the_runtime_folder_is_what_the_server_caches(tmp_path: Path) -> None:
    folder = tmp_path / RUNTIME_HOME / ("f" * HASH_LENGTH)
    folder.mkdir(parents=True)
    (folder / "pyodide-lock.json").write_text("{}")
    assert runtime_dir(tmp_path) == folder
    assert serve_static.IMMUTABLE.search(f"/x/{folder.relative_to(tmp_path).as_posix()}/pyodide.asm.wasm")
    (tmp_path / RUNTIME_HOME / ("e" * HASH_LENGTH)).mkdir()
    (tmp_path / RUNTIME_HOME / ("e" * HASH_LENGTH) / "pyodide-lock.json").write_text("{}")
    with pytest.raises(RuntimeError, match="holds 2 runtimes"):
        runtime_dir(tmp_path)


def test_what_a_server_sends_is_the_smallest_copy_written_else_the_file(tmp_path: Path) -> None:
    _tree(tmp_path)
    compress.precompress(tmp_path)
    for name in (
        "index.html",
        f"pyodide/{HASH}/python_stdlib.zip",
        f"pyodide/{HASH}/deflated.zip",
        "small.html",
    ):
        path = tmp_path / name
        copies = [
            len(path.with_name(path.name + suffix).read_bytes())
            for suffix in (".br", ".gz")
            if path.with_name(path.name + suffix).exists()
        ]
        assert compress.sent(path) == min([path.stat().st_size, *copies]), name
    assert compress.sent(tmp_path / "small.html") == len(b"<p>tiny</p>")
    assert compress.sent(tmp_path / "index.html") < len(TEXT.encode()) / 5
