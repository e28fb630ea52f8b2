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
// a proxy that refuses it, a bound reached, an old browser without EventSource), when it opens
// but says nothing within QUIET_MS (a proxy that buffers it) or when it keeps failing, the
// stream is closed for good and every [data-live-poll] element is polled every 2 s, as the
// pages did before, with the same `?version=N` requests (204 while nothing changed).
(function () {
  "use strict";

  var POLL_MS = 2000;
  var QUIET_MS = 5000; // a stream's first event comes at once: this long without one, it is buffered
  var MAX_FAILURES = 3; // errors after opening, without an event between them

  var mode = "push"; // "push" while the stream works or is being opened; "poll" once given up
  var failures = 0;
  var heard = false;
  var quietTimer = null;
  var source = null;

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

  function fallBack(reason) {
    if (mode === "poll") return;
    mode = "poll";
    document.documentElement.setAttribute("data-live", "poll");
    var element = streamElement();
    if (element) {
      // Without the attribute the extension does not open it again.
      element.setAttribute("data-live-stream", element.getAttribute("sse-connect"));
      element.removeAttribute("sse-connect");
    }
    if (source) source.close();
    if (window.console && console.info) console.info("Live updates off (" + reason + "): polling.");
  }

  document.addEventListener("htmx:sseOpen", function (event) {
    source = event.detail.source;
    document.documentElement.setAttribute("data-live", "push");
    if (!heard) {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(function () {
        if (!heard) fallBack("no event through the stream");
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
    clearTimeout(quietTimer);
  }

  function eventVersion(triggering) {
    var message = triggering && triggering.detail;
    if (!message || typeof message.data !== "string") return null;
    try {
      var data = JSON.parse(message.data);
      return typeof data.version === "number" ? data.version : null;
    } catch (error) {
      return null;
    }
  }

  // A pushed version the element already shows (the page's own move) fetches nothing. While
  // another request of the page is on its way (the move itself), wait for its answer first:
  // it may bring that version, and the fetch is not needed.
  var busy = 0;
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.detail.elt.hasAttribute("data-live-poll")) busy += 1;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!event.detail.elt.hasAttribute("data-live-poll")) busy = Math.max(0, busy - 1);
  });

  function fetchIfNewer(element, pushed, issueRequest, waited) {
    if (!document.body.contains(element)) return; // replaced by a fresher fragment already
    if (busy > 0 && waited < 5000) {
      setTimeout(function () {
        fetchIfNewer(element, pushed, issueRequest, waited + 100);
      }, 100);
      return;
    }
    var shown = parseInt(element.getAttribute("data-live-version"), 10);
    if (pushed === null || isNaN(shown) || pushed > shown) issueRequest(true);
  }

  document.addEventListener("htmx:confirm", function (event) {
    var element = event.detail.elt;
    var triggering = event.detail.triggeringEvent;
    if (!element.hasAttribute("data-live-poll") || !triggering) return;
    if (triggering.type.indexOf("sse:") !== 0) return;
    event.preventDefault();
    fetchIfNewer(element, eventVersion(triggering), event.detail.issueRequest, 0);
  });

  // Any event says the stream gets through ("ready" comes at once when the page is current).
  document.addEventListener("htmx:sseOpen", function (event) {
    var opened = event.detail.source;
    if (opened && !opened.frontierReady) {
      opened.frontierReady = true;
      opened.addEventListener("ready", onMessage);
      opened.addEventListener("version", onMessage);
      opened.addEventListener("inbox", onMessage);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!streamElement()) {
      mode = document.querySelector("[data-live-poll]") ? "poll" : mode;
    } else if (typeof window.EventSource === "undefined") {
      fallBack("this browser has no EventSource");
    } else {
      // Neither opened nor refused (every connection to the server taken, over HTTP/1.1):
      // give the connection back and poll.
      quietTimer = setTimeout(function () {
        if (!heard) fallBack("the stream did not open");
      }, QUIET_MS);
    }
  });

  setInterval(function () {
    if (mode !== "poll") return;
    document.querySelectorAll("[data-live-poll]").forEach(function (element) {
      htmx.trigger(element, "live:poll");
    });
  }, POLL_MS);

  // A poll answered 286 (the game is over, nothing new): that element stops polling, and the
  // empty answer is not swapped in.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var element = event.detail.elt;
    if (element.hasAttribute("data-live-poll") && event.detail.xhr.status === 286) {
      element.removeAttribute("data-live-poll");
      event.detail.shouldSwap = false;
    }
  });
})();
