// Select the content tabs the reader picked before (linked tabs) and the tab that the
// URL's fragment names, on every page, instant navigation included.
(function () {
  function restore() {
    var wanted = window.__md_get && window.__md_get("__tabs");
    if (Array.isArray(wanted)) {
      document.querySelectorAll(".tabbed-set").forEach(function (set) {
        var labels = set.querySelector(".tabbed-labels");
        if (!labels) return;
        for (var t = 0; t < wanted.length; t++) {
          var found = Array.prototype.find.call(labels.getElementsByTagName("label"), function (label) {
            return label.innerText.trim() === wanted[t];
          });
          if (found) { document.getElementById(found.htmlFor).checked = true; return; }
        }
      });
    }
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.name) target.checked = target.name.indexOf("__tabbed_") === 0;
  }
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(restore);
  else restore();
})();
