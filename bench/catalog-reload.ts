/**
 * One reload of /products in the benchmark's page (bench/local-catalog.ts): when its first page
 * showed, when the index was built, the long tasks meanwhile, and a timeline of the app's User
 * Timing marks and the scripts it loaded. The page's init script (set by the benchmark) records
 * the first page and the long tasks.
 */
import type { Page } from 'playwright-core';

/** The User Timing name of the index's load (INDEX_LOAD_MEASURE in web/src/local/local-catalog.ts). */
export const INDEX_LOAD_MEASURE_NAME = 'catalog-index-load';

export interface Reload {
  firstShown: number;
  firstPage: number;
  firstText: string | null;
  indexStart: number;
  indexEnd: number;
  indexDuration: number;
  indexBuilt: number;
  during: number[];
  all: number[];
  timeline: Array<[string, string]>;
}

/** Opens /products in the page anew and times its first page, its index's build and its long tasks. */
export async function reload(page: Page, total: string): Promise<Reload> {
  const t = performance.now();
  // Not until the load event (goto's default): the first page may show before it, and what a
  // merchant waits for is the page, not the last script or stylesheet the app loads after it.
  await page.goto('/products', { waitUntil: 'commit' });
  await page.getByTestId('products-found').filter({ hasText: / products? found$/ }).waitFor({ timeout: 60_000 });
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached', timeout: 60_000 });
  const firstShown = performance.now() - t;
  const firstText = await page.getByTestId('products-found').textContent();
  const firstPage = await page.evaluate(() => (window as unknown as { __firstPage?: number }).__firstPage ?? Number.NaN);
  // The index is built (INDEX_LOAD_MEASURE_NAME), then the screen shows its answer.
  // (An app without that entry, before it had one: the full total stands for it.)
  await page.getByTestId('products-found').filter({ hasText: total }).waitFor({ timeout: 60_000 });
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, INDEX_LOAD_MEASURE_NAME, { timeout: 10_000, polling: 50 }).catch(() => {});
  // Its end from the page's time origin (navigation start), and how long the load itself took.
  const indexLoad = await page.evaluate((name) => {
    const e = performance.getEntriesByName(name)[0];
    if (!e) return { start: 0, end: performance.now(), duration: Number.NaN };
    return { start: e.startTime, end: e.startTime + e.duration, duration: e.duration };
  }, INDEX_LOAD_MEASURE_NAME);
  const indexBuilt = performance.now() - t;
  await page.waitForTimeout(300);
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks?: Array<{ start: number; duration: number }> }).__longTasks ?? []);
  const during = longTasks.filter((l) => l.start + l.duration > indexLoad.start && l.start < indexLoad.end).map((l) => l.duration);
  const timeline = await page.evaluate(() => {
    const lines: Array<[number, string, string]> = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) lines.push([nav.responseEnd, 'document received', `${nav.responseEnd.toFixed(0)}`]);
    if (nav) lines.push([nav.domContentLoadedEventStart, 'DOMContentLoaded', `${nav.domContentLoadedEventStart.toFixed(0)}`]);
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!/\.js$/.test(e.name) && !e.name.includes('/api/')) continue;
      const name = e.name.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '.js').replace(/\?.*$/, '');
      lines.push([e.startTime, name, `${e.startTime.toFixed(0)} - ${e.responseEnd.toFixed(0)}`]);
    }
    for (const e of performance.getEntriesByType('mark')) lines.push([e.startTime, `mark ${e.name}`, e.startTime.toFixed(0)]);
    const first = (window as unknown as { __firstPage?: number }).__firstPage;
    if (first) lines.push([first, 'first page shown', first.toFixed(0)]);
    return lines.sort((a, b) => a[0] - b[0]).map(([, label, at]) => [label, at] as [string, string]);
  });
  return {
    firstShown,
    firstPage,
    firstText,
    indexStart: indexLoad.start,
    indexEnd: indexLoad.end,
    indexDuration: indexLoad.duration,
    indexBuilt,
    during,
    all: longTasks.map((l) => l.duration),
    timeline,
  };
}
