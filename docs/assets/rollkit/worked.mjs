// A worked example's Replay (docs_tools/examples.py renders it hidden, for a page without
// JavaScript has nothing to replay in): shown once the widget it names is live. Pressing it
// puts the example's share link (?rk=ID&p.name=value&faces=...#ID) in the address bar and lets
// that widget read it as it reads any shared link (widget.mjs replay()): the same dice, said
// to be a replay, not a second way to replay.

export function bindWorked() {
  for (const example of document.querySelectorAll("[data-rollkit-worked]")) {
    const root = document.getElementById(example.dataset.rollkitWorked);
    const replay = example.querySelector(".rk-worked-replay");
    if (replay && root && root.rollkit) replay.hidden = false;
  }
}

export function keepWorked() {
  // in the capture phase: before Material's instant navigation would load the page again
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest(".rk-worked-link") : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const example = link.closest("[data-rollkit-worked]");
    const root = example && document.getElementById(example.dataset.rollkitWorked);
    if (!root || !root.rollkit) return;
    event.preventDefault();
    event.stopPropagation();
    history.replaceState(history.state, "", link.href);
    root.rollkit.replay();
    root.scrollIntoView({ block: "start" });
    root.querySelector(".rk-result")?.focus({ preventScroll: true });
  }, true);
}
