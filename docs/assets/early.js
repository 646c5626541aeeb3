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
  // A widget's "As Python" fold comes last: when it is parsed, its widget is complete. While
  // the page is parsed, a live list of those folds is looked at before every frame is painted
  // (so a complete widget is never painted disabled, then changed) and each look enables the new
  // ones only. A MutationObserver would be told of every one of the page's thousands of
  // elements: Lighthouse counted it among the page's long tasks.
  var folds = document.getElementsByClassName("rk-python");
  var seen = 0;
  function look() {
    for (; seen < folds.length; seen++) {
      var widget = folds[seen].closest("[data-rollkit-widget]");
      if (widget) enable(widget);
    }
  }
  (function poll() {
    look();
    if (document.readyState === "loading") requestAnimationFrame(poll);
  })();
  document.addEventListener("DOMContentLoaded", function () {
    look();
    var all = document.querySelectorAll("[data-rollkit-widget]");
    for (var i = 0; i < all.length; i++) enable(all[i]);
  });
  document.addEventListener("click", function (event) {
    // A click opening "Roll from a seed" makes its Seed box out of its template, before or after
    // its widget is bound (widget.mjs seedBox() does it for an opening without a click).
    var fold = event.target.closest && event.target.closest(".rk-seed-option > summary");
    var template = fold && fold.parentNode.querySelector(".rk-seed-template");
    if (template) template.parentNode.replaceChild(template.content.cloneNode(true), template);
    var button = event.target.closest && event.target.closest(".rk-roll");
    var root = button && button.closest("[data-rollkit-widget]");
    if (!root || root.rollkit) return;
    root.dataset.rollPending = "1";
    var status = root.querySelector(".rk-status");
    if (status) status.textContent = "Starting Python: your roll follows in a moment…";
  }, true);
})();
