/**
 * Benchmark of the catalog on the device, in Chromium against the built app as `npm start` runs
 * it: `node bench/run.mjs bench/local-catalog.ts` from the repository root (options:
 * --products 100000 --changes 100 --terms 12 --reloads 3 --port 0; --profile, --profile-pull, --profile-reload: CPU
 * profiles of the typing, the first pull and the first reload, top functions printed (with
 * PROFILE_TOTAL=<regex> in the environment, the inclusive time of the functions it matches too);
 * --trace-pull, --trace-reload: the main thread's time during the first pull and up to the first
 * reload's first page, by trace event).
 *
 * 1. Starts the product (scripts/start.mjs: API, Auth emulator, demo store) on a fresh data
 *    directory and signs a new user up in Chromium.
 * 2. Seeds N generated products into that user's company through the repository (the demo
 *    store's generator, as bench/products-api.ts: a third with option variants, three-level
 *    categories).
 * 3. First pull: opens /products, which pulls every page of GET /api/catalog/changes into
 *    IndexedDB with 'Downloading catalog… n of N' shown; times it until '100,000 products found'.
 * 4. Keystrokes: picks a department in the category picker, then types search terms letter by
 *    letter into the real search box (from inside the page: the value changes and an input
 *    event fires, as for a key press). Each keystroke is timed from its input event to the DOM
 *    commit that shows the new 'N products found' (the in-memory index answers, the page's rows
 *    come from the row cache or IndexedDB, React renders). Prints p50/p95/max. Keystrokes that
 *    leave the total unchanged cannot be seen to finish and are typed but not timed.
 * 5. Reload: opens /products again (a new page, as after a restart or offline): time until the
 *    first page shows, until the index is built (its User Timing entry), and the main thread's
 *    long tasks meanwhile (count > 50 ms and the longest, from a 'longtask' PerformanceObserver).
 * 6. Later pull: changes the prices of 100 products on the server, triggers a pull ('online')
 *    and counts what the changes pages carried.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { CATALOG_SCHEMA_VERSION } from '../packages/contracts/src/replication';
import { generateCatalog } from '../packages/demo-store/src/generate-catalog';
import { openDatabase } from '../api/src/db/index';
import { BENCH_PASSWORD, signedUpBrowser } from './browser-session';
import { priceListInputs, productInputs } from './catalog-inputs';
import { type Reload, reload } from './catalog-reload';
import { typeTerms } from './local-catalog-keystrokes';
import { APPLY_MEASURE_NAME, appliedPages, firstPull, fmt, foundText, TRACE_CATEGORIES } from './local-catalog-pull';
import { type CpuProfile, ms, printProfile, printProfileTimeline, row, traceMainThread } from './main-thread-profile';
import { type RunningProduct, startProduct } from './running-product';

const root = process.env.CATALOG_ROOT ?? process.cwd();

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}



/** The server's share: every changes page fetched from Node, one after another, as the user. */
async function serverShare(product: RunningProduct, email: string): Promise<void> {
  const signIn = await fetch(`http://${product.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const started = performance.now();
  let cursor = 0;
  let pages = 0;
  let bytes = 0;
  for (;;) {
    const res = await fetch(`${product.url}/api/catalog/changes?cursor=${cursor}&limit=5000&schema=${CATALOG_SCHEMA_VERSION}`, { headers: { Authorization: `Bearer ${idToken}` } });
    const text = await res.text();
    bytes += text.length;
    const body = JSON.parse(text) as { cursor: number; hasMore: boolean };
    pages++;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  console.log('\nthe server alone (GET /api/catalog/changes from Node, pages of 5,000 rows, one after another)');
  row('pages / JSON', `${pages} / ${fmt(Math.round(bytes / 1024))} KB`);
  row('time', ms(performance.now() - started));
}

async function main() {
  const n = option('products', 100_000);
  const changes = option('changes', 100);
  const termCount = option('terms', 12);
  let product: RunningProduct | undefined;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'bench-local-catalog-profile-'));
  let context: BrowserContext | undefined;
  try {
    console.log('\nstarting the product (scripts/start.mjs)...');
    product = await startProduct(root, { port: option('port', 0), name: 'bench-local-catalog' });
    const session = await signedUpBrowser(profileDir, product.url, { width: 1280, height: 800 });
    context = session.context;
    const { page, email } = session;

    const db = await openDatabase(path.join(product.dataDir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
    const user = await db.users.getByEmail(email);
    if (!user) throw new Error('the signed-up user is not in the database');
    await db.companies.update(user.companyId, { productLimit: n });
    let t = performance.now();
    const catalogData = generateCatalog({ products: n, seed: 'bench' });
    const inputs = productInputs(catalogData);
    for (let i = 0; i < inputs.length; i += 1000) await db.products.upsertMany(user.companyId, inputs.slice(i, i + 1000));
    const variants = inputs.reduce((s, p) => s + (p.variants?.length ?? 0), 0);
    console.log(`seeded ${fmt(n)} products (${fmt(inputs.filter((p) => p.variants?.length).length)} with ${fmt(variants)} variants) in ${Math.round(performance.now() - t)} ms`);
    // The demo store's two price lists (issue 35, item 8: the first pull brings their records too).
    t = performance.now();
    const pricing = priceListInputs(catalogData);
    await db.priceLists.replaceLists(user.companyId, pricing.metadata);
    for (let i = 0; i < pricing.records.length; i += 5000) await db.priceLists.upsertRecords(user.companyId, pricing.records.slice(i, i + 5000));
    console.log(`seeded ${fmt(pricing.records.length)} price list records in ${pricing.metadata.lists.length} lists in ${Math.round(performance.now() - t)} ms`);

    await serverShare(product, email);

    // 3. First pull, with the progress bar sampled as it moves.
    await firstPull(page, context, n);
    const total = foundText(n);

    // 4. Keystrokes with a category filter (--terms 0 skips them).
    if (termCount > 0) await typeTerms(page, context, inputs, termCount);

    // 5. A new page, --reloads times (medians printed): the first page shows from IndexedDB, then
    // the index is built. Long tasks (> 50 ms on the main thread) are recorded from the page's
    // start by an init script.
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no Long Tasks API: nothing recorded
      }
      // The first page on the page's clock: 'N products found' with the cards (not placeholders).
      const seen = new MutationObserver(() => {
        const found = document.querySelector('[data-testid="products-found"]')?.textContent ?? '';
        if (!/ found$/.test(found) || document.querySelector('[aria-busy="true"]')) return;
        (window as unknown as { __firstPage: number }).__firstPage = performance.now();
        seen.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { subtree: true, childList: true, characterData: true }));
    });
    const reloads: Reload[] = [];
    // --profile-reload: a CPU profile of the first reload, from before navigation to its first page.
    const reloadCdp = process.argv.includes('--profile-reload') ? await context.newCDPSession(page) : null;
    if (reloadCdp) {
      await reloadCdp.send('Profiler.enable');
      await reloadCdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await reloadCdp.send('Profiler.start');
    }
    const traceCdp = process.argv.includes('--trace-reload') ? await context.newCDPSession(page) : null;
    if (traceCdp) await traceCdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    for (let i = 0; i < Math.max(1, option('reloads', 3)); i++) {
      reloads.push(await reload(page, total));
      if (i === 0 && traceCdp) await traceMainThread(traceCdp, reloads[0]!.firstPage);
      if (i === 0 && reloadCdp) {
        const profile = (await reloadCdp.send('Profiler.stop')).profile as unknown as CpuProfile;
        printProfile(profile, 'the first reload');
        printProfileTimeline(profile);
      }
    }
    console.log(`\nreload of /products (catalog read from IndexedDB, no pull needed), ${reloads.length} runs, medians`);
    const median = (f: (r: Reload) => number) => {
      const sorted = reloads.map(f).sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)]!;
    };
    const runs = (f: (r: Reload) => number) => `(runs ${reloads.map((r) => Math.round(f(r))).join(', ')})`;
    row('page open to first page shown', `${ms(median((r) => r.firstShown))} (target <= 500 ms) ${runs((r) => r.firstShown)}`);
    row('first page (page clock)', `${ms(median((r) => r.firstPage))} after navigation ${runs((r) => r.firstPage)}`);
    row('showed', reloads.map((r) => `'${r.firstText}'`).join(', '));
    row('catalog opened (page clock)', `${ms(median((r) => r.indexStart))} after navigation`);
    row('index built (page clock) / its load', `${ms(median((r) => r.indexEnd))} after navigation / ${ms(median((r) => r.indexDuration))}`);
    row('full total seen (bench clock)', ms(median((r) => r.indexBuilt)));
    // What the page keeps once its index is built (after a collection): the index and its rows.
    const heap = await context.newCDPSession(page);
    await heap.send('HeapProfiler.collectGarbage');
    const { usedSize } = await heap.send('Runtime.getHeapUsage');
    row('JS heap used, index built', `${(usedSize / 1048576).toFixed(1)} MB (after a collection)`);
    await heap.detach();
    row('long tasks > 50 ms / longest, build', `${median((r) => r.during.length)} / ${ms(median((r) => Math.max(0, ...r.during)))} while the index built (target longest <= 100 ms) ${runs((r) => Math.max(0, ...r.during))}`);
    row('long tasks > 50 ms / longest, all', `${median((r) => r.all.length)} / ${ms(median((r) => Math.max(0, ...r.all)))} from navigation (app start included)`);
    // What happened when, in the run with the median first page: the app's marks and its scripts.
    const typical = [...reloads].sort((a, b) => a.firstPage - b.firstPage)[Math.floor((reloads.length - 1) / 2)]!;
    console.log('  timeline of the median run (page clock, ms after navigation):');
    for (const [label, at] of typical.timeline) row(`  ${label}`.slice(0, 38), at);

    // 6. A later pull after changes to some products.
    const changed = inputs.slice(0, changes).map((p) => ({ ...p, regularPriceCents: p.regularPriceCents + 100 }));
    await db.products.upsertMany(user.companyId, changed);
    await page.evaluate((name) => performance.clearMeasures(name), APPLY_MEASURE_NAME);
    t = performance.now();
    const done = page.waitForResponse((res) => res.url().includes('/api/catalog/changes'));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await done;
    await page.waitForTimeout(500);
    console.log(`\nlater pull after ${changes} products changed on the server`);
    const later = await appliedPages(page);
    row('pages / products / variants moved', `${later.pages} / ${fmt(later.products)} / ${fmt(later.variants)}`);
    row('pull request to answer', ms(performance.now() - t - 500));
    await db.close();
  } finally {
    await context?.close();
    rmSync(profileDir, { recursive: true, force: true });
    await product?.stop();
  }
}

await main();
