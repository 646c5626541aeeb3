// What rollkit's page modules share: the one DOM builder, the page's polite status region,
// the browser's idle time and the reader's way of writing a time.

const SVG = "http://www.w3.org/2000/svg";

// The reader asked to save data: Python downloads only when a widget is used, and only what
// that use needs.
export const SAVE_DATA = navigator.connection?.saveData === true
  || window.matchMedia("(prefers-reduced-data: reduce)").matches;

// A view tree [tag, attributes, ...children] as DOM nodes: the trees rollkit._view sends, and
// the few rollkit's page modules make themselves. Attributes are set as text, never handlers,
// and nothing is parsed as HTML.
export function build(tree, inSvg = false) {
  if (typeof tree === "string") return document.createTextNode(tree);
  const [tag, attrs, ...children] = tree;
  const svg = inSvg || tag === "svg";
  const node = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || key.startsWith("on")) continue;
    node.setAttribute(key, value === true ? "" : String(value)); // true: present, as to_html writes it
  }
  for (const child of children) node.append(build(child, svg));
  return node;
}

// A template rollkit rendered at build time (what a page needs only once a reader asks for it:
// the browser neither lays out nor examines what a template holds), its element made and put in
// the template's place.
export function made(template) {
  const element = template.content.firstElementChild.cloneNode(true);
  template.replaceWith(element);
  return element;
}

// One polite status region per page: loading and readiness are said once, not per widget.
export function announce(text) {
  let region = document.querySelector(".rk-live");
  if (!region) {
    region = build(["div", { class: "rk-live md-visually-hidden", role: "status", "aria-live": "polite" }]);
    document.body.append(region);
  }
  region.textContent = text;
}

// The page's state once Python runs (said once per page, by the status region and the first widget).
export const LIVE = "Live: rolls and odds are worked out in your browser.";

export const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));

// When something happened (an ISO 8601 time), to the second, as the reader's own clock and
// language say it; "" for anything else.
export function when(iso) {
  const date = new Date(iso || "");
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}
