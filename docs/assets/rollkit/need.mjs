// "What do I need?" under a widget's odds: which value of a field gives a chance. The form is
// rollkit's (rollkit/web/_need.py), made from its template as the fold first opens; this module
// only sends it to the worker with the widget's values and shows the answer tree. The answer's
// sentence is the only text announced; when the widget's values change, a shown answer is marked
// out of date and asked again. An answer that takes long offers Stop (it restarts the worker, as
// a widget's Stop does); an answer the page gave itself (stopped, or Python unavailable) is said
// as it is, never as the reader's mistake.

import { SLOW_MS, ask, stop } from "./client.mjs";
import { until } from "./leave.mjs";
import { build, made } from "./page.mjs";

export function bindNeed(root) {
  const box = root.querySelector(".rk-need");
  if (!box || box.dataset.bound) return;
  box.dataset.bound = "1";
  // The form comes out of its template as the fold first opens (rollkit/web/_need.py says why):
  // on the click that opens it, so that it is there when the fold is drawn open, or as it opens.
  const template = box.querySelector(".rk-need-template");
  if (!template) return; // a page without one (its build had no such fold)
  const make = () => {
    if (!template.isConnected) return;
    bindForm(root, box, made(template));
  };
  const on = { signal: until(root) };
  box.querySelector("summary").addEventListener("click", make, on);
  box.addEventListener("toggle", () => { if (box.open) make(); }, on);
  if (box.open) make();
}

function bindForm(root, box, form) {
  const chance = form.querySelector("[name=chance]");
  const error = form.querySelector(".rk-field-error");
  const said = box.querySelector(".rk-need-answer");
  const detail = box.querySelector(".rk-need-detail");
  const halt = box.querySelector(".rk-need-stop");
  let busy = false;
  let again = false;
  let stopped = false;
  box.querySelector(".rk-need-controls").disabled = false;

  const clear = () => {
    for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    error.hidden = true;
    error.textContent = "";
  };

  async function find() {
    if (busy) { again = true; return; }
    busy = true;
    stopped = false;
    box.setAttribute("aria-busy", "true");
    const slow = setTimeout(() => { halt.hidden = false; }, SLOW_MS);
    let answer;
    try {
      answer = await ask({ op: "need", check: root.dataset.check, params: root.rollkit.params(),
        vary: form.elements.vary.value, chance: chance.value, at: form.elements.at.value });
    } finally {
      clearTimeout(slow);
      const focused = document.activeElement === halt;
      halt.hidden = true;
      if (focused) form.querySelector(".rk-need-find").focus(); // not lost with the hidden Stop
      busy = false;
      box.removeAttribute("aria-busy");
    }
    if (again && !stopped) { again = false; find(); return; }
    again = false;
    clear();
    box.classList.remove("rk-need-stale");
    if (answer.stopped || answer.unavailable) { // the page's own answer: no value of the reader's is wrong
      detail.replaceChildren();
      said.textContent = stopped ? "Stopped. Press Find to ask again." : answer.error;
      return;
    }
    if (!answer.ok) {
      const own = answer.field && form.elements[answer.field];
      if (own) {
        own.setAttribute("aria-invalid", "true");
        if (own === chance) { error.textContent = answer.error; error.hidden = false; }
      }
      detail.replaceChildren();
      said.textContent = answer.internal
        ? "Something went wrong inside rollkit: this is a bug, not a mistake in your values. Details are in the browser console."
        : own ? answer.error : `Fix the widget's values first. ${answer.error}`;
      if (answer.internal) console.error("rollkit internal error:", answer.detail || answer.error);
      return;
    }
    if (said.textContent !== answer.result.view.summary) said.textContent = answer.result.view.summary; // said once
    detail.replaceChildren(build(answer.result.view.tree));
  }

  const on = { signal: until(root) }; // released when instant navigation leaves the page (leave.mjs)
  form.addEventListener("submit", (event) => { event.preventDefault(); find(); }, on);
  halt.addEventListener("click", () => { stopped = true; stop(); }, on);
  // The widget's own fields changed: an answer on screen is for the old values until asked again.
  const edited = (event) => {
    if (!event.target.closest(".rk-fields") || !said.textContent) return;
    box.classList.add("rk-need-stale");
    find();
  };
  root.querySelector(".rk-form").addEventListener("input", edited, on);
  root.querySelector(".rk-form").addEventListener("change", edited, on);
}
