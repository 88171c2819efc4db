/**
 * Step 3 of bench/local-catalog.ts, the first pull: opens /products on a signed-in page whose
 * catalog has not been pulled, and times the pull of every changes page and then the price lists
 * into IndexedDB on the page's own clock, the progress bar sampled as it moves. --profile-pull
 * prints a CPU profile of the page meanwhile, --trace-pull its main thread's time by trace event.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { type CpuProfile, ms, printProfile, row, traceMainThread } from './main-thread-profile';

/** The User Timing name of each applied changes page (APPLY_MEASURE in web/src/local/catalog-pull.ts). */
export const APPLY_MEASURE_NAME = 'catalog-page-apply';
/** The User Timing name of each applied price list page (web/src/local/price-list-pull.ts). */
const PRICE_LIST_MEASURE_NAME = 'price-list-page-apply';
/** What --trace-pull and --trace-reload record. */
export const TRACE_CATEGORIES = 'toplevel,devtools.timeline,v8.execute,blink.user_timing,IndexedDB,loading';
export const fmt = (n: number) => n.toLocaleString('en-US');
/** The products screen's count line for `n` matches. */
export const foundText = (n: number) => `${fmt(n)} ${n === 1 ? 'product' : 'products'} found`;

/**
 * What the changes pages carried, from the app's own User Timing entry of each page it applied
 * (catalog-pull.ts). Not read from the responses: Playwright would copy every body (~1.2 MB a
 * page) out of the browser process that also runs IndexedDB, and slow the pull.
 */
export async function appliedPages(page: Page): Promise<{ pages: number; products: number; variants: number }> {
  const entries = await page.evaluate((name) => performance.getEntriesByName(name).map((e) => (e as PerformanceMeasure).detail as { products: number; variants: number; deleted: number }), APPLY_MEASURE_NAME);
  return { pages: entries.length, products: entries.reduce((a, e) => a + e.products, 0), variants: entries.reduce((a, e) => a + e.variants, 0) };
}

/** Pulls `n` products (and the price lists) into the page's IndexedDB from /products and prints the figures. */
export async function firstPull(page: Page, context: BrowserContext, n: number): Promise<void> {
  console.log(`\nfirst pull of ${fmt(n)} products into IndexedDB (the products screen)`);
  // --profile-pull: a CPU profile of the page during the first pull.
  const pullCdp = process.argv.includes('--profile-pull') ? await context.newCDPSession(page) : null;
  if (pullCdp) {
    await pullCdp.send('Profiler.enable');
    await pullCdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await pullCdp.send('Profiler.start');
  }
  // --trace-pull: the main thread's time during the first pull, by trace event (what a CPU
  // profile shows only as '(program)': IndexedDB, network, style and layout).
  const pullTrace = process.argv.includes('--trace-pull') ? await context.newCDPSession(page) : null;
  if (pullTrace) await pullTrace.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  const t = performance.now();
  await page.goto('/products');
  const progress = page.getByText(/^Downloading catalog… [\d,]+ of [\d,]+$/);
  // A loaded machine may take a while to answer the first page.
  await progress.waitFor({ timeout: 120_000 }).catch(async (err: unknown) => {
    const shown = await page.locator('main').innerText().catch(() => '(no main)');
    throw new Error(`no download progress on ${page.url()}; the page shows:\n${shown.slice(0, 1500)}`, { cause: err });
  });
  const shownAfter = performance.now() - t;
  const samples = new Set<string>();
  const total = foundText(n);
  // Animations that never end, while the pull runs: each costs compositor frames the pull needs.
  const endless = await page.evaluate(() => document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations === Infinity).length);
  // Polled every 500 ms: Playwright's reads of the page cost its main thread too (~0.6 s in
  // 25 s at every 100 ms). The figures below come from the page's own clock.
  for (;;) {
    const text = await progress.textContent({ timeout: 200 }).catch(() => null);
    if (text) samples.add(text);
    if ((await page.getByTestId('products-found').textContent()) === total && !(await progress.isVisible())) break;
    if (performance.now() - t > 120_000) throw new Error('the first pull did not finish in 120 s');
    await page.waitForTimeout(500);
  }
  const catalogPull = performance.now() - t;
  // Then the price lists, which the device pulls after the catalog: done at their last page.
  const priceListPages = () => page.evaluate((name) => performance.getEntriesByName(name).map((e) => {
    const m = e as PerformanceMeasure;
    return { ...(m.detail as { records: number; hasMore: boolean }), duration: m.duration };
  }), PRICE_LIST_MEASURE_NAME);
  for (;;) {
    if ((await priceListPages()).some((p) => !p.hasMore)) break;
    if (performance.now() - t > 180_000) throw new Error('the price lists were not pulled in 180 s');
    await page.waitForTimeout(500);
  }
  // The page's clock: navigation to the end of the last page stored, catalog or price list.
  const firstPull = await page.evaluate((names) => Math.max(...names.flatMap((name) => performance.getEntriesByName(name).map((e) => e.startTime + e.duration))), [APPLY_MEASURE_NAME, PRICE_LIST_MEASURE_NAME]);
  const pollEnd = performance.now() - t;
  if (pullCdp) printProfile((await pullCdp.send('Profiler.stop')).profile as unknown as CpuProfile, 'the page during the first pull');
  if (pullTrace) await traceMainThread(pullTrace, pollEnd, 'the first pull');
  row('progress first shown after', ms(shownAfter));
  row('progress texts seen', `${samples.size} (${[...samples].slice(0, 3).join(' | ')} ...)`);
  row('endless animations during the pull', String(endless));
  const pulled = await appliedPages(page);
  row('pages / products / variants', `${pulled.pages} / ${fmt(pulled.products)} / ${fmt(pulled.variants)}`);
  row('catalog pulled (products found)', `${(catalogPull / 1000).toFixed(2)} s`);
  const listPages = await priceListPages();
  row('price list pages / records', `${listPages.length} / ${fmt(listPages.reduce((a, p) => a + p.records, 0))}, IndexedDB ${ms(listPages.reduce((a, p) => a + p.duration, 0))}`);
  row('first pull with price lists, page open to done', `${(firstPull / 1000).toFixed(2)} s (target <= 20 s; page clock; seen by polling ${(pollEnd / 1000).toFixed(2)} s)`);
  const fetches = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/catalog/changes')).map((e) => {
      const r = e as PerformanceResourceTiming;
      return { start: r.startTime, wait: r.responseStart - r.requestStart, download: r.responseEnd - r.responseStart, size: r.encodedBodySize };
    }),
  );
  const applies = await page.evaluate((name) => performance.getEntriesByName(name).map((e) => e.duration), APPLY_MEASURE_NAME);
  row('IndexedDB transactions (pages)', `${applies.length}, ${ms(applies.reduce((a, b) => a + b, 0))} in all, max ${ms(Math.max(...applies))}`);
  if (fetches.length) {
    const sum = (f: (x: (typeof fetches)[number]) => number) => fetches.reduce((s, x) => s + f(x), 0);
    row('changes requests: server wait (sum)', `${ms(sum((x) => x.wait))}, download ${ms(sum((x) => x.download))}, ${fmt(Math.round(sum((x) => x.size) / 1024))} KB`);
    row('first / last request started at', `${ms(fetches[0]!.start)} / ${ms(fetches.at(-1)!.start)}`);
  }
}
