"""Accessibility: axe-core on every page of the site, light and dark, desktop and phone,
with the widgets live, and on every widget page again after a roll (each roll held to
CPython's) and with an invalid value shown; the closed navigation drawer out of the tab
order; scrolling tables reachable from the keyboard.

The audits are made in one walk through the site (``walk``): one page for each colour
scheme at each size, all four at work at once, each moving by instant navigation so that it
boots Python once, and taking each widget page, once audited, through the widget states.
CI (no test marked ``whole`` selected) audits each widget page once, with every widget rolled
(axe's run is most of the walk's time; a rolled widget still shows its fields and odds): the
widgets as loaded, before any roll, are audited by the whole suite, as are the pages CI's walk
leaves out (``walk_pages``: the developers' part, the glossaries but one, and a chapter's later
pages whose checks an earlier page had).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

import pytest

from scripts.serve_static import serve
from tests.browser import axe
from tests.browser.pages import CSP, READY_MS, instant_click, instant_wait, new_context, widget_pages
from tests.browser.smoke import rolled_like_cpython
from tests.helpers.site import Site

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

SCHEMES = {"light": "default", "dark": "slate"}  # emulated prefers-color-scheme -> Material's scheme
VIEWPORTS = {"desktop": {"width": 1200, "height": 900}, "phone": {"width": 390, "height": 844}}
COMBOS = [(scheme, viewport) for scheme in SCHEMES for viewport in VIEWPORTS]
# CI walks dark at phone size (the scheme with the site's own colours, the size that wraps);
# the whole suite (scripts/test --whole) walks the other three pairs as well. The walk takes
# the pairs whose tests are selected.
WHOLE_ONLY = {("light", "phone"), ("dark", "desktop"), ("light", "desktop")}
PAIRS = [
    pytest.param(s, v, id=f"{s}-{v}", marks=[pytest.mark.whole] if (s, v) in WHOLE_ONLY else [])
    for s, v in COMBOS
]
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"

# Every scrolling box in the content that holds a table: can the keyboard reach it?
SCROLLING_TABLES = """() => {
    const seen = new Set();
    for (const table of document.querySelectorAll('.md-content table')) {
        for (let box = table; box && !box.classList.contains('md-content'); box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowX;
            // a box in a closed fold (the chance-against table) is reached once the fold opens
            if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1
                && box.checkVisibility()) seen.add(box);
        }
    }
    const found = [...seen].map((box) => { box.focus({ preventScroll: true });
        return { box: box.className || box.tagName, name: box.getAttribute('aria-label') || '',
                 focusable: document.activeElement === box && box.tabIndex >= 0 }; });
    document.activeElement?.blur();  // the next audit finds no box focused by this check
    return found;
}"""


# CI's walk leaves to the whole suite the developers' part (their own templates: the API and CLI
# references, the performance tables), the glossaries but the first (one template, one
# chapter's terms each) and a chapter's later pages whose checks all had their widgets walked
# on an earlier page: it walks the book, a page for every check and each chapter's first page.
DEVELOPERS = ("developers/", "reference/", "performance/")


# The code blocks (pycon, shell) are a third of axe's time on a rules page, and each is coloured
# by the same theme rules on every page: CI's walk audits them on the pages without widgets and
# the first chapter it walks, the whole suite on every page.
CODE = ".highlight"


def _code_audited(order: list[str], widgets: set[str]) -> set[str]:
    """The pages on which CI's walk audits the code blocks (``CODE``), the walk's ``order`` given."""
    chapters = [path.split("/")[0] for path in order if path in widgets]
    first = next(c for c in chapters if chapters.count(c) > 1)  # a chapter: several widget pages
    return {path for path in order if path not in widgets or path.split("/")[0] == first}


def walk_pages(site: Site, *, whole: bool) -> list[str]:
    """The pages the walk audits: every page of the site, or (not ``whole``: CI) the book."""
    pages = sitemap_pages(site)
    if whole:
        return pages
    glossaries = [path for path in pages if path.endswith("/glossary/")]
    left = {path for path in pages if path.startswith(DEVELOPERS)} | set(glossaries[1:])
    seen: set[str] = set()
    for path in [p for p in widget_pages(site) if p in pages]:
        checks = set(re.findall(r'data-check="([^"]+)"', _html(site, path)))
        if checks <= seen and "/" in path.rstrip("/"):  # a chapter's later page, and no new check
            left.add(path)
        seen |= checks
    return [path for path in pages if path not in left]


def _html(site: Site, path: str) -> str:
    return (site.directory / path / "index.html").read_text(encoding="utf-8")


def walked_widget_pages(site: Site, session: pytest.Session) -> list[str]:
    """The widget pages the walk rolls: every one, or (CI) those of ``walk_pages``."""
    walked = set(walk_pages(site, whole=_whole(session)))
    return [path for path in widget_pages(site) if path in walked]


def _whole(session: pytest.Session) -> bool:
    """Whether the whole suite runs (a test marked whole selected), else CI's selection."""
    return any(item.get_closest_marker("whole") for item in session.items)


