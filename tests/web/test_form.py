"""A widget is one tree: its form comes from the fields' declarations, and the page's early
script can rely on where it ends."""

from __future__ import annotations

from pathlib import Path

from rollkit import hits
from rollkit._fields import fields
from rollkit.web import Element, to_html, widget

EARLY = Path(__file__).resolve().parents[2] / "docs" / "assets" / "early.js"


def _classes(element: Element) -> list[str]:
    return str(element.attr("class") or "").split()


def test_the_fold_early_js_waits_for_ends_every_widget() -> None:
    tree = widget("hits", hits.Check(dice=5, threshold=7, tn=3), widget_id="rk-test")
    last = [c for c in tree.children if isinstance(c, Element)][-1]
    assert "rk-python" in _classes(last)
    assert 'getElementsByClassName("rk-python")' in EARLY.read_text(encoding="utf-8")


def test_every_field_gets_its_control_with_the_declared_range_and_hint() -> None:
    check = hits.Group(dice=4, threshold=7, tn=2, helpers=((8, 6),))
    tree = widget("hits.group", check, widget_id="rk-g", show=("dice", "helpers"))
    html = to_html(tree)
    for field in fields(hits.Group):
        assert f'name="{field.name}"' in html, field.name
    dice = next(f for f in fields(hits.Group) if f.name == "dice")
    assert f'min="{dice.param.low}" max="{dice.param.high}"' in html
    assert f"{dice.param.hint}; {dice.param.allowed()}" in html
    assert 'type="hidden" name="tn" value="2"' in html  # not shown: kept, not offered
    assert "Helper 1" in html and "Add a helper" in html
