// The site's service worker (registered by page.js): keeps a copy of every file of the site so
// that a visit with the network gone still starts the console. Network first: online, each
// request goes to the host as without this worker and its answer replaces the copy, so the
// copies are always those of the last visit (one build, never old and new files mixed);
// offline (the fetch fails), the copy answers. The query (?board=, ?seed=) is not part of a copy's name.
const CACHE = "meeple-web";
// the site's files (tests/wasm/test_web_build.py checks this list against what tools.wasm.web writes)
const FILES = ["./", "index.html", "style.css", "page.js", "worker.js", "boards.json",
  "micropython.mjs", "micropython.wasm", "meeple.pack"];

function keyOf(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

self.addEventListener("install", (event) => {
  // the first visit's files, fetched again past the HTTP cache, so the copy is one build
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const resp = await fetch(req);
      if (resp.ok) await cache.put(keyOf(req), resp.clone());
      return resp;
    } catch (e) {
      const copy = await cache.match(keyOf(req));
      if (copy) return copy;
      throw e;
    }
  })());
});
