"""A character sheet, declared once per system, and the characters readers keep on it.

A system declares its sheet (``SHEET`` in its package's ``_sheet`` module): the values a
character has (a Persona's EXP), the lists of named entries (Traits, each with a score and
whether it is Adept), each value a ``Field`` whose ``Param`` is the declaration a check or a
rules function already uses, so a range is never written twice; and, for each check kind a
sheet can fill, which entries the reader picks and how the rules' own formulas turn them into
that kind's fields (``Fill``). A ``Character`` is one reader's sheet, checked against its
system's declarations when it is made, with a versioned JSON form (``to_json``) and a compact
one for links (``to_link``). ``Character.fill`` gives a kind's fields from the sheet, each with
the words that say where it came from ("Sneak 51: MOD 5").
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import _registry
from ._check import CheckBase
from ._errors import RulesError
from ._fields import Field, Param, fields
from ._params import convert
from ._validate import describe

__all__ = [
    "Character",
    "Entry",
    "Fill",
    "Filled",
    "Group",
    "MAX_ENTRIES",
    "MAX_NAME",
    "Pick",
    "Picked",
    "Place",
    "Sheet",
    "Source",
    "VERSION",
    "How",
    "field_of",
    "file_json",
    "read_characters",
    "sheet",
    "value",
]

VERSION = 1
"""The version of a character's JSON and link forms; a newer one is refused, not guessed at."""
MAX_NAME = 60
"""The longest name a character or an entry takes, in characters."""
MAX_ENTRIES = 100
"""The most entries in one list of a sheet (Traits, Skills ...)."""
_LINK = f"{VERSION}."
_PLACE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def field_of(cls: type, name: str) -> Field:
    """The field ``name`` of check class ``cls``, as that check declares it: a sheet value that
    is the same thing takes its label, hint and range from there (an Attribute Level is
    ``hits.AttributeCheck``'s ``level``)."""
    found = next((f for f in fields(cls) if f.name == name), None)
    if found is None:
        raise TypeError(f"{cls.__name__} has no field {name!r}")
    return found


def value(name: str, declared: Param, *, kind: type = int, default: Any = dataclasses.MISSING) -> Field:
    """A sheet value declared with a ``Param`` a rules function checks (a Trait's score is what
    ``trait.mod_for`` checks), or a name (``kind=str``) that refers to another entry."""
    required = default is dataclasses.MISSING
    return Field(name, kind, required, None if required else default, declared)


@dataclass(frozen=True)
class Group:
    """A list of named entries on a sheet: ``label`` ("Traits"), each entry an ``item``
    ("Trait") with a name and ``values``. ``refers`` names the values that are the name of an
    entry of another group: ``(("attribute", "attributes"),)`` for a Skill's Attribute."""

    name: str
    label: str
    item: str
    values: tuple[Field, ...]
    hint: str = ""
    refers: tuple[tuple[str, str], ...] = ()

    def column(self, name: str) -> Field:
        """The value ``name`` of an entry."""
        return next(f for f in self.values if f.name == name)

    def place(self, index: int, name: str = "", part: str = "") -> str:
        """Where on the sheet, in words: "Traits, Trait 2 (Sneak), Score"."""
        where = f"{self.label}, {self.item} {index + 1}" + (f" ({name})" if name else "")
        return f"{where}, {part}" if part else where


@dataclass(frozen=True)
class Pick:
    """An entry the reader picks to fill a check: one of ``group`` ("which Trait"), none as
    well when ``optional``, or any number when ``several`` (the Buffs that apply). Not picked,
    it is the first entry whose name is one of ``prefer`` (in any letter case), else the first."""

    group: str
    label: str
    optional: bool = False
    several: bool = False
    prefer: tuple[str, ...] = ()


@dataclass(frozen=True)
class Place:
    """Where a check's field is kept on the sheet when it is the same value: a value of entry
    ``entry`` of ``group``, or with ``group`` "" a value of the sheet itself (EXP)."""

    group: str
    entry: str
    value: str


