/**
 * PostgreSQL lowest prior price repository (issue 36): an item's changes around a window. The
 * items come as one JSON parameter; the seeks (the newest change at or before the window's start,
 * the oldest after it) are lateral lookups on price_history_item_created_idx, written apart for
 * variants (`variant_id = v`) and products (`variant_id is null`) so each is an index seek.
 * Cents are bigint columns, read as float8 (exact to 2^53) so they come back as numbers.
 */
import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { LowestPriceRepository, ItemPriceChange, PriceItem, PriceTarget } from '../repositories';
import { assembleItemChanges, type ChangeTuple, itemKey, recordChangeOf, toChange } from '../repository-shared.lowest-price';
import { storeCoverage } from '../schema.pg';
import type { PgDb } from './types';

const CHANGE = sql`json_build_array((extract(epoch from h.created_at) * 1000)::bigint, h.old_regular_price_cents, h.old_sale_price_cents,
  h.new_regular_price_cents, h.new_sale_price_cents, h.record_change)`;

/**
 * An item's changes newest or oldest first, named by every column of the index: with `is null`
 * conditions PostgreSQL does not see the index's order of created_at alone, and sorted each
 * item's rows (a year of them) instead of reading one (~800 ms for 3,000 variants, ~50 ms so).
 */
const NEWEST = sql`h.variant_id desc, h.price_list_id desc, h.currency desc, h.created_at desc`;
const OLDEST = sql`h.variant_id, h.price_list_id, h.currency, h.created_at`;

function itemWhere(companyId: string, target: PriceTarget, withVariant: boolean): SQL {
  const variant = withVariant ? sql`h.variant_id = i.v` : sql`h.variant_id is null`;
  const list = target ? sql`h.price_list_id = ${target.priceListId} and h.currency = ${target.currency}` : sql`h.price_list_id is null and h.currency is null`;
  return sql`h.company_id = ${companyId} and h.product_id = i.p and ${variant} and ${list}`;
}

interface SeekRow { p: string; v: string | null; at_start: ChangeTuple | null; first_after: ChangeTuple | null }
interface WindowRow {
  p: string; v: string | null; at: number; oldRegular: number | null; oldSale: number | null; newRegular: number | null; newSale: number | null;
  recordChange: string | null;
}

/** The seeks and the window's changes of items that all name a variant, or all none. */
async function readGroup(db: PgDb, companyId: string, items: readonly PriceItem[], target: PriceTarget, from: Date, to: Date, withVariant: boolean) {
  if (items.length === 0) return { seeks: [] as SeekRow[], window: [] as WindowRow[] };
  const json = JSON.stringify(items.map((i) => ({ p: i.productId, v: i.variantId })));
  const where = itemWhere(companyId, target, withVariant);
  const seeks = await db.execute<Record<string, unknown>>(sql`select i.p, i.v, s.change as at_start, f.change as first_after
    from json_to_recordset(${json}::json) as i(p text, v text)
    left join lateral (select ${CHANGE} as change from price_history h where ${where} and h.created_at <= ${from}
      order by ${NEWEST} limit 1) s on true
    left join lateral (select ${CHANGE} as change from price_history h where ${where} and h.created_at > ${from}
      order by ${OLDEST} limit 1) f on true`);
  const window = await db.execute<Record<string, unknown>>(sql`select i.p, i.v, (extract(epoch from h.created_at) * 1000)::float8 as at,
      h.old_regular_price_cents::float8 as "oldRegular", h.old_sale_price_cents::float8 as "oldSale",
      h.new_regular_price_cents::float8 as "newRegular", h.new_sale_price_cents::float8 as "newSale", h.record_change as "recordChange"
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
        for (const { p, v, at, recordChange, ...prices } of part.window) {
          window.push({ productId: p, variantId: v, change: { at: new Date(at), ...prices, recordChange: recordChangeOf(recordChange) } });
        }
      }
      return assembleItemChanges(items, seeks, window);
    },
    async coverage(companyId, { from, to }) {
      return db.select({ startedAt: storeCoverage.startedAt, endedAt: storeCoverage.endedAt }).from(storeCoverage)
        .where(and(eq(storeCoverage.companyId, companyId), lt(storeCoverage.startedAt, to), or(isNull(storeCoverage.endedAt), gt(storeCoverage.endedAt, from))))
        .orderBy(asc(storeCoverage.startedAt));
    },
    async openCoverage(companyId, at) {
      // One statement, no lock: two syncs finishing together may open two spans, which cover the same (closed together).
      await db.execute(sql`insert into store_coverage (id, company_id, started_at) select ${crypto.randomUUID()}, ${companyId}, ${at}
        where not exists (select 1 from store_coverage where company_id = ${companyId} and ended_at is null)`);
    },
    async closeCoverage(companyId, at) {
      // Not before it started (a known-good moment of the webhooks may predate the span).
      await db.update(storeCoverage).set({ endedAt: sql`greatest(${storeCoverage.startedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(storeCoverage.companyId, companyId), isNull(storeCoverage.endedAt)));
    },
  };
}
