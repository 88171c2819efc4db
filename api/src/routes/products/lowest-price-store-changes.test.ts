/**
 * A price list record changed in the store, end to end on each database (issue 36): the demo
 * store lowers a Wholesale record's price, then raises it, and deletes another record; each Sync
 * finds its change. The list's lowest prior price (GET /api/products/{id}/lowest-price) sees the
 * earlier, lower price (so does the list's products CSV export), and a deleted record's customers
 * pay the catalog's price; the price history export for audits lists each change as the Sync's,
 * made by nobody in the app, the deletion marked as one. After a deletion the list's customers
 * pay the catalog's price as it changes: a lower catalog price then is the list's low too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { effectivePriceCents, LowestPriceResponse } from '@catalog/contracts/lowest-price';
import { PRICE_LIST_CSV_COLUMNS } from '@catalog/contracts/csv';
import { formatCents } from '@catalog/contracts/money';
import { PRICE_HISTORY_EXPORT_COLUMNS } from '@catalog/contracts/price-history-export';
import { DEMO_STORE } from '@catalog/demo-store';
import { runSync } from '../../services/sync/sync-engine';
import { downloadCsv } from '../../testing/csv-download';
import { workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

const WHOLESALE = 1;
const EURO = 2;
const col = (name: (typeof PRICE_HISTORY_EXPORT_COLUMNS)[number]) => PRICE_HISTORY_EXPORT_COLUMNS.indexOf(name);
const money = (price: number) => formatCents(Math.round(price * 100));

/** A full Sync of the world's store, as the merchant's Sync button runs it. */
function syncOf(w: WorkOrderWorld) {
  const client = w.commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken });
  return async () => {
    const outcome = await runSync({ db: w.db, client, companyId: w.companyId, includeInvisible: true, plan: { name: 'premium', productLimit: 1_000 } });
    expect(outcome.status).toBe('complete');
  };
}

