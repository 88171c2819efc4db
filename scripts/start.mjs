// `npm start`: set up what is missing, then run the product on its embedded defaults at
// http://localhost:8787 (PORT overrides) with its data in ./data (DATA_DIR overrides).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildEnv, log, root, setup } from './setup.mjs';

setup();

const env = buildEnv({
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
});

const children = [];
function launch(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    log(`${name} exited (${signal ?? code})`);
    stopAll(code ?? 1);
  });
  return child;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

log(`starting the product at http://localhost:${env.PORT ?? 8787}`);
launch('api', ['--enable-source-maps', path.join('api', 'dist', 'server.mjs')]);
