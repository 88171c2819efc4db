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
        navigateFallback: '/index.html',
        // API calls and the login endpoint (a browser navigation to /api/login) go to the network.
        navigateFallbackDenylist: [/^\/api\//],
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
  build: {
    // index.html preloads the entry's chunks; a lazy screen preloads only its CSS. Preloading its
    // JS chunks (~50 each, Mantine is split fine) appended a <link> per chunk, ~100 ms of main
    // thread on a phone, for files the service worker serves from its cache anyway.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every icon the app draws in one chunk (25 kB), not a file of a few hundred bytes per
          // icon and per set of screens sharing it: /products loads 94 scripts instead of 108, each
          // one a request the service worker answers and a module the page links.
          groups: [{ name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/ }],
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
