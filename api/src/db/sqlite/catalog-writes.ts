/**
 * SQLite catalog writes. Each runs in one synchronous IMMEDIATE transaction (the write lock is
 * taken up front, so the rows read to plan the write cannot change under it) and numbers
 * every changed row from the company's change sequence (companies.catalog_version).
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { numberRows, planPriceChanges, planUpsert, rowCount, type UpsertPlan, type WritePlan } from '../catalog-plan';
import { NotFoundError } from '../errors';
import type { Product, ProductInput, ProductsRepository, ProductVariant } from '../repositories';
import { liveProductsWhere, pricePatch, variantsOfTombstonedWhere } from '../repository-shared';
import { companies, productVariants, products } from '../schema.sqlite';
import { chunks } from '../sql-helpers';
import {
  type CatalogStatements, productsByExternalIds, productsByIds, variantsByKeys, variantsOfProducts, withLiveVariants,
} from './catalog-rows';
import type { SqliteDb } from './types';

type CatalogWrites = Pick<ProductsRepository, 'upsertMany' | 'setPrices' | 'removeByExternalIds' | 'deleteAll'>;

export function currentVersion(tx: SqliteDb, companyId: string): number {
  const row = tx.select({ v: companies.catalogVersion }).from(companies).where(eq(companies.id, companyId)).get();
  if (!row) throw new NotFoundError(`company ${companyId} not found`);
  return row.v;
}

/** Reserves `n` versions; returns the first. */
function allocate(tx: SqliteDb, companyId: string, n: number): number {
  const row = tx.update(companies).set({ catalogVersion: sql`${companies.catalogVersion} + ${n}` })
    .where(eq(companies.id, companyId)).returning({ v: companies.catalogVersion }).get();
  if (!row) throw new NotFoundError(`company ${companyId} not found`);
  return row.v - n + 1;
}

/**
 * Reads the rows an upsert of `inputs` touches (products by store id, tombstoned too, with all
 * their variants, and any other row holding an incoming variant's store id) and plans the write;
 * inside the caller's transaction. The plan's rows are not numbered yet.
 */
export function planSqliteUpsert(
  stmts: CatalogStatements, companyId: string, inputs: ProductInput[], now: Date,
): { plan: UpsertPlan; existingProducts: Product[]; existingVariants: ProductVariant[] } {
  const existingProducts = productsByExternalIds(stmts, companyId, inputs.map((i) => i.externalId), false);
  const variants = new Map<string, ProductVariant>();
  for (const v of variantsOfProducts(stmts, companyId, existingProducts.map((p) => p.id), false)) variants.set(v.id, v);
  // Variants not found under their product: new ones, or ones the store moved to another product.
  const loadedExternal = new Set([...variants.values()].map((v) => v.externalId));
  const variantExternalIds = inputs.flatMap((i) => i.variants?.map((v) => v.externalId) ?? []).filter((id) => !loadedExternal.has(id));
  for (const v of variantsByKeys(stmts, companyId, 'external_id', variantExternalIds, false)) variants.set(v.id, v);
  const existingVariants = [...variants.values()];
  const plan = planUpsert({ companyId, inputs, existingProducts, existingVariants, now, newId: () => crypto.randomUUID() });
  return { plan, existingProducts, existingVariants };
}

/** Writes the planned rows, one statement per table, inside the caller's transaction. */
function writePlan(stmts: CatalogStatements, plan: WritePlan): void {
  stmts.upsertProducts(plan.products);
  stmts.upsertVariants(plan.variants);
}

/** Tombstones the live products matching `where` and their live variants; returns the product count. */
function tombstone(tx: SqliteDb, companyId: string, where: SQL | undefined, now: Date): number {
  const at = now.getTime();
  const n = tx.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  if (n === 0) return 0;
  const first = allocate(tx, companyId, n);
  tx.run(sql`update products set version = v.nv, deleted_at = ${at}, last_updated = ${at}
    from (select id, ${first - 1} + row_number() over (order by external_id) as nv from products where ${where}) as v
    where products.id = v.id`);
  // The products just tombstoned are exactly those numbered first .. first + n - 1.
  const variantsWhere = variantsOfTombstonedWhere(productVariants, companyId, first, first + n - 1);
  const nv = tx.select({ n: count() }).from(productVariants).where(variantsWhere).get()?.n ?? 0;
  if (nv > 0) {
    const firstV = allocate(tx, companyId, nv);
    tx.run(sql`update product_variants set version = v.nv, deleted_at = ${at}, last_updated = ${at}
      from (select id, ${firstV - 1} + row_number() over (order by external_id) as nv from product_variants
        where ${variantsWhere}) as v
      where product_variants.id = v.id`);
  }
  return n;
}

export function sqliteCatalogWrites(db: SqliteDb, stmts: CatalogStatements): CatalogWrites {
  return {
    async upsertMany(companyId, inputs, now = new Date()) {
      return db.transaction((tx) => {
        let version = currentVersion(tx, companyId);
        const { plan } = planSqliteUpsert(stmts, companyId, inputs, now);
        const n = rowCount(plan);
        if (n > 0) {
          numberRows(plan, allocate(tx, companyId, n));
          writePlan(stmts, plan);
          version += n;
        }
        const { inserted, updated, unchanged, variantsDeleted } = plan;
        return { inserted, updated, unchanged, variantsDeleted, version };
      }, { behavior: 'immediate' });
    },

    async setPrices(companyId, changes, now = new Date()) {
      return db.transaction((tx) => {
        currentVersion(tx, companyId);
        const productIds = [...new Set(changes.map((c) => c.productId))];
        const variantIds = [...new Set(changes.flatMap((c) => (c.variantId ? [c.variantId] : [])))];
        const loadedProducts = productsByIds(stmts, companyId, productIds, true);
        const loadedVariants = variantsByKeys(stmts, companyId, 'id', variantIds, true);
        const plan = planPriceChanges(
          new Map(loadedProducts.map((p) => [p.id, p])), new Map(loadedVariants.map((v) => [v.id, v])), changes, now,
        );
        const n = rowCount(plan);
        if (n > 0) {
          numberRows(plan, allocate(tx, companyId, n));
          for (const p of plan.products) {
            tx.update(products).set(pricePatch(p)).where(eq(products.id, p.id)).run();
          }
          for (const v of plan.variants) {
            tx.update(productVariants).set(pricePatch(v)).where(eq(productVariants.id, v.id)).run();
          }
        }
        return withLiveVariants(stmts, companyId, productsByIds(stmts, companyId, productIds, false));
      }, { behavior: 'immediate' });
    },

    async removeByExternalIds(companyId, externalIds, now = new Date()) {
      return db.transaction((tx) => {
        currentVersion(tx, companyId);
        let removed = 0;
        for (const ids of chunks([...new Set(externalIds)])) {
          removed += tombstone(tx, companyId, liveProductsWhere(products, companyId, ids), now);
        }
        return removed;
      }, { behavior: 'immediate' });
    },

    async deleteAll(companyId, now = new Date()) {
      return db.transaction((tx) => {
        currentVersion(tx, companyId);
        return tombstone(tx, companyId, liveProductsWhere(products, companyId), now);
      }, { behavior: 'immediate' });
    },
  };
}
