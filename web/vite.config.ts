/**
 * Vite build of the Catalog Pilot PWA: React, the dev proxy to the API, and the service worker
 * (vite-plugin-pwa, Workbox generateSW) that precaches the app shell for offline use.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLanding } from './scripts/prerender-landing.ts';

/** Brand indigo; also the theme-color meta tag in index.html. */
const THEME_COLOR = '#4263eb';

/** A library module (not its CSS). */
const JS_IN_NODE_MODULES = /[\\/]node_modules[\\/].*\.[cm]?[jt]sx?$/;
/** Libraries the app imports dynamically, out of the vendor chunk (build.rolldownOptions). */
const LOADED_ON_DEMAND = /[\\/]node_modules[\\/](dexie|dexie-react-hooks|zod|firebase|@firebase|idb|papaparse|workbox-window|fake-indexeddb)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // The landing page's markup in index.html at build time (hydrated by src/main.tsx).
    prerenderLanding(),
    VitePWA({
      // The app shows its own "A new version is available" notice (src/app/pwa-update-notice.tsx)
      // and registers through virtual:pwa-register/react, so nothing is injected into index.html.
      registerType: 'prompt',
      injectRegister: false,
      // The icons are in public/ and picked up by globPatterns below; listing them again here
      // (includeManifestIcons/includeAssets) would precache them twice.
      includeManifestIcons: false,
      manifest: {
        // A stable identity for the installed app, whatever start_url becomes.
        id: '/',
        name: 'Catalog Pilot',
        short_name: 'Catalog Pilot',
        description:
          'Browse your BigCommerce catalog offline and plan bulk price changes with work orders.',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The in-memory IndexedDB of a frame denied storage (src/local/memory-indexeddb.ts): a frame
        // has no service worker, and a page of its own never needs it.
        globIgnores: ['**/memory-indexeddb-*.js'],
        navigateFallback: '/index.html',
        // API calls and the login endpoint (a browser navigation to /api/login) go to the network,
        // and so do BigCommerce's callbacks (issue 34): opening the app in the control panel
        // navigates its frame to /bigcommerce/load, which the server answers, not the app's shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/bigcommerce\//],
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled as soon as the worker activates, so going offline
        // in that same session still serves the lazy screens' code. An update still waits for
        // the user's Reload (skipWaiting stays off in prompt mode).
        clientsClaim: true,
        // The built files straight from the precache, without a fetch event (public/sw-routes.js).
        importScripts: ['sw-routes.js'],
      },
    }),
  ],
  // The catalog's pull worker (src/local/catalog-pull.worker.ts) is a module worker (`type:
  // 'module'` where it is started): one file of its own (~230 kB: Dexie, the contracts, zod),
  // precached with the app's, loaded only for a first pull.
  worker: { format: 'es' },
  build: {
    // index.html preloads the entry's chunks; a lazy screen preloads only its CSS. Preloading its
    // JS chunks (~50 each, Mantine is split fine) appended a <link> per chunk, ~100 ms of main
    // thread on a phone, for files the service worker serves from its cache anyway.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // The vendor chunk is ~655 kB (~200 kB gzipped) by design (decision 047): no warning for it.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries the app imports statically (React, React DOM, the router, Mantine, the
          // icons and their helpers) in one chunk, not split by which screens share each module:
          // Mantine alone made ~50 files of a few kB, and /products loaded 103 scripts. Each file
          // is a request the browser process answers from the service worker's cache and a module
          // the page compiles and links; one file halves the browser's work of a load (decision 047).
          // The libraries the app imports dynamically keep their own chunks and load when needed:
          // Firebase (lib/session.ts), zod (the contracts' schemas, built on first use by
          // packages/contracts/src/lazy-schema.ts), Dexie (local/local-catalog.ts),
          // Papa Parse (CSV files), workbox-window (after the page's load), fake-indexeddb (the
          // in-memory catalog of a frame denied storage: src/local/memory-indexeddb.ts).
          groups: [{ name: 'vendor', test: (id: string) => JS_IN_NODE_MODULES.test(id) && !LOADED_ON_DEMAND.test(id) }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', changeOrigin: true },
    },
  },
});
