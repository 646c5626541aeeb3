// Chance against a field: a widget's switch to plotting its chance against one field's values,
// one line per value of another (rollkit.web.against_view), and the keys and taps that move
// between a chart's points. The settings' controls, the view, its words and its numbers all
// come from rollkit; this module binds events, asks the worker and builds the trees it answers.
// A point shows its exact value by the style sheet alone (pointed at, tapped or focused).

import { announce, build, made } from "./page.mjs";
import { until } from "./leave.mjs";

const SETTINGS = ["vary", "from", "to", "step", "lines", "values", "measure", "tally"];

// A widget's switch and settings (pre-rendered, hidden until this runs), once per widget.
export function bindAgainst(root) {
  const panel = root.querySelector(".rk-against");
  if (panel && !panel.rollkit) panel.rollkit = new Against(root, panel);
}

class Against {
  constructor(root, panel) {
    this.root = root;
    this.panel = panel;
    this.toggle = panel.querySelector(".rk-against-toggle");
    this.fields = null; // the settings, made from their template at the first switch (rollkit/web/_against.py)
    this.inputs = null;
    this.out = panel.querySelector(".rk-against-out");
    this.error = panel.querySelector(".rk-against-error");
    this.on = false;
    this.busy = false;
    this.again = false;
    const on = { signal: until(root, () => { delete panel.rollkit; }) }; // released when the page is left (leave.mjs)
    this.toggle.addEventListener("click", () => this.switch(), on);
    panel.addEventListener("change", (event) => { if (event.target.tagName === "SELECT") this.chose(event.target); }, on);
    panel.addEventListener("input", (event) => { if (event.target.tagName === "INPUT") this.update(); }, on);
    root.querySelector(".rk-form").addEventListener("input", () => this.update(), on);
    panel.hidden = false;
  }

  make() {
    this.fields = made(this.panel.querySelector(".rk-against-template"));
    this.inputs = Object.fromEntries(SETTINGS.map((key) => [key, this.fields.querySelector(`[data-against="${key}"]`)]));
    this.toggle.setAttribute("aria-controls", this.fields.id);
    this.sync();
  }

  switch() {
    if (!this.fields) this.make();
    this.on = !this.on;
    this.toggle.setAttribute("aria-pressed", String(this.on));
    this.fields.hidden = !this.on;
    this.out.hidden = !this.on;
    if (this.on) {
      this.root.dataset.against = "on";
      this.update();
    } else {
      delete this.root.dataset.against;
      this.clear();
    }
  }

  // A new field to draw along or for the lines: its range or values start from rollkit's defaults.
  chose(select) {
    const key = select.dataset.against;
    if (key === "vary") for (const name of ["from", "to", "step"]) this.inputs[name].value = "";
    if (key === "lines" || key === "vary") this.inputs.values.value = "";
    this.sync();
    this.update();
  }

  // The tally is asked for only when the chance is of a tally; a field never gives the lines it is drawn along.
  sync() {
    this.inputs.tally.closest(".rk-field").hidden = this.inputs.measure.value === "success";
    this.inputs.values.closest(".rk-field").hidden = !this.inputs.lines.value;
    for (const option of this.inputs.lines.options) option.disabled = option.value !== "" && option.value === this.inputs.vary.value;
    if (this.inputs.lines.selectedOptions[0]?.disabled) this.inputs.lines.value = "";
  }

  request() {
    const widget = this.root.rollkit;
    const settings = Object.fromEntries(SETTINGS.map((key) => [key, this.inputs[key].value]));
    return { op: "against", check: widget.check, params: widget.params(), shown: widget.initial.shown, ...settings };
  }

  // Each change asks at once; while an answer is pending, later changes wait and only the latest is sent.
  async update() {
    if (!this.on) return;
    this.out.classList.add("rk-stale");
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    let answer;
    try {
      answer = await this.root.rollkit.run(this.request());
    } finally {
      this.busy = false;
    }
    if (this.again) {
      this.again = false;
      this.update();
      return;
    }
    if (!this.on) return;
    this.clear();
    if (!answer.ok) {
      this.failed(answer);
      return;
    }
    const view = answer.result.view;
    this.out.replaceChildren(build(view.tree));
    this.out.classList.remove("rk-stale");
    this.fill(view.settings);
    announce(`${view.title}: drawn.`);
  }

