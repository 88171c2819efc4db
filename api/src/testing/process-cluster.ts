/**
 * Several processes of the built server on one PostgreSQL schema of their own, started together
 * as the Docker image starts them (NODE_ENV=production, one APP_SECRET, RS256 ID tokens checked
 * against a local JWKS, no emulator), in front of a demo store: the harness of
 * multi-process.pg.test.ts. Requests go round-robin (`next()`), as a load balancer spreads them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DemoStoreOptions } from '@catalog/demo-store';
import pg from 'pg';
import { buildServer, startServer, type BuiltServer, type ServerProcess } from './built-server';
import { isolatedSchema } from './db-targets';
import { type LocalJwks, startLocalJwks } from './local-jwks';
import { startDemoStore, type TestStore } from './store-fixture';

export interface ProcessCluster {
  servers: ServerProcess[];
  /** A pool on the processes' schema, for what the test reads and arranges directly. */
  sql: pg.Pool;
  store: TestStore;
  /** Signs the ID tokens the processes accept (and, with its other key, ones they refuse). */
  jwks: LocalJwks;
  /** The next process, round-robin. */
  next: () => ServerProcess;
  /** Headers of a new user's signed ID token. */
  signedIn: (name: string) => Promise<{ sub: string; headers: Record<string, string> }>;
  /** Kills every process (SIGKILL) and removes what the cluster made: schema, store, JWKS, bundle. */
  close: () => Promise<void>;
}

export interface ClusterOptions {
  /** The Firebase project the tokens name. */
  project: string;
  processes: number;
  store: DemoStoreOptions;
  /** Environment of every process, beside the database, secret, JWKS, store and data directory. */
  env: Record<string, string>;
}

export const call = (server: ServerProcess, route: string, init: RequestInit = {}) => fetch(`${server.url}${route}`, init);

export const json = async <T = Record<string, unknown>>(res: Response) => ({ status: res.status, body: (await res.json()) as T });

export async function startCluster(databaseUrl: string, options: ClusterOptions): Promise<ProcessCluster> {
  const servers: ServerProcess[] = [];
  const schema = await isolatedSchema(databaseUrl);
  const sql = new pg.Pool({ connectionString: schema.url, max: 2 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'process-cluster-'));
  let jwks: LocalJwks | undefined;
  let store: TestStore | undefined;
  let bundle: BuiltServer | undefined;
  const close = async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await sql.end();
    await schema.drop();
    await Promise.all([jwks?.close(), store?.close()]);
    bundle?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [jwks, store, bundle] = await Promise.all([startLocalJwks(options.project), startDemoStore(options.store), buildServer('process-cluster')]);
    const env = {
      DATABASE_URL: schema.url, DATABASE_POOL_MAX: '5', APP_SECRET: `process-cluster-${'s'.repeat(40)}`,
      FIREBASE_PROJECT_ID: options.project, FIREBASE_JWKS_URL: jwks.url, BIGCOMMERCE_API_URL: store.url,
      DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, ...options.env,
    };
    // Started together, as a deployment starts its instances: the migrations run once, under a lock.
    const started = await Promise.allSettled(Array.from({ length: options.processes }, () => startServer(bundle!, env)));
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    await close();
    throw err;
  }
  const signer = jwks;
  let turn = 0;
  return {
    servers,
    sql,
    store,
    jwks: signer,
    next: () => servers[turn++ % servers.length]!,
    signedIn: async (name) => {
      const sub = `uid-${randomUUID()}`;
      const token = await signer.sign({ sub, email: `${sub}@example.com`, name });
      return { sub, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    },
    close,
  };
}