@dataclass(frozen=True)
class Source:
    """One field a sheet fills: its ``value``, how it came from the sheet in the rules' words
    (``said``: "Sneak 51: MOD 5") and, when the field is a value of the sheet as it stands,
    where an edit of it is saved (``saves``); else ``why`` it is not ("MOD comes from Sneak's
    score")."""

    field: str
    value: Any
    said: str
    saves: Place | None = None
    why: str = ""


@dataclass(frozen=True)
class Picked:
    """The entries the reader picked, by group."""

    chosen: tuple[tuple[str, tuple[Entry, ...]], ...]

    def one(self, group: str) -> Entry:
        """The one entry picked from ``group``."""
        return dict(self.chosen)[group][0]

    def maybe(self, group: str) -> Entry | None:
        """The entry picked from ``group``, or None (an optional pick left empty)."""
        found = dict(self.chosen).get(group, ())
        return found[0] if found else None

    def several(self, group: str) -> tuple[Entry, ...]:
        """Every entry picked from ``group``."""
        return dict(self.chosen).get(group, ())

    def names(self) -> dict[str, tuple[str, ...]]:
        """The picked entries' names, by group."""
        return {group: tuple(e.name for e in entries) for group, entries in self.chosen}


How = Callable[["Character", Picked], tuple[Source, ...]]
"""How a kind's fields come from a character and the picked entries, through the rules'
formulas (``trait.mod_for``, ``hits.Check.skill`` ...)."""


@dataclass(frozen=True)
class Fill:
    """How the check kind ``kind`` fills from a sheet: the entries the reader ``picks``, then
    ``how`` turns them into the kind's fields."""

    kind: type
    picks: tuple[Pick, ...]
    how: How


@dataclass(frozen=True)
class Sheet:
    """A system's character sheet: the ``values`` a character has, its ``groups`` of named
    entries, and the check kinds it ``fills``. ``title`` is what a character of it is called
    ("Persona")."""

    system: str
    title: str
    values: tuple[Field, ...]
    groups: tuple[Group, ...]
    fills: tuple[Fill, ...]

    def group(self, name: str) -> Group:
        """The group called ``name``."""
        return next(g for g in self.groups if g.name == name)

    def fill(self, kind: type) -> Fill | None:
        """How check class ``kind`` fills from this sheet, if it does."""
        return next((f for f in self.fills if f.kind is kind), None)


def sheet(system: str) -> Sheet | None:
    """The character sheet the system ``system`` declares (its ``SHEET``: optional), found
    through the registry."""
    found = getattr(_registry.system(system), "SHEET", None)
    if found is not None and not isinstance(found, Sheet):
        raise TypeError(f"{system}.SHEET is not a rollkit Sheet")
    return found


def _sheet_of(system: object) -> Sheet:
    try:
        found = sheet(system)  # type: ignore[arg-type]
    except RulesError as error:
        raise RulesError(str(error), field="system", said=error.said) from None
    if found is None:
        raise RulesError(
            f"system={system!r} has no character sheet",
            field="system",
            said=f"{_registry.words(str(system)).name} has no character sheet here.",
        )
    return found


# --- a character ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One named entry of a sheet's list (a Trait, a Skill) and its values by name."""

    name: str
    values: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, key: str) -> Any:
        return dict(self.values)[key]


def _quoted(text: object) -> str:
    """A name as the reader wrote it, in quotation marks: “Sneak”."""
    return f"\u201c{text}\u201d" if isinstance(text, str) else describe(text)


def _refused(
    message: str, said: str, field: str, item: int | None = None, part: int | None = None
) -> RulesError:
    return RulesError(message, field=field, item=item, part=part, said=said)


