/**
 * SQLite lowest prior price repository (issue 36): an item's changes around a window, in two
 * statements on the raw handle driven by one JSON parameter of items (as catalog-rows.ts does).
 * The seeks (the newest change at or before the window's start, the oldest after it) are one
 * lookup each on price_history_item_created_idx; the window's changes a range of it per item
 * (named: the planner otherwise takes the product's index and reads every variant's rows).
 */
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { LowestPriceRepository, ItemPriceChange } from '../repositories';
import { assembleItemChanges, type ChangeTuple, itemKey, recordChangeOf, toChange } from '../repository-shared.lowest-price';
import { storeCoverage } from '../schema.sqlite';
import type { CatalogStatements } from './catalog-rows';
import type { SqliteDb } from './types';

const CHANGE = `json_array(h.created_at, h.old_regular_price_cents, h.old_sale_price_cents, h.new_regular_price_cents, h.new_sale_price_cents,
  h.record_change)`;
/** One item's rows of the target; `i` is the item (json_each). */
const ITEM = `h.company_id = @company and h.product_id = i.value ->> 0 and h.variant_id is i.value ->> 1
  and h.price_list_id is @list and h.currency is @currency`;

const SQL = {
  seeks: `select i.value ->> 0 as productId, i.value ->> 1 as variantId,
      (select ${CHANGE} from price_history h where ${ITEM} and h.created_at <= @from order by h.created_at desc limit 1) as atStart,
      (select ${CHANGE} from price_history h where ${ITEM} and h.created_at > @from order by h.created_at limit 1) as firstAfter
    from json_each(@items) i`,
  window: `select i.value ->> 0 as productId, i.value ->> 1 as variantId, h.created_at as at, h.old_regular_price_cents as oldRegular,
      h.old_sale_price_cents as oldSale, h.new_regular_price_cents as newRegular, h.new_sale_price_cents as newSale, h.record_change as recordChange
    from json_each(@items) i cross join price_history h indexed by price_history_item_created_idx
    where ${ITEM} and h.created_at > @from and h.created_at < @to`,
} as const;

interface SeekRow { productId: string; variantId: string | null; atStart: string | null; firstAfter: string | null }
interface WindowRow {
  productId: string; variantId: string | null; at: number; oldRegular: number | null; oldSale: number | null; newRegular: number | null; newSale: number | null;
  recordChange: string | null;
}

const parse = (json: string | null): ItemPriceChange | null => (json === null ? null : toChange(JSON.parse(json) as ChangeTuple));

export function sqliteLowestPrice(db: SqliteDb, stmts: CatalogStatements): LowestPriceRepository {
  return {
    async itemChanges(companyId, items, target, { from, to }) {
      if (items.length === 0) return [];
      const params = {
        company: companyId, list: target?.priceListId ?? null, currency: target?.currency ?? null, from: from.getTime(), to: to.getTime(),
        items: JSON.stringify(items.map((i) => [i.productId, i.variantId])),
      };
      // One read transaction: the two statements see the same history.
      const [seekRows, windowRows] = db.transaction(() => [
        stmts.prepared(SQL.seeks).all(params) as SeekRow[],
        stmts.prepared(SQL.window).all(params) as WindowRow[],
      ] as const);
      const seeks = new Map(seekRows.map((r) => [itemKey(r.productId, r.variantId), { atStart: parse(r.atStart), firstAfter: parse(r.firstAfter) }]));
      return assembleItemChanges(items, seeks, windowRows.map(({ productId, variantId, at, recordChange, ...prices }) => ({
        productId, variantId, change: { at: new Date(at), ...prices, recordChange: recordChangeOf(recordChange) },
      })));
    },
    async coverage(companyId, { from, to }) {
      return db.select({ startedAt: storeCoverage.startedAt, endedAt: storeCoverage.endedAt }).from(storeCoverage)
        .where(and(eq(storeCoverage.companyId, companyId), lt(storeCoverage.startedAt, to), or(isNull(storeCoverage.endedAt), gt(storeCoverage.endedAt, from))))
        .orderBy(asc(storeCoverage.startedAt)).all();
    },
    async openCoverage(companyId, at) {
      db.run(sql`insert into store_coverage (id, company_id, started_at) select ${crypto.randomUUID()}, ${companyId}, ${at.getTime()}
        where not exists (select 1 from store_coverage where company_id = ${companyId} and ended_at is null)`);
    },
    async closeCoverage(companyId, at) {
      // Not before it started (a known-good moment of the webhooks may predate the span).
      db.update(storeCoverage).set({ endedAt: sql`max(${storeCoverage.startedAt}, ${at.getTime()})` })
        .where(and(eq(storeCoverage.companyId, companyId), isNull(storeCoverage.endedAt))).run();
    },
  };
}
