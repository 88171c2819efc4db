import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '@catalog/contracts/errors';
import { DEMO_STORE } from '@catalog/demo-store';
import { createApp } from './app';
import { createTokenVerifier } from './auth/verify-token';
import { dbTarget, openTestDatabase } from './testing/db-targets';
import { readJson } from './lib/http';
import { createLogger } from './lib/logger';
import { createSecretBox, generateAppSecret } from './lib/secrets';
import { commerceAt, TEST_PROJECT, testApp } from './testing/test-app';
import { DEMO_STORE_CREDENTIALS, demoStoreFor } from './web/static';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function make(opts: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(opts);
  cleanup = t.close;
  return t;
}

function webDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script>window.x=1</script></head><body>app</body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'sw.js'), 'self.x=1');
  writeFileSync(path.join(dir, 'sw-routes.js'), 'self.y=1');
  return dir;
}

describe('the API shell', () => {
  it('answers /api/health with the database dialect', async () => {
    const { app } = await make();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: dbTarget.name });
  });

  it('gives every response a request id and echoes a sane incoming one', async () => {
    const { app } = await make();
    const fresh = await app.request('/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.request('/api/health', { headers: { 'x-request-id': 'abc-12345678' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-12345678');
  });

  it('answers an unknown API route with a JSON 404 in the one error shape', async () => {
    const { app } = await make({ webDistDir: webDist() });
    const res = await app.request('/api/nope', { method: 'POST' });
    expect(res.status).toBe(404);
    const body = ErrorBody.parse(await res.json());
    expect(body.error.code).toBe('NOT_FOUND');
  });

  it('turns invalid JSON into a 400 VALIDATION error and a failed rule into field messages', async () => {
    const { app } = await make();
    app.post('/api/echo', async (c) => c.json(await readJson(c, z.object({ title: z.string().min(1, 'Please enter a title') }))));
    const bad = await app.request('/api/echo', { method: 'POST', body: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error).toMatchObject({ code: 'VALIDATION', message: 'The request body is not valid JSON' });
    const empty = await app.request('/api/echo', { method: 'POST', body: '{"title":""}' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error).toEqual({ code: 'VALIDATION', message: 'Please enter a title', fields: { title: 'Please enter a title' } });
  });

  it('refuses an oversized body with 413', async () => {
    const { app } = await make({ maxBodyBytes: 100 });
    app.post('/api/echo', async (c) => c.json(await c.req.json()));
    const res = await app.request('/api/echo', {
      method: 'POST',
      body: JSON.stringify({ x: 'y'.repeat(500) }),
      headers: { 'content-type': 'application/json', 'content-length': '512' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it('hides thrown errors behind a generic 500 without a stack trace', async () => {
    const { app } = await make();
    app.get('/api/boom', () => {
      throw new Error('secret database detail at /srv/app.ts:12');
    });
    const res = await app.request('/api/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('.ts:');
    expect(JSON.parse(text).error.code).toBe('INTERNAL');
  });

  it('sends secure headers with a CSP that allows the inline scripts of index.html by hash', async () => {
    const { app } = await make({ webDistDir: webDist() });
    const res = await app.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // A page of the app: BigCommerce's control panel may frame it, nobody else (issue 34).
    expect(csp).toContain('frame-ancestors https://*.mybigcommerce.com');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps every answer but the app\u2019s pages from being framed at all', async () => {
    const { app } = await make({ webDistDir: webDist() });
    for (const path of ['/api/health', '/api/openapi.json', '/api/nothing-here', '/bigcommerce/uninstall']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    // The callbacks' pages and redirects are shown inside the control panel.
    const load = await app.request('/bigcommerce/load?signed_payload_jwt=x.y.z');
    expect(load.status).toBe(401);
    expect(load.headers.get('content-security-policy')).toContain('frame-ancestors https://*.mybigcommerce.com');
    expect(load.headers.get('x-frame-options')).toBeNull();
  });
});

describe('serving the web app', () => {
  it('serves index.html for client routes and the root', async () => {
    const { app } = await make({ webDistDir: webDist() });
    for (const route of ['/', '/products', '/work-orders/create', '/no/such/page']) {
      const res = await app.request(route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<body>app</body>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('tells the built app where the Auth emulator is, in a JSON script the CSP allows', async () => {
    const { app } = await make({ webDistDir: webDist() });
    const res = await app.request('/settings');
    const html = await res.text();
    const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({
      firebase: { projectId: 'demo-catalog', authEmulatorUrl: 'http://127.0.0.1:9099' },
      demoStore: null,
    });
    expect(res.headers.get('content-security-policy')).toContain('connect-src \'self\' http://127.0.0.1:9099');
  });

  it("names the demo store's credentials to the built app when BIGCOMMERCE_API_URL is a loopback address", async () => {
    const runtimeConfigOf = async (bigcommerceApiUrl: string) => {
      const { db, close } = await openTestDatabase();
      try {
        const app = createApp({
          config: {
            webDistDir: webDist(),
            maxBodyBytes: 1024 * 1024,
            frameOrigins: [],
            nodeEnv: 'development',
            firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' },
            publicUrl: 'http://localhost:8787',
            bigcommerceApiUrl,
          },
          db,
          logger: createLogger('silent'),
          verifyToken: createTokenVerifier({ projectId: TEST_PROJECT, jwksUrl: 'http://127.0.0.1:9/unused', emulator: true }),
          commerce: commerceAt(bigcommerceApiUrl),
          secrets: createSecretBox(generateAppSecret()),
        });
        const html = await (await app.request('/settings')).text();
        return JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as { demoStore: unknown };
      } finally {
        await close();
      }
    };
    const demo = { storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId };
    expect((await runtimeConfigOf('http://127.0.0.1:8788')).demoStore).toEqual(demo);
    expect((await runtimeConfigOf('https://api.bigcommerce.com')).demoStore).toBeNull();
  });

  it('treats only loopback hosts as the demo store', () => {
    expect(DEMO_STORE_CREDENTIALS).toEqual({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, clientId: DEMO_STORE.clientId });
    for (const url of ['http://127.0.0.1:8788', 'http://localhost:8788', 'http://[::1]:8788', 'http://127.0.0.2']) {
      expect(demoStoreFor(url), url).toEqual(DEMO_STORE_CREDENTIALS);
    }
    for (const url of ['https://api.bigcommerce.com', 'http://10.0.0.5:8788', 'http://localhost.example.com', 'not a url', undefined]) {
      expect(demoStoreFor(url), String(url)).toBeNull();
    }
  });

  it('caches hashed assets for a year and never caches the service worker or the script it imports', async () => {
    const { app } = await make({ webDistDir: webDist() });
    const asset = await app.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    for (const script of ['/sw.js', '/sw-routes.js']) {
      expect((await app.request(script)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a missing hashed asset with 404 rather than the page', async () => {
    const { app } = await make({ webDistDir: webDist() });
    expect((await app.request('/assets/gone-123.js')).status).toBe(404);
  });

  it('does not serve files outside the build directory', async () => {
    const { app } = await make({ webDistDir: webDist() });
    const res = await app.request('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toContain('root:');
  });
});