def sitemap_pages(site: Site) -> list[str]:
    """Every page of the built site (paths relative to its base), from its sitemap."""
    locs = [
        loc.text.strip()
        for loc in ElementTree.parse(site.directory / "sitemap.xml").iter(f"{SITEMAP_NS}loc")
        if loc.text
    ]
    assert locs and all(loc.startswith(site.base) for loc in locs), locs
    return [loc[len(site.base) :] for loc in locs]


@dataclass
class Audit:
    """What one colour scheme at one viewport showed, page by page."""

    violations: dict[str, list[axe.Violation]] = field(default_factory=dict)
    ready: list[str] = field(default_factory=list)  # widget pages audited with Python running
    scheme: str = ""
    tables: dict[str, list[dict[str, object]]] = field(default_factory=dict)


@pytest.fixture(scope="module")
def audits(walk: Walk) -> dict[tuple[str, str], Audit]:
    """axe on every page, light and dark, desktop and phone: the pages without widgets first
    (while Python boots), then the widget pages with Python running."""
    return walk.audits


@pytest.mark.parametrize(("scheme", "viewport"), PAIRS)
def test_no_serious_or_critical_axe_violation(
    audits: dict[tuple[str, str], Audit],
    site: Site,
    scheme: str,
    viewport: str,
    request: pytest.FixtureRequest,
) -> None:
    audit = audits[scheme, viewport]
    assert audit.scheme == SCHEMES[scheme], f"the {scheme} scheme was not applied: {audit.scheme}"
    assert sorted(audit.violations) == sorted(walk_pages(site, whole=_whole(request.session)))
    systems = {path.split("/")[0] for path in widget_pages(site)}
    assert systems <= {path.split("/")[0] for path in audit.ready}, audit.ready
    found = {path: v for path, v in audit.violations.items() if v}
    assert not found, f"axe ({scheme}, {viewport}):\n" + "\n".join(
        f"/{path}:\n{axe.report(v)}" for path, v in found.items()
    )


@pytest.mark.parametrize(("scheme", "viewport"), PAIRS)
def test_every_scrolling_table_is_a_named_focusable_region(
    audits: dict[tuple[str, str], Audit], scheme: str, viewport: str
) -> None:
    tables = audits[scheme, viewport].tables
    if viewport == "phone":
        assert sum(len(t) for t in tables.values()) >= 10, "expected wide tables to scroll at 390px"
    bad = {path: [t for t in found if not (t["focusable"] and t["name"])] for path, found in tables.items()}
    assert not any(bad.values()), {path: t for path, t in bad.items() if t}


# -- every widget after a roll, and with an invalid value shown ---------------------------

STATE_VIEWPORTS = {"rolled": ("desktop", "phone"), "invalid": ("desktop",)}
_TESTS = {"rolled": "after_a_roll", "invalid": "with_an_invalid_value"}  # each state's test
SEED = 4200  # widget i of a page rolls with seed SEED + i
SETTLED_MS = 15_000  # a roll or an edit once Python runs

# What a reader does, done in the page (Playwright's actionability waits on 44 widgets,
# twice, would cost more than the audit; test_widgets.py types and clicks for real).
# Each widget: the seed typed, Roll pressed; null where the seed field or Roll is not usable.
ROLL = """(seed) => [...document.querySelectorAll('[data-rollkit-widget]')].map((w, i) => {
    const option = w.querySelector('.rk-seed-option');
    if (option && !option.open) option.querySelector('summary').click();  // the Seed box is made as it opens
    const input = w.querySelector('.rk-seed input'), button = w.querySelector('.rk-roll');
    if (![input, button].every((e) => e?.checkVisibility() && !e.matches(':disabled'))) return null;
    delete w.dataset.seed;
    input.focus(); input.value = String(seed + i); input.dispatchEvent(new Event('input', { bubbles: true }));
    button.focus(); button.click();
    return `seed ${seed + i}`; })"""

