/**
 * The lowest prior price columns of the products CSV exports (issue 36, item 1) on each
 * database: absent while the company's `priorPriceDays` is off; with it, each variant's low at
 * the export's moment (a product without options: on its own row, its base variant's), the
 * exported price list's low in a price list export, no low but a note when the window has a gap,
 * and the lows asked a page and a batch of variants at a time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOG_CSV_COLUMNS, LOWEST_PRIOR_PRICE_CSV_COLUMNS, LOWEST_PRIOR_PRICE_GAP_NOTE, PRICE_LIST_CSV_COLUMNS,
} from '@catalog/contracts/csv';
import type { NewPriceHistoryEntry, PriceListMetadata } from '../../db/repositories';
import { MAX_VARIANTS_PER_BATCH } from '../../services/catalog/csv-lowest-price';
import { downloadCsv } from '../../testing/csv-download';
import { signedInUser } from '../../testing/store-fixture';
import { testApp } from '../../testing/test-app';

const day = (d: number) => new Date(Date.UTC(2030, 2, d));
/** The export's moment: the window of 30 days is [March 1, March 31). */
const AT = day(31);
const METADATA: PriceListMetadata = {
  lists: [{ id: 1, name: 'Wholesale', active: true, dateModified: null }],
  assignments: [],
  customerGroups: [],
  channels: [{ id: 1, name: 'Storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD'] }],
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Boots (variants 8011 and 8012) and Socks (no options: base variant 8020), followed since `followedFrom`. */
async function world(followedFrom = new Date(Date.UTC(2030, 0, 1))) {
  const t = await testApp({ now: () => AT });
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const { companyId } = owner;
  await t.db.products.upsertMany(companyId, [
    { externalId: 801, name: 'Boots', regularPriceCents: 5000, variants: [{ externalId: 8011, regularPriceCents: 1100 }, { externalId: 8012, regularPriceCents: 1000 }] },
    { externalId: 802, name: 'Socks', regularPriceCents: 2000, baseVariantId: 8020 },
  ]);
  const [boots, socks] = await t.db.products.getByExternalIds(companyId, [801, 802]);
  const v1 = boots!.variants.find((v) => v.externalId === 8011)!;
  const change = (productId: string, variantId: string | null, at: Date, old: number, next: number, extra: Partial<NewPriceHistoryEntry> = {}): NewPriceHistoryEntry => ({
    productId, variantId, changeType: 'sync', createdAt: at, oldRegularPriceCents: old, newRegularPriceCents: next, oldSalePriceCents: null, newSalePriceCents: null, ...extra,
  });
  await t.db.priceHistory.add(companyId, [
    // 8011: 12.00 until the 5th, 9.00 until the 10th, 11.00 since.
    change(boots!.id, v1.id, day(5), 1200, 900),
    change(boots!.id, v1.id, day(10), 900, 1100),
    // Socks: on sale at 15.00 from the 15th to the 20th.
    change(socks!.id, null, day(15), 2000, 2000, { oldSalePriceCents: null, newSalePriceCents: 1500 }),
    change(socks!.id, null, day(20), 2000, 2000, { oldSalePriceCents: 1500, newSalePriceCents: null }),
    // Wholesale (USD) of 8011: 7.00 until the 12th, 6.50 since.
    change(boots!.id, v1.id, day(12), 700, 650, { priceListId: 1, currency: 'USD', changeType: 'work_order' }),
  ]);
  await t.db.priceLists.replaceLists(companyId, METADATA);
  await t.db.priceLists.upsertRecords(companyId, [
    { priceListId: 1, variantId: 8011, productId: 801, currency: 'USD', priceCents: 650, salePriceCents: null, retailPriceCents: null, mapPriceCents: null },
  ]);
  await t.db.lowestPrice.openCoverage(companyId, followedFrom);
  const get = (path: string) => downloadCsv(t.app, path, owner.headers);
  return { t, companyId, get };
}

/** The rows by their Product ID and Variant ID. */
const byIds = (rows: string[][]) => new Map(rows.slice(1).map((r) => [`${r[0]}/${r[1]}`, r]));

