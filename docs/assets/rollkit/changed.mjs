// What changed since a link was made: a widget's shared link records the build it came from
// (b=, the build's runtime folder hash, which changes with rollkit's code) and the chance of
// success its values had (c=13/24). Opened on another build, the widget asks for its odds with
// that chance (`earlier`), and rollkit's odds view says so when it is not the same any more, with
// both numbers (rollkit.web._changed). A link from this build says nothing.

import { CONFIG } from "./config.mjs";

// This build: the hash of its runtime folder (pyodide/<hash>/); "" in a bare build.
export const BUILD = (CONFIG.runtime || "").split("/").filter(Boolean).pop() || "";
const CHANCE_MOST = 200; // characters: a longer exact chance is left out of the link

// The build and, when the odds on screen are for these values, their chance, on a link's URL.
export function stamp(url, root, current) {
  if (!BUILD) return;
  url.searchParams.set("b", BUILD);
  const chance = root.dataset.chance || "";
  if (current && chance && chance.length <= CHANCE_MOST) url.searchParams.set("c", chance);
}

// What a link opened on this page knows of an earlier build, for the values it set (`params`,
// as JSON): null for a link of this build, one without b=, or a bare build.
export function fromLink(query, params) {
  const build = query.get("b");
  if (!BUILD || !build || build === BUILD) return null;
  return { params, chance: query.get("c") || "" };
}

// The odds request's `earlier`, while the widget still holds the link's values.
export function earlier(linked, params) {
  return linked && linked.params === params ? { earlier: linked.chance } : {};
}
