/**
 * PostgreSQL catalog writes. Each runs in one transaction that first locks the company row
 * (`SELECT ... FOR UPDATE`): catalog writers of one company queue there, so the rows read to
 * plan a write cannot change under it, and versions are handed out in commit order (a reader
 * never sees version n+1 committed before n, which keeps `changesSince` cursors safe).
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { numberRows, planPriceChanges, planUpsert, rowCount, type WritePlan } from '../catalog-plan';
import { NotFoundError } from '../errors';
import type { Product, ProductsRepository, ProductVariant, ProductWithVariants } from '../repositories';
import { liveProductsWhere, pricePatch, variantsOfTombstonedWhere } from '../repository-shared';
import { companies, productVariants, products } from '../schema.pg';
import { chunks, excludedSet } from '../sql-helpers';
import type { PgDb } from './types';

/** Attaches live variants (by external id) to product rows, in one query per chunk. */
export async function withVariants(db: PgDb, companyId: string, rows: Product[]): Promise<ProductWithVariants[]> {
  const byProduct = new Map<string, ProductWithVariants>(rows.map((r) => [r.id, { ...r, variants: [] }]));
  for (const ids of chunks([...byProduct.keys()])) {
    const variants = await db.select().from(productVariants)
      .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.productId, ids), isNull(productVariants.deletedAt)))
      .orderBy(asc(productVariants.externalId));
    for (const v of variants) byProduct.get(v.productId)?.variants.push(v);
  }
  return [...byProduct.values()];
}

type CatalogWrites = Pick<ProductsRepository, 'upsertMany' | 'setPrices' | 'removeByExternalIds' | 'deleteAll'>;

/** Locks the company row for the rest of the transaction; returns its catalog version. */
async function lockCompany(tx: PgDb, companyId: string): Promise<number> {
  const [row] = await tx.select({ v: companies.catalogVersion }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row) throw new NotFoundError(`company ${companyId} not found`);
  return row.v;
}

/** Reserves `n` versions; returns the first. */
async function allocate(tx: PgDb, companyId: string, n: number): Promise<number> {
  const [row] = await tx.update(companies).set({ catalogVersion: sql`${companies.catalogVersion} + ${n}` })
    .where(eq(companies.id, companyId)).returning({ v: companies.catalogVersion });
  if (!row) throw new NotFoundError(`company ${companyId} not found`);
  return row.v - n + 1;
}

async function writePlan(tx: PgDb, plan: WritePlan): Promise<void> {
  for (const rows of chunks(plan.products)) {
    await tx.insert(products).values(rows).onConflictDoUpdate({
      target: [products.companyId, products.externalId],
      set: excludedSet(products, ['id', 'companyId', 'externalId']),
    });
  }
  for (const rows of chunks(plan.variants)) {
    await tx.insert(productVariants).values(rows).onConflictDoUpdate({
      target: [productVariants.companyId, productVariants.externalId],
      set: excludedSet(productVariants, ['id', 'companyId', 'externalId']),
    });
  }
}

/** Tombstones the live products matching `where` and their live variants; returns the product count. */
async function tombstone(tx: PgDb, companyId: string, where: SQL | undefined, now: Date): Promise<number> {
  const [counted] = await tx.select({ n: count() }).from(products).where(where);
  const n = counted?.n ?? 0;
  if (n === 0) return 0;
  const first = await allocate(tx, companyId, n);
  await tx.execute(sql`update products set version = v.nv, deleted_at = ${now}, last_updated = ${now}
    from (select id, ${first - 1}::bigint + row_number() over (order by external_id) as nv from products where ${where}) as v
    where products.id = v.id`);
  // The products just tombstoned are exactly those numbered first .. first + n - 1.
  const variantsWhere = variantsOfTombstonedWhere(productVariants, companyId, first, first + n - 1);
  const [countedV] = await tx.select({ n: count() }).from(productVariants).where(variantsWhere);
  const nv = countedV?.n ?? 0;
  if (nv > 0) {
    const firstV = await allocate(tx, companyId, nv);
    await tx.execute(sql`update product_variants set version = v.nv, deleted_at = ${now}, last_updated = ${now}
      from (select id, ${firstV - 1}::bigint + row_number() over (order by external_id) as nv from product_variants
        where ${variantsWhere}) as v
      where product_variants.id = v.id`);
  }
  return n;
}

