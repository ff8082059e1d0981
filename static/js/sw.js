// Pitch Club's service worker, served at /sw.js by pitchclub/pwa.py, which fills in
// the four constants below (keep each on one line, exactly as written: the server
// replaces these lines).
// - The site's own static files are kept on the phone (cache first).
// - Pages are fetched from the network first; the HTML of each page opened is kept,
//   so a game opened recently opens again without network. Without network and
//   without a copy, the offline page answers.
// - Only GETs from our origin are touched: form posts, htmx partials (HX-Request),
//   the admin, the API and the accounts pages always go to the network.
// - The phone's words (/phone-words/<language>.json, pitchclub/phone_words.py) are
//   fetched from the network first and kept, each language's, so that a phone
//   offline still speaks the language of its pages (pwa.js loads them).
const VERSION = "unversioned";
const PRECACHE = [];
const OFFLINE_URL = "/offline/";
const STATIC_URL = "/static/";

const STATIC_CACHE = `pitchclub-static-${VERSION}`;
// Pages refer to static files by their (hashed) names, so they are kept per version
// too: a page kept before a deploy could name files the new version no longer has.
const PAGES_CACHE = `pitchclub-pages-${VERSION}`;
const MAX_PAGES = 40;
const NEVER_KEPT = ["/admin/", "/api/", "/api-auth/", "/accounts/"];
// The phone's words, one catalogue per language, kept with the pages' files (they
// change with a deploy too).
const WORDS_PREFIX = "/phone-words/";
const WORDS_CACHE = `pitchclub-words-${VERSION}`;

// A page fetched to be kept, not shown: the server leaves the messages it would show
// ("Ann deals the first hand") for the page the person opens next (pitchclub/pwa.py,
// KeptCopyMiddleware). Such a fetch can land between a form's post and its redirect.
function keptCopy(href) {
  return new Request(href, {
    credentials: "same-origin",
    cache: "no-store",
    headers: { "X-Kept-Copy": "1" },
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE);
      await cache.addAll([...PRECACHE, keptCopy(OFFLINE_URL)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([STATIC_CACHE, PAGES_CACHE, WORDS_CACHE]);
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("pitchclub-") && !keep.has(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // htmx partials are answers to this moment's page: never from a cache.
  if (request.headers.has("HX-Request")) return;
  if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(staticFile(event, request));
  } else if (isWords(url)) {
    event.respondWith(words(event, request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, request, url));
  }
});

// offline/sync.js asks for a fresh copy of a page after a hand is saved, so that the
// copy kept on the phone shows it; pwa.js asks to forget the pages on signing out.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "refresh-page" && typeof data.url === "string") {
    event.waitUntil(refresh(data.url));
  } else if (data.type === "keep-words" && typeof data.url === "string") {
    event.waitUntil(keepWords(data.url));
  } else if (data.type === "forget-pages") {
    // The offline page names who was signed in: fetched again on the next visit.
    event.waitUntil(
      Promise.all([
        caches.delete(PAGES_CACHE),
        caches.open(STATIC_CACHE).then((cache) => cache.delete(OFFLINE_URL)),
      ]),
    );
  }
});

async function staticFile(event, request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}

async function page(event, request, url) {
  try {
    const response = await fetch(request);
    if (keepable(url, response)) {
      event.waitUntil(Promise.all([keep(url, response.clone()), keepOfflinePage()]));
    }
    return response;
  } catch (error) {
    return (
      (await (await caches.open(PAGES_CACHE)).match(pageKey(url), { ignoreVary: true })) ||
      (await (await caches.open(STATIC_CACHE)).match(OFFLINE_URL)) ||
      new Response(await offlineSentence(request), {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      })
    );
  }
}

// -- the phone's words ---------------------------------------------------------------

// Marks a sentence for the catalogues (`make messages` collects it) and says it in
// English; the worker looks up its translation in a kept catalogue itself.
const gettext_noop = (text) => text;

function isWords(url) {
  return url.pathname.startsWith(WORDS_PREFIX) && url.pathname.endsWith(".json");
}

// Network first (a new translation arrives at once), the kept copy offline.
async function words(event, request) {
  const cache = await caches.open(WORDS_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      event.waitUntil(cache.put(new URL(request.url).pathname, response.clone()));
    }
    return response;
  } catch (error) {
    const kept = await cache.match(new URL(request.url).pathname);
    if (kept) return kept;
    throw error;
  }
}

// Asked by pwa.js for the page's language (the first page opened came before the
// worker): kept unless a copy is there already.
async function keepWords(href) {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin || !isWords(url)) return;
  const cache = await caches.open(WORDS_CACHE);
  if (await cache.match(url.pathname)) return;
  try {
    await cache.add(url.pathname);
  } catch (error) {
    // Next time.
  }
}

// The last word, with neither the page nor the offline page kept: in the language
// the browser asks pages in, if its words are kept.
async function offlineSentence(request) {
  const english = gettext_noop("You are offline, and this page is not on the phone.");
  const wanted = (request.headers.get("Accept-Language") || "")
    .split(",")
    .map((tag) => tag.split(";")[0].trim().toLowerCase().split("-")[0])
    .filter(Boolean);
  const cache = await caches.open(WORDS_CACHE);
  for (const language of wanted) {
    const kept = await cache.match(`${WORDS_PREFIX}${language}.json`);
    if (!kept) continue;
    try {
      const text = (await kept.json()).catalog[english];
      if (typeof text === "string" && text) return text;
    } catch (error) {
      // A broken copy: the next language, or English.
    }
  }
  return english;
}

async function refresh(href) {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return;
  try {
    const response = await fetch(keptCopy(url.href));
    if (keepable(url, response)) await keep(url, response);
  } catch (error) {
    // Offline again: the copy kept earlier stays.
  }
}

async function keepOfflinePage() {
  const cache = await caches.open(STATIC_CACHE);
  if (await cache.match(OFFLINE_URL)) return;
  try {
    await cache.add(keptCopy(OFFLINE_URL));
  } catch (error) {
    // Next time.
  }
}

function pageKey(url) {
  return url.origin + url.pathname + url.search;
}

function keepable(url, response) {
  if (url.pathname === OFFLINE_URL) return false;
  if (NEVER_KEPT.some((prefix) => url.pathname.startsWith(prefix))) return false;
  if (response.status !== 200 || response.type !== "basic" || response.redirected) {
    return false;
  }
  const type = response.headers.get("Content-Type") || "";
  const control = response.headers.get("Cache-Control") || "";
  return type.startsWith("text/html") && !control.includes("no-store");
}

async function keep(url, response) {
  const cache = await caches.open(PAGES_CACHE);
  // put() replaces an older copy and moves the page to the end of the list, so the
  // pages opened longest ago are the first to go.
  await cache.put(pageKey(url), response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -MAX_PAGES).map((key) => cache.delete(key)));
}
