// Bundles the API (and the workspace packages it imports as TypeScript source) into
// dist/server.mjs. Native and optional modules stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
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
