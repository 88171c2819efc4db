/**
 * What /work-orders lists: the server's list (polled), or, when the server cannot be reached
 * because the device is offline or the network fails, the list as last received on this device
 * (local/work-orders-cache.ts) with the time it was received. A refusal by the server (a 500, a
 * 403) is not a connection problem and stays an error. Coming back online fetches at once.
 */
import { isApiError } from '@catalog/contracts/errors';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { useEffect, useRef } from 'react';
import { useHasNetwork, useOnline } from '../../../lib/use-online';
import { useCachedWorkOrders } from '../../../local/work-orders-cache';
import { useWorkOrders } from '../api/get-work-orders';

/** The request got no answer: offline, or the network failed on the way (no ApiError). */
export function isConnectionFailure(error: unknown, online: boolean): boolean {
  return error !== undefined && (!online || !isApiError(error));
}

export interface Unreachable {
  /** The device says it is offline (else: the network failed while it says online). */
  offline: boolean;
  /** When the shown list was received; null when no list was ever received on this device. */
  savedAt: number | null;
}

export interface WorkOrderList {
  orders: WorkOrder[] | undefined;
  /** The server's answer (undefined while the copy is shown), for what follows status changes. */
  live: WorkOrder[] | undefined;
  /** Set when the list shown is the one last received, because the server cannot be reached. */
  unreachable: Unreachable | null;
  error: unknown;
  isLoading: boolean;
  refetch: () => Promise<void>;
}

export function useWorkOrderList(includeArchived: boolean): WorkOrderList {
  const query = useWorkOrders(includeArchived);
  const online = useOnline();
  const network = useHasNetwork();
  const cutOff = isConnectionFailure(query.error, online);
  const cached = useCachedWorkOrders(includeArchived, cutOff);

  const wasOnline = useRef(online);
  const { refetch } = query;
  useEffect(() => {
    if (online && !wasOnline.current) void refetch();
    wasOnline.current = online;
  }, [online, refetch]);

  if (!cutOff) {
    return { orders: query.data, live: query.data, unreachable: null, error: query.error, isLoading: query.isLoading, refetch };
  }
  // The copy on the device is the list as last received (in this tab too, when it had one).
  const orders = cached?.savedAt != null ? cached.orders : (query.data ?? cached?.orders);
  return {
    orders,
    live: undefined,
    unreachable: { offline: !network, savedAt: cached?.savedAt ?? null },
    error: undefined,
    isLoading: orders === undefined,
    refetch,
  };
}
