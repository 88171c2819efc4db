/** The rules of work-order-rules.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  allowsWorkOrderAction, approvalNote, countWorkOrderUpdates, mayDeleteWorkOrder, needsApproval, isRevertDue, isWorkOrderDue, overlappingOrders, overlapsOfTargets, isOverlapCandidate, WORK_ORDER_ACTION_GUARDS, STORE_CHANGED_ERROR, tooManyOrdersMessage, undoOtherStoreMessage, WORK_ORDER_CAPS, workOrderActions,
} from './work-order-rules';
import { WorkOrder, WorkOrderStatus } from './work-orders';

describe('workOrderActions', () => {
  it('offers undo only on a completed order that is not archived', () => {
    for (const status of WorkOrderStatus.options) {
      expect(workOrderActions({ status, archived: false }).undo, status).toBe(status === 'completed');
    }
    expect(workOrderActions({ status: 'completed', archived: true }).undo).toBe(false);
  });

  it('offers archive when not archived and not executing', () => {
    expect(workOrderActions({ status: 'executing', archived: false }).archive).toBe(false);
    expect(workOrderActions({ status: 'failed', archived: false }).archive).toBe(true);
    expect(workOrderActions({ status: 'pending', archived: true }).archive).toBe(false);
  });

  it('offers delete only on an order nothing was written for (pending or awaiting approval), archived or not', () => {
    for (const status of WorkOrderStatus.options) {
      expect(workOrderActions({ status, archived: false }).delete, status).toBe(status === 'pending' || status === 'awaiting_approval');
    }
    expect(workOrderActions({ status: 'pending', archived: true }).delete).toBe(true);
  });

  it('states every status and archived flag as the spec does (section 4)', () => {
    const offered = (status: WorkOrderStatus, archived: boolean) =>
      Object.entries(workOrderActions({ status, archived })).filter(([, on]) => on).map(([action]) => action);
    expect(WorkOrderStatus.options.flatMap((status) => [false, true].map((archived) => [status, archived, offered(status, archived)]))).toEqual([
      // Issue 19: a member's order waiting for an owner or admin; approve and reject are theirs.
      ['awaiting_approval', false, ['delete', 'editEnd', 'approve', 'reject']], ['awaiting_approval', true, ['delete']],
      ['pending', false, ['archive', 'delete', 'editEnd']], ['pending', true, ['delete']],
      ['executing', false, []], ['executing', true, []],
      ['completed', false, ['undo', 'archive', 'editEnd']], ['completed', true, []],
      ['failed', false, ['archive']], ['failed', true, []],
      ['undone', false, ['archive']], ['undone', true, []],
      ['rejected', false, ['archive']], ['rejected', true, []],
    ]);
  });

  it('reads the guards the API writes with, so the two cannot disagree', () => {
    expect(WORK_ORDER_ACTION_GUARDS).toEqual({
      undo: { status: ['completed'], archived: false },
      archive: { status: ['pending', 'completed', 'failed', 'undone', 'rejected'], archived: false },
      delete: { status: ['pending', 'awaiting_approval'] },
      editEnd: { status: ['awaiting_approval', 'pending', 'completed'], archived: false },
      approve: { status: ['awaiting_approval'], archived: false },
      reject: { status: ['awaiting_approval'], archived: false },
    });
    for (const action of ['undo', 'archive', 'delete', 'editEnd', 'approve', 'reject'] as const) {
      for (const status of WorkOrderStatus.options) {
        for (const archived of [false, true]) {
          expect(allowsWorkOrderAction(action, { status, archived })).toBe(workOrderActions({ status, archived })[action]);
        }
      }
    }
  });
});

describe('mayDeleteWorkOrder (the card offers Delete by it, the API answers 403 by it)', () => {
  const waiting = { status: 'awaiting_approval' as const, createdBy: 'u-mia' };
  it('lets an order awaiting approval be withdrawn by whoever made it, or by an owner or admin', () => {
    expect(mayDeleteWorkOrder(waiting, { id: 'u-mia', role: 'member' })).toBe(true);
    expect(mayDeleteWorkOrder(waiting, { id: 'u-max', role: 'member' })).toBe(false);
    expect(mayDeleteWorkOrder(waiting, { id: 'u-adam', role: 'admin' })).toBe(true);
    expect(mayDeleteWorkOrder(waiting, { id: 'u-olive', role: 'owner' })).toBe(true);
    expect(mayDeleteWorkOrder({ ...waiting, createdBy: null }, { id: 'u-max', role: 'member' })).toBe(false);
    expect(mayDeleteWorkOrder(waiting, null)).toBe(false);
  });

  it('leaves any other order to the status guard and the permission table', () => {
    expect(mayDeleteWorkOrder({ status: 'pending', createdBy: 'u-mia' }, { id: 'u-max', role: 'member' })).toBe(true);
    expect(mayDeleteWorkOrder({ status: 'pending', createdBy: 'u-mia' }, null)).toBe(true);
  });
});

describe('approvals (issue 19)', () => {
  it('holds only a member\u2019s order, only with the setting on and a plan that has approvals', () => {
    expect(needsApproval('member', { ordersNeedApproval: true }, true)).toBe(true);
    expect(needsApproval('admin', { ordersNeedApproval: true }, true)).toBe(false);
    expect(needsApproval('owner', { ordersNeedApproval: true }, true)).toBe(false);
    expect(needsApproval('member', { ordersNeedApproval: false }, true)).toBe(false);
    expect(needsApproval('member', { ordersNeedApproval: true }, false)).toBe(false);
  });

  it('says a scheduled order approved after its time ran on approval, and nothing otherwise', () => {
    const order = { executeImmediately: false, scheduledAt: '2030-01-01T10:00:00.000Z', approvedAt: '2030-01-01T10:05:00.000Z' };
    expect(approvalNote(order)).toBe('Approved after its scheduled time: ran on approval');
    expect(approvalNote({ ...order, approvedAt: '2030-01-01T09:00:00.000Z' })).toBeNull();
    expect(approvalNote({ ...order, approvedAt: null })).toBeNull();
    expect(approvalNote({ ...order, executeImmediately: true })).toBeNull();
  });

  it('never runs an order awaiting approval, nor a rejected one', () => {
    const now = new Date('2030-01-01T10:00:00Z');
    expect(isWorkOrderDue({ status: 'awaiting_approval', archived: false, scheduledAt: null }, now)).toBe(false);
    expect(isWorkOrderDue({ status: 'rejected', archived: false, scheduledAt: null }, now)).toBe(false);
  });
});

// The twins of the API's SQL: api/src/db/work-order-due.contract.test.ts holds them to it.
describe('isWorkOrderDue', () => {
  const now = new Date('2030-01-01T10:00:00Z');
  const pending = { status: 'pending' as const, archived: false };

  it('runs a pending order without a time (an immediate one) right away', () => {
    expect(isWorkOrderDue({ ...pending, scheduledAt: null }, now)).toBe(true);
  });

  it('runs a scheduled order once scheduledAt <= now', () => {
    const at = (scheduledAt: string) => isWorkOrderDue({ ...pending, scheduledAt }, now);
    expect(at('2030-01-01T10:00:00Z')).toBe(true);
    expect(at('2030-01-01T11:00:00+02:00')).toBe(true);
    expect(at('2030-01-01T10:00:01Z')).toBe(false);
  });

  it('never runs an archived order, nor one that is not pending', () => {
    expect(isWorkOrderDue({ ...pending, archived: true, scheduledAt: null }, now)).toBe(false);
    expect(isWorkOrderDue({ status: 'completed', archived: false, scheduledAt: null }, now)).toBe(false);
  });
});

describe('countWorkOrderUpdates', () => {
  it('counts distinct products, regular price changes and sale price changes (a cleared sale price too)', () => {
    expect(
      countWorkOrderUpdates([
        { productId: 1, newRegularPrice: '10.00' },
        { productId: 1, newRegularPrice: '11.00', newSalePrice: '9.00' },
        { productId: 2, newSalePrice: null },
        { productId: 3, newRegularPrice: null, newSalePrice: '1.00' },
      ]),
    ).toEqual({ productCount: 3, regularPriceUpdates: 2, salePriceUpdates: 3, retailPriceUpdates: 0 });
  });

  it('counts retail price (MSRP) changes, a cleared one too (issue 19)', () => {
    expect(countWorkOrderUpdates([
      { productId: 1, newRetailPrice: '10.00' },
      { productId: 2, newRetailPrice: null, newRegularPrice: '5.00' },
      { productId: 3, newSalePrice: '1.00' },
    ])).toEqual({ productCount: 3, regularPriceUpdates: 1, salePriceUpdates: 1, retailPriceUpdates: 2 });
  });
});

describe('caps and store changes', () => {
  it('lets a company have 20 immediate orders waiting and 500 scheduled ones, a member 20 awaiting approval, and says what to do over a cap', () => {
    expect(WORK_ORDER_CAPS).toEqual({ immediate: 20, scheduled: 500, awaitingApproval: 20 });
    expect(tooManyOrdersMessage('awaitingApproval')).toBe(
      'You already have 20 work orders awaiting approval. Wait for an owner or admin to decide on them, or cancel some, then try again.');
    expect(tooManyOrdersMessage('immediate')).toBe(
      'Your company already has 20 work orders waiting to run. Wait for them to finish, or delete pending ones, then try again.');
    expect(tooManyOrdersMessage('scheduled')).toMatch(/^Your company already has 500 scheduled work orders\. .+ then try again\.$/);
  });

  it('names the store change in a cancelled order and in a refused undo', () => {
    expect(STORE_CHANGED_ERROR).toBe('Cancelled: the store connection changed');
    expect(undoOtherStoreMessage('abc123')).toBe(
      'This work order changed prices in another store (abc123); undo is not possible after the store connection changed');
  });
});

describe('isRevertDue', () => {
  const now = new Date('2030-01-01T10:00:00Z');
  it('reverts a completed order once its end has come, archived or not, unless its undo failed', () => {
    expect(isRevertDue({ status: 'completed', revertAt: '2030-01-01T10:00:00Z', error: null }, now)).toBe(true);
    expect(isRevertDue({ status: 'completed', revertAt: '2030-01-01T10:00:01Z', error: null }, now)).toBe(false);
    expect(isRevertDue({ status: 'completed', revertAt: '2030-01-01T09:00:00Z', error: 'Could not undo' }, now)).toBe(false);
    expect(isRevertDue({ status: 'pending', revertAt: '2030-01-01T09:00:00Z', error: null }, now)).toBe(false);
    expect(isRevertDue({ status: 'completed', revertAt: null, error: null }, now)).toBe(false);
  });
});

describe('overlappingOrders', () => {
  const now = new Date('2030-01-01T10:00:00Z');
  const order = (id: string, over: Partial<WorkOrder>) => WorkOrder.parse({
    id, title: id, status: 'pending', archived: false, executeImmediately: false, scheduledAt: '2030-01-02T10:00:00Z',
    createdAt: '2030-01-01T00:00:00Z', executedAt: null, undoneAt: null, error: null, productCount: 1, regularPriceUpdates: 1, salePriceUpdates: 0,
    productUpdates: [{ productId: 1, productName: 'A', newRegularPrice: '1.00' }, { productId: 2, productName: 'B', variantId: 20, newRegularPrice: '1.00' }],
    ...over,
  });
  const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

  it('names pending orders and completed ones still to revert that share a product or variant, oldest first', () => {
    const orders = [
      order(uuid(1), { scheduledAt: '2030-01-03T10:00:00Z' }),
      order(uuid(2), { status: 'completed', executedAt: '2029-12-31T10:00:00Z', scheduledAt: null, revertAt: '2030-01-05T10:00:00Z' }),
      order(uuid(3), { status: 'completed', executedAt: '2029-12-31T10:00:00Z', revertAt: '2030-01-01T09:00:00Z' }),
      order(uuid(4), { status: 'completed', executedAt: '2029-12-31T10:00:00Z', revertAt: null }),
      order(uuid(5), { archived: true }),
      order(uuid(6), { status: 'undone', revertAt: '2030-01-05T10:00:00Z' }),
    ];
    const found = overlappingOrders([{ productId: 2, variantId: 20 }, { productId: 9 }], orders, now);
    expect(found.map((o) => [o.order.id, o.targets])).toEqual([[uuid(2), ['v20']], [uuid(1), ['v20']]]);
    expect(overlappingOrders([{ productId: 2 }], orders, now)).toEqual([]);
  });

  it('gives the same answer from the targets an index found (the API\'s overlaps) as from whole orders', () => {
    const orders = [
      order(uuid(1), { scheduledAt: '2030-01-03T10:00:00Z' }),
      order(uuid(2), { status: 'completed', executedAt: '2029-12-31T10:00:00Z', scheduledAt: null, revertAt: '2030-01-05T10:00:00Z' }),
      order(uuid(5), { archived: true }),
    ];
    const items = [{ productId: 2, variantId: 20 }, { productId: 1 }];
    const fromIndex = overlapsOfTargets(items, orders.map((o) => ({ order: o, targets: ['p1', 'v20', 'p1'] })), now);
    expect(fromIndex).toEqual(overlappingOrders(items, orders, now));
    expect(fromIndex.map((o) => o.targets)).toEqual([['p1', 'v20'], ['p1', 'v20']]);
    expect(isOverlapCandidate({ status: 'awaiting_approval', archived: false, revertAt: null, error: null }, now)).toBe(true);
    expect(isOverlapCandidate({ status: 'completed', archived: false, revertAt: '2030-01-05T10:00:00Z', error: 'undo failed' }, now)).toBe(false);
  });
});
