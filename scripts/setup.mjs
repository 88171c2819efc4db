// Shared by `npm start` and `npm test`: make sure pnpm, the dependencies and the builds are
// there, doing nothing when they already are (stamps hold a hash of each step's inputs).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const PNPM_VERSION = pkg.packageManager.split('@')[1];

export function log(msg) {
  process.stdout.write(`\x1b[36m[setup]\x1b[0m ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: buildEnv(), ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status ?? res.signal}`);
  }
}

/** Native addons (better-sqlite3) build against the local Node headers, never downloaded ones. */
export function buildEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return env;
}

/** pnpm 10 from PATH, else a private copy in .tools/ (no global install, no root needed). */
export function ensurePnpm() {
  try {
    const v = execFileSync('pnpm', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (v.startsWith('10.')) return 'pnpm';
  } catch {
    // not on PATH
  }
  const local = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (!existsSync(local)) {
    log(`installing pnpm@${PNPM_VERSION} into .tools/`);
    mkdirSync(path.join(root, '.tools'), { recursive: true });
    run('npm', ['install', '--prefix', '.tools', '--no-audit', '--no-fund', '--loglevel=error', `pnpm@${PNPM_VERSION}`]);
  }
  return local;
}

function hashInputs(paths) {
  const h = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else {
      h.update(path.relative(root, p));
      h.update(readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return h.digest('hex');
}

function stamped(stampFile, inputs, action) {
  const digest = hashInputs(inputs);
  const file = path.join(root, stampFile);
  if (existsSync(file) && readFileSync(file, 'utf8') === digest) return false;
  action();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, digest);
  return true;
}

const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'web/package.json', 'api/package.json', 'packages/contracts/package.json', 'packages/commerce/package.json', 'packages/demo-store/package.json', 'packages/fake-stripe/package.json', 'packages/listen/package.json', 'patches'];

export function ensureInstalled(pnpm) {
  stamped('node_modules/.install-stamp', manifests, () => {
    log('installing dependencies (pnpm install --frozen-lockfile)');
    run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline']);
  });
}

export function ensureBuilt(pnpm) {
  const shared = ['packages/contracts/src', 'packages/commerce/src', 'packages/demo-store/src', 'packages/fake-stripe/src', 'packages/listen/src'];
  stamped('web/dist/.build-stamp', ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'patches', ...shared], () => {
    log('building the web app');
    // Always a production bundle, also when called from tests (vitest sets NODE_ENV=test).
    run(pnpm, ['--filter', '@catalog/web', 'build'], { env: buildEnv({ NODE_ENV: 'production' }) });
  });
  stamped('api/dist/.build-stamp', ['api/src', 'api/build.mjs', 'api/bundle-options.mjs', 'api/package.json', 'api/drizzle', ...shared], () => {
    log('building the API');
    run(pnpm, ['--filter', '@catalog/api', 'build']);
  });
}

export function setup() {
  const pnpm = ensurePnpm();
  ensureInstalled(pnpm);
  ensureBuilt(pnpm);
  return pnpm;
}