def _name(text: object, python: str, where: str, field: str, item: int | None = None) -> str:
    """A name as given, trimmed: text of 1 to ``MAX_NAME`` characters on one line."""
    part = None if item is None else 0
    if not isinstance(text, str):
        raise _refused(
            f"{python}={describe(text)} is not allowed: a name is text",
            f"{where}: {describe(text)} is not a name; enter text.",
            field,
            item,
            part,
        )
    name = " ".join(text.split())
    if not name:
        raise _refused(
            f"{python} is empty: give a name", f"{where} is empty: enter a name.", field, item, part
        )
    if len(name) > MAX_NAME or not name.isprintable():
        raise _refused(
            f"{python}={describe(text)} is not allowed: a name is up to {MAX_NAME} printable characters",
            f"{where}: enter a name of at most {MAX_NAME} letters, digits and marks on one line.",
            field,
            item,
            part,
        )
    return name


def _checked(
    field: Field, raw: Any, python: str, where: str, group: str, item: int | None, part: int | None
) -> Any:
    """``raw`` as ``field`` declares it (text typed in a form read as the field's kind first); an
    error is about ``group`` (the sheet's field), said at ``where``."""
    try:
        if isinstance(raw, str) and field.kind != "text":
            return convert(field, raw)
        if field.kind == "text":
            if not isinstance(raw, str):
                raise RulesError(f"{python} must be text", said=f"{describe(raw)} is not text.")
            return " ".join(raw.split())
        return field.check(raw)
    except RulesError as error:
        said = error.said or str(error)
        if not said.startswith(field.label):
            said = f"{field.label}: {said}"
        raise type(error)(
            f"{python}: {error}",
            field=group,
            item=item,
            part=part,
            said=f"{where}{', ' if where else ''}{said}",
        ) from None


