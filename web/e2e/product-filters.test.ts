/**
 * Issue 19: filtering /products by brand and price range on the device. The filters go into the
 * URL (a reload and Back keep them), the list shows exactly what GET /api/products answers for
 * the same filters, the Columns chooser shows Brand and MSRP, and axe finds nothing to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { ProductListResponse } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { merchantWithCatalog } from './support/merchant';
import { chooseOption, violationSummary } from './support/page';
import { callApi } from './support/store-api';

const { app, withPage } = useAppAndBrowser();

const found = (page: Page) => page.getByTestId('products-found');
const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;

describe('product filters', () => {
  it('filters /products by brand and price range, keeps them in the URL across a reload and Back, and agrees with the API', async () => {
    await withPage(async (page) => {
      const { token } = await merchantWithCatalog(page, app(), { showStockStatus: true, showInvisibleProducts: true });
      const { products, total } = await callApi<ProductListResponse>(app(), token, 'GET', '/api/products?limit=200');
      // The most common brand, and a price range around its middle product.
      const counts = new Map<string, number>();
      for (const p of products) if (p.brand) counts.set(p.brand, (counts.get(p.brand) ?? 0) + 1);
      const brand = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      // From its second lowest price to its highest: the cheapest one is left out.
      const prices = [...new Set(products.filter((p) => p.brand === brand).map((p) => p.regularPrice))].sort((a, b) => Number(a) - Number(b));
      expect(prices.length).toBeGreaterThan(1);
      const min = prices[1]!;
      const max = prices.at(-1)!;
      const api = (query: string) => callApi<ProductListResponse>(app(), token, 'GET', `/api/products?limit=200&${query}`);
      const byBrand = await api(`brand=${encodeURIComponent(brand)}`);
      const inRange = await api(`brand=${encodeURIComponent(brand)}&priceMin=${min}&priceMax=${max}`);
      expect(inRange.total).toBeGreaterThan(0);
      expect(inRange.total).toBeLessThan(byBrand.total);

      await page.goto('/products');
      await found(page).filter({ hasText: countText(total) }).waitFor();

      // Brand: a searchable select of the catalog's brands.
      await chooseOption(page, page.getByRole('textbox', { name: 'Brand' }), brand);
      await found(page).filter({ hasText: countText(byBrand.total) }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBe(brand);

      // Price range: typed, applied on Enter.
      // One end at a time: each is applied (and written to the URL) before the next is typed.
      await page.getByLabel('Min price').fill(min);
      await page.getByLabel('Min price').press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('priceMin')).toBe(min);
      await page.getByLabel('Max price').fill(max);
      await page.getByLabel('Max price').press('Enter');
      await found(page).filter({ hasText: countText(inRange.total) }).waitFor();
      // The maximum is the brand's highest price, so the count is the same with the minimum
      // alone: wait for the URL to carry both ends.
      await expect.poll(() => {
        const url = new URL(page.url());
        return [url.searchParams.get('brand'), url.searchParams.get('priceMin'), url.searchParams.get('priceMax')];
      }).toEqual([brand, min, max]);
      // The device shows what the API answers for the same filters.
      await page.getByText('List', { exact: true }).click();
      const table = page.getByRole('table', { name: 'Products' });
      await table.waitFor();
      const names = await table.getByRole('row').filter({ has: page.getByRole('cell') }).getByRole('button').allInnerTexts();
      expect(names).toEqual(inRange.products.slice(0, 20).map((p) => p.name));

      // Columns: Brand and MSRP.
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Brand' }).check();
      await page.getByRole('checkbox', { name: 'MSRP' }).check();
      await page.keyboard.press('Escape');
      await table.getByRole('columnheader', { name: 'MSRP' }).waitFor();
      await expect(table.getByRole('row').nth(1).getByRole('cell', { name: brand, exact: true }).count()).resolves.toBe(1);
      expect(violationSummary((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      // A reload (a shared link) keeps the filters; Back returns to the filters before the maximum.
      await page.reload();
      await found(page).filter({ hasText: countText(inRange.total) }).waitFor();
      await expect(page.getByLabel('Min price').inputValue()).resolves.toBe(min);
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('priceMax')).toBeNull();
      const before = new URL(page.url()).searchParams;
      expect(before.get('brand')).toBe(brand);
      const earlier = await api(before.toString());
      await found(page).filter({ hasText: countText(earlier.total) }).waitFor();
    });
  }, 180_000);
});
