/**
 * Benchmark of the campaign calendar (issue 36 item 4) in Chromium against the built app as
 * `npm start` runs it: `node bench/run.mjs bench/calendar-render.ts` from the repository root
 * (options: --orders 500 --items 3 --products 3000 --switches 7 --port 0; --profile: a CPU profile of the
 * month view's switches, top functions printed).
 *
 * 1. Starts the product (scripts/start.mjs) on a fresh data directory and signs a new user up.
 * 2. Seeds N work orders into the user's company through the repository, all in next month
 *    (starts spread over its days and hours, most with an end 1 to 7 days later, a fifth without
 *    one, a tenth awaiting approval), each changing `items` products drawn (seeded) from
 *    `products`, so some share items at the same time (~80 overlapping pairs with the defaults).
 * 3. Opens /calendar at that month: the time from navigation to its first bars (the first page
 *    of the list read into the device's copy), to the whole list read (its last page), and to the
 *    overlaps checked (POST /api/work-orders/overlap-pairs answered and listed).
 * 4. The render: Previous month (the one before, with the orders of the month's first days in
 *    its last row), then Next back to the month of N orders, each timed in the page from the click to the frame after the bars are in the DOM
 *    (React's render and commit, layout, paint). Prints the median and the slowest of `switches`
 *    returns, and the same for the week view (a week with orders on both sides).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../api/src/db/index';
import type { WorkOrderItem } from '../api/src/db/repositories';
import { signedUpBrowser } from './browser-session';
import { type CpuProfile, ms, printProfile, row } from './main-thread-profile';
import { type RunningProduct, startProduct } from './running-product';

const root = process.env.CATALOG_ROOT ?? process.cwd();

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** A seeded generator (mulberry32): the same orders every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;


/**
 * In the page: clicks the button named `label`, then resolves with the ms from the click to the
 * frame after the calendar shows the new range (its title changed; React renders the click's
 * update before that frame) with bars (`bars` true) or whatever it has (null).
 */
function timeClick(page: Page, label: string, bars: boolean | null): Promise<number> {
  return page.evaluate(([name, withBars]) => new Promise<number>((resolve, reject) => {
    const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
    const title = () => document.querySelector('h2[aria-live]')?.textContent;
    if (!button) return reject(new Error(`no button ${name}`));
    const before = title();
    const done = () => title() !== before && (withBars === null || document.querySelectorAll('[data-event]').length > 0);
    const t0 = performance.now();
    button.click();
    const check = () => (done() ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(check));
    requestAnimationFrame(check);
    setTimeout(() => reject(new Error(`${name}: the calendar did not show within 30 s`)), 30_000);
  }), [label, bars] as const);
}

async function main() {
  const n = option('orders', 500);
  const itemsPerOrder = option('items', 3);
  const products = option('products', 3000);
  const switches = option('switches', 7);
  let product: RunningProduct | undefined;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'bench-calendar-profile-'));
  try {
    console.log('\nstarting the product (scripts/start.mjs)...');
    product = await startProduct(root, { port: option('port', 0), name: 'bench-calendar' });
    const { context, page, email } = await signedUpBrowser(profileDir, product.url, { width: 1280, height: 900 });

    // 2. N orders next month.
    const db = await openDatabase(path.join(product.dataDir, 'app.db'), { migrationsDir: path.join(root, 'api', 'drizzle') });
    const user = await db.users.getByEmail(email);
    if (!user) throw new Error('the signed-up user is not in the database');
    const now = new Date();
    const month = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    const item = (p: number): WorkOrderItem => ({
      productId: crypto.randomUUID(), productName: `Product ${p}`, externalProductId: p, externalVariantId: null, newRegularPriceCents: null, newSalePriceCents: 999,
    });
    const random = seeded(36);
    let t = performance.now();
    for (let i = 0; i < n; i++) {
      const start = new Date(month.getFullYear(), month.getMonth(), 1 + (i * 7) % days, (i * 5) % 24);
      const end = i % 5 === 0 ? null : new Date(start.getTime() + (1 + (i % 7)) * 86_400_000);
      const picked = new Set<number>();
      while (picked.size < Math.min(itemsPerOrder, products)) picked.add(1 + Math.floor(random() * products));
      const items = [...picked].map(item);
      await db.workOrders.create(user.companyId, { title: `Sale ${i + 1}`, productUpdates: items, scheduledAt: start, revertAt: end, awaitingApproval: i % 10 === 0 });
    }
    await db.close();
    console.log(`seeded ${n} orders of ${itemsPerOrder} items (of ${products} products) in ${Math.round(performance.now() - t)} ms`);

    row('load average (1 min) before opening', loadavg()[0]!.toFixed(1));
    // 3. First open.
    console.log(`\n/calendar, month view of ${n} orders (${month.toLocaleString('en-US', { month: 'long', year: 'numeric' })})`);
    const lastPage = page.waitForResponse(async (res) => res.url().includes('/api/work-orders?') && ((await res.json()) as { nextCursor: string | null }).nextCursor === null, { timeout: 120_000 });
    const pairsAnswered = page.waitForResponse((res) => res.url().endsWith('/api/work-orders/overlap-pairs'), { timeout: 120_000 });
    t = performance.now();
    await page.goto(`/calendar?view=month&date=${dayKey(month)}`);
    await page.locator('[data-event]').first().waitFor({ timeout: 120_000 });
    row('page open to the first bars', ms(performance.now() - t));
    await lastPage;
    row('page open to the whole list read', ms(performance.now() - t));
    // The overlaps asked about the whole list (a request per set of orders: the last one answers for all of them).
    await pairsAnswered;
    const overlaps = page.getByRole('region', { name: /^Overlaps/ });
    for (;;) {
      const requests = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/work-orders/overlap-pairs')).length);
      await page.waitForTimeout(1000);
      const again = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/work-orders/overlap-pairs')).length);
      if (again === requests && !(await overlaps.getByText(/Checking the overlaps/).isVisible())) break;
    }
    row('page open to the overlaps listed', `${ms(performance.now() - t)} (less the last 1 s quiet)`);
    row('overlapping pairs in the month', (await overlaps.getByRole('heading').innerText()).replace(/\D+/g, '') || '0');
    const shown = await page.evaluate(() => ({ bars: document.querySelectorAll('[data-event]').length, more: document.querySelectorAll('button[aria-label*=" more on "]').length }));
    row('bars / "+N more" buttons in the month', `${shown.bars} / ${shown.more}`);

    // 4. The render, month and week.
    for (const view of ['month', 'week'] as const) {
      if (view === 'week') {
        await page.goto(`/calendar?view=week&date=${dayKey(new Date(month.getFullYear(), month.getMonth(), 10))}`);
        await page.locator('[data-event]').first().waitFor({ timeout: 60_000 });
      }
      const unit = view === 'week' ? 'week' : 'month';
      const cdp = view === 'month' && process.argv.includes('--profile') ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const back: number[] = [];
      for (let i = 0; i < switches; i++) {
        await timeClick(page, `Previous ${unit}`, null);
        back.push(await timeClick(page, `Next ${unit}`, true));
      }
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile, `the ${view} view's switches`);
      const bars = await page.evaluate(() => document.querySelectorAll('[data-event]').length);
      row(`${view} view render (${bars} bars), median`, ms(median(back)));
      row(`${view} view render, slowest of ${switches}`, ms(Math.max(...back)));
    }
    // A shared machine's load moves every figure above (2 cores: a load of 8 is 4 runnable threads per core).
    row('load average (1 min) at the end', loadavg()[0]!.toFixed(1));
    await context.close();
  } finally {
    await product?.stop();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