# Each widget: rolled with seed SEED + i, its roll shown (no error) and, once opened,
# its "How it was counted" fold open.
ROLLED = """([seed, opened]) => [...document.querySelectorAll('[data-rollkit-widget]')].map((w, i) => {
    const how = w.querySelector('.rk-roll-detail details.rk-how');
    const hand = w.dataset.pending === '1' && !!w.querySelector('.rk-roll-detail .rk-hand .rk-finish');
    return w.dataset.seed === String(seed + i) && w.querySelector('.rk-error').hidden
        && w.querySelector('.rk-result').textContent.trim() !== '' && (hand || (!!how && (!opened || how.open))); })"""
# (A roll waiting for the player's choices, Critical dice with points to spend or a Trait miss,
# is audited as it stands: its dice with their - and + buttons, or its choices; test_choices.py
# and test_trust.py finish one.)

OPEN_HOW = """() => document.querySelectorAll('[data-rollkit-widget] .rk-roll-detail details.rk-how:not([open]) > summary')
    .forEach((summary) => summary.click())"""

# The field a reader makes invalid in widget w: its first shown number field with a
# maximum, else its first shown number field.
PICK = """(w) => { const shown = [...w.querySelectorAll('.rk-fields input[type=number]')]
    .filter((input) => input.checkVisibility());
    return shown.find((input) => input.hasAttribute('max')) || shown[0] || null; }"""

# Each widget: that field set one past its maximum (emptied without one); null without one.
MAKE_INVALID = f"""() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => {{
    const input = ({PICK})(w);
    if (!input) return null;
    const value = input.hasAttribute('max') ? String(Number(input.max) + 1) : '';
    input.focus(); input.value = value; input.dispatchEvent(new Event('input', {{ bubbles: true }}));
    return `${{input.id || input.getAttribute('aria-label')}} = '${{value}}'`; }})"""

# Each widget: that field marked invalid, with its own error line (#ID-error, for a list
# entry its list's) shown and named by the field's aria-describedby.
INVALID = f"""() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => {{
    const input = ({PICK})(w);
    const error = input && document.getElementById(`${{(input.closest('.rk-list') || input).id}}-error`);
    return !!error && input.getAttribute('aria-invalid') === 'true' && !error.hidden
        && error.checkVisibility() && error.textContent.trim() !== ''
        && (input.getAttribute('aria-describedby') || '').split(' ').includes(error.id); }})"""

# What each rolled widget shows, to hold against CPython's roll with the same seed and values.
SHOWN = """() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => ({
    check: w.dataset.check, params: w.rollkit.params(), shown: JSON.parse(w.dataset.state).shown,
    seed: w.dataset.seed ?? null, faces: w.dataset.faces ?? null, pending: w.dataset.pending === '1',
    summary: w.querySelector('.rk-result').textContent }))"""

# What each widget says when it did not reach a state.
WHY = """() => [...document.querySelectorAll('[data-rollkit-widget]')].map((w) => JSON.stringify({
    status: w.querySelector('.rk-status').textContent, error: w.querySelector('.rk-error').textContent,
    seed: w.dataset.seed ?? null, invalid: [...w.querySelectorAll('[aria-invalid=true]')].map((e) => e.id || e.ariaLabel),
    fold: w.querySelector('.rk-how')?.open ?? null }))"""


@dataclass
class StateAudit:
    """One state of the widgets in one colour scheme, page by page: axe's findings per
    viewport, and which of the page's widgets reached the state (and what was done to each)."""

    violations: dict[tuple[str, str], list[axe.Violation]] = field(default_factory=dict)
    reached: dict[str, list[bool]] = field(default_factory=dict)
    shown: dict[str, list[dict[str, object]]] = field(default_factory=dict)  # rolled: what each widget shows
    done: dict[str, list[str | None]] = field(default_factory=dict)
    schemes: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)  # the scheme's page errors (both states share them)


