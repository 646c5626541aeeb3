// A table wider than the page scrolls inside Material's .md-typeset__scrollwrap. While it
// does, make that box a named, focusable region so that it can be scrolled from the
// keyboard (WCAG 2.1.1; axe: scrollable-region-focusable); a table that fits stays out of
// the tab order. Checked again whenever the box or its table changes size.
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
    entries.forEach(function (entry) { update(entry.target.closest(".md-typeset__scrollwrap")); });
  }) : null;

  function scan() {
    if (observer) observer.disconnect();
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      update(wrap);
      if (observer) {
        observer.observe(wrap);
        if (wrap.firstElementChild) observer.observe(wrap.firstElementChild);
      }
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(scan);
  else scan();
})();
