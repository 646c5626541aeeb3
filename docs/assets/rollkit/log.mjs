// The roll log: every roll of every widget, on every page, kept in this browser (nothing leaves
// the device). A widget says a roll has landed with a "rollkit:roll" event on its root (its
// detail: the entry rollkit wrote, rollkit.web.LogEntry, and the link that replays the roll);
// the log keeps it in localStorage and shows it in a dialog opened by the header's "Roll log"
// button (overrides/partials/rollkit-log.html). The entries are trees rollkit rendered when
// they were rolled, so the log opens offline and before Python has started, and it writes its
// exports (Markdown, CSV, JSON) and the chat line from what the entries say.
//
// localStorage rather than IndexedDB: it is read synchronously, at once, on every page, by
// every tab (its storage event keeps an open log up to date), and the log is small (about 4 KB
// an entry, CAP entries at most). It is kept per site root.

import { announce, build, when } from "./page.mjs";

export const CAP = 200; // the most rolls kept: the oldest are dropped first
const VERSION = 1;
const log = { key: "", counted: "", memory: null, dialog: null, opener: null, removed: null, picked: new Set(), told: false };

function read() {
  if (log.memory) return log.memory;
  try {
    const data = JSON.parse(localStorage.getItem(log.key) || "null");
    return data && data.v === VERSION && Array.isArray(data.entries) ? data.entries : [];
  } catch (error) {
    return [];
  }
}

// Keep `entries` (the newest CAP); where the browser's storage is full, fewer, oldest dropped.
// Where it refuses storage altogether, the log lasts as long as the page.
function write(entries) {
  let kept = entries.slice(-CAP);
  for (;;) {
    try {
      localStorage.setItem(log.key, JSON.stringify({ v: VERSION, entries: kept }));
      localStorage.setItem(log.counted, String(kept.length));
      log.memory = null;
      return kept;
    } catch (error) {
      if (kept.length <= 1) break;
      kept = kept.slice(Math.ceil(kept.length / 4));
    }
  }
  log.memory = kept;
  return kept;
}

// A roll lands: noted at once, kept once the roll is on screen (so keeping the log, which reads
// and writes all of it, never delays a roll being shown), or as the page goes away.
const waiting = [];
function landed({ entry, link }) {
  if (!entry || !entry.tree) return;
  waiting.push({ entry, link, at: new Date().toISOString() });
  if (waiting.length === 1) requestAnimationFrame(() => setTimeout(keep));
}

