// A widget: its form, the odds it shows and its rolls. It asks the worker client for odds on
// every edit and for a roll on Roll, and shows the trees rollkit answers with (rollkit._view)
// through the one DOM builder, so this file has no formatting, table or chart code.

import { SLOW_MS, ask, start, state, stop } from "./client.mjs";
import { until } from "./leave.mjs";
import { LIVE, announce, build, made, when } from "./page.mjs";
import { earlier, fromLink, stamp } from "./changed.mjs";

const PHONE = window.matchMedia("(max-width: 45em)");
const STILL = window.matchMedia("(prefers-reduced-motion: reduce)"); // no smooth scrolling then
const zone = () => -new Date().getTimezoneOffset(); // the reader's offset from UTC, for the times rollkit says
const count = (n) => n.toLocaleString("en-US"); // as rollkit writes a count: 10,000
const quoted = (text) => `“${text.length > 24 ? `${text.slice(0, 24)}…` : text}”`; // a link's value, cut short

export class Widget {
  constructor(root) {
    this.root = root;
    this.check = root.dataset.check;
    this.initial = JSON.parse(root.dataset.state);
    this.form = root.querySelector(".rk-form");
    this.rollButton = root.querySelector(".rk-roll");
    this.stopButton = root.querySelector(".rk-stop");
    this.seedOption = root.querySelector(".rk-seed-option");
    this.statusNode = root.querySelector(".rk-status");
    this.errorNode = root.querySelector(".rk-error");
    this.result = root.querySelector(".rk-result");
    this.detail = root.querySelector(".rk-roll-detail");
    this.odds = root.querySelector(".rk-odds");
    this.staleNote = root.querySelector(".rk-stale-note");
    this.pinButton = root.querySelector(".rk-pin");
    this.code = root.querySelector(".rk-python code");
    this.values = root.querySelector(".rk-values")?.textContent || "";
    this.pinned = null;
    this.lastSeed = null;
    this.given = {}; // the dice a worked example's Replay gave ({ faces: "9,2,7" }), else none
    this.spend = null; // the player's choices on the last roll (critdice points), as written
    this.open = false; // the last roll waits for the player's choices
    this.origin = {}; // where the last roll's dice came from: { typed, replay: { at } }
    this.rolledAt = ""; // when the last roll was made (rollkit says, ISO 8601)
    this.rolledWith = null; // the values the roll on screen was made with
    this.character = null; // whose values the form holds, when a character fills it (sheet.mjs)
    this.linked = null; // what a link of an earlier build knew of its values (changed.mjs)
    this.inFlight = false;
    this.again = false;
    this.refusals = []; // what the shared link could not restore: [{control, error}] (replay())
    this.linkNote = root.querySelector(".rk-link-note");
    for (const control of root.querySelectorAll(".rk-controls, .rk-view-choice, .rk-pin")) control.disabled = false;
    root.classList.add("rk-live-widget");
    // Released when the widget has left the page (leave.mjs), the page then taken apart.
    const signal = until(root, () => { delete root.rollkit; });
    const on = { signal };
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.roll(); }, on);
    // Enter in a box rolls, as Roll does (a form of several boxes and no submit button is
    // never sent by Enter on its own).
    this.form.addEventListener("keydown", (event) => {
      const box = event.target;
      if (event.key !== "Enter" || event.isComposing || event.defaultPrevented || box.tagName !== "INPUT") return;
      if (["checkbox", "radio", "button", "submit", "reset", "file"].includes(box.type)) return;
      event.preventDefault();
      this.form.requestSubmit();
    }, on);
    this.form.addEventListener("input", (event) => {
      const list = event.target.closest(".rk-list");
      if (list) this.listChanged(list);
      else if (this.isParam(event.target)) this.edited();
    }, on);
    for (const type of ["input", "change"]) {
      this.form.addEventListener(type, (event) => { if (event.isTrusted) this.forgetLink(); }, on);
    }
    this.form.addEventListener("click", (event) => {
      const button = event.target.closest(".rk-add, .rk-remove");
      if (button) this.listButton(button);
    }, on);
    for (const list of root.querySelectorAll(".rk-list")) this.renumber(list);
    this.form.addEventListener("change", (event) => { if (this.isParam(event.target) && event.target.type === "checkbox") this.edited(); }, on);
    this.form.addEventListener("focusin", () => start(), { once: true, signal });
    this.form.addEventListener("pointerdown", () => start(), { once: true, signal });
    this.rollButton.addEventListener("click", () => this.roll(), on);
    this.stopButton.addEventListener("click", () => stop(), on);
    root.querySelector(".rk-share").addEventListener("click", () => this.share(), on);
    for (const radio of root.querySelectorAll(".rk-view")) radio.addEventListener("change", () => this.updateOdds(), on);
    this.pinButton.addEventListener("click", () => this.pin(), on);
    if (this.seedOption) { // a click opening the fold makes the Seed box (early.js); an opening without one too
      this.seedOption.addEventListener("toggle", () => { if (this.seedOption.open) this.seedBox(); }, on);
      if (this.seedOption.open) this.seedBox();
    }
    root.addEventListener("click", (event) => {
      const button = event.target.closest(".rk-copy");
      if (button) this.copy(button.dataset.copy, "Exact fraction copied.");
    }, on);
    this.detail.addEventListener("click", (event) => {
      const move = event.target.closest(".rk-move");
      const finish = event.target.closest(".rk-finish");
      if (move && !move.disabled) this.move(Number(move.dataset.die), Number(move.dataset.by));
      else if (finish) this.finish(finish.dataset.spend);
    }, on);
    if (state.ready) state.ready.then(
      () => this.status(LIVE, "ready", true),
      (error) => this.status(`Live rolls are unavailable (${error.message}).`, "failed", true));
  }

  isParam(control) {
    return control.closest(".rk-fields") && control.name;
  }

  params() {
    const values = {};
    for (const control of this.form.querySelectorAll(".rk-fields [name]")) {
      values[control.name] = control.type === "checkbox" ? String(control.checked) : control.value;
    }
    return values;
  }

  // A list parameter (helpers, Stats) is edited as rows; its hidden input keeps the text
  // the command line takes ("8:6,3:7"), so params() and shared links read it like any field.
  listChanged(list) {
    const rows = [...list.querySelectorAll(".rk-rows > .rk-row")];
    list.querySelector("input[type=hidden]").value = rows
      .map((row) => [...row.querySelectorAll("input[data-part]")].map((input) => input.value.trim()).join(":"))
      .join(",");
    this.edited();
  }

  listButton(button) {
    this.forgetLink();
    const list = button.closest(".rk-list");
    const rows = list.querySelector(".rk-rows");
    let focus;
    if (button.classList.contains("rk-add")) {
      const row = list.querySelector(".rk-row-template").content.firstElementChild.cloneNode(true);
      rows.append(row);
      focus = row.querySelector("input");
    } else {
      const row = button.closest(".rk-row");
      focus = row.nextElementSibling?.querySelector(".rk-remove") || row.previousElementSibling?.querySelector(".rk-remove");
      row.remove();
    }
    this.renumber(list);
    this.listChanged(list);
    (focus && !focus.disabled ? focus : list.querySelector(".rk-add")).focus();
    announce(`${list.querySelector("legend").textContent}: ${rows.children.length} ${list.dataset.item.toLowerCase()}${rows.children.length === 1 ? "" : "s"}.`);
  }

  // Rows are named "Helper 1", "Helper 2"... in order; Add and Remove follow the allowed count.
  renumber(list) {
    const rows = [...list.querySelectorAll(".rk-rows > .rk-row")];
    rows.forEach((row, index) => {
      const name = `${list.dataset.item} ${index + 1}`;
      row.querySelector(".rk-entry").textContent = name;
      row.querySelector(".rk-remove .rk-sr").textContent = ` ${name}`;
      for (const input of row.querySelectorAll("input[data-part]")) {
        input.setAttribute("aria-label", input.dataset.label ? `${name}, ${input.dataset.label}` : name);
      }
      row.querySelector(".rk-remove").disabled = rows.length <= Number(list.dataset.least);
    });
    const most = list.dataset.most;
    list.querySelector(".rk-add").disabled = most !== undefined && rows.length >= Number(most);
  }

  // The rows from the hidden input's text, when a shared link sets it.
  fillList(list, text) {
    const rows = list.querySelector(".rk-rows");
    const template = list.querySelector(".rk-row-template").content.firstElementChild;
    rows.replaceChildren(...text.split(",").filter((entry) => entry.trim()).map((entry) => {
      const row = template.cloneNode(true);
      const parts = entry.split(":");
      row.querySelectorAll("input[data-part]").forEach((input, index) => { input.value = (parts[index] ?? "").trim(); });
      return row;
    }));
    list.querySelector("input[type=hidden]").value = text;
    this.renumber(list);
  }

  view() {
    return this.root.querySelector(".rk-view:checked")?.value || "exactly";
  }

  // A state of the whole page (Python loading, live, unavailable) is said once, by the page's
  // first widget; a widget's own news (a link copied) is said where it happened.
  status(text, kind, shared = false) {
    const first = document.querySelector("[data-rollkit-widget]") === this.root;
    this.statusNode.textContent = shared && !first ? "" : text;
    this.root.dataset.status = kind;
  }

  // The odds on screen belong to other values as soon as a field changes: say so at once.
  // A roll on screen stays, marked as made with the values it names (unmarked again when they
  // are back).
  edited() {
    if (this.open) { // the dice waiting for choices were rolled with the old values
      this.open = false;
      this.rolledWith = null;
      delete this.root.dataset.pending;
      this.detail.replaceChildren();
      this.result.classList.remove("rk-success", "rk-failure");
      this.result.textContent = "The values changed: press Roll for a new roll with them.";
    }
    this.markRoll();
    this.odds.classList.add("rk-stale");
    this.staleNote.hidden = false;
    this.staleNote.textContent = `Out of date: these odds are for ${this.values}. Working out the odds for your new values…`;
    this.updateOdds();
  }

  markRoll() {
    const stale = this.rolledWith !== null && this.rolledWith !== JSON.stringify(this.params());
    this.detail.classList.toggle("rk-stale", stale);
    this.result.classList.toggle("rk-stale", stale);
    const note = this.detail.querySelector(".rk-roll-stale");
    if (note) note.hidden = !stale;
  }

  clearErrors() {
    this.errorNode.hidden = true;
    this.errorNode.textContent = "";
    this.errorNode.classList.remove("rk-sr");
    for (const control of this.form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    for (const node of this.form.querySelectorAll(".rk-field-error")) { node.hidden = true; node.textContent = ""; }
    this.placeRefusals();
  }

  // What a shared link could not restore stays by its field (an answer's clearErrors() puts it
  // back) and in the link note, said once, until the reader changes a value.
  placeRefusals() {
    for (const { control, error } of this.refusals) {
      const place = control?.id && this.form.querySelector(`#${CSS.escape(control.id)}-error`);
      if (!place) continue;
      place.textContent = error;
      place.hidden = false;
      if (control === this.seed && this.seedOption) this.seedOption.open = true;
    }
  }

  // The Seed box: null until it is made out of its template (rollkit/web/_form.py says why),
  // the first time it is needed: by the page's early script on the click that opens its fold
  // (bound or not, so that it is there as the fold is drawn open), or here (seedBox()) when the
  // fold is opened otherwise or a seed is to be refused by the box.
  get seed() {
    return this.seedOption?.querySelector(".rk-seed input") ?? null;
  }

  seedBox() {
    const template = this.seedOption?.querySelector(".rk-seed-template");
    if (template) made(template);
    return this.seed;
  }

  refuse(refusals, note = true) {
    this.refusals.push(...refusals);
    if (note && refusals.length) {
      this.linkNote.textContent = this.refusals.map((refusal) => refusal.error).join(" ");
      this.linkNote.hidden = false;
    }
    this.placeRefusals();
  }

  forgetLink() {
    for (const { control } of this.refusals) {
      const place = control?.id && !control.hasAttribute("aria-invalid") && this.form.querySelector(`#${CSS.escape(control.id)}-error`);
      if (place) { place.hidden = true; place.textContent = ""; }
    }
    this.refusals = [];
    this.linkNote.hidden = true;
    this.linkNote.textContent = "";
  }

  // The reader's mistake is shown by its field; a bug in rollkit says so, details in the console.
  failed(answer) {
    this.clearErrors();
    if (answer.internal) {
      console.error("rollkit internal error:", answer.detail || answer.error);
      this.showError("Something went wrong inside rollkit: this is a bug, not a mistake in your values. Details are in the browser console.");
      return;
    }
    let control = answer.field === "seed" ? this.seedBox()
      : answer.field && this.form.querySelector(`.rk-fields [name="${CSS.escape(answer.field)}"]`);
    const list = control?.closest(".rk-list");
    if (list) { // the entry's own number when the error points at one, else the first
      const row = list.querySelectorAll(".rk-rows > .rk-row")[answer.item ?? 0];
      control = row?.querySelectorAll("input[data-part]")[answer.part ?? 0] || list;
    }
    if (control === this.seed && this.seedOption) this.seedOption.open = true;
    const holder = list || control;
    const place = holder && holder.type !== "hidden" ? this.form.querySelector(`#${CSS.escape(holder.id)}-error`) : null;
    if (place) {
      control.setAttribute("aria-invalid", "true");
      place.textContent = answer.error;
      place.hidden = false;
    }
    this.showError(answer.error);
    this.errorNode.classList.toggle("rk-sr", Boolean(place)); // said by its field; still announced
  }

  showError(message) {
    this.errorNode.textContent = message;
    this.errorNode.hidden = false;
    this.root.classList.add("rk-has-error");
  }

  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.status(done, this.root.dataset.status);
      announce(done);
    } catch (error) {
      this.status("Copying is not allowed here; select the text instead.", this.root.dataset.status);
    }
  }

  // A link that opens this page with this widget's values (and the seed of the last roll).
  link() {
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("rk", this.root.id);
    url.searchParams.set("k", this.check); // the kind of check: a link for another kind is refused
    for (const [k, v] of Object.entries(this.params())) url.searchParams.set(`p.${k}`, v);
    if (this.lastSeed !== null) url.searchParams.set("seed", String(this.lastSeed));
    if (this.given.faces) url.searchParams.set("faces", this.given.faces); // a replayed example's dice
    if ((this.lastSeed !== null || this.given.faces) && this.spend !== null) url.searchParams.set(this.open ? "hand" : "spend", this.spend);
    if (this.lastSeed !== null && this.rolledAt) url.searchParams.set("at", this.rolledAt);
    if (this.lastSeed !== null && this.origin.typed) url.searchParams.set("typed", "1");
    stamp(url, this.root, !this.odds.classList.contains("rk-stale"));
    url.hash = this.root.id;
    return url.href;
  }

  share() {
    this.copy(this.link(), this.lastSeed === null ? "Link to these values copied." : "Link to this roll copied.");
  }

  pin() {
    if (this.pinned) {
      this.pinned = null;
      this.pinButton.setAttribute("aria-pressed", "false");
      this.pinButton.textContent = "Pin these odds to compare";
    } else {
      this.pinned = this.params();
      this.pinButton.setAttribute("aria-pressed", "true");
      this.pinButton.textContent = "Unpin";
    }
    this.updateOdds();
  }

  async run(request) {
    state.used = performance.now();
    const slow = setTimeout(() => { this.stopButton.hidden = false; }, SLOW_MS);
    this.root.setAttribute("aria-busy", "true");
    try {
      return await ask(request);
    } finally {
      clearTimeout(slow);
      this.stopButton.hidden = true;
      this.root.removeAttribute("aria-busy");
    }
  }

  // Each edit asks at once; while an answer is pending, further edits wait and only the
  // latest values are sent next, so fast typing never queues stale work.
  async updateOdds() {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    let answer;
    try {
      answer = await this.run({ op: "odds", check: this.check, params: this.params(), view: this.view(),
        title: this.initial.title, initial: this.initial.params, shown: this.initial.shown, pinned: this.pinned,
        ...earlier(this.linked, JSON.stringify(this.params())) });
    } finally {
      this.inFlight = false;
    }
    if (this.again) {
      this.again = false;
      this.updateOdds();
      return;
    }
    if (!answer.ok) {
      this.failed(answer);
      this.staleNote.hidden = false;
      this.staleNote.textContent = `Out of date: these odds are for ${this.values}. Fix the value marked above to see new odds.`;
      return;
    }
    this.clearErrors();
    this.showOdds(answer.result);
  }

  showOdds(odds) {
    const view = odds.view;
    this.odds.querySelector(".rk-odds-view").replaceWith(build(view.tree));
    this.odds.classList.remove("rk-stale");
    this.staleNote.hidden = true;
    this.values = view.values;
    this.root.querySelector(".rk-title").textContent = view.title;
    this.code.textContent = odds.python;
    this.root.dataset.chance = view.chance;
  }

  // A roll; where the rules let the roller decide after seeing the dice (critdice points, a
  // Trait miss), the answer first shows those dice with their choices ("pending"), and finish()
  // rolls on. A roll says where its dice came from (``origin``): a seed typed in the Seed box,
  // or a replay; a move or a finish keeps the origin of the roll it goes on with.
  async roll(seed, choices = {}, origin = null) {
    const typed = this.seed ? this.seed.value.trim() : "";
    const chosen = seed ?? (typed || undefined);
    const from = origin ?? (seed === undefined ? { typed: Boolean(typed) } : this.origin);
    const answer = await this.run({ ...this.rollRequest(chosen, from), ...choices });
    if (!answer.ok) {
      this.failed(answer);
      return answer;
    }
    this.clearErrors();
    this.showRoll(answer.result, !choices.move);
    return answer;
  }

  // The request of a roll of ``params`` (the widget's values as they stand), from ``seed``
  // (undefined: at random) and ``from`` (where the roll's dice came from, as roll() says).
  rollRequest(seed, from = { typed: false }, params = this.params()) {
    return { op: "roll", check: this.check, params, seed, choose: true,
      shown: this.initial.shown, zone: zone(), ...from, log: this.logged(from),
      ...(this.character ? { character: this.character } : {}) };
  }

  // What the roll log keeps besides the values (rollkit.web.LogContext): the page's title for its
  // own values, whether the seed was typed or came with a shared link (and when that roll was
  // made: ``from``, the roll's origin), and whom the roll is for: the character this widget
  // names ([data-rollkit-character]).
  logged(from) {
    const who = this.root.querySelector("[data-rollkit-character]");
    const character = who ? (who.dataset.rollkitCharacter || who.textContent).trim() : "";
    const replay = from.replay ? when(from.replay.at) : null;
    return { title: this.initial.title, initial: this.initial.params, shown: this.initial.shown,
      typed: Boolean(from.typed), replay, character };
  }

  // One point on one die, up or down; the focus stays on the button pressed (or its die).
  async move(die, by) {
    await this.roll(this.lastSeed, { spend: this.spend, move: { die, by }, ...this.given });
    const again = this.detail.querySelector(`.rk-move[data-die="${die}"][data-by="${by}"]`);
    const other = this.detail.querySelector(`.rk-move[data-die="${die}"][data-by="${-by}"]`);
    (again && !again.disabled ? again : other && !other.disabled ? other : this.detail.querySelector(".rk-finish"))?.focus();
  }

  // A button that finishes the roll: with rollkit's plan, with the moves made ("chosen"), or
  // with the choice it names (a Trait miss: "pay" or "keep").
  async finish(how) {
    await this.roll(this.lastSeed, { spend: how === "chosen" ? this.spend : how, finish: true, ...this.given });
    this.result.focus({ preventScroll: true });
  }

  showRoll(roll, reveal = true) {
    this.result.textContent = roll.view.summary;
    this.result.classList.toggle("rk-success", !roll.pending && roll.success);
    this.result.classList.toggle("rk-failure", !roll.pending && !roll.success);
    this.detail.replaceChildren(build(roll.view.tree));
    this.lastSeed = roll.seed;
    this.given = roll.given ? { faces: roll.given.join(",") } : {}; // a replayed example's dice, kept for its choices
    this.spend = roll.spend ?? null;
    this.open = Boolean(roll.pending);
    this.origin = { typed: roll.typed, replay: roll.replay ? { at: roll.at } : undefined };
    this.rolledAt = roll.at || "";
    this.rolledWith = JSON.stringify(this.params());
    this.markRoll();
    if (roll.typed) this.root.dataset.typed = "1";
    else delete this.root.dataset.typed;
    if (roll.replay) this.root.dataset.replay = roll.at || "1";
    else delete this.root.dataset.replay;
    if (this.open) this.root.dataset.pending = "1";
    else delete this.root.dataset.pending;
    this.root.dataset.seed = String(roll.seed);
    this.root.dataset.faces = roll.view.faces.join(",");
    if (roll.python) this.code.textContent = roll.python;
    if (roll.log && !this.open) { // a finished roll: the roll log keeps it (log.mjs)
      this.root.dispatchEvent(new CustomEvent("rollkit:roll", { bubbles: true, detail: { entry: roll.log, link: this.link(), character: roll.character ?? null } }));
    }
    if (!reveal) return;
    const box = this.result.getBoundingClientRect();
    if (PHONE.matches || box.bottom > window.innerHeight || box.top < 0) {
      this.result.scrollIntoView({ block: "nearest", behavior: STILL.matches ? "auto" : "smooth" });
    }
  }

  // A shared link (?rk=ID&k=KIND&p.name=value[&seed=N&at=TIME&typed=1][&b=BUILD&c=CHANCE]) restores the values,
  // and the roll if seeded: shown as a replay (of a roll made then, its seed typed or not), its
  // seed left out of the Seed box, so the next Roll draws new dice. It restores only what the
  // reader sees and can change (restorable()); the rest is refused, said by its field and in
  // the link note, and then its roll is not replayed (it was made with other values). The seed
  // is Python's to read: a seed that is not one is refused by the Seed box, never a new roll.
  replay() {
    const query = new URLSearchParams(window.location.search);
    if (query.get("rk") !== this.root.id) return;
    this.forgetLink(); // the page bound again: the link is read afresh
    const refused = this.restorable(query);
    if (refused === null) return;
    this.linked = refused.length ? null : fromLink(query, JSON.stringify(this.params())); // changed.mjs
    this.edited();
    if (!query.has("seed") && !query.has("faces")) return this.refuse(refused);
    if (refused.length) {
      return this.refuse([...refused, { control: null, error: "Its roll is not replayed: it was made with other values than these." }]);
    }
    const seed = query.get("seed") ?? undefined;
    const origin = { typed: query.get("typed") === "1", replay: { at: query.get("at") || "" } };
    const faces = query.has("faces") ? { faces: query.get("faces") } : {}; // a worked example's dice
    const done = query.has("spend") ? this.roll(seed, { spend: query.get("spend"), finish: true, ...faces }, origin)
      : query.has("hand") ? this.roll(seed, { spend: query.get("hand"), ...faces }, origin)
        : this.roll(seed, faces, origin);
    done.then((answer) => { if (answer && !answer.ok && answer.field === "seed") this.refuse([{ control: this.seedBox(), error: answer.error }], false); });
  }

  // The link's values set on the form where the reader can see and change them; what is refused
  // (a value this widget does not show, a checkbox neither true nor false, a choice or number a
  // control cannot hold, more list entries than allowed: counted before any row is built), or
  // null when the link is not for this widget at all (another kind, or values it does not have).
  restorable(query) {
    const title = this.root.querySelector(".rk-title").textContent;
    const given = [...query].filter(([key]) => key.startsWith("p."));
    const controls = new Map([...this.form.querySelectorAll(".rk-fields [name]")].map((control) => [control.name, control]));
    const kind = query.get("k");
    const unknown = given.filter(([key]) => !controls.has(key.slice(2))).length;
    if ((kind && kind !== this.check) || unknown) {
      const why = kind && kind !== this.check ? `was made for another kind of check than “${title}”`
        : `sets ${unknown === 1 ? "a value" : `${count(unknown)} values`} that “${title}” does not have: it was made for another kind of check`;
      const roll = query.has("seed") ? ", and its roll was not replayed" : "";
      this.refuse([{ control: null, error: `This link ${why}, so none of its values were used${roll}.` }]);
      return null;
    }
    const refused = [];
    const hidden = [];
    for (const [key, value] of given) {
      const control = controls.get(key.slice(2));
      const list = control.closest(".rk-list");
      const label = control.type === "hidden" && !list ? control.dataset.label
        : list ? list.querySelector("legend").textContent : this.form.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent;
      if (list) {
        const entries = value.split(",").filter((entry) => entry.trim()).length;
        const most = Number(list.dataset.linkMost);
        if (entries > most) {
          const item = list.dataset.item.toLowerCase();
          refused.push({ control: list, error: `${label}: this link has ${count(entries)} ${item}s; at most ${count(most)} are allowed, so none of them were restored.` });
        } else this.fillList(list, value);
      } else if (control.type === "hidden") {
        if (value !== control.value) hidden.push(label);
      } else if (control.type === "checkbox") {
        if (value === "true" || value === "false") control.checked = value === "true";
        else refused.push({ control, error: `${label}: this link says ${quoted(value)}, which is neither true nor false, so it stays ${control.checked ? "ticked" : "unticked"}.` });
      } else if (control.tagName === "SELECT") {
        const option = [...control.options].find((o) => o.value === value);
        if (option) control.value = value;
        else refused.push({ control, error: `${label}: this link's ${quoted(value)} is not one of the choices, so it stays ${control.selectedOptions[0]?.textContent ?? "as it was"}.` });
      } else {
        const before = control.value;
        control.value = value.trim();
        if (value.trim() && !control.value) { // a number input holds only a number
          control.value = before;
          refused.push({ control, error: `${label}: this link's ${quoted(value)} is not a number, so it stays ${before}.` });
        }
      }
    }
    if (hidden.length) {
      const names = hidden.length === 1 ? hidden[0] : `${hidden.slice(0, -1).join(", ")} and ${hidden.at(-1)}`;
      refused.push({ control: null, error: `This link tried to change ${names}, which this widget does not show, so ${hidden.length === 1 ? "it keeps its" : "they keep their"} value on this page.` });
    }
    return refused;
  }
}
