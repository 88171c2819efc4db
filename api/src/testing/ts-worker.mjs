// Runs a TypeScript module as a worker thread's code from the sources (vitest): Node 20 cannot
// load .ts, and a worker thread does not get vitest's transform. A thread started on this file
// with the module's file URL as its last argument (as catalog-sync-writer.ts does when it runs
// from the sources) imports a bundle of that module, made with the esbuild the API builds with
// (native and optional modules external, as build.mjs does), and finds the thread's workerData
// and parentPort there as any worker does; messages sent meanwhile wait in the port.
//
// Bundles are kept in api/node_modules/.cache/ts-worker/ (from there the external modules
// resolve from api/node_modules), named by a hash of the files they were made from: bundling in
// every thread cost about a second each under load, and a test suite starts hundreds. A bundle
// is reused only if those files still hash the same, and kept only if they did not change while
// it was being made.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const entry = fileURLToPath(process.argv.at(-1));
if (!entry.endsWith('.ts')) throw new Error(`ts-worker.mjs runs a .ts module, not ${entry}`);
const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/ts-worker/', import.meta.url));
const name = path.basename(entry, '.ts');
/** The files the last bundle of `entry` was made from (absolute paths). */
const inputsFile = path.join(cacheDir, `${name}.inputs.json`);
/** Unique to this thread, for files written before they are renamed into place. */
const own = `${process.pid}-${threadId}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A hash of the files' paths and contents; null when one cannot be read. */
function digest(files) {
  const hash = createHash('sha256').update(entry);
  try {
    for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  } catch {
    return null;
  }
  return hash.digest('hex').slice(0, 16);
}
const bundleFile = (hash) => path.join(cacheDir, `${name}-${hash}.mjs`);
/** Writes under a name of this thread's, then renames into place: readers never see half a file. */
function writeWhole(file, contents) {
  writeFileSync(`${file}.${own}.tmp`, contents);
  renameSync(`${file}.${own}.tmp`, file);
}
function readInputs() {
  try {
    return JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return null;
  }
}

async function bundle() {
  mkdirSync(cacheDir, { recursive: true });
  const previous = readInputs();
  const before = previous && digest(previous);
  if (before) {
    try {
      statSync(bundleFile(before));
      return bundleFile(before);
    } catch {
      // not bundled yet from these sources
    }
  }
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile: path.join(cacheDir, `${name}.mjs`),
    write: false,
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    external: ['better-sqlite3', 'pg', 'pg-native'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file)).sort();
  const after = digest(inputs);
  const contents = result.outputFiles[0].contents;
  writeWhole(inputsFile, JSON.stringify(inputs));
  // Kept only if the inputs hashed the same before the build (so it was made from them).
  if (after && after === before && JSON.stringify(inputs) === JSON.stringify(previous)) {
    writeWhole(bundleFile(after), contents);
    prune();
    return bundleFile(after);
  }
  const once = path.join(cacheDir, `${name}.${own}.mjs`);
  writeFileSync(once, contents);
  return once;
}

/** Removes this module's bundles of sources gone for a day (none is still being loaded). */
function prune() {
  for (const file of readdirSync(cacheDir)) {
    if (!file.startsWith(`${name}-`) || !file.endsWith('.mjs')) continue;
    const full = path.join(cacheDir, file);
    try {
      if (Date.now() - statSync(full).mtimeMs > DAY_MS) rmSync(full, { force: true });
    } catch {
      // removed by another thread meanwhile
    }
  }
}

const file = await bundle();
try {
  await import(pathToFileURL(file).href);
} finally {
  if (file.endsWith(`.${own}.mjs`)) rmSync(file, { force: true });
}
