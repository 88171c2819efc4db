/**
 * The products screen's "Prices:" choice (issue 35): the catalog's prices or one price list and
 * currency's, kept in the URL (`prices=7:USD`, so a shared link and Back keep it, as the filters
 * are) and the lists to choose from (the chosen one's prices: local/use-list-prices.ts), all
 * from the device's copy of the price lists, so offline too. Mounting them makes the device
 * follow the price lists (devicePriceLists.subscribe, as the product detail does).
 */
import { targetName } from '@catalog/contracts/work-order-target';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { devicePriceLists } from '../../../local/device-price-lists';
import {
  choiceValue, parseChoice, readPriceListChoices, type PriceListChoice, type PriceListChoices,
} from '../../../local/price-list-index';
import { CATALOG_VALUE, usePriceListsRevision } from '../../../local/use-list-prices';

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

