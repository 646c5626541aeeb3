// Characters: the reader's characters, kept in this browser (localStorage), made and edited on
// the Characters page, shared as a link or a file, and used by the widgets of their rules. Python
// checks every character and fills a widget's fields from one (the worker's "sheet" request);
// this module reads forms, stores what Python answers and builds the trees it sends.

import { ask } from "./client.mjs";
import { until } from "./leave.mjs";
import { announce, build } from "./page.mjs";

const KEY = "rollkit.characters";
const PAGE = "characters/"; // the Characters page, below the site's root
let site = null; // the site's root, from the page module

// -- the characters kept -------------------------------------------------------------------------

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "null");
    if (data && Array.isArray(data.characters)) return { characters: data.characters, active: data.active || {} };
  } catch (error) { /* unreadable: start afresh, the old text stays until a save */ }
  return { characters: [], active: {} };
}

function store(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, characters: data.characters, active: data.active }));
    return true;
  } catch (error) {
    return false;
  }
}

const same = (a, b) => a.system === b.system && a.name.toLowerCase() === b.name.toLowerCase();
const find = (data, system, name) => data.characters.find((c) => same(c, { system, name })) || null;
const activeOf = (data, system) => find(data, system, data.active[system] || "");

// A name not yet taken for that system: "Wren (2)", "Wren (3)" ...
function freeName(data, character) {
  for (let n = 2; ; n += 1) {
    const name = `${character.name} (${n})`;
    if (!find(data, character.system, name)) return name;
  }
}

function put(data, character, replacing = null) {
  const at = replacing ? data.characters.findIndex((c) => same(c, replacing)) : -1;
  if (at >= 0) data.characters[at] = character;
  else data.characters.push(character);
  const wasActive = replacing && data.active[replacing.system] === replacing.name;
  if (wasActive || !activeOf(data, character.system)) data.active[character.system] = character.name;
}

// -- a widget using a character -------------------------------------------------------------------

class Use {
  constructor(root, slot) {
    this.root = root;
    this.slot = slot;
    this.system = root.dataset.rollkitWidget;
    this.useButton = slot.querySelector(".rk-sheet-use");
    this.saveButton = slot.querySelector(".rk-sheet-save");
    this.stopButton = slot.querySelector(".rk-sheet-stop");
    this.fillNode = slot.querySelector(".rk-sheet-fill");
    this.changedNode = slot.querySelector(".rk-sheet-changed");
    this.character = null; // the character offered (the system's active one)
    this.filled = null; // Python's fill: params, where each came from, the picks
    const on = { signal: until(root, () => { delete root.sheet; }) }; // released when the page is left (leave.mjs)
    this.useButton.addEventListener("click", () => this.fill(), on);
    this.saveButton.addEventListener("click", () => this.save(), on);
    this.stopButton.addEventListener("click", () => this.stop(), on);
    this.fillNode.addEventListener("change", () => this.fill(this.picks()), on);
    root.querySelector(".rk-fields").addEventListener("input", () => this.compare(), on);
    root.querySelector(".rk-fields").addEventListener("change", () => this.compare(), on);
  }

  refresh(data) {
    const character = activeOf(data, this.system);
    const link = this.slot.querySelector(".rk-sheet-link");
    if (site) link.href = new URL(PAGE, site).href;
    if (this.filled && (!character || character.name !== this.filled.character)) this.stop();
    this.character = character;
    this.slot.hidden = !character;
    if (character) this.useButton.textContent = `Use ${character.name}`;
  }

  picks() {
    const out = {};
    for (const control of this.fillNode.querySelectorAll("select[data-pick]")) out[control.dataset.pick] = control.value;
    for (const group of this.fillNode.querySelectorAll("fieldset[data-pick]")) {
      out[group.dataset.pick] = [...group.querySelectorAll("input:checked")].map((box) => box.value);
    }
    return out;
  }

