// The small storage helpers Material's bundle expects as globals, scoped to the site's
// base URL (taken from this script's data-scope attribute, relative to the page).
(function () {
  var scope = new URL(document.currentScript.dataset.scope, location);
  window.__md_scope = scope;
  window.__md_hash = function (text) {
    var hash = 0;
    for (var i = 0; i < text.length; i++) hash = (hash << 5) - hash + text.charCodeAt(i);
    return hash;
  };
  window.__md_get = function (key, storage, base) {
    storage = storage || localStorage;
    base = base || scope;
    return JSON.parse(storage.getItem(base.pathname + "." + key));
  };
  window.__md_set = function (key, value, storage, base) {
    storage = storage || localStorage;
    base = base || scope;
    try { storage.setItem(base.pathname + "." + key, JSON.stringify(value)); } catch (error) { /* storage full or off */ }
  };
})();
