/**
 * The safe undo's reading part: the store's current prices of an order's items (batched, as the
 * snapshot before execution is read), classified by safe-undo.ts, and what changed the items
 * changed since, from the price history (a later order and its title, an edit and who made it,
 * a change found in the store). The undo preview route and the executor's undo both use it, so
 * the preview says what the undo does (unless the store changes in between; the undo reads again).
 */
import type { BigCommerceClient } from '@catalog/commerce';
import type { RevertReport } from '@catalog/contracts/work-orders';
import type { Database, WorkOrder } from '../../db/repositories';
import { snapshotKey, type PriceTarget } from './price-plan';
import { changeSources, classifyRevert, revertReport, type ClassifiedItem, type CurrentPrices } from './safe-undo';
import { readSnapshot } from './store-snapshot';

export interface RevertPlan {
  items: ClassifiedItem[];
  report: RevertReport;
}

/** Reads the store and classifies each item; `force` restores the items changed since too. */
export async function planRevert(
  db: Database,
  client: BigCommerceClient,
  order: WorkOrder,
  targets: readonly PriceTarget[],
  force: boolean,
  signal?: AbortSignal,
): Promise<RevertPlan> {
  const snapshot = new Map((order.originalPrices ?? []).map((s) => [snapshotKey(s), s]));
  const read = await readSnapshot(client, targets, signal);
  const current = new Map<string, CurrentPrices>(read.prices.map((p) => [snapshotKey(p), { regular: p.regularPriceCents, sale: p.salePriceCents, retail: p.retailPriceCents ?? null }]));
  const items = classifyRevert(targets, snapshot, current, force);

  const changed = items.filter((i) => i.changedSince).map((i) => i.target);
  const keys = new Map(changed.map((t) => [t.key, {
    productId: t.productId, variantId: t.variantId, priceListId: t.record?.priceListId ?? null, currency: t.record?.currency ?? null,
  }]));
  const since = order.executedAt ?? order.createdAt;
  const entries = changed.length === 0 ? [] : await db.priceHistory.listSince(order.companyId, changed.map((t) => t.productId), since);
  const titles = new Map<string, string>();
  for (const id of new Set(entries.flatMap((e) => (e.workOrderId && e.workOrderId !== order.id ? [e.workOrderId] : [])))) {
    const other = await db.workOrders.get(order.companyId, id);
    if (other) titles.set(id, other.title);
  }
  const people = new Map<string, string>();
  for (const id of new Set(entries.flatMap((e) => (e.changeType === 'manual' && e.changedBy ? [e.changedBy] : [])))) {
    const user = await db.users.getById(order.companyId, id);
    if (user) people.set(id, [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email);
  }
  const sources = changeSources(keys, entries, order.id, titles, people);
  const names = new Map(targets.map((t, i) => [t.key, {
    productName: order.productUpdates[i]?.productName ?? t.label,
    variantSku: order.productUpdates[i]?.variantSku ?? null,
  }]));
  return { items, report: revertReport(items, force, sources, names) };
}