function keep() {
  if (!waiting.length) return;
  const records = waiting.splice(0).map(({ entry, link, at }) => {
    let href = "";
    try {
      const url = new URL(link);
      url.searchParams.set("at", at); // the replayed roll says when this one was made
      href = url.href;
    } catch (error) { /* no link: the entry is kept without one */ }
    return { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, at, link: href, entry };
  });
  write([...read(), ...records]);
  show();
  if (log.dialog?.open) say(`${plural(records.length, "new roll", "new rolls")}, at the top of the list.`);
  else if (!log.told) announce("Kept in the Roll log."); // once a page, not on every roll
  log.told = true;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// How many rolls are kept, without reading them (every page shows it; the log is up to a MB).
function kept() {
  if (log.memory) return log.memory.length;
  try {
    return Number(localStorage.getItem(log.counted)) || 0;
  } catch (error) {
    return 0;
  }
}

// The header's buttons say how many rolls are kept: a badge, and in the button's name, which
// holds all the text it shows ("Roll log 3 rolls kept"), as assistive technology expects.
function count(n) {
  for (const button of document.querySelectorAll("[data-rollkit-log-open]")) {
    const badge = button.querySelector(".rk-log-count");
    badge.hidden = !n;
    badge.textContent = String(n);
    button.setAttribute("aria-label", n ? `Roll log ${n} ${n === 1 ? "roll" : "rolls"} kept` : "Roll log");
  }
}

function panel() {
  if (log.dialog) return log.dialog;
  const dialog = build(["dialog", { class: "rk-log", "data-rollkit-log": "", "aria-labelledby": "rollkit-log-title" },
    ["div", { class: "rk-log-top" },
      ["h2", { id: "rollkit-log-title" }, "Roll log"],
      ["button", { type: "button", class: "rk-log-close" }, "Close"]],
    ["p", { class: "rk-log-about" }, `Every roll of every widget on this site, kept in this browser only: nothing leaves your device. The newest ${CAP} rolls are kept; older ones are dropped.`],
    ["div", { class: "rk-log-tools" },
      ["label", { class: "rk-log-all" }, ["input", { type: "checkbox" }], " Select all"],
      ["button", { type: "button", class: "rk-log-clear" }, "Clear all"],
      ["div", { class: "rk-log-export", role: "group", "aria-labelledby": "rollkit-log-export" },
        ["span", { id: "rollkit-log-export" }, "Export"],
        ["button", { type: "button", "data-format": "md" }, "Markdown"],
        ["button", { type: "button", "data-format": "csv" }, "CSV"],
        ["button", { type: "button", "data-format": "json" }, "JSON"]]],
    ["div", { class: "rk-log-note" },
      ["p", { role: "status" }],
      ["button", { type: "button", class: "rk-log-undo", hidden: true }, "Undo"]],
    ["p", { class: "rk-log-empty" }, "No rolls yet: press Roll on any widget and the roll is kept here."],
    ["ol", { class: "rk-log-list", "aria-label": "Rolls, newest first" }]]);
  dialog.addEventListener("click", (event) => {
    const target = event.target;
    if (target === dialog && outside(dialog, event)) dialog.close(); // the backdrop
    else if (target.closest(".rk-log-close")) dialog.close();
    else if (target.closest(".rk-log-clear")) remove(read().map((record) => record.id));
    else if (target.closest(".rk-log-undo")) undo();
    else if (target.closest("[data-format]")) download(target.closest("[data-format]").dataset.format);
    else if (target.closest(".rk-log-copy")) copy(target.closest("[data-rollkit-log-entry]"));
    else if (target.closest(".rk-log-delete")) remove([target.closest("[data-rollkit-log-entry]").dataset.id]);
  });
  dialog.addEventListener("change", (event) => {
    const box = event.target;
    if (box.closest(".rk-log-all")) {
      log.picked = new Set(box.checked ? read().map((record) => record.id) : []);
      for (const pick of dialog.querySelectorAll(".rk-log-pick input")) pick.checked = box.checked;
    } else if (box.closest(".rk-log-pick")) {
      const id = box.closest("[data-rollkit-log-entry]").dataset.id;
      if (box.checked) log.picked.add(id);
      else log.picked.delete(id);
    }
    picking(read());
  });
  dialog.addEventListener("close", () => {
    const back = log.opener?.isConnected ? log.opener : document.querySelector("[data-rollkit-log-open]");
    back?.focus();
  });
  log.dialog = dialog;
  return dialog;
}

function outside(box, { clientX: x, clientY: y }) {
  const r = box.getBoundingClientRect();
  return x < r.left || x > r.right || y < r.top || y > r.bottom;
}

function say(text, undoable = false) {
  const note = log.dialog.querySelector(".rk-log-note");
  note.querySelector("[role=status]").textContent = text;
  note.querySelector(".rk-log-undo").hidden = !undoable;
}

// What the export buttons take: the selected rolls, or all of them.
function picking(entries) {
  const picked = entries.filter((record) => log.picked.has(record.id)).length;
  const all = log.dialog.querySelector(".rk-log-all input");
  all.checked = picked > 0 && picked === entries.length;
  all.indeterminate = picked > 0 && picked < entries.length;
  log.dialog.querySelector("#rollkit-log-export").textContent = picked
    ? `Export ${plural(picked, "selected roll", "selected rolls")}:`
    : `Export ${entries.length === 1 ? "the roll" : `all ${entries.length}`}:`;
}

function safeLink(link) {
  try {
    return ["http:", "https:"].includes(new URL(link).protocol) ? link : "";
  } catch (error) {
    return "";
  }
}

function item(record) {
  const said = when(record.at);
  const whenId = `rollkit-log-when-${record.id}`;
  const link = safeLink(record.link);
  return build(["li", { class: "rk-log-entry", "data-rollkit-log-entry": "", "data-id": record.id },
    ["label", { class: "rk-log-pick" },
      ["input", { type: "checkbox", "aria-label": `Select the roll of ${said}` }],
      ["time", { class: "rk-log-when", id: whenId, datetime: record.at }, said]],
    record.entry.tree,
    ["div", { class: "rk-log-actions" },
      link ? ["a", { class: "rk-log-replay", href: link, "aria-describedby": whenId }, "Replay this roll"] : "",
      ["button", { type: "button", class: "rk-log-copy", "aria-describedby": whenId }, "Copy as text"],
      ["button", { type: "button", class: "rk-log-delete", "aria-describedby": whenId }, "Delete"]]]);
}

// Bring the header's count and, when it is open, the log up to date with what is kept.
function show() {
  if (!log.dialog?.open) {
    count(kept());
    return;
  }
  const entries = read();
  count(entries.length);
  const list = log.dialog.querySelector(".rk-log-list");
  const known = new Set(entries.map((record) => record.id));
  for (const id of log.picked) if (!known.has(id)) log.picked.delete(id);
  list.replaceChildren(...entries.slice().reverse().map(item));
  for (const pick of list.querySelectorAll("[data-rollkit-log-entry]")) {
    pick.querySelector(".rk-log-pick input").checked = log.picked.has(pick.dataset.id);
  }
  log.dialog.querySelector(".rk-log-empty").hidden = entries.length > 0;
  for (const control of log.dialog.querySelectorAll(".rk-log-tools button, .rk-log-tools input")) control.disabled = !entries.length;
  picking(entries);
}

export function openLog(opener) {
  keep();
  const dialog = panel();
  if (!dialog.isConnected) document.body.append(dialog);
  log.opener = opener || document.activeElement;
  if (!dialog.open) dialog.showModal();
  say(log.memory ? "This browser does not let the site keep the log: it lasts until you leave this page." : "");
  show();
  dialog.querySelector(".rk-log-close").focus();
}

// Delete the rolls `ids`; Undo puts them back (until the next deletion).
function remove(ids) {
  const entries = read();
  const gone = new Set(ids);
  const next = entries.filter((record) => !gone.has(record.id));
  const list = [...log.dialog.querySelectorAll("[data-rollkit-log-entry]")];
  const at = list.findIndex((entry) => gone.has(entry.dataset.id));
  log.removed = entries.filter((record) => gone.has(record.id));
  if (!log.removed.length) return;
  write(next);
  show();
  const one = log.removed.length === 1;
  say(one ? `Deleted the roll of ${when(log.removed[0].at)}.` : `Cleared ${plural(log.removed.length, "roll", "rolls")}.`, true);
  const left = [...log.dialog.querySelectorAll(".rk-log-delete")];
  (one && left.length ? left[Math.min(at, left.length - 1)] : log.dialog.querySelector(".rk-log-undo")).focus();
}

function undo() {
  if (!log.removed) return;
  const back = log.removed;
  log.removed = null;
  const kept = new Set(read().map((record) => record.id));
  write([...read(), ...back.filter((record) => !kept.has(record.id))].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)));
  show();
  say(`Put back ${plural(back.length, "roll", "rolls")}.`);
  log.dialog.querySelector(`[data-id="${CSS.escape(back[0].id)}"] .rk-log-pick input`)?.focus();
}