def _wait_all(tab: object, script: str, arg: object, timeout: float) -> list[bool]:
    """Wait until ``script(arg)`` holds for every widget (or ``timeout``); each widget then."""
    try:
        tab.wait_for_function(
            f"(arg) => ({script})(arg).every(Boolean)",
            arg=arg,  # type: ignore[attr-defined]
            timeout=timeout,
        )
    except PlaywrightTimeout:
        pass
    return [bool(ok) for ok in tab.evaluate(script, arg)]  # type: ignore[attr-defined]


def roll_every_widget(tab: object) -> list[str | None]:
    """A seed typed into each widget and Roll pressed (returns at once: see ``rolled``)."""
    return list(tab.evaluate(ROLL, SEED))  # type: ignore[attr-defined]


def rolled(tab: object, done: list[str | None]) -> list[bool]:
    """Each widget rolled once ``roll_every_widget`` has pressed its Roll (``done``), then its
    "How it was counted" opened."""
    _wait_all(tab, ROLLED, [SEED, False], SETTLED_MS)
    tab.evaluate(OPEN_HOW)  # type: ignore[attr-defined]
    reached = _wait_all(tab, ROLLED, [SEED, True], SETTLED_MS)
    return [ok and what is not None for ok, what in zip(reached, done, strict=True)]


def make_every_widget_invalid(tab: object) -> list[str | None]:
    """A value past its maximum typed into a field of each widget (returns at once)."""
    return list(tab.evaluate(MAKE_INVALID))  # type: ignore[attr-defined]


def invalid(tab: object, done: list[str | None]) -> list[bool]:
    """Each widget showing its field's error once ``make_every_widget_invalid`` has typed (``done``)."""
    reached = _wait_all(tab, INVALID, None, SETTLED_MS)
    return [ok and what is not None for ok, what in zip(reached, done, strict=True)]


# Each state: what takes every widget of a page there, and which widgets got there.
STATES = {"rolled": (roll_every_widget, rolled), "invalid": (make_every_widget_invalid, invalid)}


@pytest.fixture(scope="module")
def widget_states(walk: Walk) -> dict[tuple[str, str], StateAudit]:
    """axe on every widget page with every widget rolled (desktop and phone), then with an
    invalid value in every widget (desktop), in each colour scheme."""
    return walk.states


@dataclass
class Walk:
    """Everything the walk through the site saw: the page audits and the widget states."""

    audits: dict[tuple[str, str], Audit]
    states: dict[tuple[str, str], StateAudit]


def walked(session: pytest.Session) -> list[tuple[str, str]]:
    """The (scheme, size) pairs of this module's selected tests (every pair when none says)."""
    chosen = {
        (item.callspec.params["scheme"], item.callspec.params["viewport"])
        for item in session.items
        if item.path == Path(__file__) and hasattr(item, "callspec") and "viewport" in item.callspec.params
    }
    return [combo for combo in COMBOS if combo in chosen] or list(COMBOS)


def states_walked(session: pytest.Session) -> list[str]:
    """The widget states of this module's selected tests (every state when none says)."""
    names = {item.originalname for item in session.items if item.path == Path(__file__)}  # type: ignore[attr-defined]
    chosen = [
        state
        for state in STATE_VIEWPORTS
        if f"test_no_serious_or_critical_axe_violation_{_TESTS[state]}" in names
    ]
    return chosen or list(STATE_VIEWPORTS)


