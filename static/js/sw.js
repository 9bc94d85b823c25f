/* The table page's service worker (docs/table.md "Offline at the table"), served at /sw.js by
   views.sync.service_worker, which puts in front of this file what it is told: the static prefix
   (self.TAROKKLUB_STATIC), the vendored Workbox's files (self.TAROKKLUB_WORKBOX, each file's name to
   its URL) and the table page's static files (self.TAROKKLUB_PAGE_FILES, their URLs, each game
   family's stylesheet among them). Every URL is the one Django's static() gives: in production the
   collected file's hashed name, never a name joined to the prefix here.

   It keeps what a phone needs to go on without network: the static files (the page's CSS and
   scripts) and the last table page of each table. The form of a later deal needs no copy: the
   page seats it itself (table-sync.js). It never touches a POST: the deals themselves wait in the
   page's queue (table-sync.js) until the server has acknowledged them. Service workers need HTTPS
   or localhost. */
/* global workbox */
const WORKBOX = self.TAROKKLUB_WORKBOX;
importScripts(WORKBOX["workbox-sw.js"]);
// The loader asks for a module by its name ("workbox-routing"): the URL of that file.
workbox.setConfig({ debug: false, modulePathCb: (name) => WORKBOX[`${name}.prod.js`] });

const { registerRoute } = workbox.routing;
const { NetworkFirst, StaleWhileRevalidate } = workbox.strategies;
const { ExpirationPlugin } = workbox.expiration;

// The table page's own files, kept at once (the page that registers the worker loaded them
// before the worker was there to keep them).
const PAGE_FILES = self.TAROKKLUB_PAGE_FILES;
self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open("tarokklub-static").then((cache) => cache.addAll(PAGE_FILES)).catch(() => {}));
});
// An earlier worker kept each dealer's deal form: no longer read, so no longer kept.
self.addEventListener("activate", (event) => event.waitUntil(
  caches.delete("tarokklub-forms").catch(() => {}).then(() => self.clients.claim())));

// Keep only a page the server meant for this address (never the login page a lapsed session is
// sent to, never an error).
const onlyTheRealPage = {
  cacheWillUpdate: async ({ response }) => (response && response.status === 200 && !response.redirected ? response : null),
};

registerRoute(
  ({ url, request }) => request.method === "GET" && url.pathname.startsWith(self.TAROKKLUB_STATIC),
  new StaleWhileRevalidate({ cacheName: "tarokklub-static", plugins: [new ExpirationPlugin({ maxEntries: 80 })] }),
);

// The table page: the network first, the last copy when there is none (it is a few seconds late at
// most when the server is merely slow).
registerRoute(
  ({ url, request }) => request.method === "GET" && /^\/tables\/\d+\/$/.test(url.pathname),
  new NetworkFirst({
    cacheName: "tarokklub-pages", networkTimeoutSeconds: 6,
    plugins: [onlyTheRealPage, new ExpirationPlugin({ maxEntries: 20 })],
  }),
);
