import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoriesResponse } from '@catalog/contracts/products';
import type { SyncEvent } from '@catalog/contracts/sync';
import {
  connectedApp, expectedCategory, postSync, readSyncEvents, startDemoStore, storeProducts, type TestStore,
} from '../../testing/store-fixture';

let store: TestStore;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  store = await startDemoStore({ products: 300 });
});
afterAll(async () => store.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  store.store.reset();
});

/** What a Sync reads of the store's price lists after the catalog: lists, assignments, groups, channels, and each list's pages of 250 records. */
const priceListRequests = () => 4 + store.store.account('demo')!.pricing.lists().reduce((n, l) => n + Math.max(1, Math.ceil(store.store.account('demo')!.pricing.records(l.id).length / 250)), 0);

async function make() {
  const t = await connectedApp(store);
  cleanups.push(t.close);
  return t;
}
async function sync(t: Awaited<ReturnType<typeof make>>) {
  const res = await postSync(t.app, t.owner);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  return readSyncEvents(res);
}
const progress = (events: SyncEvent[]) => events.flatMap((e) => (e.kind === 'progress' ? [e.progress] : []));
const resultOf = (events: SyncEvent[]) => {
  const last = events.at(-1);
  if (last?.kind !== 'result') throw new Error(`the sync did not succeed: ${JSON.stringify(last)}`);
  return last.result;
};
const all = (t: Awaited<ReturnType<typeof make>>) => t.db.products.list(t.companyId, { limit: 1000, offset: 0 });

