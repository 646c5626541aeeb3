"""The site's build (``python -m docs_tools.sitebuild``, run by ``scripts/build``) under
mkdocs and Zensical: a broken fence fails either build naming its page and line (fences
are checked where they are rendered, not by an mkdocs hook), and a good build gets the
browser runtime from the step itself."""

from __future__ import annotations

import _imp
import ast
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from docs_tools.sitebuild import NPM_PYODIDE, cache, config, node, runtime_dir, stdlib, wheel
from rollkit._registry import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = ("mkdocs", "zensical")
# The first two bytes of a .pyc for Python 3.14 (importlib.util.MAGIC_NUMBER there): npm
# pyodide 314's Python. The build's own CPython is 3.11 to 3.13, with other numbers.
PYTHON_314_MAGIC = 3627

GOOD = {
    "rollkit": "check: hits\ndice: 5\nthreshold: 7\ntn: 1",
    "rollkit-table": '[["Dice", "Chance"], [5, hits.Check(dice=5, threshold=7, tn=1).chance()]]',
    "rollkit-chart": 'bar_chart([("1", Fraction(1, 3)), ("2", Fraction(2, 3))], title="Two", x_label="x")',
    "rollkit-example": "check: hits\ndice: 3\nthreshold: 7\ntn: 1\nfaces: 8, 2, 3\nsays tally: 1",
}
BROKEN = {
    "rollkit": (
        "check: hits\ndice: 5\nthreshold: 12\ntn: 1",
        "RulesError: Threshold (x+): 12 is out of range; enter a whole number from 1 to 10",
    ),
    "rollkit-table": ("[[1, 2], [3]]", "ValueError: row 1 has 1 cells, the header has 2"),
    "rollkit-chart": ("1 + 1", "a rollkit-chart must end with a chart"),
    # a wrong claim names its own line: tests/site/test_examples.py
    "rollkit-example": (
        "check: hits\ndice: 3\nthreshold: 7\ntn: 1\nfaces: 8, 2\nsays tally: 1",
        "needs more dice",
    ),
}


def _indent(text: str, depth: int) -> str:
    return "\n".join(" " * depth + line if line else line for line in text.split("\n"))


def _fence(kind: str, body: str) -> str:
    return f"```{kind}\n{body}\n```"


def page(kind: str) -> tuple[str, int]:
    """A page with front matter, a good fence of ``kind``, then a broken one nested in a tab
    inside an admonition; and the line of the broken fence."""
    head = f"---\ntitle: Broken\n---\n\n# Broken\n\nSome words.\n\n{_fence(kind, GOOD[kind])}\n\n"
    nested = f'!!! example "Nested"\n\n    Words.\n\n    === "Tab"\n\n{_indent(_fence(kind, BROKEN[kind][0]), 8)}\n'
    text = head + nested
    return text, head.count("\n") + nested.split("\n").index(" " * 8 + f"```{kind}") + 1


