// Gives the admin's autocomplete boxes (Django's bundled Select2) the accessible name of the
// <select> they stand in for: Select2 builds its own combobox and search field and leaves
// them unnamed when nothing is selected, so a screen reader hears only "combobox".
"use strict";
(function () {
  function nameOf(select) {
    if (select.getAttribute("aria-label")) return select.getAttribute("aria-label");
    if (select.id) {
      const label = document.querySelector('label[for="' + CSS.escape(select.id) + '"]');
      if (label) return label.textContent.replace(/:\s*$/, "").trim();
    }
    return select.name || "";
  }

  function name(container) {
    const select = container.previousElementSibling;
    if (!select || select.tagName !== "SELECT") return;
    const label = nameOf(select);
    if (!label) return;
    container.querySelectorAll(
      ".select2-selection, .select2-selection__rendered, .select2-search__field"
    ).forEach(function (el) {
      el.setAttribute("aria-label", label);
    });
  }

  function nameAll(root) {
    root.querySelectorAll("span.select2-container").forEach(name);
  }

  document.addEventListener("DOMContentLoaded", function () {
    nameAll(document);
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) {
          if (node.nodeType !== 1) return;
          if (node.matches("span.select2-container")) name(node);
          else nameAll(node);
        });
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
})();
