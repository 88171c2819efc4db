/**
 * From a create payload's items to the stored items: every product must be live in the caller's
 * catalog (404 otherwise) and every variant must be one of its product's variants (400
 * otherwise); prices become integer cents and each item keeps the store's ids next to ours,
 * so the executor writes to the store and the list speaks the ids the screens know.
 */
import { displayName } from '@catalog/contracts/auth';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { formatCents, parseMoney } from '@catalog/contracts/money';
import type {
  WorkOrder as WireWorkOrder, CreateWorkOrderBody, WorkOrderDetail as WireDetail, WorkOrderItem as WireItem, WorkOrderSummary as WireSummary,
} from '@catalog/contracts/work-orders';
import { countWorkOrderUpdates } from '@catalog/contracts/work-order-rules';
import type { Database, WorkOrder, WorkOrderDetail, WorkOrderItem, WorkOrderSeries, WorkOrderSummary } from '../../db/repositories';

/** How many unknown ids an error message lists before "and N more". */
const LISTED_IDS = 10;

function listIds(ids: readonly number[]): string {
  const shown = ids.slice(0, LISTED_IDS).join(', ');
  return ids.length > LISTED_IDS ? `${shown} and ${ids.length - LISTED_IDS} more` : shown;
}

/**
 * The items as stored, with our ids and the store's. `priceList`: the order is a price list's
 * (issue 35), where a product without options is named by its base variant (the variant that is
 * the product itself, which carries its records): such an item is stored as the product's, with
 * that variant's store id.
 */
export async function resolveItems(db: Database, companyId: string, items: CreateWorkOrderBody['productUpdates'], priceList = false): Promise<WorkOrderItem[]> {
  const products = new Map((await db.products.getByExternalIds(companyId, items.map((i) => i.productId))).map((p) => [p.externalId, p]));

  const missing = [...new Set(items.filter((i) => !products.has(i.productId)).map((i) => i.productId))];
  if (missing.length > 0) {
    const fields: Record<string, string> = {};
    items.forEach((item, index) => {
      if (!products.has(item.productId)) fields[`productUpdates.${index}.productId`] = `Product ${item.productId} was not found in your catalog`;
    });
    const message = missing.length === 1
      ? `Product ${missing[0]} was not found in your catalog. Sync the store and try again.`
      : `${missing.length} products were not found in your catalog: ${listIds(missing)}. Sync the store and try again.`;
    throw new ApiError(ErrorCode.NOT_FOUND, message, { fields });
  }

  const fields: Record<string, string> = {};
  const resolved = items.map((item, index): WorkOrderItem => {
    const product = products.get(item.productId)!;
    const base = priceList && item.variantId != null && item.variantId === product.baseVariantId;
    const variant = item.variantId == null || base ? null : product.variants.find((v) => v.externalId === item.variantId);
    if (variant === undefined) {
      fields[`productUpdates.${index}.variantId`] = `Variant ${item.variantId} is not a variant of product ${item.productId} (${product.name})`;
    }
    const stored: WorkOrderItem = {
      productId: product.id,
      productName: product.name,
      variantId: variant?.id ?? null,
      variantSku: variant ? variant.variantSku : null,
      externalProductId: product.externalId,
      externalVariantId: base ? product.baseVariantId : variant?.externalId ?? null,
    };
    // The contract: a null or absent regular price leaves it (unless the variant's is to inherit
    // again: null stored); an absent sale price leaves it, null clears it.
    if (typeof item.newRegularPrice === 'string') stored.newRegularPriceCents = parseMoney(item.newRegularPrice);
    else if (item.inheritRegularPrice === true && variant) stored.newRegularPriceCents = null;
    if (item.newSalePrice !== undefined) stored.newSalePriceCents = item.newSalePrice === null ? null : parseMoney(item.newSalePrice);
    if (item.newRetailPrice !== undefined) stored.newRetailPriceCents = item.newRetailPrice === null ? null : parseMoney(item.newRetailPrice);
    // Only a price list order's items remove a record (the body's rule refuses it in the catalog's).
    if (item.removeRecord === true && priceList) stored.removeRecord = true;
    return stored;
  });
  const problems = Object.values(fields);
  if (problems.length > 0) {
    const message = problems.length === 1 ? problems[0]! : `${problems.length} items name a variant their product does not have; the first: ${problems[0]}`;
    throw new ApiError(ErrorCode.VALIDATION, message, { fields });
  }
  return resolved;
}

export function toWireItem(item: WorkOrderItem): WireItem {
  const wire: WireItem = {
    productId: item.externalProductId ?? 0,
    productName: item.productName,
    variantId: item.externalVariantId ?? null,
    variantSku: item.variantSku ?? null,
  };
  if (item.newRegularPriceCents === null) wire.inheritRegularPrice = true;
  else if (item.newRegularPriceCents !== undefined) wire.newRegularPrice = formatCents(item.newRegularPriceCents);
  if (item.newSalePriceCents !== undefined) wire.newSalePrice = item.newSalePriceCents === null ? null : formatCents(item.newSalePriceCents);
  if (item.newRetailPriceCents !== undefined) wire.newRetailPrice = item.newRetailPriceCents === null ? null : formatCents(item.newRetailPriceCents);
  if (item.removeRecord) wire.removeRecord = true;
  return wire;
}

