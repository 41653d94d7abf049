// Keeps every file of the page, so it opens without a network after the first
// visit. `make web` writes the build's version and file list in place of the marker.
/* BUILD */
const CACHE = "schaffner-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("schaffner-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// A new version waits until the page asks for it: a running game never changes code under it.
self.addEventListener("message", (e) => {
  if (e.data === "take over") self.skipWaiting();
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true, cacheName: CACHE }).then((hit) => hit || fetch(e.request)));
});
