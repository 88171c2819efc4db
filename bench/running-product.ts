/**
 * The product as `npm start` runs it (scripts/start.mjs: API and web app, the Firebase Auth
 * emulator, the demo store, the Stripe stand-in) on a port and a fresh data directory of the
 * benchmark's own, for the benchmarks that drive it in a browser (lighthouse, local-catalog).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../packages/listen/src/free-port.mjs';

export interface RunningProduct {
  url: string;
  /** The data directory (the SQLite file is `app.db` in it); removed by stop(). */
  dataDir: string;
  /** host:port of the Auth emulator the product started. */
  authEmulatorHost: string;
  /** Everything the product printed so far. */
  log: () => string;
  /** SIGTERM (SIGKILL after 15 s), then the data directory goes. */
  stop: () => Promise<void>;
}

/** Starts the product and waits for /api/health (a first start may build the web app and the API). */
export async function startProduct(root: string, options: { port?: number; name: string }): Promise<RunningProduct> {
  const port = options.port || (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
  let log = '';
  // No FIREBASE_AUTH_EMULATOR_HOST: the product starts an emulator of its own.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_STORE_PORT: '0', FAKE_STRIPE_PORT: '0' };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited during start-up:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`no answer from ${url}/api/health:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const authEmulatorHost = /Auth emulator at http:\/\/(\S+)/.exec(log)?.[1];
  if (!authEmulatorHost) {
    await stop();
    throw new Error(`the Auth emulator's address is not in the product's output:\n${log}`);
  }
  return { url, dataDir, authEmulatorHost, log: () => log, stop };
}
