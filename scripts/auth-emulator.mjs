// Runs the Firebase Auth emulator (firebase-tools, pure Node, no UI, offline) for `npm start`
// and the browser tests. Its accounts are exported to the data directory on exit and imported
// on the next start, so a local account survives a restart like the SQLite data does.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, portIsFree } from '../packages/listen/src/free-port.mjs';
import { root } from './setup.mjs';

export const PROJECT_ID = 'demo-catalog';

/**
 * Starts the emulator on `port` (9099 by default; a free one when 9099 is taken or port is 0).
 * Resolves with { host: '127.0.0.1:<port>', stop } once it answers.
 */
export async function startAuthEmulator({ port = 9099, dataDir, persist = true, quiet = false } = {}) {
  if (!port || !(await portIsFree(port))) port = await freePort();
  const dir = path.join(dataDir, 'auth-emulator');
  mkdirSync(dir, { recursive: true });
  const exportDir = path.join(dir, 'export');
  // The hub and logging ports must be free too, or the emulator refuses to start.
  const config = {
    emulators: {
      auth: { port, host: '127.0.0.1' },
      hub: { port: await freePort(), host: '127.0.0.1' },
      logging: { port: await freePort(), host: '127.0.0.1' },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configFile = path.join(dir, 'firebase.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  const bin = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const args = [bin, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile];
  if (persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => {
    output += d;
    if (!quiet && process.env.LOG_LEVEL === 'debug') process.stdout.write(d);
  });
  child.stderr.on('data', (d) => (output += d));

  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited:\n${output}`);
    try {
      const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/config`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the Auth emulator did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT'); // SIGINT lets it export its accounts
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { host, port, child, stop };
}