@dataclass(frozen=True, kw_only=True)
class Character:
    """One reader's character: a ``name``, a ``system`` with a sheet, the sheet's ``values``
    (by name) and its ``entries`` (each group's named entries, in the reader's order).

    Made, it is checked against the system's sheet: every value by the declaration the
    checks use, each entry's name given once in its group, and each name that refers to another
    entry (a Skill's Attribute) one of that group's. A mistake is a ``RulesError`` whose
    ``field`` is the value or the group, ``item`` the entry (from 0) and ``part`` its value
    (0 its name, then the group's values in order), said in the rules' words with the place
    ("Traits, Trait 2 (Sneak), Score: 1200 is too large ..."). ``Character.make`` builds one
    from plain mappings; ``from_json`` and ``from_link`` read the forms it writes.
    """

    name: str
    system: str
    values: tuple[tuple[str, Any], ...] = ()
    entries: tuple[tuple[str, tuple[Entry, ...]], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name, "name", "Name", "name"))
        found = _sheet_of(self.system)
        given = dict(self.values)
        unknown = [k for k in given if k not in {f.name for f in found.values}]
        if unknown:
            raise _refused(
                f"values has {unknown[0]!r}, which {self.system}'s sheet does not hold",
                f"{describe(unknown[0])} is not on this sheet.",
                unknown[0],
            )
        values = []
        for f in found.values:
            raw = given.get(f.name, dataclasses.MISSING)
            if raw is dataclasses.MISSING:
                if f.required:
                    raise _refused(f"values needs {f.name}", f"{f.label} is needed.", f.name)
                raw = f.default
            values.append((f.name, _checked(f, raw, f.name, "", f.name, None, None)))
        object.__setattr__(self, "values", tuple(values))
        groups = dict(self.entries)
        unknown = [k for k in groups if k not in {g.name for g in found.groups}]
        if unknown:
            raise _refused(
                f"entries has {unknown[0]!r}, which {self.system}'s sheet does not hold",
                f"{describe(unknown[0])} is not a list on this sheet.",
                unknown[0],
            )
        entries = tuple((g.name, self._group(g, groups.get(g.name, ()))) for g in found.groups)
        object.__setattr__(self, "entries", entries)
        for group in found.groups:
            self._references(group, dict(entries))

    def _group(self, group: Group, given: Iterable[Entry]) -> tuple[Entry, ...]:
        if isinstance(given, (str, bytes)) or not isinstance(given, (tuple, list)):
            raise _refused(
                f"entries[{group.name!r}] must be a tuple of Entry",
                f"{group.label} is not a list.",
                group.name,
            )
        if len(given) > MAX_ENTRIES:
            raise _refused(
                f"entries[{group.name!r}] has {len(given)} entries: a sheet takes at most {MAX_ENTRIES}",
                f"{group.label}: {len(given)} given; enter at most {MAX_ENTRIES}.",
                group.name,
            )
        out: list[Entry] = []
        seen: set[str] = set()
        for i, entry in enumerate(given):
            python = f"entries[{group.name!r}][{i}]"
            if not isinstance(entry, Entry):
                raise _refused(
                    f"{python} is not an Entry", f"{group.place(i)} is not an entry.", group.name, i
                )
            name = _name(entry.name, f"{python}.name", f"{group.place(i)}, Name", group.name, i)
            if name.casefold() in seen:
                raise _refused(
                    f"{python}.name={name!r} is given twice in {group.name}",
                    f"{group.place(i, name)}: {group.item} {name} is already on this sheet; give each a"
                    " name of its own.",
                    group.name,
                    i,
                    0,
                )
            seen.add(name.casefold())
            given_values = dict(entry.values)
            unknown = [k for k in given_values if k not in {f.name for f in group.values}]
            if unknown:
                raise _refused(
                    f"{python} has {unknown[0]!r}, which a {group.item} does not hold",
                    f"{group.place(i, name)}: {describe(unknown[0])} is not a value of a {group.item}.",
                    group.name,
                    i,
                )
            values = []
            for j, f in enumerate(group.values, start=1):
                raw = given_values.get(f.name, dataclasses.MISSING)
                where = group.place(i, name)
                if raw is dataclasses.MISSING:
                    if f.required:
                        raise _refused(
                            f"{python} needs {f.name}", f"{where}: {f.label} is needed.", group.name, i, j
                        )
                    raw = f.default
                values.append((f.name, _checked(f, raw, f"{python}.{f.name}", where, group.name, i, j)))
            out.append(Entry(name, tuple(values)))
        return tuple(out)

    def _references(self, group: Group, entries: Mapping[str, tuple[Entry, ...]]) -> None:
        """Each value of ``group`` that names an entry of another group names one of its."""
        found = _sheet_of(self.system)
        fixed = list(entries[group.name])
        for key, target in group.refers:
            names = {e.name.casefold(): e.name for e in entries[target]}
            other = found.group(target)
            column = group.column(key)
            j = group.values.index(column) + 1
            for i, entry in enumerate(fixed):
                named = entry[key]
                if not named and not column.required:
                    continue
                if named.casefold() not in names:
                    listed = ", ".join(e.name for e in entries[target]) or "none yet"
                    raise _refused(
                        f"entries[{group.name!r}][{i}].{key}={named!r} is not one of {target}",
                        f"{group.place(i, entry.name, column.label)}: {_quoted(named) if named else 'nothing'}"
                        f" is not one of this character's {other.label} ({listed}).",
                        group.name,
                        i,
                        j,
                    )
                values = tuple((k, names[v.casefold()] if k == key and v else v) for k, v in entry.values)
                fixed[i] = Entry(entry.name, values)
        object.__setattr__(
            self, "entries", tuple((g, tuple(fixed) if g == group.name else e) for g, e in self.entries)
        )

    # -- reading it ---------------------------------------------------------------------------

    @property
    def sheet(self) -> Sheet:
        """The sheet of this character's system."""
        return _sheet_of(self.system)

    def value(self, name: str) -> Any:
        """The sheet's value ``name`` (EXP ...)."""
        return dict(self.values)[name]

    def group(self, name: str) -> tuple[Entry, ...]:
        """The entries of the group ``name``, in order."""
        return dict(self.entries)[name]

    def entry(self, group: str, name: str) -> Entry:
        """The entry called ``name`` (in any letter case) of ``group``."""
        found = next((e for e in self.group(group) if e.name.casefold() == name.casefold()), None)
        if found is None:
            listed = self.sheet.group(group)
            names = ", ".join(e.name for e in self.group(group))
            raise _refused(
                f"{group}: {name!r} is not one of {self.name}'s {group}",
                f"{listed.item}: {_quoted(name)} is not one of {self.name}'s {listed.label}"
                + (f"; choose {names}." if names else "."),
                group,
            )
        return found

    @classmethod
    def make(
        cls,
        *,
        name: str,
        system: str,
        values: Mapping[str, Any] | None = None,
        entries: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    ) -> Character:
        """A character from plain mappings: ``entries={"traits": [{"name": "Sneak", "score": 51}]}``."""
        made: list[tuple[str, tuple[Entry, ...]]] = []
        for group, rows in (entries or {}).items():
            if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
                raise _refused(
                    f"entries[{group!r}] must be a list", f"{describe(group)} is not a list.", group
                )
            listed = []
            for i, row in enumerate(rows):
                if not isinstance(row, Mapping):
                    raise _refused(
                        f"entries[{group!r}][{i}] must be a mapping",
                        f"entry {i + 1} of {describe(group)} is not a set of values.",
                        group,
                        i,
                    )
                listed.append(
                    Entry(row.get("name", ""), tuple((k, v) for k, v in row.items() if k != "name"))
                )
            made.append((group, tuple(listed)))
        return cls(name=name, system=system, values=tuple((values or {}).items()), entries=tuple(made))

    # -- its forms ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The character as JSON data, versioned (what an exported file holds)."""
        return {
            "rollkit": "character",
            "version": VERSION,
            "name": self.name,
            "system": self.system,
            "values": dict(self.values),
            "entries": {
                g: [{"name": e.name, **dict(e.values)} for e in entries] for g, entries in self.entries
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> Character:
        """A character from its JSON data (``to_json``); a value written as text (a form's) is
        read as its field's kind first."""
        if not isinstance(data, Mapping) or data.get("rollkit") != "character":
            raise _refused(
                "the data is not a rollkit character", "this is not a character from rollkit.", "character"
            )
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
            raise _refused(
                f"version={describe(version)} is not allowed: rollkit reads characters of version 1"
                f" to {VERSION}",
                "this character was written by a newer rollkit; update the page and try again.",
                "character",
            )
        values, entries = data.get("values", {}), data.get("entries", {})
        if not isinstance(values, Mapping) or not isinstance(entries, Mapping):
            raise _refused(
                "values and entries must be objects", "this character's data is damaged.", "character"
            )
        return cls.make(name=data.get("name"), system=data.get("system"), values=values, entries=entries)  # type: ignore[arg-type]

    def to_link(self) -> str:
        """The character in a few characters a link can carry: the version, then the sheet's
        values and each entry in the sheet's order, as base64url JSON."""
        found = self.sheet
        rows = [[[e.name, *(e[f.name] for f in g.values)] for e in self.group(g.name)] for g in found.groups]
        packed = [self.system, self.name, [self.value(f.name) for f in found.values], rows]
        text = json.dumps(packed, separators=(",", ":"), ensure_ascii=False).encode()
        return _LINK + base64.urlsafe_b64encode(text).decode().rstrip("=")

    @classmethod
    def from_link(cls, text: str) -> Character:
        """The character ``to_link`` wrote."""
        broken = _refused(
            "the link does not hold a character", "this link holds no character; it may be cut short.", "link"
        )
        if not isinstance(text, str) or not text.startswith(_LINK):
            raise broken
        body = text[len(_LINK) :].strip()
        try:
            packed = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            system, name, values, rows = packed
            found = _sheet_of(system)
            return cls.make(
                name=name,
                system=system,
                values={f.name: v for f, v in zip(found.values, values, strict=True)},
                entries={
                    g.name: [
                        {"name": row[0], **{f.name: v for f, v in zip(g.values, row[1:], strict=True)}}
                        for row in listed
                    ]
                    for g, listed in zip(found.groups, rows, strict=True)
                },
            )
        except RulesError:
            raise
        except (ValueError, TypeError, binascii.Error, IndexError, KeyError):
            raise broken from None

    # -- filling a check ----------------------------------------------------------------------

    def fill(self, kind: str | type, pick: Mapping[str, str | Sequence[str] | None] | None = None) -> Filled:
        """The fields of check kind ``kind`` (a class or its name, "trait.contest") from this
        sheet, with the entries picked by group (``{"traits": "Sneak"}``: the first entry when a
        pick is not given, none for an optional pick given as "" or None, a list for a pick of
        several). ``Filled.check(...)`` makes the check with the reader's other values."""
        cls = _registry.find(kind) if isinstance(kind, str) else kind
        found = self.sheet
        how = found.fill(cls) if getattr(cls, "system", None) == self.system else None
        if how is None:
            raise _refused(
                f"{getattr(cls, '__name__', kind)} cannot be filled from {self.system}'s sheet",
                f"this check cannot take its values from {self.name}'s sheet.",
                "check",
            )
        given = dict(pick or {})
        unknown = [k for k in given if k not in {p.group for p in how.picks}]
        if unknown:
            raise _refused(
                f"pick has {unknown[0]!r}: this check picks {', '.join(p.group for p in how.picks)}",
                f"{describe(unknown[0])} is not something this check picks.",
                unknown[0],
            )
        chosen = tuple((p.group, self._picked(p, given.get(p.group, dataclasses.MISSING))) for p in how.picks)
        picked = Picked(chosen)
        try:
            sources = how.how(self, picked)
        except RulesError as error:  # the rules refuse what these entries make
            labels = {f.name: f.label for g in found.groups for f in g.values}
            labels.update({f.name: f.label for f in (*found.values, *fields(cls))})
            said = _PLACE.sub(lambda m: labels.get(m[1], m[1].replace("_", " ")), error.said or str(error))
            names = ", ".join(n for listed in picked.names().values() for n in listed)
            raise _refused(
                f"{self.name}'s {names} cannot fill {cls.__name__}: {error}", f"{names}: {said}", "check"
            ) from None
        return Filled(character=self, kind=cls, picked=picked, sources=sources)

    def _picked(self, pick: Pick, given: Any) -> tuple[Entry, ...]:
        group = self.sheet.group(pick.group)
        entries = self.group(pick.group)
        if pick.several:
            if given is dataclasses.MISSING or given is None:
                return ()
            if isinstance(given, str) or not isinstance(given, Sequence):
                raise _refused(
                    f"pick[{pick.group!r}] must be a list of names",
                    f"{pick.label}: not a list of names.",
                    pick.group,
                )
            return tuple(dict.fromkeys(self._one(pick, name) for name in given))
        if given is dataclasses.MISSING:
            liked = [e for e in entries if e.name.casefold() in {p.casefold() for p in pick.prefer}]
            if entries:
                return tuple(liked or entries)[:1]
            if pick.optional:
                return ()
            raise _refused(
                f"{self.name} has no {pick.group} to pick",
                f"{self.name} has no {group.label} yet; add one to the sheet on the Characters page.",
                pick.group,
            )
        if given is None or given == "":
            if pick.optional:
                return ()
            raise _refused(f"pick[{pick.group!r}] is empty", f"{pick.label}: choose one.", pick.group)
        return (self._one(pick, given),)

    def _one(self, pick: Pick, name: Any) -> Entry:
        if not isinstance(name, str):
            raise _refused(
                f"pick[{pick.group!r}]={describe(name)} is not a name",
                f"{pick.label}: choose one by name.",
                pick.group,
            )
        return self.entry(pick.group, name)


@dataclass(frozen=True)
class Filled:
    """A check kind's fields from a character's sheet: each a ``Source`` with its value and how
    it came from the sheet; ``check(...)`` makes the check with the reader's other values."""

    character: Character
    kind: type
    picked: Picked
    sources: tuple[Source, ...]

    @property
    def values(self) -> dict[str, Any]:
        """The filled fields by name."""
        return {s.field: s.value for s in self.sources}

    def check(self, **others: Any) -> CheckBase:
        """The check with these fields and ``others`` (the reader's own values, which win)."""
        made = self.kind(**{**self.values, **others})
        assert isinstance(made, CheckBase)
        return made

    def pick(self) -> dict[str, str | tuple[str, ...]]:
        """The picks as ``Character.fill`` takes them: a name (or "" for none), or names."""
        found = self.character.sheet.fill(self.kind)
        assert found is not None
        names = self.picked.names()
        return {p.group: names[p.group] if p.several else "".join(names[p.group][:1]) for p in found.picks}

    def saved(self, edits: Mapping[str, Any]) -> Character:
        """The character with the fields ``edits`` (the reader's values, by field; text read as
        the field's kind) written back where the sheet keeps them. A field the sheet only
        derives (MOD from a score) is refused with the reason."""
        known = {s.field: s for s in self.sources}
        declared = {f.name: f for f in fields(self.kind)}
        character = self.character
        for name, raw in edits.items():
            source = known.get(name)
            if source is None or source.saves is None:
                label = declared[name].label if name in declared else str(name)
                why = source.why if source is not None else "the sheet does not fill it"
                raise _refused(
                    f"{name} cannot be saved to the sheet: {why}", f"{label} cannot be saved: {why}.", name
                )
            given = convert(declared[name], raw) if isinstance(raw, str) else declared[name].check(raw)
            character = _written(character, source.saves, given)
        return character


def _written(character: Character, place: Place, given: Any) -> Character:
    """``character`` with ``given`` at ``place`` (checked again as the sheet declares it)."""
    if not place.group:
        values = tuple((k, given if k == place.value else v) for k, v in character.values)
        return dataclasses.replace(character, values=values)
    entries = tuple(
        (
            group,
            tuple(
                Entry(e.name, tuple((k, given if k == place.value else v) for k, v in e.values))
                if group == place.group and e.name == place.entry
                else e
                for e in listed
            ),
        )
        for group, listed in character.entries
    )
    return dataclasses.replace(character, entries=entries)


def read_characters(data: Any) -> tuple[Character, ...]:
    """The characters of an exported file (``{"rollkit": "characters", "characters": [...]}``)
    or of one character's JSON; a mistake names the character (``item``, from 0)."""
    if isinstance(data, Mapping) and data.get("rollkit") == "characters":
        listed = data.get("characters")
        if not isinstance(listed, list):
            raise _refused("characters must be a list", "this file's characters are damaged.", "character")
        out = []
        for i, one in enumerate(listed):
            try:
                out.append(Character.from_json(one))
            except RulesError as error:
                name = one.get("name") if isinstance(one, Mapping) else None
                who = f"character {i + 1}" + (f" ({name})" if isinstance(name, str) and name else "")
                raise RulesError(
                    f"{who}: {error}",
                    field=error.field,
                    item=error.item,
                    part=error.part,
                    said=f"{who}: {error.said}",
                ) from None
        return tuple(out)
    return (Character.from_json(data),)


def file_json(characters: Iterable[Character]) -> dict[str, Any]:
    """An exported file's data: every character's JSON, versioned."""
    return {"rollkit": "characters", "version": VERSION, "characters": [c.to_json() for c in characters]}
