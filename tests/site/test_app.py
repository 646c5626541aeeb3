"""The installable app (``docs_tools.sitebuild.app``): the web-app manifest and its icons, drawn
at build time, linked from every page's head with a theme colour for each scheme."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

pytest.importorskip("yaml", reason="the docs venv renders pages")

from docs_tools.sitebuild import app, offline  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
INDIGO = (0x40, 0x51, 0xB5)


def _decode(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGBA rows of a PNG, read here from the format itself (filter 0 only)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    idat = b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks[kind] = body
        idat += body if kind == b"IDAT" else b""
        at += 12 + length
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 6) and b"IEND" in chunks
    raw = zlib.decompress(idat)
    stride = width * 4 + 1
    assert len(raw) == stride * height and all(raw[r * stride] == 0 for r in range(height))
    return width, height, [raw[r * stride + 1 : (r + 1) * stride] for r in range(height)]


def _pixel(rows: list[bytes], x: int, y: int) -> tuple[int, ...]:
    return tuple(rows[y][x * 4 : x * 4 + 4])


def test_the_icons_are_pngs_of_their_size_with_a_die_on_indigo() -> None:
    for each in app.ICONS:
        width, height, rows = _decode(app.icon(each.size, each.purpose, "#4051b5"))
        assert (width, height) == (each.size, each.size)
        s = each.size
        corner = _pixel(rows, 0, 0)[3]
        assert corner == (255 if each.purpose == "maskable" else 0)  # full bleed, or rounded on transparency
        assert _pixel(rows, s // 2, s // 10) == (*INDIGO, 255)  # above the die
        assert _pixel(rows, s // 2, s // 2) == (*INDIGO, 255)  # the middle pip
        assert _pixel(rows, s // 2 + s // 9, s // 2) == (255, 255, 255, 255)  # the die's face beside it
    # the maskable icon's die keeps inside the safe zone: a circle of 40% of the size
    _, _, rows = _decode(app.icon(512, "maskable", "#4051b5"))
    white = [(x, y) for y in range(0, 512, 4) for x in range(0, 512, 4) if _pixel(rows, x, y)[:3] != INDIGO]
    assert white and max(((x - 256) ** 2 + (y - 256) ** 2) ** 0.5 for x, y in white) < 0.4 * 512


def test_png_refuses_rows_of_the_wrong_size() -> None:
    with pytest.raises(ValueError, match="expected 2 rows of 8 bytes"):
        app.png(2, 2, [b"\x00" * 8])


def test_the_manifest_installs_from_any_sub_path(tmp_path: Path) -> None:
    made = app.manifest(ROOT / "mkdocs.yml")
    assert made["name"] == made["short_name"] == "rollkit"
    assert "rulebooks" in str(made["description"])
    assert made["start_url"] == made["scope"] == made["id"] == "./"  # relative to the manifest
    assert made["display"] == "standalone"
    assert made["theme_color"] == "#4051b5" and made["background_color"] == "#ffffff"
    assert {(i["sizes"], i["purpose"]) for i in made["icons"]} == {  # type: ignore[union-attr,index]
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\nextra:\n  app:\n    theme_color: indigo\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match=r"extra.app must give theme_color, theme_color_dark, background_color"):
        app.manifest(config)


@pytest.mark.site
def test_the_built_site_links_its_manifest_from_every_page(built: Path) -> None:
    made = json.loads((built / app.NAME).read_text(encoding="utf-8"))
    assert made == app.manifest(ROOT / "mkdocs.yml")
    for icon in made["icons"]:
        width, height, _ = _decode((built / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"], icon
    kept = offline.manifest(built)["files"]
    assert app.NAME in kept and all(i["src"] in kept for i in made["icons"])  # type: ignore[operator]
    pages = sorted(built.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>", 1)[0]
        links = re.findall(r'<link rel="manifest" href="([^"]+)">', head)
        assert len(links) == 1, page
        # relative, or absolute on the 404 page (which any address may show)
        target = built / Path(links[0]).name if links[0].startswith("/") else (page.parent / links[0]).resolve()
        assert target.name == app.NAME and target.exists(), (page, links[0])
        if page.is_relative_to(built / "print"):
            continue  # a page for paper, printed light: the app's colours are not its own
        assert re.findall(r'<meta name="theme-color" media="\(prefers-color-scheme: (\w+)\)" content="(#\w+)">', head) == [
            ("light", "#4051b5"),
            ("dark", "#1e2129"),
        ], page
