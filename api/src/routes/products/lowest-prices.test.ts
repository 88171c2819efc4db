/**
 * POST /api/products/lowest-prices (issue 36) on each database: many products' lowest prior
 * prices in one answer, the same as the single product's route gives each; a product named twice
 * answered once, one not in the company's catalog left out; a price list's records; the
 * company's window; another company's list a 404 and bad input a 400 naming the field.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LowestPriceResponse } from '@catalog/contracts/lowest-price';
import { LowestPricesResponse } from '@catalog/contracts/lowest-price-batch';
import type { PriceListMetadata } from '../../db/repositories';
import { signedInUser } from '../../testing/store-fixture';
import { testApp } from '../../testing/test-app';

const day = (d: number) => new Date(Date.UTC(2030, 2, d));
const AT = day(31).toISOString();

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

/** Boots (501: variants 5011 and 5012) rose from 8.00 to 12.00 on the 20th; Socks (502, base variant 5020) on sale at 15.00 from the 10th. */
async function world() {
  const t = await testApp();
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const stranger = await signedInUser(t, 'Stan Stranger');
  await t.db.products.upsertMany(owner.companyId, [
    { externalId: 501, name: 'Boots', regularPriceCents: 5000, variants: [{ externalId: 5011, regularPriceCents: 1200 }, { externalId: 5012, regularPriceCents: 1000 }] },
    { externalId: 502, name: 'Socks', regularPriceCents: 2000, salePriceCents: 1500, baseVariantId: 5020 },
  ]);
  await t.db.products.upsertMany(stranger.companyId, [{ externalId: 777, name: 'Hat', regularPriceCents: 100 }]);
  const [boots, socks] = await t.db.products.getByExternalIds(owner.companyId, [501, 502]);
  const v1 = boots!.variants.find((v) => v.externalId === 5011)!;
  await t.db.priceHistory.add(owner.companyId, [
    { productId: boots!.id, variantId: v1.id, changeType: 'sync', createdAt: day(20), oldRegularPriceCents: 800, newRegularPriceCents: 1200 },
    { productId: socks!.id, variantId: null, changeType: 'sync', createdAt: day(10), oldRegularPriceCents: 2000, oldSalePriceCents: null, newRegularPriceCents: 2000, newSalePriceCents: 1500 },
    { productId: boots!.id, variantId: v1.id, priceListId: 1, currency: 'USD', changeType: 'work_order', createdAt: day(15), oldRegularPriceCents: 600, newRegularPriceCents: 700 },
  ]);
  await t.db.priceLists.replaceLists(owner.companyId, METADATA);
  await t.db.priceLists.upsertRecords(owner.companyId, [
    { priceListId: 1, variantId: 5011, productId: 501, currency: 'USD', priceCents: 700, salePriceCents: null, retailPriceCents: null, mapPriceCents: null },
  ]);
  await t.db.lowestPrice.openCoverage(owner.companyId, new Date(Date.UTC(2030, 0, 1)));
  const post = async (body: unknown, who = owner) => t.app.request('/api/products/lowest-prices', { method: 'POST', headers: who.headers, body: JSON.stringify(body) });
  const read = async (body: unknown) => {
    const res = await post(body);
    expect(res.status, await res.clone().text()).toBe(200);
    return LowestPricesResponse.parse(await res.json());
  };
  return { t, owner, stranger, post, read };
}

describe('POST /api/products/lowest-prices', () => {
  it('answers each product found once, with what the single product\u2019s route answers for it', async () => {
    const { t, owner, read } = await world();
    const body = await read({ productIds: [502, 501, 501, 777, 999], at: AT, days: 30 });
    expect(body.window).toEqual({ from: day(1).toISOString(), to: AT, days: 30, gaps: [] });
    expect(body.target).toBeNull();
    expect(body.products.map((p) => p.productId).sort()).toEqual([501, 502]);
    const byProduct = Object.fromEntries(body.products.map((p) => [p.productId, p.variants]));
    expect(byProduct[501]).toEqual([
      { variantId: 5011, lowest: { price: '8.00', from: day(1).toISOString() }, current: '12.00' },
      { variantId: 5012, lowest: { price: '10.00', from: day(1).toISOString() }, current: '10.00' },
    ]);
    expect(byProduct[502]).toEqual([{ variantId: 5020, lowest: { price: '15.00', from: day(10).toISOString() }, current: '15.00' }]);
    for (const id of [501, 502]) {
      const single = LowestPriceResponse.parse(await (await t.app.request(`/api/products/${id}/lowest-price?at=${AT}&days=30`, { headers: owner.headers })).json());
      expect(byProduct[id]).toEqual(single.variants);
    }
  });

  it('reads a price list\u2019s records, and takes the window from the company\u2019s setting', async () => {
    const { t, owner, read } = await world();
    const listed = await read({ productIds: [501], at: AT, target: { priceListId: 1, currency: 'usd' } });
    expect(listed.target).toEqual({ priceListId: 1, currency: 'USD' });
    expect(listed.products[0]!.variants[0]).toEqual({ variantId: 5011, lowest: { price: '6.00', from: day(1).toISOString() }, current: '7.00' });
    const settings = await t.app.request('/api/company/settings', { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ priorPriceDays: 5 }) });
    expect(settings.status).toBe(200);
    const recent = await read({ productIds: [501], at: AT });
    expect(recent.window.days).toBe(5);
    expect(recent.products[0]!.variants[0]!.lowest).toEqual({ price: '12.00', from: day(26).toISOString() });
  });

  it('answers 404 for another company\u2019s or an unknown list, and 400 naming the field for bad input', async () => {
    const { post, stranger } = await world();
    expect((await post({ productIds: [501], target: { priceListId: 1, currency: 'USD' } }, stranger)).status).toBe(404);
    expect((await post({ productIds: [501], target: { priceListId: 9, currency: 'USD' } })).status).toBe(404);
    // Another company's product is simply not in the answer.
    expect(await (await post({ productIds: [501] }, stranger)).json()).toMatchObject({ products: [] });
    const cases: Array<[unknown, string]> = [
      [{ productIds: [] }, 'productIds'], [{ productIds: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'productIds'],
      [{ productIds: [0] }, 'productIds.0'], [{ productIds: ['501'] }, 'productIds.0'], [{}, 'productIds'],
      [{ productIds: [501], at: 'yesterday' }, 'at'], [{ productIds: [501], days: 0 }, 'days'], [{ productIds: [501], days: 366 }, 'days'],
      [{ productIds: [501], target: { priceListId: 1 } }, 'target.currency'], [{ productIds: [501], target: { priceListId: 1, currency: 'EUR' } }, 'target.currency'],
      [{ productIds: [501], other: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = await res.json() as { error: { fields?: Record<string, string> } };
      if (field) expect(Object.keys(answer.error.fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
  });
});
