#!/usr/bin/env node
/**
 * Prints the JavaScript and CSS the landing page loads before it can render (the entry script
 * of dist/index.html and the chunks it modulepreloads), raw and gzipped. Run after `vite build`:
 * `node scripts/landing-size.mjs [dist directory]`. Lazy screens are not counted: they load on
 * navigation.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);

// kB as vite prints them (1000 bytes).
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const file of files) {
  const body = readFileSync(join(dist, file));
  const gzip = gzipSync(body).length;
  const kind = file.endsWith('.css') ? 'css' : 'js';
  totals[kind].raw += body.length;
  totals[kind].gzip += gzip;
  console.log(`${file.padEnd(52)} ${kb(body.length).padStart(10)}  gzip ${kb(gzip).padStart(9)}`);
}
// The document itself: it carries the pre-rendered landing page (scripts/prerender-landing.ts).
const htmlBytes = Buffer.byteLength(html);
console.log(`\nlanding HTML: ${kb(htmlBytes)}, gzip ${kb(gzipSync(html).length)}`);
console.log(`landing JS : ${kb(totals.js.raw)}, gzip ${kb(totals.js.gzip)}`);
console.log(`landing CSS: ${kb(totals.css.raw)}, gzip ${kb(totals.css.gzip)}`);
