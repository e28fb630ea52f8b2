// Live pages: push, with polling as the fallback (docs/development/README.md, "Live pages").
//
// A page names its stream on <body> (`sse-connect`, htmx's SSE extension: static/js/vendor/
// htmx-ext-sse.js). Each part of the page that moves is an element
//
//   <div data-live-poll data-live-version="7" hx-get="...?version=7" hx-trigger="sse:version, live:poll" ...>
//
// which fetches its fresh fragment when the stream says its version moved past the one shown
// (an event for the version already shown, the page's own move, fetches nothing). Anything else
// that listens (`hx-trigger="sse:inbox"`, the top bar's badge) is told by the stream alone.
//
// The fallback, written once here: when the stream cannot be opened (an error before it opens:
// a proxy that refuses it, a bound reached, the connection gone, an old browser without
// EventSource), when it opens but says nothing within QUIET_MS (a proxy that buffers it) or
// when it keeps failing, the stream is closed and every [data-live-poll] element is polled
// every 2 s, as the pages did before, with the same `?version=N` requests (204 while nothing
// changed). A failure may pass (the hall's Wi-Fi drops for a minute, the event process
// restarts): then the stream is tried again after 15 s, then 30, 60, up to 5 minutes between
// tries, and at once when the browser says it is online again; once it says something the page
// is back on push and stops polling. A browser without EventSource or a proxy that buffers the
// stream polls for good.
(function () {
  "use strict";

  var POLL_MS = 2000;
  var QUIET_MS = 5000; // a stream's first event comes at once: this long without one, it is buffered
  var MAX_FAILURES = 3; // errors after opening, without an event between them
  var AGAIN_FIRST_MS = 15000; // after a fallback for a failure, the stream is tried again...
  var AGAIN_MAX_MS = 300000; // ...after twice as long each time, up to 5 minutes

  var mode = "push"; // "push" while the stream works or is being opened; "poll" once given up
  var failures = 0;
  var heard = false;
  var quietTimer = null;
  var source = null;
  var againMs = 0;
  var againTimer = null;
  var reopened = 0;

  // The stream the extension opens, kept so that falling back can close it (a stream that never
  // opened is not handed to any event of the extension).
  if (window.htmx && htmx.createEventSource) {
    var create = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      source = create(url);
      return source;
    };
  }

  function streamElement() {
    return document.querySelector("[sse-connect]");
  }

  function fallBack(reason, lasting) {
    if (mode === "poll") return;
    mode = "poll";
    clearTimeout(quietTimer);
    document.documentElement.setAttribute("data-live", "poll");
    var element = streamElement();
    if (element) {
      // Without the attribute the extension does not open it again.
      element.setAttribute("data-live-stream", element.getAttribute("sse-connect"));
      element.removeAttribute("sse-connect");
    }
    if (source) source.close();
    if (window.console && console.info) console.info("Live updates off (" + reason + "): polling.");
    clearTimeout(againTimer);
    againTimer = null;
    if (!lasting) {
      againMs = Math.min(againMs ? againMs * 2 : AGAIN_FIRST_MS, AGAIN_MAX_MS);
      againTimer = setTimeout(pushAgain, againMs);
    }
  }

  // The stream opened again: the page's stream element and every part listening to it get a
  // changed attribute, so that htmx.process binds them afresh (the extension opens the new
  // stream and hangs the parts' `sse:` triggers on it). Its URL names the version shown, so it
  // says at once whether the page is behind.
  function pushAgain() {
    againTimer = null;
    if (mode !== "poll") return;
    if (navigator.onLine === false) return; // the "online" event tries again
    var element = document.querySelector("[data-live-stream]");
    if (!element) return;
    var url = element.getAttribute("data-live-stream");
    var shown = document.querySelector("[data-live-poll][data-live-version]");
    if (shown) {
      url = url.replace(/([?&]last_event_id=)\d+/, "$1" + shown.getAttribute("data-live-version"));
    }
    mode = "push";
    heard = false;
    failures = 0;
    reopened += 1;
    element.removeAttribute("data-live-stream");
    element.setAttribute("sse-connect", url);
    element.setAttribute("data-live-reopened", String(reopened));
    htmx.process(element);
    document.querySelectorAll('[hx-trigger*="sse:"]').forEach(function (part) {
      part.setAttribute("data-live-reopened", String(reopened));
      htmx.process(part);
    });
    quietTimer = setTimeout(function () {
      if (!heard) fallBack("the stream did not open again");
    }, QUIET_MS);
  }

  window.addEventListener("online", function () {
    if (mode !== "poll" || againTimer === null) return; // on push, or polling for good
    clearTimeout(againTimer);
    againTimer = setTimeout(pushAgain, 1000);
  });

  document.addEventListener("htmx:sseOpen", function (event) {
    source = event.detail.source;
    document.documentElement.setAttribute("data-live", "push");
    if (!heard) {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(function () {
        if (!heard) fallBack("no event through the stream", true); // a proxy buffers it
      }, QUIET_MS);
    }
  });

  document.addEventListener("htmx:sseError", function (event) {
    source = event.detail.source || source;
    failures += 1;
    if (!heard || failures >= MAX_FAILURES) {
      fallBack(heard ? "the stream keeps failing" : "the stream could not be opened");
    }
  });

  function onMessage() {
    heard = true;
    failures = 0;
    againMs = 0;
    clearTimeout(quietTimer);
  }

  function eventVersion(message) {
    if (!message || typeof message.data !== "string") return null;
    try {
      var data = JSON.parse(message.data);
      return typeof data.version === "number" ? data.version : null;
    } catch (error) {
      return null;
    }
  }

  // What the stream said last (the newest version of what the page shows), and the catch-up:
  // every part of the page that shows an older version fetches its fragment, once per pushed
  // version. A part that shows it already (the page's own move) fetches nothing. While another
  // request of the page is on its way (the move itself), its answer comes first: it may bring
  // that version, and then no fetch is needed; if it brings an older one, the catch-up after
  // it fetches the newer.
  var pushed = null;
  var fetchedFor = {};
  var inFlight = []; // the page's other requests (their xhr), until each is done
  var waiting = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.detail.elt.hasAttribute("data-live-poll")) {
      inFlight.push({ xhr: event.detail.xhr, at: Date.now() });
    }
  });

  function busy() {
    // Counted by the requests' own state: an answer swapped into a part that was replaced
    // meanwhile fires its events where the document does not hear them. One never sent (a
    // request htmx gave up) stops counting after 10 s.
    var now = Date.now();
    inFlight = inFlight.filter(function (request) {
      return request.xhr.readyState !== 4 && now - request.at < 10000;
    });
    return inFlight.length > 0;
  }

  function catchUp() {
    if (pushed === null || waiting !== null) return;
    if (busy()) {
      waiting = setTimeout(function () {
        waiting = null;
        catchUp();
      }, 100);
      return;
    }
    document.querySelectorAll("[data-live-poll]").forEach(function (element) {
      var shown = parseInt(element.getAttribute("data-live-version"), 10);
      var key = (element.getAttribute("hx-get") || "") + "@" + pushed;
      if (!isNaN(shown) && shown < pushed && !fetchedFor[key]) {
        fetchedFor[key] = true;
        // Asked directly (not by triggering it): a part just swapped in may not be wired up
        // yet by htmx.
        htmx.ajax("GET", element.getAttribute("hx-get"), {
          source: element,
          target: element.getAttribute("hx-target"),
          swap: element.getAttribute("hx-swap") || "outerHTML",
        }).catch(function () {}); // a failure is asked again (the watchdog below)
      }
    });
  }

  // The extension triggers `sse:version` on each part: the catch-up decides instead, told the
  // version by the stream itself (onVersion below).
  document.addEventListener("htmx:confirm", function (event) {
    var element = event.detail.elt;
    var triggering = event.detail.triggeringEvent;
    if (!element.hasAttribute("data-live-poll") || !triggering) return;
    if (triggering.type.indexOf("sse:") !== 0) return;
    event.preventDefault();
  });
  // New content (an answer swapped in) may show an older version than the stream said.
  document.addEventListener("htmx:load", catchUp);

  // The watchdog: while a part shows an older version than the stream said, it is asked for
  // again every CHECK_MS, whatever became of the last ask (lost with the connection, answered
  // 502 by a proxy, dropped by htmx because its part was replaced while it waited, answered
  // "nothing new" by something stale on the way), so a page never stays behind the stream: at
  // a game's end no later move would catch it up. (While polling, the next poll asks again.)
  // It costs nothing while the page is up to date.
  var CHECK_MS = 3000;
  setInterval(function () {
    if (mode === "poll" || pushed === null || waiting !== null) return;
    var behind = false;
    document.querySelectorAll("[data-live-poll]").forEach(function (element) {
      var shown = parseInt(element.getAttribute("data-live-version"), 10);
      if (!isNaN(shown) && shown < pushed) behind = true;
    });
    if (behind) {
      fetchedFor = {};
      catchUp();
    }
  }, CHECK_MS);

  // The stream's `version` events, heard on the stream itself rather than through the parts: a
  // part is wired to the stream by htmx only once it settles (some 20 ms after it was swapped
  // in), and an event that comes in between reaches no part. A race's end screen once stayed a
  // turn behind so: its last move was told while the table was redrawn for the move before.
  function onVersion(message) {
    onMessage();
    var version = eventVersion(message);
    if (version !== null && (pushed === null || version > pushed)) {
      pushed = version;
      catchUp();
    }
  }

  // Any event says the stream gets through ("ready" comes at once when the page is current).
  document.addEventListener("htmx:sseOpen", function (event) {
    var opened = event.detail.source;
    if (opened && !opened.frontierReady) {
      opened.frontierReady = true;
      opened.addEventListener("ready", onMessage);
      opened.addEventListener("version", onVersion);
      opened.addEventListener("inbox", onMessage);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!streamElement()) {
      mode = document.querySelector("[data-live-poll]") ? "poll" : mode;
    } else if (typeof window.EventSource === "undefined") {
      fallBack("this browser has no EventSource", true);
    } else {
      // Neither opened nor refused (every connection to the server taken, over HTTP/1.1):
      // give the connection back and poll.
      quietTimer = setTimeout(function () {
        if (!heard) fallBack("the stream did not open", true); // no connection to spare
      }, QUIET_MS);
    }
  });

  setInterval(function () {
    if (mode !== "poll") return;
    document.querySelectorAll("[data-live-poll]").forEach(function (element) {
      htmx.trigger(element, "live:poll");
    });
  }, POLL_MS);

  // A part's fetch whose part was replaced while it was on its way (the player's own move
  // answered first) is dropped: what replaced it may be newer than this answer, and the
  // catch-up fetches again if it is older. A poll answered 286 (the game is over, nothing
  // new): that element stops polling, and the empty answer is not swapped in.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var element = event.detail.elt;
    if (!element.hasAttribute("data-live-poll")) return;
    if (!document.body.contains(element)) {
      event.detail.shouldSwap = false;
      fetchedFor = {};
      setTimeout(catchUp, 0);
    } else if (event.detail.xhr.status === 286) {
      element.removeAttribute("data-live-poll");
      event.detail.shouldSwap = false;
    }
  });
})();
