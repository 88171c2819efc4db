/**
 * The other orders a new one may overlap (issue 18), read when the preview opens: the server's
 * list, else (offline, unreachable) the list last received on this device. No polling: the
 * preview is a moment's look.
 */
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { useEffect, useState } from 'react';
import { useCachedWorkOrders } from '../../../local/work-orders-cache';
import { getWorkOrders } from '../api/get-work-orders';

export function useOrdersToCompare(enabled: boolean): readonly WorkOrder[] {
  const cached = useCachedWorkOrders(false, enabled);
  const [live, setLive] = useState<WorkOrder[] | null>(null);
  useEffect(() => {
    setLive(null);
    if (!enabled) return;
    let current = true;
    getWorkOrders(false).then(
      (orders) => current && setLive(orders),
      () => undefined, // the cached list stands in
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return live ?? cached?.orders ?? [];
}
