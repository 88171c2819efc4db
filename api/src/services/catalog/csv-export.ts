/**
 * The rows of the CSV exports (contracts csv.ts names the columns), produced a page at a time
 * from the database so a large catalog is never one string: `catalogCsv` (a row per product and
 * one per variant, in the products list's order) and `priceHistoryCsv` (oldest first, of one
 * product or the whole catalog over a range). Each yields batches of rows for lib/csv.ts's
 * csvStream; every read is scoped to the company. When the company follows the EU prior price
 * rule, the catalog and price list exports end each row with its variant's lowest prior price
 * at the export's start (csv-lowest-price.ts, issue 36), computed a page at a time too.
 *
 * Prices are written as the API speaks them ("19.90"). An empty cell means none: a variant's
 * empty regular price inherits its product's, an empty sale price is "not on sale". Read back by
 * the price import, an empty cell keeps the price as it is, so an exported file changes nothing.
 */
import { CATALOG_CSV_COLUMNS, LOWEST_PRIOR_PRICE_CSV_COLUMNS, PRICE_HISTORY_CSV_COLUMNS, PRICE_LIST_CSV_COLUMNS } from '@catalog/contracts/csv';
import { formatCents } from '@catalog/contracts/money';
import type { PriceChangeType } from '@catalog/contracts/products';
import type { Database, ExportedPriceHistoryEntry, ProductWithVariants } from '../../db/repositories';
import { chunks } from '../../db/sql-helpers';
import type { LowestPriceOptions } from '../lowest-price/lowest-prices';
import { lowestPriceAsk, lowestPriceCells, NO_LOWEST_PRICE } from './csv-lowest-price';

/** Products read per database page. */
const PRODUCT_PAGE = 200;
/** History entries read per database page. */
const HISTORY_PAGE = 1000;

const money = (cents: number | null): string => (cents === null ? '' : formatCents(cents));

function optionsLabel(optionValues: unknown): string {
  if (!Array.isArray(optionValues)) return '';
  return optionValues
    .flatMap((o: unknown) => {
      const { optionName, label } = (o ?? {}) as { optionName?: unknown; label?: unknown };
      return typeof optionName === 'string' && typeof label === 'string' ? [`${optionName}: ${label}`] : [];
    })
    .join(', ');
}

/** A row's lowest prior price cells: none without the columns, empty where the row has no low. */
type LowCells = (variantId: number | null) => readonly string[];
const noColumns: LowCells = () => [];

function productRows(p: ProductWithVariants, low: LowCells): string[][] {
  const rows = [[
    String(p.externalId), '', p.sku ?? '', p.name, p.category ?? '',
    formatCents(p.regularPriceCents), money(p.salePriceCents), String(p.stock), p.status,
    // A product without options has the low of its base variant; one with variants, none of its own.
    ...low(p.variants.length === 0 ? p.baseVariantId : null),
  ]];
  for (const v of p.variants) {
    const options = optionsLabel(v.optionValues);
    rows.push([
      String(p.externalId), String(v.externalId), v.variantSku ?? '', options ? `${p.name} (${options})` : p.name, p.category ?? '',
      money(v.regularPriceCents), money(v.salePriceCents), String(v.stock), p.status, ...low(v.externalId),
    ]);
  }
  return rows;
}

/** The page's lowest prior price cells, or no columns when the company does not follow the rule. */
async function pageLows(db: Database, companyId: string, products: readonly ProductWithVariants[], ask: LowestPriceOptions | null): Promise<LowCells> {
  if (!ask) return noColumns;
  const cells = await lowestPriceCells(db, companyId, products, ask);
  return (variantId) => (variantId === null ? NO_LOWEST_PRICE : cells.get(variantId) ?? NO_LOWEST_PRICE);
}

/** The whole live catalog: the header, then a batch per page of products. `at`: the moment of the lowest prior prices. */
export async function* catalogCsv(db: Database, companyId: string, at: Date): AsyncGenerator<string[][]> {
  const ask = await lowestPriceAsk(db, companyId, at, null);
  yield [[...CATALOG_CSV_COLUMNS, ...(ask ? LOWEST_PRIOR_PRICE_CSV_COLUMNS : [])]];
  // The ids in list order first (one query), then the rows a page at a time, by id.
  const ids = await db.products.listIds(companyId);
  for (const page of chunks(ids, PRODUCT_PAGE)) {
    const products = await db.products.getByExternalIds(companyId, page);
    const byId = new Map(products.map((p) => [p.externalId, p]));
    const low = await pageLows(db, companyId, products, ask);
    // A product deleted since the ids were read is left out.
    yield page.flatMap((id) => {
      const product = byId.get(id);
      return product ? productRows(product, low) : [];
    });
  }
}

