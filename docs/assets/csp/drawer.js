// The header's menu icon opens the navigation drawer. Material makes it a <label> for
// the drawer's checkbox, which the keyboard cannot reach; swap it for a real <button>
// (same look) that toggles the checkbox and says whether the drawer is open. Escape
// closes an open drawer and puts focus back on the button. Without scripts the label
// stays and works with a pointer. The closed drawer itself is hidden in theme.css.
(function () {
  var toggle = document.getElementById("__drawer");
  var label = document.querySelector('label.md-header__button[for="__drawer"]');
  if (!toggle || !label) return;

  var button = document.createElement("button");
  button.type = "button";
  button.className = label.className;
  button.dataset.rollkitDrawer = "";
  button.setAttribute("aria-label", "Navigation");
  button.setAttribute("aria-expanded", String(toggle.checked));
  button.append.apply(button, Array.prototype.slice.call(label.childNodes));
  label.replaceWith(button);

  button.addEventListener("click", function () { toggle.click(); });
  toggle.addEventListener("change", function () {
    button.setAttribute("aria-expanded", String(toggle.checked));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !toggle.checked) return;
    var inDrawer = document.activeElement && document.activeElement.closest(".md-sidebar--primary");
    toggle.click();
    if (inDrawer || document.activeElement === document.body) button.focus();
  });
})();
