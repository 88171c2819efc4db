/**
 * The built server as a process, for tests that need the real thing (signals, several processes
 * on one database): src/server.ts bundled as `npm run build` does (esbuild, native modules
 * external), started the way the Docker image starts it (NODE_ENV=production, an APP_SECRET),
 * with the test's environment on top. The port comes from the server's `listening` log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltServer {
  /** The bundle: in api/dist beside server.mjs (the server finds api/drizzle from its own folder), never replacing it. */
  file: string;
  remove(): void;
}

/** Bundles src/server.ts into api/dist under a name of its own (`name`, this process and a random suffix). */
export async function buildServer(name: string): Promise<BuiltServer> {
  const file = path.join(apiRoot, 'dist', `${name}-${process.pid}-${randomUUID().slice(0, 8)}.mjs`);
  await build({
    entryPoints: [path.join(apiRoot, 'src', 'server.ts')],
    outfile: file, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    external: ['better-sqlite3', 'pg', 'pg-native'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return { file, remove: () => rmSync(file, { force: true }) };
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
      PATH: process.env.PATH, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(48), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env,
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
