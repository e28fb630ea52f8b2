// The outbox: every write of the pages that play a game (the battle sheet and its calculators,
// the post-game) goes through one queue in IndexedDB, sent in order, each with an
// Idempotency-Key made here and the version the player saw (If-Match), so a write made while
// the hall's Wi-Fi is down is kept, and one sent twice is done once. Also registers the service
// worker (/sw.js, core/pwa.py). How it works: docs/development/offline.md.
//
// A form takes part when it, or an element around it, has data-outbox="<kind>:<id>" (the object
// written); the element [data-outbox="<kind>:<id>"][data-version] says the version the player
// saw. The app's dice are never rolled here (C22): a roll queued offline is sent as the press of
// "Roll" it was, and the server rolls it on sync from its own stream.
(function () {
  "use strict";

  var DB_NAME = "frontier-outbox";
  var STORE = "writes";
  var RETRY_MS = 4000;
  var MAX_RETRY_MS = 60000;
  var SEND_TIMEOUT_MS = 20000;
  var REFRESH_AFTER_MS = 1500;
  var dbPromise = null;
  var retryTimer = null;
  var retryDelay = RETRY_MS;

  // --- the service worker ------------------------------------------------------------------

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      // No service worker (a private window, a browser that refuses): pages need the network.
    });
  }

  // --- IndexedDB ---------------------------------------------------------------------------

  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return dbPromise;
  }

  function store(mode, work) {
    return db().then(function (database) {
      return new Promise(function (resolve, reject) {
        var transaction = database.transaction(STORE, mode);
        var result;
        transaction.oncomplete = function () { resolve(result); };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
        result = work(transaction.objectStore(STORE));
      });
    });
  }

  function all() {
    return store("readonly", function (writes) {
      var box = { rows: [] };
      writes.getAll().onsuccess = function (event) { box.rows = event.target.result; };
      return box;
    }).then(function (box) { return box.rows; });
  }

  function add(entry) {
    return store("readwrite", function (writes) { writes.add(entry); });
  }

  function put(entry) {
    return store("readwrite", function (writes) { writes.put(entry); });
  }

  function remove(seq) {
    return store("readwrite", function (writes) { writes.delete(seq); });
  }

  // --- what the page says ------------------------------------------------------------------

  function currentUser() {
    return document.body ? document.body.getAttribute("data-user") || "" : "";
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // Pages over plain HTTP on a club's LAN have no randomUUID: a version-4 UUID by hand.
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  function versionOf(object) {
    var roots = document.querySelectorAll("[data-outbox][data-version]");
    for (var i = 0; i < roots.length; i++) {
      if (roots[i].getAttribute("data-outbox") === object) return roots[i].getAttribute("data-version");
    }
    return null;
  }

  function inherited(element, name) {
    var holder = element.closest("[" + name + "]");
    return holder ? holder.getAttribute(name) : null;
  }

  // The headers a form names itself (the conflict's "Send mine anyway": the version there is
  // now and a new key), which stand instead of the page's version and a key made here.
  function ownHeaders(form) {
    try {
      return JSON.parse(form.getAttribute("hx-headers") || "{}") || {};
    } catch (error) {
      return {};
    }
  }

  function describe(form, submitter, data) {
    var titled = form.closest("[data-outbox-title]");
    var heading = titled ? titled.getAttribute("data-outbox-title")
      : (form.closest("#calc-panel, #prompt") || form).querySelector("h2");
    var title = typeof heading === "string" ? heading : heading ? heading.textContent.trim() : "";
    var action = submitter ? submitter.textContent.trim() : "";
    var dice = data.getAll("dice").filter(function (face) { return face !== ""; });
    var words = [title, action].filter(Boolean).join(": ");
    if (dice.length && submitter && submitter.value !== "app") words += " (dice " + dice.join(", ") + ")";
    return words || "a change";
  }

  // The badge: "N waiting to send", the list of them when opened.
  function badge() {
    var element = document.getElementById("outbox-badge");
    if (!element && document.body) {
      element = document.createElement("details");
      element.id = "outbox-badge";
      element.className = "outbox-badge";
      element.hidden = true;
      element.innerHTML = '<summary role="status" aria-live="polite"></summary><ol class="outbox-list"></ol>';
      document.body.appendChild(element);
    }
    return element;
  }

  function showCount() {
    return all().then(function (rows) {
      var element = badge();
      if (!element) return rows;
      element.hidden = rows.length === 0;
      element.setAttribute("data-count", String(rows.length));
      element.querySelector("summary").textContent = rows.length + " waiting to send";
      var list = element.querySelector("ol");
      list.replaceChildren();
      rows.forEach(function (row) {
        var item = document.createElement("li");
        item.textContent = row.label + (row.roll ? " — pending: rolled by the server when back online" : "");
        list.appendChild(item);
      });
      return rows;
    });
  }

  function noteOn(form, text, kind) {
    var note = form.querySelector("[data-outbox-note]");
    if (!note) {
      note = document.createElement("p");
      note.setAttribute("data-outbox-note", "");
      note.setAttribute("role", "status");
      form.appendChild(note);
    }
    note.className = "outbox-note " + (kind || "");
    note.textContent = text;
  }

  function notice(html) {
    var box = document.getElementById("outbox-notices");
    if (!box) {
      box = document.createElement("div");
      box.id = "outbox-notices";
      box.className = "outbox-notices";
      box.setAttribute("aria-live", "polite");
      var main = document.getElementById("main");
      if (!main) return null;
      main.insertBefore(box, main.firstChild);
    }
    var item = document.createElement("div");
    item.className = "outbox-notice";
    item.innerHTML = html;
    box.appendChild(item);
    if (window.htmx) htmx.process(item);
    return item;
  }

  // --- queueing ----------------------------------------------------------------------------

  function queue(form, submitter) {
    var object = inherited(form, "data-outbox");
    var data = new FormData(form, submitter || undefined);
    var body = new URLSearchParams();
    data.forEach(function (value, name) { body.append(name, value); });
    var rebaseField = inherited(form, "data-outbox-rebase");
    var own = ownHeaders(form);
    var roll = Boolean(submitter && submitter.hasAttribute("data-outbox-roll"));
    var entry = {
      key: own["Idempotency-Key"] || uuid(),
      user: currentUser(),
      object: object,
      base: own["If-Match"] ? own["If-Match"].replace(/^W\//, "").replace(/"/g, "") : versionOf(object),
      rebaseField: rebaseField,
      rebaseValue: rebaseField ? data.get(rebaseField) : null,
      url: form.getAttribute("hx-post") || form.getAttribute("action"),
      body: body.toString(),
      target: inherited(form, "hx-target") || "",
      swap: (inherited(form, "hx-swap") || "innerHTML").split(" ")[0],
      page: location.pathname,
      label: describe(form, submitter, data),
      roll: roll,
      queuedAt: Date.now(),
      tries: 0,
      // Checked against the version it was made on (If-Match) when it waited: made with no
      // connection or behind others, or its first sending failed. A write sent at once goes as
      // it always did: its page is at most one poll behind, as before the outbox.
      waited: Boolean(own["If-Match"]) || !navigator.onLine,
    };
    return all().then(function (rows) {
      if (rows.some(function (row) { return row.user === entry.user; })) entry.waited = true;
      return add(entry);
    }).then(function () {
      if (!navigator.onLine) waiting(form, entry);
      return showCount();
    }).then(drain).then(function () {
      return all();
    }).then(function (rows) {
      // Still here: the connection failed on the way (Wi-Fi that connects and carries nothing).
      var left = rows.some(function (row) { return row.key === entry.key; });
      if (left && document.contains(form)) waiting(form, entry);
    });
  }

  function waiting(form, entry) {
    noteOn(form, entry.roll ? "Pending: rolled by the server when back online."
      : "Waiting to send: " + entry.label + ". It goes when the connection returns.", "waiting");
    // A step of a sequence: the next question is the server's to ask.
    if (form.hasAttribute("data-outbox-once")) {
      form.closest("[data-outbox]").querySelectorAll("form[data-outbox-once] button").forEach(function (button) {
        button.disabled = true;
      });
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest("[data-outbox]")) return;
    if (!form.getAttribute("hx-post")) return;
    // Ours, not htmx's: stop it before htmx's own listener on the form sees it.
    event.preventDefault();
    event.stopPropagation();
    if (form.hasAttribute("data-outbox-busy")) return; // a second tap of the same button
    form.setAttribute("data-outbox-busy", "");
    var listed = form.closest(".outbox-conflict");
    queue(form, event.submitter).finally(function () {
      form.removeAttribute("data-outbox-busy");
    });
    if (listed) listed.remove(); // a listed conflict, sent again: it is in the queue now
  }, true);

  // The same writes, should one reach htmx by another road than a submit event (htmx's own
  // trigger handling): htmx asks before it sends, and the answer is no, the outbox sends it.
  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail || {};
    var form = detail.elt;
    if (!(form instanceof HTMLFormElement) || (detail.verb || "").toLowerCase() !== "post") return;
    if (!form.closest("[data-outbox]")) return;
    event.preventDefault(); // never htmx's: a write without its key could be done twice
    if (form.hasAttribute("data-outbox-busy")) return; // the submit handler has it already
    form.setAttribute("data-outbox-busy", "");
    var trigger = detail.triggeringEvent;
    queue(form, trigger && trigger.submitter).finally(function () {
      form.removeAttribute("data-outbox-busy");
    });
  });

  // --- sending -----------------------------------------------------------------------------

  function csrfToken(entry) {
    var fromBody = new URLSearchParams(entry.body).get("csrfmiddlewaretoken");
    if (fromBody) return fromBody;
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function etagVersion(response) {
    var tag = response.headers.get("ETag");
    return tag ? tag.replace(/^W\//, "").replace(/"/g, "") : null;
  }

  // Where the answer goes: the form's hx-target and hx-swap, unless the answer says otherwise
  // (HX-Retarget, HX-Reswap: a conflict shown in the calculator's panel).
  function placeOf(entry, response) {
    return {
      target: response.headers.get("HX-Retarget") || entry.target,
      swap: (response.headers.get("HX-Reswap") || entry.swap || "innerHTML").split(" ")[0],
    };
  }

  function swapIn(entry, html, place) {
    place = place || { target: entry.target, swap: entry.swap };
    if (!window.htmx || !place.target || entry.page !== location.pathname) return false;
    if (!document.querySelector(place.target)) return false;
    htmx.swap(place.target, html, { swapStyle: place.swap, swapDelay: 0, settleDelay: 20 });
    return true;
  }

  // A conflict: the first of a drain for an object goes where the answer would have gone (the
  // sheet's panel, the sequence with the box on top); the ones after it (a queue made on the
  // same stale version) are listed, each with its own "Send mine anyway" and "Drop mine".
  var conflicted = {};

  function showConflict(entry, html, place) {
    if (!conflicted[entry.object] && swapIn(entry, html, place)) {
      conflicted[entry.object] = true;
      return;
    }
    var parsed = new DOMParser().parseFromString(html, "text/html");
    var box = parsed.querySelector("[data-conflict]");
    var item = notice("");
    if (!item) return;
    item.classList.add("outbox-conflict");
    item.setAttribute("data-outbox", entry.object);
    if (place.target) item.setAttribute("hx-target", place.target);
    item.setAttribute("hx-swap", place.swap);
    if (box) {
      box.querySelectorAll("[id]").forEach(function (element) { element.removeAttribute("id"); });
      box.removeAttribute("id");
      item.appendChild(document.importNode(box, true));
    } else {
      item.textContent = "Changed while yours was on its way: " + entry.label + " was not done.";
    }
    if (window.htmx) htmx.process(item);
  }

  // The player's own earlier write is not a conflict: the writes queued after it on the same
  // object, based on the version it was based on, now build on the version it made.
  function rebase(sent, html, newVersion) {
    var fresh = null;
    if (sent.rebaseField && html) {
      var parsed = new DOMParser().parseFromString(html, "text/html");
      var field = parsed.querySelector('input[name="' + sent.rebaseField + '"]');
      fresh = field ? field.value : null;
    }
    return all().then(function (rows) {
      var changes = rows.filter(function (row) {
        return row.seq !== sent.seq && row.object === sent.object;
      }).map(function (row) {
        var changed = false;
        if (newVersion !== null && row.base === sent.base) {
          row.base = newVersion;
          changed = true;
        }
        if (fresh !== null && row.rebaseField === sent.rebaseField && row.rebaseValue === sent.rebaseValue) {
          var body = new URLSearchParams(row.body);
          body.set(row.rebaseField, fresh);
          row.body = body.toString();
          row.rebaseValue = fresh;
          changed = true;
        }
        return changed ? put(row) : null;
      });
      return Promise.all(changes);
    });
  }

  // One entry: "done" (answered, or refused for good: removed), or "later" (no connection).
  function send(entry, superseded) {
    var headers = {
      "HX-Request": "true",
      "HX-Current-URL": location.href,
      "X-CSRFToken": csrfToken(entry),
      "Idempotency-Key": entry.key,
      "Content-Type": "application/x-www-form-urlencoded",
    };
    if (entry.target && entry.target.charAt(0) === "#") headers["HX-Target"] = entry.target.slice(1);
    if (entry.waited && entry.base !== null && entry.base !== undefined) {
      headers["If-Match"] = '"' + entry.base + '"';
    }
    // Its answer will not be drawn (a later write goes to the same place): the server need not
    // render it. Not when the next write's version field is read from this answer.
    if (superseded && !entry.rebaseField) headers["X-Frontier-Outbox"] = "superseded";
    var abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS);
    return fetch(entry.url, {
      method: "POST", body: entry.body, headers: headers, credentials: "same-origin", signal: abort.signal,
    }).then(function (response) {
      clearTimeout(timer);
      return response.text().then(function (html) {
        // Not done, try again: the server failed, throttled, or still runs the first send of
        // this key (409 with Retry-After).
        var stillRunning = response.status === 409 && response.headers.get("Retry-After");
        if (response.status >= 500 || response.status === 429 || stillRunning) {
          entry.tries += 1;
          entry.waited = true;
          return put(entry).then(function () { return "later"; });
        }
        return remove(entry.seq).then(function () {
          if (response.ok) {
            return rebase(entry, html, etagVersion(response)).then(function () {
              var redirect = response.headers.get("HX-Redirect");
              if (redirect && entry.page === location.pathname) {
                location.href = redirect;
              } else if (!superseded) {
                swapIn(entry, html, placeOf(entry, response));
              }
              return "done";
            });
          }
          if (response.status === 409) {
            // Another player changed it first: theirs and mine side by side, to keep or drop.
            showConflict(entry, html, placeOf(entry, response));
            return "done";
          }
          // Refused (a rule, a form error, no longer allowed): said where the player can read it.
          if (!(response.status === 400 && swapIn(entry, html, placeOf(entry, response)))) {
            var item = notice("<p></p>");
            if (item) item.querySelector("p").textContent = "Not sent: " + entry.label + " (the server refused it, " + response.status + ").";
          }
          return "done";
        });
      });
    }, function () {
      clearTimeout(timer);
      // No connection, or no answer in time: the same key goes again later, now a write that
      // waited (checked against its version; a repeat of one that did arrive is answered with
      // the first answer all the same).
      entry.waited = true;
      return put(entry).then(function () { return "later"; });
    });
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () {
      retryTimer = null;
      drain();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
  }

  function withLock(work) {
    // One tab sends at a time, so two tabs never send the same entry at once.
    if (navigator.locks && navigator.locks.request) return navigator.locks.request("frontier-outbox", work);
    return work();
  }

  function drainOnce() {
    if (!navigator.onLine) return Promise.resolve("later"); // the "online" event starts it again
    return all().then(function (rows) {
      var user = currentUser();
      var mine = rows.filter(function (row) { return row.user === user; });
      if (!mine.length) return "empty";
      // A queue of marks on one sheet: only the last answer for a place is worth drawing (each
      // carries the whole sheet), so the ones before it are not swapped in.
      var head = mine[0];
      var superseded = mine.slice(1).some(function (row) {
        return row.page === head.page && row.target === head.target;
      });
      return send(head, superseded).then(function (outcome) {
        return outcome === "later" ? "later" : drainOnce();
      });
    });
  }

  // One drain at a time: a write queued while one runs is sent by it, and its caller waits for
  // the same promise (so a button stays busy until its write is answered or kept for later).
  var current = null;

  function drain() {
    if (current) return current.then(drain); // it may have read the queue before this write
    conflicted = {};
    current = withLock(drainOnce).then(function (outcome) {
      current = null;
      if (outcome === "later") {
        scheduleRetry();
      } else {
        retryDelay = RETRY_MS;
      }
      return showCount();
    }, function () {
      current = null;
      scheduleRetry();
    });
    return current;
  }

  window.addEventListener("online", function () {
    retryDelay = RETRY_MS;
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    drain();
  });

  // A request that could not reach the server, said in words: a GET (a calculator never opened
  // on this phone, with no connection), or a write outside the outbox (a canoe game's move,
  // the lobby's new game), which is not kept: the player is told to do it again. The sheet's
  // own fetches (its poll, or the fetch its live stream asks for: static/js/live.js) fail
  // quietly.
  document.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail || {};
    var element = detail.elt;
    if (element && element.hasAttribute("data-live-poll")) return;
    if (element && /every|sse:|live:/.test(element.getAttribute("hx-trigger") || "")) return;
    var errors = document.getElementById("errors");
    if (!errors) return;
    var verb = ((detail.requestConfig && detail.requestConfig.verb) || "get").toLowerCase();
    if (verb !== "get") {
      errors.innerHTML = '<p class="error-box outbox-offline" role="alert" data-lost-tap>No connection: that was not sent, and nothing changed. Do it again once the connection is back.</p>';
      return;
    }
    errors.innerHTML = '<p class="error-box outbox-offline" role="alert">No connection: this was not opened on this phone before, so it needs the server. What you mark is kept and sent when the connection returns.</p>';
  });

  // A kept page changed in place (an answer, a fresh sheet): the service worker keeps it as it
  // now is, so that opened offline it shows what was last seen, not what was first loaded.
  var refreshTimer = null;
  function refreshKept() {
    clearTimeout(refreshTimer);
    refreshTimer = null;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "refresh", url: location.href });
    }
  }
  document.addEventListener("htmx:afterSettle", function () {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller || !navigator.onLine) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(refreshKept, REFRESH_AFTER_MS);
  });
  // Leaving before the pause is over: keep it now.
  window.addEventListener("pagehide", function () { if (refreshTimer) refreshKept(); });

  // A listed conflict goes once the player chose: "Send mine anyway" (queued here) or "Drop mine".
  document.addEventListener("click", function (event) {
    var choice = event.target.closest && event.target.closest(".outbox-conflict .conflict-actions a");
    if (choice) choice.closest(".outbox-conflict").remove();
  });

  // Signing out: the next person on this phone must not read this one's pages.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && /\/accounts\/logout\/$/.test(form.getAttribute("action") || "")) {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        navigator.serviceWorker.controller.postMessage({ type: "forget-pages" });
      }
    }
  });

  // Written for the tests and the bench: how many are waiting (all of them, every person's).
  window.frontierOutbox = {
    count: function () { return all().then(function (rows) { return rows.length; }); },
    drain: drain,
  };

  function start() {
    showCount().then(function (rows) { if (rows.length) drain(); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
