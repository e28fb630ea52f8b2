{% autoescape off %}// Frontier's service worker (core/pwa.py serves it at /sw.js; docs/development/offline.md).
// VERSION is a hash of the static files: when one changes, this text changes, the browser
// installs this worker in place of the old one and the shell is fetched again.
"use strict";

const VERSION = {{ version }};
const SHELL = {{ shell }};
const KEEP_HEADER = {{ keep_header }};
const STATIC_PREFIX = {{ static_prefix }};
const SHELL_CACHE = "frontier-shell-" + VERSION;
// Kept across versions: what a player last saw stays readable after an update.
const PAGES_CACHE = "frontier-pages";
const SAVED_AT = "X-Frontier-Saved-At";
// Past this, a page answers from the cache while the network keeps trying (a hall's Wi-Fi
// that connects but carries nothing).
const NETWORK_PATIENCE_MS = 6000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("frontier-shell-") && name !== SHELL_CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "forget-pages") {
    // Signing out: the next person on this phone must not read the last one's pages.
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
  if (data.type === "refresh" && typeof data.url === "string") {
    // The page changed in place (an answer swapped in): keep it as it now is.
    const url = new URL(data.url, self.location.origin);
    if (url.origin === self.location.origin) {
      const request = new Request(url.href, { credentials: "same-origin" });
      event.waitUntil(fetch(request).then((response) => keep(request, response)).catch(() => null));
    }
  }
  if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: VERSION });
  }
});

// An htmx request and a page at the same address answer differently (a fragment, a page).
function pageKey(request) {
  const url = new URL(request.url);
  if (request.headers.get("HX-Request") === "true") {
    url.searchParams.set("_fragment", request.headers.get("HX-Target") || "1");
  }
  return url.href;
}

function twoDigits(n) {
  return String(n).padStart(2, "0");
}

function seenAt(response) {
  const saved = new Date(Number(response.headers.get(SAVED_AT) || Date.now()));
  const time = twoDigits(saved.getHours()) + ":" + twoDigits(saved.getMinutes());
  const today = new Date().toDateString() === saved.toDateString();
  return today ? time : time + " on " + saved.toLocaleDateString();
}

// A kept page read from the cache, marked as such: the banner after <main>'s opening tag.
async function markedOffline(response) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("text/html")) return response;
  const text = await response.text();
  const banner = '<p class="offline-banner" id="offline-banner" role="status">Offline: as last seen at '
    + seenAt(response) + "</p>";
  const isPage = text.includes("<!--offline-banner-->");
  const body = isPage
    ? text.replace("<!--offline-banner-->", banner)
    : text.replace(/^(\s*<[^>]+>)/, "$1" + banner); // a fragment: its first element's inside
  const headers = new Headers(response.headers);
  headers.set("X-Frontier-From-Cache", "1");
  return new Response(body, { status: 200, headers });
}

async function keep(request, response) {
  if (!response.ok || response.headers.get(KEEP_HEADER) !== "keep") return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, String(Date.now()));
  const body = await response.clone().blob();
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(pageKey(request), new Response(body, { status: 200, headers }));
}

async function fromCache(request) {
  const cache = await caches.open(PAGES_CACHE);
  const found = await cache.match(pageKey(request));
  return found ? markedOffline(found) : null;
}

async function offlinePage() {
  const cache = await caches.open(SHELL_CACHE);
  return (await cache.match(SHELL[0])) || Response.error();
}

async function networkFirst(event) {
  const request = event.request;
  const network = fetch(request).then(async (response) => {
    await keep(request, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => null));
  let timer;
  const patience = new Promise((resolve) => {
    timer = setTimeout(resolve, NETWORK_PATIENCE_MS, null);
  });
  try {
    const first = await Promise.race([network, patience]);
    if (first) return first;
    return (await fromCache(request)) || (await network);
  } catch (error) {
    const cached = await fromCache(request);
    if (cached) return cached;
    if (request.mode === "navigate") return offlinePage();
    return Response.error();
  } finally {
    clearTimeout(timer);
  }
}

// Static files: the shell from its cache. A page kept before an update names the old hashed
// file names: offline, the current file of the same name stands in for it.
function unhashed(path) {
  return path.replace(/\.[0-9a-f]{12}(\.[^./]+)$/, "$1");
}

async function staticFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  const found = await cache.match(request, { ignoreSearch: true });
  if (found) return found;
  try {
    return await fetch(request);
  } catch (error) {
    const wanted = unhashed(new URL(request.url).pathname);
    for (const key of await cache.keys()) {
      if (unhashed(new URL(key.url).pathname) === wanted) return cache.match(key);
    }
    return Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/sw.js") return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFile(request));
    return;
  }
  if (request.mode === "navigate" || request.headers.get("HX-Request") === "true") {
    event.respondWith(networkFirst(event));
  }
});
{% endautoescape %}
