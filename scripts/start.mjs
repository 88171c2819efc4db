// `npm start`: set up what is missing, then run the product on its embedded defaults at
// http://localhost:8787 (PORT overrides) with its data in ./data (DATA_DIR overrides), and the
// local stand-ins: the Firebase Auth emulator (unless FIREBASE_AUTH_EMULATOR_HOST names one
// already running, or FIREBASE_PROJECT_ID names a real project).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAuthEmulator } from './auth-emulator.mjs';
import { buildEnv, log, root, setup } from './setup.mjs';

setup();

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
mkdirSync(dataDir, { recursive: true });
const env = buildEnv({ NODE_ENV: process.env.NODE_ENV ?? 'development', DATA_DIR: dataDir });

const stoppers = [];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // Reverse order: the API first, the stand-ins it talks to last.
  for (const stop of stoppers.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const realProject = process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith('demo-');
if (!env.FIREBASE_AUTH_EMULATOR_HOST && !realProject) {
  log('starting the Firebase Auth emulator');
  try {
    const emulator = await startAuthEmulator({ dataDir });
    stoppers.push(emulator.stop);
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    emulator.child.on('exit', () => {
      if (!stopping) {
        log('the Auth emulator stopped');
        stopAll(1);
      }
    });
    log(`Auth emulator at http://${emulator.host}`);
  } catch (err) {
    log(String(err.message ?? err));
    process.exit(1);
  }
}

const api = spawn(process.execPath, ['--enable-source-maps', path.join('api', 'dist', 'server.mjs')], { cwd: root, env, stdio: 'inherit' });
stoppers.push(async () => {
  if (api.exitCode !== null) return;
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  await exited;
});
api.on('exit', (code, signal) => {
  if (stopping) return;
  log(`the API exited (${signal ?? code})`);
  stopAll(code ?? 1);
});
log(`open http://localhost:${env.PORT ?? 8787}`);
