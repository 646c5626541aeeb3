// Leaving a page. Material's instant navigation swaps the page without reloading scripts, and
// the theme itself keeps every page it swapped out reachable (measured: about 7,900 DOM nodes
// more per navigation between two rules pages, the same with rollkit's scripts blocked; see
// tests/browser/test_session_memory.py). What rollkit binds to a page's nodes would ride along
// with them: a widget, its listeners and their closures, a listener on window for a node. So
// each such listener takes `signal: until(node)`, and leave(), run as the next page is bound,
// aborts those of every node no longer on the page (and runs what `until` was told to undo).

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

export function leave() {
  for (const [node, controller] of bound) {
    if (node.isConnected) continue;
    bound.delete(node);
    controller.abort();
  }
}
