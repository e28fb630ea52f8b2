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