export function pgCatalogWrites(db: PgDb): CatalogWrites {
  return {
    async upsertMany(companyId, inputs, now = new Date()) {
      return db.transaction(async (tx) => {
        let version = await lockCompany(tx, companyId);
        const externalIds = [...new Set(inputs.map((i) => i.externalId))];
        const existingProducts: Product[] = [];
        for (const ids of chunks(externalIds)) {
          existingProducts.push(...await tx.select().from(products)
            .where(and(eq(products.companyId, companyId), inArray(products.externalId, ids))));
        }
        const variants = new Map<string, ProductVariant>();
        for (const ids of chunks(existingProducts.map((p) => p.id))) {
          for (const v of await tx.select().from(productVariants)
            .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.productId, ids)))) {
            variants.set(v.id, v);
          }
        }
        // Variants not found under their product: new ones, or ones the store moved to another product.
        const loadedExternal = new Set([...variants.values()].map((v) => v.externalId));
        const variantExternalIds = [...new Set(inputs.flatMap((i) => i.variants?.map((v) => v.externalId) ?? []))]
          .filter((id) => !loadedExternal.has(id));
        for (const ids of chunks(variantExternalIds)) {
          for (const v of await tx.select().from(productVariants)
            .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.externalId, ids)))) {
            variants.set(v.id, v);
          }
        }
        const plan = planUpsert({
          companyId, inputs, existingProducts, existingVariants: [...variants.values()], now,
          newId: () => crypto.randomUUID(),
        });
        const n = rowCount(plan);
        if (n > 0) {
          numberRows(plan, await allocate(tx, companyId, n));
          await writePlan(tx, plan);
          version += n;
        }
        const { inserted, updated, unchanged, variantsDeleted } = plan;
        return { inserted, updated, unchanged, variantsDeleted, version };
      });
    },

    async setPrices(companyId, changes, now = new Date()) {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const productIds = [...new Set(changes.map((c) => c.productId))];
        const variantIds = [...new Set(changes.flatMap((c) => (c.variantId ? [c.variantId] : [])))];
        const loadedProducts: Product[] = [];
        for (const ids of chunks(productIds)) {
          loadedProducts.push(...await tx.select().from(products)
            .where(and(eq(products.companyId, companyId), inArray(products.id, ids), isNull(products.deletedAt))));
        }
        const loadedVariants: ProductVariant[] = [];
        for (const ids of chunks(variantIds)) {
          loadedVariants.push(...await tx.select().from(productVariants)
            .where(and(eq(productVariants.companyId, companyId), inArray(productVariants.id, ids), isNull(productVariants.deletedAt))));
        }
        const plan = planPriceChanges(
          new Map(loadedProducts.map((p) => [p.id, p])), new Map(loadedVariants.map((v) => [v.id, v])), changes, now,
        );
        const n = rowCount(plan);
        if (n > 0) {
          numberRows(plan, await allocate(tx, companyId, n));
          for (const p of plan.products) {
            await tx.update(products).set(pricePatch(p)).where(eq(products.id, p.id));
          }
          for (const v of plan.variants) {
            await tx.update(productVariants).set(pricePatch(v)).where(eq(productVariants.id, v.id));
          }
        }
        const after: Product[] = [];
        for (const ids of chunks(productIds)) {
          after.push(...await tx.select().from(products).where(and(eq(products.companyId, companyId), inArray(products.id, ids))));
        }
        return withVariants(tx, companyId, after);
      });
    },

    async removeByExternalIds(companyId, externalIds, now = new Date()) {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        let removed = 0;
        for (const ids of chunks([...new Set(externalIds)])) {
          removed += await tombstone(tx, companyId, liveProductsWhere(products, companyId, ids), now);
        }
        return removed;
      });
    },

    async deleteAll(companyId, now = new Date()) {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        return tombstone(tx, companyId, liveProductsWhere(products, companyId), now);
      });
    },
  };
}
