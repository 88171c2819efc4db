// `npm test`: set up what is missing, lint (zero warnings; promises with types), find unused files and exports, type-check every package, then run
// every test project.
// PostgreSQL runs when TEST_DATABASE_URL is set; the browser suite when Chromium is found
// (E2E_REQUIRED=1, as CI sets, makes a missing Chromium a failure instead of a skip).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildEnv, log, root, setup } from './setup.mjs';

const pnpm = setup();

function step(name, cmd, args, env) {
  log(name);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: buildEnv(env) });
  if (res.status !== 0) {
    log(`${name} failed`);
    process.exit(res.status ?? 1);
  }
}

// Any error or warning fails the run (decision 027: the layout's zones, no import cycles).
step('linting', pnpm, ['exec', 'eslint', '.', '--max-warnings', '0']);
// Promises nobody awaits, with types (decision 055: oxlint's type-aware rules, .oxlintrc.json).
step('linting promises with types', pnpm, ['exec', 'oxlint', '--type-aware', '--deny-warnings']);
// Unused files and exports (decision 053: knip.jsonc names the entry points); any finding fails.
step('finding unused files and exports', pnpm, ['exec', 'knip', '--no-progress']);
step('type-checking every package', pnpm, ['-r', '--parallel', '--reporter-hide-prefix', 'typecheck']);
step('type-checking the root configs', pnpm, ['exec', 'tsc', '-p', 'tsconfig.json']);

const projects = ['scripts', 'contracts', 'commerce', 'fake-stripe', 'listen', 'demo-store', 'api', 'web'];
if (process.env.TEST_DATABASE_URL) {
  projects.push('api-pg');
} else {
  log('SKIP PostgreSQL: the server suites (project api-pg) run on SQLite only (set TEST_DATABASE_URL=postgres://... to run them on PostgreSQL too)');
}
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
const env = {};
if (chromium) {
  projects.push('e2e');
  env.CHROMIUM_PATH = chromium;
} else if (process.env.E2E_REQUIRED === '1') {
  log('FAIL browser tests: Chromium was not found (install it with `apt-get install -y chromium` or set CHROMIUM_PATH) and E2E_REQUIRED=1');
  process.exit(1);
} else {
  log('SKIP browser tests: Chromium was not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
}

const extra = process.argv.slice(2);
step('running tests', pnpm, ['exec', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra], env);
