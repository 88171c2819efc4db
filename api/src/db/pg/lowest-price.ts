/**
 * PostgreSQL lowest prior price repository (issue 36): an item's changes around a window. The
 * items come as one JSON parameter; the seeks (the newest change at or before the window's start,
 * the oldest after it) are lateral lookups on price_history_item_created_idx, written apart for
 * variants (`variant_id = v`) and products (`variant_id is null`) so each is an index seek.
 */
import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { LowestPriceRepository, ItemPriceChange, PriceItem, PriceTarget } from '../repositories';
import { assembleItemChanges, type ChangeTuple, itemKey, toChange } from '../repository-shared.lowest-price';
import { storeCoverage } from '../schema.pg';
import type { PgDb } from './types';

const CHANGE = sql`json_build_array((extract(epoch from h.created_at) * 1000)::bigint, h.old_regular_price_cents, h.old_sale_price_cents,
  h.new_regular_price_cents, h.new_sale_price_cents)`;

function itemWhere(companyId: string, target: PriceTarget, withVariant: boolean): SQL {
  const variant = withVariant ? sql`h.variant_id = i.v` : sql`h.variant_id is null`;
  const list = target ? sql`h.price_list_id = ${target.priceListId} and h.currency = ${target.currency}` : sql`h.price_list_id is null and h.currency is null`;
  return sql`h.company_id = ${companyId} and h.product_id = i.p and ${variant} and ${list}`;
}

interface SeekRow { p: string; v: string | null; at_start: ChangeTuple | null; first_after: ChangeTuple | null }
interface WindowRow { p: string; v: string | null; change: ChangeTuple }

/** The seeks and the window's changes of items that all name a variant, or all none. */
async function readGroup(db: PgDb, companyId: string, items: readonly PriceItem[], target: PriceTarget, from: Date, to: Date, withVariant: boolean) {
  if (items.length === 0) return { seeks: [] as SeekRow[], window: [] as WindowRow[] };
  const json = JSON.stringify(items.map((i) => ({ p: i.productId, v: i.variantId })));
  const where = itemWhere(companyId, target, withVariant);
  const seeks = await db.execute<Record<string, unknown>>(sql`select i.p, i.v, s.change as at_start, f.change as first_after
    from json_to_recordset(${json}::json) as i(p text, v text)
    left join lateral (select ${CHANGE} as change from price_history h where ${where} and h.created_at <= ${from}
      order by h.created_at desc limit 1) s on true
    left join lateral (select ${CHANGE} as change from price_history h where ${where} and h.created_at > ${from}
      order by h.created_at limit 1) f on true`);
  const window = await db.execute<Record<string, unknown>>(sql`select i.p, i.v, ${CHANGE} as change
    from json_to_recordset(${json}::json) as i(p text, v text)
    cross join lateral (select * from price_history h where ${where} and h.created_at > ${from} and h.created_at < ${to}) h`);
  return { seeks: seeks.rows as unknown as SeekRow[], window: window.rows as unknown as WindowRow[] };
}

export function pgLowestPrice(db: PgDb): LowestPriceRepository {
  return {
    async itemChanges(companyId, items, target, { from, to }) {
      if (items.length === 0) return [];
      // One snapshot: the statements see the same history.
      const parts = await db.transaction(async (tx) => {
        return [await readGroup(tx, companyId, items.filter((i) => i.variantId !== null), target, from, to, true),
          await readGroup(tx, companyId, items.filter((i) => i.variantId === null), target, from, to, false)];
      }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
      const seeks = new Map<string, { atStart: ItemPriceChange | null; firstAfter: ItemPriceChange | null }>();
      const window: Array<{ productId: string; variantId: string | null; change: ItemPriceChange }> = [];
      for (const part of parts) {
        for (const r of part.seeks) seeks.set(itemKey(r.p, r.v), { atStart: r.at_start && toChange(r.at_start), firstAfter: r.first_after && toChange(r.first_after) });
        for (const r of part.window) window.push({ productId: r.p, variantId: r.v, change: toChange(r.change) });
      }
      return assembleItemChanges(items, seeks, window);
    },
    async coverage(companyId, { from, to }) {
      return db.select({ startedAt: storeCoverage.startedAt, endedAt: storeCoverage.endedAt }).from(storeCoverage)
        .where(and(eq(storeCoverage.companyId, companyId), lt(storeCoverage.startedAt, to), or(isNull(storeCoverage.endedAt), gt(storeCoverage.endedAt, from))))
        .orderBy(asc(storeCoverage.startedAt));
    },
    async openCoverage(companyId, at) {
      await db.transaction(async (tx) => {
        // Serialized per company, so two syncs finishing together open one span.
        await tx.execute(sql`select id from companies where id = ${companyId} for update`);
        const [open] = await tx.select({ id: storeCoverage.id }).from(storeCoverage)
          .where(and(eq(storeCoverage.companyId, companyId), isNull(storeCoverage.endedAt))).limit(1);
        if (!open) await tx.insert(storeCoverage).values({ id: crypto.randomUUID(), companyId, startedAt: at });
      });
    },
    async closeCoverage(companyId, at) {
      await db.update(storeCoverage).set({ endedAt: at }).where(and(eq(storeCoverage.companyId, companyId), isNull(storeCoverage.endedAt)));
    },
  };
}