/**
 * The names of the people an order names (who made, approved or rejected it), by user id:
 * the company's users, read once for a list. A former member is left out (the wire says null).
 */
export async function peopleOf(db: Database, companyId: string): Promise<Map<string, string>> {
  return new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, displayName(u)]));
}

const nameOf = (people: ReadonlyMap<string, string>, id: string | null) => (id === null ? null : people.get(id) ?? null);

/** The series of the orders that are runs of one (issue 36), by id: read once for a list. */
export async function seriesOfOrders(db: Database, companyId: string, orders: readonly Pick<WorkOrder, 'seriesId'>[]): Promise<Map<string, WorkOrderSeries>> {
  const ids = orders.flatMap((o) => (o.seriesId === null ? [] : [o.seriesId]));
  return ids.length === 0 ? new Map() : db.workOrders.series(companyId, ids);
}

/** What the wire's order and summary both say, from what the stored order and summary both have (`series` from seriesOfOrders). */
function wireCommon(order: WorkOrder | WorkOrderSummary, people: ReadonlyMap<string, string>, series: ReadonlyMap<string, WorkOrderSeries>) {
  const ofSeries = order.seriesId === null || order.seriesRun === null ? undefined : series.get(order.seriesId);
  return {
    id: order.id,
    clientId: order.idempotencyKey,
    title: order.title,
    status: order.status,
    archived: order.archived,
    executeImmediately: order.executeImmediately,
    scheduledAt: order.scheduledAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    executedAt: order.executedAt?.toISOString() ?? null,
    undoneAt: order.undoneAt?.toISOString() ?? null,
    error: order.error,
    revertAt: order.revertAt?.toISOString() ?? null,
    target: order.target,
    warning: order.warning,
    needsAttention: order.needsAttention,
    createdById: order.createdBy,
    createdByName: nameOf(people, order.createdBy),
    approvedBy: nameOf(people, order.approvedBy),
    approvedAt: order.approvedAt?.toISOString() ?? null,
    rejectedBy: nameOf(people, order.rejectedBy),
    rejectedAt: order.rejectedAt?.toISOString() ?? null,
    rejectionReason: order.rejectionReason,
    repeat: ofSeries?.rule ?? null,
    series: order.seriesId === null || order.seriesRun === null
      ? null
      : {
        id: order.seriesId,
        run: order.seriesRun,
        endedReason: ofSeries?.endedAt ? ofSeries.endReason : null,
        firstStart: ofSeries?.firstStart.toISOString() ?? null,
        firstEnd: ofSeries?.firstEnd?.toISOString() ?? null,
      },
  };
}

/** The whole order (the contracts' WorkOrder, every item): what the writes answer; `people` from peopleOf, `series` from seriesOfOrders. */
export function toWireOrder(order: WorkOrder, people: ReadonlyMap<string, string> = new Map(), series: ReadonlyMap<string, WorkOrderSeries> = new Map()): WireWorkOrder {
  const productUpdates = order.productUpdates.map(toWireItem);
  return {
    ...wireCommon(order, people, series),
    productUpdates,
    ...countWorkOrderUpdates(productUpdates),
    undoTrigger: order.status === 'undone' ? order.undoRequest?.trigger ?? null : null,
    revertReport: order.status === 'undone' ? order.revertReport : null,
  };
}

/** The order as a page of GET /api/work-orders lists it (issue 31): no items, the stored counts. */
export function toWireSummary(order: WorkOrderSummary, people: ReadonlyMap<string, string> = new Map(), series: ReadonlyMap<string, WorkOrderSeries> = new Map()): WireSummary {
  // Added to the common object rather than spread into a new one: a page maps 100 of these, and
  // a spread copy of each was a fifth of the page's time on the event loop (bench/work-order-list.ts).
  const wire = wireCommon(order, people, series) as ReturnType<typeof wireCommon> & Partial<WireSummary>;
  wire.itemCount = order.itemCount;
  wire.productCount = order.productCount;
  wire.regularPriceUpdates = order.regularPriceUpdates;
  wire.salePriceUpdates = order.salePriceUpdates;
  wire.retailPriceUpdates = order.retailPriceUpdates;
  wire.undoTrigger = order.status === 'undone' ? order.undoTrigger : null;
  wire.revertReport = order.status === 'undone' ? order.revertReport : null;
  return wire as WireSummary;
}

/** GET /api/work-orders/{id}: the summary, a page of the items, and the whole revert report. */
export function toWireDetail(
  detail: WorkOrderDetail, itemsNextCursor: string | null, people: ReadonlyMap<string, string> = new Map(), series: ReadonlyMap<string, WorkOrderSeries> = new Map(),
): WireDetail {
  return {
    ...toWireSummary(detail.order, people, series),
    productUpdates: detail.items.map(toWireItem),
    itemsNextCursor,
    revertReport: detail.order.status === 'undone' ? detail.revertReport : null,
    changes: detail.changeLog.map((change) => ({ ...change, by: people.get(change.by) ?? null })),
  };
}
