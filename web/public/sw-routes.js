/*
 * Imported by the service worker (vite.config.ts, workbox.importScripts); decision 045. Through
 * the Service Worker Static Routing API the browser answers these requests without a fetch event,
 * so the worker's thread does not wake up and run JavaScript for each of them:
 *  - the app's built files (/assets/*, content-hashed) straight from Workbox's precache (a file
 *    not in the cache goes to the network): the ~100 scripts a screen loads;
 *  - the API (/api/*) from the network, which is what Workbox did with it anyway.
 * Browsers without the API (or a worker installed before) go through Workbox as before.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const cacheName = `workbox-precache-v2-${self.registration.scope}`;
  // This origin's paths only (the rest of the URL comes from baseURL).
  const path = (pathname) => new URLPattern({ pathname, baseURL: self.location.origin });
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: path('/assets/*'), requestMethod: 'GET' }, source: { cacheName } },
        { condition: { urlPattern: path('/api/*') }, source: 'network' },
      ])
      .catch((error) => console.warn('Service worker static routes not added', error)),
  );
});
