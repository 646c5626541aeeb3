// Resource Timing of one global, evaluated by the browser benchmark in a page and (through
// Playwright's worker.evaluate) inside the site's worker, whose fetches the page cannot see.
export default function resources(navigation) {
  return [
    ...(navigation ? performance.getEntriesByType("navigation") : []),
    ...performance.getEntriesByType("resource")].map((e) => ({
    url: e.name, type: e.initiatorType || "navigation", transfer: e.transferSize,
    encoded: e.encodedBodySize, decoded: e.decodedBodySize, start: e.startTime, end: e.responseEnd }));
}
