/** The rules of work-order-rules.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  allowsWorkOrderAction, countWorkOrderUpdates, isWorkOrderDue, WORK_ORDER_ACTION_GUARDS, STORE_CHANGED_ERROR, tooManyOrdersMessage, undoOtherStoreMessage, WORK_ORDER_CAPS, workOrderActions,
} from './work-order-rules';
import { WorkOrderStatus } from './work-orders';

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

  it('offers delete only on a pending order, archived or not', () => {
    for (const status of WorkOrderStatus.options) {
      expect(workOrderActions({ status, archived: false }).delete, status).toBe(status === 'pending');
    }
    expect(workOrderActions({ status: 'pending', archived: true }).delete).toBe(true);
  });

  it('states every status and archived flag as the spec does (section 4)', () => {
    const offered = (status: WorkOrderStatus, archived: boolean) =>
      Object.entries(workOrderActions({ status, archived })).filter(([, on]) => on).map(([action]) => action);
    expect(WorkOrderStatus.options.flatMap((status) => [false, true].map((archived) => [status, archived, offered(status, archived)]))).toEqual([
      ['pending', false, ['archive', 'delete']], ['pending', true, ['delete']],
      ['executing', false, []], ['executing', true, []],
      ['completed', false, ['undo', 'archive']], ['completed', true, []],
      ['failed', false, ['archive']], ['failed', true, []],
      ['undone', false, ['archive']], ['undone', true, []],
    ]);
  });

  it('reads the guards the API writes with, so the two cannot disagree', () => {
    expect(WORK_ORDER_ACTION_GUARDS).toEqual({
      undo: { status: ['completed'], archived: false },
      archive: { status: ['pending', 'completed', 'failed', 'undone'], archived: false },
      delete: { status: ['pending'] },
    });
    for (const action of ['undo', 'archive', 'delete'] as const) {
      for (const status of WorkOrderStatus.options) {
        for (const archived of [false, true]) {
          expect(allowsWorkOrderAction(action, { status, archived })).toBe(workOrderActions({ status, archived })[action]);
        }
      }
    }
  });
});

describe('isWorkOrderDue', () => {
  const now = new Date('2030-01-01T10:00:00Z');

  it('runs an immediate pending order right away', () => {
    expect(isWorkOrderDue({ status: 'pending', executeImmediately: true, scheduledAt: null }, now)).toBe(true);
  });

  it('runs a scheduled order once scheduledAt <= now', () => {
    const at = (scheduledAt: string) => isWorkOrderDue({ status: 'pending', executeImmediately: false, scheduledAt }, now);
    expect(at('2030-01-01T10:00:00Z')).toBe(true);
    expect(at('2030-01-01T11:00:00+02:00')).toBe(true);
    expect(at('2030-01-01T10:00:01Z')).toBe(false);
  });

  it('never runs an order that is not pending', () => {
    expect(isWorkOrderDue({ status: 'completed', executeImmediately: true, scheduledAt: null }, now)).toBe(false);
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
    ).toEqual({ productCount: 3, regularPriceUpdates: 2, salePriceUpdates: 3 });
  });
});

describe('caps and store changes', () => {
  it('lets a company have 20 immediate orders waiting and 500 scheduled ones, and says what to do over a cap', () => {
    expect(WORK_ORDER_CAPS).toEqual({ immediate: 20, scheduled: 500 });
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
