"""axe-core (npm, pinned in package.json) run inside a Playwright page.

``violations(page)`` injects ``node_modules/axe-core/axe.min.js`` and returns the
serious and critical violations of WCAG 2.0/2.1 A and AA and axe's best practices,
one readable line each. ``start(page)`` then ``finish(page)`` do the same in two
steps, so that axe can run in several pages (each context its own renderer) at once.
axe is evaluated through the DevTools protocol rather than added as a script tag, so
it runs on pages served with a strict Content Security Policy too (no ``bypass_csp``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice")
IMPACTS = ("serious", "critical")

# The page as a reader has it a moment after it loads: its scrolling boxes in the tab order
# and the blocks it skipped while loading shown (md-a11y.js marks <html> when both are done;
# 5 s at most). Then let finite CSS transitions and animations end (the header's title fades
# on scroll; colours read halfway through one are wrong) and resize observers run.
_START = """([tags, impacts, within, exclude]) => { window.__rollkitAxe = (async () => {
    const whole = () => document.documentElement.dataset.rollkitLayout === 'whole';
    for (let wait = 0; wait < 100 && !whole(); wait++) await new Promise((done) => setTimeout(done, 50));
    const settled = document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null));
    await Promise.race([Promise.all(settled), new Promise((done) => setTimeout(done, 2000))]);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const context = within || exclude ? { ...(within ? { include: [[within]] } : {}),
                                          ...(exclude ? { exclude: [[exclude]] } : {}) } : document;
    const result = await axe.run(context, { runOnly: { type: "tag", values: tags },
                                             resultTypes: ["violations"] });
    return result.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "),
                                     summary: (n.failureSummary || "").split("\\n").slice(1).join(" ").trim() })),
    }));
})(); }"""


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    help: str
    target: str
    summary: str

    def __str__(self) -> str:
        return f"{self.rule} ({self.impact}) at {self.target}: {self.summary or self.help}"


@functools.cache
def _source() -> str:
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run scripts/setup (npm ci)")
    return AXE_JS.read_text(encoding="utf-8") + "\n;undefined"


SETTLED = """() => Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null))),
    new Promise((done) => setTimeout(done, 2000))])"""


def start(page: object, *, within: str = "", exclude: str = "") -> None:
    """Start axe on the page as it is now (injected once per document); returns at once.

    ``within`` (a CSS selector) audits only the elements it matches, with everything in them;
    ``exclude`` leaves out the elements it matches, and everything in them.
    """
    if not page.evaluate("typeof window.axe === 'object'"):  # type: ignore[attr-defined]
        page.evaluate(_source())  # type: ignore[attr-defined]
    # colours caught halfway through a transition (the header's title as the page scrolls) are
    # neither the old nor the new ones: let running finite animations end first (at most 2 s)
    page.evaluate(SETTLED)  # type: ignore[attr-defined]
    page.evaluate(_START, [list(TAGS), list(IMPACTS), within, exclude])  # type: ignore[attr-defined]


def finish(page: object) -> list[Violation]:
    """Wait for the run ``start`` began; its serious and critical violations."""
    found = page.evaluate("() => window.__rollkitAxe")  # type: ignore[attr-defined]
    return [
        Violation(v["id"], v["impact"], v["help"], n["target"], n["summary"])
        for v in found
        for n in v["nodes"]
    ]


def violations(page: object) -> list[Violation]:
    """The serious and critical axe violations of the page as it is now."""
    start(page)
    return finish(page)


def report(found: list[Violation]) -> str:
    """One line per violating element, for an assertion message."""
    return "\n".join(f"  {v}" for v in found)
