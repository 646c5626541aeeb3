"""pytest setup for the whole repository: docs/ pycon fences are tests too."""

pytest_plugins = ["tests.pycon", "pytester"]
