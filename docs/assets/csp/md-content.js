// Select the content tabs the reader picked before (linked tabs) and the tab that the
// URL's fragment names, on every page, instant navigation included. Labels are compared by
// their text content: a tab set in a block the page skips while it is far off screen
// (theme.css) has no rendered text, so Material's own linked switching (which compares the
// rendered text) misses it; the reader's choice is carried to those sets here.
(function () {
  function labelReading(set, text) {
    var labels = set.querySelector(".tabbed-labels");
    if (!labels) return null;
    return Array.prototype.find.call(labels.getElementsByTagName("label"), function (label) {
      return label.textContent.trim() === text;
    }) || null;
  }

  function restore() {
    var wanted = window.__md_get && window.__md_get("__tabs");
    if (Array.isArray(wanted)) {
      document.querySelectorAll(".tabbed-set").forEach(function (set) {
        for (var t = 0; t < wanted.length; t++) {
          var found = labelReading(set, wanted[t]);
          if (found) { document.getElementById(found.htmlFor).checked = true; return; }
        }
      });
    }
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.name) target.checked = target.name.indexOf("__tabbed_") === 0;
  }

  // After the reader picks a tab (and Material has switched the sets it could read), switch
  // every other set with a tab of that name, marked as Material marks its own switching so
  // that the switched set does not scroll the page or switch the others again. The choice is
  // kept as Material keeps its own (the sets of worked examples are not Material's: see
  // docs_tools/tabs.py), so that later pages open on it.
  function follow(event) {
    var input = event.target;
    if (!event.isTrusted || !input.matches || !input.matches(".tabbed-set > input")) return;
    var chosen = document.querySelector('label[for="' + input.id + '"]');
    if (!chosen) return;
    var text = chosen.textContent.trim();
    var origin = input.closest(".tabbed-set");
    if (!origin.hasAttribute("data-tabs") && window.__md_get && window.__md_set) {
      var kept = window.__md_get("__tabs");
      kept = Array.isArray(kept) ? kept.filter(function (t) { return t !== text; }) : [];
      window.__md_set("__tabs", [text].concat(kept));
    }
    setTimeout(function () {
      document.querySelectorAll(".tabbed-set").forEach(function (set) {
        var found = set === origin ? null : labelReading(set, text);
        var other = found && document.getElementById(found.htmlFor);
        if (!other || other.checked) return;
        found.setAttribute("data-md-switching", "");
        other.click();
      });
    });
  }

  document.addEventListener("change", follow);
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(restore);
  else restore();
})();