@pytest.fixture(scope="module")
def walk(browser: object, site: Site, request: pytest.FixtureRequest) -> Iterator[Walk]:
    """One page for each colour scheme at each size, all four at work at once, through every
    page of the site by instant navigation (so that each boots Python once): the pages
    without widgets first, while Python boots, then the widget pages with Python running.
    On each widget page, once audited, every widget is rolled (audited at both sizes,
    within the widgets: nothing else changes) and then given an invalid value (audited at
    the desktop size)."""
    once = not _whole(request.session)
    pages = walk_pages(site, whole=not once)
    widgets = set(walked_widget_pages(site, request.session))
    assert widgets and widgets <= set(pages)
    order = [p for p in pages if p not in widgets] + [p for p in pages if p in widgets]
    code_audited = _code_audited(order, widgets)
    found = Walk(audits={}, states={(s, scheme): StateAudit() for s in STATE_VIEWPORTS for scheme in SCHEMES})
    contexts, tabs = [], {}
    try:
        for scheme, viewport in walked(request.session):
            context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)  # type: ignore[attr-defined]
            contexts.append(context)
            tab = context.new_page()
            errors = found.states["invalid", scheme].errors = found.states["rolled", scheme].errors
            tab.on("pageerror", lambda error, errors=errors: errors.append(str(error)))  # the whole walk's
            tab.goto(site.url(order[-1]))
            tab.evaluate("() => { window.rollkitWidgets.start().catch(() => null); }")  # boots meanwhile
            tabs[scheme, viewport] = tab
            found.audits[scheme, viewport] = Audit(scheme=tab.evaluate("document.body.dataset.mdColorScheme"))
        rolling = True
        for path in order:
            moving = [tab for tab in tabs.values() if tab.url != site.url(path)]
            for tab in moving:  # all at once
                instant_click(tab, site, path)
            for tab in tabs.values():
                if tab in moving:
                    instant_wait(tab, site, path)
                if path in widgets:
                    _wait_ready(tab, path)
            states = states_walked(request.session) if path in widgets and rolling else []
            # CI audits a widget page once, its widgets rolled: the whole page as a reader has it
            # after rolling (the whole suite audits it as loaded, then its rolled widgets again)
            rolled_first = once and "rolled" in states
            if rolled_first:
                rolling = _take_state(tabs, found.states, "rolled", path)
                states.remove("rolled")
            page_audits = _audit_all(tabs, exclude="" if not once or path in code_audited else CODE)
            for combo, violations in page_audits.items():
                audit, tab = found.audits[combo], tabs[combo]
                audit.violations[path] = violations
                if path in widgets and tab.evaluate("document.documentElement.dataset.rollkitReady") == "1":
                    audit.ready.append(path)
                audit.tables[path] = tab.evaluate(SCROLLING_TABLES)
            if rolled_first:
                _record_state(tabs, found.states, "rolled", path, page_audits)
            if states:
                rolling = (
                    all([_widget_state(tabs, found.states, state, path) for state in states]) and rolling
                )
        yield found
    finally:
        for context in contexts:
            context.close()


# What a page shows of Python's state, when it is not ready in time.
NOT_READY = """() => ({ status: document.querySelector('[data-rollkit-widget] .rk-status')?.textContent,
    boots: document.documentElement.dataset.rollkitBoots ?? null, stale: window.rollkitWidgets?.state.stale,
    pending: window.rollkitWidgets?.state.pending.size,
    loaded: performance.getEntriesByType('navigation')[0]?.type })"""


def _wait_ready(tab: object, path: str) -> None:
    """Python ready on ``path``, or the walk stops saying what the page showed instead."""
    try:
        tab.wait_for_function("document.documentElement.dataset.rollkitReady === '1'", timeout=READY_MS)  # type: ignore[attr-defined]
    except PlaywrightTimeout:
        shown = tab.evaluate(NOT_READY)  # type: ignore[attr-defined]
        pytest.fail(f"/{path}: Python not ready after {READY_MS // 1000} s; the page: {shown}")


def _audit_all(
    tabs: dict[tuple[str, str], object], within: str = "", exclude: str = ""
) -> dict[tuple[str, str], list[axe.Violation]]:
    """axe in each tab, all at once, as each is now (``within``, ``exclude``: axe.start's)."""
    for tab in tabs.values():
        axe.start(tab, within=within, exclude=exclude)
    return {combo: axe.finish(tab) for combo, tab in tabs.items()}


def _widget_state(
    tabs: dict[tuple[str, str], object], states: dict[tuple[str, str], StateAudit], state: str, path: str
) -> bool:
    """Every widget of the page taken to ``state`` (``_take_state``), then the widgets audited."""
    there = _take_state(tabs, states, state, path)
    at = _state_tabs(tabs, state)
    _record_state(tabs, states, state, path, _audit_all(at, within="[data-rollkit-widget]"))
    return there


def _state_tabs(tabs: dict[tuple[str, str], object], state: str) -> dict[tuple[str, str], object]:
    return {combo: tab for combo, tab in tabs.items() if combo[1] in STATE_VIEWPORTS[state]}


