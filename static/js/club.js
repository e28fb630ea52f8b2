// Confirmation dialogs and Copy buttons.
//
// Confirmation dialogs (campaign/views/confirm.py): HTMX appends a <dialog data-confirm> to
// the page; open it as a modal, with focus on Cancel. Escape or Cancel closes it and gives
// focus back to the button that asked; a confirmed HTMX answer closes it too.
(function () {
  "use strict";
  var opener = null;

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt && !event.detail.elt.closest("dialog")) opener = event.detail.elt;
  });

  // Opened on htmx:load, once htmx has settled the new dialog: its form is wired to hx-post
  // and htmx has already honoured the Cancel link's autofocus. Opened earlier (afterSwap), the
  // settle that follows took the focus back to Cancel after a quick Tab to the action, and
  // Enter then closed the dialog with nothing posted (issue 25, finding 12).
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!root || !root.querySelectorAll) return;
    var dialogs = Array.prototype.slice.call(root.querySelectorAll("dialog[data-confirm]:not([open])"));
    if (root.matches && root.matches("dialog[data-confirm]:not([open])")) dialogs.push(root);
    dialogs.forEach(function (dialog) {
      var returnTo = opener;
      dialog.addEventListener("close", function () {
        dialog.remove();
        if (returnTo && document.contains(returnTo)) returnTo.focus();
      });
      dialog.showModal();
      var cancel = dialog.querySelector("[data-close-dialog]");
      if (cancel) cancel.focus();
    });
  });

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("dialog [data-close-dialog]");
    if (!cancel) return;
    var dialog = cancel.closest("dialog");
    if (dialog.hasAttribute("data-confirm") && dialog.open && dialog.matches(":modal")) {
      event.preventDefault();
      dialog.close();
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var dialog = event.detail.elt.closest && event.detail.elt.closest("dialog[data-confirm]");
    if (dialog && dialog.open) dialog.close();
  });

  // Copy buttons: <button data-copy="#element-id"> copies that input's value (or its text).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) return;
    var source = document.querySelector(button.getAttribute("data-copy"));
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    var done = function () {
      var label = button.textContent;
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { source.select && source.select(); });
    } else if (source.select) {
      source.select();
      document.execCommand("copy");
      done();
    }
  });
})();
