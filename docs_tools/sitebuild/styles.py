"""The site's own stylesheets without their comments: a build step.

    styles.write(site_dir)  # after the builder, before compress and offline

``docs/assets/*.css`` (the theme's fixes, the widgets', how pages print) explain each rule in
comments for whoever edits them. Every page loads all three, so the built copies keep every
rule and drop the comments: the page's weight before Python is the reader's, not the
developer's (benchmarks/browser: at most 250 KB). A comment inside a string (``content: "/*"``)
is text, and stays.
"""

from __future__ import annotations

from pathlib import Path

SHEETS = "assets/*.css"  # ours: Material's are under assets/stylesheets/

__all__ = ["SHEETS", "uncommented", "write"]


def uncommented(css: str) -> str:
    """``css`` without its comments (strings left whole) and without the lines that held only
    comments; every other line as it was. Raises ``ValueError`` on a comment never closed."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(css):
        char = css[i]
        if quote:
            out.append(char)
            if char == "\\" and i + 1 < len(css):
                out.append(css[i + 1])
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
            out.append(char)
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            if end < 0:
                raise ValueError(f"a comment is never closed (at character {i})")
            out.append(_CUT)  # the lines it spanned, but its first, go with it
            i = end + 2
            continue
        else:
            out.append(char)
        i += 1
    lines = []
    for line in "".join(out).split("\n"):
        cut = _CUT in line
        line = line.replace(_CUT, "").rstrip()
        if line or not cut:  # a line that held only comments goes; a blank line stays
            lines.append(line)
    return "\n".join(lines).lstrip("\n")


_CUT = "\x00"  # where a comment was (no stylesheet holds it)


def write(site_dir: Path) -> list[Path]:
    """Every stylesheet of ``SHEETS`` in ``site_dir`` written without its comments; returns
    the files changed."""
    changed = []
    for sheet in sorted(Path(site_dir).glob(SHEETS)):
        text = sheet.read_text(encoding="utf-8")
        plain = uncommented(text)
        if plain != text:
            sheet.write_text(plain, encoding="utf-8")
            changed.append(sheet)
    return changed
