// rollkit, before the page's module script has run: a classic script in <head>.
// Widgets are shipped with their controls disabled (so that without JavaScript nothing
// pretends to work). As the page is parsed, this enables them and keeps a Roll pressed
// before rollkit.mjs has bound its widget: the widget rolls as soon as it is bound.
//
// It also makes, while the page is parsed, two changes the theme's bundle makes as it starts
// (at the end of the page), where each made the browser restyle every element already styled:
// <html>'s classes (no-js to js, and the focus polyfill's mark), and every link's address
// written out whole (the bundle does it so that links kept across instant navigation stay
// right). Made here, the classes change before <body> exists, and a link's address before
// the link is first styled (the links parsed since the last frame, just before the next one);
// the bundle then finds nothing to change.
(function () {
  "use strict";
  var html = document.documentElement;
  html.classList.remove("no-js");
  html.classList.add("js", "js-focus-visible");
  html.setAttribute("data-js-focus-visible", "");

  // the bundle's test for an address it leaves alone (a whole URL, or one from //)
  var WHOLE = /^(?:[a-z]+:)?\/\//i;
  function wholeAddresses(links, from) {
    for (var i = from; i < links.length; i++) {
      var href = links[i].getAttribute("href");
      if (href && !WHOLE.test(href)) links[i].href = links[i].href;
    }
    return links.length;
  }
  wholeAddresses(document.querySelectorAll("link[href]"), 0); // the head's, above this script
  var anchors = document.links; // live: each look below does the ones parsed since the last
  var anchorsDone = 0;

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
    anchorsDone = wholeAddresses(anchors, anchorsDone);
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
