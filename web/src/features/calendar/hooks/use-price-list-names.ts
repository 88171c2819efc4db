/**
 * The names of the store's price lists by id, from the device's copy (local/device-price-lists.ts),
 * read again when a pull changed it: the calendar names orders' targets by them ("Wholesale
 * (USD)"), offline too. Empty while read or without a copy (targets then read "Price list 7").
 */
import { useEffect, useState } from 'react';
import { devicePriceLists } from '../../../local/device-price-lists';
import { usePriceListsRevision } from '../../../local/use-list-prices';

const NONE: ReadonlyMap<number, string> = new Map();

export function usePriceListNames(): ReadonlyMap<number, string> {
  const revision = usePriceListsRevision();
  const [names, setNames] = useState<ReadonlyMap<number, string>>(NONE);
  useEffect(() => {
    let current = true;
    devicePriceLists.db().then(async (db) => {
      const lists = db ? await db.lists.toArray() : [];
      if (current) setNames(new Map(lists.map((l) => [l.id, l.name])));
    }).catch((err: unknown) => console.error('Reading the price lists failed', err));
    return () => {
      current = false;
    };
  }, [revision]);
  return names;
}
