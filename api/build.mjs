// Bundles the Node entry points (and the workspace packages they import as TypeScript source):
// the API into dist/server.mjs with the code of its SQLite sync threads beside it
// (dist/catalog-sync-worker.mjs, which the server loads from its own folder), and the stand-ins
// `npm start` runs: the demo store into dist/demo-store.mjs and the Stripe stand-in into
// dist/fake-stripe.mjs. Native and optional modules stay external and load from node_modules.
import { build } from 'esbuild';
import { API_WORKER_ENTRY_POINTS, NODE_BUNDLE_OPTIONS } from './bundle-options.mjs';

await build({
  ...NODE_BUNDLE_OPTIONS,
  entryPoints: {
    server: 'src/server.ts',
    ...API_WORKER_ENTRY_POINTS,
    'demo-store': '../packages/demo-store/src/main.ts',
    'fake-stripe': '../packages/fake-stripe/src/main.ts',
  },
  outdir: 'dist',
  sourcemap: true,
  legalComments: 'none',
});
