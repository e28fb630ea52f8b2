// The battle sheet's calculator panel: "Close" empties it (no inline handler: the CSP forbids
// inline script). Without JavaScript the link goes back to the sheet.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var close = event.target.closest && event.target.closest("[data-close-calc]");
    if (!close) return;
    event.preventDefault();
    var dock = document.getElementById("calc");
    if (dock) dock.replaceChildren();
  });
})();