/**
 * One price list's records in one currency (issue 35): the header, then a batch per page of
 * products, a row per variant (a product without options: its base variant, when a sync has
 * seen it), its record's prices or empty ones where the catalog's price applies.
 */
export async function* priceListCsv(db: Database, companyId: string, target: { priceListId: number; currency: string }, at: Date): AsyncGenerator<string[][]> {
  const ask = await lowestPriceAsk(db, companyId, at, target);
  yield [[...PRICE_LIST_CSV_COLUMNS, ...(ask ? LOWEST_PRIOR_PRICE_CSV_COLUMNS : [])]];
  const ids = await db.products.listIds(companyId);
  for (const page of chunks(ids, PRODUCT_PAGE)) {
    const products = await db.products.getByExternalIds(companyId, page);
    const byId = new Map(products.map((p) => [p.externalId, p]));
    const low = await pageLows(db, companyId, products, ask);
    const variants = page.flatMap((id) => {
      const p = byId.get(id);
      if (!p) return [];
      if (p.variants.length > 0) return p.variants.map((v) => ({ p, id: v.externalId, sku: v.variantSku, options: optionsLabel(v.optionValues) }));
      return p.baseVariantId === null ? [] : [{ p, id: p.baseVariantId, sku: p.sku, options: '' }];
    });
    const records = new Map((await db.priceLists.getRecords(companyId, target.priceListId, target.currency, variants.map((v) => v.id))).map((r) => [r.variantId, r]));
    yield variants.map(({ p, id, sku, options }) => {
      const r = records.get(id);
      return [
        String(p.externalId), String(id), sku ?? '', String(target.priceListId), target.currency, options ? `${p.name} (${options})` : p.name, p.category ?? '',
        r ? formatCents(r.priceCents) : '', money(r?.salePriceCents ?? null), money(r?.retailPriceCents ?? null), money(r?.mapPriceCents ?? null),
        ...low(id),
      ];
    });
  }
}

const CHANGE_LABELS: Record<PriceChangeType, string> = {
  manual: 'Manual edit',
  work_order: 'Work order',
  undo: 'Undo',
  sync: 'Store sync',
  webhook: 'Store webhook',
};

/** "2025-03-01 09:30:00": a form every spreadsheet reads as a date and time. */
const utc = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

function historyRow(e: ExportedPriceHistoryEntry, people: Map<string, string>, approvers: Map<string, string>): string[] {
  const approver = e.workOrderId && e.changeType === 'work_order' ? approvers.get(e.workOrderId) : undefined;
  const approved = approver === undefined ? '' : ` (approved by ${people.get(approver) ?? 'Former team member'})`;
  return [
    utc(e.createdAt), String(e.productExternalId), e.variantExternalId === null ? '' : String(e.variantExternalId),
    e.productName, e.sku ?? '', CHANGE_LABELS[e.changeType] ?? e.changeType,
    money(e.oldRegularPriceCents), money(e.newRegularPriceCents), money(e.oldSalePriceCents), money(e.newSalePriceCents),
    e.workOrderId ?? '', e.changedBy === null ? '' : `${people.get(e.changedBy) ?? 'Former team member'}${approved}`,
  ];
}

export interface HistoryCsvOptions {
  /** Our id of the product whose history it is; absent: the whole catalog's. */
  productId?: string;
  from?: Date;
  to?: Date;
}

/** Price history entries, oldest first: the header, then a batch per page of entries. */
export async function* priceHistoryCsv(db: Database, companyId: string, opts: HistoryCsvOptions): AsyncGenerator<string[][]> {
  yield [[...PRICE_HISTORY_CSV_COLUMNS]];
  // Who changed a price, by email: the company's own people only.
  const people = new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, u.email]));
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await db.priceHistory.listPage(companyId, { ...opts, after, limit: HISTORY_PAGE });
    if (page.length > 0) {
      // Approved work orders (issue 19) name their approver next to their creator.
      const approvers = await db.workOrders.approvers(companyId, page.flatMap((e) => (e.workOrderId ? [e.workOrderId] : [])));
      yield page.map((e) => historyRow(e, people, approvers));
    }
    if (page.length < HISTORY_PAGE) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
