"""rollkit's bundler: a module and every module it imports, as one file, so that a page makes one
request for rollkit's script (and the worker one for its own).

    text = bundle(Path("site/assets/rollkit.mjs"), replace={config_module: generated_text})

It reads rollkit's own restricted module syntax, and fails (``BundleError``, naming the file and
line) on anything else:

- an import is ``import { a, b as c } from "./path.mjs";`` (it may span lines), of a relative
  ``.mjs`` path; no default, namespace or side-effect import;
- an export is ``export`` before a ``function``, ``async function``, ``const`` or ``class``
  declaration at the start of a line; no ``export default``, ``export { ... }`` or ``export let``;
- ``import.meta`` only in the entry module (the bundle is served at the entry's address);
- the entry exports nothing, and no module imports itself again through others (no cycle).

The bundle holds each module but the entry in the order a browser evaluates them (each after
what it imports) as ``const __rollkit_<path> = (() => { ...; return { its exports }; })();``,
then the entry; each module's text is as written but for its import lines (which become
``const { a, b: c } = __rollkit_<path>;``, line for line) and the word ``export``. Each module
keeps its own scope, as in the browser. A dynamic ``import()`` is left as it is: it resolves
against the bundle's address, which is the entry's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["bundle", "modules", "BundleError"]

_IMPORT = re.compile(
    r'^import\s*\{(?P<names>[^}]*)\}\s*from\s*"(?P<spec>\.\.?/[^"]+\.mjs)"\s*;?[ \t]*$', re.M
)
_ANY_IMPORT = re.compile(r"^import\b(?!\s*\()", re.M)  # a static import (import(...) is dynamic)
_EXPORT = re.compile(r"^export\s+(?=(?:async\s+function|function|const|class)\b)", re.M)
_EXPORTED = re.compile(
    r"^export\s+(?:async\s+function\*?|function\*?|const|class)\s+([A-Za-z_$][\w$]*)", re.M
)
_ANY_EXPORT = re.compile(r"^export\b", re.M)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_PREFIX = "__rollkit_"


class BundleError(RuntimeError):
    """A module outside the syntax the bundler reads, or an import it cannot satisfy."""


@dataclass
class _Module:
    path: Path
    label: str  # its path from the entry's folder
    text: str
    imports: list[tuple[re.Match[str], Path, list[tuple[str, str]]]] = field(default_factory=list)
    exports: list[str] = field(default_factory=list)

    @property
    def variable(self) -> str:
        return _PREFIX + re.sub(r"\W", "_", self.label.removesuffix(".mjs"))

    def where(self, offset: int) -> str:
        return f"{self.label}:{self.text.count(chr(10), 0, offset) + 1}"


def _names(module: _Module, match: re.Match[str]) -> list[tuple[str, str]]:
    names = []
    for item in (part.strip() for part in match["names"].split(",")):
        if not item:
            continue
        imported, _, local = (word.strip() for word in item.partition(" as "))
        if not _NAME.fullmatch(imported) or not _NAME.fullmatch(local or imported):
            raise BundleError(f"{module.where(match.start())}: cannot read the import {{ {item} }}")
        names.append((imported, local or imported))
    if not names:
        raise BundleError(f"{module.where(match.start())}: an import names nothing")
    return names


def _read(path: Path, label: str, text: str, entry: bool) -> _Module:
    module = _Module(path, label, text)
    found = list(_IMPORT.finditer(text))
    starts = {m.start() for m in found}
    for other in _ANY_IMPORT.finditer(text):
        if other.start() not in starts:
            raise BundleError(f'{module.where(other.start())}: only `import {{ names }} from "./path.mjs";`')
    module.imports = [(m, (path.parent / m["spec"]).resolve(), _names(module, m)) for m in found]
    module.exports = _EXPORTED.findall(text)
    plain = {m.start() for m in _EXPORT.finditer(text)}
    for other in _ANY_EXPORT.finditer(text):
        if other.start() not in plain:
            raise BundleError(
                f"{module.where(other.start())}: only `export` before a function, const or class"
            )
    if entry and module.exports:
        raise BundleError(
            f"{label}: the entry module exports {', '.join(module.exports)}: nothing would see it"
        )
    if not entry and "import.meta" in text:
        raise BundleError(f"{module.where(text.index('import.meta'))}: import.meta outside the entry module")
    return module


def _ordered(entry: Path, replace: Mapping[Path, str]) -> list[_Module]:
    """The modules of ``entry``'s graph, each after the modules it imports, the entry last."""
    home = entry.parent
    done: dict[Path, _Module] = {}
    order: list[_Module] = []

    def visit(path: Path, chain: tuple[Path, ...]) -> _Module:
        if path in done:
            return done[path]
        label = path.relative_to(home).as_posix() if path.is_relative_to(home) else path.as_posix()
        if path in chain:
            loop = " -> ".join(p.relative_to(home).as_posix() for p in (*chain[chain.index(path) :], path))
            raise BundleError(f"an import cycle: {loop}")
        if path not in replace and not path.is_file():
            importer = chain[-1].relative_to(home).as_posix() if chain else "the bundle"
            raise BundleError(f"{importer} imports {label}, which does not exist")
        text = replace[path] if path in replace else path.read_text(encoding="utf-8")
        module = _read(path, label, text, entry=not chain)
        for match, target, names in module.imports:
            imported = visit(target, (*chain, path))
            for name, _ in names:
                if name not in imported.exports:
                    raise BundleError(f"{module.where(match.start())}: {imported.label} exports no {name}")
        done[path] = module
        order.append(module)
        return module

    visit(entry.resolve(), ())
    return order


def modules(entry: Path, replace: Mapping[Path, str] | None = None) -> list[Path]:
    """The files ``entry`` bundles, each after what it imports, the entry last."""
    return [module.path for module in _ordered(entry.resolve(), _resolved(entry, replace))]


def _resolved(entry: Path, replace: Mapping[Path, str] | None) -> dict[Path, str]:
    return {Path(path).resolve(): text for path, text in (replace or {}).items()}


def _body(module: _Module, variables: Mapping[Path, str]) -> str:
    text = module.text
    for match, target, names in reversed(module.imports):
        bound = ", ".join(name if name == local else f"{name}: {local}" for name, local in names)
        line = f"const {{ {bound} }} = {variables[target]};" + "\n" * match.group().count("\n")
        text = text[: match.start()] + line + text[match.end() :]
    return _EXPORT.sub("", text).rstrip("\n") + "\n"


def bundle(entry: Path, replace: Mapping[Path, str] | None = None) -> str:
    """``entry`` and every module it imports as one module (see the module's docstring); a path
    in ``replace`` is read as the text it maps to instead of its file."""
    entry = entry.resolve()
    order = _ordered(entry, _resolved(entry, replace))
    variables = {module.path: module.variable for module in order}
    if any(_PREFIX in module.text for module in order) or len(set(variables.values())) != len(variables):
        raise BundleError(f"a module uses the bundler's names ({_PREFIX}...) or two modules map to one")
    out = [
        f"// Bundled by docs_tools.sitebuild.bundle: {order[-1].label} and the modules it imports,"
        " each as written but for its import and export lines.\n"
    ]
    for module in order[:-1]:
        exports = ", ".join(module.exports)
        out.append(
            f"\n// ---- {module.label}\nconst {module.variable} = (() => {{\n{_body(module, variables)}"
            f"return {{ {exports} }};\n}})();\n"
        )
    out.append(f"\n// ---- {order[-1].label}\n{_body(order[-1], variables)}")
    return "".join(out)
