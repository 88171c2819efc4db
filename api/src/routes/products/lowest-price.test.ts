/**
 * GET /api/products/{id}/lowest-price (issue 36) on each database: the lowest effective price
 * of each variant in `[at - days, at)` from the price history (several changes, a change exactly
 * at either end, a sale price below, above or removed), a price list's records apart from the
 * catalog's, the window's gaps (before the first sync, while disconnected), the company's
 * `priorPriceDays` as the default window, another company's product a 404 and bad input a 400.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LowestPriceResponse } from '@catalog/contracts/lowest-price';
import type { NewPriceHistoryEntry, PriceListMetadata } from '../../db/repositories';
import { signedInUser } from '../../testing/store-fixture';
import { testApp } from '../../testing/test-app';

const day = (d: number) => new Date(Date.UTC(2030, 2, d));
const AT = day(31).toISOString();
const FROM = day(1).toISOString();
const iso = (d: number) => day(d).toISOString();

const METADATA: PriceListMetadata = {
  lists: [{ id: 1, name: 'Wholesale', active: true, dateModified: null }, { id: 2, name: 'Euro', active: true, dateModified: null }],
  assignments: [],
  customerGroups: [],
  channels: [
    { id: 1, name: 'Storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD'] },
    { id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', enabledCurrencies: ['EUR'] },
  ],
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Product 501 (variants 5011, 5012) and 502 (no options: base variant 5020), followed since January. */
async function world() {
  const t = await testApp();
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const stranger = await signedInUser(t, 'Stan Stranger');
  await t.db.products.upsertMany(owner.companyId, [
    { externalId: 501, name: 'Boots', regularPriceCents: 5000, variants: [{ externalId: 5011, regularPriceCents: 800 }, { externalId: 5012, regularPriceCents: 1000 }] },
    { externalId: 502, name: 'Socks', regularPriceCents: 2000, salePriceCents: 2500, baseVariantId: 5020 },
  ]);
  await t.db.products.upsertMany(stranger.companyId, [{ externalId: 777, name: 'Hat', regularPriceCents: 100 }]);
  const [boots, socks] = await t.db.products.getByExternalIds(owner.companyId, [501, 502]);
  const [v1, v2] = [boots!.variants.find((v) => v.externalId === 5011)!, boots!.variants.find((v) => v.externalId === 5012)!];
  const change = (productId: string, variantId: string | null, d: Date, old: [number | null, number | null], next: [number | null, number | null], extra: Partial<NewPriceHistoryEntry> = {}): NewPriceHistoryEntry => ({
    productId, variantId, changeType: 'sync', createdAt: d,
    oldRegularPriceCents: old[0], oldSalePriceCents: old[1], newRegularPriceCents: next[0], newSalePriceCents: next[1], ...extra,
  });
  await t.db.priceHistory.add(owner.companyId, [
    // 5011: 12.00 before the window, 9.00 from the 5th, 11.00 from the 10th, 8.00 exactly at `at` (not in the window).
    change(boots!.id, v1.id, new Date(Date.UTC(2030, 1, 10)), [1000, null], [1200, null]),
    change(boots!.id, v1.id, day(5), [1200, null], [900, null]),
    change(boots!.id, v1.id, day(10), [900, null], [1100, null]),
    change(boots!.id, v1.id, day(31), [1100, null], [800, null]),
    // 5012: 7.00 until exactly the window's start, 10.00 from then on.
    change(boots!.id, v2.id, day(1), [700, null], [1000, null]),
    // 502: 20.00, on sale at 15.00 from the 15th to the 20th, a "sale" at 25.00 (above the regular price) from the 25th.
    change(socks!.id, null, day(15), [2000, null], [2000, 1500]),
    change(socks!.id, null, day(20), [2000, 1500], [2000, null]),
    change(socks!.id, null, day(25), [2000, null], [2000, 2500]),
    // Wholesale (USD) record of 5011: 6.00 until the 12th, then 6.50.
    change(boots!.id, v1.id, day(12), [600, null], [650, null], { priceListId: 1, currency: 'USD', changeType: 'work_order' }),
  ]);
  await t.db.priceLists.replaceLists(owner.companyId, METADATA);
  await t.db.priceLists.upsertRecords(owner.companyId, [
    { priceListId: 1, variantId: 5011, productId: 501, currency: 'USD', priceCents: 650, salePriceCents: null, retailPriceCents: null, mapPriceCents: null },
    { priceListId: 2, variantId: 5011, productId: 501, currency: 'EUR', priceCents: 700, salePriceCents: null, retailPriceCents: null, mapPriceCents: null },
  ]);
  await t.db.lowestPrice.openCoverage(owner.companyId, new Date(Date.UTC(2030, 0, 1)));
  const get = async (path: string, who = owner) => t.app.request(path, { headers: who.headers });
  const read = async (path: string) => {
    const res = await get(path);
    expect(res.status, await res.clone().text()).toBe(200);
    return LowestPriceResponse.parse(await res.json());
  };
  const byVariant = (body: LowestPriceResponse) => Object.fromEntries(body.variants.map((v) => [v.variantId, v]));
  return { t, owner, stranger, boots: boots!, get, read, byVariant };
}