def _take_state(
    tabs: dict[tuple[str, str], object], states: dict[tuple[str, str], StateAudit], state: str, path: str
) -> bool:
    """Every widget of the page taken to ``state`` in the tabs of the state's sizes (a widget
    counts as there when it got there at every size); whether any widget got there in each
    colour scheme (if not, Python is not answering?)."""
    at = _state_tabs(tabs, state)
    act, there = STATES[state]
    acted = {combo: act(tab) for combo, tab in at.items()}  # all at once
    got = {combo: there(tab, acted[combo]) for combo, tab in at.items()}
    for scheme in {combo[0] for combo in at}:
        result, mine = states[state, scheme], [combo for combo in at if combo[0] == scheme]
        reached = [all(ok) for ok in zip(*(got[combo] for combo in mine), strict=True)]
        done = acted[mine[0]]
        if not all(reached):
            why = {viewport: tabs[scheme, viewport].evaluate(WHY) for _, viewport in mine}  # type: ignore[attr-defined]
            done = [
                what
                if ok
                else f"{what or 'no usable control'}; shows " + " / ".join(f"{v}: {why[v][i]}" for v in why)
                for i, (ok, what) in enumerate(zip(reached, done, strict=True))
            ]
        result.reached[path], result.done[path] = reached, done
        if state == "rolled":
            result.shown[path] = tabs[mine[0]].evaluate(SHOWN)  # type: ignore[attr-defined]
    return all(any(states[state, scheme].reached[path]) for scheme in {combo[0] for combo in at})


def _record_state(
    tabs: dict[tuple[str, str], object],
    states: dict[tuple[str, str], StateAudit],
    state: str,
    path: str,
    audits: dict[tuple[str, str], list[axe.Violation]],
) -> None:
    """axe's findings in ``state`` (of the widgets, or of the whole page) at the state's sizes."""
    for (scheme, viewport), violations in audits.items():
        if viewport not in STATE_VIEWPORTS[state]:
            continue
        states[state, scheme].violations[path, viewport] = violations
        states[state, scheme].schemes.add(
            tabs[scheme, viewport].evaluate("document.body.dataset.mdColorScheme")
        )  # type: ignore[attr-defined]


def _check_state(
    results: dict[tuple[str, str], StateAudit], site: Site, state: str, scheme: str, session: pytest.Session
) -> None:
    audit = results[state, scheme]
    assert audit.schemes == {SCHEMES[scheme]}, f"the {scheme} scheme was not applied: {audit.schemes}"
    missed = [
        f"/{p} widget {i}: {audit.done[p][i] or 'no usable control'}"
        for p, reached in audit.reached.items()
        for i, ok in enumerate(reached)
        if not ok
    ]
    assert not missed, f"not {state} ({scheme}):\n  " + "\n  ".join(missed)
    pages = walked_widget_pages(site, session)
    assert sorted(audit.reached) == sorted(pages), "widget pages not visited"
    sizes = [v for v in STATE_VIEWPORTS[state] if (scheme, v) in walked(session)]
    assert sorted(audit.violations) == sorted((p, v) for p in pages for v in sizes)
    found = {
        p: (site.directory / p / "index.html").read_text(encoding="utf-8").count("data-rollkit-widget=")
        for p in pages
    }
    visited = {p: len(audit.reached[p]) for p in pages}
    assert all(found.values()) and visited == found, "widgets visited differ from widgets built"
    assert audit.errors == []
    bad = {key: v for key, v in audit.violations.items() if v}
    assert not bad, f"axe, every widget {state} ({scheme}):\n" + "\n".join(
        f"/{path} ({viewport}):\n{axe.report(v)}" for (path, viewport), v in bad.items()
    )


@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_serious_or_critical_axe_violation_after_a_roll(
    widget_states: dict[tuple[str, str], StateAudit], site: Site, scheme: str, request: pytest.FixtureRequest
) -> None:
    """Every widget rolled with a seed, its "How it was counted" open: desktop and phone (in CI,
    each scheme at the size it is walked at)."""
    _check_state(widget_states, site, "rolled", scheme, request.session)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_widget_rolled_in_the_walk_shows_cpythons_dice(
    widget_states: dict[tuple[str, str], StateAudit], site: Site, scheme: str, request: pytest.FixtureRequest
) -> None:
    """Each widget the walk rolled (seed SEED + i) shows the faces and the summary CPython's
    rollkit gives for its values and seed; a roll waiting for the player's choices shows its
    dice as they stand (test_choices.py and test_trust.py finish one)."""
    shown = widget_states["rolled", scheme].shown
    assert sorted(shown) == sorted(walked_widget_pages(site, request.session)), "widget pages not rolled"
    compared = 0
    for path, widgets in shown.items():
        for i, w in enumerate(widgets):
            assert w["seed"] == str(SEED + i), (path, i, w)
            if w["pending"]:
                continue
            rolled_like_cpython(w, SEED + i, (path, i))
            compared += 1
    assert compared >= 30, compared


