/**
 * The products screen seen through one price list and currency (issue 35), from the device's copy
 * of the price lists (price-list-db.ts), so offline too: the lists and currencies to choose from,
 * and a chosen one's prices: its records by product (one range read, readListRecords) and the
 * index's price source made of them (catalog-index-prices.ts), which the catalog's queries take
 * (CatalogQueryParams.prices) so the price range and on-sale filters read the list's prices.
 *
 * Both are kept per (copy, list, currency, price lists' revision), the source also per catalog
 * version (it reads the index's base variants and sales): choosing a list again, or a keystroke,
 * reads nothing; a pull that changed the copy or the catalog makes them again.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import type { CatalogIndex } from './catalog-index';
import { listPriceSubject, needsCatalogRow, type CatalogPricedProduct, type IndexPriceSource, type ListPriceSubject } from './catalog-index-prices';
import type { PriceListDb, RecordTuple } from './price-list-db';
import { readPriceListState } from './price-list-pull';
import { readListRecords } from './price-list-read';

/** A list and currency as the products screen names it: "7:USD" (the URL's `prices`). */
export interface PriceListChoice {
  priceListId: number;
  currency: string;
}

export const choiceValue = (c: PriceListChoice): string => `${c.priceListId}:${c.currency}`;

/** "7:USD" -> the choice; anything else (the catalog's "") -> null. */
export function parseChoice(value: string | null | undefined): PriceListChoice | null {
  const m = /^(\d{1,15}):([A-Za-z]{3})$/.exec(value ?? '');
  return m ? { priceListId: Number(m[1]), currency: m[2]!.toUpperCase() } : null;
}

export interface PriceListChoices {
  /** Every list of the store, by id. */
  lists: PriceListSummary[];
  /** The catalog's currency (null: unknown). */
  catalogCurrency: string | null;
}

/** The lists of the device's copy and the catalog's currency. */
export async function readPriceListChoices(db: PriceListDb): Promise<PriceListChoices> {
  return db.transaction('r', [db.lists, db.meta], async () => {
    const [lists, state] = await Promise.all([db.lists.orderBy('id').toArray(), readPriceListState(db)]);
    return { lists, catalogCurrency: state.catalogCurrency };
  });
}

/** One list and currency's prices, for the query (`source`) and the page shown (`records`). */
export interface ListPrices extends PriceListChoice {
  /** The list's currency is the catalog's: a variant without a record pays the catalog's prices. */
  catalogCurrency: boolean;
  /** By product id, then variant id (a product without options: its base variant's). */
  records: ReadonlyMap<number, Readonly<Record<number, RecordTuple>>>;
  source: IndexPriceSource;
}

/** Products' records made into the source per task (buildPriceSource). */
const BUILD_STEP = 10_000;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The index's price source of `records` (catalog-index-prices.ts): each product's base variant and
 * catalog sale from the index; the few products whose list sale depends on their variants without
 * a record (on sale in the catalog, none of their records is) read with their variants (`readRows`).
 */
export async function buildPriceSource(
  key: string,
  records: ReadonlyMap<number, Readonly<Record<number, RecordTuple>>>,
  catalogCurrency: boolean,
  index: Pick<CatalogIndex, 'priceFacts'>,
  readRows: (ids: number[]) => Promise<Array<CatalogPricedProduct & { id: number }>>,
): Promise<IndexPriceSource> {
  const ask: number[] = [];
  if (catalogCurrency) {
    for (const [id, variants] of records) {
      const facts = index.priceFacts(id);
      if (facts?.onSale && needsCatalogRow(variants, catalogCurrency, facts.onSale)) ask.push(id);
    }
  }
  const rows = new Map<number, CatalogPricedProduct>();
  if (ask.length) for (const row of await readRows(ask)) rows.set(row.id, row);
  const byProduct = new Map<number, ListPriceSubject>();
  let done = 0;
  for (const [id, variants] of records) {
    // A list of 100,000 products is made in steps: a keystroke meanwhile is handled between two.
    if (++done % BUILD_STEP === 0) await nextTask();
    const facts = index.priceFacts(id);
    if (!facts) continue; // not in the catalog (deleted): no entry to filter
    byProduct.set(id, listPriceSubject(variants, facts.baseVariantId, catalogCurrency, facts.onSale, rows.get(id)));
  }
  return { key, catalogCurrency, byProduct };
}

/** The copy and catalog a list's prices are read from. */
export interface ListPricesFrom {
  db: PriceListDb;
  /** The price lists' revision (devicePriceLists.status().revision). */
  revision: number;
  index: Pick<CatalogIndex, 'priceFacts'>;
  /** The catalog's version (its view's): the source reads the index. */
  catalogVersion: number;
  readRows: (ids: number[]) => Promise<Array<CatalogPricedProduct & { id: number }>>;
}

const KEEP = 2;
const recordReads: Array<{ key: string; read: Promise<{ records: Map<number, Record<number, RecordTuple>>; catalogCurrency: string | null }> }> = [];
const made: Array<{ key: string; prices: Promise<ListPrices> }> = [];

function remember<T extends { key: string }>(list: T[], entry: T): T {
  list.unshift(entry);
  if (list.length > KEEP) list.pop();
  return entry;
}

/** A list and currency's prices, read once per copy, revision and catalog version (a failed read is not kept). */
export function readListPrices(choice: PriceListChoice, from: ListPricesFrom): Promise<ListPrices> {
  const recordsKey = `${from.db.name}\u0000${choiceValue(choice)}\u0000${from.revision}`;
  const key = `${recordsKey}\u0000${from.catalogVersion}`;
  const hit = made.find((m) => m.key === key);
  if (hit) return hit.prices;
  const read = recordReads.find((r) => r.key === recordsKey)?.read
    ?? remember(recordReads, {
      key: recordsKey,
      read: Promise.all([readListRecords(from.db, choice.priceListId, choice.currency), readPriceListState(from.db)])
        .then(([records, state]) => ({ records, catalogCurrency: state.catalogCurrency })),
    }).read;
  const prices = read.then(async ({ records, catalogCurrency }) => {
    const inCatalogCurrency = catalogCurrency !== null && catalogCurrency === choice.currency;
    const source = await buildPriceSource(key, records, inCatalogCurrency, from.index, from.readRows);
    return { ...choice, catalogCurrency: inCatalogCurrency, records, source };
  });
  remember(made, { key, prices });
  prices.catch(() => {
    forget(recordReads, recordsKey);
    forget(made, key);
  });
  return prices;
}

function forget(list: Array<{ key: string }>, key: string): void {
  const i = list.findIndex((e) => e.key === key);
  if (i >= 0) list.splice(i, 1);
}
