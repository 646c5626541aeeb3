"""Characters on the site, as trees: the sheet editor of the Characters page (every system's
sheet, each control from its declaration) and what a widget shows once it uses a character
(the entries picked, and whose values these are). The place in a widget where one is offered
is ``rollkit.web._slot``'s (the widget's form holds it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .. import _registry
from .._fields import Field, Param, fields
from .._sheet import VERSION, Character, Filled, Group, Sheet, sheet
from ._form import _control, _tail
from ._tree import JSON, Child, Element, node, to_json
from ._views import field_text

__all__ = ["FillView", "characters_json", "fill_view", "sheet_editor", "sheets"]


def sheets() -> dict[str, Sheet]:
    """Every system's sheet by the system's name, for the systems that declare one."""
    found = {name: sheet(name) for name in _registry.names()}
    return {name: s for name, s in found.items() if s is not None}


# --- what a widget shows when it uses a character ---------------------------------------------


@dataclass(frozen=True)
class FillView:
    """A check kind's fields from a character: ``params`` as the form writes them, where each
    came from (``sources``: field, label, words, whether an edit can be saved and why not), the
    entries picked by group, and the tree the widget shows (the picks and whose values these
    are, the name in an element with ``data-rollkit-character``)."""

    character: str
    check: str
    params: Mapping[str, str]
    sources: tuple[tuple[str, str, str, bool, str], ...]
    pick: Mapping[str, tuple[str, ...]]
    tree: Element

    def to_json(self) -> dict[str, JSON]:
        return {
            "character": self.character,
            "check": self.check,
            "params": dict(self.params),
            "from": [
                {"field": f, "label": label, "said": said, "saves": saves, "why": why}
                for f, label, said, saves, why in self.sources
            ],
            "pick": {group: list(names) for group, names in self.pick.items()},
            "tree": to_json(self.tree),
        }


def _picks(filled: Filled, widget_id: str) -> list[Element]:
    """A control for each entry the reader picks: a choice of one, or boxes for several."""
    character = filled.character
    found = character.sheet.fill(filled.kind)
    assert found is not None
    chosen = filled.picked.names()
    out = []
    for pick in found.picks:
        group = character.sheet.group(pick.group)
        names = [e.name for e in character.group(pick.group)]
        control_id = f"{widget_id}-pick-{pick.group}"
        if pick.several:
            boxes: list[Child] = [
                node(
                    "label",
                    {"class": "rk-check"},
                    node(
                        "input",
                        {
                            "type": "checkbox",
                            "name": pick.group,
                            "value": n,
                            "checked": n in chosen[pick.group],
                        },
                    ),
                    f" {n}",
                )
                for n in names
            ]
            out.append(
                node(
                    "fieldset",
                    {"class": "rk-field rk-sheet-several", "data-pick": pick.group},
                    node("legend", {}, pick.label),
                    *(boxes or [f"{character.name} has no {group.label} yet."]),
                )
            )
            continue
        options = (
            [node("option", {"value": "", "selected": not chosen[pick.group]}, "none")]
            if pick.optional
            else []
        )
        options += [node("option", {"value": n, "selected": n in chosen[pick.group]}, n) for n in names]
        out.append(
            node(
                "div",
                {"class": "rk-field"},
                node("label", {"for": control_id}, pick.label),
                node("select", {"id": control_id, "name": pick.group, "data-pick": pick.group}, *options),
            )
        )
    return out


def fill_view(filled: Filled, *, widget_id: str) -> FillView:
    """What the widget ``widget_id`` shows for ``filled``: the picks, then a sentence naming the
    character and saying how each value came from the sheet."""
    declared = {f.name: f for f in fields(filled.kind)}
    name = filled.character.name
    said = "; ".join(s.said for s in filled.sources)
    tree = node(
        "div",
        {"class": "rk-sheet-fill"},
        node(
            "p",
            {"class": "rk-sheet-from"},
            "Values from ",
            node("strong", {"data-rollkit-character": name}, name),
            f"\u2019s sheet: {said}.",
        ),
        node("div", {"class": "rk-sheet-picks"}, *_picks(filled, widget_id)),
    )
    return FillView(
        character=name,
        check=_registry.kind_name(filled.kind),
        params={s.field: field_text(s.value) for s in filled.sources},
        sources=tuple(
            (s.field, declared[s.field].label, s.said, s.saves is not None, s.why) for s in filled.sources
        ),
        pick=filled.picked.names(),
        tree=tree,
    )


# --- the Characters page's editor ---------------------------------------------------------


def _cell(field: Field, part: int, value: object = None) -> Element:
    """One value of a sheet entry: a labelled control read by its ``data-key``."""
    declared = field.param
    attrs: dict[str, str | int | bool | None] = {
        "data-key": field.name,
        "data-part": part,
        "data-label": field.label,
    }
    if field.kind == "yes/no":
        return node(
            "label",
            {"class": "rk-part rk-check"},
            node(
                "input",
                {"type": "checkbox", **attrs, "checked": bool(value if value is not None else field.default)},
            ),
            f" {field.label}",
        )
    if field.kind == "choice":
        choices = declared.options or tuple((c, str(c)) for c in field.choices)
        return node(
            "label",
            {"class": "rk-part"},
            field.label,
            node(
                "select",
                attrs,
                *[node("option", {"value": str(c), "selected": c == value}, words) for c, words in choices],
            ),
        )
    if field.kind == "number":
        attrs.update(
            type="number",
            min=declared.low,
            max=declared.high,
            step="1",
            inputmode="numeric",
            autocomplete="off",
        )
    else:
        attrs.update(type="text", autocomplete="off", maxlength=60)
    shown = field.default if value is None else value
    attrs["value"] = "" if shown is None else field_text(shown)
    return node("label", {"class": "rk-part"}, field.label, node("input", attrs))


def _row(group: Group, number: int | str) -> Element:
    """One entry of a group: its name and its values, and Remove (renumbered by the script)."""
    entry = f"{_first_up(group.item)} {number}"
    name = Field("name", str, True, None, _named(group))
    return node(
        "li",
        {"class": "rk-row"},
        node("span", {"class": "rk-entry"}, entry),
        _cell(name, 0),
        *[_cell(f, j) for j, f in enumerate(group.values, start=1)],
        node(
            "button",
            {"type": "button", "class": "rk-remove"},
            "Remove",
            node("span", {"class": "rk-sr"}, f" {entry}"),
        ),
    )


def _named(group: Group) -> Param:
    return Param(_first_up(group.item), hint=f"the {group.item}'s name, as on your sheet")


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def _group(editor_id: str, group: Group) -> Element:
    control_id = f"{editor_id}-{group.name}"
    hints = [f"{_first_up(group.item)}: its name"] + [
        f"{f.label}: {'; '.join(t for t in (f.param.hint, f.param.allowed() if f.kind == 'number' else '') if t)}"
        for f in group.values
    ]
    item = group.item
    return node(
        "fieldset",
        {
            "class": "rk-field rk-list rk-sheet-group",
            "id": control_id,
            "data-group": group.name,
            "data-item": _first_up(item),
            "data-least": 0,
            "data-most": 100,
            "aria-describedby": f"{control_id}-hint {control_id}-error",
        },
        node("legend", {}, group.label),
        node("ol", {"class": "rk-rows"}),
        node("template", {"class": "rk-row-template"}, _row(group, "N")),
        node(
            "button",
            {"type": "button", "class": "md-button rk-add"},
            f"Add a{'n' if item[0] in 'aeiouAEIOU' else ''} {item}",
        ),
        *_tail(control_id, f"{_first_up(group.hint)}. " + ". ".join(hints) + "."),
    )


def _editor(system: str, found: Sheet) -> Element:
    editor_id = f"rk-sheet-{system}"
    title = _registry.words(system).title
    name = Field("name", str, True, None, _character_name(found))
    controls: list[Child] = [_named_control(editor_id, name)]
    controls += [_control(editor_id, f, f.default, True) for f in found.values]
    controls += [_group(editor_id, g) for g in found.groups]
    return node(
        "form",
        {
            "class": "rk-sheet-editor",
            "id": editor_id,
            "data-system": system,
            "data-version": VERSION,
            "hidden": True,
            "novalidate": True,
            "aria-labelledby": f"{editor_id}-title",
        },
        node(
            "fieldset",
            {"class": "rk-controls", "disabled": True},
            node("legend", {"id": f"{editor_id}-title", "class": "rk-title"}, f"A {found.title} for {title}"),
            node("div", {"class": "rk-fields"}, *controls),
            node("p", {"class": "rk-error", "role": "alert", "hidden": True}),
            node(
                "div",
                {"class": "rk-actions"},
                node(
                    "button",
                    {"type": "submit", "class": "md-button md-button--primary rk-sheet-done"},
                    "Save character",
                ),
                node("button", {"type": "button", "class": "md-button rk-sheet-cancel"}, "Cancel"),
            ),
        ),
    )


def _character_name(found: Sheet) -> Param:
    return Param("Name", hint=f"what you call this {found.title}")


def _named_control(editor_id: str, field: Field) -> Element:
    control_id = f"{editor_id}-name"
    return node(
        "div",
        {"class": "rk-field"},
        node("label", {"for": control_id}, field.label),
        node(
            "input",
            {
                "type": "text",
                "id": control_id,
                "name": "name",
                "maxlength": 60,
                "autocomplete": "off",
                "required": True,
                "aria-describedby": f"{control_id}-hint {control_id}-error",
            },
        ),
        *_tail(control_id, field.param.hint),
    )


def sheet_editor() -> Element:
    """The Characters page's editor: the characters kept (listed by the page script), a new
    character of any system, and each system's sheet as a form (hidden until used) whose
    controls come from the sheet's declarations: labels, hints and ranges."""
    found = sheets()
    return node(
        "section",
        {"class": "rollkit-widget rk-sheets", "data-rollkit-sheets": True, "data-search-exclude": True},
        node(
            "div",
            {"class": "rk-sheet-offer", "hidden": True, "role": "region", "aria-label": "A shared character"},
        ),
        node("p", {"class": "rk-status rk-sheets-status", "role": "status"}),
        node("ul", {"class": "rk-sheet-list"}),
        node(
            "form",
            {"class": "rk-sheet-new", "aria-labelledby": "rk-sheet-new-title"},
            node(
                "fieldset",
                {"class": "rk-controls", "disabled": True},
                node("legend", {"id": "rk-sheet-new-title", "class": "rk-title"}, "A new character"),
                node(
                    "div",
                    {"class": "rk-field"},
                    node("label", {"for": "rk-sheet-new-system"}, "Rules"),
                    node(
                        "select",
                        {"id": "rk-sheet-new-system", "name": "system"},
                        *[node("option", {"value": s}, _registry.words(s).title) for s in found],
                    ),
                ),
                node(
                    "button",
                    {"type": "submit", "class": "md-button md-button--primary rk-sheet-create"},
                    "Create",
                ),
            ),
        ),
        *[_editor(system, s) for system, s in found.items()],
        node(
            "div",
            {"class": "rk-actions rk-sheet-files"},
            node(
                "button",
                {"type": "button", "class": "md-button rk-sheet-export", "disabled": True},
                "Export all",
            ),
            node(
                "label",
                {"class": "md-button rk-sheet-import"},
                "Import a file",
                node(
                    "input",
                    {"type": "file", "accept": ".json,application/json", "class": "rk-sr", "disabled": True},
                ),
            ),
        ),
        node(
            "p",
            {"class": "rk-nojs"},
            "Characters are kept by your browser and need JavaScript, which is off or still loading.",
        ),
    )


def characters_json(characters: tuple[Character, ...]) -> list[JSON]:
    """Each character as the page keeps it: its JSON, its link form and its system's title."""
    return [
        {"character": c.to_json(), "link": c.to_link(), "system": _registry.words(c.system).title}
        for c in characters
    ]
