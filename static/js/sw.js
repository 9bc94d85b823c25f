/* The table page's service worker (docs/table.md "Offline at the table"), served at /sw.js by
   views.sync.service_worker, which puts in front of this file what it is told: the static prefix
   (self.TAROKKLUB_STATIC), the vendored Workbox's files (self.TAROKKLUB_WORKBOX, each file's name to
   its URL) and the table page's static files (self.TAROKKLUB_PAGE_FILES, their URLs, each game
   family's stylesheet among them). Every URL is the one Django's static() gives: in production the
   collected file's hashed name, never a name joined to the prefix here.

   It keeps what a phone needs to go on without network: the static files (the page's CSS and
   scripts), the last table page of each table and each dealer's empty deal form. It never touches
   a POST: the deals themselves wait in the page's queue (table-sync.js) until the server has
   acknowledged them. Service workers need HTTPS or localhost. */
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
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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

// A dealer's deal form (the htmx rebuild when another dealer is picked): kept under the table and
// the dealer alone, so that an offline phone can show the form of the next deal's dealer.
const byDealer = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}?dealer=${encodeURIComponent(url.searchParams.get("dealer") || "")}`;
  },
};
// Only an empty form is kept (asked for with the dealer and version alone, as table-sync.js asks):
// a rebuild that carried typed values is the scorekeeper's, not the next deal's.
const onlyEmptyForms = {
  cacheWillUpdate: async ({ request, response }) => {
    const names = [...new URL(request.url).searchParams.keys()];
    return names.every((name) => name === "dealer" || name === "version") ? response : null;
  },
};
registerRoute(
  ({ url, request }) => request.method === "GET" && /^\/tables\/\d+\/form\/$/.test(url.pathname),
  new NetworkFirst({
    cacheName: "tarokklub-forms", networkTimeoutSeconds: 6,
    plugins: [byDealer, onlyTheRealPage, onlyEmptyForms, new ExpirationPlugin({ maxEntries: 60 })],
  }),
);
