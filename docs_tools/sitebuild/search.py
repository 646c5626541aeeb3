"""The build's step after the pages: search results that say which rules they belong to.

A "Botch" means one thing in The Check (Hits) and another in Again, and two chapters have a
page called "Odds of typical checks"; a search result shows only the title of its section and
page. So every entry of the search index under a system's folder (``hits/...``) gets the
system's name after its title, "Botch (Hits)", unless the title already says it ("The Check
(Hits)"); so does each ruling on the rulings page. The names are the registry's (``Words.name``). Both builders' indexes are read:
mkdocs-material's ``search/search_index.json`` and Zensical's ``search.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import rollkit
from rollkit import _registry

__all__ = ["INDEXES", "name_systems", "titled"]

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
