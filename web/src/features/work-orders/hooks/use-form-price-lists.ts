/**
 * The price lists of the create form (issue 35), from the device's copy (local/price-list-read.ts),
 * read again when a pull changed it: every list (the "Prices:" choices and the names of orders'
 * targets) with the catalog's currency, and the chosen list and currency's records. Offline they
 * read the copy as the last pull left it.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { targetName, type PriceListTarget } from '@catalog/contracts/work-orders';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { devicePriceLists } from '../../../local/device-price-lists';
import { readListRecords } from '../../../local/price-list-read';
import { readPriceListState } from '../../../local/price-list-pull';
import { usePriceListsRevision } from '../../../local/use-list-prices';
import { emptyListPrices, type ListPrices } from '../utils/list-prices';

export interface FormPriceLists {
  /** Every list of the store (none: no copy on the device yet). */
  lists: PriceListSummary[];
  catalogCurrency: string | null;
  /** The target's records; null without a target, undefined while read. */
  list: ListPrices | null | undefined;
}

/** undefined while the lists are first read. */
export function useFormPriceLists(target: PriceListTarget | null | undefined): FormPriceLists | undefined {
  const revision = usePriceListsRevision();
  const targetKey = target ? `${target.priceListId}:${target.currency}` : '';
  const key = `${revision}:${targetKey}`;
  const [state, setState] = useState<{ key: string; data: FormPriceLists } | null>(null);

  useEffect(() => {
    let current = true;
    const [listId, currency] = targetKey.split(':');
    void devicePriceLists.db().then(async (db) => {
      let data: FormPriceLists = { lists: [], catalogCurrency: null, list: targetKey ? { target: { priceListId: Number(listId), currency: currency! }, records: new Map(), catalogCurrency: false } : null };
      if (db) {
        try {
          const [lists, meta, records] = await Promise.all([
            db.lists.orderBy('id').toArray(),
            readPriceListState(db),
            targetKey ? readListRecords(db, Number(listId), currency!) : null,
          ]);
          const list = records && { target: { priceListId: Number(listId), currency: currency! }, records, catalogCurrency: meta.catalogCurrency === currency };
          data = { lists, catalogCurrency: meta.catalogCurrency, list };
        } catch (err) {
          console.error('Reading the price lists failed', err);
        }
      }
      if (current) setState({ key, data });
    });
    return () => {
      current = false;
    };
  }, [key, targetKey]);

  if (state === null) return undefined;
  // Another target's records are not this one's: read again (the lists stay).
  return state.key === key ? state.data : { ...state.data, list: targetKey ? undefined : null };
}

/** The names of the device's price lists by id, for orders' targets ("Wholesale (USD)"); empty while read or without a copy. */
export function usePriceListNames(): ReadonlyMap<number, string> {
  const lists = useFormPriceLists(null)?.lists;
  return useMemo(() => new Map((lists ?? []).map((l) => [l.id, l.name])), [lists]);
}

export interface FormPrices {
  /** undefined while first read. */
  lists: PriceListSummary[] | undefined;
  /** The target's records (while read: none, its prices unknown); null for the catalog. */
  list: ListPrices | null;
  /** "Wholesale (USD)", "Catalog" (contracts targetName). */
  nameOf: (target: PriceListTarget | null | undefined) => string;
}

/** The create form's prices: the lists to choose from, the chosen one's records, and their names. */
export function useFormPrices(target: PriceListTarget | null): FormPrices {
  const read = useFormPriceLists(target);
  const readList = read?.list;
  const lists = read?.lists;
  const list = useMemo(() => (target ? (readList ?? emptyListPrices(target)) : null), [target, readList]);
  const nameOf = useCallback(
    (t: PriceListTarget | null | undefined) => targetName(t, t ? lists?.find((l) => l.id === t.priceListId)?.name : null),
    [lists],
  );
  return { lists, list, nameOf };
}