describe('the lowest prior price in the products CSV exports', () => {
  it('is not exported while the company does not follow the EU prior price rule', async () => {
    const { get } = await world();
    const { rows } = await get('/api/products/csv');
    expect(rows[0]).toEqual([...CATALOG_CSV_COLUMNS]);
    expect(rows.slice(1).every((r) => r.length === CATALOG_CSV_COLUMNS.length)).toBe(true);
  });

  it("ends each variant's row with its lowest price in the company's window and when it first applied", async () => {
    const { t, companyId, get } = await world();
    await t.db.companies.update(companyId, { priorPriceDays: 30 });
    const { res, rows } = await get('/api/products/csv');
    expect(res.status).toBe(200);
    expect(rows[0]).toEqual([...CATALOG_CSV_COLUMNS, ...LOWEST_PRIOR_PRICE_CSV_COLUMNS]);
    const row = byIds(rows);
    const low = (key: string) => row.get(key)!.slice(CATALOG_CSV_COLUMNS.length);
    expect(low('801/8011')).toEqual(['9.00', '2030-03-05 00:00:00', '']);
    expect(low('801/8012')).toEqual(['10.00', '2030-03-01 00:00:00', '']);
    // The product's own row has variants beside it: the low is theirs.
    expect(low('801/')).toEqual(['', '', '']);
    // A product without options: its base variant's low on its own row.
    expect(low('802/')).toEqual(['15.00', '2030-03-15 00:00:00', '']);

    // A shorter window starts after the 9.00.
    await t.db.companies.update(companyId, { priorPriceDays: 20 });
    const shorter = byIds((await get('/api/products/csv')).rows);
    expect(shorter.get('801/8011')!.slice(CATALOG_CSV_COLUMNS.length)).toEqual(['11.00', '2030-03-11 00:00:00', '']);
  });

  it("gives a price list export that list's low in its currency", async () => {
    const { t, companyId, get } = await world();
    await t.db.companies.update(companyId, { priorPriceDays: 30 });
    const { res, rows } = await get('/api/products/csv?priceList=1&currency=USD');
    expect(res.status).toBe(200);
    expect(rows[0]).toEqual([...PRICE_LIST_CSV_COLUMNS, ...LOWEST_PRIOR_PRICE_CSV_COLUMNS]);
    const row = byIds(rows);
    const low = (key: string) => row.get(key)!.slice(PRICE_LIST_CSV_COLUMNS.length);
    expect(low('801/8011')).toEqual(['6.50', '2030-03-12 00:00:00', '']);
    // Without a record the catalog's price applies (the list's currency is the catalog's).
    expect(low('801/8012')).toEqual(['10.00', '2030-03-01 00:00:00', '']);
    expect(low('802/8020')).toEqual(['15.00', '2030-03-15 00:00:00', '']);
  });

  it('leaves the low empty with a note when the store was not followed for part of the window', async () => {
    const { t, companyId, get } = await world(day(8));
    await t.db.companies.update(companyId, { priorPriceDays: 30 });
    const { rows } = await get('/api/products/csv');
    const row = byIds(rows);
    for (const key of ['801/8011', '801/8012', '802/']) {
      expect(row.get(key)!.slice(CATALOG_CSV_COLUMNS.length), key).toEqual(['', '', LOWEST_PRIOR_PRICE_GAP_NOTE]);
    }
  });

  it('asks for the lows a page of products and a batch of variants at a time', async () => {
    const { t, companyId, get } = await world();
    await t.db.companies.update(companyId, { priorPriceDays: 30 });
    const variants = (base: number, count: number) => Array.from({ length: count }, (_, i) => ({ externalId: base + i, regularPriceCents: 500 }));
    await t.db.products.upsertMany(companyId, [
      ...[1, 2, 3].map((n) => ({ externalId: 900 + n, name: `Big ${n}`, regularPriceCents: 500, variants: variants(100_000 * n, 900) })),
      ...Array.from({ length: 250 }, (_, i) => ({ externalId: 10_000 + i, name: `Small ${i}`, regularPriceCents: 300, baseVariantId: 20_000 + i })),
    ]);
    const asks = vi.spyOn(t.db.lowestPrice, 'itemChanges');
    const { rows } = await get('/api/products/csv');
    const variantAsks = asks.mock.calls.map(([, items]) => items.filter((i) => i.variantId !== null).length);
    // 2,702 variants and 252 products: two pages of products, the first's variants in two batches.
    expect(asks.mock.calls.length).toBeGreaterThanOrEqual(3);
    for (const n of variantAsks) expect(n).toBeLessThanOrEqual(MAX_VARIANTS_PER_BATCH);
    expect(variantAsks.reduce((a, b) => a + b, 0)).toBe(2 + 2700);
    const lows = rows.slice(1).filter((r) => r[1] !== '' || (!r[3]!.startsWith('Big') && r[3] !== 'Boots')).map((r) => r[CATALOG_CSV_COLUMNS.length]);
    expect(lows.length).toBe(2 + 2700 + 1 + 250);
    expect(lows.every((cell) => cell !== '')).toBe(true);
  });
});
