// Print: a printed widget shows its odds with a link and QR code that open it with the values
// it was built with (docs_tools/widgets.py, docs_tools/sitebuild/printing.py). When the reader
// has changed its values (or filled them from a character), the odds printed are theirs: just
// before printing, its link becomes the one to their values, and the QR code, made for the
// built values, is left out (assets/print.css, data-rollkit-print-edited). Back to the built
// values, the built link and QR code return.
//
// Folds print as the reader left them: Material opens every <details> for printing, so the
// ones still closed are marked first (a capturing listener runs before Material's) and
// print.css prints a marked fold closed.

const ROLL_ONLY = ["seed", "spend", "hand", "at", "typed"]; // a roll's, not the values'

function relink(root) {
  const block = root.querySelector(".rk-print");
  const link = block && block.querySelector("a");
  if (!link || !root.rollkit) return;
  if (!link.dataset.built) link.dataset.built = JSON.stringify([link.href, link.textContent]);
  const built = JSON.parse(root.dataset.state).params;
  const now = root.rollkit.params();
  if (Object.keys(built).every((name) => now[name] === undefined || now[name] === built[name])) {
    [link.href, link.textContent] = JSON.parse(link.dataset.built);
    delete block.dataset.rollkitPrintEdited;
    return;
  }
  const url = new URL(root.rollkit.link());
  for (const name of ROLL_ONLY) url.searchParams.delete(name);
  link.href = url.href;
  link.textContent = url.href;
  block.dataset.rollkitPrintEdited = "";
}

export function keepPrintLinks() {
  window.addEventListener("beforeprint", () => {
    for (const fold of document.querySelectorAll("details:not([open]):not(.rk-against-table)")) fold.dataset.rollkitPrintClosed = "";
    for (const root of document.querySelectorAll("[data-rollkit-widget]")) relink(root);
  }, { capture: true });
  window.addEventListener("afterprint", () => {
    for (const fold of document.querySelectorAll("details[data-rollkit-print-closed]")) delete fold.dataset.rollkitPrintClosed;
  });
}
