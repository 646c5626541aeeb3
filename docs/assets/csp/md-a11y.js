// A table wider than the page scrolls inside Material's .md-typeset__scrollwrap. While it
// does, make that box a named, focusable region so that it can be scrolled from the
// keyboard (WCAG 2.1.1; axe: scrollable-region-focusable); a table that fits stays out of
// the tab order. Checked again whenever the box or its table changes size. A code block
// that scrolls is put in the tab order too: Material does it only when the block first
// comes on screen (its content.lazy feature), too late for a reader tabbing down the page.
// When every box the page shows has been measured, <html> gets data-rollkit-regions="measured".
// The same script ends the skipping of far boxes that theme.css starts (below).
(function () {
  function headingBefore(element) {
    for (var node = element; node && !node.classList.contains("md-content__inner"); node = node.parentElement) {
      for (var prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
        if (/^H[1-6]$/.test(prev.tagName)) {
          var copy = prev.cloneNode(true);
          copy.querySelectorAll(".headerlink").forEach(function (link) { link.remove(); });
          return copy.textContent.trim();
        }
      }
    }
    return "";
  }

  function tabLabel(element) {
    var block = element.closest(".tabbed-block");
    if (!block) return "";
    var index = Array.prototype.indexOf.call(block.parentElement.children, block);
    var label = block.closest(".tabbed-set").querySelectorAll(".tabbed-labels > label")[index];
    return label ? label.textContent.trim() : "";
  }

  function name(wrap) {
    var caption = wrap.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var parts = [headingBefore(wrap), tabLabel(wrap)].filter(Boolean);
    return parts.length ? parts.join(", ") + ": table" : "Table";
  }

  function update(wrap) {
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (wrap.tagName === "CODE") { // Material takes it out of the tab order itself
      if (scrolls) wrap.setAttribute("tabindex", "0");
      return;
    }
    if (scrolls === wrap.hasAttribute("tabindex")) return;
    if (scrolls) {
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", name(wrap));
    } else {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  }

  var observer = typeof ResizeObserver === "function" ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { update(entry.target.closest(".md-typeset__scrollwrap") || entry.target); });
  }) : null;

  // Measuring every box at once would lay out the whole page while it loads (theme.css lets
  // the browser skip the blocks far off screen): the observer reports each box once it is laid
  // out, and the rest are measured a few at a time while the browser is idle, so that each is in
  // the tab order long before the keyboard can reach it. A box the page does not show (in a
  // closed fold, a tab not chosen) is left to the observer: the keyboard cannot reach it until
  // it is shown, and measuring it would lay out what it is in. Each idle turn stops after
  // SLICE_MS, so that no turn is a long task on a phone four times slower than this machine.
  var idle = window.requestIdleCallback || function (work) {
    return setTimeout(function () { work({ timeRemaining: function () { return 8; } }); }, 50);
  };
  var SLICE_MS = 5;
  var pending = [];
  var shown = function (box) { return typeof box.checkVisibility !== "function" || box.checkVisibility(); };

  function measure(deadline) {
    var began = performance.now();
    while (pending.length && deadline.timeRemaining() > 1 && performance.now() - began < SLICE_MS) {
      var box = pending.shift();
      if (box.isConnected && shown(box)) update(box);
    }
    if (pending.length) return idle(measure);
    document.documentElement.dataset.rollkitRegions = "measured";
    loaded.then(function () { idle(showSkipped); });
  }

  // Then, once the page has loaded, the boxes it skipped while loading (theme.css) are shown,
  // about a screenful (STEP) a frame while the browser is idle: from then on the page is laid
  // out whole, so its length no longer changes as the reader scrolls, and whatever measures the
  // page (an audit, a browser's accessibility view) finds each box where it is. <html> then gets
  // data-rollkit-layout="whole". Each frame that shows boxes also lays out and repaints what
  // moved and lets the theme measure its tabs again, so a few boxes a frame cost the main thread
  // far less than one a frame (a fifth to a third less after load on the Hits page, in Chromium
  // at a phone's speed).
  var loaded = new Promise(function (resolve) {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", resolve, { once: true });
  });

  var page = 0; // instant navigation: a new page stops the old page's showing
  var STEP = 80; // rem of skipped boxes shown a frame: a widget or two, or several tables

  function showSkipped() {
    var mine = page;
    var candidates = document.querySelectorAll(".md-typeset > *, .md-typeset > * > pre, .md-typeset > .rollkit-widget > .rk-odds");
    var boxes = Array.prototype.filter.call(candidates, function (box) {
      return getComputedStyle(box).contentVisibility === "auto";
    });
    // their heights while skipped (theme.css's estimates, or the size they last had), read at
    // once before any is shown
    var heights = boxes.map(function (box) { return box.getBoundingClientRect().height; });
    var step = STEP * parseFloat(getComputedStyle(document.documentElement).fontSize);
    (function next() {
      if (mine !== page) return;
      for (var shown = 0; boxes.length && shown < step;) {
        var box = boxes.shift();
        shown += heights.shift();
        if (box.isConnected) box.style.contentVisibility = "visible";
      }
      if (!boxes.length) return void (document.documentElement.dataset.rollkitLayout = "whole");
      idle(next);
    })();
  }

  function scan() {
    if (observer) observer.disconnect();
    var running = pending.length > 0;
    delete document.documentElement.dataset.rollkitRegions;
    delete document.documentElement.dataset.rollkitLayout;
    page += 1;
    var wraps = document.querySelectorAll(".md-typeset__scrollwrap");
    var codes = document.querySelectorAll(".md-typeset pre > code");
    pending = Array.prototype.slice.call(wraps).concat(Array.prototype.slice.call(codes));
    Array.prototype.forEach.call(wraps, function (wrap) {
      if (!observer) return;
      observer.observe(wrap);
      if (wrap.firstElementChild) observer.observe(wrap.firstElementChild);
    });
    Array.prototype.forEach.call(codes, function (code) { if (observer) observer.observe(code); });
    if (!running) idle(measure);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(scan);
  else scan();
})();
