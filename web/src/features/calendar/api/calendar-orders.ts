/**
 * The calendar's orders: the device's copy (local/work-orders-cache.ts, the list with archived
 * orders), read live, so the calendar shows it offline and follows every change to it; and, while
 * online, the server's list read into that copy whole (GET /api/work-orders in pages of 100, up to
 * the MAX_CACHED_WORK_ORDERS newest the device keeps): when the calendar opens, when the connection
 * returns, every CALENDAR_REFRESH_MS, and after a move. /work-orders fills the same copy.
 */
import { isApiError } from '@catalog/contracts/errors';
import { MAX_PAGE_LIMIT } from '@catalog/contracts/paging';
import { WorkOrderListResponse, type WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { useOnline } from '../../../lib/use-online';
import { MAX_CACHED_WORK_ORDERS, saveWorkOrders, useCachedWorkOrders } from '../../../local/work-orders-cache';

/** How often an open calendar reads the list again (statuses move as orders run and end). */
export const CALENDAR_REFRESH_MS = 30_000;

/** Reads the whole list (up to what the device keeps) into the device's copy, page by page. */
export async function refreshCalendarOrders(signal?: AbortSignal): Promise<void> {
  let cursor: string | null = null;
  let received = 0;
  do {
    const page: WorkOrderListResponse = await apiFetch('/api/work-orders', {
      query: { includeArchived: true, cursor, limit: MAX_PAGE_LIMIT },
      schema: WorkOrderListResponse,
      signal,
    });
    await saveWorkOrders(true, page, { first: cursor === null });
    received += page.orders.length;
    cursor = page.nextCursor;
  } while (cursor !== null && received < MAX_CACHED_WORK_ORDERS && !signal?.aborted);
}

export interface CalendarOrders {
  /** undefined while the device's copy is first read. */
  orders: WorkOrderSummary[] | undefined;
  /** When the copy was last received from the server; null: never on this device. */
  savedAt: number | null;
  /** A read from the server is on its way. */
  refreshing: boolean;
  /** The server refused the last read (a connection failure is not an error: the copy is shown). */
  error: unknown;
  refresh: () => Promise<void>;
}

export function useCalendarOrders(): CalendarOrders {
  const cached = useCachedWorkOrders(true);
  const online = useOnline();
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const running = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    running.current ??= refreshCalendarOrders().then(
      () => setError(undefined),
      (err: unknown) => setError(isApiError(err) ? err : undefined),
    ).finally(() => {
      running.current = null;
      setRefreshing(false);
    });
    setRefreshing(true);
    return running.current;
  }, []);

  useEffect(() => {
    if (!online) return;
    void refresh();
    const timer = setInterval(() => void refresh(), CALENDAR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, refresh]);

  return { orders: cached?.orders, savedAt: cached?.savedAt ?? null, refreshing, error, refresh };
}
