/*
 * Imported by the service worker (vite.config.ts, workbox.importScripts). The app's built files
 * (/assets/*, content-hashed) are answered straight from the precache by the browser, through the
 * Service Worker Static Routing API: no fetch event, so the worker's thread does not wake up and
 * run JavaScript for each of the ~100 scripts a screen loads. A file not in the cache goes to the
 * network. Browsers without the API (or an older worker) use Workbox's precache route as before.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const cacheName = `workbox-precache-v2-${self.registration.scope}`;
  event.waitUntil(
    event
      .addRoutes({ condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }), requestMethod: 'GET' }, source: { cacheName } })
      .catch((error) => console.warn('Service worker static routes not added', error)),
  );
});