describe('POST /api/sync', () => {
  it('syncs the catalog with category paths, status, stock, weight and option variants as the store has them', async () => {
    const t = await make();
    await t.setLimit(1000);
    const requestsBefore = store.store.stats.requests;
    const events = await sync(t);
    // Two product pages, the category tree (trees, then their categories), the brands, then the price lists.
    expect(store.store.stats.requests - requestsBefore).toBe(2 + 2 + 1 + priceListRequests());
    const stages = progress(events).map((p) => p.stage);
    expect(stages[0]).toBe('starting');
    expect(stages).toEqual(expect.arrayContaining(['categories', 'products', 'saving']));
    expect(stages.at(-1)).toBe('complete');
    expect(progress(events).filter((p) => p.stage === 'products').map((p) => p.message))
      .toEqual(['Fetching products (page 1 of 2)', 'Fetching products (page 2 of 2)']);
    expect(progress(events).map((p) => p.percentage)).toEqual([...progress(events).map((p) => p.percentage)].sort((a, b) => a - b));

    const expected = storeProducts(store);
    const { categories } = store.store.catalog().data;
    const rows = await all(t);
    expect(rows).toHaveLength(expected.length);
    const variantCount = expected.reduce((n, p) => n + (p.base_variant_id === null ? store.store.catalog().variantsOf(p.id).length : 0), 0);
    expect(resultOf(events)).toEqual({ message: `Synced ${expected.length} products and ${variantCount} variants` });

    const byId = new Map(rows.map((r) => [r.externalId, r]));
    for (const p of expected) {
      const row = byId.get(p.id)!;
      expect(row).toMatchObject({
        name: p.name, sku: p.sku || null, category: expectedCategory(p, categories), status: 'published',
        regularPriceCents: Math.round(p.price * 100), salePriceCents: p.sale_price > 0 ? Math.round(p.sale_price * 100) : null,
        stock: p.inventory_level, weight: p.weight,
      });
      // A simple product's base variant is the product itself; products with options keep every variant.
      const variants = p.base_variant_id === null ? store.store.catalog().variantsOf(p.id) : [];
      expect(row.variants.map((v) => [v.externalId, v.variantSku, v.stock])).toEqual(variants.map((v) => [v.id, v.sku, v.inventory_level]));
      expect(row.variants.map((v) => v.optionValues)).toEqual(
        variants.map((v) => v.option_values.map((o) => ({ optionName: o.option_display_name, label: o.label }))),
      );
    }
    // Generated products sit in a leaf, some also in its parent, a few in none.
    expect(rows.some((r) => r.category === 'Uncategorized')).toBe(true);
    expect(rows.some((r) => r.category?.split(' > ').length === 2)).toBe(true);
    expect(rows.some((r) => r.category?.split(' > ').length === 3)).toBe(true);

    const listed = CategoriesResponse.parse(await (await t.app.request('/api/categories', { headers: t.owner.headers })).json());
    expect(listed).toEqual([...new Set(expected.map((p) => expectedCategory(p, categories)))].sort());
    expect((await t.db.settings.get(t.companyId))?.lastSyncAt).toBeInstanceOf(Date);
  });

  it('syncs retail price (MSRP), cost and brand: the store\'s 0 as none, a variant\'s null inheriting, brand names from /catalog/brands', async () => {
    const t = await make();
    await t.setLimit(1000);
    resultOf(await sync(t));
    const catalog = store.store.catalog();
    const brandName = new Map(catalog.data.brands.map((b) => [b.id, b.name]));
    const cents = (money: number | null) => (money === null || money === 0 ? null : Math.round(money * 100));
    const byId = new Map((await all(t)).map((r) => [r.externalId, r]));
    const expected = storeProducts(store);
    for (const p of expected) {
      const row = byId.get(p.id)!;
      expect([p.id, row.retailPriceCents, row.costPriceCents, row.brand]).toEqual([
        p.id, cents(p.retail_price), cents(p.cost_price), brandName.get(p.brand_id) ?? null,
      ]);
      const variants = p.base_variant_id === null ? catalog.variantsOf(p.id) : [];
      expect(row.variants.map((v) => [v.externalId, v.retailPriceCents, v.costPriceCents]))
        .toEqual(variants.map((v) => [v.id, cents(v.retail_price), cents(v.cost_price)]));
    }
    const rows = [...byId.values()];
    // The generated store has each case: with and without MSRP, unbranded products, variants with and without their own cost.
    expect(rows.some((r) => r.retailPriceCents === null) && rows.some((r) => r.retailPriceCents !== null)).toBe(true);
    expect(rows.some((r) => r.brand === null) && rows.some((r) => r.brand === 'Northwind')).toBe(true);
    const variants = rows.flatMap((r) => r.variants);
    expect(variants.some((v) => v.costPriceCents === null) && variants.some((v) => v.costPriceCents !== null)).toBe(true);

    // GET /api/products says the same, with money strings (null inherits on a variant).
    const withVariants = expected.find((p) => p.base_variant_id === null && p.retail_price > 0 && catalog.variantsOf(p.id).some((v) => v.cost_price === null))!;
    const res = await t.app.request(`/api/products?search=${encodeURIComponent(withVariants.name)}`, { headers: t.owner.headers });
    const listed = ((await res.json()) as { products: Array<Record<string, unknown> & { id: number; variants: Array<Record<string, unknown>> }> }).products
      .find((p) => p.id === withVariants.id)!;
    expect(listed).toMatchObject({
      retailPrice: withVariants.retail_price.toFixed(2), costPrice: withVariants.cost_price.toFixed(2), brand: brandName.get(withVariants.brand_id),
    });
    expect(listed.variants.map((v) => v.costPrice)).toEqual(catalog.variantsOf(withVariants.id).map((v) => (v.cost_price === null ? null : v.cost_price.toFixed(2))));

    // A retail price and cost changed (and cleared with 0) in the store come with the next sync.
    const changed = expected[3]!;
    store.store.updateProduct(changed.id, { retail_price: 123.45, cost_price: 0 });
    await t.db.settings.requireFullSync(t.companyId);
    resultOf(await sync(t));
    expect((await t.db.products.getByExternalIds(t.companyId, [changed.id]))[0]).toMatchObject({ retailPriceCents: 12345, costPriceCents: null });
  });

  it('keeps the first 5 products by store id on a trial and says how many were left out', async () => {
    const t = await make();
    const requestsBefore = store.store.stats.requests;
    const events = await sync(t);
    // One page of 5 products, the category tree (trees, then their categories), the brands and the price lists: nothing more.
    expect(store.store.stats.requests - requestsBefore).toBe(4 + priceListRequests());
    const visible = storeProducts(store);
    expect(resultOf(events)).toEqual({
      message: expect.stringMatching(/^Synced 5 products and \d+ variants$/),
      warning: `Your Trial plan allows 5 products; ${visible.length - 5} more in your store were not synced. Upgrade to sync more.`,
    });
    expect((await all(t)).map((r) => r.externalId).sort((a, b) => a - b)).toEqual(visible.slice(0, 5).map((p) => p.id));
    expect(progress(events).find((p) => p.stage === 'products')?.message).toBe('Fetching products (page 1 of 1)');
    // The products it let in are followed from the sync on (the lowest prior price's spans, issue 36).
    expect(await t.db.lowestPrice.coverage(t.companyId, { from: new Date(0), to: new Date(Date.now() + 1000) })).toEqual([{ startedAt: expect.any(Date), endedAt: null }]);

    await t.setLimit(100);
    const more = await sync(t);
    expect((await all(t)).map((r) => r.externalId).sort((a, b) => a - b)).toEqual(visible.slice(0, 100).map((p) => p.id));
    expect(resultOf(more).warning).toBe(`Your Trial plan allows 100 products; ${visible.length - 100} more in your store were not synced. Upgrade to sync more.`);

    // A smaller cap again: the products beyond it leave the app's copy.
    await t.setLimit(5);
    await sync(t);
    expect(await t.db.products.count(t.companyId)).toBe(5);
  });

  it('skips products hidden from the storefront unless the setting includes them, as drafts', async () => {
    const t = await make();
    await t.setLimit(1000);
    const hidden = store.store.catalog().products().filter((p) => !p.is_visible);
    expect(hidden.length).toBeGreaterThan(0);
    await sync(t);
    expect(await t.db.products.count(t.companyId)).toBe(300 - hidden.length);

    // Changed here in the database: what the settings route also does, the next sync is a full pass.
    await t.db.settings.upsert(t.companyId, { ...(await t.db.settings.get(t.companyId))!, showInvisibleProducts: true });
    await t.db.settings.requireFullSync(t.companyId);
    await sync(t);
    expect(await t.db.products.count(t.companyId)).toBe(300);
    const drafts = (await all(t)).filter((r) => r.status === 'draft');
    expect(drafts.map((r) => r.externalId).sort((a, b) => a - b)).toEqual(hidden.map((p) => p.id));
    expect(drafts.every((r) => !r.isVisible)).toBe(true);

    await t.db.settings.upsert(t.companyId, { ...(await t.db.settings.get(t.companyId))!, showInvisibleProducts: false });
    await t.db.settings.requireFullSync(t.companyId);
    await sync(t);
    expect(await t.db.products.count(t.companyId)).toBe(300 - hidden.length);
  });

  it('removes a product deleted in the store at the next full pass (a tombstone devices pull)', async () => {
    const t = await make();
    await t.setLimit(1000);
    await sync(t);
    const [gone] = storeProducts(store).slice(10, 11);
    store.store.deleteProduct(gone!.id);
    // Dates do not show deletions: a full pass does (daily; incremental-sync.test.ts).
    await t.db.settings.requireFullSync(t.companyId);
    const events = await sync(t);
    expect(resultOf(events).message).toMatch(/; removed 1 product no longer in your store$/);
    expect((await t.db.products.getByExternalIds(t.companyId, [gone!.id]))).toEqual([]);
    const { changes } = await t.db.products.changesSince(t.companyId, 0, 100_000);
    expect(changes.some((ch) => ch.kind === 'product' && ch.product.externalId === gone!.id && ch.product.deletedAt !== null)).toBe(true);
  });

  it('records a sync price-history entry for each price the store changed, none on the first sync', async () => {
    const t = await make();
    await t.setLimit(1000);
    await sync(t);
    const [simple] = storeProducts(store).filter((p) => p.base_variant_id !== null && p.sale_price === 0);
    const withOptions = storeProducts(store).find((p) => p.base_variant_id === null)!;
    const variant = store.store.catalog().variantsOf(withOptions.id)[0]!;
    const firstSync = await t.db.products.getByExternalIds(t.companyId, [simple!.id, withOptions.id]);
    for (const p of firstSync) expect(await t.db.priceHistory.listForProduct(t.companyId, p.id)).toEqual([]);

    const oldPriceCents = Math.round(simple!.price * 100);
    store.store.updateProduct(simple!.id, { price: 123.45, sale_price: 99.5 });
    store.store.updateVariant(variant.id, { price: 77 });
    await sync(t);

    const after = await t.db.products.getByExternalIds(t.companyId, [simple!.id, withOptions.id]);
    const p1 = after.find((p) => p.externalId === simple!.id);
    const p2 = after.find((p) => p.externalId === withOptions.id);
    const h1 = await t.db.priceHistory.listForProduct(t.companyId, p1!.id);
    expect(h1).toHaveLength(1);
    expect(h1[0]).toMatchObject({
      changeType: 'sync', changedBy: null, workOrderId: null, variantId: null,
      oldRegularPriceCents: oldPriceCents, newRegularPriceCents: 12345, oldSalePriceCents: null, newSalePriceCents: 9950,
    });
    const h2 = await t.db.priceHistory.listForProduct(t.companyId, p2!.id);
    expect(h2).toHaveLength(1);
    expect(h2[0]).toMatchObject({ changeType: 'sync', variantId: p2!.variants.find((v) => v.externalId === variant.id)!.id, newRegularPriceCents: 7700 });
    expect(p1).toMatchObject({ regularPriceCents: 12345, salePriceCents: 9950 });

    // Nothing changed since: a third sync adds no entries.
    await sync(t);
    expect(await t.db.priceHistory.listForProduct(t.companyId, p1!.id)).toHaveLength(1);
  });

  it('lets every role sync, and streams uncompressed so blocks arrive as they are written', async () => {
    const t = await make();
    const member = await t.teammate('member');
    const res = await t.app.request('/api/sync', { method: 'POST', headers: { ...member.headers, 'accept-encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect((await readSyncEvents(res)).at(-1)?.kind).toBe('result');
  });
});
