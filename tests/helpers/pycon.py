"""Collect every ```pycon fence under docs/ as its own doctest item, ``page.md:LINE``.

A pytest plugin, loaded by the root conftest.py."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

from docs_tools.mdfences import Fence, scan

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    """Markdown files under the rootdir's docs/ folder."""
    docs = parent.config.rootpath / "docs"
    if file_path.suffix == ".md" and docs in file_path.parents:
        return MarkdownFile.from_parent(parent, path=file_path)
    return None


class MarkdownFile(pytest.File):
    def collect(self) -> Any:
        fences, _ = scan(self.path.read_text(encoding="utf-8"))
        for fence in fences:
            if fence.info.split()[:1] == ["pycon"]:
                yield PyconItem.from_parent(self, name=f"{self.path.name}:{fence.line}", fence=fence)


class PyconFailure(Exception):
    def __init__(self, report: str, line: int) -> None:
        super().__init__(report)
        self.report, self.line = report, line


class PyconItem(pytest.Item):
    def __init__(self, *, fence: Fence, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fence = fence

    def runtest(self) -> None:
        test = doctest.DocTestParser().get_doctest(
            self.fence.body, {"__name__": "__docs__"}, self.name, str(self.path), self.fence.line
        )
        if not test.examples:
            raise PyconFailure("this pycon block has no >>> example", self.fence.line)
        failures: list[str] = []

        class Runner(doctest.DocTestRunner):
            def report_failure(self, out: Any, test: Any, example: Any, got: str) -> None:
                failures.append(
                    _where(example) + self._checker.output_difference(example, got, self.optionflags)
                )

            def report_unexpected_exception(self, out: Any, test: Any, example: Any, exc_info: Any) -> None:
                failures.append(
                    _where(example) + "".join(doctest.traceback.format_exception_only(*exc_info[:2]))
                )

        def _where(example: doctest.Example) -> str:
            line = self.fence.line + 1 + example.lineno
            where = self.path.relative_to(self.config.rootpath)
            return f"{where}:{line}: >>> {example.source.strip()}\n"

        Runner(optionflags=FLAGS, verbose=False).run(test, out=lambda _: None)
        if failures:
            first = int(failures[0].split(":", 2)[1])
            raise PyconFailure("\n".join(failures), first)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, PyconFailure):
            return excinfo.value.report
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.fence.line - 1, self.name
