/**
 * The device's price lists for any screen (issue 35): the copy's revision, which moves when a pull
 * changed it, and one list and currency's prices (price-list-index.ts: its records by product and
 * the index's price source, so the price and sale filters read the list's prices), read again when
 * the copy or the catalog changed. Offline they read the copy as the last pull left it.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getLocalProducts, useCatalogRevision } from './catalog-query';
import { deviceCatalog } from './device-catalog';
import { devicePriceLists } from './device-price-lists';
import { choiceValue, parseChoice, readListPrices, type ListPrices, type PriceListChoice } from './price-list-index';

export function usePriceListsRevision(): number {
  return useSyncExternalStore(devicePriceLists.subscribe, () => devicePriceLists.status().revision);
}

/** The select's value of the catalog's prices. */
export const CATALOG_VALUE = '';

export interface ListPricesState {
  /** The chosen list's prices; null for the catalog's (or when there is no copy to read). */
  prices: ListPrices | null;
  /** The chosen list's prices are read (its first read: a later revision keeps the last meanwhile). */
  loading: boolean;
}

/** The chosen list and currency's prices, read again when the copy or the catalog changed. */
export function useListPrices(choice: PriceListChoice | null): ListPricesState {
  const revision = usePriceListsRevision();
  const catalogVersion = useCatalogRevision();
  const value = choice ? choiceValue(choice) : CATALOG_VALUE;
  const [state, setState] = useState<{ value: string; prices: ListPrices | null } | null>(null);

  useEffect(() => {
    const chosen = parseChoice(value);
    if (!chosen) return;
    let current = true;
    void (async () => {
      const [db, catalog] = await Promise.all([devicePriceLists.db(), deviceCatalog.ready()]);
      const prices = db && catalog
        ? await readListPrices(chosen, { db, revision, index: catalog.index, catalogVersion, readRows: getLocalProducts }).catch((err: unknown) => {
          console.error('Could not read the price list', err);
          return null;
        })
        : null;
      if (current) setState({ value, prices });
    })();
    return () => {
      current = false;
    };
  }, [value, revision, catalogVersion]);

  if (!choice) return { prices: null, loading: false };
  const same = state?.value === value ? state : null;
  return { prices: same?.prices ?? null, loading: same === null };
}
