/**
 * Why a work order refuses a request, as the routes answer it: the 409 of an action its state does
 * not allow (contracts WORK_ORDER_ACTION_GUARDS; spec section 4), of a change to its items or
 * start after it ran, and the 400 of an end that does not come after its start.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { WORK_ORDER_CHANGE_GUARD, type WorkOrderAction } from '@catalog/contracts/work-order-rules';
import { endComesAfterStart, type OrderStart } from '@catalog/contracts/work-order-end';
import { catalogItemIssues, priceListItemIssues, WORK_ORDER_MESSAGES, type PriceListTarget } from '@catalog/contracts/work-orders';
import type { Database, WorkOrder } from '../../db/repositories';

/** Why an action is not allowed for the order as it is now (spec section 4). */
export function conflict(action: WorkOrderAction, order: WorkOrder): ApiError {
  const undoing = order.status === 'executing' && order.executedAt !== null;
  const state = undoing ? 'being undone' : order.status;
  const why = {
    delete: `Only pending work orders can be deleted (this one is ${state})`,
    archive: order.archived
      ? 'This work order is already archived'
      : order.status === 'awaiting_approval'
        ? 'A work order awaiting approval cannot be archived: approve it, reject it or cancel it'
        : `A work order cannot be archived while it is ${undoing ? 'being undone' : 'executing'}`,
    undo: order.archived
      ? 'Archived work orders cannot be undone'
      : `Only completed work orders can be undone (this one is ${state})`,
    editEnd: order.archived
      ? 'The end of an archived work order cannot be changed'
      : `The end can be changed only before the order runs or after it completed, before it is undone (this one is ${state})`,
    approve: order.archived
      ? 'An archived work order cannot be approved'
      : `Only work orders awaiting approval can be approved (this one is ${state.replace('_', ' ')})`,
    reject: order.archived
      ? 'An archived work order cannot be rejected'
      : `Only work orders awaiting approval can be rejected (this one is ${state.replace('_', ' ')})`,
  }[action];
  return new ApiError(ErrorCode.CONFLICT, why);
}

/** An end must come after the order runs: contracts endComesAfterStart, which the screens ask too. */
export function checkRevertAt(revertAt: Date, order: OrderStart, now: Date) {
  if (!endComesAfterStart(revertAt, order, now)) {
    throw new ApiError(ErrorCode.VALIDATION, WORK_ORDER_MESSAGES.revertAfterStart, { fields: { revertAt: WORK_ORDER_MESSAGES.revertAfterStart } });
  }
}

/** Items and start may change only before the order runs (pending or awaiting approval, not archived). */
export const allowsChange = (order: WorkOrder) => (WORK_ORDER_CHANGE_GUARD.status as readonly string[]).includes(order.status) && !order.archived;

export function changeConflict(order: WorkOrder): ApiError {
  return new ApiError(ErrorCode.CONFLICT, order.archived
    ? 'An archived work order cannot be changed'
    : `The items and the start can be changed only before the order runs (this one is ${order.status.replace('_', ' ')})`);
}

/**
 * The price list and currency an order targets (issue 35), checked against the company's synced
 * price lists: an unknown list is 404, a currency the list has neither records nor a channel in 400.
 */
export async function checkTarget(db: Database, companyId: string, target: PriceListTarget): Promise<PriceListTarget> {
  const list = await db.priceLists.getList(companyId, target.priceListId);
  if (!list) {
    throw new ApiError(ErrorCode.NOT_FOUND, `Price list ${target.priceListId} was not found. Sync the store and try again.`, {
      fields: { 'target.priceListId': 'Price list not found' },
    });
  }
  if (!list.currencies.includes(target.currency)) {
    const message = `${list.name} has no prices in ${target.currency}; its currencies are ${list.currencies.join(', ') || 'none yet'}`;
    throw new ApiError(ErrorCode.VALIDATION, message, { fields: { 'target.currency': message } });
  }
  return target;
}

/**
 * A change of an order's items keeps to its target's rule, else 400: a price list order's (every
 * item a variant, none inheriting), a catalog order's (none removes a record).
 */
export function refuseItemsOf(
  target: PriceListTarget | null, items: ReadonlyArray<{ variantId?: number | null; inheritRegularPrice?: true; removeRecord?: true }>,
): void {
  const issues = target ? priceListItemIssues(items) : catalogItemIssues(items);
  if (issues.length === 0) return;
  const fields = Object.fromEntries(issues.map((i) => [`productUpdates.${i.index}.${i.path}`, i.message]));
  throw new ApiError(ErrorCode.VALIDATION, issues[0]!.message, { fields });
}
