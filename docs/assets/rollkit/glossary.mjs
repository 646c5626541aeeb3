// Glossary terms (docs_tools/glossary.py marks them; rollkit.css shows a term's definition on
// hover, focus and tap without any script). Escape hides an open definition until the pointer
// or the focus leaves its term; a definition opened by focus or a tap near the bottom of the
// screen is scrolled into view.

const OPEN = ".rk-term:hover, .rk-term:focus-within";

function termOf(event) {
  return event.target instanceof Element ? event.target.closest(".rk-term") : null;
}

export function bindTerms() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const term of document.querySelectorAll(OPEN)) term.setAttribute("data-rollkit-closed", "");
  });
  const reopen = (event) => {
    const term = termOf(event);
    if (term && !(event.relatedTarget instanceof Node && term.contains(event.relatedTarget))) {
      term.removeAttribute("data-rollkit-closed");
    }
  };
  document.addEventListener("focusout", reopen);
  document.addEventListener("pointerout", reopen);
  document.addEventListener("focusin", (event) => {
    const shown = termOf(event) && termOf(event).querySelector(".rk-term-def");
    if (!shown) return;
    requestAnimationFrame(() => {
      if (shown.checkVisibility() && shown.getBoundingClientRect().bottom > innerHeight) {
        shown.scrollIntoView({ block: "nearest" });
      }
    });
  });
}
