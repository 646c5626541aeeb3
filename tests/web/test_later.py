"""The worker's import hook for modules downloaded on their first import
(``rollkit.web._later.ZipLater``), run here in CPython with a zip made on the spot and a
download that counts its calls."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollkit.web._later import ZipLater

_SHA2 = importlib.util.find_spec("_sha2") is not None


class Download:
    """A download as the worker hands it over: called once per fetch, its bytes behind ``to_py``."""

    def __init__(self, data: bytes | None) -> None:
        self.data, self.calls = data, 0

    def __call__(self) -> Download:
        self.calls += 1
        if self.data is None:
            raise OSError("offline")
        return self

    def to_py(self) -> bytes:
        assert self.data is not None
        return self.data


def _zip(tmp_path: Path) -> bytes:
    made = tmp_path / "made.zip"
    with zipfile.ZipFile(made, "w") as zf:
        zf.writestr("laterpkg/__init__.py", "")
        zf.writestr("laterpkg/deep.py", "ANSWER = 42\n")
    return made.read_bytes()


@pytest.fixture
def hooked() -> Iterator[list[ZipLater]]:
    """The hooks a test puts on sys.meta_path, taken off again with what they imported."""
    hooks: list[ZipLater] = []
    yield hooks
    for hook in hooks:
        sys.meta_path.remove(hook)
        if hook.path in sys.path:
            sys.path.remove(hook.path)
    for name in [n for n in sys.modules if n == "laterpkg" or n.startswith("laterpkg.")]:
        del sys.modules[name]


def _hook(hooked: list[ZipLater], hook: ZipLater) -> ZipLater:
    sys.meta_path.append(hook)
    hooked.append(hook)
    return hook


def test_a_module_below_a_name_is_fetched_once_checked_and_imported(
    tmp_path: Path, hooked: list[ZipLater]
) -> None:
    data = _zip(tmp_path)
    download = Download(data)
    # checked against its hash where the hook's built-in _sha2 is (Python 3.12+, Pyodide)
    integrity = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode() if _SHA2 else None
    path = str(tmp_path / "later.zip")
    hook = _hook(hooked, ZipLater(["laterpkg"], path, integrity, download, "the test's zip", True))
    assert hook.find_spec("json") is None and download.calls == 0  # not one of its names: no download
    import laterpkg.deep  # type: ignore[import-not-found]

    assert laterpkg.deep.ANSWER == 42
    assert download.calls == 1 and Path(path).read_bytes() == data and path in sys.path
    assert hook.find_spec("laterpkg.deep") is not None and download.calls == 1  # fetched once


def test_a_download_that_fails_or_is_not_the_built_file_is_an_import_error(
    tmp_path: Path, hooked: list[ZipLater]
) -> None:
    path = str(tmp_path / "later.zip")
    offline = _hook(hooked, ZipLater(["laterpkg"], path, None, Download(None), "the test's zip", False))
    with pytest.raises(ImportError, match=r"^the test's zip could not be downloaded \(offline\)$"):
        offline.find_spec("laterpkg")
    sys.meta_path.remove(offline)
    hooked.remove(offline)
    pytest.importorskip("_sha2", reason="the hook checks with the built-in _sha2 (Python 3.12+, Pyodide)")
    wrong = "sha256-" + base64.b64encode(hashlib.sha256(b"another file").digest()).decode()
    tampered = _hook(
        hooked, ZipLater(["laterpkg"], path, wrong, Download(_zip(tmp_path)), "the test's zip", False)
    )
    with pytest.raises(ImportError, match=r"^the test's zip is not the file this site was built with$"):
        tampered.find_spec("laterpkg")
    assert not Path(path).exists() and not tampered.ready
