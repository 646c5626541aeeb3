"""Less to download: the site loads compressed from a server that negotiates the build's
precompressed copies (scripts/serve_static.py), the runtime comes from its content-hashed
folder (cached for a year), and the search index leaves the reference pages out.

How much is downloaded is measured by the browser benchmark (benchmarks.targets), not here.
"""

from __future__ import annotations

import gzip
import json
import re
from urllib.parse import urlsplit

import pytest

from docs_tools.sitebuild import compress, config, runtime_dir
from scripts.serve_static import LONG_CACHE
from tests.browser.pages import READY_MS, instant_go, new_context, open_page, roll_widget, track, type_seed
from tests.helpers.site import Site

ENCODING = next(iter(compress.ENCODERS))  # br when the build made .br copies, else gzip
REFERENCE = ("reference/python/", "reference/cli/", "reference/limits/")


def _search_index(site: Site) -> list[dict[str, object]]:
    """The built search index's entries (mkdocs-material: search/search_index.json; Zensical: search.json)."""
    for name, key in (("search/search_index.json", "docs"), ("search.json", "items")):
        if (site.directory / name).exists():
            return json.loads((site.directory / name).read_text(encoding="utf-8"))[key]
    raise AssertionError(f"no search index in {site.directory}")


@pytest.mark.parametrize("which", ["site", "subpath_site", "zensical_site"])
def test_a_page_and_the_runtime_load_compressed(
    browser: object, which: str, request: pytest.FixtureRequest
) -> None:
    site: Site = request.getfixturevalue(which)
    runtime = f"{urlsplit(site.base).path}pyodide/{runtime_dir(site.directory).name}/"
    page = open_page(browser, site)
    responses: dict[str, object] = {}
    page.on("response", lambda r: responses.setdefault(urlsplit(r.url).path, r))  # type: ignore[attr-defined]
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    widget = page.locator("[data-rollkit-widget]").first  # type: ignore[attr-defined]
    type_seed(widget, 5)
    widget.get_by_role("button", name="Roll", exact=True).click()
    widget.locator('xpath=self::*[@data-seed="5"]').wait_for(timeout=READY_MS)
    assert widget.locator(".rk-error").is_hidden()
    assert page.rollkit_errors == []  # type: ignore[attr-defined]

    def headers(path: str) -> dict[str, str]:
        assert path in responses, sorted(responses)
        return responses[path].all_headers()  # type: ignore[attr-defined]

    html = headers(urlsplit(site.url("hits/")).path)
    assert html["content-encoding"] == ENCODING and html["content-type"] == "text/html"
    assert html["vary"] == "Accept-Encoding"
    assert "cache-control" not in html  # only the content-hashed runtime is kept long
    wasm = headers(runtime + "pyodide.asm.wasm")
    assert wasm["content-encoding"] == ENCODING and wasm["content-type"] == "application/wasm"
    assert wasm["cache-control"] == LONG_CACHE and wasm["vary"] == "Accept-Encoding"
    # rollkit's core and the Hits rules, its parts stored for the copies; not the whole wheel
    parts = config.read(runtime_dir(site.directory) / "rollkit-worker.mjs")["parts"]
    for part in (parts["core"], parts["systems"]["hits"]):
        sent = headers(runtime + part["file"])
        assert sent["content-encoding"] == ENCODING and sent["cache-control"] == LONG_CACHE
    lock = json.loads((runtime_dir(site.directory) / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert runtime + lock["packages"]["rollkit"]["file_name"] not in responses
    stdlib = headers(runtime + "python_stdlib.zip")
    assert stdlib["content-encoding"] == ENCODING and stdlib["cache-control"] == LONG_CACHE
    worker = headers(runtime + "rollkit-worker.mjs")  # in the content-hashed folder too
    assert worker["content-encoding"] == ENCODING and worker["cache-control"] == LONG_CACHE
    module = headers(urlsplit(site.url("assets/rollkit.mjs")).path)
    assert module["content-encoding"] == ENCODING and "cache-control" not in module  # it names the hash
    timing = page.evaluate("""() => performance.getEntriesByType('navigation').map(
        (e) => [e.encodedBodySize, e.decodedBodySize])[0]""")  # type: ignore[attr-defined]
    assert 0 < timing[0] < timing[1] / 3
    assert not [p for p in responses if "/pyodide/" in p and not p.startswith(runtime)]


def test_every_large_text_and_wasm_file_of_the_build_has_a_gzip_copy(site: Site) -> None:
    checked = 0
    for path in site.directory.rglob("*"):
        if not (path.is_file() and compress.wanted(path, path.stat().st_size)) or path.name == "sw.js":
            continue  # sw.js: the service worker is written after the copies, and small
        copy = path.with_name(path.name + ".gz")
        data = path.read_bytes()
        if copy.exists():
            assert gzip.decompress(copy.read_bytes()) == data, path
            checked += 1
        else:  # not worth it: gzip would save under MIN_SAVING
            assert len(gzip.compress(data, 9)) > len(data) * (1 - compress.MIN_SAVING), path
    assert checked >= 30
    assert (runtime_dir(site.directory) / "pyodide.asm.wasm.gz").exists()
    # the standard library zip and the wheel store their compiled modules uncompressed, for
    # these copies; the later part of the standard library is npm's deflated files: no copy
    runtime = runtime_dir(site.directory)
    for stored in (runtime / "python_stdlib.zip", *runtime.glob("rollkit-*.whl")):
        assert len(stored.with_name(stored.name + ".gz").read_bytes()) < 0.7 * stored.stat().st_size, stored
    assert not (runtime / "python_stdlib_later.zip.gz").exists()


@pytest.mark.parametrize("which", ["site", "zensical_site"])
def test_the_search_index_leaves_the_reference_pages_out(which: str, request: pytest.FixtureRequest) -> None:
    site: Site = request.getfixturevalue(which)
    entries = _search_index(site)
    pages = {str(e["location"]).split("#")[0] for e in entries}
    assert all((site.directory / path / "index.html").exists() for path in REFERENCE)  # built, not indexed
    assert not [p for p in pages if p.startswith("reference/")]
    assert "changes/" not in pages  # the site's history, not its rules: every page downloads the index
    assert {"", "hits/", "again/", "rulings/"} <= pages
    assert any("Threshold" in str(e["title"]) + str(e["text"]) for e in entries)


def test_search_still_finds_a_rules_term(browser: object, site: Site) -> None:
    page = open_page(browser, site)
    page.goto(site.url())  # type: ignore[attr-defined]
    search = page.locator("input.md-search__input")  # type: ignore[attr-defined]
    search.click()
    search.press_sequentially("botch")
    results = page.locator(".md-search-result__item a")  # type: ignore[attr-defined]
    results.first.wait_for(timeout=30_000)
    found = {urlsplit(results.nth(i).get_attribute("href") or "").path for i in range(results.count())}
    base = urlsplit(site.base).path
    assert any(re.match(re.escape(base) + r"(hits|again|critdice)/", p) for p in found), found
    assert not [p for p in found if "/reference/" in p]
    assert page.rollkit_errors == []  # type: ignore[attr-defined]


def _part_requests(page: object) -> list[str]:
    """The file names of the system parts the page and its worker have asked for, in order."""
    asked: list[str] = []
    page.on(  # type: ignore[attr-defined]
        "request",
        lambda r: asked.append(urlsplit(r.url).path.rsplit("/", 1)[-1]) if "/pyodide/" in r.url else None,
    )
    return asked


def test_a_first_roll_downloads_its_own_systems_rules_and_the_others_follow(
    browser: object, site: Site
) -> None:
    """rollkit arrives in parts: with Python, its core and the page's system only; once Python
    is ready, the other parts, each once (instant navigation then needs no download)."""
    parts = config.read(runtime_dir(site.directory) / "rollkit-worker.mjs")["parts"]
    files = {name: part["file"] for name, part in parts["systems"].items()}
    files["rarer"] = parts["rarer"]["file"]  # a character, an edited example: never a first roll's
    page = open_page(browser, site)
    asked = _part_requests(page)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS, polling=50
    )
    first = [name for name in asked if name in (parts["core"]["file"], *files.values())]
    assert first == [parts["core"]["file"], files["hits"]]  # nothing else before Python is ready
    roll_widget(page, 0, 5)
    for _ in range(READY_MS // 200):
        if set(files.values()) <= set(asked):
            break
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    else:
        raise AssertionError(f"the other systems' parts were not downloaded: {asked}")
    assert sorted(name for name in asked if name in files.values()) == sorted(files.values())  # each once
    assert not [name for name in asked if name.endswith(".whl")]  # the whole wheel is the snapshot's


def test_with_data_saver_a_systems_rules_download_when_a_page_uses_them(browser: object, site: Site) -> None:
    """With the data saver on, no other part is downloaded ahead; a page reached by instant
    navigation downloads its system's part once, and its widgets roll."""
    parts = config.read(runtime_dir(site.directory) / "rollkit-worker.mjs")["parts"]
    files = {name: part["file"] for name, part in parts["systems"].items()}
    files["rarer"] = parts["rarer"]["file"]
    context = new_context(browser, viewport={"width": 1200, "height": 900})
    context.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")  # type: ignore[attr-defined]
    page = track(context.new_page(), site)  # type: ignore[attr-defined]
    asked = _part_requests(page)
    page.goto(site.url("hits/"))  # type: ignore[attr-defined]
    page.wait_for_function("document.querySelector('[data-rollkit-widget]').rollkit")  # type: ignore[attr-defined]
    roll_widget(page, 0, 5)
    page.wait_for_timeout(3000)  # type: ignore[attr-defined]  # past the worker's background imports
    assert [name for name in asked if name in files.values()] == [files["hits"]]
    instant_go(page, site, "trait/")
    shown = roll_widget(page, 0, 7)
    assert page.locator("[data-rollkit-widget]").first.locator(".rk-error").is_hidden()  # type: ignore[attr-defined]
    assert shown["check"].startswith("trait")  # type: ignore[union-attr]
    assert [name for name in asked if name in files.values()] == [files["hits"], files["trait"]]
