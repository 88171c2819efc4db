// Runs a TypeScript benchmark: `node bench/run.mjs bench/sync.ts [args...]` from the repository root.
// Node 20 cannot run .ts itself and tsx is not a dependency, so this bundles the file with the
// esbuild the API already depends on (api/node_modules/esbuild) into api/node_modules/.cache/bench/
// (from there the native and optional modules kept external — better-sqlite3, pg — resolve from
// api/node_modules), then runs the bundle in this process with the remaining arguments. The
// SQLite sync writer's thread code is bundled beside it (catalog-sync-worker.mjs), where the
// writer looks for it, as it does beside api/dist/server.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry || !entry.endsWith('.ts')) {
  process.stderr.write('usage: node bench/run.mjs bench/<name>.ts [args...]\n');
  process.exit(64);
}

const { build } = await import(pathToFileURL(path.join(root, 'api', 'node_modules', 'esbuild', 'lib', 'main.js')).href);
const outDir = path.join(root, 'api', 'node_modules', '.cache', 'bench');
mkdirSync(outDir, { recursive: true });
const name = path.basename(entry, '.ts');
const outfile = path.join(outDir, `${name}.mjs`);

const { API_WORKER_ENTRY_POINTS, NODE_BUNDLE_OPTIONS } = await import(pathToFileURL(path.join(root, 'api', 'bundle-options.mjs')).href);
await build({
  ...NODE_BUNDLE_OPTIONS,
  entryPoints: { [name]: path.resolve(entry), ...API_WORKER_ENTRY_POINTS },
  outdir: outDir,
  sourcemap: 'inline',
});

// The benchmark finds the repository (migrations, data) through this, wherever the bundle lives.
process.env.CATALOG_ROOT = root;
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
