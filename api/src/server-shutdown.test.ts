/**
 * SIGTERM on the built server (src/server.ts bundled as `npm run build` does, started as the
 * Docker image starts it: NODE_ENV=production, APP_SECRET, DATABASE_URL): it stops accepting
 * connections at once, lets a request in flight finish (a webhook whose body is still arriving
 * when the signal comes), and exits 0 soon after it is answered, even though its keep-alive
 * connection stays open on the client's side (well within 10 s). On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, isolatedSchema } from './testing/db-targets';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/** In api/dist beside server.mjs (the server finds api/drizzle from its own folder), never replacing it. */
const bundle = path.join(apiRoot, 'dist', `server-shutdown-test-${process.pid}.mjs`);

beforeAll(async () => {
  await build({
    entryPoints: [path.join(apiRoot, 'src', 'server.ts')],
    outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    external: ['better-sqlite3', 'pg', 'pg-native'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
});
afterAll(() => rmSync(bundle, { force: true }));

/** Starts the server on a free port and resolves with its port once it logs `listening`. */
async function startServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(48), DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 20 s')), 20_000);
    void exited.then((code) => reject(new Error(`the server exited early (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /"msg":"listening".*"url":"http:\/\/localhost:(\d+)"/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { child, port, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const { child, port, exited } = await startServer(schema ? schema.url : path.join(dataDir, 'app.db'), dataDir);
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
