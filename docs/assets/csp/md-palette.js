// Put back the colour scheme the reader chose last time, before the page paints.
(function () {
  var saved = window.__md_get && window.__md_get("__palette");
  if (!saved || !saved.color) return;
  var color = saved.color;
  if (color.media === "(prefers-color-scheme)") {
    var light = matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector("[data-md-color-media='(prefers-color-scheme: " + (light ? "light" : "dark") + ")']");
    if (input) {
      color.media = input.getAttribute("data-md-color-media");
      color.scheme = input.getAttribute("data-md-color-scheme");
      color.primary = input.getAttribute("data-md-color-primary");
      color.accent = input.getAttribute("data-md-color-accent");
    }
  }
  Object.keys(color).forEach(function (key) { document.body.setAttribute("data-md-color-" + key, color[key]); });
})();
