/**
 * The built server as a process, for tests that need the real thing (signals, several processes
 * on one database): src/server.ts bundled as `npm run build` does (esbuild, native modules
 * external, the SQLite sync threads' code beside it), laid out and started the way the Docker
 * image has it (api/dist, api/drizzle, api/node_modules; NODE_ENV=production, an APP_SECRET and a PUBLIC_URL),
 * with the test's environment on top. The port comes from the server's `listening` log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { API_WORKER_ENTRY_POINTS, NODE_BUNDLE_OPTIONS } from '../../bundle-options.mjs';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltServer {
  /** The bundle: <temporary folder>/api/dist/server.mjs, never api/dist's own. */
  file: string;
  remove(): void;
}

/**
 * Bundles src/server.ts and the sync threads' code (catalog-sync-worker.mjs, which the server
 * loads from its own folder) into a temporary folder named after `name`, as api/ would hold
 * them: dist/ with the bundles, and links to the real drizzle/ (the server finds its
 * migrations from its own folder) and node_modules/ (the native and optional modules).
 */
export async function buildServer(name: string): Promise<BuiltServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const api = path.join(root, 'api');
  mkdirSync(api);
  symlinkSync(path.join(apiRoot, 'drizzle'), path.join(api, 'drizzle'), 'dir');
  symlinkSync(path.join(apiRoot, 'node_modules'), path.join(api, 'node_modules'), 'dir');
  try {
    await build({
      ...NODE_BUNDLE_OPTIONS,
      entryPoints: { server: path.join(apiRoot, 'src', 'server.ts'), ...API_WORKER_ENTRY_POINTS },
      outdir: path.join(api, 'dist'),
    });
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  // rmSync removes the links, never what they point to.
  return { file: path.join(api, 'dist', 'server.mjs'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Every log line the server wrote so far (stdout and stderr), each parsed when it is JSON. */
  logs: Array<Record<string, unknown>>;
}

/**
 * Starts the bundle on a free port (PORT=0, HOST=127.0.0.1) with `env` over the production
 * defaults, and resolves once it logs `listening`. The caller kills it (SIGKILL in a finally or
 * afterAll: a failing test must not leave it running). Error lines also go to this process's stderr.
 */
export async function startServer(bundle: BuiltServer, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bundle.file], {
    env: {
      PATH: process.env.PATH, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(48), PUBLIC_URL: 'http://app.test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logs: ServerProcess['logs'] = [];
  const record = (line: string) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ msg: line });
    }
  };
  createInterface({ input: child.stderr! }).on('line', (line) => {
    record(line);
    process.stderr.write(`[server ${child.pid}] ${line}\n`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 20 s')), 20_000);
    void exited.then((code) => reject(new Error(`the server exited early (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      record(line);
      const match = /"msg":"listening".*"url":"http:\/\/localhost:(\d+)"/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  return { child, port, url: `http://127.0.0.1:${port}`, exited, logs };
}
