/**
 * Spreadsheets in and out, as a merchant does it: "Export CSV" on /products downloads the
 * catalog (a row per product and per variant, UTF-8 with a byte-order mark); two prices changed
 * in that file and imported on /work-orders/create show in the preview (old -> new, the rest
 * unchanged; the dialog passes an axe scan), and applying it fills and titles the order, which
 * previews as any other. A file without a column naming products is refused with its reason.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { CATALOG_CSV_COLUMNS } from '@catalog/contracts/csv';
import { applyPercent, formatCents, parseMoney } from '@catalog/contracts/money';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { violationSummary } from './support/page';
import { callApi } from './support/store-api';

const { app, withPage } = useAppAndBrowser();

/** Opens the create screen and waits for the local catalog's rows. */
async function openCreateScreen(page: Page, total: number): Promise<void> {
  await page.goto('/work-orders/create');
  await page.getByRole('heading', { level: 1, name: 'Create Work Order' }).waitFor();
  await page.getByText(`Showing ${total} of ${total} products`).waitFor({ timeout: 30_000 });
}

async function chooseFile(page: Page, name: string, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Import prices from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  return dialog;
}

describe('CSV export and import', () => {
  it('exports the catalog, imports two changed prices as a work order with a preview, and refuses a bad file', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app());
      const { products, total } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=200');
      const variants = products.reduce((n, p) => n + p.variants.length, 0);

      // Export: the download carries the user's token (a fetch), the server's file name and a BOM.
      await page.goto('/products');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(CATALOG_CSV_COLUMNS.join(','));
      expect(lines.length).toBe(1 + products.length + variants);
      await page.getByText('Export ready').waitFor();

      // Two products' regular prices raised by 10% in the file; everything else as exported.
      const [first, second] = products;
      const changed = [first!, second!].map((p) => ({ ...p, next: formatCents(applyPercent(parseMoney(p.regularPrice), '10')) }));
      const edited = lines.map((line) => {
        const hit = changed.find((p) => line.startsWith(`${p.id},,`));
        return hit ? line.replace(`,${hit.regularPrice},`, `,${hit.next},`) : line;
      });
      expect(edited.filter((line, i) => line !== lines[i])).toHaveLength(2);

      await openCreateScreen(page, total);
      await page.getByRole('button', { name: 'Import prices from CSV' }).click();

      // A file that names no products: refused, its reason shown, nothing applied.
      let dialog = await chooseFile(page, 'notes.csv', 'Name,Cost Price\nMug,1.00\n');
      await dialog.getByRole('alert').getByText('The file has no column naming the products', { exact: false }).waitFor();
      await expect(dialog.getByRole('button', { name: 'Apply 0 price changes' }).isDisabled()).resolves.toBe(true);

      dialog = await chooseFile(page, 'supplier-prices.csv', `\uFEFF${edited.join('\r\n')}\r\n`);
      const matched = dialog.getByRole('region', { name: 'Price changes' });
      await matched.getByRole('heading', { name: 'Price changes (2)' }).waitFor();
      for (const p of changed) {
        await expect(matched.getByRole('row', { name: new RegExp(p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).innerText())
          .resolves.toContain(`${p.regularPrice} \u2192 ${p.next}`);
      }
      await dialog.getByRole('heading', { name: `Unchanged (skipped) (${products.length + variants - 2})` }).waitFor();
      // Let the dialog's transition settle before colours are checked.
      await page.waitForTimeout(400);
      const scan = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(violationSummary(scan.violations)).toEqual([]);
      await dialog.getByRole('button', { name: 'Apply 2 price changes' }).click();
      await page.getByText('2 price changes added to this work order', { exact: false }).waitFor();
      await expect(page.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe('supplier-prices');

      // The order previews as one made by hand: the two prices, old -> new.
      await page.getByRole('main').getByRole('button', { name: 'Create Work Order' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview Work Order' });
      await preview.waitFor();
      for (const p of changed) {
        await expect(preview.innerText()).resolves.toMatch(new RegExp(`${p.regularPrice.replace('.', '\\.')}\\s+${p.next.replace('.', '\\.')}`));
      }
    });
  });
});
