/**
 * The products screen's "Prices:" choice (issue 35): the catalog's prices or one price list and
 * currency's, kept in the URL (`prices=7:USD`, so a shared link and Back keep it, as the filters
 * are), the lists to choose from, and the chosen one's prices (local/price-list-index.ts), all
 * from the device's copy of the price lists, so offline too. Mounting them makes the device
 * follow the price lists (devicePriceLists.subscribe, as the product detail does).
 */
import { targetName } from '@catalog/contracts/work-order-target';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getLocalProducts, useCatalogRevision } from '../../../local/catalog-query';
import { deviceCatalog } from '../../../local/device-catalog';
import { devicePriceLists } from '../../../local/device-price-lists';
import {
  choiceValue, parseChoice, readListPrices, readPriceListChoices, type ListPrices, type PriceListChoice, type PriceListChoices,
} from '../../../local/price-list-index';
import { usePriceListsRevision } from './use-product-price-lists';

/** The URL's parameter of the choice: "7:USD"; absent for the catalog's prices. */
export const PRICES_PARAM = 'prices';

/** The choice in the URL, and a setter that writes it (a new history entry; the other parameters kept). */
export function usePriceListParam(): [PriceListChoice | null, (next: PriceListChoice | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PRICES_PARAM);
  const choice = useMemo(() => parseChoice(raw), [raw]);
  const setChoice = useCallback(
    (next: PriceListChoice | null) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next) out.set(PRICES_PARAM, choiceValue(next));
        else out.delete(PRICES_PARAM);
        return out;
      }, { preventScrollReset: true }),
    [setParams],
  );
  return [choice, setChoice];
}

/** The device's lists and the catalog's currency, read again when a pull changed them: undefined while read, null without a copy. */
export function usePriceListChoices(): PriceListChoices | null | undefined {
  const revision = usePriceListsRevision();
  const [state, setState] = useState<{ revision: number; data: PriceListChoices | null } | null>(null);
  useEffect(() => {
    let current = true;
    void devicePriceLists.db().then(async (db) => {
      const data = db ? await readPriceListChoices(db).catch(() => null) : null;
      if (current) setState({ revision, data });
    });
    return () => {
      current = false;
    };
  }, [revision]);
  // The last answer while the next read runs (a pull's update does not empty the select).
  return state === null ? undefined : state.data;
}

export interface PriceOption {
  value: string;
  label: string;
}

/** The select's value of the catalog's prices. */
export const CATALOG_VALUE = '';

/**
 * "Catalog", then one option per list and currency ("Wholesale (USD)"); a chosen list the
 * lists do not hold yet (still read) keeps an option of its own.
 */
export function priceOptions(choices: PriceListChoices | null | undefined, chosen: PriceListChoice | null): PriceOption[] {
  const options: PriceOption[] = [{ value: CATALOG_VALUE, label: targetName(null, null) }];
  for (const list of choices?.lists ?? []) {
    for (const currency of [...list.currencies].sort()) {
      options.push({ value: choiceValue({ priceListId: list.id, currency }), label: targetName({ priceListId: list.id, currency }, list.name) });
    }
  }
  if (chosen && !options.some((o) => o.value === choiceValue(chosen))) {
    options.push({ value: choiceValue(chosen), label: targetName(chosen, choices?.lists.find((l) => l.id === chosen.priceListId)?.name) });
  }
  return options;
}

/**
 * The choice in force: the URL's while the lists are read, or once they are when its list is
 * still there (a list deleted since shows the catalog's prices).
 */
export function choiceInForce(choices: PriceListChoices | null | undefined, chosen: PriceListChoice | null): PriceListChoice | null {
  if (!chosen || choices === undefined) return chosen;
  return choices?.lists.some((l) => l.id === chosen.priceListId) ? chosen : null;
}

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