// Copy one roll as a line of chat text; where the browser refuses the clipboard, the line is
// shown selected, to copy with the keyboard.
async function copy(entry) {
  const record = read().find((r) => r.id === entry.dataset.id);
  if (!record) return;
  const text = record.entry.chat;
  try {
    await navigator.clipboard.writeText(text);
    say(`Copied: ${text}`);
  } catch (error) {
    let box = entry.querySelector(".rk-log-text");
    if (!box) {
      box = build(["textarea", { class: "rk-log-text", readonly: true, rows: "3", "aria-label": "The roll as chat text" }]);
      entry.querySelector(".rk-log-actions").after(box);
    }
    box.value = text;
    box.focus();
    box.select();
    say("Copying is not allowed here: the text is selected below the roll; copy it with Ctrl+C (⌘C on a Mac).");
  }
}

// -- exports: Markdown, CSV and JSON of the selected rolls (or all), oldest first ------------

function columns(records) {
  const headings = ["When"];
  for (const record of records) for (const [heading] of record.entry.row) if (!headings.includes(heading)) headings.push(heading);
  headings.push("Replay");
  return headings;
}

function cells(record, headings, time) {
  const row = Object.fromEntries(record.entry.row);
  return headings.map((heading) => (heading === "When" ? time(record.at) : heading === "Replay" ? safeLink(record.link) : row[heading] ?? ""));
}

