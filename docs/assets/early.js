// rollkit, before the page's module script has run: a classic script in <head>.
// Widgets are shipped with their controls disabled (so that without JavaScript nothing
// pretends to work). As the page is parsed, this enables them and keeps a Roll pressed
// before rollkit.mjs has bound its widget: the widget rolls as soon as it is bound.
(function () {
  "use strict";
  function enable(root) {
    var controls = root.querySelector(".rk-controls");
    if (!controls || root.dataset.early) return;
    root.dataset.early = "1";
    controls.disabled = false;
    root.classList.add("rk-live-widget");
  }
  // The parser adds elements one at a time, and a widget's "As Python" fold comes last:
  // when it arrives, its widget is complete. One class test per added element.
  var seen = new MutationObserver(function (changes) {
    for (var i = 0; i < changes.length; i++) {
      var added = changes[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType === 1 && node.classList.contains("rk-python")) {
          var widget = node.closest("[data-rollkit-widget]");
          if (widget) enable(widget);
        }
      }
    }
  });
  seen.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () {
    seen.disconnect();
    var all = document.querySelectorAll("[data-rollkit-widget]");
    for (var i = 0; i < all.length; i++) enable(all[i]);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".rk-roll");
    var root = button && button.closest("[data-rollkit-widget]");
    if (!root || root.rollkit) return;
    root.dataset.rollPending = "1";
    var status = root.querySelector(".rk-status");
    if (status) status.textContent = "Starting Python: your roll follows in a moment…";
  }, true);
})();
