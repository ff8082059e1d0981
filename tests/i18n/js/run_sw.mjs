// Runs the service worker (static/js/sw.js, as /sw.js serves it: source on stdin) with
// stand-ins for its caches and the network, for tests/i18n/test_phone.py: the phone's
// words fetched online are kept, and answer offline; pwa.js's "keep-words" keeps the
// page's catalogue; a page neither kept nor with the offline page kept says the last
// word in the language of a kept catalogue. Writes what happened as JSON on stdout.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const ORIGIN = "https://club.test";
const source = readFileSync(0, "utf8");
const catalogue = JSON.parse(process.argv[2]);
const key = (request) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;

const store = new Map(); // cache name -> Map(url -> Response)
function cacheOf(name) {
  if (!store.has(name)) store.set(name, new Map());
  const entries = store.get(name);
  return {
    match: async (request) => {
      const kept = entries.get(key(request));
      return kept ? kept.clone() : undefined;
    },
    put: async (request, response) => {
      entries.set(key(request), response);
    },
    add: async (request) => {
      const response = await network(new Request(key(request)));
      entries.set(key(request), response);
    },
    addAll: async () => {},
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request) => entries.delete(key(request)),
  };
}

let online = true;
const fetched = [];
async function network(request) {
  const url = key(request);
  fetched.push(url);
  if (!online) throw new TypeError("Failed to fetch");
  const response = new Response(JSON.stringify(catalogue), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

const listeners = {};
const context = {
  self: null,
  caches: {
    open: async (name) => cacheOf(name),
    keys: async () => [...store.keys()],
    delete: async (name) => store.delete(name),
  },
  fetch: (request) => network(request),
  Request,
  Response,
  Headers,
  URL,
  Promise,
  console,
};
context.self = {
  location: { origin: ORIGIN },
  addEventListener: (type, listener) => {
    listeners[type] = listener;
  },
  skipWaiting: async () => {},
  clients: { claim: async () => {} },
};
vm.runInNewContext(source, context);

async function dispatch(type, fields) {
  let answer = null;
  const waits = [];
  listeners[type]({
    ...fields,
    respondWith: (promise) => {
      answer = promise;
    },
    waitUntil: (promise) => waits.push(promise),
  });
  const response = answer ? await answer : null;
  await Promise.all(waits);
  return response;
}

const get = (path, init = {}) => new Request(`${ORIGIN}${path}`, init);
const result = {};

// Online: the page's catalogue comes from the network and is kept.
let response = await dispatch("fetch", { request: get("/phone-words/de.json") });
result.online = { status: response.status, body: await response.json() };
result.caches = [...store.keys()];

// Offline: the kept copy answers.
online = false;
response = await dispatch("fetch", { request: get("/phone-words/de.json") });
result.offline = { status: response.status, body: await response.json() };

// A page neither kept nor with an offline page kept: the last word, in German.
response = await dispatch("fetch", {
  // (node's Request can't be a navigation: the fields the worker reads)
  request: {
    url: `${ORIGIN}/games/9/`,
    method: "GET",
    mode: "navigate",
    headers: new Headers({ "Accept-Language": "de-DE,de;q=0.9" }),
  },
});
result.lastWord = { status: response.status, text: await response.text() };

// pwa.js asks the worker to keep the page's catalogue (the first page came before it).
online = true;
await dispatch("message", { data: { type: "keep-words", url: "/phone-words/pl.json" } });
online = false;
response = await dispatch("fetch", { request: get("/phone-words/pl.json") });
result.kept = { status: response.status };
result.fetched = fetched;
process.stdout.write(JSON.stringify(result));
