// Bundles the Node entry points (and the workspace packages they import as TypeScript source):
// the API into dist/server.mjs with the code of its SQLite sync threads beside it
// (dist/catalog-sync-worker.mjs, which the server loads from its own folder), and the stand-ins
// `npm start` runs: the demo store into dist/demo-store.mjs and the Stripe stand-in into
// dist/fake-stripe.mjs. Native and optional modules stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    'catalog-sync-worker': 'src/db/sqlite/catalog-sync-worker.ts',
    'demo-store': '../packages/demo-store/src/main.ts',
    'fake-stripe': '../packages/fake-stripe/src/main.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  external: ['better-sqlite3', 'pg', 'pg-native'],
  // Bundled CommonJS dependencies call require(); give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
