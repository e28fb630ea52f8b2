// Behaviour the pages used to carry in inline handlers (hx-on, onclick), here so the
// Content-Security-Policy can forbid inline script. Each hook is a data- attribute.
(function () {
  "use strict";

  // The live parts' fetches and polls (static/js/live.js) run by themselves: they write
  // nothing in the error box, and leave in it the words of a tap that did not get through.
  function background(element) {
    if (!element || !element.getAttribute) return false;
    if (element.hasAttribute("data-live-poll")) return true;
    return /every|sse:|live:/.test(element.getAttribute("hx-trigger") || "");
  }

  // A new request clears the error box of the last one; but a lost tap's words
  // ([data-lost-tap]) stay until the player's next request: once the stream is down a live poll
  // comes every 2 s and would wipe them before they are read.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var errors = document.getElementById("errors");
    if (!errors) return;
    if (background(event.detail && event.detail.elt) && errors.querySelector("[data-lost-tap]")) {
      return;
    }
    errors.replaceChildren();
  });

  // A request the server answered with an error it does not explain in the page (a proxy's
  // 502 while the server restarts, a 500, a 403): said in words, so that a tap is not lost in
  // silence. (A refusal the server explains, 400 or 409, is swapped into the box itself.)
  document.addEventListener("htmx:responseError", function (event) {
    var detail = event.detail || {};
    if (background(detail.elt)) return;
    var errors = document.getElementById("errors");
    if (!errors) return;
    var status = detail.xhr ? detail.xhr.status : 0;
    var verb = ((detail.requestConfig && detail.requestConfig.verb) || "get").toLowerCase();
    var box = document.createElement("p");
    box.className = "error-box";
    box.setAttribute("role", "alert");
    box.setAttribute("data-lost-tap", "");
    box.textContent = verb === "get"
      ? "That could not be loaded just now (error " + status + "). Try again in a moment."
      : "The server could not take that just now (error " + status + "): nothing changed. " +
        "Try it again in a moment.";
    errors.replaceChildren(box);
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

  // The Moosehead map: a tap on a highlighted space posts the move to it (its button beside
  // the map). A space reached several ways (camping or not) picks out its buttons to choose.
  function moveTo(spot) {
    var to = spot.getAttribute("data-move-to");
    var buttons = document.querySelectorAll('#moves button[data-to="' + to + '"]');
    if (buttons.length === 1) {
      buttons[0].click();
      return;
    }
    document.querySelectorAll("#moves .picked").forEach(function (group) {
      group.classList.remove("picked");
    });
    var group = document.querySelector('#moves [data-group="' + to + '"]');
    if (group && buttons.length) {
      group.classList.add("picked");
      group.scrollIntoView({ block: "nearest" });
      buttons[0].focus({ preventScroll: true });
    }
  }

  document.addEventListener("keydown", function (event) {
    var spot = event.target.closest && event.target.closest("[data-move-to]");
    if (spot && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      moveTo(spot);
    }
  });

  // On a phone the map scrolls in its window: show the canoe whose turn it is.
  function focusMaps(root) {
    root.querySelectorAll(".map-scroll[data-focus-x]").forEach(function (box) {
      var x = parseFloat(box.getAttribute("data-focus-x"));
      var y = parseFloat(box.getAttribute("data-focus-y"));
      box.scrollLeft = Math.max(0, x * box.scrollWidth - box.clientWidth / 2);
      box.scrollTop = Math.max(0, y * box.scrollHeight - box.clientHeight / 2);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    focusMaps(document);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    focusMaps(document);
  });

  // Accessibility, for every page at once (see docs/development/README.md, "Accessibility"):
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
        region.setAttribute("role", "region");
        region.setAttribute("aria-label", uniqueName(regionName(region)));
      }
    });
  }

  // A scroll region's name: its table's caption, else the heading just before it ("Table:
  // Magalakutway"). Two regions never share a name (axe's landmark-unique, issue 33).
  function regionName(region) {
    var caption = region.querySelector("caption");
    if (caption) return caption.textContent.trim();
    var heading = headingBefore(region);
    return heading ? "Table: " + heading.textContent.trim().replace(/\s+/g, " ") : "Table";
  }

  function headingBefore(element) {
    for (var node = element; node && node !== document.body; node = node.parentElement) {
      for (var sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        if (/^H[1-6]$/.test(sibling.tagName)) return sibling;
        var inner = sibling.querySelectorAll("h1, h2, h3, h4, h5, h6");
        if (inner.length) return inner[inner.length - 1];
      }
    }
    return null;
  }

  function uniqueName(name) {
    var taken = {};
    document.querySelectorAll("[role=region][aria-label]").forEach(function (other) {
      taken[other.getAttribute("aria-label")] = true;
    });
    if (!taken[name]) return name;
    var n = 2;
    while (taken[name + " (" + n + ")"]) n += 1;
    return name + " (" + n + ")";
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
    var spot = target.closest && target.closest("[data-move-to]");
    if (spot) {
      moveTo(spot);
    }
    if (target.closest && target.closest("[data-print]")) {
      window.print();
    }
    if (target.hasAttribute && target.hasAttribute("data-select-on-click")) {
      target.select();
    }
  });
})();
