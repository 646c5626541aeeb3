"""The build's step after the pages: search results and page titles that say which rules they
belong to.

A "Botch" means one thing in The Check (Hits) and another in Again, and two chapters have a
page called "Odds of typical checks"; a search result shows only the title of its section and
page. So every entry of the search index under a system's folder (``hits/...``) gets the
system's name after its title, "Botch (Hits)", unless the title already says it ("The Check
(Hits)"); so does each ruling on the rulings page. The names are the registry's (``Words.name``). Both builders' indexes are read:
mkdocs-material's ``search/search_index.json`` and Zensical's ``search.json``. The page's own
title (``<title>``, what a browser tab, the history and a bookmark show) gets the same name:
"Odds of typical checks (Critical dice) - rollkit".
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import rollkit
from rollkit import _registry

__all__ = ["INDEXES", "name_pages", "name_systems", "titled"]

INDEXES = (("search/search_index.json", "docs"), ("search.json", "items"))  # file, list of entries


def titled(title: str, location: str) -> str:
    """``title`` as the search shows it for an entry at ``location`` (relative to the site)."""
    page, _, anchor = location.partition("#")
    folder = page.split("/", 1)[0] if "/" in page else ""
    rulings = {r.id: r.system for r in rollkit.RULINGS} if folder == "rulings" else {}
    system = rulings.get(anchor, folder)
    if system not in _registry.names():
        return title
    name = _registry.words(system).name
    return title if name.lower() in title.lower() else f"{title} ({name})"


def name_systems(site_dir: Path) -> int:
    """Rewrite the search index of the site in ``site_dir`` with ``titled`` titles; returns how
    many entries changed. Raises ``RuntimeError`` when the site has no search index."""
    for name, key in INDEXES:
        path = Path(site_dir) / name
        if path.exists():
            index = json.loads(path.read_text(encoding="utf-8"))
            changed = 0
            for entry in index[key]:
                title = titled(str(entry["title"]), str(entry["location"]))
                changed += title != entry["title"]
                entry["title"] = title
            path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            return changed
    raise RuntimeError(f"{site_dir} has no search index ({', '.join(n for n, _ in INDEXES)})")


HEAD_TITLE = re.compile(r"<title>([^<]*)</title>")  # the first is the head's (SVGs have theirs)


def name_pages(site_dir: Path) -> int:
    """Give each built page under a system's folder its ``titled`` title in ``<title>``; returns
    how many pages changed."""
    changed = 0
    for system in _registry.names():
        for path in sorted((Path(site_dir) / system).rglob("index.html")):
            text = path.read_text(encoding="utf-8")
            found = HEAD_TITLE.search(text, 0, text.find("</head>"))
            if not found:
                continue
            location = path.parent.relative_to(site_dir).as_posix() + "/"
            page, dash, site = html.unescape(found[1]).rpartition(" - ")  # "Page - rollkit"
            title = html.escape(
                titled(page, location) + dash + site if dash else titled(site, location), quote=False
            )
            if title != found[1]:
                text = text[: found.start(1)] + title + text[found.end(1) :]
                path.write_text(text, encoding="utf-8")
                changed += 1
    return changed
