/**
 * The CSV exports (issue 17, item 5) on the real app and database: the catalog (a row per
 * product and per variant, formula-looking cells written safely), one product's price history
 * and the catalog's over a validated, bounded range; each only of the caller's company.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, PRICE_HISTORY_CSV_COLUMNS, PRICE_LIST_CSV_COLUMNS } from '@catalog/contracts/csv';
import { testUser } from '../../testing/test-app';
import { downloadCsv } from '../../testing/csv-download';
import { connectedApp, postSync, readSyncEvents, startDemoStore, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 12 });
});
afterAll(async () => store.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function synced() {
  const t = await connectedApp(store);
  cleanups.push(t.close);
  await t.setLimit(100);
  await readSyncEvents(await postSync(t.app, t.owner));
  return t;
}

const download = (t: Awaited<ReturnType<typeof synced>>, path: string, headers: Record<string, string>) => downloadCsv(t.app, path, headers);

describe('GET /api/products/csv', () => {
  it('streams a row per product and per variant, UTF-8 with a byte-order mark, as an attachment', async () => {
    const t = await synced();
    const member = await t.teammate('member');
    const { res, text, rows } = await download(t, '/api/products/csv', member.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows[0]).toEqual([...CATALOG_CSV_COLUMNS]);

    const ids = await t.db.products.listIds(t.companyId);
    const products = await t.db.products.getByExternalIds(t.companyId, ids);
    const variants = products.reduce((n, p) => n + p.variants.length, 0);
    expect(variants).toBeGreaterThan(0);
    expect(rows.length).toBe(1 + products.length + variants);
    const product = products.find((p) => p.variants.length > 0)!;
    const productRow = rows.find((r) => r[0] === String(product.externalId) && r[1] === '')!;
    expect(productRow).toEqual([
      String(product.externalId), '', product.sku ?? '', product.name, product.category ?? '',
      (product.regularPriceCents / 100).toFixed(2), product.salePriceCents === null ? '' : (product.salePriceCents / 100).toFixed(2),
      String(product.stock), product.status,
    ]);
    const variant = product.variants[0]!;
    const variantRow = rows.find((r) => r[1] === String(variant.externalId))!;
    expect(variantRow[0]).toBe(String(product.externalId));
    expect(variantRow[2]).toBe(variant.variantSku ?? '');
    expect(variantRow[5]).toBe(variant.regularPriceCents === null ? '' : (variant.regularPriceCents / 100).toFixed(2));
  });

  it('writes formula-looking names and SKUs as text, quotes commas and quotes, keeps accents', async () => {
    const t = await synced();
    await t.db.products.upsertMany(t.companyId, [
      { externalId: 990001, name: '=HYPERLINK("http://evil.example","Click")', sku: '+SKU-1', regularPriceCents: 1990, category: 'Tools, "Hand"' },
      { externalId: 990002, name: '@SUM(A1:A9)', sku: '-2+3', regularPriceCents: 500, salePriceCents: 450 },
      { externalId: 990003, name: 'Crème brûlée torch', sku: 'CB-1', regularPriceCents: 2500 },
    ]);
    const { text, rows } = await download(t, '/api/products/csv', t.owner.headers);
    expect(text).toContain(`,'+SKU-1,"'=HYPERLINK(""http://evil.example"",""Click"")","Tools, ""Hand""",19.90,`);
    expect(rows.find((r) => r[0] === '990001')).toEqual(['990001', '', "'+SKU-1", '\'=HYPERLINK("http://evil.example","Click")', 'Tools, "Hand"', '19.90', '', '0', 'published']);
    expect(rows.find((r) => r[0] === '990002')!.slice(2, 4)).toEqual(["'-2+3", "'@SUM(A1:A9)"]);
    expect(rows.find((r) => r[0] === '990003')![3]).toBe('Crème brûlée torch');
    // No cell a spreadsheet would run.
    expect(rows.flat().filter((cell) => /^[=+@]/.test(cell) || /^-(?!\d+(\.\d+)?$)/.test(cell))).toEqual([]);
  });

  it("holds only the caller's company, and needs a signed-in user", async () => {
    const t = await synced();
    const stranger = testUser('Sam Stranger');
    expect((await t.app.request('/api/auth/user', { headers: stranger.headers })).status).toBe(200);
    const theirs = (await t.db.users.getByFirebaseUid(stranger.sub))!.companyId;
    await t.db.products.upsertMany(theirs, [{ externalId: 880001, name: 'Stranger secret kettle', sku: 'SECRET-1', regularPriceCents: 100 }]);

    const mine = await download(t, '/api/products/csv', t.owner.headers);
    expect(mine.text).not.toContain('Stranger secret kettle');
    const their = await download(t, '/api/products/csv', stranger.headers);
    expect(their.rows).toEqual([[...CATALOG_CSV_COLUMNS], ['880001', '', 'SECRET-1', 'Stranger secret kettle', '', '1.00', '', '0', 'published']]);
    expect((await t.app.request('/api/products/csv')).status).toBe(401);
  });

  it('exports one price list in one currency: a row per variant with its record, empty where the catalog price applies (issue 35)', async () => {
    const t = await synced();
    const { res, rows } = await download(t, '/api/products/csv?priceList=1&currency=usd', t.owner.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="price-list-1-USD-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows[0]).toEqual([...PRICE_LIST_CSV_COLUMNS]);
    const ids = await t.db.products.listIds(t.companyId);
    const products = await t.db.products.getByExternalIds(t.companyId, ids);
    // A variant per row; a product without options is its base variant.
    const expected = products.reduce((n, p) => n + (p.variants.length > 0 ? p.variants.length : 1), 0);
    expect(rows.length).toBe(1 + expected);
    expect(new Set(rows.slice(1).map((r) => `${r[3]} ${r[4]}`))).toEqual(new Set(['1 USD']));
    const variantIds = rows.slice(1).map((r) => Number(r[1]));
    const records = await t.db.priceLists.getRecords(t.companyId, 1, 'USD', variantIds);
    expect(records.length).toBeGreaterThan(0);
    const record = records[0]!;
    const row = rows.find((r) => r[1] === String(record.variantId))!;
    expect(row.slice(7)).toEqual([
      (record.priceCents / 100).toFixed(2), record.salePriceCents === null ? '' : (record.salePriceCents / 100).toFixed(2),
      record.retailPriceCents === null ? '' : (record.retailPriceCents / 100).toFixed(2), record.mapPriceCents === null ? '' : (record.mapPriceCents / 100).toFixed(2),
    ]);
    const without = rows.slice(1).filter((r) => !records.some((x) => String(x.variantId) === r[1]));
    for (const r of without) expect(r.slice(7)).toEqual(['', '', '', '']);

    const unknown = await t.app.request('/api/products/csv?priceList=99&currency=USD', { headers: t.owner.headers });
    expect(unknown.status).toBe(404);
    const half = await t.app.request('/api/products/csv?priceList=1', { headers: t.owner.headers });
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({ error: { code: 'VALIDATION', fields: { currency: 'Name both a price list and a currency, or neither' } } });
  });
});

describe('price history as CSV', () => {
  // The demo store is shared by the tests: each edit sets a price of its own.
  async function edited(price: string) {
    const t = await synced();
    const [id] = await t.db.products.listIds(t.companyId);
    const [product] = await t.db.products.getByExternalIds(t.companyId, [id!]);
    const res = await t.app.request(`/api/products/${id}`, { method: 'PUT', headers: t.owner.headers, body: JSON.stringify({ regularPrice: price }) });
    expect(res.status).toBe(200);
    return { t, product: product! };
  }

  it("of one product: its entries, oldest first, with who changed them; another company's product is a 404", async () => {
    const { t, product } = await edited('123.45');
    const { res, rows } = await download(t, `/api/products/${product.externalId}/price-history/csv`, t.owner.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="price-history-${product.externalId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(rows[0]).toEqual([...PRICE_HISTORY_CSV_COLUMNS]);
    const last = rows.at(-1)!;
    expect(last.slice(1, 8)).toEqual([
      String(product.externalId), '', product.name, product.sku ?? '', 'Manual edit', (product.regularPriceCents / 100).toFixed(2), '123.45',
    ]);
    expect(last[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(last[11]).toBe(t.owner.email);

    const stranger = testUser('Sam Stranger');
    await t.app.request('/api/auth/user', { headers: stranger.headers });
    const theirs = await t.app.request(`/api/products/${product.externalId}/price-history/csv`, { headers: stranger.headers });
    expect(theirs.status).toBe(404);
    expect((await t.app.request('/api/products/0x10/price-history/csv', { headers: t.owner.headers })).status).toBe(404);
  });

  it('of the catalog: the entries of the range only, the last 30 days by default', async () => {
    const { t, product } = await edited('234.56');
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const inRange = await download(t, `/api/products/price-history/csv?from=${iso(now - 3_600_000)}&to=${iso(now + 3_600_000)}`, t.owner.headers);
    expect(inRange.res.status).toBe(200);
    expect(inRange.res.headers.get('content-disposition')).toMatch(/^attachment; filename="price-history-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(inRange.rows.some((r) => r[1] === String(product.externalId) && r[7] === '234.56')).toBe(true);
    const byDefault = await download(t, '/api/products/price-history/csv', t.owner.headers);
    expect(byDefault.rows.some((r) => r[7] === '234.56')).toBe(true);
    const before = await download(t, `/api/products/price-history/csv?from=${iso(now - 86_400_000 * 10)}&to=${iso(now - 86_400_000 * 9)}`, t.owner.headers);
    expect(before.rows).toEqual([[...PRICE_HISTORY_CSV_COLUMNS]]);
  });

  it('reads every entry exactly once across pages, entries of the same moment included', async () => {
    const t = await synced();
    const [product] = await t.db.products.getByExternalIds(t.companyId, (await t.db.products.listIds(t.companyId)).slice(0, 1));
    const start = Date.now() - 3_600_000;
    // 2,100 entries, three to a millisecond: page boundaries fall inside a moment.
    const entries = Array.from({ length: 2100 }, (_, i) => ({
      productId: product!.id, changeType: 'sync' as const, oldRegularPriceCents: i, newRegularPriceCents: i + 1, createdAt: new Date(start + Math.floor(i / 3)),
    }));
    await t.db.priceHistory.add(t.companyId, entries);
    const { rows } = await download(t, `/api/products/${product!.externalId}/price-history/csv`, t.owner.headers);
    const olds = rows.slice(1).filter((r) => r[5] === 'Store sync').map((r) => Math.round(Number(r[6]) * 100));
    expect(olds.length).toBe(2100);
    expect(new Set(olds).size).toBe(2100);
    const dates = rows.slice(1).map((r) => r[0]!);
    expect(dates).toEqual([...dates].sort());
  });

  it.each([
    ['from=yesterday', 'from', 'The start must be a date and time like 2025-03-01T00:00:00Z'],
    ['to=2025-13-01T00:00:00Z', 'to', 'The end must be a date and time like 2025-03-01T00:00:00Z'],
    ['from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'from', 'The start must be before the end'],
    ['from=2023-01-01T00:00:00Z&to=2025-01-01T00:00:00Z', 'from', 'A range is at most 366 days'],
    [`from=${'9'.repeat(500)}`, 'from', 'The start must be a date and time like 2025-03-01T00:00:00Z'],
  ])('refuses ?%s with 400 naming the field', async (query, field, message) => {
    const t = await synced();
    const res = await t.app.request(`/api/products/price-history/csv?${query}`, { headers: t.owner.headers });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message, fields: { [field]: message } } });
  });
});
