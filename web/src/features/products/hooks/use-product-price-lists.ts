/**
 * One product's price lists from the device's copy (local/price-list-read.ts), read again when a
 * pull changed the copy: undefined while read, null when there is no copy (no user's catalog open).
 * Offline it reads the copy as the last pull left it.
 */
import { useEffect, useState } from 'react';
import { devicePriceLists } from '../../../local/device-price-lists';
import { readProductPriceLists, type ProductPriceLists } from '../../../local/price-list-read';
import { usePriceListsRevision } from '../../../local/use-list-prices';

export function useProductPriceLists(productId: number): ProductPriceLists | null | undefined {
  const revision = usePriceListsRevision();
  const [state, setState] = useState<{ key: string; data: ProductPriceLists | null } | null>(null);
  const key = `${productId}:${revision}`;

  useEffect(() => {
    let current = true;
    void devicePriceLists.db().then(async (db) => {
      const data = db ? await readProductPriceLists(db, productId).catch(() => null) : null;
      if (current) setState({ key, data });
    });
    return () => {
      current = false;
    };
  }, [productId, key]);

  // The last answer while the next read runs (a pull's update does not flash the loader).
  return state === null ? undefined : state.data;
}
