/**
 * Benchmark of "Import prices from CSV" on the device (issue 17: a 10,000-row file previewed
 * within 1 s), in Chromium: `node bench/run.mjs bench/csv-import.ts` from the repository root
 * (options: --products 10000 --rows 10000 --runs 5).
 *
 * The app's own modules, bundled into a page (browser-page.ts), without server or UI:
 *   1. writes N generated products (a third with variants) into IndexedDB through the app's pull
 *      loop and opens the catalog as the app does;
 *   2. makes a CSV of R rows in the export's columns (one in ten with a new price, some unknown
 *      SKUs, duplicates and invalid prices);
 *   3. previews it as the import dialog does: as it opens, the whole local catalog is read
 *      (getWholeCatalog) and indexed (catalogLookup); choosing the file then decodes, parses
 *      (papaparse), reads the columns and matches (previewCsvFile). Prints each part, the figure
 *      of the target (file chosen -> preview) over several runs, the first one cold, and the
 *      total of a file chosen at the very moment the dialog opens;
 *   4. times the steps one by one.
 * The modal's render of the preview (at most 200 rows a list) is not in the figure.
 */
import { bundlePage, openBenchPage } from './browser-page';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const fmt = (n: number) => n.toLocaleString('en-US');
const row = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`);

type Counts = { matched: number; unchanged: number; unknown: number; duplicates: number; invalid: number };
type Bench = {
  seed(n: number): Promise<{ products: number; variants: number }>;
  makeFile(rows: number): { rows: number; bytes: number };
  prepare(): Promise<number>;
  preview(): { ms: number; counts: Counts };
  parts(): Promise<{ catalog: number; parse: number; lookup: number; match: number }>;
};

async function main() {
  const products = option('products', 10_000);
  const rows = option('rows', 10_000);
  const runs = option('runs', 5);
  const { call, close } = await openBenchPage<Bench>(await bundlePage('csv-import.page.ts'), 'bench-csv-import-profile');
  try {
    const seeded = await call((b, n: number) => b.seed(n), products);
    const made = await call((b, r: number) => b.makeFile(r), rows);
    console.log(`\nLocal catalog: ${fmt(seeded.products)} products with ${fmt(seeded.variants)} variants; file: ${fmt(made.rows)} rows, ${(made.bytes / 1024).toFixed(0)} KB`);
    const prepared = await call((b) => b.prepare());
    const times: number[] = [];
    let counts: Counts | undefined;
    for (let i = 0; i < runs; i++) {
      const result = await call((b) => b.preview());
      times.push(result.ms);
      counts = result.counts;
    }
    const sorted = [...times].sort((a, b) => a - b);
    row('dialog opens: catalog read + indexed', ms(prepared));
    row('file chosen -> preview', `first ${ms(times[0]!)}, median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, max ${ms(sorted.at(-1)!)} (${runs} runs)`);
    row('target (file chosen -> preview)', `under 1,000 ms: ${sorted.at(-1)! < 1000 ? 'met' : 'NOT met'}`);
    row('file chosen as the dialog opens', `${ms(prepared + times[0]!)} (catalog read + first preview)`);
    row('preview lists', Object.entries(counts!).map(([k, v]) => `${k} ${fmt(v)}`).join(', '));
    const steps = await call((b) => b.parts());
    row('of which', `catalog from IndexedDB ${ms(steps.catalog)}, decode + papaparse ${ms(steps.parse)}, lookup ${ms(steps.lookup)}, match ${ms(steps.match)}`);
  } finally {
    await close();
  }
}

await main();
