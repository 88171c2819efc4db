/**
 * Starts the product the way `npm start` does (scripts/start.mjs), on a free port with a fresh
 * temporary data directory, and stops it after the test file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@catalog/listen/free-port';
import { inject } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningApp {
  url: string;
  /** host:port of the Auth emulator the app and its pages use. */
  authEmulatorHost: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      DEMO_STORE_PORT: '0',
      FAKE_STRIPE_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://localhost:${port}`;

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited during start-up:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not answer /api/health within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    authEmulatorHost: inject('authEmulatorHost'),
    port,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
