/**
 * GET /api/products/{id}/price-history in pages (issue 31): every entry of the product (its
 * variants' included) once, newest first, at any page size; an entry made while a client reads
 * moves nothing onto a later page; `limit` and `cursor` are bounded; another company's entries
 * (and its product) never appear.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_LIMIT } from '@catalog/contracts/paging';
import { PriceHistoryResponse } from '@catalog/contracts/products';
import { expectPagingBounds, readAllPages } from '../../testing/paging';
import { signedInUser } from '../../testing/store-fixture';
import { testApp } from '../../testing/test-app';

const T0 = Date.parse('2030-03-01T00:00:00.000Z');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A company with product 501 (a variant 5011) and `entries` history entries, some made in the same millisecond. */
async function world(entries: number) {
  const t = await testApp();
  cleanups.push(t.close);
  const owner = await signedInUser(t, 'Olive Owner');
  const stranger = await signedInUser(t, 'Stan Stranger');
  const product = { externalId: 501, name: 'Boots', regularPriceCents: 1000, variants: [{ externalId: 5011, regularPriceCents: 1000 }] };
  await t.db.products.upsertMany(owner.companyId, [product, { externalId: 502, name: 'Socks', regularPriceCents: 100 }]);
  await t.db.products.upsertMany(stranger.companyId, [product]);
  const [mine, other] = await t.db.products.getByExternalIds(owner.companyId, [501, 502]);
  const [theirs] = await t.db.products.getByExternalIds(stranger.companyId, [501]);
  await t.db.priceHistory.add(owner.companyId, Array.from({ length: entries }, (_, i) => ({
    productId: mine!.id, variantId: i % 3 === 0 ? mine!.variants[0]!.id : null, changeType: 'manual' as const,
    oldRegularPriceCents: i, newRegularPriceCents: i + 1, createdAt: new Date(T0 + Math.floor(i / 2) * 1000),
  })));
  // Neither another product's entries nor the other company's (of its own product 501) belong to the list.
  await t.db.priceHistory.add(owner.companyId, [{ productId: other!.id, changeType: 'manual', createdAt: new Date(T0) }]);
  await t.db.priceHistory.add(stranger.companyId, [{ productId: theirs!.id, changeType: 'sync', createdAt: new Date(T0 + 500) }]);
  const expected = (await t.db.priceHistory.listForProduct(owner.companyId, mine!.id, { limit: 1000 })).map((e) => e.id);
  const get = (headers: Record<string, string>) => (path: string) => t.app.request(path, { headers });
  return { t, owner, stranger, mine, expected, get };
}

describe('GET /api/products/{id}/price-history pages', () => {
  it('gives every entry of the product once, newest first, at any page size', async () => {
    const { expected, get, owner } = await world(23);
    expect(expected).toHaveLength(23);
    for (const limit of [1, 5, 22, 23, 100]) {
      const { items, pages } = await readAllPages<{ id: string; createdAt: string }>(get(owner.headers), '/api/products/501/price-history', 'entries', limit);
      expect(items.map((e) => e.id), `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(23 / limit)));
      const times = items.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it(`answers ${DEFAULT_PAGE_LIMIT} entries without a limit, in the contract's shape`, async () => {
    const { expected, get, owner } = await world(DEFAULT_PAGE_LIMIT + 3);
    const res = await get(owner.headers)('/api/products/501/price-history');
    const page = PriceHistoryResponse.parse(await res.json());
    expect(page.entries.map((e) => e.id)).toEqual(expected.slice(0, DEFAULT_PAGE_LIMIT));
    expect(page.entries.some((e) => e.variantId === 5011)).toBe(true);
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = PriceHistoryResponse.parse(await (await get(owner.headers)(`/api/products/501/price-history?cursor=${page.nextCursor}`)).json());
    expect(rest).toEqual({ entries: expect.any(Array), nextCursor: null });
    expect(rest.entries.map((e) => e.id)).toEqual(expected.slice(DEFAULT_PAGE_LIMIT));
  });

  it('reads on after a change made while paging: the new entry is at the top, nothing repeats or goes missing', async () => {
    const { t, expected, get, owner, mine } = await world(9);
    const { items } = await readAllPages<{ id: string }>(get(owner.headers), '/api/products/501/price-history', 'entries', 4, async () => {
      await t.db.priceHistory.add(owner.companyId, [{ productId: mine!.id, changeType: 'manual', createdAt: new Date(T0 + 99_000) }]);
    });
    expect(items.map((e) => e.id)).toEqual(expected);
  });

  it('refuses a limit out of bounds and a cursor it did not hand out with 400s naming the field', async () => {
    const { get, owner } = await world(3);
    await expectPagingBounds(get(owner.headers), '/api/products/501/price-history', 'entries');
  });

  it('never shows another company\'s entries: their product is not found, with or without a cursor', async () => {
    const { get, owner, stranger } = await world(6);
    const first = (await (await get(owner.headers)('/api/products/501/price-history?limit=2')).json()) as { nextCursor: string };
    for (const path of ['/api/products/501/price-history', `/api/products/501/price-history?cursor=${first.nextCursor}`]) {
      const theirs = await get(stranger.headers)(path);
      expect(theirs.status).toBe(200);
      const page = PriceHistoryResponse.parse(await theirs.json());
      // The stranger's own product 501 has one entry of their own (older than the cursor); the owner's never show.
      expect(page.entries.map((e) => e.changeType)).toEqual(['sync']);
    }
  });
});
