// What every esbuild bundle of the API's code shares (api/build.mjs for `npm start` and the
// Docker image, the tests that start the built server, bench/run.mjs): Node ESM with native
// modules left external, and the code the API loads from its own folder at run time (the SQLite
// sync threads), which every such bundle must carry beside it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.dirname(fileURLToPath(import.meta.url));

/** Bundled beside any bundle that includes the API: the SQLite sync writer's threads. */
export const API_WORKER_ENTRY_POINTS = {
  'catalog-sync-worker': path.join(apiDir, 'src', 'db', 'sqlite', 'catalog-sync-worker.ts'),
};

export const NODE_BUNDLE_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'pg', 'pg-native'],
  // Bundled CommonJS dependencies call require(); give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};
