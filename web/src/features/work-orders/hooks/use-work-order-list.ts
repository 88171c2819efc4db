/**
 * What /work-orders lists: the server's list in pages (issue 31), the first page polled and the
 * older ones loaded as the merchant scrolls (loadMore), merged by id; or, when the server cannot
 * be reached because the device is offline or the network fails, the list as last received on
 * this device (local/work-orders-cache.ts) with the time it was received. A refusal by the
 * server (a 500, a 403) is not a connection problem and stays an error. Coming back online
 * fetches at once.
 *
 * Merging: each poll's first page is the list as it is now down to its last order (all of it
 * when no page follows); older orders come from the pages loaded before, and from earlier polls'
 * first pages (an order pushed off the first page by new ones stays shown, where the next page
 * will have it).
 */
import { isApiError } from '@catalog/contracts/errors';
import type { WorkOrderListResponse, WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHasNetwork, useOnline } from '../../../lib/use-online';
import { newestFirst, useCachedWorkOrders } from '../../../local/work-orders-cache';
import { getWorkOrderPage, useWorkOrders } from '../api/get-work-orders';

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
  orders: WorkOrderSummary[] | undefined;
  /** The server's answer (undefined while the copy is shown), for what follows status changes. */
  live: WorkOrderSummary[] | undefined;
  /** Set when the list shown is the one last received, because the server cannot be reached. */
  unreachable: Unreachable | null;
  error: unknown;
  isLoading: boolean;
  /** Fetches the first page again, and forgets the older pages loaded (they load again as one scrolls). */
  refetch: () => Promise<void>;
  /** Older orders follow what is shown (never while the copy on the device is shown). */
  hasMore: boolean;
  /** Loads the next page of older orders (nothing while one is on its way). */
  loadMore: () => void;
  loadingMore: boolean;
  /** Why the last loadMore failed; cleared by the next one. */
  loadMoreError: unknown;
}

/** The orders after `boundary` in the list's order (older), by id once, newest first. */
export function olderThan(orders: readonly WorkOrderSummary[], boundary: WorkOrderSummary): WorkOrderSummary[] {
  return orders.filter((o) => newestFirst(o, boundary) > 0);
}

/** `pages` merged by id, the later one's copy of an order winning, newest first. */
export function mergeById(...pages: ReadonlyArray<readonly WorkOrderSummary[]>): WorkOrderSummary[] {
  const byId = new Map<string, WorkOrderSummary>();
  for (const page of pages) for (const order of page) byId.set(order.id, order);
  return [...byId.values()].sort(newestFirst);
}

/** The first page as it is now, then the older orders known that come after it. */
export function mergeFirstPage(first: WorkOrderListResponse, older: readonly WorkOrderSummary[]): WorkOrderSummary[] {
  const last = first.orders.at(-1);
  if (first.nextCursor === null || !last) return first.orders;
  const onFirst = new Set(first.orders.map((o) => o.id));
  return [...first.orders, ...olderThan(older, last).filter((o) => !onFirst.has(o.id))];
}

const NONE: WorkOrderSummary[] = [];

interface Older {
  /** The mode the pages were loaded in (a page of the other mode is dropped). */
  includeArchived: boolean;
  orders: WorkOrderSummary[];
  /** The cursor after the last page loaded; undefined while none was (the first page's applies). */
  cursor: string | null | undefined;
}

export function useWorkOrderList(includeArchived: boolean): WorkOrderList {
  const query = useWorkOrders(includeArchived);
  const online = useOnline();
  const network = useHasNetwork();
  const cutOff = isConnectionFailure(query.error, online);
  const cached = useCachedWorkOrders(includeArchived, cutOff);
  const [older, setOlder] = useState<Older>({ includeArchived, orders: [], cursor: undefined });
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<unknown>(undefined);
  const mine = useMemo(() => (older.includeArchived === includeArchived ? older : { includeArchived, orders: NONE, cursor: undefined }), [older, includeArchived]);

  // Each first page's orders stay known after the next poll: one pushed off it by new orders still shows.
  const previousFirst = useRef<WorkOrderListResponse | undefined>(undefined);
  useEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = query.data;
    if (!before || !query.data || before === query.data) return;
    setOlder((o) => (o.includeArchived === includeArchived ? { ...o, orders: mergeById(o.orders, before.orders) } : o));
  }, [query.data, includeArchived]);

  const wasOnline = useRef(online);
  const { refetch: refetchFirst } = query;
  useEffect(() => {
    if (online && !wasOnline.current) void refetchFirst();
    wasOnline.current = online;
  }, [online, refetchFirst]);

  const refetch = useCallback(async () => {
    setOlder({ includeArchived, orders: [], cursor: undefined });
    setLoadMoreError(undefined);
    previousFirst.current = undefined;
    await refetchFirst();
  }, [includeArchived, refetchFirst]);

  const first = query.data;
  const cursor = mine.cursor === undefined ? (first?.nextCursor ?? null) : mine.cursor;
  const loading = useRef(false);
  const loadMore = useCallback(() => {
    if (loading.current || cursor === null || cutOff) return;
    loading.current = true;
    setLoadingMore(true);
    setLoadMoreError(undefined);
    getWorkOrderPage(includeArchived, cursor).then(
      (page) => setOlder((o) => {
        const base = o.includeArchived === includeArchived ? o.orders : [];
        return { includeArchived, orders: mergeById(base, page.orders), cursor: page.nextCursor };
      }),
      (err: unknown) => setLoadMoreError(err),
    ).finally(() => {
      loading.current = false;
      setLoadingMore(false);
    });
  }, [cursor, cutOff, includeArchived]);

  const merged = useMemo(() => (first ? mergeFirstPage(first, mine.orders) : undefined), [first, mine.orders]);

  if (!cutOff) {
    return {
      orders: merged, live: merged, unreachable: null, error: query.error, isLoading: query.isLoading, refetch,
      hasMore: first !== undefined && first.nextCursor !== null && cursor !== null, loadMore, loadingMore, loadMoreError,
    };
  }
  // The copy on the device is the list as last received (in this tab too, when it had one).
  const orders = cached?.savedAt != null ? cached.orders : (merged ?? cached?.orders);
  return {
    orders,
    live: undefined,
    unreachable: { offline: !network, savedAt: cached?.savedAt ?? null },
    error: undefined,
    isLoading: orders === undefined,
    refetch,
    hasMore: false,
    loadMore,
    loadingMore: false,
    loadMoreError: undefined,
  };
}
