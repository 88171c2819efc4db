/**
 * The replication pages SQLite writes as JSON (replication-json.ts) say what the services'
 * mapping of changesSince's rows says (replication.ts, price-list-changes.ts: the path
 * PostgreSQL takes), page for page at every page size: money at its edges, names with quotes,
 * control characters and emoji, nulls everywhere they may be, weights, times to the ms,
 * tombstones of products, variants and records, option values a hand-edited row broke, and
 * another company's rows never among them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '@catalog/demo-store/prng';
import { CATALOG_SCHEMA_VERSION, type CatalogChangesResponse } from '@catalog/contracts/replication';
import { PriceListChangesResponse } from '@catalog/contracts/price-list-changes';
import {
  PRODUCT_COLUMNS, RECORD_COLUMNS, RECORD_KEY_COLUMNS, VARIANT_COLUMNS, type ReplicationRowShape,
} from '@catalog/contracts/replication-rows';
import { openDatabase } from '../index';
import type { Database, PriceListMetadata, ProductInput } from '../repositories';
import { createCatalogChanges } from '../../services/catalog/replication';
import { createPriceListChanges } from '../../routes/price-lists/price-list-changes';

const NAMES = ['Trail "Pro" runner', 'back\\slash', 'tab\there', 'line\nbreak', 'bell\u0007', 'Café 🙂', '\u2028sep', 'plain'];
const CENTS = [0, 1, 5, 99, 100, 1990, 123_456, 9_999_999_999];
const HUNDREDTHS = [0, 5, 100, 1234, 123_450, 99_999_999];

function catalog(seed: string, count: number, firstId: number): ProductInput[] {
  const rng = createPrng(seed);
  const maybe = <T>(value: T): T | null => (rng.chance(0.3) ? null : value);
  return Array.from({ length: count }, (_, i) => ({
    externalId: firstId + i,
    name: `${rng.pick(NAMES)} ${i}`,
    sku: maybe(`SK-${i}`),
    category: maybe(rng.pick(['Shoes', 'Shoes > Trail', 'Hats'])),
    regularPriceCents: rng.pick(CENTS),
    salePriceCents: maybe(rng.pick(CENTS)),
    retailPriceCents: maybe(rng.pick(CENTS)),
    costPriceCents: maybe(rng.pick(CENTS)),
    brand: maybe(rng.pick(['Acme', 'Ünïcode'])),
    baseVariantId: rng.chance(0.5) ? 50_000 + firstId + i : null,
    stock: rng.int(0, 500),
    weight: maybe(rng.pick(HUNDREDTHS) / 100),
    status: rng.pick(['published', 'draft']),
    isVisible: rng.chance(0.7),
    lastUpdated: new Date(1_700_000_000_000 + rng.int(0, 10_000_000) * 997),
    variants: rng.chance(0.5) ? [] : Array.from({ length: rng.int(1, 3) }, (_, v) => ({
      externalId: (firstId + i) * 10 + v,
      variantSku: maybe(`SK-${i}-${v}`),
      optionValues: rng.chance(0.2) ? [] : [{ optionName: 'Size', label: rng.pick(['S', 'M "tall"', 'Ünï']) }],
      regularPriceCents: maybe(rng.pick(CENTS)),
      salePriceCents: maybe(rng.pick(CENTS)),
      retailPriceCents: maybe(rng.pick(CENTS)),
      costPriceCents: maybe(rng.pick(CENTS)),
      stock: rng.int(0, 50),
    })),
  }));
}

const METADATA: PriceListMetadata = {
  lists: [{ id: 1, name: 'Wholesale', active: true, dateModified: new Date('2030-01-01T00:00:00Z') }, { id: 2, name: 'Euro', active: false, dateModified: null }],
  assignments: [{ id: 1, priceListId: 1, customerGroupId: 2, channelId: null }],
  customerGroups: [{ id: 2, name: 'Wholesale', isDefault: false }],
  channels: [{ id: 1, name: 'Storefront', defaultCurrency: 'USD', enabledCurrencies: ['USD', 'EUR'] }],
};

/** The same database without the dialect's JSON: the services map changesSince's rows, as on PostgreSQL. */
const mapped = (db: Database): Database => ({
  ...db,
  products: { ...db.products, changesSinceJson: undefined },
  priceLists: { ...db.priceLists, changesSinceJson: undefined },
});

