"""The ```rollkit-example fence: a worked example in the rules' words, its claims checked.

The author writes the check, its values, the faces rolled at the table (and the player's
choices after the dice, as written), then each thing the reader is told about it::

    check: hits
    dice: 5
    threshold: 6
    tn: 3
    faces: 6, 1, 9, 3, 10
    says tally: 3
    says Effect: 0
    says Description: Nominal Success
    says chance: 50%

``says WHAT: VALUE`` is a claim. WHAT is ``tally``, ``outcome``, ``result`` (success or
failure), ``chance`` (of success, before the roll), ``outcome chance`` (of this very outcome)
or a line of the roll's "How it was counted" by its label (``Effect``, ``Botch``, ``Degree``
...). VALUE is checked against rollkit: a whole number or words exactly, a chance as its
fraction (``1/2``) or a percentage at the precision it is written (``50%``,
``45.57%``, rounded half up, never 0% or 100% unless exact). ``choices: ...`` gives the choices
after the dice as the widgets write them (``choices: 6+3F``, or ``plan`` for rollkit's plan). A wrong claim fails the build with ``page.md:LINE``
of the claim and what rollkit gives instead.

The page shows the outcome sentence and the dice as the widgets render them
(``rollkit.web.roll_view``), and a **Replay** link that loads exactly those faces into a
live widget of the same kind on the page (the share links' ``?rk=ID&p.name=value&faces=...``;
``assets/rollkit/worked.mjs`` shows it once that widget is live). With no widget on the page
that can hold the example's values, the example brings its own.

``claims(example)`` and ``facts(example)`` give what the fence verified as plain data (for
the numeric snapshot and the prose-numbers test).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from docs_tools import widgets
from docs_tools.fences import FenceError, _digest, failed, page_id
from docs_tools.mdfences import locate, scan, source_of
from rollkit import _registry
from rollkit._check import CheckBase
from rollkit._choices import Choosing
from rollkit._fields import fields
from rollkit._format import fraction, percent
from rollkit._params import build, find
from rollkit._roll import Roll
from rollkit.web import Element, field_text, node, roll_view, to_html

__all__ = [
    "Claim",
    "Example",
    "Fact",
    "parse",
    "claims",
    "facts",
    "snapshot",
    "shows",
    "render",
    "wrong",
    "check_page",
    "formatter",
    "KIND",
]

KIND = "rollkit-example"
_PERCENT = re.compile(r"^(?:about |~)?(-?\d+(?:\.\d+)?)\s*%$")


@dataclass(frozen=True)
class Claim:
    """One thing the reader is told: ``what`` (as written), ``said`` (as written), ``line``
    (1-based, within the fence's body)."""

    what: str
    said: str
    line: int


@dataclass(frozen=True)
class Example:
    check: str
    params: tuple[tuple[str, str], ...]
    faces: tuple[int, ...]
    spend: str | None
    claims: tuple[Claim, ...]
    title: str = ""


@dataclass(frozen=True)
class Fact:
    """A value of a worked example, exact: an input (``what`` a field's label, or "faces") or
    what rollkit gives (the claim names); ``value`` an int, a Fraction or words."""

    what: str
    value: int | Fraction | str
    claimed: str = ""  # the claim as written, when the author wrote one
    line: int = 0  # the claim's line in the fence's body


class ClaimError(ValueError):
    """A claim rollkit does not give, at ``line`` of the fence's body."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def _faces(text: str) -> tuple[int, ...]:
    try:
        faces = tuple(int(f) for f in text.replace(",", " ").split())
    except ValueError:
        faces = ()
    if not faces:
        raise ValueError(f"faces: expected the faces rolled, as whole numbers (9, 2, 7), got {text!r}")
    return faces


def parse(source: str) -> Example:
    """Read a fence body; a mistake raises ValueError naming the line."""
    values: dict[str, str] = {}
    said: list[Claim] = []
    for number, raw in enumerate(source.splitlines(), 1):
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ValueError(f"line {number} of the fence: expected 'name: value', got {raw!r}")
        if key.startswith("says "):
            said.append(Claim(key[5:].strip(), value, number))
            continue
        if key in values:
            raise ValueError(f"line {number} of the fence: {key} is given twice")
        values[key] = value
    for needed in ("check", "faces"):
        if needed not in values:
            raise ValueError(f"the fence needs '{needed}: ...'")
    if not said:
        raise ValueError("the fence claims nothing: add 'says outcome: ...' (or tally, chance ...)")
    name = values.pop("check")
    known = [f.name for f in fields(find(name))]
    title = values.pop("title", "")
    faces = _faces(values.pop("faces"))
    spend = values.pop("choices", None)
    for key in values:
        if key not in known:
            raise ValueError(
                f"{key} is not a value of {name}: it takes {', '.join(known)} (a claim is 'says {key}: ...')"
            )
    build(name, values)
    return Example(name, tuple(values.items()), faces, spend, tuple(said), title)


def _check(example: Example) -> CheckBase:
    return build(example.check, dict(example.params))


def _roll(example: Example, check: CheckBase) -> Roll:
    if isinstance(check, Choosing):
        return check.resolve(
            example.faces, adjustments=None if example.spend in (None, "plan") else example.spend
        )
    if example.spend is not None:
        raise ValueError(f"choices: {example.check} has no choices after the dice")
    return check.resolve(example.faces)


def _outputs(check: CheckBase, roll: Roll) -> dict[str, int | Fraction | str]:
    """What rollkit gives for a roll, by the words a claim names it with (lower case)."""
    words = _registry.words(check.system)
    labels = {f.name: f.label for f in fields(type(check))}
    out: dict[str, int | Fraction | str] = {
        "tally": roll.tally,
        "outcome": roll.outcome,
        "result": "success" if roll.success else "failure",
        "chance": check.chance(),
        "outcome chance": roll.probability,
    }
    for key, value in roll.details:
        if isinstance(value, (tuple, list)):  # moves made: "die 1 raised from 7 to 8 (1 Legendary rank)"
            value = "; ".join(str(v) for v in value)
        if value is None or value == "":
            continue
        label = (labels.get(key) or words.detail(key)).lower()
        out.setdefault(label, value if isinstance(value, (int, Fraction, str)) else str(value))
    return out


def shows(exact: Fraction, shown: str) -> bool:
    """Whether ``shown`` ("46%", "about 45.6%") is ``exact`` rounded half up at the precision
    written (never 0% or 100% unless exact)."""
    match = _PERCENT.match(shown.strip())
    if not match:
        return False
    text = match.group(1)
    places = len(text.split(".")[1]) if "." in text else 0
    value = Fraction(text)
    if value in (0, 100) and exact not in (0, 1):
        return False
    scaled = exact * 100 * 10**places
    rounded = scaled.numerator // scaled.denominator + (
        2 * (scaled.numerator % scaled.denominator) >= scaled.denominator
    )
    return Fraction(rounded, 10**places) == value


def _agrees(value: int | Fraction | str, said: str) -> bool:
    said = " ".join(said.split())
    if isinstance(value, bool):
        return said.lower() in (("yes", "true") if value else ("no", "false"))
    if isinstance(value, int):
        return said.lstrip("+") == str(value)
    if isinstance(value, Fraction):
        if "%" in said:
            return shows(value, said)
        try:
            return Fraction(said) == value
        except (ValueError, ZeroDivisionError):
            return False
    return said.lower() == " ".join(str(value).split()).lower()


def _given(value: int | Fraction | str) -> str:
    if isinstance(value, Fraction):
        return f"{fraction(value)} ({percent(value)})"
    return str(value)


def claims(example: Example) -> tuple[Fact, ...]:
    """Every claim checked against rollkit, with its exact value; a wrong or unknown one raises
    ``ClaimError`` at its line, saying what rollkit gives instead."""
    check = _check(example)
    out = _outputs(check, _roll(example, check))
    checked = []
    for claim in example.claims:
        what = claim.what.lower()
        if what not in out:
            raise ClaimError(
                f"says {claim.what}: rollkit gives no {claim.what!r} for this roll; it gives {', '.join(out)}",
                claim.line,
            )
        if not _agrees(out[what], claim.said):
            raise ClaimError(
                f"says {claim.what}: {claim.said}, but rollkit gives {_given(out[what])}",
                claim.line,
            )
        checked.append(Fact(claim.what, out[what], claim.said, claim.line))
    return tuple(checked)


def facts(example: Example) -> tuple[Fact, ...]:
    """The example's inputs (each field's value, the faces) and everything rollkit gives for it,
    exact (each die's size and what it counted for too): the numbers its prose may quote."""
    check = _check(example)
    labels = {f.name: f.label for f in fields(type(check))}
    inputs: list[Fact] = []
    for f in fields(type(check)):
        value = getattr(check, f.name)
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            inputs.append(Fact(labels[f.name], value))
    inputs += [Fact("faces", face) for face in example.faces]
    roll = _roll(example, check)
    outputs = [Fact(what, value) for what, value in _outputs(check, roll).items()]
    outputs += [Fact("die", die.sides) for die in roll.dice] + [
        Fact("counts", die.value) for die in roll.dice
    ]
    return (*inputs, *claims(example), *outputs)


def snapshot(source: str) -> list[dict[str, str | int]]:
    """What one fence's body verifies and renders, as plain JSON data for the numeric
    snapshot: each claim (``claimed`` as written, at ``line`` of the body) and each other value,
    ``what`` in the rules' words and ``value`` exact (a fraction as "21/50")."""
    return [
        {
            "what": f.what,
            "value": str(f.value),
            **({"claimed": f.claimed, "line": f.line} if f.claimed else {}),
        }
        for f in facts(parse(source))
    ]


# -- the page ---------------------------------------------------------------------------


def _target(md: Any, example: Example, check: CheckBase) -> str | None:
    """The id of the first widget on the page of the same kind that can hold the example's
    values (it shows every value that differs from its own), or None."""
    path = source_of(md)
    if path is None:
        return None
    try:
        fences = scan(path.read_text(encoding="utf-8"))[0]
    except (OSError, UnicodeDecodeError):
        return None
    for fence in fences:
        if fence.info.split()[:1] != ["rollkit"]:
            continue
        try:
            widget = widgets.parse(fence.body)
        except Exception:  # noqa: BLE001 - that fence fails the build itself
            continue
        if widget.check != example.check:
            continue
        own = build(widget.check, dict(widget.params))
        differ = {f.name for f in fields(type(check)) if getattr(own, f.name) != getattr(check, f.name)}
        if differ <= set(widget.show):
            return "rk-" + _digest(fence.body.strip())
    return None


def _link(example: Example, check: CheckBase, target: str) -> str:
    """The share link that replays the example's faces in the widget ``target``."""
    query: dict[str, str] = {"rk": target, "k": example.check}
    query |= {f"p.{f.name}": field_text(getattr(check, f.name)) for f in fields(type(check))}
    query["faces"] = ",".join(str(f) for f in example.faces)
    if isinstance(check, Choosing):  # the roll as the Result shows it: the choices made, or the plan
        query["spend"] = example.spend or "plan"
    return "?" + urlencode(query) + f"#{target}"


def tree(example: Example, check: CheckBase, roll: Roll, target: str, example_id: str) -> Element:
    """The Result: the outcome sentence and the dice as a widget shows them, and Replay."""
    view = roll_view(check, roll)
    return node(
        "div",
        {"class": "rollkit-widget rk-worked", "id": example_id, "data-rollkit-worked": target},
        node("p", {"class": "rk-result " + ("rk-success" if roll.success else "rk-failure")}, view.summary),
        view.tree,
        node(
            "p",
            {"class": "rk-worked-replay", "hidden": True},
            node("a", {"href": _link(example, check, target), "class": "rk-worked-link"}, "Replay"),
            " these dice in the widget",
        ),
    )


def render(example: Example, md: Any, example_id: str) -> str:
    check = _check(example)
    roll = _roll(example, check)
    target = _target(md, example, check)
    own = ""
    if target is None:  # no widget on the page can hold these values: the example brings one
        target = example_id + "-w"
        own = widgets.render(
            widgets.Widget(
                example.check,
                example.title or "Replay the example",
                tuple(f.name for f in fields(type(check))),
                example.params,
            ),
            target,
        )
    return to_html(tree(example, check, roll, target, example_id)) + own


def wrong(where: str, error: ClaimError) -> str:
    """The build's message for a wrong claim of the fence at ``where`` (``page.md:LINE`` of the
    fence, or just the page): the claim's own line, what it says and what rollkit gives."""
    page, _, line = where.rpartition(":")
    if line.isdigit():
        where = f"{page}:{int(line) + error.line}"
    return f"{where}: {KIND} claim is wrong: {error}"


def check_page(text: str, page: str) -> list[str]:
    """What the build says of every wrong claim of the ```` ```rollkit-example ```` fences in a
    page's Markdown ``text`` (``page``: its name in the messages), in page order."""
    said = []
    for fence in scan(text)[0]:
        if fence.info.split()[:1] == [KIND]:
            try:
                claims(parse(fence.body))
            except ClaimError as error:
                said.append(wrong(f"{page}:{fence.line}", error))
    return said


def formatter(src: str, language: str, class_name: str, options: Any, md: Any, **kwargs: Any) -> str:
    """The superfences formatter: a wrong claim fails the build at the claim's page and line."""
    try:
        example = parse(src)
        claims(example)
        return render(example, md, page_id(md, "rkx-", src.strip()))
    except ClaimError as error:
        raise FenceError(wrong(locate(md, KIND, src), error)) from error
    except Exception as error:
        raise failed(md, KIND, src, error) from error
