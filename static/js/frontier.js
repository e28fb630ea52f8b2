// Behaviour the pages used to carry in inline handlers (hx-on, onclick), here so the
// Content-Security-Policy can forbid inline script. Each hook is a data- attribute.
(function () {
  "use strict";

  // A new request clears the error box of the last one.
  document.addEventListener("htmx:beforeRequest", function () {
    var errors = document.getElementById("errors");
    if (errors) errors.replaceChildren();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (!form) return;
    // The builder's kit form: a refused change (400) puts the boxes back as they were.
    if (form.hasAttribute("data-reset-on-400") && event.detail.xhr.status === 400) {
      form.reset();
    }
    // The builder's add form: a figure added clears the name for the next one.
    var field = form.getAttribute("data-clear-on-success");
    if (field && event.detail.successful && form.elements[field]) {
      form.elements[field].value = "";
    }
  });

  // Accessibility, for every page at once (see README, "Accessibility"):
  // - the cursor starts in the first field of a page's form (a `form.narrow` page: log in, sign
  //   up, join ..., or a form marked data-autofocus), unless a field asks for it itself or the
  //   field is out of sight (in a closed <details>);
  // - a region that scrolls (a wide table, a long log) takes the keyboard focus, so it can be
  //   scrolled with the arrow keys, and is named for screen readers.
  function focusFirstField() {
    if (document.querySelector("[autofocus]") || window.location.hash) return;
    var form = document.querySelector("main form.narrow, main form[data-autofocus]");
    if (!form) return;
    var fields = form.querySelectorAll(
      "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])"
    );
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].offsetParent !== null) {
        fields[i].focus();
        return;
      }
    }
  }

  function scrollRegionsTakeFocus(root) {
    var selector = ".table-wrap, [data-scroll-region]";
    var regions = Array.prototype.slice.call(root.querySelectorAll(selector));
    if (root.matches && root.matches(selector)) regions.push(root);
    regions.forEach(function (region) {
      if (region.hasAttribute("tabindex")) return;
      region.setAttribute("tabindex", "0");
      if (!region.hasAttribute("aria-label") && !region.hasAttribute("aria-labelledby")) {
        var caption = region.querySelector("caption");
        region.setAttribute("role", "region");
        region.setAttribute("aria-label", caption ? caption.textContent.trim() : "Scrollable table");
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    focusFirstField();
    scrollRegionsTakeFocus(document);
  });
  document.addEventListener("htmx:load", function (event) {
    scrollRegionsTakeFocus(event.target);
  });

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target.closest && target.closest("[data-print]")) {
      window.print();
    }
    if (target.hasAttribute && target.hasAttribute("data-select-on-click")) {
      target.select();
    }
  });
})();