@pytest.mark.whole  # CI's walk takes every widget through its roll only
@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_serious_or_critical_axe_violation_with_an_invalid_value(
    widget_states: dict[tuple[str, str], StateAudit], site: Site, scheme: str, request: pytest.FixtureRequest
) -> None:
    """Every widget (after its roll) with a value past its field's maximum, the field's error shown."""
    _check_state(widget_states, site, "invalid", scheme, request.session)


def phone_page(browser: object, site: Site, path: str) -> object:
    page = new_context(browser, viewport=VIEWPORTS["phone"]).new_page()  # type: ignore[attr-defined]
    page.goto(site.url(path))
    page.wait_for_load_state("load")  # the theme's and rollkit's scripts have run
    return page


FOCUSED = """() => { const e = document.activeElement;
    const box = e.getBoundingClientRect();
    return { body: e === document.body, drawer: !!e.closest('.md-sidebar--primary'),
             content: !!e.closest('.md-content'), link: e.matches('a.md-nav__link'),
             button: e.matches('[data-rollkit-drawer]'), tag: e.tagName,
             text: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
             shown: box.right > 0 && box.left < innerWidth && box.width > 0
                    || e.matches('input[type=radio]') && e.labels.length > 0 }; }"""  # a hidden radio's label shows focus


def tab(page: object, *, until: str = "", limit: int = 600) -> list[dict[str, object]]:
    """Press Tab until the focus leaves the page (or lands on a stop with ``until`` true)."""
    stops: list[dict[str, object]] = []
    for _ in range(limit):
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        stop = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
        if stop["body"]:
            break
        stops.append(stop)
        if until and stop[until]:
            break
    return stops


def test_the_closed_drawer_has_no_tab_stops_on_a_phone(browser: object, site: Site) -> None:
    page = phone_page(browser, site, "hits/")
    stops = tab(page)
    assert any(stop["content"] for stop in stops), "Tab never reached the page's content"
    assert [stop for stop in stops if stop["drawer"]] == []
    unseen = [stop for stop in stops if not stop["shown"]]
    assert unseen == [], [(stop["tag"], stop["text"]) for stop in unseen]


def test_the_drawer_opens_and_closes_from_the_keyboard(browser: object, site: Site) -> None:
    page = phone_page(browser, site, "hits/")
    stops = tab(page, until="button")
    assert stops and stops[-1]["button"], stops
    assert stops[-1]["text"] == "Navigation"
    button = page.locator("[data-rollkit-drawer]")  # type: ignore[attr-defined]
    assert button.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('__drawer').checked")  # type: ignore[attr-defined]
    assert button.get_attribute("aria-expanded") == "true"
    stops = tab(page, until="link", limit=20)
    assert stops and stops[-1]["link"] and stops[-1]["drawer"] and stops[-1]["shown"], stops
    links = [stops[-1]["text"]] + [stop["text"] for stop in tab(page, limit=10) if stop["drawer"]]
    assert len(links) >= 5, links
    page.keyboard.press("Escape")  # type: ignore[attr-defined]
    page.wait_for_function("!document.getElementById('__drawer').checked")  # type: ignore[attr-defined]
    assert page.evaluate(FOCUSED)["button"] and button.get_attribute("aria-expanded") == "false"  # type: ignore[attr-defined]
    page.keyboard.press(" ")  # type: ignore[attr-defined]
    page.wait_for_function("document.getElementById('__drawer').checked")  # type: ignore[attr-defined]


def test_a_scrolling_table_scrolls_from_the_keyboard(
    audits: dict[tuple[str, str], Audit], browser: object, site: Site
) -> None:
    phone = next(combo for combo in audits if combo[1] == "phone")  # the pair walked at 390 px
    path = next(path for path, found in audits[phone].tables.items() if found)
    page = phone_page(browser, site, path)
    region = page.locator(".md-typeset__scrollwrap[tabindex='0']").first  # type: ignore[attr-defined]
    region.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    page.wait_for_function("document.activeElement.scrollLeft > 0")  # type: ignore[attr-defined]
    assert region.get_attribute("role") == "region" and region.get_attribute("aria-label")