describe('replication pages written by SQLite', () => {
  let dir: string;
  let db: Database;
  let companyId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replication-json-'));
    const file = join(dir, 'app.db');
    db = await openDatabase(file);
    companyId = (await db.companies.create({ name: 'Mine' })).id;
    const other = (await db.companies.create({ name: 'Other' })).id;
    const products = catalog('replication', 60, 1000);
    await db.products.upsertMany(companyId, products);
    await db.products.upsertMany(other, catalog('other', 10, 1000));
    // Tombstones (a product with its variants), then a change that moves rows past them.
    await db.products.removeByExternalIds(companyId, [1003, 1010, 1011]);
    await db.products.upsertMany(companyId, [{ ...products[20]!, regularPriceCents: 777, variants: products[20]!.variants?.slice(1) }]);
    // What only a hand edit (or an old row) holds: broken option values, negative cents and weights, times at their edges.
    const raw = new BetterSqlite3(file);
    const setVariant = raw.prepare('update product_variants set option_values = ?, regular_price_cents = ? where company_id = ? and external_id = ?');
    const variantIds = (raw.prepare('select external_id from product_variants where company_id = ? and deleted_at is null order by version').pluck().all(companyId) as number[]);
    const broken = ['{"optionName":"Size","label":"M"}', '[1,"x",null,[],{"optionName":1,"label":"a"},{"optionName":"Size","label":"M","extra":true},{"label":"L"}]', 'null', '"text"', null, '[]'];
    broken.forEach((json, i) => setVariant.run(json, i % 2 ? -5 : null, companyId, variantIds[i]));
    const setProduct = raw.prepare('update products set last_updated = ?, weight_hundredths = ?, sale_price_cents = ? where company_id = ? and external_id = ?');
    [[0, -250, -1], [999, -5, -100], [1_700_000_000_999, 7, 5], [253_402_300_799_999, 1, 0]].forEach(([ms, w, c], i) => setProduct.run(ms, w, c, companyId, 1030 + i));
    raw.close();

    await db.priceLists.replaceLists(companyId, METADATA);
    const rng = createPrng('records');
    const records = products.flatMap((p, i) => ['USD', 'EUR'].map((currency, l) => ({
      priceListId: l + 1, variantId: p.variants?.[0]?.externalId ?? 50_000 + 1000 + i, productId: p.externalId, sku: p.sku, currency,
      priceCents: rng.pick(CENTS), salePriceCents: rng.chance(0.5) ? null : rng.pick(CENTS), retailPriceCents: rng.chance(0.5) ? null : rng.pick(CENTS),
      mapPriceCents: rng.chance(0.5) ? null : rng.pick(CENTS),
    })));
    await db.priceLists.upsertRecords(companyId, records);
    await db.priceLists.replaceLists(other, METADATA);
    await db.priceLists.upsertRecords(other, records.slice(0, 10));
    await db.priceLists.deleteRecords(companyId, 1, 'USD', records.filter((r) => r.priceListId === 1).slice(5, 15).map((r) => r.variantId));
    await db.priceLists.upsertRecords(companyId, [{ ...records[0]!, priceCents: 1 }]);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every page from `cursor` at `limit`, from `read`, parsed. */
  async function pages<T extends { cursor: number; hasMore: boolean }>(read: (cursor: number) => Promise<Buffer>): Promise<T[]> {
    const out: T[] = [];
    for (let cursor = 0, more = true; more;) {
      const page = JSON.parse(String(await read(cursor))) as T;
      out.push(page);
      ({ cursor, hasMore: more } = page);
    }
    return out;
  }

  /** A page's rows as arrays, as the objects they stand for (the schema's own reading is tested in the contracts). */
  const objectsOf = (rows: readonly unknown[], columns: readonly string[]) =>
    (rows as unknown[][]).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));

  it.each([1, 2, 7, 50, 5000])('gives the catalog pages the mapped rows give, %i rows a page, as objects and as arrays', async (limit) => {
    const read = (of: Database, rows: ReplicationRowShape = 'objects') => {
      const changes = createCatalogChanges(of);
      return (cursor: number) => changes(companyId, { cursor, limit, schema: CATALOG_SCHEMA_VERSION, rows });
    };
    const written = await pages<CatalogChangesResponse>(read(db));
    expect(written).toEqual(await pages<CatalogChangesResponse>(read(mapped(db))));
    // Rows as arrays (decision 064): the same on both paths, and read back as the same objects.
    const arrays = await pages<CatalogChangesResponse>(read(db, 'arrays'));
    expect(arrays).toEqual(await pages<CatalogChangesResponse>(read(mapped(db), 'arrays')));
    expect(arrays.map((p) => ({ ...p, products: objectsOf(p.products, PRODUCT_COLUMNS), variants: objectsOf(p.variants, VARIANT_COLUMNS) })))
      .toEqual(written.map((p) => ({ ...p, columns: { products: PRODUCT_COLUMNS, variants: VARIANT_COLUMNS } })));
    expect(arrays[0]!.products[0]).toBeInstanceOf(Array);
    const all = written.flatMap((p) => [...p.products, ...p.variants]);
    // The data covers what it is meant to: tombstones, hand-edited option values, every company's own rows only.
    expect(written.flatMap((p) => p.deletedProductIds)).toEqual(expect.arrayContaining([1003, 1010, 1011]));
    expect(written.some((p) => p.deletedVariantIds.length > 0)).toBe(true);
    expect(all.some((r) => 'optionValues' in r && r.optionValues.length === 1 && r.optionValues[0]!.label === 'M')).toBe(true);
    expect(all.filter((r) => r.id === 1030).map((r) => 'lastUpdated' in r && [r.lastUpdated, r.weight, r.salePrice])).toEqual([['1970-01-01T00:00:00.000Z', -2.5, '-0.01']]);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it.each([1, 3, 50, 5000])('gives the price list pages the mapped rows give, %i records a page, as objects and as arrays', async (limit) => {
    const read = (of: Database, rows: ReplicationRowShape = 'objects') => {
      const changes = createPriceListChanges(of);
      return (cursor: number) => changes(companyId, { cursor, limit, rows });
    };
    const written = await pages<PriceListChangesResponse>(read(db));
    expect(written).toEqual(await pages<PriceListChangesResponse>(read(mapped(db))));
    const arrays = await pages<PriceListChangesResponse>(read(db, 'arrays'));
    expect(arrays).toEqual(await pages<PriceListChangesResponse>(read(mapped(db), 'arrays')));
    expect(arrays.map((p) => ({ ...p, records: objectsOf(p.records, RECORD_COLUMNS), deleted: objectsOf(p.deleted, RECORD_KEY_COLUMNS) })))
      .toEqual(written.map((p) => ({ ...p, columns: { records: RECORD_COLUMNS, deleted: RECORD_KEY_COLUMNS } })));
    expect(arrays.flatMap((p) => p.deleted)[0]).toBeInstanceOf(Array);
    for (const page of written) PriceListChangesResponse.parse(page);
    expect(written.flatMap((p) => p.deleted)).toHaveLength(10);
    expect(written.flatMap((p) => p.records)).toHaveLength(110);
  });

  it('answers an empty page at the cursor after the last change', async () => {
    const read = async <T>(pull: Promise<Buffer>) => JSON.parse(String(await pull)) as T;
    const catalogChanges = createCatalogChanges(db);
    const catalog = await read<CatalogChangesResponse>(catalogChanges(companyId, { cursor: 0, limit: 5000, rows: 'objects' }));
    expect(await read(catalogChanges(companyId, { cursor: catalog.cursor, limit: 5000, rows: 'arrays' })))
      .toMatchObject({ cursor: catalog.cursor, hasMore: false, products: [], variants: [], deletedProductIds: [], deletedVariantIds: [] });
    const priceListChanges = createPriceListChanges(db);
    const records = await read<PriceListChangesResponse>(priceListChanges(companyId, { cursor: 0, limit: 120, rows: 'objects' }));
    expect(records.hasMore).toBe(false);
    expect(await read(priceListChanges(companyId, { cursor: records.cursor, limit: 120, rows: 'arrays' }))).toMatchObject({ cursor: records.cursor, hasMore: false, records: [], deleted: [] });
  });
});
