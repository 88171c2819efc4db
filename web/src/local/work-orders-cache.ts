/**
 * The last work-order lists the server gave (GET /api/work-orders, with and without archived
 * orders), kept in the signed-in user's local database (the `workOrders` table) so /work-orders
 * still shows them when the device is offline. Each list's time is kept in `meta`, for the
 * notice "as last seen at <time>".
 *
 * The stored orders are read back through the contracts' schema: a row that no longer parses
 * (an older app's shape) is left out rather than shown half.
 */
import { WorkOrder } from '@catalog/contracts/work-orders';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CatalogDb } from './catalog-db';
import { useCatalogStatus } from './catalog-query';
import { activeCatalogDb } from './local-catalog';

/** meta keys: when each list was last received. */
export const META_WORK_ORDERS_AT = 'workOrders.savedAt';
export const META_ALL_WORK_ORDERS_AT = 'workOrders.withArchived.savedAt';

const savedAtKey = (includeArchived: boolean) => (includeArchived ? META_ALL_WORK_ORDERS_AT : META_WORK_ORDERS_AT);

export interface CachedWorkOrders {
  orders: WorkOrder[];
  /** When the list was received (epoch ms); null when it never was on this device. */
  savedAt: number | null;
}

/**
 * Keeps a list the server just gave. The list with archived orders is the whole set; the one
 * without replaces only the orders that are not archived (archived ones stay from the last
 * whole list).
 */
export async function saveWorkOrders(includeArchived: boolean, orders: readonly WorkOrder[], now = Date.now()): Promise<void> {
  const db = activeCatalogDb();
  if (!db) return;
  await db.transaction('rw', [db.workOrders, db.meta], async () => {
    if (includeArchived) await db.workOrders.clear();
    else await db.workOrders.filter((row) => !row.archived).delete();
    await db.workOrders.bulkPut(orders.map((order) => ({ id: order.id, archived: order.archived, order })));
    await db.meta.put({ key: savedAtKey(includeArchived), value: now });
  });
}

function newestFirst(a: WorkOrder, b: WorkOrder): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export async function readWorkOrders(db: CatalogDb, includeArchived: boolean): Promise<CachedWorkOrders> {
  const [rows, own, other] = await db.transaction('r', [db.workOrders, db.meta], () =>
    Promise.all([db.workOrders.toArray(), db.meta.get(savedAtKey(includeArchived)), db.meta.get(savedAtKey(!includeArchived))]),
  );
  const orders: WorkOrder[] = [];
  for (const row of rows) {
    const parsed = WorkOrder.safeParse(row.order);
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
    const db = activeCatalogDb();
    if (!enabled) return undefined;
    if (!db) return { orders: [], savedAt: null };
    return readWorkOrders(db, includeArchived);
  }, [uid, includeArchived, enabled]);
}
