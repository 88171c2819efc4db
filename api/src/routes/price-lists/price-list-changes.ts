/**
 * GET /api/price-lists/changes (contracts price-list-changes.ts): one page of the company's price
 * list records changed after a device's cursor, with every list whole and the catalog's currency.
 *
 * The copy a device holds belongs to a company and its store (`catalogId`): connecting another
 * store clears the lists and starts the record versions again from 0 (PriceListsRepository.clear),
 * so a device whose copy is of another store, or whose cursor is ahead of the company's version,
 * starts over (`reset`, from 0).
 */
import type { PriceListChangesQuery, PriceListChangesResponse, ReplicatedPriceListRecord } from '@catalog/contracts/price-list-changes';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { formatCents } from '@catalog/contracts/money';
import type { Database, PriceListRecordChange, StoredPriceList } from '../../db/repositories';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

export function toWireList(l: StoredPriceList): PriceListSummary {
  return { ...l, dateModified: iso(l.dateModified), recordsReadAt: iso(l.recordsReadAt) };
}

const keyOf = (r: PriceListRecordChange) => ({ priceListId: r.priceListId, variantId: r.variantId, productId: r.productId, currency: r.currency });

function toReplicated(r: PriceListRecordChange): ReplicatedPriceListRecord {
  return {
    ...keyOf(r), price: formatCents(r.priceCents), salePrice: money(r.salePriceCents), retailPrice: money(r.retailPriceCents), mapPrice: money(r.mapPriceCents),
  };
}

export async function priceListChanges(db: Database, companyId: string, query: PriceListChangesQuery): Promise<PriceListChangesResponse> {
  const [settings, state] = await Promise.all([db.settings.get(companyId), db.priceLists.syncState(companyId)]);
  // The store is part of the copy's identity: another store's lists share nothing with these.
  const catalogId = `${companyId}:${settings?.storeHash ?? ''}`;
  const reset = (query.catalog !== undefined && query.catalog !== catalogId) || query.cursor > state.recordVersion;
  const since = reset ? 0 : query.cursor;
  // One more than the page: whether another page follows.
  const [rows, lists, catalogCurrency] = await Promise.all([
    db.priceLists.changesSince(companyId, since, query.limit + 1),
    db.priceLists.listLists(companyId),
    db.priceLists.catalogCurrency(companyId),
  ]);
  const page = rows.slice(0, query.limit);
  const cursor = page.at(-1)?.version ?? since;
  return {
    catalogId,
    reset,
    cursor,
    hasMore: rows.length > query.limit,
    // Read before the page: writes committed in between can put the page past it.
    latestVersion: Math.max(state.recordVersion, cursor),
    catalogCurrency,
    lists: lists.map(toWireList),
    records: page.filter((r) => !r.deleted).map(toReplicated),
    deleted: page.filter((r) => r.deleted).map(keyOf),
  };
}
