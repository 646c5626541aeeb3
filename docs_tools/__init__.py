"""Docs tooling: build-time fences, charts and page generators (not part of rollkit)."""