const MD_SPECIAL = /[\\`*_[\]<>|]/g;

function markdown(records) {
  const all = columns(records);
  const rows = records.map((record) => cells(record, all, when));
  const used = all.map((_, i) => rows.some((row) => row[i])); // no column empty in every row
  const pick = (row) => row.filter((_, i) => used[i]);
  const line = (row) => `| ${row.join(" | ")} |`;
  const escape = (text) => String(text).replace(/\s+/g, " ").replace(MD_SPECIAL, (c) => `\\${c}`);
  const body = rows.map((row) => line(pick(row).map((text, i) => (pick(all)[i] === "Replay" && text ? `[Replay](${text})` : escape(text)))));
  return [`# Roll log`, "",
    `${plural(records.length, "roll", "rolls")}, oldest first, exported from rollkit on ${when(new Date().toISOString())}.`, "",
    line(pick(all)), line(pick(all).map(() => "---")), ...body, ""].join("\n");
}

// A cell a spreadsheet would run as a formula starts with a quote (a typed character name could).
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?%?$/;

function csv(records) {
  const all = columns(records);
  const cell = (text) => {
    const value = FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : String(text);
    return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  return "\ufeff" + [all, ...records.map((record) => cells(record, all, (at) => at))].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

function json(records) {
  const entries = records.map(({ at, link, entry }) => {
    const { tree, row, ...facts } = entry;
    return { when: at, replay_link: safeLink(link), ...facts };
  });
  return JSON.stringify({ rollkit: "roll log", version: VERSION, exported: new Date().toISOString(), entries }, null, 1) + "\n";
}

const FORMATS = {
  md: { write: markdown, type: "text/markdown", name: "Markdown" },
  csv: { write: csv, type: "text/csv", name: "CSV" },
  json: { write: json, type: "application/json", name: "JSON" },
};

// A download from a blob: URL (the policy's default-src 'self' governs fetches, not downloads).
function download(format) {
  const entries = read();
  const picked = entries.filter((record) => log.picked.has(record.id));
  const records = picked.length ? picked : entries;
  const { write: text, type, name } = FORMATS[format];
  const url = URL.createObjectURL(new Blob([text(records)], { type: `${type};charset=utf-8` }));
  const link = build(["a", { href: url, download: `roll-log-${new Date().toISOString().slice(0, 10)}.${format}`, hidden: true }]);
  log.dialog.append(link); // inside the dialog: the page behind a modal dialog is inert
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  say(`Exported ${plural(records.length, "roll", "rolls")} as ${name}.`);
}

// The log of the site whose root is `site` (a URL): kept for it alone, on every page.
export function keepLog(site) {
  log.key = `rollkit-log ${site.pathname}`;
  log.counted = `rollkit-log-count ${site.pathname}`;
  document.addEventListener("rollkit:roll", (event) => landed(event.detail));
  window.addEventListener("pagehide", keep);
  document.addEventListener("click", (event) => {
    const opener = event.target.closest?.("[data-rollkit-log-open]");
    if (opener) openLog(opener);
  });
  window.addEventListener("storage", (event) => { if (event.key === log.key) show(); }); // another tab
  const page = () => {
    log.told = false;
    if (log.dialog?.open) log.dialog.close(); // a link followed from the log
    show();
  };
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(page);
  else page();
}
