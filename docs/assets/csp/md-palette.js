// The colour scheme's toggle (overrides/partials/palette.html), run as soon as the header holding
// it is parsed, before the page paints: the scheme the reader chose on this site, or else the
// one their system prefers, is put on <body>; the button that switches away from it is shown;
// a switch (a click, Enter, or an arrow key in the radio group) changes the scheme and is kept.
// The theme's bundle would do all this as it starts, restyling the whole page on every load.
(function () {
  var form = document.querySelector("[data-rollkit-palette]");
  if (!form) return;
  var inputs = form.querySelectorAll("input[name=__palette]");
  if (!inputs.length) return;

  // The browser's own colours (the canvas, scrollbars, form controls) follow the scheme shown.
  // Every write of this <meta> restyles the whole page, so it is written here, while the page
  // is still almost empty, and again only when the reader switches.
  var meta = document.createElement("meta");
  meta.name = "color-scheme";
  document.head.appendChild(meta);

  function colour(input) {
    var color = {};
    ["media", "scheme", "primary", "accent"].forEach(function (key) {
      color[key] = input.getAttribute("data-md-color-" + key);
    });
    return color;
  }

  var current = 0;
  function show(index) {
    current = index;
    var color = colour(inputs[index]);
    Object.keys(color).forEach(function (key) { document.body.setAttribute("data-md-color-" + key, color[key]); });
    for (var i = 0; i < inputs.length; i++) {
      var label = inputs[i].nextElementSibling;
      if (label && label.tagName === "LABEL") label.hidden = i !== index;
    }
    inputs[index].checked = true;
    meta.content = getComputedStyle(document.body).colorScheme; // as the theme's stylesheet sets it for the scheme
    return color;
  }

  var saved = window.__md_get && window.__md_get("__palette");
  var first = saved && typeof saved.index === "number" ? saved.index
    : Array.prototype.findIndex.call(inputs, function (input) {
      return matchMedia(input.getAttribute("data-md-color-media")).matches;
    });
  show(Math.max(0, Math.min(first, inputs.length - 1)));

  // A switch: the theme's stylesheet stops every transition while <body> has its switching mark,
  // set here for two frames, so that the page changes colour at once.
  form.addEventListener("change", function (event) {
    var index = Array.prototype.indexOf.call(inputs, event.target);
    if (index < 0) return;
    document.body.setAttribute("data-md-color-switching", "");
    var color = show(index);
    if (window.__md_set) window.__md_set("__palette", { index: index, color: color });
    requestAnimationFrame(function () {
      requestAnimationFrame(function () { document.body.removeAttribute("data-md-color-switching"); });
    });
  });

  // Enter in the toggle switches to the next scheme, as the theme's toggle does.
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    var next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
})();
