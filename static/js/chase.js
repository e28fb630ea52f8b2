// The canoe games' pages: the hot-seat handover and the replay's slider, turns and autoplay.
// A file of its own (no inline script: the Content-Security-Policy forbids it).
(function () {
  "use strict";

  var AUTOPLAY_MS = 1200;

  // --- the table: after a move, bring the handover prompt into sight -------------------------
  // Hot-seat with hidden hands: "Pass the device to ..."; without (the race): "Virginia to
  // move" when the next player differs from the one who just moved.
  var seatBefore = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var table = document.getElementById("table");
    seatBefore = table ? table.dataset.seat : null;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig || {};
    if ((config.verb || "").toLowerCase() !== "post") return;
    var table = document.getElementById("table");
    if (!table) return;
    var prompt = document.getElementById("pass");
    if (!prompt && table.dataset.seat !== seatBefore) {
      prompt = table.querySelector("[data-handover]");
    }
    if (prompt) {
      prompt.scrollIntoView({ block: "start" });
      var button = prompt.querySelector("button");
      if (button) button.focus({ preventScroll: true });
      return;
    }
    showNextAction(table);
  });

  // --- the table on a phone: the next action in view after each move ---------------------
  // The Moosehead map's highlighted spaces after a throw, else the first action button
  // ("Throw the die", a race's activation ...): scrolled to the middle of the screen unless
  // already on it, so nobody scrolls back down to find it.
  function onScreen(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }

  function showNextAction(table) {
    var next = table.querySelector("svg .reach") || table.querySelector("#actions button:not([disabled])");
    if (next && !onScreen(next)) next.scrollIntoView({ block: "center", inline: "center" });
  }

  // --- the Moosehead map's zoom: kept across the table's swaps --------------------------------
  var ZOOMS = [0.6, 0.8, 1, 1.3, 1.7];
  var zoom = 2; // an index into ZOOMS; "fit" when null
  var fit = false;

  function applyZoom(root) {
    root.querySelectorAll(".map-scroll").forEach(function (box) {
      box.classList.toggle("fit", fit);
      box.style.setProperty("--map-zoom", String(ZOOMS[zoom]));
    });
    root.querySelectorAll("[data-zoom-controls]").forEach(function (controls) {
      controls.hidden = false;
      controls.querySelector("[data-zoom=out]").disabled = fit || zoom === 0;
      controls.querySelector("[data-zoom=in]").disabled = !fit && zoom === ZOOMS.length - 1;
      controls.querySelector("[data-zoom=fit]").setAttribute("aria-pressed", fit ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-zoom]");
    if (!button) return;
    var how = button.getAttribute("data-zoom");
    if (how === "fit") fit = !fit;
    else if (fit) { fit = false; zoom = how === "in" ? 2 : 0; }
    else zoom = Math.max(0, Math.min(ZOOMS.length - 1, zoom + (how === "in" ? 1 : -1)));
    applyZoom(document);
  });
  document.addEventListener("DOMContentLoaded", function () {
    applyZoom(document);
    var table = document.getElementById("table");
    if (table && table.dataset.status === "playing" && !document.getElementById("pass")) {
      showNextAction(table);
    }
  });
  document.addEventListener("htmx:afterSwap", function () { applyZoom(document); });

  // --- the table: "Your turn" in the title, the favicon and, if allowed, a notification ------
  // The table's `data-my-turn` says the seat this browser shows has a move; the 2 s poll
  // swaps the table in when the game moves, so a background tab changes with it.
  var NOTIFY_KEY = "frontier-turn-notify";
  var baseTitle = null;
  var baseIcon = null;
  var wasMyTurn = false;

  function icon() {
    return document.querySelector("link[rel~='icon']");
  }

  function notifyWanted() {
    try {
      return window.localStorage.getItem(NOTIFY_KEY) === "on";
    } catch (error) {
      return false;
    }
  }

  function showNotifyButton() {
    var row = document.querySelector("[data-notify]");
    if (!row || !("Notification" in window) || Notification.permission === "denied") return;
    row.hidden = false;
    var button = row.querySelector("button");
    var on = Notification.permission === "granted" && notifyWanted();
    button.textContent = on ? "Notifications on" : "Notify me when it is my turn";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }

  function showTurn() {
    var table = document.getElementById("table");
    if (!table) return;
    if (baseTitle === null) baseTitle = document.title;
    var link = icon();
    if (link && baseIcon === null) baseIcon = link.getAttribute("href");
    var mine = table.hasAttribute("data-my-turn");
    document.title = mine ? "Your turn · " + baseTitle : baseTitle;
    if (link) link.setAttribute("href", mine ? table.dataset.turnIcon : baseIcon);
    if (mine && !wasMyTurn && document.hidden && notifyWanted() &&
        "Notification" in window && Notification.permission === "granted") {
      new Notification("Your turn", { body: baseTitle, tag: "frontier-turn", icon: table.dataset.turnIcon });
    }
    wasMyTurn = mine;
    showNotifyButton();
  }

  // Each seat's time left counts down between polls (the table is only swapped on a move);
  // the same words as chase.pace.time_left.
  function timeLeft(deadline) {
    var seconds = Math.floor((Date.parse(deadline) - Date.now()) / 1000);
    if (isNaN(seconds)) return null;
    if (seconds <= 0) return "missed the deadline";
    var minutes = Math.max(1, Math.floor(seconds / 60));
    var days = Math.floor(minutes / 1440), hours = Math.floor(minutes / 60) % 24;
    if (days) return days + " day" + (days !== 1 ? "s" : "") + " " + hours + " h left";
    if (minutes >= 60) return Math.floor(minutes / 60) + " h " + String(minutes % 60).padStart(2, "0") + " min left";
    return minutes + " min left";
  }

  window.setInterval(function () {
    document.querySelectorAll(".seats [data-deadline] time").forEach(function (el) {
      var words = timeLeft(el.parentNode.dataset.deadline);
      if (words) el.textContent = words;
      if (words === "missed the deadline") el.parentNode.classList.add("late");
    });
  }, 30000);

  document.addEventListener("DOMContentLoaded", showTurn);
  document.addEventListener("htmx:afterSettle", showTurn);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#notify-me");
    if (!button || !("Notification" in window)) return;
    if (Notification.permission === "granted" && notifyWanted()) {
      window.localStorage.setItem(NOTIFY_KEY, "off");
      showNotifyButton();
      return;
    }
    Notification.requestPermission().then(function (permission) {
      try {
        window.localStorage.setItem(NOTIFY_KEY, permission === "granted" ? "on" : "off");
      } catch (error) { /* private mode: no memory, no harm */ }
      showNotifyButton();
    });
  });

  // --- the replay ---------------------------------------------------------------------------
  var timer = null;

  function replay() {
    return document.getElementById("replay");
  }

  function syncScrubber() {
    var section = replay();
    var slider = document.getElementById("slider");
    if (!section || !slider) return;
    slider.value = section.dataset.step;
    slider.setAttribute("aria-valuetext", "Step " + section.dataset.step + " of " + section.dataset.last);
    var jump = document.getElementById("jump");
    if (jump) jump.value = "";
    if (timer && section.dataset.step === section.dataset.last) stop();
  }

  function stop() {
    if (timer) window.clearInterval(timer);
    timer = null;
    var button = document.getElementById("autoplay");
    if (button) {
      button.textContent = "▶ Play";
      button.setAttribute("aria-pressed", "false");
    }
  }

  function play() {
    var button = document.getElementById("autoplay");
    var section = replay();
    if (section && section.dataset.step === section.dataset.last) {
      // At the end: start again from the setup.
      var slider = document.getElementById("slider");
      slider.value = "0";
      slider.dispatchEvent(new Event("change", { bubbles: true }));
    }
    button.textContent = "❚❚ Pause";
    button.setAttribute("aria-pressed", "true");
    timer = window.setInterval(function () {
      var next = document.getElementById("next");
      if (!next) return stop();
      next.click();
    }, AUTOPLAY_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("autoplay");
    if (button) button.hidden = false;
    document.querySelectorAll("[data-jump], [data-jump-label]").forEach(function (el) {
      el.hidden = false;
    });
  });

  // Captured before the form's own change handler (HTMX), so the request carries the turn's step.
  document.addEventListener(
    "change",
    function (event) {
      if (!event.target.matches || !event.target.matches("[data-jump]")) return;
      if (event.target.value === "") {
        event.stopPropagation();
        return;
      }
      document.getElementById("slider").value = event.target.value;
    },
    true
  );

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-autoplay]");
    if (!button) return;
    if (timer) stop();
    else play();
  });

  document.addEventListener("htmx:afterSettle", syncScrubber);
  window.addEventListener("popstate", stop);
})();
