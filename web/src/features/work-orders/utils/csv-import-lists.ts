/**
 * A price list's file in a price import (issue 35; csv-import.ts): the list and currency its
 * `price_list` and `currency` columns name (every row the same), checked against the device's
 * copy of the price lists and read; and what the list's customers pay now for an item, its old
 * prices (contracts price-list-view.ts: the record's, else the catalog's in the catalog's
 * currency, else unknown). A record is per variant: a product without options is priced by its
 * base variant, a product with options only through its variants.
 */
import { salePriceOrNull } from '@catalog/contracts/money';
import { catalogPricesOf, priceListPrices } from '@catalog/contracts/price-list-view';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import type { PriceListTarget } from '@catalog/contracts/work-order-target';
import type { LocalProduct } from '../../../local/catalog-query';
import type { RecordTuple } from '../../../local/price-list-db';
import { cellOf, columnsOf, ID, isBlank } from './csv-import-columns';
import { centsOf, type LocalVariant } from './price-targets';

export const CSV_LIST_IMPORT_MESSAGES = {
  listWithoutCurrency: 'The file has a "price_list" column but no "currency" column: a price list\u2019s prices are in one currency, named on every row.',
  currencyWithoutList: 'The file has a "currency" column but no "price_list" column: name the price list\u2019s id on every row (as the app\u2019s price list export does), or remove the "currency" column to import catalog prices.',
  noPriceLists: 'This file holds a price list\u2019s prices, and this device has no copy of the store\u2019s price lists yet. Connect to the internet and open the app again, then import it.',
  rowWithoutList: (line: number) => `Line ${line} names no price list or currency: every row of a price list\u2019s file names the same list and currency.`,
  badListId: (line: number, value: string) => `Line ${line}: "${value}" is not a price list id (a number, as in the app\u2019s price list export).`,
  badCurrency: (line: number, value: string) => `Line ${line}: "${value}" is not a currency (a three-letter code, such as USD).`,
  mixedLists: (first: { line: number; name: string }, other: { line: number; name: string }) =>
    `Every row must name the same price list and currency: line ${first.line} names ${first.name}, line ${other.line} names ${other.name}. Import one list and currency at a time.`,
  unknownList: (id: number) => `Price list ${id} is not one of the store\u2019s price lists on this device. Check the "price_list" column, or sync the store and try again.`,
  unknownCurrency: (name: string, currency: string, currencies: readonly string[]) =>
    `${name} has no prices in ${currency}${currencies.length > 0 ? `: its currencies are ${currencies.join(', ')}` : ''}. Check the "currency" column.`,
} as const;

/** What a file's `price_list` and `currency` columns say: the catalog's prices, one list and currency, or why neither. */
export type NamedPrices = { kind: 'catalog' } | { kind: 'list'; target: PriceListTarget } | { kind: 'error'; message: string };

const CURRENCY = /^[A-Za-z]{3}$/;

/** The list and currency every row of `records` (the header first) names; the catalog's prices without those columns. */
export function pricesNamedBy(records: readonly string[][]): NamedPrices {
  const col = columnsOf(records[0] ?? []);
  const rows = records.slice(1).map((record, i) => ({ record, line: i + 2 })).filter(({ record }) => !isBlank(record));
  if (col.priceList < 0) {
    if (col.currency >= 0 && rows.some(({ record }) => cellOf(record, col.currency) !== '')) return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.currencyWithoutList };
    return { kind: 'catalog' };
  }
  if (col.currency < 0) return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.listWithoutCurrency };
  let first: { line: number; target: PriceListTarget } | null = null;
  for (const { record, line } of rows) {
    const id = cellOf(record, col.priceList);
    const currency = cellOf(record, col.currency);
    if (id === '' || currency === '') return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.rowWithoutList(line) };
    if (!ID.test(id) || Number(id) === 0) return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.badListId(line, id) };
    if (!CURRENCY.test(currency)) return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.badCurrency(line, currency) };
    const target = { priceListId: Number(id), currency: currency.toUpperCase() };
    if (!first) first = { line, target };
    else if (first.target.priceListId !== target.priceListId || first.target.currency !== target.currency) {
      const name = (t: PriceListTarget) => `price list ${t.priceListId} in ${t.currency}`;
      return { kind: 'error', message: CSV_LIST_IMPORT_MESSAGES.mixedLists({ line: first.line, name: name(first.target) }, { line, name: name(target) }) };
    }
  }
  // No rows: previewImport says so.
  return first ? { kind: 'list', target: first.target } : { kind: 'catalog' };
}

/** The device's price lists as an import reads them (local/price-list-read.ts in the app). */
export interface ImportPriceLists {
  lists: readonly PriceListSummary[];
  /** The catalog's currency (null: unknown). */
  catalogCurrency: string | null;
  /** One list and currency's records: by product id, then variant id. */
  records(priceListId: number, currency: string): Promise<ReadonlyMap<number, Readonly<Record<number, RecordTuple>>>>;
}

/** One list and currency's prices, read for a file that names them. */
export interface ImportList {
  target: PriceListTarget;
  /** The list's name. */
  name: string;
  /** By product id, then variant id (a product without options: its base variant). */
  records: ReadonlyMap<number, Readonly<Record<number, RecordTuple>>>;
  /** The list's currency is the catalog's: an item without a record pays the catalog's prices. */
  catalogCurrency: boolean;
}

/** The list a file names, checked against the device's lists and read; or why it cannot be imported. */
export async function readImportList(target: PriceListTarget, priceLists: ImportPriceLists | null): Promise<{ ok: true; list: ImportList } | { ok: false; message: string }> {
  if (!priceLists || priceLists.lists.length === 0) return { ok: false, message: CSV_LIST_IMPORT_MESSAGES.noPriceLists };
  const list = priceLists.lists.find((l) => l.id === target.priceListId);
  if (!list) return { ok: false, message: CSV_LIST_IMPORT_MESSAGES.unknownList(target.priceListId) };
  const catalogCurrency = priceLists.catalogCurrency === target.currency;
  if (!list.currencies.includes(target.currency) && !catalogCurrency) {
    return { ok: false, message: CSV_LIST_IMPORT_MESSAGES.unknownCurrency(list.name, target.currency, list.currencies) };
  }
  const records = await priceLists.records(target.priceListId, target.currency);
  return { ok: true, list: { target, name: list.name, records, catalogCurrency } };
}

/** An item's price and sale price in cents; `known` false: unknown (no record, in another currency than the catalog's). */
export type CurrentPrices = { regular: number | null; sale: number | null; known: boolean };

/** What the list's customers pay now for the target, or why it has no price of its own in a list. */
export function listPrices(list: ImportList, { product, variant }: { product: LocalProduct; variant?: LocalVariant | undefined }): CurrentPrices | { error: string } {
  let variantId: number;
  if (variant) variantId = variant.id;
  else if (product.variants.length > 0) return { error: `${product.name}: a product with options has price list prices through its variants only: name them by Variant ID or SKU` };
  else if (product.baseVariantId == null) return { error: `${product.name}: its price list prices cannot be changed until the store is synced again` };
  else variantId = product.baseVariantId;
  const tuple = list.records.get(product.id)?.[variantId];
  const record = tuple ? { price: tuple[0], salePrice: tuple[1], retailPrice: tuple[2], mapPrice: tuple[3] } : null;
  const prices = priceListPrices(catalogPricesOf(product, variant ?? null), record, list.catalogCurrency);
  return { regular: centsOf(prices.price), sale: salePriceOrNull(centsOf(prices.salePrice)), known: prices.known };
}

