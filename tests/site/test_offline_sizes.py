"""What keeping the site offline costs a reader, said on its pages from the build itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docs_tools.sitebuild import offline

SHOWN = re.compile(r'<span data-rollkit-size="([^"]*)">([^<]*)</span>')


def _on_disk(built: Path, address: str) -> Path:
    path = built / address
    return path / "index.html" if address.endswith("/") or address == "./" else path


def _smallest(path: Path) -> int:
    """What a server that negotiates the build's copies sends: the smallest of the file and its
    .br and .gz copies, as they are on disk."""
    copies = [path, path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")]
    return min(copy.stat().st_size for copy in copies if copy.exists())


def test_the_pages_say_what_keeping_the_site_downloads_and_keeps(built: Path) -> None:
    kept = offline.manifest(built)
    files = {address: _on_disk(built, address) for address in kept["files"]}  # type: ignore[union-attr]
    python = [files[address] for address in kept["runtime"]]  # type: ignore[union-attr]
    snapshot = [_on_disk(built, address) for address in kept["background"]]  # type: ignore[union-attr]
    want = {
        "download": sum(_smallest(p) for p in files.values()),
        "python": sum(_smallest(p) for p in python),
        "first": sum(_smallest(p) for p in files.values() if p not in python),
        "kept": sum(p.stat().st_size for p in files.values()),
        "snapshot": sum(p.stat().st_size for p in snapshot),
        "snapshot-download": sum(_smallest(p) for p in snapshot),
    }
    assert want["python"] > want["first"] > 0 and want["snapshot"] > 0
    shown: dict[str, str] = {}
    for page in ("widgets/index.html", "performance/index.html"):
        shown.update(SHOWN.findall((built / page).read_text(encoding="utf-8")))
    assert set(shown) == set(want)
    for key, text in shown.items():
        number, unit = text.split(" ")
        assert unit == "MB", text
        # the page itself changed by the few bytes of its numbers after they were worked out
        assert abs(float(number) * 1e6 - want[key]) < 0.06e6, (key, text, want[key])


def test_a_page_asking_for_an_unknown_size_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<p><span data-rollkit-size="kept">?</span></p>', encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(b"\0" * 250_000)
    assert offline.fill_sizes(tmp_path) == 1
    assert '<span data-rollkit-size="kept">0.3 MB</span>' in (tmp_path / "index.html").read_text(encoding="utf-8")
    (tmp_path / "other.html").write_text('<span data-rollkit-size="weight">?</span>', encoding="utf-8")
    with pytest.raises(RuntimeError, match='"weight"'):
        offline.fill_sizes(tmp_path)
