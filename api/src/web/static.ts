/**
 * Serves the built web app (web/dist): hashed assets cached for a year, the service worker and
 * index.html never cached, and index.html for any other GET outside /api so client routes work on
 * a reload or a deep link.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Files whose name does not change with their content: always revalidate. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/sw-routes.js', '/registerSW.js', '/manifest.webmanifest']);

export interface WebApp {
  handler: MiddlewareHandler;
  /** The sha256 sources of index.html's inline scripts, for the CSP. */
  inlineScriptHashes: string[];
  available: boolean;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const re = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    const body = m[1] ?? '';
    if (body.trim() === '') continue;
    const digest = createHash('sha256').update(body, 'utf8').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/** The local demo store's credentials (packages/demo-store DEMO_STORE; app.test.ts checks they agree). */
export const DEMO_STORE_CREDENTIALS = { storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client' } as const;

/** What index.html tells the built app at run time (web/src/lib/firebase-config.ts reads it). */
export interface RuntimeConfig {
  firebase: { projectId: string; authEmulatorUrl: string | null };
  /**
   * The demo store's credentials when this server talks to one, for the settings screen's
   * setup instructions and its 'Use demo store' button; null against a real BigCommerce.
   */
  demoStore: { storeHash: string; accessToken: string; clientId: string } | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The demo store runs next to the API (npm start, tests) and BigCommerce never does, so a
 * loopback BIGCOMMERCE_API_URL is what marks local mode; NODE_ENV would be wrong both ways (a
 * development server pointed at a real store, a production build tried out locally).
 */
export function demoStoreFor(bigcommerceApiUrl: string | undefined): RuntimeConfig['demoStore'] {
  if (!bigcommerceApiUrl) return null;
  let host: string;
  try {
    host = new URL(bigcommerceApiUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.') ? { ...DEMO_STORE_CREDENTIALS } : null;
}

/**
 * Runtime settings the built app reads from index.html (a JSON script element, which the CSP
 * does not treat as code), so one build runs locally and in production.
 */
export function injectRuntimeConfig(html: string, runtimeConfig: RuntimeConfig | Record<string, unknown>): string {
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  const tag = `<script id="app-config" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

export function webApp(distDir: string, runtimeConfig: RuntimeConfig | Record<string, unknown> = {}): WebApp {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    const handler: MiddlewareHandler = async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
      return c.text('The web app is not built. Run `npm start`, which builds it.', 503);
    };
    return { handler, inlineScriptHashes: [], available: false };
  }
  const builtHtml = readFileSync(indexPath, 'utf8');
  const indexHtml = injectRuntimeConfig(builtHtml, runtimeConfig);
  const root = path.resolve(distDir);

  const sendIndex = (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  };

  const handler: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const urlPath = decodeURIComponent(c.req.path);
    if (urlPath === '/' || urlPath === '/index.html') return sendIndex(c);
    const file = path.resolve(root, '.' + urlPath);
    if (!file.startsWith(root + path.sep)) return sendIndex(c);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      stat = null;
    }
    if (!stat || !stat.isFile()) {
      // A missing asset is a 404; anything else is a client route the app renders.
      if (/\.[a-z0-9]{1,12}$/i.test(urlPath) && urlPath.startsWith('/assets/')) return next();
      return sendIndex(c);
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    c.header('Content-Type', type);
    c.header('Content-Length', String(stat.size));
    c.header(
      'Cache-Control',
      NO_CACHE.has(urlPath)
        ? 'no-cache'
        : urlPath.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
    );
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  };
  return { handler, inlineScriptHashes: inlineScriptHashes(builtHtml), available: true };
}
