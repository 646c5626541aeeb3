// Put back the colour scheme the reader chose last time, before the page paints.
(function () {
  var saved = window.__md_get && window.__md_get("__palette");
  var color = saved && saved.color;
  if (color && color.media === "(prefers-color-scheme)") {
    var light = matchMedia("(prefers-color-scheme: light)").matches;
    var input = document.querySelector("[data-md-color-media='(prefers-color-scheme: " + (light ? "light" : "dark") + ")']");
    if (input) {
      color.media = input.getAttribute("data-md-color-media");
      color.scheme = input.getAttribute("data-md-color-scheme");
      color.primary = input.getAttribute("data-md-color-primary");
      color.accent = input.getAttribute("data-md-color-accent");
    }
  }
  if (color) Object.keys(color).forEach(function (key) { document.body.setAttribute("data-md-color-" + key, color[key]); });

  // Material marks <body> while the colours switch, so that no transition plays on the way;
  // it sets that mark as its script starts too, where it costs the page two whole restyles for
  // nothing. The build points the rule at data-rollkit-switching (docs_tools/sitebuild/theme.py),
  // which only a switch the reader makes sets here, for two frames.
  document.addEventListener("change", function (event) {
    if (!event.target.closest || !event.target.closest("[data-md-component=palette]")) return;
    document.body.setAttribute("data-rollkit-switching", "");
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { document.body.removeAttribute("data-rollkit-switching"); });
    });
  }, true);
})();
