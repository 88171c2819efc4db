/**
 * Benchmark of the local catalog's engine in Chromium, without server or UI: `node bench/run.mjs
 * bench/local-catalog-engine.ts` from the repository root (options: --products 100000 --rows 5000).
 *
 * Bundles web/src/local (the app's own modules) with the demo store's catalog generator into a
 * page served on a made-up origin, then, in the page:
 *   1. writes N products (a third with variants) as changes pages of R rows, one IndexedDB
 *      transaction each (what a first pull does after each page's download),
 *   2. opens the catalog as the app does (loads the in-memory index from IndexedDB),
 *   3. types search terms letter by letter with a department as category filter (and without) and
 *      times each query: index search + category + total + the first page's rows and variants,
 *      first from IndexedDB, then again with the rows cached; and the index alone.
 */
import { bundlePage, openBenchPage } from './browser-page';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const n = option('products', 100_000);
  const rows = option('rows', 5000);
  type Bench = {
    generate(n: number): { products: number; variants: number };
    applyAll(rows: number): Promise<{ total: number; pages: number[] }>;
    open(): Promise<{ ms: number; products: number }>;
    type(terms: string[], category: string | undefined, pageSize: number): Promise<{ times: number[]; totals: number[]; indexTimes: number[] }>;
    departments(): string[];
    words(department: string, count: number): string[];
  };
  const { call: bench, close } = await openBenchPage<Bench>(await bundlePage('local-catalog-engine.page.ts'), 'bench-engine-profile');
  try {
    const generated = await bench((b, count: number) => b.generate(count), n);
    console.log(`\n${generated.products.toLocaleString('en-US')} products with ${generated.variants.toLocaleString('en-US')} variants, pages of ${rows} rows`);

    const pull = await bench((b, r: number) => b.applyAll(r), rows);
    const applies = [...pull.pages].sort((a, b) => a - b);
    row('first pull without network (pullChanges)', `${(pull.total / 1000).toFixed(2)} s: ${applies.length} transactions, p50 ${ms(pct(applies, 50))}, max ${ms(applies.at(-1)!)}`);

    const opened = await bench((b) => b.open());
    row('open: index loaded from IndexedDB', `${ms(opened.ms)} (${opened.products.toLocaleString('en-US')} products)`);

    const departments = await bench((b) => b.departments());
    for (const [label, category] of [['with category filter', departments[0]], ['no category filter', undefined]] as const) {
      const terms = await bench((b, d: string, c: number) => b.words(d, c), departments[0]!, 16);
      terms.push(`${terms[0]} ${terms[1]!.slice(0, 3)}`);
      // A first pass (rows come from IndexedDB; the JIT warms up), then the same again (rows lately
      // shown come from the row cache, as when typing on).
      const cold = (await bench((b, t: string[], c: string | undefined) => b.type(t, c, 20), terms, category)).times.sort((a, b) => a - b);
      const { times, indexTimes } = await bench((b, t: string[], c: string | undefined) => b.type(t, c, 20), terms, category);
      times.sort((a, b) => a - b);
      indexTimes.sort((a, b) => a - b);
      row(`keystroke, ${label}: query + first page`, `${times.length} keystrokes, first pass (row cache cold): p50 ${ms(pct(cold, 50))}, p95 ${ms(pct(cold, 95))}, max ${ms(cold.at(-1)!)}`);
      row('', `same again (rows cached): p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(times.at(-1)!)}`);
      row(`  of which the in-memory index (no cache)`, `p50 ${ms(pct(indexTimes, 50))}, p95 ${ms(pct(indexTimes, 95))}, max ${ms(indexTimes.at(-1)!)}`);
    }
    console.log(`  (category: '${departments[0]}')`);
  } finally {
    await close();
  }
}

await main();