  // The settings rollkit drew, where the reader left them empty or is not typing in them.
  fill(settings) {
    for (const key of SETTINGS) {
      const input = this.inputs[key];
      const value = settings[key] ?? "";
      if (input !== document.activeElement && input.value !== String(value)) input.value = String(value);
    }
    this.sync();
  }

  clear() {
    this.error.hidden = true;
    this.error.textContent = "";
    for (const input of Object.values(this.inputs)) input.removeAttribute("aria-invalid");
    for (const node of this.panel.querySelectorAll(".rk-field-error")) { node.hidden = true; node.textContent = ""; }
  }

  // A mistake in a setting is shown by it; one in the widget's values is marked there by the widget.
  failed(answer) {
    let place = null;
    if (answer.internal) {
      console.error("rollkit internal error:", answer.detail || answer.error);
      this.error.textContent = "Something went wrong inside rollkit: this is a bug, not a mistake in your values. Details are in the browser console.";
    } else {
      const key = (answer.field || "").startsWith("against.") ? answer.field.slice("against.".length) : "";
      const input = this.inputs[key];
      place = input ? this.panel.querySelector(`#${CSS.escape(input.id)}-error`) : null;
      if (place) {
        input.setAttribute("aria-invalid", "true");
        place.textContent = answer.error;
        place.hidden = false;
      }
      this.error.textContent = place ? answer.error : `${answer.error} The chart is for the values before this one.`;
    }
    this.error.classList.toggle("rk-sr", Boolean(place)); // said by its setting; still announced
    this.error.hidden = false;
  }
}

// Every chart's points, on any page: the arrow keys move along a line (Left, Right, Home, End)
// and between lines (Up, Down), each line keeping one point in the tab order; a tap focuses a
// point, so its value shows on touch screens too. Bound once, for the charts of every page.
let bound = false;
export function bindPoints() {
  if (bound) return;
  bound = true;
  document.addEventListener("click", (event) => {
    const point = event.target.closest?.(".rk-point");
    if (point) point.focus({ preventScroll: true });
  });
  document.addEventListener("keydown", (event) => {
    const point = event.target.closest?.(".rk-point");
    if (!point || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = step(point, event.key);
    if (target === undefined) return;
    event.preventDefault();
    if (target) moveTo(point, target);
    else point.blur();
  });
}

function step(point, key) {
  const line = point.parentElement;
  const dots = [...line.querySelectorAll(".rk-point")];
  const at = dots.indexOf(point);
  if (key === "ArrowRight") return dots[at + 1] || point;
  if (key === "ArrowLeft") return dots[at - 1] || point;
  if (key === "Home") return dots[0];
  if (key === "End") return dots[dots.length - 1];
  if (key === "Escape") return null;
  if (key !== "ArrowUp" && key !== "ArrowDown") return undefined;
  const lines = [...line.parentElement.querySelectorAll(":scope > g[role=group]")].filter((g) => g.querySelector(".rk-point"));
  const other = lines[lines.indexOf(line) + (key === "ArrowDown" ? 1 : -1)];
  if (!other) return point;
  const x = Number(point.querySelector(".rk-dot").getAttribute("cx"));
  let best = null;
  for (const dot of other.querySelectorAll(".rk-point")) {
    const gap = Math.abs(Number(dot.querySelector(".rk-dot").getAttribute("cx")) - x);
    if (!best || gap < best.gap) best = { dot, gap };
  }
  return best.dot;
}

function moveTo(point, target) {
  if (point.parentElement === target.parentElement) point.tabIndex = -1;
  for (const dot of target.parentElement.querySelectorAll(".rk-point")) dot.tabIndex = -1;
  target.tabIndex = 0; // each line keeps one point in the tab order: the one last visited
  target.focus();
}