  async fill(pick, save) {
    const widget = this.root.rollkit;
    if (!this.character || !widget) return;
    const answer = await widget.run({ op: "sheet", character: this.character, check: widget.check, pick, save, widget: this.root.id });
    if (!answer.ok) {
      widget.failed(answer);
      return false;
    }
    widget.clearErrors();
    const { fill, characters } = answer.result;
    const focused = document.activeElement;
    const picked = focused?.closest?.("[data-pick]"); // the pick being changed keeps the focus
    const again = picked && `[data-pick="${CSS.escape(picked.dataset.pick)}"]`
      + (focused.type === "checkbox" ? ` input[value="${CSS.escape(focused.value)}"]` : "");
    this.filled = fill;
    for (const [name, text] of Object.entries(fill.params)) this.set(name, text);
    this.fillNode.replaceWith(build(fill.tree));
    this.fillNode = this.slot.querySelector(".rk-sheet-fill");
    this.fillNode.addEventListener("change", () => this.fill(this.picks()), { signal: until(this.root) });
    widget.character = fill.character;
    this.useButton.hidden = true;
    this.stopButton.hidden = false;
    this.stopButton.textContent = `Stop using ${fill.character}`;
    this.compare();
    widget.edited();
    if (focused === this.useButton || picked) {
      (again && this.fillNode.querySelector(again) || this.fillNode.querySelector("select, input") || this.stopButton).focus();
    }
    announce(this.fillNode.querySelector(".rk-sheet-from").textContent);
    return characters[0].character;
  }

  set(name, text) {
    const control = this.root.querySelector(`.rk-fields [name="${CSS.escape(name)}"]`);
    if (!control) return;
    if (control.type === "checkbox") control.checked = text === "true";
    else if (control.closest(".rk-list")) this.root.rollkit.fillList(control.closest(".rk-list"), text);
    else control.value = text;
  }

  // Fields edited here since the fill are this roll's only: marked, and offered to the sheet
  // where the sheet keeps that very value.
  compare() {
    if (!this.filled) return;
    const now = this.root.rollkit.params();
    const changed = this.filled.from.filter((f) => now[f.field] !== this.filled.params[f.field]);
    for (const control of this.root.querySelectorAll(".rk-fields [data-sheet-changed]")) delete control.dataset.sheetChanged;
    for (const f of changed) {
      const control = this.root.querySelector(`.rk-fields [name="${CSS.escape(f.field)}"]`);
      const holder = control?.closest(".rk-field");
      if (holder) holder.dataset.sheetChanged = "";
    }
    const saving = changed.filter((f) => f.saves);
    const kept = changed.filter((f) => !f.saves);
    this.saveButton.hidden = !saving.length;
    this.saveButton.textContent = `Save ${saving.map((f) => f.label).join(", ")} to ${this.filled.character}’s sheet`;
    this.changedNode.hidden = !changed.length;
    this.changedNode.textContent = changed.length
      ? `Changed here only, not on ${this.filled.character}’s sheet: ${changed.map((f) => f.label).join(", ")}.`
        + kept.map((f) => ` ${f.label} is not saved: ${f.why}.`).join("")
      : "";
  }

  async save() {
    const now = this.root.rollkit.params();
    const edits = Object.fromEntries(this.filled.from.filter((f) => f.saves && now[f.field] !== this.filled.params[f.field])
      .map((f) => [f.field, now[f.field]]));
    const before = this.character;
    const saved = await this.fill(this.filled.pick && this.picks(), edits);
    if (!saved) return;
    const data = load();
    put(data, saved, before);
    store(data);
    this.character = saved;
    announce(`Saved to ${saved.name}’s sheet.`);
    this.stopButton.focus();
  }

