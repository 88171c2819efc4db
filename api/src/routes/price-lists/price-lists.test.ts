/**
 * GET /api/price-lists and GET /api/price-lists/{id}/records after a Sync of the demo store:
 * the lists with their currencies, groups, channels and counts; every record once across the
 * pages, with prices as strings; the filters; 404 for a list the company does not have (another
 * company's included); 400 naming the field of a bad query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import type { PriceListRecord, PriceListRecordsResponse, PriceListsResponse } from '@catalog/contracts/price-lists';
import { PAGING_MESSAGES } from '@catalog/contracts/paging';
import { signedInUser, startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;

beforeAll(async () => {
  store = await startDemoStore({ products: 60 });
  t = await syncedApp(store);
});
afterAll(async () => {
  await t.close();
  await store.close();
});

const pricing = () => store.store.account(DEMO_STORE.hash)!.pricing;
const get = async (path: string, headers = t.owner.headers) => {
  const res = await t.app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function allRecords(list: number, query = '', limit = 7): Promise<PriceListRecord[]> {
  const records: PriceListRecord[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(`/api/price-lists/${list}/records?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    const page = body as unknown as PriceListRecordsResponse;
    expect(page.records.length).toBeLessThanOrEqual(limit);
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

describe('GET /api/price-lists', () => {
  it('lists the store\u2019s price lists with their currencies, customer groups, channels and record counts', async () => {
    const { status, body } = await get('/api/price-lists');
    expect(status).toBe(200);
    const { priceLists } = body as unknown as PriceListsResponse;
    expect(priceLists).toEqual([
      {
        id: 1, name: 'Wholesale', active: true, dateModified: expect.any(String), currencies: ['USD'],
        recordCounts: [{ currency: 'USD', records: pricing().records(1).length }],
        customerGroups: [{ id: 2, name: 'Wholesale' }], channels: [], recordsReadAt: expect.any(String),
      },
      {
        id: 2, name: 'Euro storefront', active: true, dateModified: expect.any(String), currencies: ['EUR'],
        recordCounts: [{ currency: 'EUR', records: pricing().records(2).length }],
        customerGroups: [], channels: [{ id: 2, name: 'Euro storefront', defaultCurrency: 'EUR', currencies: ['EUR'] }], recordsReadAt: expect.any(String),
      },
    ]);
  });

  it('lets a member read them', async () => {
    expect((await get('/api/price-lists', (await t.teammate('member')).headers)).status).toBe(200);
  });

  it('shows a company without a store\u2019s price lists none', async () => {
    const stranger = await signedInUser(t, 'Sam Stranger');
    expect(await get('/api/price-lists', stranger.headers)).toEqual({ status: 200, body: { priceLists: [] } });
    expect((await get('/api/price-lists/1/records', stranger.headers)).status).toBe(404);
  });
});

describe('GET /api/price-lists/{id}/records', () => {
  it('pages every record once, in variant then currency order, with prices as strings', async () => {
    const records = await allRecords(1);
    const inStore = pricing().records(1);
    expect(records.map((r) => [r.variantId, r.currency, r.price, r.salePrice])).toEqual(
      inStore.map((r) => [r.variant_id, r.currency, r.price.toFixed(2), r.sale_price === undefined ? null : r.sale_price.toFixed(2)]),
    );
    expect(records[0]).toMatchObject({ priceListId: 1, productId: inStore[0]!.product_id, sku: inStore[0]!.sku, retailPrice: null, mapPrice: null });
  });

  it('filters by product, SKU and currency', async () => {
    const [first] = pricing().records(1);
    const ofProduct = pricing().records(1).filter((r) => r.product_id === first!.product_id);
    expect((await allRecords(1, `&productId=${first!.product_id}`)).map((r) => r.variantId)).toEqual(ofProduct.map((r) => r.variant_id));
    expect((await allRecords(1, `&sku=${encodeURIComponent(first!.sku)}`)).map((r) => r.variantId)).toEqual([first!.variant_id]);
    expect(await allRecords(1, '&currency=eur')).toEqual([]);
    expect((await allRecords(2, '&currency=eur', 100)).length).toBe(pricing().records(2).length);
  });

  it('answers 404 for a list the company does not have or a malformed id', async () => {
    for (const id of ['3', '0', 'abc', '99999999999999999999']) {
      const { status, body } = await get(`/api/price-lists/${id}/records`);
      expect(status, id).toBe(404);
      expect(body).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Price list not found' } });
    }
  });

  it('answers 400 naming the field of a bad query', async () => {
    const bad: Array<[string, string]> = [
      ['limit=0', 'limit'], ['limit=101', 'limit'], ['productId=-1', 'productId'], ['productId=1e3', 'productId'],
      ['currency=US1', 'currency'], ['currency=EURO', 'currency'], ['cursor=not-a-cursor', 'cursor'], [`sku=${'x'.repeat(300)}`, 'sku'],
    ];
    for (const [query, field] of bad) {
      const { status, body } = await get(`/api/price-lists/1/records?${query}`);
      expect(status, query).toBe(400);
      expect((body.error as { fields: Record<string, string> }).fields, query).toHaveProperty(field);
    }
    expect(((await get('/api/price-lists/1/records?cursor=abc')).body.error as { fields: Record<string, string> }).fields.cursor).toBe(PAGING_MESSAGES.cursor);
  });
});