describe('GET /api/products/{id}/lowest-price', () => {
  it('gives each variant its lowest effective price in [at - days, at), its current price, and no gaps while followed', async () => {
    const { read, byVariant } = await world();
    const body = await read(`/api/products/501/lowest-price?at=${AT}&days=30`);
    expect(body.window).toEqual({ from: FROM, to: AT, days: 30, gaps: [] });
    expect(body.target).toBeNull();
    expect(byVariant(body)).toEqual({
      // The 8.00 set exactly at `at` is the change the low is shown with: not in the window.
      5011: { variantId: 5011, lowest: { price: '9.00', from: iso(5) }, current: '8.00' },
      // The 7.00 ended exactly at the window's start: from then on, 10.00.
      5012: { variantId: 5012, lowest: { price: '10.00', from: FROM }, current: '10.00' },
    });
    // A window ending before the 5th never saw the 9.00: 12.00 applied from before the window.
    const earlier = byVariant(await read(`/api/products/501/lowest-price?at=${iso(5)}&days=4`));
    expect(earlier[5011]!.lowest).toEqual({ price: '12.00', from: iso(1) });
  });

  it('counts the sale price whenever one is set, one above the regular price too (the storefront charges it)', async () => {
    const { read } = await world();
    const body = await read(`/api/products/502/lowest-price?at=${AT}`);
    expect(body.variants).toEqual([{ variantId: 5020, lowest: { price: '15.00', from: iso(15) }, current: '25.00' }]);
    const after = await read(`/api/products/502/lowest-price?at=${new Date(Date.UTC(2030, 3, 30)).toISOString()}&days=5`);
    expect(after.variants[0]!.lowest).toEqual({ price: '25.00', from: new Date(Date.UTC(2030, 3, 25)).toISOString() });
  });

  it('reads a price list record apart from the catalog, the catalog price standing in where a list in its currency has none', async () => {
    const { read, byVariant } = await world();
    const body = await read(`/api/products/501/lowest-price?at=${AT}&priceListId=1&currency=USD`);
    expect(body.target).toEqual({ priceListId: 1, currency: 'USD' });
    expect(byVariant(body)).toEqual({
      5011: { variantId: 5011, lowest: { price: '6.00', from: FROM }, current: '6.50' },
      5012: { variantId: 5012, lowest: { price: '10.00', from: FROM }, current: '10.00' },
    });
    // In another currency a variant without a record has no known price.
    const euro = byVariant(await read(`/api/products/501/lowest-price?at=${AT}&priceListId=2&currency=EUR`));
    expect(euro[5011]).toEqual({ variantId: 5011, lowest: { price: '7.00', from: FROM }, current: '7.00' });
    expect(euro[5012]).toEqual({ variantId: 5012, lowest: null, current: null });
  });

  it('reports the spans before the first sync and while disconnected as gaps, and prices none of them', async () => {
    const { t, stranger, get } = await world();
    // Hat (777): 1.00, then 0.50 only while the store was disconnected (the 20th to the 25th).
    const [hat] = await t.db.products.getByExternalIds(stranger.companyId, [777]);
    await t.db.priceHistory.add(stranger.companyId, [
      { productId: hat!.id, changeType: 'sync', oldRegularPriceCents: 100, newRegularPriceCents: 50, createdAt: day(21) },
      { productId: hat!.id, changeType: 'sync', oldRegularPriceCents: 50, newRegularPriceCents: 100, createdAt: day(24) },
    ]);
    const read = async (path: string) => LowestPriceResponse.parse(await (await get(path, stranger)).json());
    // Never synced: the whole window is a gap, and no low is given.
    const never = await read(`/api/products/777/lowest-price?at=${AT}`);
    expect(never.window.gaps).toEqual([{ from: FROM, to: AT }]);
    expect(never.variants).toEqual([]);
    await t.db.products.upsertMany(stranger.companyId, [{ externalId: 777, name: 'Hat', regularPriceCents: 100, baseVariantId: 7770 }]);
    expect((await read(`/api/products/777/lowest-price?at=${AT}`)).variants).toEqual([{ variantId: 7770, lowest: null, current: '1.00' }]);

    // First synced on the 5th (the sync started then), disconnected on the 20th, connected again on the 25th.
    await t.db.settings.upsert(stranger.companyId, { storeHash: 'abc', accessToken: 'token', clientId: 'client' });
    await t.db.settings.markSynced(stranger.companyId, day(6), { startedAt: day(5), full: true });
    await t.db.settings.markSynced(stranger.companyId, day(7), { startedAt: day(6), full: false });
    expect(await t.db.lowestPrice.coverage(stranger.companyId, { from: day(1), to: day(31) })).toEqual([{ startedAt: day(5), endedAt: null }]);
    await t.db.lowestPrice.closeCoverage(stranger.companyId, day(20));
    await t.db.lowestPrice.openCoverage(stranger.companyId, day(25));
    const body = await read(`/api/products/777/lowest-price?at=${AT}`);
    expect(body.window.gaps).toEqual([{ from: FROM, to: iso(5) }, { from: iso(20), to: iso(25) }]);
    expect(body.variants).toEqual([{ variantId: 7770, lowest: { price: '1.00', from: iso(5) }, current: '1.00' }]);

    // A disconnect closes the open span.
    expect(await t.db.settings.delete(stranger.companyId)).toBe(true);
    const spans = await t.db.lowestPrice.coverage(stranger.companyId, { from: day(1), to: new Date(Date.now() + 86_400_000) });
    expect(spans.every((s) => s.endedAt !== null)).toBe(true);
  });

  it('takes the window from the company\'s priorPriceDays, else 30 days', async () => {
    const { owner, t, read } = await world();
    expect((await read(`/api/products/501/lowest-price?at=${AT}`)).window.days).toBe(30);
    const patch = (body: unknown) => t.app.request('/api/company/settings', {
      method: 'PATCH', headers: { ...owner.headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const settings = await patch({ priorPriceDays: 45 });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ priorPriceDays: 45 });
    const body = await read(`/api/products/501/lowest-price?at=${AT}`);
    expect(body.window).toMatchObject({ days: 45, from: new Date(day(31).getTime() - 45 * 86_400_000).toISOString() });
    for (const bad of [0, 366, 1.5, '30']) expect((await patch({ priorPriceDays: bad })).status, String(bad)).toBe(400);
    expect(await (await patch({ priorPriceDays: null })).json()).toMatchObject({ priorPriceDays: null });
  });

  it('answers 404 for another company\'s product or an unknown price list, and 400 with the field for bad input', async () => {
    const { get, stranger } = await world();
    expect((await get('/api/products/501/lowest-price', stranger)).status).toBe(404);
    expect((await get('/api/products/999/lowest-price')).status).toBe(404);
    expect((await get('/api/products/501/lowest-price?priceListId=9&currency=USD')).status).toBe(404);
    const cases: Array<[string, string]> = [
      ['days=0', 'days'], ['days=366', 'days'], ['days=abc', 'days'], ['days=1.5', 'days'],
      ['at=yesterday', 'at'], [`at=${'9'.repeat(100)}`, 'at'],
      ['priceListId=1', 'currency'], ['currency=USD', 'priceListId'], ['priceListId=x&currency=USD', 'priceListId'],
      ['priceListId=1&currency=usd1', 'currency'], ['priceListId=1&currency=EUR', 'currency'], ['other=1', ''],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/products/501/lowest-price?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json() as { error: { fields?: Record<string, string> } };
      if (field) expect(Object.keys(body.error.fields ?? {}), query).toContain(field);
    }
  });
});
