/**
 * SIGTERM on the built server (src/server.ts bundled as `npm run build` does, started as the
 * Docker image starts it: NODE_ENV=production, APP_SECRET, DATABASE_URL): it stops accepting
 * connections at once, lets a request in flight finish (a webhook whose body is still arriving
 * when the signal comes), and exits 0 soon after it is answered, even though its keep-alive
 * connection stays open on the client's side (well within 10 s). On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sleep } from '@catalog/commerce/timing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServer, type BuiltServer } from './testing/built-server';
import { dbTargets, isolatedSchema } from './testing/db-targets';

let bundle: BuiltServer;
beforeAll(async () => {
  bundle = await buildServer('server-shutdown-test');
});
afterAll(() => bundle?.remove());

/** Whether a new connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });

describe.each(dbTargets)('SIGTERM on the built server ($name)', (target) => {
  it('refuses new connections, finishes the request in flight, and exits 0 within 10 s', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-shutdown-'));
    const schema = target.name === 'postgres' ? await isolatedSchema(target.url) : null;
    const { child, port, exited } = await startServer(bundle, {
      DATABASE_URL: schema ? schema.url : path.join(dataDir, 'app.db'), DATA_DIR: dataDir, WEB_DIST_DIR: dataDir,
    });
    try {
      // A keep-alive connection, as a load balancer holds one; the body arrives in two parts.
      const agent = new http.Agent({ keepAlive: true });
      const req = http.request({
        host: '127.0.0.1', port, path: '/api/stripe/webhook', method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'stripe-signature': 't=1,v1=00' },
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
      req.write('{"id":"evt_1",');
      await sleep(300);

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await sleep(500);
      expect(await accepts(port)).toBe(false);
      // The request in flight is still being served: its body ends now, and it gets its answer.
      req.end('"type":"ping"}');
      const answered = await response;
      const answeredAt = Date.now();
      expect(answered.status).toBeGreaterThanOrEqual(200);
      expect(answered.status).toBeLessThan(500);
      expect(JSON.parse(answered.body)).toBeTypeOf('object');
      const code = await Promise.race([exited, sleep(12_000).then(() => 'still running')]);
      expect(code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      // Promptly once the last request is answered: its kept-alive connection (a load balancer's)
      // does not hold the exit until the keep-alive timeout (5 s).
      expect(Date.now() - answeredAt).toBeLessThan(4_000);
      agent.destroy();
    } finally {
      child.kill('SIGKILL');
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
