/**
 * The campaign calendar, as a merchant plans a month of sales: three sales scheduled next month
 * (two of them on a shared product), the month on /calendar with each sale's bar, the two that
 * overlap marked and listed, an axe scan; then one sale dragged two days later, the toast, and the
 * server holding its new start and end. A weekly sale (issue 36's recurring sales: only its next
 * run exists) shows the runs it will still make as planned runs, one of them marked overlapping a
 * sale of the same product in its week, and a click on one opens the series' latest run.
 */
import AxeBuilder from '@axe-core/playwright';
import { formatDateTime } from '@catalog/contracts/date-time';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { WorkOrder, WorkOrderDetail } from '@catalog/contracts/work-orders';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { toast, violationSummary } from './support/page';
import { callApi } from './support/store-api';

const { app, withPage } = useAppAndBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Next month's day `day` at `hour`:00 in this machine's time zone (the browser's too). */
function nextMonthAt(day: number, hour = 10): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, day, hour);
}
const plusDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes());

const bar = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}: `) });

/** Center of an element on the page. */
async function centerOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** What the page showed, added to a failure's message (a journey's waits only say what they waited for). */
async function explained<T>(page: Page, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const shown = await page.locator('main').innerText().catch(() => '(no main)');
    throw new Error(`${(err as Error).message}\nthe page shows:\n${shown.slice(0, 2000)}`, { cause: err });
  }
}

describe('campaign calendar', () => {
  it('shows a month of sales with their overlap, and moves one by dragging it', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app());
      const { products } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=50');
      expect(products.length).toBeGreaterThanOrEqual(4);
      const [p1, p2, p3, p4] = products;
      const item = (p: typeof p1, price: string) => ({ productId: p!.id, productName: p!.name, newSalePrice: price });
      const sale = (title: string, items: ReturnType<typeof item>[], start: Date, end: Date, repeat?: { every: 'week'; until: string }) =>
        callApi<WorkOrder>(app(), token, 'POST', '/api/work-orders', {
          title, productUpdates: items, scheduledAt: start.toISOString(), revertAt: end.toISOString(), executeImmediately: false, repeat,
        });
      await sale('Spring sale', [item(p1, '1.00'), item(p2, '1.00')], nextMonthAt(3), nextMonthAt(8));
      await sale('Summer sale', [item(p2, '2.00')], nextMonthAt(6), nextMonthAt(12));
      const clearance = await sale('Clearance', [item(p3, '3.00')], nextMonthAt(15), nextMonthAt(18));
      // Two days every week from the 1st until the 22nd: run 1 exists, runs 2 to 4 are planned;
      // run 3 (the 15th to the 17th) meets a sale of the same product.
      const weekly = await sale('Weekly deal', [item(p4, '4.00')], nextMonthAt(1), nextMonthAt(3), { every: 'week', until: nextMonthAt(22, 23).toISOString() });
      expect(weekly.series).toMatchObject({ run: 1, firstStart: nextMonthAt(1).toISOString(), firstEnd: nextMonthAt(3).toISOString() });
      await sale('Bundle promo', [item(p4, '4.50')], nextMonthAt(16, 12), nextMonthAt(18));

      await page.goto(`/calendar?view=month&date=${dayKey(nextMonthAt(1))}`);
      await explained(page, async () => {
        await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
        for (const title of ['Spring sale', 'Summer sale', 'Clearance']) await bar(page, title).first().waitFor({ timeout: 30_000 });
        // The two sales on the shared product: marked on their bars and listed for the month.
        const overlaps = page.getByRole('region', { name: /^Overlaps/ });
        await overlaps.getByText(/share 1 product or variant from/).first().waitFor({ timeout: 30_000 });
        await expect(overlaps.innerText()).resolves.toMatch(/Spring sale\s+and\s+Summer sale/);
        await expect(bar(page, 'Summer sale').first().getAttribute('aria-label')).resolves.toMatch(/overlaps 1 other order$/);
        await expect(bar(page, 'Clearance').first().getAttribute('aria-label')).resolves.not.toMatch(/overlaps/);

        // The weekly sale: its run 1, and runs 2 to 4 planned (named so, and in the legend), run 3 overlapping Bundle promo.
        await bar(page, 'Weekly deal').first().waitFor();
        const planned = (run: number) => page.getByRole('button', { name: new RegExp(`^Planned run ${run} of the series 'Weekly deal': `) });
        for (const run of [2, 3, 4]) await planned(run).first().waitFor();
        await expect(page.getByRole('button', { name: /^Planned run 5 / }).count()).resolves.toBe(0);
        await expect(planned(2).first().getAttribute('aria-label')).resolves.toMatch(/Not created yet: it will be created when run 1 starts and passes its checks\.$/);
        await overlaps.getByText(/Weekly deal \(planned run 3\)\s+and\s+Bundle promo/).waitFor({ timeout: 30_000 });
        await expect(planned(3).first().getAttribute('aria-label')).resolves.toMatch(/overlaps 1 other order\. Not created yet/);
        await expect(planned(2).first().getAttribute('aria-label')).resolves.not.toMatch(/overlaps/);
        await expect(bar(page, 'Bundle promo').first().getAttribute('aria-label')).resolves.toMatch(/overlaps 1 other order$/);
        await page.getByRole('list', { name: 'Statuses' }).getByText('Planned run').waitFor();
      });
      await page.waitForTimeout(400);
      const scan = await new AxeBuilder({ page }).include('main').analyze();
      expect(violationSummary(scan.violations)).toEqual([]);

      // Drag Clearance by its first day (the bar's left end, past the start's handle) to two days later.
      const box = await page.locator(`[data-event="${clearance.id}"] button`).first().boundingBox();
      if (!box) throw new Error('the Clearance bar is not on the page');
      const from = { x: box.x + 16, y: box.y + box.height / 2 };
      const to = await centerOf(page, `[data-day="${dayKey(nextMonthAt(17))}"]`);
      const patched = page.waitForResponse((res) => res.url().endsWith(`/api/work-orders/${clearance.id}`) && res.request().method() === 'PATCH');
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, from.y + (to.y - from.y) / 2, { steps: 5 });
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up();
      await explained(page, async () => {
        expect((await patched).status()).toBe(200);
        await toast(page, 'Work order moved').waitFor();
      });

      const stored = await callApi<WorkOrderDetail>(app(), token, 'GET', `/api/work-orders/${clearance.id}`);
      expect(stored.scheduledAt).toBe(plusDays(nextMonthAt(15), 2).toISOString());
      expect(stored.revertAt).toBe(plusDays(nextMonthAt(18), 2).toISOString());
      expect(stored.status).toBe('pending');
      // The calendar shows it where the server has it.
      const moved = `${formatDateTime(plusDays(nextMonthAt(15), 2))} to ${formatDateTime(plusDays(nextMonthAt(18), 2))}`;
      await explained(page, () => page.getByRole('button', { name: `Clearance: Pending, Catalog, ${moved}` }).first().waitFor());

      // A planned run opens the series' latest run (run 1), which moves as any order does.
      await page.getByRole('button', { name: /^Planned run 2 of the series 'Weekly deal': / }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Weekly deal' });
      await explained(page, () => drawer.getByRole('button', { name: 'Move start…' }).waitFor());
    });
  });
});