  stop() {
    const widget = this.root.rollkit;
    if (this.filled && widget) {
      for (const name of Object.keys(this.filled.params)) this.set(name, widget.initial.params[name] ?? "");
      widget.character = null;
      this.filled = null;
      widget.edited();
    }
    this.fillNode.replaceChildren();
    this.changedNode.hidden = true;
    for (const control of this.root.querySelectorAll(".rk-fields [data-sheet-changed]")) delete control.dataset.sheetChanged;
    this.saveButton.hidden = true;
    this.stopButton.hidden = true;
    this.useButton.hidden = false;
    if (this.character) this.useButton.textContent = `Use ${this.character.name}`;
  }
}

// Every widget of the page that fills from a sheet offers its system's active character.
export function useCharacters(roots, root) {
  site = root;
  const data = load();
  for (const widget of roots) {
    const slot = widget.querySelector(".rk-sheet");
    if (!slot) continue;
    if (!widget.sheet) widget.sheet = new Use(widget, slot);
    widget.sheet.refresh(data);
  }
}

// -- the Characters page --------------------------------------------------------------------------

class Editor {
  constructor(section) {
    this.section = section;
    this.list = section.querySelector(".rk-sheet-list");
    this.statusNode = section.querySelector(".rk-sheets-status");
    this.offer = section.querySelector(".rk-sheet-offer");
    this.editing = null; // the character being edited (null: a new one)
    this.titles = Object.fromEntries([...section.querySelectorAll(".rk-sheet-new option")].map((o) => [o.value, o.textContent]));
    for (const control of section.querySelectorAll(".rk-controls, .rk-sheet-export, .rk-sheet-import input")) control.disabled = false;
    section.classList.add("rk-live-widget");
    section.querySelector(".rk-sheet-new").addEventListener("submit", (event) => {
      event.preventDefault();
      this.edit(null, section.querySelector(".rk-sheet-new select").value);
    });
    for (const form of section.querySelectorAll(".rk-sheet-editor")) {
      form.addEventListener("submit", (event) => { event.preventDefault(); this.save(form); });
      form.querySelector(".rk-sheet-cancel").addEventListener("click", () => this.close(form));
      form.addEventListener("click", (event) => {
        const button = event.target.closest(".rk-add, .rk-remove");
        if (button) this.row(button);
      });
    }
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-do]");
      if (button) this.act(button.dataset.do, button.closest("li"));
    });
    section.querySelector(".rk-sheet-export").addEventListener("click", () => this.exportAll());
    section.querySelector(".rk-sheet-import input").addEventListener("change", (event) => this.importFile(event.target));
    this.offer.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-do]");
      if (button) this.answerOffer(button.dataset.do);
    });
    this.render();
    this.shared();
    // A shared link opened on this page already changes only the address's #part.
    window.addEventListener("hashchange", () => { if (section.isConnected) this.shared(); }, { signal: until(section) });
  }

  status(text) {
    this.statusNode.textContent = text;
  }

  // The list: each character with its rules, whether its widgets use it, and what to do with it.
  render() {
    const data = load();
    const order = Object.keys(this.titles);
    const sorted = [...data.characters].sort((a, b) => order.indexOf(a.system) - order.indexOf(b.system) || a.name.localeCompare(b.name));
    this.list.replaceChildren(...sorted.map((c) => {
      const used = data.active[c.system] === c.name;
      const button = (action, text) => ["button", { type: "button", class: "md-button", "data-do": action }, text,
        ["span", { class: "rk-sr" }, ` ${c.name}`]];
      return build(["li", { "data-system": c.system, "data-name": c.name },
        ["strong", {}, c.name], ` (${this.titles[c.system] || c.system})`,
        used ? ["span", {}, ` — used by the ${this.titles[c.system]} widgets`] : "",
        ["span", { class: "rk-actions" },
          used ? "" : button("use", "Use in widgets"), button("edit", "Edit"), button("share", "Share link"),
          button("delete", "Delete")]]);
    }));
    if (!sorted.length) this.list.replaceChildren(build(["li", {}, "No characters yet: create one below."]));
  }

  act(action, item) {
    const data = load();
    const character = find(data, item.dataset.system, item.dataset.name);
    if (!character) return;
    if (action === "use") {
      data.active[character.system] = character.name;
      store(data);
      this.render();
      this.status(`${character.name} is now used by the ${this.titles[character.system]} widgets.`);
    } else if (action === "edit") this.edit(character, character.system);
    else if (action === "share") this.share(character);
    else if (action === "delete") {
      item.replaceChildren(build(["span", {}, `Delete ${character.name} for good? `]),
        build(["button", { type: "button", class: "md-button", "data-do": "really" }, `Delete ${character.name}`]),
        build(["button", { type: "button", class: "md-button", "data-do": "keep" }, "Keep"]));
      item.querySelector("[data-do=keep]").focus();
    } else if (action === "keep") {
      this.render();
    } else if (action === "really") {
      data.characters = data.characters.filter((c) => !same(c, character));
      if (data.active[character.system] === character.name) {
        const next = data.characters.find((c) => c.system === character.system);
        if (next) data.active[character.system] = next.name;
        else delete data.active[character.system];
      }
      store(data);
      this.render();
      this.status(`Deleted ${character.name}.`);
      this.list.querySelector("button")?.focus();
    }
  }

  // -- the editor: a form per system, from Python's trees; rows added from its template
  editor(system) {
    return this.section.querySelector(`.rk-sheet-editor[data-system="${CSS.escape(system)}"]`);
  }

  edit(character, system) {
    for (const form of this.section.querySelectorAll(".rk-sheet-editor")) form.hidden = true;
    const form = this.editor(system);
    this.editing = character;
    this.clearErrors(form);
    form.querySelector("[name=name]").value = character ? character.name : "";
    for (const control of form.querySelectorAll(".rk-fields > .rk-field [name]:not([name=name])")) {
      const value = character ? character.values[control.name] : undefined;
      if (control.type === "checkbox") control.checked = value === true;
      else if (value !== undefined) control.value = String(value);
    }
    for (const group of form.querySelectorAll(".rk-sheet-group")) {
      const rows = group.querySelector(".rk-rows");
      const entries = character ? character.entries[group.dataset.group] || [] : [{}];
      rows.replaceChildren(...entries.map((entry) => this.newRow(group, entry)));
      this.renumber(group);
    }
    form.hidden = false;
    form.querySelector("[name=name]").focus();
  }

  newRow(group, entry) {
    const row = group.querySelector(".rk-row-template").content.firstElementChild.cloneNode(true);
    for (const control of row.querySelectorAll("[data-key]")) {
      const value = entry[control.dataset.key];
      if (value === undefined) continue;
      if (control.type === "checkbox") control.checked = value === true;
      else control.value = String(value);
    }
    return row;
  }

  row(button) {
    const group = button.closest(".rk-sheet-group");
    let focus;
    if (button.classList.contains("rk-add")) {
      const row = this.newRow(group, {});
      group.querySelector(".rk-rows").append(row);
      focus = row.querySelector("[data-key]");
    } else {
      const row = button.closest(".rk-row");
      focus = row.nextElementSibling?.querySelector(".rk-remove") || row.previousElementSibling?.querySelector(".rk-remove");
      row.remove();
    }
    this.renumber(group);
    (focus || group.querySelector(".rk-add")).focus();
    const count = group.querySelectorAll(".rk-rows > .rk-row").length;
    announce(`${group.querySelector("legend").textContent}: ${count} ${group.dataset.item.toLowerCase()}${count === 1 ? "" : "s"}.`);
  }

  renumber(group) {
    group.querySelectorAll(".rk-rows > .rk-row").forEach((row, index) => {
      const name = `${group.dataset.item} ${index + 1}`;
      row.querySelector(".rk-entry").textContent = name;
      row.querySelector(".rk-remove .rk-sr").textContent = ` ${name}`;
      for (const control of row.querySelectorAll("[data-key]")) control.setAttribute("aria-label", `${name}, ${control.dataset.label}`);
    });
  }

  // The form as the character's JSON, every value as written (Python reads it as declared).
  read(form) {
    const values = {};
    for (const control of form.querySelectorAll(".rk-fields > .rk-field [name]:not([name=name])")) {
      values[control.name] = control.type === "checkbox" ? control.checked : control.value;
    }
    const entries = {};
    for (const group of form.querySelectorAll(".rk-sheet-group")) {
      entries[group.dataset.group] = [...group.querySelectorAll(".rk-rows > .rk-row")].map((row) => Object.fromEntries(
        [...row.querySelectorAll("[data-key]")].map((c) => [c.dataset.key, c.type === "checkbox" ? c.checked : c.value])));
    }
    return { rollkit: "character", version: Number(form.dataset.version), name: form.querySelector("[name=name]").value,
      system: form.dataset.system, values, entries };
  }

  async save(form) {
    this.clearErrors(form);
    this.status("Checking the sheet…");
    const answer = await ask({ op: "sheet", character: this.read(form) });
    if (!answer.ok) {
      this.status("");
      this.showError(form, answer);
      return;
    }
    const character = answer.result.characters[0].character;
    const data = load();
    const taken = find(data, character.system, character.name);
    if (taken && !(this.editing && same(taken, this.editing))) {
      this.showError(form, { field: "name", error: `Name: you already have a ${this.titles[character.system]} character called ${taken.name}; give this one another name.` });
      this.status("");
      return;
    }
    put(data, character, this.editing);
    if (!store(data)) {
      this.showError(form, { error: "This browser would not keep the character (its storage is full or turned off)." });
      return;
    }
    this.close(form);
    this.render();
    this.status(`Saved ${character.name}.`);
  }

  close(form) {
    form.hidden = true;
    this.editing = null;
    this.section.querySelector(".rk-sheet-new select").focus();
  }

  clearErrors(form) {
    const error = form.querySelector(".rk-error");
    error.hidden = true;
    error.textContent = "";
    error.classList.remove("rk-sr");
    for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    for (const node of form.querySelectorAll(".rk-field-error")) { node.hidden = true; node.textContent = ""; }
  }

  // Python's answer names the value (or the list, its entry and the entry's part) as data.
  showError(form, answer) {
    let control = null;
    let place = null;
    if (answer.field) {
      const group = form.querySelector(`.rk-sheet-group[data-group="${CSS.escape(answer.field)}"]`);
      if (group) {
        const row = group.querySelectorAll(".rk-rows > .rk-row")[answer.item ?? 0];
        control = row?.querySelector(`[data-part="${answer.part ?? 0}"]`) || row?.querySelector("[data-key]") || null;
        place = group.querySelector(".rk-field-error");
      } else {
        control = form.querySelector(`.rk-fields [name="${CSS.escape(answer.field)}"]`);
        place = control && form.querySelector(`#${CSS.escape(control.id)}-error`);
      }
    }
    if (control) control.setAttribute("aria-invalid", "true");
    if (place) { place.textContent = answer.error; place.hidden = false; }
    const error = form.querySelector(".rk-error");
    error.textContent = answer.error;
    error.hidden = false;
    error.classList.toggle("rk-sr", Boolean(place)); // said by its value; still announced
    (control || error).focus?.();
  }

  // -- sharing and keeping
  async share(character) {
    const answer = await ask({ op: "sheet", character });
    if (!answer.ok) { this.status(answer.error); return; }
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = `character=${answer.result.characters[0].link}`;
    try {
      await navigator.clipboard.writeText(url.href);
      this.status(`Link to ${character.name} copied.`);
    } catch (error) {
      this.status(`Copy this link to share ${character.name}: ${url.href}`);
    }
    this.section.dataset.shared = url.href;
  }

  exportAll() {
    const data = load();
    const text = JSON.stringify({ rollkit: "characters", version: 1, characters: data.characters }, null, 2);
    const link = build(["a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "rollkit-characters.json" }]);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    this.status(`Exported ${data.characters.length} character${data.characters.length === 1 ? "" : "s"} as rollkit-characters.json.`);
  }

  async importFile(input) {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    let parsed;
    try {
      parsed = JSON.parse(await file.text());
    } catch (error) {
      this.status(`${file.name} is not a characters file (it is not JSON).`);
      return;
    }
    const answer = await ask({ op: "sheet", file: parsed });
    if (!answer.ok) { this.status(`${file.name}: ${answer.error}`); return; }
    const data = load();
    const said = [];
    for (const { character } of answer.result.characters) {
      const here = find(data, character.system, character.name);
      if (here && JSON.stringify(here) === JSON.stringify(character)) { said.push(`${character.name} was already here.`); continue; }
      if (here) {
        const name = freeName(data, character);
        said.push(`${character.name} is here with other values: imported as “${name}”.`);
        character.name = name;
      }
      put(data, character);
    }
    store(data);
    this.render();
    const count = answer.result.characters.length;
    this.status(`Read ${count} character${count === 1 ? "" : "s"} from ${file.name}. ${said.join(" ")}`.trim());
  }

  // A shared link (#character=...) offers its character; nothing is replaced without asking.
  async shared() {
    const hash = window.location.hash;
    if (!hash.startsWith("#character=")) return;
    this.offer.hidden = false;
    this.offer.replaceChildren(build(["p", {}, "Reading the shared character…"]));
    const answer = await ask({ op: "sheet", link: decodeURIComponent(hash.slice("#character=".length)) });
    if (!answer.ok) {
      this.offered = null;
      this.offer.replaceChildren(build(["p", {}, answer.error]), build(["button", { type: "button", class: "md-button", "data-do": "dismiss" }, "Dismiss"]));
      return;
    }
    const { character, system } = answer.result.characters[0];
    this.offered = character;
    const here = find(load(), character.system, character.name);
    const button = (action, text, primary) => ["button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""}`, "data-do": action }, text];
    this.offer.replaceChildren(build(["p", {}, "A shared character: ", ["strong", {}, character.name], ` (${system}).`,
      here ? ` You already have a ${system} character called ${here.name}.` : ""]),
      build(["div", { class: "rk-actions" }, ...(here
        ? [button("copy", `Add as “${freeName(load(), character)}”`, true), button("replace", `Replace your ${here.name}`), button("dismiss", "Don’t add")]
        : [button("add", `Add ${character.name}`, true), button("dismiss", "Don’t add")])]));
    this.offer.querySelector("button").focus();
  }

  answerOffer(action) {
    const character = this.offered;
    if (character && action !== "dismiss") {
      const data = load();
      const here = find(data, character.system, character.name);
      if (action === "copy") character.name = freeName(data, character);
      put(data, character, action === "replace" ? here : null);
      store(data);
      this.render();
      this.status(`Added ${character.name}.`);
    } else this.status("The shared character was not added.");
    this.offered = null;
    this.offer.hidden = true;
    this.offer.replaceChildren();
    history.replaceState(null, "", window.location.pathname + window.location.search);
    this.section.querySelector(".rk-sheet-new select").focus();
  }
}

// The Characters page's editor, when the page has one.
export function bindEditor() {
  const section = document.querySelector("[data-rollkit-sheets]");
  if (section && !section.editor) section.editor = new Editor(section);
}

// Another tab changed the characters: the widgets offer the new active ones, the list shows them.
export function watchStorage(rebind) {
  window.addEventListener("storage", (event) => {
    if (event.key !== KEY) return;
    rebind();
    document.querySelector("[data-rollkit-sheets]")?.editor?.render();
  });
}
