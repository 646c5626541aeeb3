// Leaving a page. Material's instant navigation swaps the page without reloading scripts.
//
// What rollkit binds to a page's nodes would ride along with them: a widget, its listeners and
// their closures, a listener on window for a node. So each such listener takes
// `signal: until(node)`, and leave(), run as the next page is bound, aborts those of every node
// no longer on the page (and runs what `until` was told to undo).
//
// The theme keeps pages too: its sidebar and back-to-top components stay subscribed to the
// window's scroll after their page is swapped out, each holding its own element, and through
// that element's parent the whole page it was part of (about 9,600 DOM nodes a navigation
// between two rules pages, measured with a heap snapshot: 12,874 live nodes on the first page,
// 205,422 after 20 navigations). So leave() also takes the swapped-out page apart, once the
// browser is idle: every element is removed from its parent, and whatever still holds one of
// them holds that element alone (tests/browser/test_session_memory.py).

import { idle } from "./page.mjs";

const bound = new Map(); // node: its AbortController, until the node has left the page

export function until(node, undo = null) {
  let controller = bound.get(node);
  if (!controller) {
    controller = new AbortController();
    bound.set(node, controller);
  }
  if (undo) controller.signal.addEventListener("abort", undo, { once: true });
  return controller.signal;
}

const CONTAINER = "[data-md-component=container]"; // what the theme swaps on each navigation
let shown = null; // the page on screen: its container

export function leave() {
  for (const [node, controller] of bound) {
    if (node.isConnected) continue;
    bound.delete(node);
    controller.abort();
  }
  const container = document.querySelector(CONTAINER);
  if (shown && shown !== container && !shown.isConnected) dismantle(shown);
  shown = container;
}

// A page no longer in the document, taken apart from its deepest elements up, SLICE elements at
// a time while the browser is idle (a detached tree: nothing is laid out or restyled).
const SLICE = 1000;
function dismantle(root) {
  const elements = [...root.querySelectorAll("*")];
  const next = () => {
    for (let i = 0; i < SLICE && elements.length; i++) elements.pop().remove();
    if (elements.length) idle(next);
  };
  idle(next);
}