# The blocks of a long page that the browser skips while they are far off screen (theme.css),
# each with its scrolling tables: whether the block is still skipped, and for each table whether
# it scrolls and is a named region in the tab order (the skip state is read before measuring).
SKIPPED_TABLES = """() => [...document.querySelectorAll('.md-typeset > *')]
    .filter((block) => getComputedStyle(block).contentVisibility === 'auto' && block.querySelector('.md-typeset__scrollwrap'))
    .map((block) => {
        const skipped = !block.firstElementChild.checkVisibility({ contentVisibilityAuto: true });
        const wraps = [...block.querySelectorAll('.md-typeset__scrollwrap')]
            .map((wrap) => ({ focusable: wrap.tabIndex === 0, named: !!wrap.getAttribute('aria-label') }));
        return { skipped, wraps: [...block.querySelectorAll('.md-typeset__scrollwrap')].map((wrap, i) => ({
            ...wraps[i], scrolls: wrap.scrollWidth > wrap.clientWidth + 1 })) };
    })"""


# Run in the page before its own scripts: the blocks' tables as they are the moment the page's
# script has measured every scrolling box (before it shows the skipped blocks, after the load).
AT_MEASURED = f"""new MutationObserver((_, observer) => {{
    if (document.documentElement?.dataset.rollkitRegions !== 'measured') return;
    observer.disconnect();
    window.__rkTables = ({SKIPPED_TABLES})();
}}).observe(document, {{ attributes: true, subtree: true, attributeFilter: ['data-rollkit-regions'] }});"""


def test_a_far_scrolling_table_is_in_the_tab_order_before_it_is_on_screen(
    browser: object, site: Site
) -> None:
    """The page skips its far blocks (no layout while it loads), yet every table in them that
    scrolls is a named focusable region once the browser has been idle: the keyboard never
    passes over one because it has not been laid out yet."""
    context = new_context(browser, viewport=VIEWPORTS["phone"])
    context.add_init_script(AT_MEASURED)  # type: ignore[attr-defined]
    page = context.new_page()  # type: ignore[attr-defined]
    page.goto(site.url("hits/odds/"))
    page.wait_for_function("() => window.__rkTables")
    blocks = page.evaluate("window.__rkTables")
    far = [wrap for block in blocks if block["skipped"] for wrap in block["wraps"] if wrap["scrolls"]]
    assert len(far) >= 2, f"expected wide tables in blocks still skipped at 390px: {blocks}"
    assert all(wrap["focusable"] and wrap["named"] for wrap in far), blocks
    fits = [wrap for block in blocks for wrap in block["wraps"] if not wrap["scrolls"]]
    assert not any(wrap["focusable"] for wrap in fits), "a table that fits joined the tab order"


def test_all_of_it_under_the_strict_csp(browser: object, site: Site) -> None:
    """Our scripts run (menu button, table regions) with no CSP report and axe passes, also
    with a button focused (test_failures.py rolls every widget under this policy)."""
    path = next(
        p
        for p in widget_pages(site)
        if 'class="rollkit-table"' in (site.directory / p / "index.html").read_text(encoding="utf-8")
    )
    server = serve(site.directory, port=0, headers={"Content-Security-Policy": CSP})
    context = browser.new_context(viewport=VIEWPORTS["phone"], color_scheme="dark")  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        messages: list[str] = []
        page.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
        page.goto(f"http://127.0.0.1:{server.server_port}/{path}")
        assert page.locator("[data-rollkit-drawer][aria-expanded='false']").count() == 1
        page.wait_for_function("() => document.documentElement.dataset.rollkitRegions === 'measured'")  # type: ignore[attr-defined]
        assert page.locator(".md-typeset__scrollwrap[tabindex='0'][role='region'][aria-label]").count() >= 1
        found = axe.violations(page)
        page.locator(".md-typeset .md-button").first.focus()  # filled with the accent colour
        found += axe.violations(page)
        assert not found, axe.report(found)
        # The theme's icons are data: URIs, blocked without img-src (see README): not ours.
        assert [m for m in messages if "Content Security Policy" in m and "'img-src'" not in m] == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