/** As if the store had been followed for 40 days: the whole 30-day window is known (the CSV export leaves a low with a gap empty). */
async function followedFor40Days(w: WorkOrderWorld) {
  await w.db.lowestPrice.closeCoverage(w.companyId, new Date());
  await w.db.lowestPrice.openCoverage(w.companyId, new Date(Date.now() - 40 * 86_400_000));
}

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('a price list record changed in the store', () => {
  it('is in the list\u2019s lowest prior price, its CSV export and the audit export, as the Sync found it', async () => {
    world = await workOrderWorld();
    const w = world;
    const pricing = w.store.store.account(DEMO_STORE.hash)!.pricing;
    const catalog = w.store.store.catalog();
    // Option variants with a Wholesale record above 20.00 and no sale price, of two products.
    const [raised, deleted] = pricing.records(WHOLESALE)
      .filter((r) => catalog.product(r.product_id)?.base_variant_id !== r.variant_id && r.price > 20 && !r.sale_price)
      .filter((r, i, all) => all.findIndex((x) => x.product_id === r.product_id) === i);
    const sync = syncOf(w);

    await followedFor40Days(w);

    pricing.upsert(WHOLESALE, { variant_id: raised!.variant_id, currency: 'USD', price: 20 });
    await sync();
    pricing.upsert(WHOLESALE, { variant_id: raised!.variant_id, currency: 'USD', price: 25 });
    pricing.deleteRecords(WHOLESALE, { variantIds: [deleted!.variant_id], currency: 'USD' }, 'single');
    await sync();

    const at = new Date(Date.now() + 1_000).toISOString();
    let gaps: unknown[] = [];
    const low = async (productId: number, variantId: number) => {
      const res = await w.app.request(`/api/products/${productId}/lowest-price?at=${at}&days=30&priceListId=${WHOLESALE}&currency=USD`, { headers: w.owner.headers });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = LowestPriceResponse.parse(await res.json());
      gaps = body.window.gaps;
      return body.variants.find((v) => v.variantId === variantId);
    };
    // Raised to 25.00 after 20.00: a "was" price of 25.00 would not be the 30-day low.
    expect(await low(raised!.product_id, raised!.variant_id)).toMatchObject({ lowest: { price: '20.00' }, current: '25.00' });
    expect(gaps).toEqual([]);
    // Deleted: its customers pay the catalog's price now (the variant's own, else its product's); the record's counted until then.
    const [product] = await w.db.products.getByExternalIds(w.companyId, [deleted!.product_id]);
    const row = product!.variants.find((v) => v.externalId === deleted!.variant_id)!;
    const catalogCents = effectivePriceCents(row.regularPriceCents ?? product!.regularPriceCents, row.salePriceCents ?? product!.salePriceCents)!;
    const deletedLow = await low(deleted!.product_id, deleted!.variant_id);
    expect(deletedLow?.current).toBe(formatCents(catalogCents));
    expect(deletedLow?.lowest?.price).toBe(formatCents(Math.min(Math.round(deleted!.price * 100), catalogCents)));

    // The list's products CSV export, in the EU mode, ends the row with the same low.
    await w.db.companies.update(w.companyId, { priorPriceDays: 30 });
    const exported = await downloadCsv(w.app, `/api/products/csv?priceList=${WHOLESALE}&currency=USD`, w.owner.headers);
    expect(exported.res.status).toBe(200);
    const lowColumn = PRICE_LIST_CSV_COLUMNS.length;
    const csvRow = exported.rows.find((r) => r[0] === String(raised!.product_id) && r[1] === String(raised!.variant_id));
    expect(csvRow?.[lowColumn]).toBe('20.00');

    const { res, rows } = await downloadCsv(w.app, '/api/price-history/export', w.owner.headers);
    expect(res.status).toBe(200);
    const listed = rows.slice(1).filter((r) => r[col('price_list_id')] === String(WHOLESALE))
      .map((r) => [r[col('variant_id')], r[col('currency')], r[col('old_regular_price')], r[col('new_regular_price')], r[col('change')], r[col('changed_by')]]);
    const byVariant = (a: (string | undefined)[], b: (string | undefined)[]) => String(a[0]).localeCompare(String(b[0]));
    expect(listed[0]).toEqual([String(raised!.variant_id), 'USD', money(raised!.price), '20.00', 'sync', '']);
    // The second Sync's two changes.
    expect(listed.slice(1).sort(byVariant)).toEqual([
      [String(raised!.variant_id), 'USD', '20.00', '25.00', 'sync', ''],
      [String(deleted!.variant_id), 'USD', money(deleted!.price), formatCents(row.regularPriceCents ?? product!.regularPriceCents), 'sync', ''],
    ].sort(byVariant));
    const records = rows.slice(1).filter((r) => r[col('price_list_id')] === String(WHOLESALE)).map((r) => [r[col('variant_id')], r[col('record')]]);
    expect(records).toContainEqual([String(deleted!.variant_id), 'deleted']);
    expect(records.filter((r) => r[1] !== '')).toHaveLength(1);
  });

  it('follows the catalog’s price after a record is deleted: a lower catalog price then is the list’s low, unknown in another currency', async () => {
    world = await workOrderWorld();
    const w = world;
    const pricing = w.store.store.account(DEMO_STORE.hash)!.pricing;
    const catalog = w.store.store.catalog();
    // An option variant with a Wholesale record above 20.00 and a Euro storefront record, nothing on sale in the catalog or the lists.
    const deleted = pricing.records(WHOLESALE).find((r) => catalog.product(r.product_id)?.base_variant_id !== r.variant_id && r.price > 20 && !r.sale_price
      && !catalog.product(r.product_id)!.sale_price && !catalog.variant(r.variant_id)!.sale_price
      && pricing.record(EURO, r.variant_id, 'EUR') && !pricing.record(EURO, r.variant_id, 'EUR')!.sale_price)!;
    const euro = pricing.record(EURO, deleted.variant_id, 'EUR')!;
    const sync = syncOf(w);
    await followedFor40Days(w);

    // The store deletes both records; then the variant's catalog price drops to 5.00 for a while, and goes up to 90.00.
    pricing.deleteRecords(WHOLESALE, { variantIds: [deleted.variant_id], currency: 'USD' }, 'single');
    pricing.deleteRecords(EURO, { variantIds: [deleted.variant_id], currency: 'EUR' }, 'single');
    await sync();
    expect(catalog.updateVariant(deleted.variant_id, { price: 5 }).ok).toBe(true);
    await sync();
    expect(catalog.updateVariant(deleted.variant_id, { price: 90 }).ok).toBe(true);
    await sync();

    const at = new Date(Date.now() + 1_000).toISOString();
    const low = async (list: number, currency: string) => {
      const res = await w.app.request(`/api/products/${deleted.product_id}/lowest-price?at=${at}&days=30&priceListId=${list}&currency=${currency}`, { headers: w.owner.headers });
      expect(res.status, await res.clone().text()).toBe(200);
      return LowestPriceResponse.parse(await res.json()).variants.find((v) => v.variantId === deleted.variant_id);
    };
    // The list's customers paid the record's price, then the catalog's as it was at the deletion, then 5.00, then 90.00.
    expect(await low(WHOLESALE, 'USD')).toMatchObject({ lowest: { price: '5.00' }, current: '90.00' });
    // In a currency the catalog's prices are not in, what the customers paid after the deletion is unknown: the record's price until then counts.
    expect(await low(EURO, 'EUR')).toMatchObject({ lowest: { price: money(euro.price) }, current: null });
  });
});
