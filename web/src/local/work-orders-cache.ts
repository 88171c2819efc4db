/**
 * The work orders the server last gave (GET /api/work-orders, with and without archived
 * orders, page by page: summaries without their items, issue 31), kept in the signed-in user's
 * local database (the `workOrders` table) so /work-orders still shows them when the device is
 * offline. Each list's time is kept in `meta`, for the notice "as last seen at <time>". At most
 * MAX_CACHED_WORK_ORDERS are kept, the newest.
 *
 * The stored orders are read back through the contracts' schema: a row that no longer parses
 * (an older app's shape) is left out rather than shown half. A whole order an earlier version
 * kept reads as its summary.
 */
import { WorkOrderSummary, type WorkOrderListResponse } from '@catalog/contracts/work-orders';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CachedWorkOrder, CatalogDb } from './catalog-db';
import { useCatalogStatus } from './catalog-query';
import { deviceCatalog } from './device-catalog';

/** meta keys: when each list was last received. */
export const META_WORK_ORDERS_AT = 'workOrders.savedAt';
export const META_ALL_WORK_ORDERS_AT = 'workOrders.withArchived.savedAt';

/** The most orders kept on a device (the newest): a list that grows with use stays bounded here too. */
export const MAX_CACHED_WORK_ORDERS = 500;

const savedAtKey = (includeArchived: boolean) => (includeArchived ? META_ALL_WORK_ORDERS_AT : META_WORK_ORDERS_AT);

export interface CachedWorkOrders {
  orders: WorkOrderSummary[];
  /** When the list was received (epoch ms); null when it never was on this device. */
  savedAt: number | null;
}

/** The list's order, newest first: createdAt, then id (as the server pages it). */
type Keyed = Pick<WorkOrderSummary, 'createdAt' | 'id'>;
export function newestFirst(a: Keyed, b: Keyed): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The list key of a stored row (what an earlier version stored has it too), or null. */
function keyOf(row: CachedWorkOrder): Keyed | null {
  const order = row.order as Partial<Keyed> | null;
  return order && typeof order.createdAt === 'string' && typeof order.id === 'string' ? { createdAt: order.createdAt, id: order.id } : null;
}

/**
 * Keeps a page the server just gave. The first page is the list as it is now down to its last
 * order (all of it when no page follows): the orders kept from that stretch that it no longer
 * has are gone (deleted; or archived, for the list without archived orders; archived ones stay
 * from the last list with them). A later page adds its orders. Then only the newest
 * MAX_CACHED_WORK_ORDERS stay.
 */
export async function saveWorkOrders(
  includeArchived: boolean,
  page: Pick<WorkOrderListResponse, 'orders' | 'nextCursor'>,
  { first }: { first: boolean },
  now = Date.now(),
): Promise<void> {
  const db = deviceCatalog.db();
  if (!db) return;
  const last = page.orders.at(-1);
  const received = new Set(page.orders.map((o) => o.id));
  await db.transaction('rw', [db.workOrders, db.meta], async () => {
    if (first) {
      const covered = (row: CachedWorkOrder) => {
        if (received.has(row.id) || (!includeArchived && row.archived)) return false;
        const key = keyOf(row);
        // A row without a key (an older app's) goes; so does every one when the page is the whole list.
        return key === null || page.nextCursor === null || !last || newestFirst(key, last) <= 0;
      };
      await db.workOrders.filter(covered).delete();
    }
    await db.workOrders.bulkPut(page.orders.map((order) => ({ id: order.id, archived: order.archived, order })));
    const rows = await db.workOrders.toArray();
    if (rows.length > MAX_CACHED_WORK_ORDERS) {
      const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
      keyed.sort((a, b) => (a.key && b.key ? newestFirst(a.key, b.key) : a.key ? -1 : b.key ? 1 : 0));
      await db.workOrders.bulkDelete(keyed.slice(MAX_CACHED_WORK_ORDERS).map((k) => k.row.id));
    }
    if (first) await db.meta.put({ key: savedAtKey(includeArchived), value: now });
  });
}

export async function readWorkOrders(db: CatalogDb, includeArchived: boolean): Promise<CachedWorkOrders> {
  const [rows, own, other] = await db.transaction('r', [db.workOrders, db.meta], () =>
    Promise.all([db.workOrders.toArray(), db.meta.get(savedAtKey(includeArchived)), db.meta.get(savedAtKey(!includeArchived))]),
  );
  const orders: WorkOrderSummary[] = [];
  for (const row of rows) {
    const parsed = WorkOrderSummary.safeParse(row.order);
    if (parsed.success && (includeArchived || !parsed.data.archived)) orders.push(parsed.data);
  }
  // A list never fetched in this mode is as old as the other one (the orders come from it).
  const at = own?.value ?? other?.value;
  return { orders: orders.sort(newestFirst), savedAt: typeof at === 'number' ? at : null };
}

/** The cached list, live (undefined while loading or when `enabled` is false). */
export function useCachedWorkOrders(includeArchived: boolean, enabled = true): CachedWorkOrders | undefined {
  const { uid } = useCatalogStatus();
  return useLiveQuery(async () => {
    const db = deviceCatalog.db();
    if (!enabled) return undefined;
    if (!db) return { orders: [], savedAt: null };
    return readWorkOrders(db, includeArchived);
  }, [uid, includeArchived, enabled]);
}
