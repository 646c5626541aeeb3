"""The installable app: the site's web-app manifest and its icons, written by the build step.

    app.write(site_dir, config)  # after the builder, before compress and offline

``manifest.webmanifest`` at the site's root names the app (``site_name`` and
``site_description`` of the builder's config), its colours (``extra.app`` there: the header's
indigo, the page's background; the head's ``theme-color`` for each scheme reads them too), and a ``scope`` and ``start_url`` of ``./``: relative to the manifest, so the app
is the site's root wherever it is served (``/`` or ``/rollkit/``). Its icons are drawn here, in
pure Python (a white die showing five on the header's indigo), and written as PNGs with
``zlib`` and ``struct``: ``ICONS``, each with its size and purpose (the maskable one keeps the
die inside the safe zone's circle). Every page links the manifest from its head
(``overrides/partials/rollkit-app.html``, with the light and dark ``theme-color``), and the
service worker keeps both like any other file (``offline``), so the installed app opens offline.
"""

from __future__ import annotations

import json
import math
import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import yaml

NAME = "manifest.webmanifest"
ICON_FOLDER = "assets/icons"
DIE = "#ffffff"

__all__ = ["Icon", "ICONS", "NAME", "manifest", "png", "icon", "write"]


@dataclass(frozen=True, kw_only=True)
class Icon:
    """One icon of the manifest: ``size`` pixels square, for ``purpose`` "any" or "maskable"."""

    size: int
    purpose: str

    @property
    def path(self) -> str:
        kind = "" if self.purpose == "any" else f"-{self.purpose}"
        return f"{ICON_FOLDER}/rollkit{kind}-{self.size}.png"


ICONS = (Icon(size=192, purpose="any"), Icon(size=512, purpose="any"), Icon(size=512, purpose="maskable"))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """A PNG of 8-bit RGBA ``rows`` (``width`` * 4 bytes each)."""
    if len(rows) != height or any(len(row) != width * 4 for row in rows):
        raise ValueError(f"expected {height} rows of {width * 4} bytes")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    raw = b"".join(b"\x00" + row for row in rows)  # filter 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _box(x: float, y: float, half: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded square about the origin (negative inside)."""
    qx, qy = abs(x) - half + radius, abs(y) - half + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def icon(size: int, purpose: str, colour: str) -> bytes:
    """The icon as a PNG: a white die showing five on ``colour`` ("#rrggbb"). "any" is a rounded
    square on transparency; "maskable" fills the square, its die inside the central 80% circle."""
    maskable = purpose == "maskable"
    die = size * (0.44 if maskable else 0.58) / 2  # half the die's side
    pip = die * 0.17
    spots = [(0.0, 0.0)] + [(sx * die * 0.5, sy * die * 0.5) for sx in (-1, 1) for sy in (-1, 1)]
    back, white, dot = _rgb(colour), _rgb(DIE), _rgb(colour)
    centre = size / 2
    rows = []
    for j in range(size):
        y = j + 0.5 - centre
        row = bytearray()
        for i in range(size):
            x = i + 0.5 - centre
            alpha = 1.0 if maskable else min(max(0.5 - _box(x, y, centre, size * 0.18), 0.0), 1.0)
            colour = back
            inside = min(max(0.5 - _box(x, y, die, die * 0.22), 0.0), 1.0)
            if inside > 0:
                spot = max(min(max(0.5 - math.hypot(x - px, y - py) + pip, 0.0), 1.0) for px, py in spots)
                face = tuple(w + (d - w) * spot for w, d in zip(white, dot, strict=True))
                colour = tuple(round(b + (f - b) * inside) for b, f in zip(back, face, strict=True))  # type: ignore[assignment]
            row += bytes((*colour, round(alpha * 255)))
        rows.append(bytes(row))
    return png(size, size, rows)


def _config(config: Path) -> dict[str, object]:
    """The builder's config as plain data (its ``!ENV`` and ``!!python`` tags read as nothing)."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506 - a safe loader
    return data if isinstance(data, dict) else {}


def _colours(data: dict[str, object]) -> dict[str, str]:
    extra = data.get("extra")
    colours = extra.get("app") if isinstance(extra, dict) else None
    wanted = ("theme_color", "theme_color_dark", "background_color")
    if not isinstance(colours, dict) or any(
        not re.fullmatch(r"#[0-9a-fA-F]{6}", str(colours.get(k))) for k in wanted
    ):
        raise RuntimeError(f"the config's extra.app must give {', '.join(wanted)} as #rrggbb: {colours!r}")
    return {k: str(colours[k]) for k in wanted}


def manifest(config: Path) -> dict[str, object]:
    """The web-app manifest of the site the builder's ``config`` describes."""
    data = _config(config)
    colours = _colours(data)
    name = str(data.get("site_name") or "rollkit")
    return {
        "name": name,
        "short_name": name[:12],
        "description": str(data.get("site_description") or ""),
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": colours["theme_color"],
        "background_color": colours["background_color"],
        "icons": [
            {"src": i.path, "sizes": f"{i.size}x{i.size}", "type": "image/png", "purpose": i.purpose}
            for i in ICONS
        ],
    }


def write(site_dir: Path, config: Path) -> Path:
    """Write the manifest and its icons into ``site_dir``; returns the manifest's path."""
    site_dir = Path(site_dir)
    made = manifest(config)
    for each in ICONS:
        target = site_dir / each.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(icon(each.size, each.purpose, str(made["theme_color"])))
    target = site_dir / NAME
    target.write_text(json.dumps(made, indent=1) + "\n", encoding="utf-8")
    return target
