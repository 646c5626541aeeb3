"""The tests' own layout: no test module imports another test module (nor a conftest.py).

What several test modules share lives in helper modules, never in a ``test_*.py``:
``tests/helpers/`` (the property assertions, the pycon plugin, building and serving the
site), each system's ``brute.py``, and ``tests/browser/pages.py`` and ``smoke.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
_TEST_OR_CONFTEST = re.compile(r"^(test_\w+|conftest)$")


def imported_test_modules(source: str, module: str) -> list[str]:
    """The test modules and conftest modules under ``tests`` that ``source`` (the module named
    ``module``, e.g. ``tests.site.test_docs``) imports, anywhere in it (also inside a function)."""
    package = module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = (package[: len(package) - node.level + 1] if node.level else []) + (
                node.module.split(".") if node.module else []
            )
            names = [".".join(base)] + [".".join([*base, alias.name]) for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            hits = [i for i, part in enumerate(parts) if i and _TEST_OR_CONFTEST.match(part)]
            if parts[0] == "tests" and hits:
                found.append(".".join(parts[: hits[0] + 1]))
    return sorted(set(found))


def test_the_import_check_can_fail() -> None:
    module = "tests.browser.test_a11y"
    caught = {
        "from tests.systems.hits.test_check import band": ["tests.systems.hits.test_check"],
        "import tests.site.test_docs as docs": ["tests.site.test_docs"],
        "from tests.browser import test_widgets": ["tests.browser.test_widgets"],
        "from . import test_failures": ["tests.browser.test_failures"],
        "from .test_widgets import READY_MS": ["tests.browser.test_widgets"],
        "from tests.browser.conftest import Site": ["tests.browser.conftest"],
        "from tests.helpers.pages import test_a_thing": ["tests.helpers.pages.test_a_thing"],
        "def f():\n    from ..core.test_cli import run\n": ["tests.core.test_cli"],
    }
    for source, names in caught.items():
        assert imported_test_modules(source, module) == names, source
    allowed = (
        "import pytest\nfrom rollkit import hits\nfrom tests.helpers.properties import assert_exact\n"
        "from tests.systems.hits.brute import band\nfrom tests.browser import axe, pages\n"
        "from .smoke import no_request_leaves\n"
    )
    assert imported_test_modules(allowed, module) == []


def test_no_test_module_imports_another() -> None:
    modules = sorted(TESTS.rglob("test_*.py"))
    assert len(modules) >= 40
    found = []
    for path in modules:
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found += [
            f"{path.relative_to(ROOT)}: {name}" for name in imported_test_modules(path.read_text(), module)
        ]
    assert found == [], "move what they share into a helper module (tests/helpers/, brute.py, ...)"