def project(tmp: Path, text: str) -> Path:
    """A project in ``tmp`` with ``mkdocs.yml``'s settings and one page; returns its config."""
    docs = tmp / "docs"
    shutil.copytree(ROOT / "docs" / "assets", docs / "assets")
    (docs / "index.md").write_text(text, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = re.sub(r"^nav:\n(?:  .*\n)+", "", config, flags=re.M)
    config = config.replace("custom_dir: overrides", f"custom_dir: {ROOT}/overrides").replace(
        "base_path: [benchmarks]", f"base_path: [{ROOT}/benchmarks]"
    )
    assert "hooks:" not in config  # nothing in the build depends on an mkdocs hook
    (tmp / "mkdocs.yml").write_text(config, encoding="utf-8")
    return tmp / "mkdocs.yml"


def build(config: Path, builder: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mkdocs", reason="the docs venv builds the site")
    if builder == "zensical":
        pytest.importorskip("zensical", reason="scripts/setup installs zensical into .venv")
    command = [sys.executable, "-m", "docs_tools.sitebuild", "--config-file", str(config)]
    return subprocess.run(
        command + (["--zensical"] if builder == "zensical" else []),
        cwd=config.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_broken_fence_is_nested_after_front_matter() -> None:
    text, line = page("rollkit")
    assert text.split("\n")[line - 1] == "        ```rollkit"
    assert text.count("```rollkit\n") == 2 and text.startswith("---\n")


@pytest.mark.site
@pytest.mark.parametrize("kind", list(BROKEN))
@pytest.mark.parametrize("builder", BUILDERS)
def test_a_broken_fence_fails_the_build_with_page_and_line(tmp_path: Path, builder: str, kind: str) -> None:
    text, line = page(kind)
    done = build(project(tmp_path, text), builder)
    assert done.returncode != 0
    said = f"docs/index.md:{line}: {kind} fence failed: "
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"build: {builder} build failed") and said in last and BROKEN[kind][1] in last, (
        done.stderr[-2000:]
    )
    assert not (tmp_path / "site").exists()


@pytest.mark.site
@pytest.mark.parametrize("builder", BUILDERS)
def test_the_build_step_installs_the_runtime(tmp_path: Path, builder: str) -> None:
    text = "# Good\n\n" + "\n\n".join(_fence(kind, body) for kind, body in GOOD.items()) + "\n"
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "stale.html").write_text("from an earlier build")
    done = build(project(tmp_path, text), builder)
    assert done.returncode == 0, done.stderr[-2000:]
    site = tmp_path / "site"
    html = (site / "index.html").read_text(encoding="utf-8")
    assert html.count('data-rollkit-widget="hits"') == 1
    assert re.search(r'<figure class="rollkit-figure"( data-search-exclude)?><svg', html)
    assert 'class="rollkit-table"' in html
    assert not (site / "stale.html").exists()
    runtime = runtime_dir(site)  # pyodide/<hash>/
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    shipped = runtime / lock["packages"]["rollkit"]["file_name"]
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == lock["packages"]["rollkit"]["sha256"]
    _assert_compiled(shipped, PYTHON_314_MAGIC)  # Pyodide 314's Python, not the CPython running the build
    with zipfile.ZipFile(shipped) as zf:  # the working tree's modules, no leftover of an older build
        modules = {n[:-1] for n in zf.namelist() if n.endswith(".pyc")}
    assert modules == {p.relative_to(ROOT).as_posix() for p in (ROOT / "rollkit").rglob("*.py")}
    worker = (runtime / "rollkit-worker.mjs").read_text(encoding="utf-8")  # cached with the runtime
    assert 'import("./pyodide.mjs")' in worker  # Pyodide beside it, in the runtime's folder
    # The build's configuration, bundled into the worker and the page module: the runtime's
    # folder, each file there with its integrity, and the wheel's place on sys.path (where its
    # .pyc were compiled to be), its integrity the lock file's sha256.
    made = config.read(runtime / "rollkit-worker.mjs")
    page_config = config.read(site / "assets" / "rollkit.mjs")
    worker_bytes = (runtime / "rollkit-worker.mjs").read_bytes()
    assert page_config == {
        **made,
        "later": None,
        "parts": None,
        "sizes": {},
        "snapshot": None,  # the worker's only: restored from the service worker's copy
        "worker": config.integrity(worker_bytes),
    }  # the page checks the worker
    assert made["worker"] is None  # the worker cannot name its own hash
    wheel_sri = "sha256-" + base64.b64encode(bytes.fromhex(lock["packages"]["rollkit"]["sha256"])).decode()
    assert made["runtime"] == f"pyodide/{runtime.name}/"
    assert made["wheel"] == {"file": shipped.name, "path": f"/lib/{shipped.name}"}
    assert made["snapshot"] == {"file": "python_snapshot.bin"}  # hash-checked with the others below
    assert made["files"][shipped.name] == wheel_sri
    # The wheel in parts for the worker: the core (at the wheel's own place on sys.path) and a
    # zip a system, which together hold each of the wheel's entries once, as the wheel holds it.
    stem = shipped.name.split("-py3")[0]
    assert made["parts"] == {
        "core": {"file": f"{stem}-core.zip", "path": f"/lib/{shipped.name}"},
        "systems": {name: {"file": f"{stem}-{name}.zip", "path": f"/lib/{stem}-{name}.zip"} for name in BUILT_IN},
        "rarer": {
            "file": f"{stem}-rarer.zip",
            "path": f"/lib/{stem}-rarer.zip",
            "modules": [
                "rollkit.__main__",
                "rollkit._cli",
                "rollkit._cli_need",
                "rollkit._sheet",
                "rollkit.web._run",
                "rollkit.web._sheet",
            ],
        },
    }
    with zipfile.ZipFile(shipped) as whole:
        wanted = {info.filename: whole.read(info) for info in whole.infolist()}
    held: dict[str, bytes] = {}
    for name, part in [
        ("core", made["parts"]["core"]),
        *made["parts"]["systems"].items(),
        ("rarer", made["parts"]["rarer"]),
    ]:
        with zipfile.ZipFile(runtime / part["file"]) as zipped:
            assert {info.compress_type for info in zipped.infolist()} == {zipfile.ZIP_STORED}
            entries = {info.filename: zipped.read(info) for info in zipped.infolist()}
        assert not set(entries) & set(held)
        held.update(entries)
        inside = [n for n in entries if n.startswith(f"rollkit/{name}/")]
        rarer = {m.replace(".", "/") + ".pyc" for m in made["parts"]["rarer"]["modules"]}
        if name == "core":
            assert "rollkit/__init__.pyc" in entries and not [n for n in entries if n.split("/")[1] in BUILT_IN]
            assert not rarer & set(entries) and not [n for n in entries if ".dist-info/" in n]
        elif name == "rarer":
            assert set(entries) - rarer == {n for n in entries if ".dist-info/" in n}
            assert rarer <= set(entries)
        else:
            assert set(inside) == set(entries) and f"rollkit/{name}/__init__.pyc" in entries
    assert held == wanted
    served = {p.name for p in runtime.iterdir() if p.suffix not in (".br", ".gz")} - {"rollkit-worker.mjs"}
    assert set(made["files"]) == served
    for name, sri in made["files"].items():
        assert sri == config.integrity((runtime / name).read_bytes()), name
    # Each a bundle, one file: no module of assets/rollkit/ is imported, and none is shipped.
    page_module = (site / "assets" / "rollkit.mjs").read_text(encoding="utf-8")
    for bundled in (page_module, worker):
        assert not re.search(r"^(import\b(?!\()|export\b)", bundled, re.M)
    assert not (site / "assets" / "rollkit").exists()
    # the old address of the worker, for a page an older build left in a cache, starts this one
    old = (site / "assets" / "rollkit-worker.mjs").read_text(encoding="utf-8")
    assert f'import "../pyodide/{runtime.name}/rollkit-worker.mjs";' in old
    assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= {p.name for p in runtime.iterdir()}
    later = _assert_compiled_stdlib(
        runtime / "python_stdlib.zip", runtime / "python_stdlib_later.zip", PYTHON_314_MAGIC
    )
    assert made["later"] == {
        "file": "python_stdlib_later.zip",
        "path": "/lib/python_stdlib_later.zip",
        "names": later,
    }
    # what the first roll downloads, each with its size and what the server sends (its .br copy)
    first = (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
        made["parts"]["core"]["file"],
        *(part["file"] for part in made["parts"]["systems"].values()),
        made["parts"]["rarer"]["file"],
    )
    assert made["sizes"] == {
        name: [(runtime / name).stat().st_size, min(p.stat().st_size for p in runtime.glob(f"{name}*"))]
        for name in first
    }
    assert made["sizes"]["pyodide.asm.wasm"][1] == (runtime / "pyodide.asm.wasm.br").stat().st_size
    assert not list((tmp_path / "build").glob("zensical-*"))  # Zensical's scratch folder is gone


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _assert_compiled(wheel: Path, magic: int) -> None:
    """Every module of ``wheel`` is its unchecked-hash .pyc for the Python of ``magic`` where its
    source was (where zipimport looks), without the source, none in ``__pycache__``, every entry
    stored (for the build's compressed copies), and RECORD lists every file."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert not [n for n in names if n.endswith((".py", "py.typed"))]  # the browser never reads them
        assert {info.compress_type for info in zf.infolist()} == {zipfile.ZIP_STORED}
        modules = [n[:-1] for n in names if n.endswith(".pyc")]
        assert modules
        checked = {True: 0, False: 0}  # docstrings looked for: classes', the others'
        assert not [n for n in names if "__pycache__" in n]
        for module in modules:
            pyc = module + "c"
            data = zf.read(pyc)
            assert data[:4] == magic.to_bytes(2, "little") + b"\r\n", pyc
            assert int.from_bytes(data[4:8], "little") == 0b01, pyc  # hash-based, not checked
            # without the docstrings of its module and functions (their first lines, as marshal
            # keeps an ASCII string's text), with its classes' (a dataclass would make one)
            tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                doc = ast.get_docstring(node, clean=False)
                if doc and doc.isascii() and len(doc.splitlines()[0]) >= 20:
                    kept = doc.splitlines()[0].encode() in data
                    assert kept == isinstance(node, ast.ClassDef), (pyc, doc.splitlines()[0])
                    checked[isinstance(node, ast.ClassDef)] += 1
        assert checked[True] > 20 and checked[False] > 200, checked
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = {}
        for line in zf.read(record_name).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            record[name] = (digest, size)
        assert set(record) == set(names)
        for name in names:
            if name != record_name:
                data = zf.read(name)
                assert record[name] == (_digest(data), str(len(data))), name


def _assert_compiled_stdlib(shipped: Path, later: Path, magic: int) -> list[str]:
    """The site's standard library is npm's, entry for entry, cut in two: ``shipped`` holds the
    modules Pyodide's start-up, rollkit and the pages' examples import, as unchecked-hash .pyc
    for the Python of ``magic`` without source; ``later`` everything else, as npm has it.
    Returns the top-level names only ``later`` holds."""
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as npm:
        original = {info.filename: npm.read(info) for info in npm.infolist()}
    with zipfile.ZipFile(shipped) as zf, zipfile.ZipFile(later) as rest:
        names = zf.namelist()
        assert names and all(n.endswith(".pyc") for n in names)  # no source, nothing else
        compiled = {n[:-1] for n in names}
        # Pyodide's own start-up (json, ast), rollkit's imports (fractions, numbers)
        assert {"json/__init__.py", "ast.py", "fractions.py", "numbers.py"} <= compiled
        assert "os.py" not in compiled  # frozen into the wasm: never read from the zip
        # nothing the first roll imports (html: only the build writes HTML, rollkit.web.to_html)
        assert {"smtplib.py", "doctest.py", "argparse.py", "html/__init__.py"} <= set(rest.namelist())
        assert compiled.isdisjoint(rest.namelist())
        assert compiled | set(rest.namelist()) == set(original)
        for name in rest.namelist():
            assert rest.read(name) == original[name], name
        for name in names:
            data = zf.read(name)
            assert data[:4] == magic.to_bytes(2, "little") + b"\r\n", name
            assert int.from_bytes(data[4:8], "little") == 0b01, name  # hash-based, not checked
            # compiled from npm's source: its hash, keyed as that Python keys it
            raw_magic = int.from_bytes(data[:4], "little")
            assert data[8:16] == _imp.source_hash(raw_magic, original[name[:-1]]), name
        tops = {n.split("/")[0].removesuffix(".py") for n in rest.namelist() if not n.endswith("/")}
    return sorted(tops)


def _tiny_wheel(folder: Path) -> Path:
    wheel = folder / "tiny-1.0-py3-none-any.whl"
    files = {
        "tiny/__init__.py": "from tiny.dice import SIDES\n",
        "tiny/dice.py": "SIDES = 6\n",
        "tiny-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: tiny\nVersion: 1.0\n",
    }
    with zipfile.ZipFile(wheel, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
        zf.writestr(
            "tiny-1.0.dist-info/RECORD",
            "".join(f"{n},{_digest(t.encode())},{len(t)}\n" for n, t in files.items())
            + "tiny-1.0.dist-info/RECORD,,\n",
        )
    return wheel


def test_without_node_the_wheel_ships_as_built_and_the_build_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = _tiny_wheel(tmp_path)
    monkeypatch.setattr(cache, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(node.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="Node.js is not installed"):
        wheel.compile_wheel(plain, tmp_path / "never.whl")
    monkeypatch.setattr(wheel, "plain_wheel", lambda: plain)
    assert wheel.wheel() == plain
    assert "Node.js is not installed (scripts/setup installs it): the site's wheel carries no bytecode" in (
        capsys.readouterr().err
    )
    assert not (tmp_path / "never.whl").exists()
    assert stdlib.stdlib(plain) == stdlib.Library(NPM_PYODIDE / "python_stdlib.zip")
    assert "Node.js is not installed (scripts/setup installs it): the site's standard library is npm's" in (
        capsys.readouterr().err
    )
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]  # nothing half made is kept


def test_the_build_cache_keeps_its_most_recent_entries_and_nothing_half_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE", tmp_path)
    made: list[str] = []

    def make(name: str) -> Callable[[Path], None]:
        def into(folder: Path) -> None:
            made.append(name)
            (folder / "out.txt").write_text(name)

        return into

    for name in ("a", "b", "a", "c"):  # "a" is used again before "c" is made: "b" is the oldest
        entry = cache.cached("kind", name, make(name), keep=2)
        assert (entry / "out.txt").read_text() == name
    assert made == ["a", "b", "c"]  # "a" came from the cache the second time
    assert sorted(p.name for p in (tmp_path / "kind").iterdir()) == ["a", "c"]

    def broken(folder: Path) -> None:
        (folder / "half.txt").write_text("half")
        raise RuntimeError("failed midway")

    with pytest.raises(RuntimeError, match="failed midway"):
        cache.cached("kind", "d", broken, keep=2)
    assert sorted(p.name for p in (tmp_path / "kind").iterdir()) == ["a", "c"]
    assert cache.key("x", b"y") == cache.key("x", b"y") != cache.key("xy")


def test_a_file_left_by_an_older_layout_of_the_cache_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE", tmp_path)
    (tmp_path / "kind").mkdir()
    (tmp_path / "kind" / "a").write_text("an older build's cached file")
    entry = cache.cached("kind", "a", lambda folder: (folder / "out.txt").write_text("new"), keep=2)
    assert entry.is_dir() and (entry / "out.txt").read_text() == "new"
