"""Every table and worked example of the five rules sources is in an inventory with a test
holding rollkit (and the site's table) to the numbers the source prints, or to the ruling
that overrides them (``tests.helpers.sources``; one inventory a system, ``sources.py``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rollkit import _registry
from tests.helpers.sources import ROOT, Item, problems, prose, runs, seed_text, undocumented
from tests.systems.again.sources import INVENTORY as AGAIN
from tests.systems.critdice.sources import INVENTORY as CRITDICE
from tests.systems.hits.sources import INVENTORY as HITS
from tests.systems.ninefold.sources import INVENTORY as NINEFOLD
from tests.systems.trait.sources import INVENTORY as TRAIT

INVENTORIES = {"ninefold": NINEFOLD, "trait": TRAIT, "hits": HITS, "again": AGAIN, "critdice": CRITDICE}


def test_every_system_has_an_inventory_and_its_test_module() -> None:
    assert sorted(INVENTORIES) == sorted(_registry.BUILT_IN)
    for name in INVENTORIES:
        assert (ROOT / "tests" / "systems" / name / "test_source.py").is_file(), name


def test_the_count_of_the_sources_tables_and_examples() -> None:
    """37 in all, each now held to the source: before issue 24, 16 were replayed with the
    sources' numbers, 18 only in part (rollkit, or the site's table built from it, not compared
    with every printed number) and 3 were errata recorded as rulings."""
    items = [item for inventory in INVENTORIES.values() for item in inventory]
    assert {name: len(inventory) for name, inventory in INVENTORIES.items()} == {
        "ninefold": 8,
        "trait": 5,
        "hits": 14,
        "again": 5,
        "critdice": 5,
    }
    assert len(items) == 37
    assert Counter(item.before for item in items) == {"replayed": 16, "part": 18, "erratum": 3}
    assert sorted(item.id for item in items if item.before == "erratum") == [
        "hits-good-and-spectacular",
        "hits-luck-comparisons",
        "ninefold-d20-line",
    ]
    assert all(item.tested for item in items)


def test_the_inventory_check_can_fail() -> None:
    """A planted item with no test, a missing test, a wrong section, an unknown ruling, an
    erratum without its ruling and copied words are each reported."""
    seed = seed_text("hits")
    copied = " ".join(seed.split()[400:412])
    planted = (
        Item(id="hits-untested", kind="table", section="Buying Hits", states="x", tested=()),
        Item(
            id="hits-gone",
            kind="table",
            section="Buying Hits",
            states="x",
            tested=("tests/systems/hits/test_source.py::test_not_there", "docs/hits/index.md::>>> nowhere"),
        ),
        Item(id="hits-lost", kind="table", section="No Such Heading", states="x", tested=("README.md::x",)),
        Item(
            id="hits-bad-ruling",
            kind="table",
            section="Buying Hits",
            states="x",
            tested=(),
            ruling="hits-nope",
        ),
        Item(id="hits-erratum", kind="table", section="Buying Hits", states="x", tested=(), before="erratum"),
        Item(id="hits-copied", kind="table", section="Buying Hits", states=copied, tested=()),
        Item(id="trait-elsewhere", kind="table", section="Buying Hits", states="x", tested=()),
    )
    pytest.importorskip("markdown_it", reason="the docs venv reads the pages' doctests")
    found = problems(planted, system="hits", seed=seed)
    for needle in (
        "hits-untested: no test",
        "hits-gone: tests/systems/hits/test_source.py has no function test_not_there",
        "hits-gone: no pycon block on docs/hits/index.md holds '>>> nowhere'",
        "hits-lost: the seed has no section 'No Such Heading'",
        "hits-lost: README.md::x is not a test file's function or a page's doctest",
        "hits-bad-ruling: no ruling 'hits-nope'",
        "hits-erratum: an erratum names the ruling",
        "hits-copied: 'states' copies the seed",
        "trait-elsewhere: the id does not start with hits-",
    ):
        assert any(line.startswith(needle) for line in found), needle


def test_the_docstring_and_copy_checks_can_fail(tmp_path: Path) -> None:
    """A listed test whose docstring does not name its section, and a comment copied from the
    seed, are both caught."""
    seed = seed_text("trait")
    module = tmp_path / "test_planted.py"
    copied = " ".join(seed.split()[60:72])
    module.write_text(
        f'"""ours"""\n\n\ndef test_x() -> None:\n    """nothing"""\n    # {copied}\n', encoding="utf-8"
    )
    item = Item(id="trait-x", kind="table", section="Thresholds", states="x", tested=(f"{module}::test_x",))
    assert undocumented(module, (item,)) == [
        "test_x: its docstring does not name section 'Thresholds' (trait-x)"
    ]
    assert runs(prose(module)) & runs(seed)
    module.write_text(
        '"""ours"""\n\n\ndef test_x() -> None:\n    """Section "Thresholds"."""\n', encoding="utf-8"
    )
    assert undocumented(module, (item,)) == [] and not runs(prose(module)) & runs(seed)
