// Worked examples that run in the page: every pycon block (marked at build time by
// docs_tools/runnable.py, data-rollkit-example) gets the controls rollkit rendered for it in
// its <template> (rollkit/web/_run.py). Edit shows the code in a text field in the block's
// place, Run sends the code to the widgets' worker (Python starts then, or on Edit, never on
// page load) and shows the transcript rollkit answers with through the one DOM builder, Reset
// puts the block's own text back. A run that takes long offers Stop, which restarts the worker
// as a widget's Stop does. The output region is live: it announces what the code gave.

import { SLOW_MS, ask, start, state, stop } from "./client.mjs";
import { until } from "./leave.mjs";
import { build, made } from "./page.mjs";


export function bindExamples() {
  for (const root of document.querySelectorAll("[data-rollkit-example]")) bindExample(root);
}

function bindExample(root) {
  const template = root.querySelector(":scope > .rk-example-template");
  const block = root.querySelector(":scope > .highlight");
  if (!template || !block || root.classList.contains("rk-example-live")) return;
  const controls = made(template);
  root.classList.add("rk-example-live");
  const [slot, edit, run, reset, halt, output] = [".rk-example-field-template", ".rk-example-edit",
    ".rk-example-run", ".rk-example-reset", ".rk-example-stop", ".rk-example-output"].map((name) => controls.querySelector(name));
  // The code field comes out of its template at the first Edit (rollkit/web/_run.py says why);
  // until then a run runs the block's own text, which the template's field holds.
  const source = slot.content.querySelector(".rk-example-code").defaultValue;
  let field = null;
  let code = null;
  let busy = false;
  let stopped = false;
  const bound = { signal: until(root) }; // released when instant navigation leaves the page (leave.mjs)

  const show = (tree) => output.replaceChildren(build(tree));
  const editing = (on) => {
    if (on && !field) {
      field = slot.content.firstElementChild.cloneNode(true);
      slot.replaceWith(field);
      code = field.querySelector(".rk-example-code");
      code.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          go();
        }
      }, bound);
    }
    if (field) field.hidden = !on;
    block.hidden = on;
    edit.disabled = on;
  };

  async function go() {
    if (busy) return;
    busy = true;
    stopped = false;
    state.used = performance.now();
    output.setAttribute("aria-busy", "true");
    const slow = setTimeout(() => { halt.hidden = false; }, SLOW_MS);
    let answer;
    try {
      answer = await ask({ op: "run", code: code ? code.value : source }, { rank: "roll" });
    } finally {
      clearTimeout(slow);
      halt.hidden = true;
      busy = false;
      output.removeAttribute("aria-busy");
    }
    reset.disabled = false;
    if (answer.ok) return show(answer.result.view.tree);
    if (answer.internal) console.error("rollkit internal error:", answer.detail || answer.error);
    show(["p", { class: "rk-example-error" }, stopped ? "Stopped. Press Run to run the code again."
      : answer.internal ? "Something went wrong inside rollkit: this is a bug, not a mistake in your code. Details are in the browser console."
        : answer.error]);
  }

  edit.addEventListener("click", () => {
    editing(true);
    reset.disabled = false;
    code.focus();
    start().catch(() => {}); // the reader means to run it: Python loads while they edit
  }, bound);
  run.addEventListener("click", go, bound);
  reset.addEventListener("click", () => {
    if (code) code.value = code.defaultValue;
    editing(false);
    output.replaceChildren();
    reset.disabled = true;
    edit.focus();
  }, bound);
  halt.addEventListener("click", () => {
    stopped = true;
    stop();
    run.focus();
  }, bound);
}
