// The service worker: the built site in one cache named after its build, so the game starts with
// no network after the first visit. `desert-pyramid web build` fills in the build and its files.
const BUILD = "desert-pyramid-__BUILD__";
const FILES = __FILES__;
const LATER = /\/(sounds\/|art\/cards4\/|art\/cards-large\/|art\/cards4-large\/|py\/lang\/|art\/icon-512\.png$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(BUILD).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

// an older build's cache goes; the worker's heap snapshot (its own cache, named by build) stays
const SNAPSHOTS = "desert-pyramid-snapshots";
const stale = (key) => key.startsWith("desert-pyramid-") && key !== BUILD && key !== SNAPSHOTS;

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter(stale).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(BUILD).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      const answer = await fetch(request);
      // a file fetched when first needed (build.json's "later": the sounds, the four-colour
      // and the large-index faces, the languages but English, the large icon) is kept too, so
      // it plays offline from then on
      if (answer.ok && LATER.test(new URL(request.url).pathname)) {
        cache.put(request, answer.clone());
      }
      return answer;
    }),
  );
});
